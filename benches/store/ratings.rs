//! Ratings' speed (issue 28), part of the store's bench: what rating a game adds to the transaction that finishes
//! it, a leaderboard among 100,000 finished games (all time, and the last 30 days, rated from scratch), and
//! `rerate` of all 100,000. Run alone: `cargo bench --bench store ratings`.

use super::databases::{backends, TestDb};
use criterion::Criterion;
use meridian_bot::clock::SystemClock;
use meridian_bot::ratings::{Ledger, Rated};
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::game::Kind;
use meridian_bot::service::ratings::{Period, LEADERBOARD_TOP};
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::ratings::{latests, record_all, Latest, Placing, RatedRow};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: i64 = 100_000;
/// Players on the server, each game drawing two to four of them.
const PLAYERS: u64 = 500;
const GUILD: i64 = 7;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// Now, in milliseconds: games finish over the year before it, evenly.
fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// 100,000 finished Meridian games on one server with their rated rows, folded as the bot rates them (rows written
/// directly in one transaction: finishing them through the service would take hours of fsyncs).
async fn fill(svc: &Service) {
    let kind = Kind::named("meridian").unwrap();
    let (model, _) = kind.rating();
    let mut ledger = Ledger::default();
    let (mut rows, mut last) = (Vec::new(), HashMap::new());
    let now = now();
    let mut tx = svc.store().write().await.unwrap();
    let mut draw = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |below: u64| {
        draw ^= draw << 13;
        draw ^= draw >> 7;
        draw ^= draw << 17;
        draw % below
    };
    for id in 1..=GAMES {
        let finished_at = now - 365 * DAY_MS + id * (365 * DAY_MS / GAMES);
        let game = "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, options, seed, created_at, \
                    updated_at, page_token) VALUES ($1, 'meridian', $2, 1, 1, 'finished', '{}', $1, $3, $3, $4)";
        meridian_bot::on!(tx, c => sqlx::query(game)
            .bind(id)
            .bind(GUILD)
            .bind(finished_at)
            .bind(format!("{id:032x}"))
            .execute(c)
            .await
            .unwrap()
            .rows_affected());
        let seats = 2 + next(3) as usize;
        let mut players: Vec<Rated> = Vec::with_capacity(seats);
        while players.len() < seats {
            let who = Rated::Person(1 + next(PLAYERS) as i64);
            if !players.contains(&who) {
                players.push(who);
            }
        }
        let placed: Vec<(Rated, u8)> = players.iter().enumerate().map(|(i, &who)| (who, u8::from(i > 0))).collect();
        for (seat, ((who, place), (before, after))) in placed.iter().zip(ledger.play(model, &placed)).enumerate() {
            let seat = Placing {
                game_id: id,
                seat: seat as i64,
                player: who.key(),
                name: format!("player {}", who.key()),
                place: i64::from(*place),
                position: id,
                finished_at,
            };
            let row = RatedRow::new(GUILD, kind.name(), &seat, &before, &after);
            let latest = Latest { player: seat.player, name: seat.name, rating: after, shown: after.shown(model) };
            last.insert(*who, latest);
            rows.push(row);
        }
    }
    record_all(&mut tx, &rows).await.unwrap();
    latests(&mut tx, GUILD, kind.name(), &last.into_values().collect::<Vec<_>>()).await.unwrap();
    super::filled_by(svc, tx).await;
}

/// A finished two-player game, through the service, to rate again and again.
async fn finished_game(svc: &Service) -> i64 {
    let place = Place { guild_id: Some(GUILD), channel_id: 2, lang: Default::default() };
    let (ana, ben) = (User { id: 1, name: "ana".into() }, User { id: 2, name: "ben".into() });
    let id = svc.open_lobby(place, &ana, Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000_000 + id, 20_000_000 + id).await.unwrap();
    svc.join(id, &ben).await.unwrap();
    svc.start(id, 1).await.unwrap();
    svc.resign(id, 2).await.unwrap();
    id
}

pub fn ratings(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let kind = Kind::named("meridian").unwrap();
    for backend in backends() {
        let (_db, svc) = rt.block_on(async {
            let db = TestDb::new(backend).await;
            let svc = Service::new(db.open().await, Arc::new(SystemClock), Service::random_seeds());
            fill(&svc).await;
            (db, svc)
        });
        let name = backend.name();
        // What finishing adds: the rating of a finished game in its write transaction, timed alone (its own rated
        // rows removed first and everything rolled back, so that every round rates the same game from the same
        // ratings).
        let game = rt.block_on(finished_game(&svc));
        let table = rt.block_on(svc.game(game)).unwrap();
        c.bench_function(&format!("ratings/{name}/rate_a_finishing_game_among_100k"), |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let mut tx = svc.store().write().await.unwrap();
                        let forget = "DELETE FROM rated WHERE game_id = $1";
                        meridian_bot::on!(tx, c => sqlx::query(forget).bind(game).execute(c).await.unwrap().rows_affected());
                        let start = Instant::now();
                        let changes = svc.rate(&mut tx, &table, now()).await.unwrap();
                        total += start.elapsed();
                        assert_eq!(changes.len(), 2);
                        tx.rollback().await.unwrap();
                    }
                    total
                })
            })
        });
        let caller = Some(Rated::Person(PLAYERS as i64));
        for (label, period) in [("all_time", Period::AllTime), ("30_days", Period::Days(30))] {
            c.bench_function(&format!("ratings/{name}/leaderboard_{label}_among_100k"), |b| {
                b.iter(|| {
                    rt.block_on(async {
                        let board = svc.leaderboard(Some(GUILD), kind, period, LEADERBOARD_TOP, caller).await.unwrap();
                        assert_eq!(board.top.len(), LEADERBOARD_TOP);
                    })
                })
            });
        }
        let mut group = c.benchmark_group(format!("ratings/{name}"));
        group.sample_size(10).measurement_time(Duration::from_secs(60));
        group.bench_function("rerate_100k_games", |b| {
            b.iter(|| rt.block_on(async { assert_eq!(svc.rerate().await.unwrap(), GAMES as usize + 1) }))
        });
        group.finish();
    }
}
