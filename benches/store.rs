//! Store and service speed on both backends: a real SQLite file (`synchronous=FULL`) and, when
//! `TEST_POSTGRES_URL` names a server, a fresh PostgreSQL database on it. One act (load, lock, check, commit with its
//! outbox; no drawing) in a database of 10,000 games, played round robin across 1,000 of them; moves per second
//! sustained by one process and by two (two stores with their own connection pools, as two processes have, playing
//! disjoint games at once); the turn clock's check among 10,000 running turns; the bytes a finished game takes
//! (SQLite); ratings among 100,000 finished games (`store/ratings.rs`); players' reliability among 100,000
//! (`store/reliability.rs`); tournaments' pairing (`store/tournament.rs`); and choosing a player's next puzzle among
//! 30,000 (`store/puzzles.rs`). Run: `cargo bench --bench store`
//! (`bash .ci/test --bench` starts a PostgreSQL for it).

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::clock::SystemClock;
use meridian_bot::language::Lang;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::{Place, Service, Ticked, User};
use meridian_bot::store::Backend;
use std::sync::Arc;
use std::time::{Duration, Instant};

// The tests' databases; the bench uses part of them.
#[path = "../tests/it/support/databases.rs"]
#[allow(dead_code)]
mod databases;
use databases::{backends, TestDb};

#[path = "store/puzzles.rs"]
mod puzzles;

#[path = "store/ratings.rs"]
mod ratings;

#[path = "store/reliability.rs"]
mod reliability;

#[path = "store/tournament.rs"]
mod tournament;

const GAMES: i64 = 10_000;
/// A time no bench reaches.
const FAR: i64 = i64::MAX / 4;
/// A reminder held during quiet hours.
const HELD: &str = r#"{"type":"reminder","user_id":0,"text":"t"}"#;
const PLAYED: i64 = 1_000;

async fn open(db: &TestDb) -> Service {
    Service::new(db.open().await, Arc::new(SystemClock), Service::random_seeds())
}

/// Fills the database with 10,000 started 3-player games at version 0 (rows written directly, in one
/// transaction: the service would take minutes of fsyncs to do the same). The service rebuilds each from its seed.
async fn fill(svc: &Service) {
    let mut tx = svc.store().write().await.unwrap();
    for id in 1..=GAMES {
        let game = "INSERT INTO games (id, kind, channel_id, host_id, status, options, seed, created_at, updated_at, \
                    page_token) VALUES ($1, 'meridian', 1, 1, 'active', '{}', $1, 0, 0, $2)";
        let token = format!("{id:032x}");
        meridian_bot::on!(tx, c => sqlx::query(game).bind(id).bind(token).execute(c).await.unwrap().rows_affected());
        // 30,000 players, each with every setting of their own (a time zone, warnings, a reminder interval, quiet
        // hours; a digest for the second seat's), and a message held for the third seat's until far off.
        let seats = "INSERT INTO seats (game_id, seat, user_id, name) \
                     VALUES ($1, 0, 3 * $1, 'player0'), ($1, 1, 3 * $1 + 1, 'player1'), ($1, 2, 3 * $1 + 2, 'player2')";
        meridian_bot::on!(tx, c => sqlx::query(seats).bind(id).execute(c).await.unwrap().rows_affected());
        let players = "INSERT INTO players (user_id, dms, reminder_hours, time_zone, warning_hours, quiet_from, \
                       quiet_to, digest_hour, digest_next_at) \
                       VALUES (3 * $1, TRUE, 12, 'Europe/Paris', '24 4 1', 22, 8, NULL, NULL), \
                       (3 * $1 + 1, TRUE, 12, 'Asia/Tokyo', '12 1', 23, 7, 9, $2), \
                       (3 * $1 + 2, FALSE, 6, 'America/New_York', '', 0, 6, NULL, NULL)";
        meridian_bot::on!(tx, c => sqlx::query(players).bind(id).bind(FAR).execute(c).await.unwrap().rows_affected());
        let held = "INSERT INTO held_messages (user_id, game_id, version, effect, held_at, release_at) \
                    VALUES (3 * $1 + 2, $1, 0, $2, 0, $3)";
        meridian_bot::on!(tx, c => sqlx::query(held).bind(id).bind(HELD).bind(FAR).execute(c).await.unwrap().rows_affected());
    }
    filled_by(svc, tx).await;
}

