//! Delivery capacity: the real bot against the fake Discord (rate limiter off, nothing else to do), with a board to
//! post in each of 300 games; how many boards a second it posts, picture drawn and PNG encoded each time. Three runs;
//! prints the median and the range. Run: `cargo bench --bench delivery`.
//!
//! Discord itself allows about 50 requests a second, so this is headroom, not a speed to reach on Discord.

// The tests' fake Discord, held to Discord's API description; the bench uses part of it.
#[path = "../tests/it/support/discord_api.rs"]
#[allow(dead_code)]
mod discord_api;
#[path = "../tests/it/support/fake_discord.rs"]
#[allow(dead_code)]
mod fake_discord;

use fake_discord::Fake;
use meridian_bot::clock::SystemClock;
use meridian_bot::language::Lang;
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::Store;
use std::sync::Arc;
use std::time::Instant;

const GAMES: usize = 300;
const RUNS: usize = 3;

/// A database of `GAMES` started games whose only effect left to deliver is their first board.
async fn fill(dir: &std::path::Path) {
    let store = Store::open(&format!("sqlite://{}", dir.join("games.db").display())).await.unwrap();
    let svc = Service::new(store, Arc::new(SystemClock), Service::random_seeds());
    for g in 0..GAMES as i64 {
        let place = Place { guild_id: Some(fake_discord::GUILD_ID as i64), channel_id: 1_000 + g, lang: Lang::En };
        let host = User { id: 10_000 + 2 * g, name: format!("p{g}a") };
        let id = svc.open_lobby(place, &host, Options::default(), &[], &[]).await.unwrap();
        svc.set_thread(id, 100_000 + g, 200_000 + g).await.unwrap();
        svc.join(id, &User { id: 10_001 + 2 * g, name: format!("p{g}b") }).await.unwrap();
        svc.start(id, host.id).await.unwrap();
    }
    let mut tx = svc.store().write().await.unwrap();
    let sql = "UPDATE outbox SET delivered_at = 0 WHERE effect NOT LIKE '{\"type\":\"board\"%'";
    meridian_bot::on!(tx, c => sqlx::query(sql).execute(c).await.unwrap().rows_affected());
    tx.commit().await.unwrap();
    svc.store().close().await;
}

/// Boards posted per second, from the bot's connection to the last board.
async fn run() -> f64 {
    let dir = tempfile::tempdir().unwrap();
    fill(dir.path()).await;
    let fake = Fake::start().await;
    let _bot = fake.bot_command(dir.path()).env("RUST_LOG", "warn").spawn().unwrap();
    fake.connected(1).await;
    let start = Instant::now();
    fake.wait(120, "every board", |s| {
        let boards = s.messages.iter().filter(|m| m.files.iter().any(|f| f.name == "board.png")).count();
        (boards >= GAMES).then_some(())
    })
    .await;
    GAMES as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut rates: Vec<f64> = (0..RUNS).map(|_| rt.block_on(run())).collect();
    rates.sort_by(f64::total_cmp);
    println!(
        "boards posted per second ({GAMES} games, {RUNS} runs): median {:.0}, range {:.0} to {:.0}",
        rates[RUNS / 2],
        rates[0],
        rates[RUNS - 1]
    );
}
