//! A bounded load test of the real bot against the fake Discord: 100 games played at once, measuring for every
//! interaction the time from the fake sending it to the bot's first answer (Discord's 3-second clock) and to the
//! answer with its content. Prints medians and 99th percentiles, for the bot as it runs bare and with the operator's
//! endpoints on (`OPS_ADDR`: every interaction, delivery and drawing then recorded for the metrics), and bare while
//! the bot analyses finished games on its thinking cores (issue 50: analyses must not slow the answers). Run:
//! `cargo bench --bench discord_load`.

// The tests' fake Discord, held to Discord's API description; the bench uses part of it.
#[path = "../tests/it/support/discord_api.rs"]
#[allow(dead_code)]
mod discord_api;
#[path = "../tests/it/support/fake_discord.rs"]
#[allow(dead_code)]
mod fake_discord;

use fake_discord::{Fake, FakeUser};
use meridian_bot::ai::{Level, Player};
use meridian_bot::language::Lang;
use meridian_bot::rules::meridian::Meridian;
use meridian_bot::service::analysis::judge::Analysed;
use meridian_bot::service::game::games::meridian;
use meridian_bot::service::{Place, Service, User};
use serde_json::json;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

const GAMES: u64 = 100;
const MOVES: usize = 4;
/// Finished games whose analyses wait when the bot starts, in the round that measures answers while it analyses:
/// Meridian for two takes 1.6 s a game (`cargo bench --bench ai -- analysis`), so the thinking cores are busy all
/// through the load.
const ANALYSED: i64 = 40;

/// Tells one kind of interaction.
type Kind = fn(&fake_discord::Interaction) -> bool;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn report(what: &str, mut samples: Vec<Duration>) {
    samples.sort();
    println!(
        "{what}: n={} median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        samples.len(),
        percentile(&samples, 0.5).as_secs_f64() * 1e3,
        percentile(&samples, 0.99).as_secs_f64() * 1e3,
        samples.last().unwrap().as_secs_f64() * 1e3
    );
}

/// Plays `MOVES` passes in game `g` (its channel is 1000 + g), each after asking autocomplete for a card.
async fn play(fake: Arc<Fake>, g: u64, players: [FakeUser; 2]) {
    let channel = 1000 + g;
    let thread = fake.wait(60, "a thread", |s| s.threads.iter().find(|(_, &p)| p == channel).map(|(&t, _)| t)).await;
    fake.accept_invitation(thread, &players[1..]).await;
    for done in 1..=MOVES {
        let user = fake
            .wait(60, "a turn", |s| {
                let posts = s.posts(thread);
                let last = posts.last().filter(|_| posts.len() > done)?;
                players.into_iter().find(|u| last.content.ends_with(&format!("<@{}>", u.id)))
            })
            .await;
        let focused = json!([{"name": "card", "type": 3, "value": "", "focused": true}]);
        let cards = fake.autocomplete(thread, user, "pass", focused).await;
        let card = cards[0].1.clone();
        let pass = fake.slash(thread, user, "pass", json!([{"name": "card", "type": 3, "value": card}]));
        fake.answer(pass).await;
    }
}

fn main() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let rounds = [
        ("bare", None, 0),
        ("with OPS_ADDR (metrics recorded)", Some("127.0.0.1:0"), 0),
        ("bare, analysing finished games", None, ANALYSED),
    ];
    for (round, ops, finished) in rounds {
        println!("{round}:");
        rt.block_on(load(ops, finished));
    }
}

