//! Reliability's speed (issue 59), part of the store's bench: a player's turns in time and median time to move, read
//! from the move log of a server where 100,000 players have played 1,000,000 turns (50,000 games of two, ten turns
//! each; one turn in ten ran out): one player's figures, as a profile or a lobby's minimum asks them, and fifty
//! players', as a leaderboard page does. Run alone: `cargo bench --bench store reliability`.

use super::databases::{backends, TestDb};
use criterion::Criterion;
use meridian_bot::clock::SystemClock;
use meridian_bot::service::Service;
use std::sync::Arc;

const PLAYERS: i64 = 100_000;
/// Turns each player has played.
const TURNS: i64 = 10;
const GUILD: i64 = 7;
/// Rows a statement writes.
const BATCH: i64 = 1_000;

/// The games and their moves, written directly (the service would take hours of fsyncs): game `g` seats players
/// `2g - 1` and `2g`, who alternate turns a minute and some seconds apart.
async fn fill(svc: &Service) {
    let mut tx = svc.store().write().await.unwrap();
    let games = PLAYERS / 2;
    for from in (1..=games).step_by(BATCH as usize) {
        let rows: Vec<String> = (from..(from + BATCH).min(games + 1))
            .map(|g| format!("({g}, 'meridian', {GUILD}, 1, 1, 'finished', '{{}}', {g}, 0, 0, '{g:032x}')"))
            .collect();
        let sql = format!(
            "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, options, seed, created_at, \
             updated_at, page_token) VALUES {}",
            rows.join(", ")
        );
        meridian_bot::on!(tx, c => sqlx::query(&sql).execute(c).await.unwrap().rows_affected());
    }
    let moves = games * 2 * TURNS;
    for from in (0..moves).step_by(BATCH as usize) {
        let rows: Vec<String> = (from..(from + BATCH).min(moves))
            .map(|k| {
                let (game, seq) = (1 + k / (2 * TURNS), 1 + k % (2 * TURNS));
                let user = 2 * game - 1 + seq % 2;
                let ran_out = if k % 10 == 3 { "TRUE" } else { "FALSE" };
                format!("({game}, {seq}, {}, '{{}}', {}, {user}, {ran_out}, {})", seq % 2, k * 60_000, 1_000 * (k % 97))
            })
            .collect();
        let sql = format!(
            "INSERT INTO moves (game_id, seq, seat, action, played_at, user_id, ran_out, waited_ms) VALUES {}",
            rows.join(", ")
        );
        meridian_bot::on!(tx, c => sqlx::query(&sql).execute(c).await.unwrap().rows_affected());
    }
    // Committed, with the statistics a database grown to this size has (without them PostgreSQL's planner scans
    // every game of the server for each player: 32 ms instead of a fraction of one).
    super::filled_by(svc, tx).await;
}

pub fn reliability(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for backend in backends() {
        let (_db, svc): (TestDb, Service) = rt.block_on(async {
            let db = TestDb::new(backend).await;
            let svc = Service::new(db.open().await, Arc::new(SystemClock), Service::random_seeds());
            fill(&svc).await;
            (db, svc)
        });
        let mut player = 0;
        c.bench_function(&format!("reliability/{}/one_player_of_100k", backend.name()), |b| {
            b.iter(|| {
                player = player % PLAYERS + 7_919;
                let found = rt.block_on(svc.reliability(GUILD, &[1 + player % PLAYERS])).unwrap();
                assert_eq!(found[0].turns, TURNS);
            })
        });
        c.bench_function(&format!("reliability/{}/fifty_players_of_100k", backend.name()), |b| {
            b.iter(|| {
                player = player % PLAYERS + 7_919;
                let fifty: Vec<i64> = (0..50).map(|k| 1 + (player + 1_999 * k) % PLAYERS).collect();
                let found = rt.block_on(svc.reliability(GUILD, &fifty)).unwrap();
                assert!(found.iter().all(|r| r.turns == TURNS));
            })
        });
    }
}
