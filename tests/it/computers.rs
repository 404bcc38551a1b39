//! Computer seats through the service on real databases: a lobby of a person and a computer starts at once, the
//! computer plays every turn it is due through the turn clock, a restart loses nothing, it is never written to or
//! mentioned; handing a seat to a computer, who may, and which seats cannot be taken. `demo` and `arena` through the
//! binary. And [`on_discord`]: the real bot binary against the fake Discord, a whole game with a computer.

use meridian_bot::ai::Level;
use meridian_bot::language::Lang;
use meridian_bot::rules::meridian::Meridian;
use meridian_bot::rules::Game;
use meridian_bot::rules::SeatSet;
use meridian_bot::service::game::games::{dragon_delta, meridian};
use meridian_bot::service::{run_computers, Place, Service, ServiceError, Target, Ticked, User, Wake};
use meridian_bot::store::Status;
use std::sync::Arc;
use std::time::Duration;

use crate::support::databases;
use crate::support::decoded::png_file_size;
use crate::support::en;
use crate::support::fake_discord;
use crate::support::playing;
use databases::{each_backend, TestDb};
use playing::{drain, service};

const CHANNEL: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };

fn user(id: i64, name: &str) -> User {
    User { id, name: name.into() }
}

#[tokio::test]
async fn a_computer_plays_a_whole_game_with_a_person_and_a_restart_loses_nothing() {
    each_backend(whole_game).await;
}

async fn whole_game(db: TestDb) {
    let mut svc = service(&db).await;
    let ana = user(1, "ana");
    let id = svc.open_lobby(CHANNEL, &ana, meridian::Options::default(), &[], &[Level::Easy]).await.unwrap();
    let lobby = svc.set_thread(id, 555, 554).await.unwrap();
    assert!(lobby.started, "a person and a computer, nobody invited: the game starts at once");
    assert_eq!(lobby.seated.len(), 2);
    assert!(lobby.seated.contains(&"Computer (easy)".to_string()), "{:?}", lobby.seated);
    let mut payloads = drain(&svc).await;
    let (mut by_computer, mut by_ana) = (0, 0);
    loop {
        let table = svc.game(id).await.unwrap();
        if table.row().status == Status::Finished {
            break;
        }
        if by_computer + by_ana == 20 {
            // The bot restarts mid-game: the computer goes on from the stored game.
            drop(svc);
            svc = service(&db).await;
        }
        let seat = table.due().iter().next().unwrap();
        if table.computer(seat).is_some() {
            assert_eq!(table.computer(seat), Some(Level::Easy));
            let ticked = svc.tick().await.unwrap();
            assert_eq!(ticked, Ticked { computer_moves: 1, ..Ticked::default() });
            let after = svc.game(id).await.unwrap();
            assert_eq!(after.row().version, table.row().version + 1, "one move, logged like anyone's");
            by_computer += 1;
        } else {
            assert_eq!(table.seat_row(seat).unwrap().user_id, 1);
            // Nothing to do for the turn clock while a person is due.
            assert_eq!(svc.tick().await.unwrap(), Ticked::default());
            let moves = svc.legal_moves::<Meridian>(id, 1).await.unwrap();
            svc.act(id, 1, table.row().version, &moves[0], None).await.unwrap();
            by_ana += 1;
        }
        payloads.extend(drain(&svc).await);
    }
    assert_eq!((by_computer, by_ana), (26, 26));
    let table = svc.game(id).await.unwrap();
    let game: &Meridian = table.state().unwrap();
    assert_eq!(game.moves_played(), 52);
    assert!(game.legal_actions(0).is_empty() && game.legal_actions(1).is_empty());
    assert_eq!(svc.audit().await.unwrap(), Vec::<i64>::new(), "the log replays to the snapshot");
    // The computer is told nothing and mentioned nowhere; its moves are said in the thread under its name.
    for p in &payloads {
        assert!(!matches!(p.target, Target::Direct(u) if u < 0), "{p:?}");
        assert!(p.mentions.iter().all(|&u| u > 0), "{:?}", p.mentions);
    }
    let said: Vec<&str> =
        payloads.iter().filter(|p| matches!(p.target, Target::Thread(_))).map(|p| p.text.as_str()).collect();
    assert_eq!(said.iter().filter(|t| t.starts_with("Computer (easy) ")).count(), 26, "{said:#?}");
    assert!(said.iter().any(|t| t.contains(". The game is over.\nFinal scores: ")), "{said:#?}");
}

