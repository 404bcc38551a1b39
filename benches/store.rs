//! Store and service speed on a real SQLite file (`synchronous=FULL`): one act (load, check, commit with its
//! outbox; no drawing) in a database of 10,000 games, played round robin across 1,000 of them; the turn clock's
//! check among 10,000 running turns; and the bytes a finished game takes. Run: `cargo bench --bench store`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::clock::SystemClock;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::meridian::Options;
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::Store;
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: i64 = 10_000;
const PLAYED: i64 = 1_000;

async fn open(path: &std::path::Path) -> Service {
    let store = Store::open(&format!("sqlite://{}", path.display())).await.unwrap();
    Service::new(store, Arc::new(SystemClock), Service::random_seeds())
}

/// Fills the database with 10,000 started 3-player games at version 0 (rows written directly, in one
/// transaction: the service would take minutes of fsyncs to do the same). The service rebuilds each from its seed.
async fn fill(svc: &Service) {
    let mut tx = svc.store().write().await.unwrap();
    for id in 1..=GAMES {
        sqlx::query(
            "INSERT INTO games (id, kind, channel_id, host_id, status, options, seed, created_at, updated_at) \
             VALUES ($1, 'meridian', 1, 1, 'active', '{}', $1, 0, 0)",
        )
        .bind(id)
        .execute(&mut *tx)
        .await
        .unwrap();
        for seat in 0..3i64 {
            sqlx::query("INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(seat)
                .bind(seat + 1)
                .bind(format!("player{seat}"))
                .execute(&mut *tx)
                .await
                .unwrap();
        }
    }
    tx.commit().await.unwrap();
}

/// A new database of 10,000 games, in a folder deleted when dropped.
async fn filled() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = open(&dir.path().join("bench.db")).await;
    fill(&svc).await;
    (dir, svc)
}

/// Plays one random legal move in `game`; returns how long the act alone took.
async fn one_move(svc: &Service, game: i64, chooser: &mut Shuffler) -> Duration {
    let table = svc.game(game).await.unwrap();
    let seat = meridian(&table).to_move().expect("games are not played to the end here");
    let user = table.seats[usize::from(seat)].user_id;
    let legal = meridian(&table).legal_moves();
    let mv = legal[chooser.below(legal.len() as u64) as usize];
    let start = Instant::now();
    svc.act(game, user, table.row.version, &mv, None).await.unwrap();
    start.elapsed()
}

fn act(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_dir, svc) = rt.block_on(filled());
    let mut chooser = Shuffler::new(1);
    let mut next = 0;
    c.bench_function("act/10k_games_1k_played", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    next = next % PLAYED + 1;
                    total += one_move(&svc, next, &mut chooser).await;
                }
                total
            })
        })
    });
    // Moves per second sustained, one after another, including loading the game to choose the move.
    rt.block_on(async {
        let start = Instant::now();
        let moves = 2 * PLAYED;
        for i in 0..moves {
            one_move(&svc, i % PLAYED + 1, &mut chooser).await;
        }
        eprintln!("sustained: {:.0} moves/s over {PLAYED} games", moves as f64 / start.elapsed().as_secs_f64());
    });
}

/// The turn clock's check, run every few seconds by the bot: with 10,000 running turns and nothing due, and with
/// 100 reminders due at once (each loads its game and writes its reminder to the outbox).
fn turn_clock(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (_dir, svc) = rt.block_on(filled());
    let far = (i64::MAX / 4).to_string();
    let due_in = |games: &str, at: &str| {
        let sql = format!("UPDATE games SET deadline_at = {far}, remind_at = {at} WHERE id {games}");
        let store = svc.store().clone();
        async move {
            let mut tx = store.write().await.unwrap();
            sqlx::query(&sql).execute(&mut *tx).await.unwrap();
            tx.commit().await.unwrap();
        }
    };
    rt.block_on(due_in(">= 1", &far));
    c.bench_function("tick/10k_turns_nothing_due", |b| {
        b.iter(|| rt.block_on(async { assert_eq!(svc.tick().await.unwrap().reminded, 0) }))
    });
    c.bench_function("tick/100_reminders_due", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    due_in("<= 100", "0").await;
                    let start = Instant::now();
                    assert_eq!(svc.tick().await.unwrap().reminded, 100);
                    total += start.elapsed();
                    due_in("<= 100", &far).await;
                }
                total
            })
        })
    });
}

fn size(c: &mut Criterion) {
    let _ = c;
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("size.db");
    rt.block_on(async {
        let svc = open(&path).await;
        let users: Vec<User> = (1..=3).map(|i| User { id: i, name: format!("player{i}") }).collect();
        let page_bytes = |svc: &Service| {
            let store = svc.store().clone();
            async move {
                let mut tx = store.read().await.unwrap();
                let (pages,): (i64,) = sqlx::query_as("PRAGMA page_count").fetch_one(&mut *tx).await.unwrap();
                let (size,): (i64,) = sqlx::query_as("PRAGMA page_size").fetch_one(&mut *tx).await.unwrap();
                pages * size
            }
        };
        let before = page_bytes(&svc).await;
        let games = 50;
        let mut chooser = Shuffler::new(2);
        for _ in 0..games {
            let place = Place { guild_id: Some(1), channel_id: 1 };
            let id = svc.open_lobby(place, &users[0], Options::default(), &[]).await.unwrap();
            svc.join(id, &users[1]).await.unwrap();
            svc.join(id, &users[2]).await.unwrap();
            svc.start(id, 1).await.unwrap();
            while meridian(&svc.game(id).await.unwrap()).to_move().is_some() {
                one_move(&svc, id, &mut chooser).await;
            }
        }
        let after = page_bytes(&svc).await;
        eprintln!(
            "finished 3-player game: {} bytes in the database (moves, snapshot, outbox)",
            (after - before) / games
        );
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(10));
    targets = act, turn_clock, size
}
criterion_main!(benches);

/// The game of a table, as Meridian.
fn meridian(table: &meridian_bot::service::Table) -> &meridian_bot::rules::meridian::Meridian {
    table.state().expect("a game of Meridian")
}
