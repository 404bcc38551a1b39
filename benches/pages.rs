//! Game pages served with 10,000 games stored (issue 15), through the page server's router (every layer but the
//! socket: limits, the store, replay, drawing): a game's page, a board picture already drawn and kept, a board
//! picture drawn afresh (a position nobody asked for lately), and what an open page polls. Each request is for
//! another of 1,000 games of 30 moves, from another of 1,000 addresses, so that no count of the limits fills up.
//! On a SQLite file, and on PostgreSQL when `TEST_POSTGRES_URL` names a server.
//! Run: `cargo bench --bench pages`.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::clock::SystemClock;
use meridian_bot::language::Lang;
use meridian_bot::service::game::games::meridian;
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::Backend;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

// The tests' databases and playing helpers; the bench uses part of them.
#[path = "../tests/it/support/databases.rs"]
#[allow(dead_code)]
mod databases;
#[path = "../tests/it/support/playing.rs"]
#[allow(dead_code)]
mod playing;
use databases::{backends, TestDb};

const GAMES: i64 = 10_000;
/// Games the requests go round.
const ASKED: i64 = 1_000;
/// Moves in each game.
const MOVES: i64 = 30;

fn token(game: i64) -> String {
    format!("{game:032x}")
}

/// Game 1 played through the service to move 30, then copied (its row, seats and moves) into 9,999 more, in one
/// transaction: the service would take minutes of fsyncs to do the same.
async fn filled(backend: Backend) -> (TestDb, Arc<Service>) {
    let db = TestDb::new(backend).await;
    let svc = Service::new(db.open().await, Arc::new(SystemClock), Service::random_seeds());
    let (ana, ben) = (User { id: 1, name: "ana".into() }, User { id: 2, name: "ben".into() });
    let place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
    let id = svc.open_lobby(place, &ana, meridian::Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    svc.join(id, &ben).await.unwrap();
    svc.start(id, 1).await.unwrap();
    playing::play_meridian(&svc, id, MOVES).await;
    let mut tx = svc.store().write().await.unwrap();
    let set = "UPDATE games SET page_token = $1 WHERE id = 1";
    meridian_bot::on!(tx, c => sqlx::query(set).bind(token(1)).execute(c).await.unwrap().rows_affected());
    for game in 2..=GAMES {
        let copy = "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, options, seed, version, \
                    snapshot, snapshot_version, created_at, updated_at, page_token) SELECT $1, kind, guild_id, \
                    channel_id, host_id, status, options, seed, version, snapshot, snapshot_version, created_at, \
                    updated_at, $2 FROM games WHERE id = 1";
        meridian_bot::on!(tx, c => sqlx::query(copy).bind(game).bind(token(game)).execute(c).await.unwrap().rows_affected());
        let seats = "INSERT INTO seats (game_id, seat, user_id, name) SELECT $1, seat, user_id, name FROM seats \
                     WHERE game_id = 1";
        meridian_bot::on!(tx, c => sqlx::query(seats).bind(game).execute(c).await.unwrap().rows_affected());
        let moves = "INSERT INTO moves (game_id, seq, seat, action, played_at) SELECT $1, seq, seat, action, \
                     played_at FROM moves WHERE game_id = 1";
        meridian_bot::on!(tx, c => sqlx::query(moves).bind(game).execute(c).await.unwrap().rows_affected());
    }
    if tx.backend() == Backend::Postgres {
        let sql = "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))";
        meridian_bot::on!(tx, c => sqlx::query(sql).execute(c).await.unwrap().rows_affected());
    }
    tx.commit().await.unwrap();
    if backend == Backend::Postgres {
        // What autovacuum gathers as a database grows to this size.
        let mut tx = svc.store().write().await.unwrap();
        meridian_bot::on!(tx, c => sqlx::query("ANALYZE").execute(c).await.unwrap().rows_affected());
        tx.commit().await.unwrap();
    }
    (db, Arc::new(svc))
}

/// Asks the router for `path` from the `n`th of 1,000 addresses; the answer must be a 200 with a body.
async fn ask(router: &axum::Router, path: &str, n: i64) {
    let from = SocketAddr::from(([10, 0, (n / 256 % 4) as u8, (n % 256) as u8], 40_000));
    let mut request = Request::builder().uri(path).body(Body::empty()).unwrap();
    request.extensions_mut().insert(meridian_bot::web::Peer(from));
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    assert!(!body.is_empty());
}

fn pages(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for backend in backends() {
        let (_db, svc) = rt.block_on(filled(backend));
        let router = meridian_bot::web::router(svc, Default::default());
        let name = backend.name();
        let mut n = 0;
        // The request for the `n`th time round: another game each time, spread over the 10,000.
        let game = |n: i64| 1 + (n * 7) % ASKED * (GAMES / ASKED);
        let mut bench = |what: &str, path: &dyn Fn(i64) -> String| {
            c.bench_function(&format!("pages/{name}/{what}"), |b| {
                b.iter(|| {
                    n += 1;
                    rt.block_on(ask(&router, &path(n), n % ASKED));
                })
            });
        };
        bench("page", &|n| format!("/g/{}", token(game(n))));
        bench("version", &|n| format!("/g/{}/version.json", token(game(n))));
        // Kept: 10 positions, asked again and again (the first asks draw them).
        bench("board_kept", &|n| format!("/g/{}/board/{}", token(game(n % 10)), n % 10));
        // Drawn: more positions than are kept ([`PICTURE_BYTES_KEPT`]), asked in turn, so each is drawn afresh.
        bench("board_drawn", &|n| format!("/g/{}/board/{}", token(game(n)), n % (MOVES + 1)));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(5));
    targets = pages
}
criterion_main!(benches);