/// Four computers and a person in Dragon Delta: the computers answer each change the moment it commits (woken by it:
/// their look every so often is an hour away here), all four thinking at once on their programmes, until only the
/// person is due again.
#[tokio::test]
async fn four_computers_answer_a_persons_move_as_soon_as_it_commits() {
    each_backend(|db| async move {
        let svc = Arc::new(service(&db).await);
        let wake = Arc::new(Wake::default());
        tokio::spawn(run_computers(svc.clone(), wake.clone(), Duration::from_secs(3600)));
        let ana = user(1, "ana");
        let id = svc.open_lobby(CHANNEL, &ana, dragon_delta::Options::default(), &[], &[Level::Easy; 4]).await.unwrap();
        assert!(svc.set_thread(id, 555, 554).await.unwrap().started);
        wake.changed();
        let seat = svc.game(id).await.unwrap().seat(1).unwrap();
        // Until only ana is due: every computer has played what it could.
        let answered = |since: i64| {
            let svc = svc.clone();
            async move {
                let last = std::sync::Mutex::new(None);
                let waited = tokio::time::timeout(Duration::from_secs(60), async {
                    loop {
                        let table = svc.game(id).await.unwrap();
                        if table.row().version > since && table.due() == SeatSet::one(seat) {
                            return table;
                        }
                        *last.lock().unwrap() = Some((table.row().version, table.due()));
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                });
                let last_seen = || last.lock().unwrap().take();
                waited.await.unwrap_or_else(|_| panic!("the computers did not answer: {:?}", last_seen()))
            }
        };
        let table = answered(0).await;
        // Each computer programmed its first round; ana alone has not.
        let moves = |table: meridian_bot::service::Table| {
            let svc = svc.clone();
            async move {
                let mut tx = svc.store().read().await.unwrap();
                meridian_bot::store::moves::of_game(&mut tx, id, table.row().version).await.unwrap()
            }
        };
        let first: Vec<i64> = moves(table.clone()).await.iter().map(|m| m.seat).collect();
        let mut programmed = first.clone();
        programmed.sort();
        assert_eq!(programmed, (0..5).filter(|&s| s != i64::from(seat)).collect::<Vec<_>>(), "{first:?}");
        // Ana programmes (and makes her choices while the round resolves, if she has any): the computers resolve
        // theirs and programme the next round, each at once.
        let mut after = table.clone();
        loop {
            svc.act_all(id, 1, after.row().version, &after.game().timeout(seat, None), None).await.unwrap();
            wake.changed();
            after = answered(after.row().version).await;
            if !after.game().is_choice(seat) {
                break;
            }
        }
        let since: Vec<i64> =
            moves(after).await.iter().skip(first.len() + 1).map(|m| m.seat).filter(|&s| s != i64::from(seat)).collect();
        for computer in (0..5).filter(|&s| s != i64::from(seat)) {
            assert!(since.contains(&computer), "seat {computer} did not play after ana: {since:?}");
        }
    })
    .await;
}

/// A started game of ana (the host), ben and cy.
async fn three_people<O: meridian_bot::service::GameOptions>(svc: &Service, options: O) -> i64 {
    let id = svc.open_lobby(CHANNEL, &user(1, "ana"), options, &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    svc.join(id, &user(2, "ben")).await.unwrap();
    svc.join(id, &user(3, "cy")).await.unwrap();
    svc.start(id, 1).await.unwrap();
    id
}

#[tokio::test]
async fn a_seat_goes_to_a_computer_by_its_host_or_its_player_and_only_if_it_still_plays() {
    let db = TestDb::new(meridian_bot::store::Backend::Sqlite).await;
    let svc = service(&db).await;
    let (ben, cy) = (user(2, "ben"), user(3, "cy"));
    let id = three_people(&svc, meridian::Options::default()).await;
    let before = svc.game(id).await.unwrap();

    // Refusals change nothing.
    let refused = svc.hand_to_computer(id, 3, &ben, Level::Normal).await;
    assert!(matches!(refused, Err(ServiceError::NotHostOrPlayer(g)) if g == id), "{refused:?}");
    let stranger = svc.hand_to_computer(id, 1, &user(9, "dee"), Level::Normal).await;
    assert_eq!(stranger.unwrap_err().to_string(), format!("dee does not play in game #{id}."));
    assert_eq!(svc.game(id).await.unwrap().seats(), before.seats());

    // The host hands ben's seat over; cy resigns and then hands over their own seat, which plays again.
    let text = svc.hand_to_computer(id, 1, &ben, Level::Normal).await.unwrap();
    assert_eq!(en(&text), "ben's seat is played by a computer from now on: Computer (normal) for ben.");
    let again = svc.hand_to_computer(id, 1, &user(-1, "Computer (normal) for ben"), Level::Strong).await;
    assert_eq!(again.unwrap_err().to_string(), "Computer (normal) for ben's seat is played by a computer already.");
    svc.resign(id, 3).await.unwrap();
    svc.hand_to_computer(id, 3, &cy, Level::Easy).await.unwrap();
    let table = svc.game(id).await.unwrap();
    let seats: Vec<(i64, &str, bool, Option<&str>)> =
        table.seats().iter().map(|s| (s.user_id, s.name.as_str(), s.resigned, s.computer.as_deref())).collect();
    let mut sorted = seats.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            (-2, "Computer (easy) for cy", false, Some("easy")),
            (-1, "Computer (normal) for ben", false, Some("normal")),
            (1, "ana", false, None),
        ]
    );
    // Whoever is due among the computers plays at the next tick; ana's turn waits for her.
    while table_due_is_computer(&svc, id).await {
        assert_eq!(svc.tick().await.unwrap().computer_moves, 1);
    }
    let table = svc.game(id).await.unwrap();
    assert_eq!(table.seat_row(table.due().iter().next().unwrap()).unwrap().user_id, 1);
    let said: Vec<String> = drain(&svc).await.into_iter().map(|p| p.text).collect();
    assert!(said.contains(&"ben's seat is played by a computer from now on: Computer (normal) for ben.".into()));
}