/// Plays [`GAMES`] games at once against a bot started with `ops` as its `OPS_ADDR`, `finished` games waiting for
/// their analyses, and reports the latencies.
async fn load(ops: Option<&str>, finished: i64) {
    let dir = tempfile::tempdir().unwrap();
    let waiting = finished_games(dir.path(), finished).await;
    let fake = Arc::new(Fake::start().await);
    let mut command = fake.bot_command(dir.path());
    command.env("RUST_LOG", "warn");
    if let Some(addr) = ops {
        command.env("OPS_ADDR", addr);
    }
    let _bot = command.spawn().unwrap();
    fake.connected(1).await;
    let names: Vec<&'static str> = (0..2 * GAMES).map(|i| &*Box::leak(format!("p{i}").into_boxed_str())).collect();
    let mut tasks = Vec::new();
    for g in 0..GAMES {
        let players = [
            FakeUser { id: 10_000 + 2 * g, name: names[2 * g as usize] },
            FakeUser { id: 10_001 + 2 * g, name: names[2 * g as usize + 1] },
        ];
        fake.register_user(players[1]);
        let option = json!([{"name": "player2", "type": 6, "value": players[1].id.to_string()}]);
        fake.slash(1000 + g, players[0], "start", option);
        tasks.push(tokio::spawn(play(fake.clone(), g, players)));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let analysed = match waiting {
        Some((svc, ids)) => {
            let mut done = 0;
            for id in ids {
                done += usize::from(matches!(svc.analysis(id).await.unwrap(), Analysed::Done(_)));
            }
            Some(done)
        }
        None => None,
    };
    let s = fake.state();
    let all: Vec<_> = s.interactions.values().filter(|i| i.sent.is_some()).collect();
    let first: Vec<Duration> = all.iter().filter_map(|i| Some(i.first_answer? - i.sent?)).collect();
    let done: Vec<Duration> = all.iter().filter_map(|i| Some(i.done? - i.sent?)).collect();
    report("interaction received → first answer", first);
    report("interaction received → answer with content", done);
    // The same, by kind: where the tail comes from.
    let kinds: [(&str, Kind); 3] = [
        ("clicks", |i| i.clicked.is_some()),
        ("autocomplete", |i| i.answers.contains(&8)),
        ("commands", |i| i.clicked.is_none() && !i.answers.contains(&8)),
    ];
    for (kind, of_kind) in kinds {
        let done: Vec<Duration> = all.iter().filter(|i| of_kind(i)).filter_map(|i| Some(i.done? - i.sent?)).collect();
        report(&format!("  {kind}: answer with content"), done);
    }
    if let Some(analysed) = analysed {
        println!("  finished games analysed by the end of the load: {analysed} of {finished}");
    }
}

/// `count` finished games of Meridian for two (a person and an `easy` computer, both played as `easy` plays) stored
/// where the bot will look, their analyses queued and nothing left to deliver; the service that stored them, to see
/// later which were analysed, and their ids (`None` when there are none).
async fn finished_games(dir: &Path, count: i64) -> Option<(Service, Vec<i64>)> {
    if count == 0 {
        return None;
    }
    let store =
        meridian_bot::store::Store::open(&format!("sqlite://{}", dir.join("games.db").display())).await.unwrap();
    let seeds = std::sync::atomic::AtomicU64::new(1);
    let seeds = move || seeds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let svc = Service::new(store, Arc::new(meridian_bot::clock::SystemClock), Arc::new(seeds));
    let mut ids = Vec::new();
    for g in 0..count {
        let place = Place { guild_id: Some(fake_discord::GUILD_ID as i64), channel_id: 50_000 + g, lang: Lang::En };
        let host = User { id: 60_000 + g, name: format!("h{g}") };
        let id = svc.open_lobby(place, &host, meridian::Options::default(), &[], &[Level::Easy]).await.unwrap();
        svc.set_thread(id, 70_000 + g, 80_000 + g).await.unwrap();
        ids.push(id);
        loop {
            let table = svc.game(id).await.unwrap();
            let Some(seat) = table.due().iter().next() else { break };
            if table.computer(seat).is_some() {
                svc.tick().await.unwrap();
                continue;
            }
            let game: &Meridian = table.state().unwrap();
            let version = table.row().version;
            let chosen = Player::Computer(Level::Easy).choose(game, seat, version as u64).unwrap();
            svc.act(id, host.id, version, &chosen, None).await.unwrap();
        }
    }
    loop {
        let batch = svc.pending(100).await.unwrap();
        if batch.is_empty() {
            return Some((svc, ids));
        }
        for p in batch {
            svc.delivered(p.outbox_id).await.unwrap();
        }
    }
}