/// Commits `tx`, which wrote games with their ids, and leaves the database as one grown to this size would be.
async fn filled_by(svc: &Service, mut tx: meridian_bot::store::Tx) {
    if tx.backend() == Backend::Postgres {
        // Ids were given: the identity goes on after them.
        let sql = "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))";
        meridian_bot::on!(tx, c => sqlx::query(sql).execute(c).await.unwrap().rows_affected());
    }
    tx.commit().await.unwrap();
    if svc.store().backend() == Backend::Postgres {
        // The statistics PostgreSQL's autovacuum gathers as a database grows to this size; without them its planner
        // scans every seat for the turn clock. (SQLite gathers none unless asked, and the bot does not ask.)
        let mut tx = svc.store().write().await.unwrap();
        meridian_bot::on!(tx, c => sqlx::query("ANALYZE").execute(c).await.unwrap().rows_affected());
        tx.commit().await.unwrap();
    }
}

/// A new database of 10,000 games on `backend`.
async fn filled(backend: Backend) -> (TestDb, Service) {
    let db = TestDb::new(backend).await;
    let svc = open(&db).await;
    fill(&svc).await;
    (db, svc)
}

/// Plays one random legal move in `game`; returns how long the act alone took.
async fn one_move(svc: &Service, game: i64, chooser: &mut Shuffler) -> Duration {
    let table = svc.game(game).await.unwrap();
    let seat = meridian(&table).to_move().expect("games are not played to the end here");
    let user = table.seats()[usize::from(seat)].user_id;
    let legal = meridian(&table).legal_moves();
    let mv = legal[chooser.below(legal.len() as u64) as usize];
    let start = Instant::now();
    svc.act(game, user, table.row().version, &mv, None).await.unwrap();
    start.elapsed()
}