async fn table_due_is_computer(svc: &Service, id: i64) -> bool {
    let table = svc.game(id).await.unwrap();
    table.due().iter().next().is_some_and(|s| table.computer(s).is_some())
}

#[tokio::test]
async fn a_resigned_seat_the_rules_took_out_cannot_go_to_a_computer_and_seats_are_counted() {
    use meridian_bot::service::game::games::dragon_delta;
    let db = TestDb::new(meridian_bot::store::Backend::Sqlite).await;
    let svc = service(&db).await;
    let (ana, ben) = (user(1, "ana"), user(2, "ben"));
    let id = three_people(&svc, dragon_delta::Options::default()).await;
    svc.resign(id, 2).await.unwrap();
    let gone = svc.hand_to_computer(id, 1, &ben, Level::Normal).await.unwrap_err();
    assert!(matches!(gone, ServiceError::SeatGone { .. }), "{gone}");
    // Contrées seats two: one invited and one computer is too many.
    let too_many = svc
        .open_lobby(
            CHANNEL,
            &ana,
            meridian_bot::service::game::games::contrees::Options::default(),
            &[user(2, "ben")],
            &[Level::Normal],
        )
        .await
        .unwrap_err();
    assert_eq!(too_many.to_string(), "Bad game options: a game seats 2: invite or seat computers for 1 at most");
}

/// Runs the bot binary with `args`; returns its status and standard output.
fn bot(args: &[&str]) -> (i32, String) {
    let out = bot_output(args);
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap())
}

fn bot_output(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot")).args(args).output().unwrap()
}

#[test]
fn demo_writes_a_record_that_replays_and_every_position_as_a_png() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards");
    let (status, record) = bot(&[
        "demo",
        "meridian",
        "--players",
        "2",
        "--level",
        "easy",
        "--seed",
        "4",
        "--png",
        boards.to_str().unwrap(),
    ]);
    assert_eq!(status, 0);
    let parsed: meridian_bot::rules::meridian::Record = serde_json::from_str(&record).unwrap();
    assert_eq!(parsed.players, ["Computer 1 (easy)", "Computer 2 (easy)"]);
    assert_eq!(parsed.moves.len(), 52);
    // The same seed plays the same game.
    assert_eq!(bot(&["demo", "meridian", "--level", "easy", "--seed", "4"]).1, record);
    let file = dir.path().join("game.json");
    std::fs::write(&file, &record).unwrap();
    let (status, position) = bot(&["replay", file.to_str().unwrap()]);
    assert_eq!(status, 0, "{position}");
    let pngs = std::fs::read_dir(&boards).unwrap().count();
    assert_eq!(pngs, 53, "the set-up and each move");
    assert_eq!(png_file_size(&boards.join("052.png")), (1200, 800));
    // Bad input: a game that does not exist, a player count it does not seat.
    assert_eq!(bot(&["demo", "chess"]).0, 2);
    assert_eq!(bot(&["demo", "contrees", "--players", "3"]).0, 2);
}

