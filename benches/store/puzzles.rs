//! Choosing a player's next puzzle (issue 64), part of the store's bench: among 10,000 analysed games of one server
//! (two players each, three puzzles each: 30,000 puzzles; 200 players, each in 100 games and the mover of 150
//! puzzles), for a player who has answered 140 of theirs (100 solved, 40 failed and not due back) and for one who has
//! answered them all; among their own and among the server's. Target: under 10 ms. Run alone: `cargo bench --bench
//! store puzzles`.

use super::databases::{backends, TestDb};
use criterion::Criterion;
use meridian_bot::clock::{Clock, SystemClock};
use meridian_bot::service::game::Kind;
use meridian_bot::service::puzzle::{Among, Next};
use meridian_bot::service::Service;

const GAMES: i64 = 10_000;
const PLAYERS: i64 = 200;
const GUILD: i64 = 7;
/// The moves of each game that are puzzles.
const PUZZLES: [i64; 3] = [5, 11, 17];
/// Rows a statement writes.
const BATCH: i64 = 1_000;

/// Game `g`'s two players.
fn players(g: i64) -> [i64; 2] {
    [1 + g % PLAYERS, 1 + (g + 1) % PLAYERS]
}

/// Rows written by batches of [`BATCH`]: `row(k)` for `k` in `0..count`, into `insert` (`… VALUES`).
async fn insert(tx: &mut meridian_bot::store::Tx, insert: &str, count: i64, row: impl Fn(i64) -> Option<String>) {
    for from in (0..count).step_by(BATCH as usize) {
        let rows: Vec<String> = (from..(from + BATCH).min(count)).filter_map(&row).collect();
        if !rows.is_empty() {
            let sql = format!("{insert} {}", rows.join(", "));
            meridian_bot::on!(tx, c => sqlx::query(&sql).execute(c).await.unwrap().rows_affected());
        }
    }
}

/// The games, their seats and puzzles, written directly; player 1 has answered 140 of their puzzles, player 2 all.
async fn fill(svc: &Service, now: i64) {
    let mut tx = svc.store().write().await.unwrap();
    let game = |g: i64| Some(format!("({g}, 'meridian', {GUILD}, 1, 1, 'finished', '{{}}', {g}, 0, 0, '{g:032x}')"));
    let games = "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, options, seed, created_at, \
                 updated_at, page_token) VALUES";
    insert(&mut tx, games, GAMES, |k| game(k + 1)).await;
    let seat = |k: i64| Some(format!("({}, {}, {}, 'p')", 1 + k / 2, k % 2, players(1 + k / 2)[(k % 2) as usize]));
    insert(&mut tx, "INSERT INTO seats (game_id, seat, user_id, name) VALUES", 2 * GAMES, seat).await;
    let puzzle = |k: i64| {
        let (g, seq) = (1 + k / 3, PUZZLES[(k % 3) as usize]);
        Some(format!("({g}, {seq}, {}, {}, '[]', 0)", seq % 2, players(g)[(seq % 2) as usize]))
    };
    let puzzles = "INSERT INTO puzzles (game_id, seq, seat, user_id, choices, played) VALUES";
    insert(&mut tx, puzzles, 3 * GAMES, puzzle).await;
    // Each player's puzzles, newest first, as the choice goes.
    let own = |user: i64| -> Vec<(i64, i64)> {
        let all = (1..=GAMES).rev().flat_map(|g| PUZZLES.map(|seq| (g, seq)));
        all.filter(|&(g, seq)| players(g)[(seq % 2) as usize] == user).collect()
    };
    let (first, second) = (own(1), own(2));
    let answer = |(user, (g, seq), solved): (i64, (i64, i64), bool)| format!("({user}, {g}, {seq}, {now}, {solved})");
    let answers: Vec<String> = (first.iter().take(140).enumerate().map(|(k, &p)| (1, p, k < 100)))
        .chain(second.iter().map(|&p| (2, p, true)))
        .map(answer)
        .collect();
    let values = "INSERT INTO puzzle_answers (user_id, game_id, seq, answered_at, solved) VALUES";
    insert(&mut tx, values, answers.len() as i64, |k| Some(answers[k as usize].clone())).await;
    super::filled_by(svc, tx).await;
}

pub fn puzzles(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    for backend in backends() {
        let db = rt.block_on(TestDb::new(backend));
        let svc = rt.block_on(super::open(&db));
        rt.block_on(fill(&svc, SystemClock.now_ms()));
        let cases = [
            ("own_140_answered", 1, Among::Own(Some(GUILD))),
            ("own_all_answered", 2, Among::Own(Some(GUILD))),
            ("server_140_answered", 1, Among::Server(GUILD)),
        ];
        for (name, user, among) in cases {
            let next = rt.block_on(svc.next_puzzle(user, Kind::Meridian, among)).unwrap();
            assert_eq!(matches!(next, Next::Puzzle(..)), user == 1 || matches!(among, Among::Server(_)), "{name}");
            c.bench_function(&format!("puzzles/{}/{name}_of_30k", backend.name()), |b| {
                b.iter(|| rt.block_on(svc.next_puzzle(user, Kind::Meridian, among)).unwrap())
            });
        }
    }
}