fn act(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for backend in backends() {
        let (db, svc) = rt.block_on(filled(backend));
        let mut chooser = Shuffler::new(1);
        let mut next = 0;
        c.bench_function(&format!("act/{}/10k_games_1k_played", backend.name()), |b| {
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
        // Moves per second sustained, one after another, including loading the game to choose the move: one
        // process, then two at once on disjoint games.
        rt.block_on(async {
            let one = sustained(&[&svc], 2 * PLAYED).await;
            let other = open(&db).await;
            let two = sustained(&[&svc, &other], 2 * PLAYED).await;
            eprintln!("{}: sustained {one:.0} moves/s by one process, {two:.0} by two", backend.name());
        });
    }
}

/// Moves per second when each service plays `moves` moves on its own games at the same time.
async fn sustained(services: &[&Service], moves: i64) -> f64 {
    let start = Instant::now();
    let players = services.iter().enumerate().map(|(i, svc)| async move {
        let mut chooser = Shuffler::new(i as u64 + 7);
        let share = PLAYED / services.len() as i64;
        for m in 0..moves {
            one_move(svc, i as i64 * share + m % share + 1, &mut chooser).await;
        }
    });
    futures_join_all(players).await;
    (moves * services.len() as i64) as f64 / start.elapsed().as_secs_f64()
}

/// Runs futures to completion together on this task.
async fn futures_join_all<F: std::future::Future<Output = ()>>(futures: impl Iterator<Item = F>) {
    let mut set: Vec<std::pin::Pin<Box<F>>> = futures.map(Box::pin).collect();
    std::future::poll_fn(|cx| {
        set.retain_mut(|f| f.as_mut().poll(cx).is_pending());
        match set.is_empty() {
            true => std::task::Poll::Ready(()),
            false => std::task::Poll::Pending,
        }
    })
    .await
}

/// The turn clock's check among 10,000 running turns of 30,000 players with quiet hours (10,000 holding a message,
/// 10,000 with a digest): nothing due, or 100 reminders (or warnings) due at once (each claimed, its game locked and
/// loaded, its message written to the outbox), or 100 players' held messages released (each listing its game), or
/// 100 digests.
fn turn_clock(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for backend in backends() {
        let (_db, svc) = rt.block_on(filled(backend));
        rt.block_on(set_seats(&svc, ">= 1", None));
        c.bench_function(&format!("tick/{}/10k_turns_nothing_due", backend.name()), |b| {
            b.iter(|| rt.block_on(async { assert_eq!(svc.tick().await.unwrap().reminded, 0) }))
        });
        let kinds: [(&str, Option<&str>, Counted); 4] = [
            ("warnings", Some("warn_at"), |t| t.warned),
            ("reminders", Some("remind_at"), |t| t.reminded),
            ("releases", None, |t| t.released),
            ("digests", None, |t| t.digests),
        ];
        for (kind, column, done) in kinds {
            c.bench_function(&format!("tick/{}/100_{kind}_due", backend.name()), |b| {
                b.iter_custom(|iters| {
                    rt.block_on(async {
                        let mut total = Duration::ZERO;
                        for _ in 0..iters {
                            set_seats(&svc, "<= 100", column).await;
                            make_due(&svc, kind).await;
                            let start = Instant::now();
                            assert_eq!(done(&svc.tick().await.unwrap()), 100);
                            total += start.elapsed();
                            set_seats(&svc, "<= 100", None).await;
                        }
                        total
                    })
                })
            });
        }
    }
}

/// Makes the players' alarms of `kind` due for the first 100 games: a message held for the player to move (released
/// listing their game), or the digest of the second seat's player (their turn running too).
async fn make_due(svc: &Service, kind: &str) {
    let statements = match kind {
        "releases" => vec![format!(
            "INSERT INTO held_messages (user_id, game_id, version, effect, held_at, release_at) \
             SELECT 3 * id, id, 0, '{HELD}', 0, 0 FROM games WHERE id <= 100"
        )],
        "digests" => vec![
            "UPDATE players SET digest_next_at = 0 WHERE user_id IN (SELECT 3 * id + 1 FROM games WHERE id <= 100)"
                .into(),
            format!("UPDATE seats SET deadline_at = {FAR} WHERE seat = 1 AND game_id <= 100"),
        ],
        _ => return,
    };
    let mut tx = svc.store().write().await.unwrap();
    for sql in &statements {
        meridian_bot::on!(tx, c => sqlx::query(sql).execute(c).await.unwrap().rows_affected());
    }
    tx.commit().await.unwrap();
}

/// What a tick counts of the alarms a bench makes due.
type Counted = fn(&Ticked) -> usize;

/// Sets the first seat of the games whose id is `games` (`"<= 100"`) to a turn far from running out, with its alarm
/// `due` (a column, or none) due at once and the others far off.
async fn set_seats(svc: &Service, games: &str, due: Option<&str>) {
    let at = |column: &str| if due == Some(column) { 0 } else { FAR };
    let sql = format!(
        "UPDATE seats SET deadline_at = {FAR}, remind_at = {}, warn_at = {} WHERE seat = 0 AND game_id {games}",
        at("remind_at"),
        at("warn_at")
    );
    let mut tx = svc.store().write().await.unwrap();
    meridian_bot::on!(tx, c => sqlx::query(&sql).execute(c).await.unwrap().rows_affected());
    tx.commit().await.unwrap();
}

fn size(c: &mut Criterion) {
    let _ = c;
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let db = TestDb::new(Backend::Sqlite).await;
        let svc = open(&db).await;
        let users: Vec<User> = (1..=3).map(|i| User { id: i, name: format!("player{i}") }).collect();
        let page_bytes = |svc: &Service| {
            let store = svc.store().clone();
            async move {
                let mut tx = store.read().await.unwrap();
                let pragma = |name| format!("PRAGMA {name}");
                let (pages,): (i64,) =
                    meridian_bot::on!(tx, c => sqlx::query_as(&pragma("page_count")).fetch_one(c).await.unwrap());
                let (size,): (i64,) =
                    meridian_bot::on!(tx, c => sqlx::query_as(&pragma("page_size")).fetch_one(c).await.unwrap());
                pages * size
            }
        };
        let before = page_bytes(&svc).await;
        let games = 50;
        let mut chooser = Shuffler::new(2);
        for _ in 0..games {
            let place = Place { guild_id: Some(1), channel_id: 1, lang: Lang::En };
            let id = svc.open_lobby(place, &users[0], Options::default(), &[], &[]).await.unwrap();
            svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
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
    targets = act, turn_clock, size, ratings::ratings, reliability::reliability, tournament::tournament,
        puzzles::puzzles
}
criterion_main!(benches);

/// The game of a table, as Meridian.
fn meridian(table: &meridian_bot::service::Table) -> &meridian_bot::rules::meridian::Meridian {
    table.state().expect("a game of Meridian")
}