#[test]
fn arena_prints_each_match_with_its_interval_and_each_game_as_it_ends() {
    let out =
        bot_output(&["arena", "meridian", "--games", "3", "--seed", "5", "--match", "easy:random:2", "--threads", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let table = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "Meridian — 3 games a match, seeds from 5");
    let row: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(&row[..3], ["easy", "random", "2"]);
    // One line a game on stderr, in order on one thread: its seed, the measured seat going round, the running total
    // ending at the table's wins (so a stopped match still counts).
    let games = String::from_utf8(out.stderr).unwrap();
    let games: Vec<&str> = games.lines().collect();
    assert_eq!(games.len(), 3, "{games:?}");
    for (i, (line, seat)) in games.iter().zip([0, 1, 0]).enumerate() {
        assert!(line.starts_with(&format!("easy:random:2 seed {} seat {seat}: ", 5 + i)), "{line}");
        assert!(line.ends_with(&format!(" of {} so far", i + 1)), "{line}");
    }
    let total = games[2].rsplit(';').next().unwrap().split_whitespace().next().unwrap();
    assert_eq!(total.parse::<f64>().unwrap(), row[3].parse::<f64>().unwrap(), "{games:?} {row:?}");
    // A bad match, or one the game cannot seat, is refused before any game is played.
    for (bad, refusal) in [
        ("easy:genius:2", "invalid value 'easy:genius:2' for '--match <MATCH>': there is no level \"genius\""),
        ("easy:random:5", "Meridian seats 2 to 4 players, not 5"),
    ] {
        let out = bot_output(&["arena", "meridian", "--match", "easy:random:2", "--match", bad]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8(out.stderr).unwrap().contains(refusal), "{bad}");
        assert_eq!(out.stdout, b"", "{bad}: nothing played");
    }
}

/// The real bot binary against the fake Discord: `/meridian start computer:1 level:easy` starts a game of a person and
/// a computer at once; the computer plays each of its turns by itself (posted in the thread under its name, never
/// written to or mentioned), through a restart of the bot in the middle, to the end.
mod on_discord {
    use super::fake_discord::*;
    use meridian_bot::rules::meridian::{Meridian, Record};
    use meridian_bot::rules::record::GameRecord;
    use meridian_bot::service::{Service, Table};
    use meridian_bot::store::Status;
    use serde_json::json;
    use std::time::{Duration, Instant};

    const CHANNEL: u64 = 100;
    const ANA: FakeUser = FakeUser { id: 11, name: "ana" };

    fn meridian(table: &Table) -> &Meridian {
        table.state().expect("a game of Meridian")
    }

    /// Waits (up to 30 s) for game 1 to move past `version` or end.
    async fn moved_past(referee: &Service, version: i64) -> Table {
        let since = Instant::now();
        loop {
            let table = referee.game(1).await.unwrap();
            if table.row().version > version || table.row().status != Status::Active {
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
        let seated = ["**Meridian #1**: ana and Computer (easy).", "**Meridian #1**: Computer (easy) and ana."];
        assert!(seated.iter().any(|s| on.starts_with(s)), "{on}");
        assert_eq!(fake.state().message(lobby.id).unwrap().components, json!([]), "no Join or Start once it is on");
        let referee = referee(dir.path()).await;

        let (mut by_ana, mut by_computer, mut restarted) = (0, 0, false);
        let mut table = referee.game(1).await.unwrap();
        while table.row().status == Status::Active {
            if by_ana == 10 && !restarted {
                child.kill().await.unwrap();
                child = fake.launch_on(dir.path(), &clock);
                fake.connected(2).await;
                restarted = true;
            }
            let seat = table.due().iter().next().unwrap();
            let version = table.row().version;
            if table.computer(seat).is_none() {
                let card = meridian(&table).players()[usize::from(seat)].face_up[0].to_string();
                let pass = fake.slash_under("meridian", thread, ANA, "pass", json!([opt("card", 3, json!(card))]));
                let answer = fake.answer(pass).await;
                assert!(answer.content.starts_with(&format!("You passed, discarding {card}.")), "{}", answer.content);
                by_ana += 1;
            } else {
                by_computer += 1;
            }
            table = moved_past(&referee, version).await;
            assert_eq!(table.row().version, version + 1);
        }
        assert_eq!((by_ana, by_computer), (26, 26));
        assert_eq!(table.row().status, Status::Finished);
        let result = fake
            .wait(20, "the final scores", |s| {
                s.posts(thread).iter().find(|m| m.content.contains("\nFinal scores")).map(|m| m.content.clone())
            })
            .await;

        // The record replays to the game played; the computer's moves are in the thread under its name.
        let export = fake.answer(fake.slash_under("meridian", thread, ANA, "export", json!([]))).await;
        let record: Record = serde_json::from_slice(&export.files[0].bytes).unwrap();
        let game = record.replay().unwrap();
        assert_eq!(&game, meridian(&table));
        let mut players = record.players.clone();
        players.sort();
        assert_eq!(players, ["Computer (easy)", "ana"]);
        let winners: Vec<&str> = game.leaders().iter().map(|s| record.players[usize::from(s)].as_str()).collect();
        assert!(result.contains(&format!("Winner: {}.\nRatings: ", winners.join(" and "))), "{result}");
        // The computer is rated as its level, beside the person.
        assert!(result.contains("Computer (easy) 1500 → ") && result.contains("ana 1500 → "), "{result}");
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
}
