//! The real bot binary against the fake Discord: `/meridian start computer:1 level:easy` starts a game of a person and
//! a computer at once; the computer plays each of its turns by itself (posted in the thread under its name, never
//! written to or mentioned), through a restart of the bot in the middle, to the end.

mod fake_discord;

use fake_discord::*;
use meridian_bot::clock::SystemClock;
use meridian_bot::rules::meridian::{Meridian, Record};
use meridian_bot::service::{Service, Table};
use meridian_bot::store::{Status, Store};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

const CHANNEL: u64 = 100;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };

async fn referee(dir: &Path) -> Service {
    let store = Store::open(&format!("sqlite://{}", dir.join("games.db").display())).await.unwrap();
    Service::new(store, Arc::new(SystemClock), Service::random_seeds())
}

fn opt(name: &str, kind: u8, value: Value) -> Value {
    json!({"name": name, "type": kind, "value": value})
}

fn meridian(table: &Table) -> &Meridian {
    table.state().expect("a game of Meridian")
}

/// Waits (up to 30 s) for game 1 to move past `version` or end.
async fn moved_past(referee: &Service, version: i64) -> Table {
    let since = Instant::now();
    loop {
        let table = referee.game(1).await.unwrap();
        if table.row.version > version || table.row.status != Status::Active {
            return table;
        }
        assert!(since.elapsed() < Duration::from_secs(30), "the computer did not move from version {version}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_plays_a_whole_game_of_meridian_on_discord_with_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let clock = TestClock::new(dir.path(), 1_700_000_000_000);
    let mut child = fake.launch_on(dir.path(), &clock);
    fake.connected(1).await;
    fake.register_user(ANA);
    // `level` is a choice: easy is its first.
    let start = json!([opt("computer", 4, json!(1)), opt("level", 4, json!(0))]);
    let lobby = fake.answer(fake.slash_under("meridian", CHANNEL, ANA, "start", start)).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    let on = fake
        .wait(15, "the lobby saying the game is on", |s| {
            s.message(lobby.id).filter(|m| m.content.contains("The game is on")).map(|m| m.content.clone())
        })
        .await;
    // Seated in turn order, drawn at random.
    let seated = ["**Meridian #1**: ana, Computer (easy).", "**Meridian #1**: Computer (easy), ana."];
    assert!(seated.iter().any(|s| on.starts_with(s)), "{on}");
    assert_eq!(fake.state().message(lobby.id).unwrap().components, json!([]), "no Join or Start once it is on");
    let referee = referee(dir.path()).await;

    let (mut by_ana, mut by_computer, mut restarted) = (0, 0, false);
    let mut table = referee.game(1).await.unwrap();
    while table.row.status == Status::Active {
        if by_ana == 10 && !restarted {
            child.kill().await.unwrap();
            child = fake.launch_on(dir.path(), &clock);
            fake.connected(2).await;
            restarted = true;
        }
        let seat = table.due().iter().next().unwrap();
        let version = table.row.version;
        if table.computer(seat).is_none() {
            let card = meridian(&table).players()[usize::from(seat)].face_up[0].to_string();
            let pass = fake.slash_under("meridian", thread, ANA, "pass", json!([opt("card", 3, json!(card))]));
            let answer = fake.answer(pass).await;
            assert!(answer.content.starts_with("Done: "), "{}", answer.content);
            by_ana += 1;
        } else {
            by_computer += 1;
        }
        table = moved_past(&referee, version).await;
        assert_eq!(table.row.version, version + 1);
    }
    assert_eq!((by_ana, by_computer), (26, 26));
    assert_eq!(table.row.status, Status::Finished);
    let result = fake
        .wait(20, "the final scores", |s| {
            s.posts(thread).iter().find(|m| m.content.starts_with("Final scores")).map(|m| m.content.clone())
        })
        .await;

    // The record replays to the game played; the computer's moves are in the thread under its name.
    let export = fake.answer(fake.slash_under("meridian", thread, ANA, "export", json!([]))).await;
    let record: Record = serde_json::from_slice(&export.files[0].2).unwrap();
    let game = record.replay().unwrap();
    assert_eq!(&game, meridian(&table));
    let mut players = record.players.clone();
    players.sort();
    assert_eq!(players, ["Computer (easy)", "ana"]);
    let winners: Vec<&str> = game.leaders().iter().map(|s| record.players[usize::from(s)].as_str()).collect();
    assert!(result.ends_with(&format!("Winner: {}.", winners.join(" and "))), "{result}");
    let state = fake.state();
    let posts = state.posts(thread);
    let computer_moves = posts.iter().filter(|m| m.content.starts_with("Computer (easy) ")).count();
    assert_eq!(computer_moves, 26, "{:#?}", posts.iter().map(|m| &m.content).collect::<Vec<_>>());
    // Only ana is ever written to or pinged.
    assert_eq!(state.dm_channels.keys().copied().collect::<Vec<_>>(), [ANA.id]);
    for m in &state.messages {
        assert!(m.pings.iter().all(|p| *p == format!("user:{}", ANA.id)), "{:?}: {}", m.pings, m.content);
    }
    assert!(state.violations.is_empty(), "{:?}", state.violations);
    drop(state);
    drop(child);
}
