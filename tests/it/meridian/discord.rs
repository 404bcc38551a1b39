//! The real bot binary against the fake Discord on 127.0.0.1: a whole 3-player game played through slash commands
//! and DM menus, with a restart in the middle; autocomplete offering only legal values; a refused move changing
//! nothing; closed DMs answered in the thread; reminders, turn limits, vacations and archived threads on a clock the
//! test moves; quiet hours and the daily digest across SIGKILLs; each game's web page served by the bot and linked
//! from its thread and `status`.

use crate::support::en;
use crate::support::fake_discord;

use crate::support::decoded::{gif_frames, png_size};
use fake_discord::*;
use meridian_bot::language::Lang;
use meridian_bot::pictures::meridian as pictures;
use meridian_bot::pictures::words;
use meridian_bot::ratings::{rate, Model, Rating, Shown};
use meridian_bot::rules::meridian::{Meridian, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::{Game, Viewer};
use meridian_bot::service::game::adapter::Voice;
use meridian_bot::service::game::games::meridian::describe;
use meridian_bot::service::Service;
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::path::Path;

const CHANNEL: u64 = 100;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
const BEN: FakeUser = FakeUser { id: 12, name: "ben" };
const CY: FakeUser = FakeUser { id: 13, name: "cy" };

fn bot(fake: &Fake, dir: &Path) -> tokio::process::Child {
    fake.bot_command(dir).spawn().unwrap()
}

/// A fresh directory, a fake Discord, and a bot on both once it has connected.
async fn connected_bot() -> (tempfile::TempDir, Fake, tokio::process::Child) {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let child = bot(&fake, dir.path());
    fake.connected(1).await;
    (dir, fake, child)
}

/// ANA starts a game against BEN with a seven-day turn limit and BEN accepts: its thread, and who plays first.
async fn started_with_ben(fake: &Fake) -> (u64, FakeUser) {
    let start =
        fake.slash(CHANNEL, ANA, "start", json!([opt("player2", 6, json!("12")), opt("turn_limit", 4, json!(7))]));
    fake.answer(start).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    (thread, fake.wait(15, "whose turn it is", |s| to_play(s, thread)).await)
}

fn focused(name: &str, kind: u8) -> Value {
    json!({"name": name, "type": kind, "value": "", "focused": true})
}

/// The player whose turn the thread's last post announces.
fn to_play(s: &State, thread: u64) -> Option<FakeUser> {
    // Boards and results carry a picture; the invitation, which also ends with mentions, does not.
    let last = s.posts(thread).last().filter(|m| !m.files.is_empty())?.content.clone();
    let turn = [ANA, BEN, CY].into_iter().find(|u| last.ends_with(&format!(" <@{}>", u.id)))?;
    // The mention and the words agree.
    assert!(
        last.contains(&format!("{} to play (turn ", turn.name))
            || last.contains(&format!("{} plays first.", turn.name)),
        "{last}"
    );
    Some(turn)
}

/// The values offered by an autocomplete, as numbers, sorted.
fn numbers(choices: &[(String, Value)]) -> Vec<u8> {
    let mut values: Vec<u8> = choices.iter().map(|(_, v)| v.as_u64().unwrap() as u8).collect();
    values.sort_unstable();
    values
}

/// Sorted, without repeats.
fn set<T: Ord>(values: impl Iterator<Item = T>) -> Vec<T> {
    let mut values: Vec<T> = values.collect();
    values.sort();
    values.dedup();
    values
}

/// Plays one move as `user` through `/meridian play` (or `pass`), choosing every value from autocomplete, each
/// list of choices exactly the legal values given the ones chosen before (and no take-back, none being given).
async fn play_by_command(fake: &Fake, referee: &Service, thread: u64, user: FakeUser) {
    let legal = referee.legal_moves::<meridian_bot::rules::meridian::Meridian>(1, user.id as i64).await.unwrap();
    // Under `pass`, every face-up card; under `play`, those that can place or take back a tower (if none can, pass).
    let passing = fake.autocomplete(thread, user, "pass", json!([focused("card", 3)])).await;
    let passing = set(passing.iter().map(|(_, v)| v.as_str().unwrap().to_string()));
    assert_eq!(passing, set(legal.iter().map(|m| m.card.to_string())), "every card can be passed");
    let cards = fake.autocomplete(thread, user, "play", json!([focused("card", 3)])).await;
    let offered = set(cards.iter().map(|(_, v)| v.as_str().unwrap().to_string()));
    let acting = set(legal.iter().filter(|m| !m.is_pass()).map(|m| m.card.to_string()));
    assert_eq!(offered, acting, "cards offered are those with a legal move that is not a pass");
    let card = offered.first().unwrap_or(&passing[0]).clone();
    let with_card: Vec<_> = legal.iter().filter(|l| l.card.to_string() == card).collect();
    let mut options = vec![opt("card", 3, json!(card))];
    let ask = |options: &[Value], focus: &str| {
        let mut given = options.to_vec();
        given.push(focused(focus, 4));
        fake.autocomplete(thread, user, "play", Value::Array(given))
    };

    let meridians = numbers(&ask(&options, "meridian").await);
    assert_eq!(meridians, set(with_card.iter().filter(|l| !l.is_pass()).filter_map(|l| l.meridian)));
    let placing: Vec<_> = match meridians.first() {
        Some(&m) => with_card.iter().filter(|l| l.meridian == Some(m) && l.take_back.is_none()).collect(),
        None => Vec::new(),
    };
    let heights = match meridians.first() {
        Some(&m) => {
            options.push(opt("meridian", 4, json!(m)));
            numbers(&ask(&options, "height").await)
        }
        None => Vec::new(),
    };
    assert_eq!(heights, set(placing.iter().filter_map(|l| l.place.map(|p| p.height))));
    let (interaction, said) = match heights.first() {
        Some(&h) => {
            options.push(opt("height", 4, json!(h)));
            let rows = numbers(&ask(&options, "row").await);
            let expected = set(placing.iter().filter_map(|l| l.place).filter(|p| p.height == h).map(|p| p.row));
            assert_eq!(rows, expected, "the cities offered for that height");
            options.push(opt("row", 4, json!(rows[0])));
            let m = meridians[0];
            let article = if [8, 11, 18].contains(&h) { "an" } else { "a" };
            let said = format!("You played {card} on meridian {m}: {article} {h}-floor tower at {m}.{}", rows[0]);
            (fake.slash(thread, user, "play", Value::Array(options)), said)
        }
        None => {
            let pass = fake.slash(thread, user, "pass", json!([opt("card", 3, json!(card))]));
            (pass, format!("You passed, discarding {card}"))
        }
    };
    let answer = fake.answer(interaction).await;
    assert!(answer.ephemeral);
    // Then any push, and what followed by itself.
    assert!(answer.content.starts_with(&said), "{} is not {said}", answer.content);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_discord_with_a_restart() {
    let (dir, fake, mut child) = connected_bot().await;
    for u in [ANA, BEN, CY] {
        fake.register_user(u);
    }
    let start =
        fake.slash(CHANNEL, ANA, "start", json!([opt("player2", 6, json!("12")), opt("player3", 6, json!("13"))]));
    let lobby = fake.answer(start).await;
    assert!(lobby.content.contains("Seated: ana. Invited: ben and cy"), "{}", lobby.content);
    assert!(lobby.pings.is_empty(), "the lobby pings nobody: {:?}", lobby.pings);
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN, CY]).await;
    fake.wait(15, "the first board", |s| (s.posts(thread).len() > 1).then_some(())).await;
    let lobby = fake.state().message(lobby.id).unwrap().content.clone();
    assert!(lobby.contains("The game is on") && ["ana", "ben", "cy"].iter().all(|n| lobby.contains(n)), "{lobby}");
    let referee = referee(dir.path()).await;

    let mut moves = 0;
    let mut stale = None;
    while moves < 39 {
        if moves == 14 {
            // Kill the bot mid-game and start it again on the same database.
            child.kill().await.unwrap();
            child = bot(&fake, dir.path());
            fake.connected(2).await;
        }
        let user = fake.wait(15, "whose turn it is", |s| to_play(s, thread)).await;
        if moves == 5 {
            // An illegal move is refused with the rule, and nothing changes.
            let posts = fake.state().posts(thread).len();
            let face_up = meridian(&referee.game(1).await.unwrap()).players()[0].face_up.clone();
            let options = json!([
                opt("card", 3, json!(face_up[0].to_string())),
                opt("meridian", 4, json!(11)),
                opt("height", 4, json!(2)),
                opt("row", 4, json!(1))
            ]);
            let refused = fake.answer(fake.slash(thread, user, "play", options)).await;
            assert!(refused.ephemeral && refused.content.contains("not allowed"), "{}", refused.content);
            assert_eq!(referee.game(1).await.unwrap().row().version, 5);
            assert_eq!(fake.state().posts(thread).len(), posts);
        }
        if moves == 18 {
            let live = |s: &State| {
                let dm = s.dms(user.id).into_iter().rev().find(|m| m.has_live_controls())?;
                let menu = &dm.components[0]["components"][0];
                Some((
                    user,
                    dm.id,
                    menu["custom_id"].as_str()?.to_string(),
                    menu["options"][0]["value"].as_str()?.to_string(),
                ))
            };
            stale = Some(fake.wait(15, "the menus of move 18", live).await);
        }
        if moves == 20 {
            // A menu from an earlier turn is retired; a click that raced its retiring is told the game moved on,
            // and nothing changes.
            let (who, message, custom_id, value) = stale.clone().expect("a menu of move 18");
            let retired =
                |s: &State| s.message(message)?.components[0]["components"][0]["disabled"].as_bool()?.then_some(());
            fake.wait(15, "the menus of move 18 retired", retired).await;
            let click = fake.click(who, message, &custom_id, Some(vec![value]));
            let answer = fake.answer(click).await;
            assert!(answer.ephemeral && answer.content.contains("has moved on"), "{}", answer.content);
            assert_eq!(referee.game(1).await.unwrap().row().version, 20);
        }
        if moves % 3 == 2 {
            let preview = fake.play_by_dm(user).await;
            assert_eq!(png_size(&preview.files[0].bytes), (1200, 800), "a preview of the board");
        } else {
            play_by_command(&fake, &referee, thread, user).await;
        }
        moves += 1;
        // The invitation, the first board, and a board for each move.
        fake.wait(20, "the board after the move", |s| (s.posts(thread).len() > moves + 1).then_some(())).await;
    }
    let result = fake
        .wait(20, "the final scores", |s| {
            s.posts(thread).iter().find(|m| m.content.contains("\nFinal scores")).map(|m| (*m).clone())
        })
        .await;
    let pictures: Vec<&str> = result.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(pictures, ["board.png", "result.png", "game.gif"], "the last board, the result, the game animated");
    assert_eq!(png_size(&result.files[1].bytes), (1200, 800));
    fake.wait(15, "the finished game's thread archived", |s| s.archived.contains(&thread).then_some(())).await;

    // The invitation pinged the players invited, once. Every other thread post is a board (start, each move) or the
    // result, pinging at most the player to move; nothing was posted twice across the restart.
    let mut posts: Vec<Msg> = fake.state().posts(thread).into_iter().cloned().collect();
    let invitation = posts.remove(0);
    assert_eq!(invitation.pings, ["user:12", "user:13"]);
    // The start's board and one post a move, the last move's with the result.
    assert_eq!(posts.len(), 1 + 39, "{:#?}", posts.iter().map(|p| &p.content).collect::<Vec<_>>());
    for p in &posts {
        assert!(p.pings.len() <= 1, "{:?}", p.pings);
        assert_eq!(png_size(&p.files[0].bytes), (1200, 800));
    }

    // Each DM holds its own player's hand, exactly as the rules would draw it at that point.
    let export = fake.answer(fake.slash(thread, ANA, "export", json!([]))).await;
    let record: Record = serde_json::from_slice(&export.files[0].bytes).unwrap();
    let names = record.players.clone();
    let mut history = Vec::new();
    record.replay_with(|_, played| history.push(played.clone())).unwrap();
    // Each board's alt text says the position it shows, as anyone may see it: post k shows the game after k moves.
    for (k, post) in posts.iter().enumerate() {
        let mut upto = record.clone();
        upto.moves.truncate(k);
        let alt = words::meridian::alt(&upto.replay().unwrap().view(Viewer::Public), &names, None, Lang::En);
        assert_eq!(post.files[0].description.as_deref(), Some(alt.as_str()), "the board after move {k}");
    }
    for u in [ANA, BEN, CY] {
        let seat = names.iter().position(|n| n == u.name).unwrap() as u8;
        let dms: Vec<Msg> = fake.state().dms(u.id).into_iter().cloned().collect();
        assert!(dms.len() >= 13, "{} got {} DMs", u.name, dms.len());
        for dm in dms.iter().filter(|d| !d.files.is_empty() && d.files[0].name == "hand.png") {
            // A Meridian turn is one move: turn N follows move N - 1.
            let version = match dm.content.split("(turn ").nth(1) {
                Some(rest) => rest.split(')').next().unwrap().parse::<usize>().unwrap() - 1,
                None => 0,
            };
            let mut upto = record.clone();
            upto.moves.truncate(version);
            let game = upto.replay().unwrap();
            let hand =
                pictures::hand(&game.view(Viewer::Seat(seat)), &names, seat, meridian_bot::pictures::Palette::Standard);
            let expected = render::meridian::hand_png(&hand, &Lang::En);
            assert_eq!(dm.files[0].bytes, expected, "{}'s hand at move {version}", u.name);
            let said = words::alt(&words::meridian::hand(&game.view(Viewer::Seat(seat)), &names, seat, Lang::En));
            assert_eq!(dm.files[0].description.as_deref(), Some(said.as_str()), "{}'s hand's alt text", u.name);
            // The your-turn note tells exactly the moves since the player's last turn, with a board showing them.
            let since: Vec<String> = history[..version]
                .iter()
                .skip(history[..version].iter().rposition(|p| p.seat == seat).map_or(0, |i| i + 1))
                .map(|p| format!("\n• {}", en(&describe(p, &names, Voice::Thread))))
                .collect();
            if since.is_empty() {
                assert!(!dm.content.contains("Since your last turn"), "{}", dm.content);
            } else {
                assert!(dm.content.ends_with(&format!("\nSince your last turn:{}", since.concat())), "{}", dm.content);
                // Two moves or more: the boards the thread showed since, animated.
                let caught_up = if since.len() >= 2 { "catch-up.gif" } else { "catch-up.png" };
                assert_eq!(dm.files[1].name, caught_up);
            }
        }
    }
    assert_eq!(fake.state().undescribed(), []);
    drop(child);
}

/// The README's tables of commands against what the bot registered with Discord (a command written but left out of
/// its group is not there), down to each command's options, for every game's root. The shared commands are written
/// once, under `/meridian`; another root's own row for a command takes precedence.
fn every_command_in_the_readme_is_registered(registered: &[Value]) {
    let readme = include_str!("../../../README.md");
    // Every usage written in the README under `/ROOT `, as words: the command (and subcommand), then its options.
    let usages = |root: &str| -> Vec<Vec<String>> {
        let prefix = format!("| `/{root} ");
        let mut out = Vec::new();
        for line in readme.lines().filter(|l| l.starts_with(&prefix)) {
            let cell = line.split('|').nth(1).unwrap();
            // Code spans are the odd pieces: "`/meridian board`, `status`, `log [count]`" names three commands.
            for usage in cell.split('`').skip(1).step_by(2) {
                let usage = usage.trim_start_matches(&format!("/{root} "));
                out.push(usage.split(' ').map(|w| w.trim_matches(['[', ']']).to_string()).collect());
            }
        }
        out
    };
    let shared = usages("meridian");
    for root in ["meridian", "contrees", "delta"] {
        let command = registered.iter().find(|c| c["name"] == root).unwrap_or_else(|| panic!("/{root} registered"));
        let own = usages(root);
        assert!(!own.is_empty(), "the README lists /{root}'s commands");
        // Every registered command (a leaf: a command, or a subcommand of a group) is written with its options.
        let mut leaves = Vec::new();
        for c in command["options"].as_array().unwrap() {
            match c["type"].as_u64() {
                Some(2) => leaves.extend(c["options"].as_array().unwrap().iter().map(|s| {
                    (vec![c["name"].as_str().unwrap().to_string(), s["name"].as_str().unwrap().to_string()], s.clone())
                })),
                _ => leaves.push((vec![c["name"].as_str().unwrap().to_string()], c.clone())),
            }
        }
        for (names, leaf) in &leaves {
            let written = own.iter().chain(&shared).find(|words| words.starts_with(names));
            let words = written.unwrap_or_else(|| panic!("the README lists /{root} {}", names.join(" ")));
            let listed = &words[names.len()..];
            let options: Vec<&str> = leaf["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| o["name"].as_str().unwrap())
                .filter(|&o| o != "game") // `game:` is said once for all, under the tables.
                .collect();
            let mut listed: Vec<&str> = listed.iter().map(String::as_str).collect();
            listed.sort_unstable();
            let mut options = options;
            options.sort_unstable();
            assert_eq!(listed, options, "/{root} {}: the README's options", names.join(" "));
        }
        // And the other way: everything the README writes under this root is registered.
        for words in &own {
            assert!(leaves.iter().any(|(n, _)| words.starts_with(n)), "/{root} {} is registered", words.join(" "));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_are_answered_in_the_thread() {
    let (dir, fake, mut child) = connected_bot().await;
    every_command_in_the_readme_is_registered(&fake.state().commands);
    fake.close_dms(CY);
    fake.register_user(CY);
    // A public command refused is refused privately.
    let none = fake.answer(fake.slash(CHANNEL, BEN, "board", json!([opt("game", 4, json!(99))]))).await;
    assert!(none.ephemeral && none.content.contains("#99"), "{}", none.content);
    let off =
        fake.answer(fake.slash_under("settings", CHANNEL, BEN, "dms", json!([opt("enabled", 5, json!(false))]))).await;
    assert!(off.ephemeral && off.content.starts_with("No more DMs"), "{}", off.content);
    // The rules come privately, with an example board.
    let rules = fake.answer(fake.slash(CHANNEL, BEN, "rules", json!([]))).await;
    assert!(rules.ephemeral && rules.content.starts_with("**Meridian** in short."), "{}", rules.content);
    assert_eq!(rules.files[0].name, "example.png");
    assert_eq!(png_size(&rules.files[0].bytes), (1200, 800));
    let (view, names, _) = pictures::example();
    let alt = words::meridian::alt(&view, &names, None, Lang::En);
    assert_eq!(rules.files[0].description.as_deref(), Some(alt.as_str()), "the example's alt text");
    let start = fake.slash(CHANNEL, BEN, "start", json!([opt("player2", 6, json!("13"))]));
    fake.answer(start).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[CY]).await;
    let notice = fake
        .wait(20, "the closed-DM notice", |s| {
            s.posts(thread)
                .iter()
                .find(|m| m.content.starts_with("<@13>") && m.content.contains("cannot send you private messages"))
                .map(|m| (*m).clone())
        })
        .await;
    assert!(notice.content.contains("(your DMs are closed)"), "{}", notice.content);
    assert!(notice.files.is_empty(), "no hand in public");
    // A player who turned DMs off is told in the thread too, and gets no DM.
    fake.wait(20, "the DMs-off notice", |s| {
        let off = |m: &Msg| m.content.starts_with("<@12>") && m.content.contains("you turned private messages off");
        s.posts(thread).into_iter().any(off).then_some(())
    })
    .await;
    assert!(fake.state().dms(BEN.id).is_empty());
    let button = notice.components[0]["components"][0]["custom_id"].as_str().unwrap().to_string();
    let click = fake.click(CY, notice.id, &button, None);
    let hand = fake.answer(click).await;
    assert!(hand.ephemeral);
    assert_eq!(png_size(&hand.files[0].bytes), (900, 460));

    // The position in words, privately, one line per player and island, and cy's hand: nothing drawn.
    let table = referee(dir.path()).await.game(1).await.unwrap();
    let (game, names) = (table.state::<Meridian>().unwrap().clone(), table.names());
    let said = fake.answer(fake.slash(thread, CY, "board", json!([opt("text", 5, json!(true))]))).await;
    assert!(said.ephemeral && said.files.is_empty(), "{said:?}");
    assert_eq!(said.content, words::meridian::position(&game.view(Viewer::Public), &names, Lang::En).join("\n"));
    // Seats are drawn at random: whoever sits first moves first.
    let first = format!(
        "Meridian, move 1: {} to play.\n{}: 0 points, reserve 40 floors, 24 cards face down",
        names[0], names[0]
    );
    assert!(said.content.starts_with(&first), "{}", said.content);
    let own = fake.answer(fake.slash(thread, CY, "hand", json!([opt("text", 5, json!(true))]))).await;
    let seat = table.seat_of(CY.id as i64).unwrap();
    let lines = words::meridian::hand(&game.view(Viewer::Seat(seat)), &names, seat, Lang::En);
    assert_eq!(own.content, format!("Your cards in **Meridian #1**.\n{}", lines.join("\n")));
    assert!(own.ephemeral && own.files.is_empty(), "{own:?}");

    // The game as its thread showed it, animated, privately: so far, the set-up's board; moves it has not, refused.
    let replay = fake.answer(fake.slash(thread, CY, "replay", json!([]))).await;
    assert!(replay.ephemeral && replay.content.starts_with("Game #1 as its thread showed it"), "{}", replay.content);
    assert_eq!(replay.files[0].name, "game-1.gif");
    assert_eq!(gif_frames(&replay.files[0].bytes).0.len(), 1);
    let described = replay.files[0].description.clone().unwrap_or_default();
    assert!(
        described.starts_with("An animation of 1 board, from move 0 to move 0. The last: Meridian, move 1: "),
        "{described}"
    );
    let beyond = fake.answer(fake.slash(thread, CY, "replay", json!([opt("from", 4, json!(3))]))).await;
    let said = "Game #1 has moves 0 to 0: a replay goes from one of them to the same or a later one (asked: 3 to 0).";
    assert!(beyond.ephemeral && beyond.content == said && beyond.files.is_empty(), "{}", beyond.content);

    // SIGTERM stops the bot cleanly.
    let pid = child.id().unwrap().to_string();
    std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    let status = tokio::time::timeout(std::time::Duration::from_secs(10), child.wait()).await.unwrap().unwrap();
    assert!(status.success(), "{status:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_serves_each_games_page_and_links_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().to_string();
    let public = format!("http://{addr}");
    let mut command = fake.bot_command(dir.path());
    command.env("WEB_ADDR", &addr).env("PUBLIC_URL", format!("{public}/"));
    let mut child = command.spawn().unwrap();
    fake.connected(1).await;
    fake.register_user(BEN);
    fake.answer(fake.slash(CHANNEL, ANA, "start", json!([opt("player2", 6, json!("12"))]))).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    let first = fake
        .wait(20, "the first post", |s| {
            s.posts(thread).iter().find(|m| m.content.contains(" begins.")).map(|m| m.content.clone())
        })
        .await;
    let link = format!("Every move, step by step: <{public}/g/");
    let at = first.find(&link).unwrap_or_else(|| panic!("no link to the page: {first}")) + link.len() - 3;
    let page = first[at..].split('>').next().unwrap().to_string();
    assert_eq!(page.len(), "/g/".len() + 32, "{page}");

    let (status, head, body) = crate::support::http_get(&addr, &page).await;
    assert_eq!(status, 200, "{head}");
    assert!(head.to_lowercase().contains("referrer-policy: no-referrer"), "{head}");
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("<title>Meridian — game #1</title>") && html.contains("The game begins."), "{html}");
    let (status, _, png) = crate::support::http_get(&addr, &format!("{page}/board/0")).await;
    assert_eq!((status, png_size(&png)), (200, (1200, 800)));
    let (status, _, _) = crate::support::http_get(&addr, "/g/00000000000000000000000000000000").await;
    assert_eq!(status, 404);

    // `status` links to the same page.
    let status = fake.answer(fake.slash(thread, BEN, "status", json!([]))).await;
    assert!(status.content.contains(&format!("{public}{page}>")), "{}", status.content);

    // A second bot cannot listen on the same address: it stops at once and says why.
    let mut second = fake.bot_command(dir.path());
    second.env("WEB_ADDR", &addr).env("PUBLIC_URL", &public);
    let out = tokio::time::timeout(std::time::Duration::from_secs(20), second.status()).await.unwrap().unwrap();
    assert_eq!(out.code(), Some(1));
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(log.contains(&format!("cannot listen for game pages on WEB_ADDR {addr}")), "{log}");
    child.kill().await.unwrap();
}

use meridian_bot::clock::HOUR;
const MINUTE: i64 = 60_000;

/// Gives a running bot time to do what it should not: it looks for due work every 50 ms on a test clock.
async fn settle() {
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
}

fn reminders(s: &State, user: FakeUser) -> Vec<String> {
    s.dms(user.id).into_iter().filter(|m| m.content.starts_with("Reminder:")).map(|m| m.content.clone()).collect()
}

async fn reminded(fake: &Fake, user: FakeUser, count: usize) -> Vec<String> {
    fake.wait(15, &format!("{} reminders to {}", count, user.name), |s| {
        let sent = reminders(s, user);
        (sent.len() >= count).then_some(sent)
    })
    .await
}

/// The turn clock through Discord, on a clock the test moves: reminder cadence, nothing repeated after a restart,
/// one reminder (not a burst) after downtime, a turn that runs out passed in a thread Discord had archived, a
/// vacation pausing and resuming the clock, and a finished game's thread archived with a record that replays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_turn_limits_and_vacations_on_a_moving_clock() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let t0 = 1_790_000_000_000; // 2026-09-21
    let clock = TestClock::new(dir.path(), t0);
    let mut child = fake.launch_on(dir.path(), &clock);
    fake.connected(1).await;
    fake.register_user(BEN);
    let (thread, first) = started_with_ben(&fake).await;
    let second = if first == ANA { BEN } else { ANA };
    // The second player wants reminders twice as often as the game's default.
    let often = fake
        .answer(fake.slash_under("settings", CHANNEL, second, "reminders", json!([opt("hours", 4, json!(12))])))
        .await;
    assert!(often.ephemeral && often.content.contains("every 12 hours"), "{}", often.content);

    // Every 24 hours (the default) while the turn lasts, and not before.
    clock.set(t0 + 24 * HOUR - MINUTE);
    settle().await;
    assert!(reminders(&fake.state(), first).is_empty());
    clock.set(t0 + 24 * HOUR + MINUTE);
    let sent = reminded(&fake, first, 1).await;
    let reminder = "Reminder: **Meridian #1** on *Board Games Club*: your turn (turn 1).\nDue <t:";
    assert!(sent[0].starts_with(reminder), "{}", sent[0]);
    assert!(sent[0].ends_with(&format!("\nhttps://discord.com/channels/{GUILD_ID}/{thread}")), "{}", sent[0]);
    let status = fake.answer(fake.slash(thread, second, "status", json!([]))).await;
    assert!(status.content.contains("Time left for this turn: 5 days 23 hours."), "{}", status.content);
    clock.set(t0 + 48 * HOUR + MINUTE);
    reminded(&fake, first, 2).await;

    // A restart repeats nothing.
    child.kill().await.unwrap();
    child = fake.launch_on(dir.path(), &clock);
    fake.connected(2).await;
    settle().await;
    assert_eq!(reminders(&fake.state(), first).len(), 2);

    // Three reminders fall due while the bot is down: one is sent when it is back, and the next a day after that.
    child.kill().await.unwrap();
    clock.set(t0 + 120 * HOUR + MINUTE);
    child = fake.launch_on(dir.path(), &clock);
    fake.connected(3).await;
    reminded(&fake, first, 3).await;
    settle().await;
    assert_eq!(reminders(&fake.state(), first).len(), 3, "no burst");
    clock.set(t0 + 144 * HOUR);
    settle().await;
    assert_eq!(reminders(&fake.state(), first).len(), 3);
    clock.set(t0 + 144 * HOUR + 2 * MINUTE);
    reminded(&fake, first, 4).await;
    assert!(reminders(&fake.state(), second).is_empty(), "only the player to move is reminded");

    // Discord archives the thread after a quiet week; the turn runs out, and its pass is announced there anyway.
    fake.archive(thread);
    let turn_two = t0 + 168 * HOUR + MINUTE;
    clock.set(turn_two);
    let timeout = fake
        .wait(15, "the timeout in the thread", |s| {
            s.posts(thread).iter().find(|m| m.content.contains("time ran out")).map(|m| (*m).clone())
        })
        .await;
    assert!(timeout.content.starts_with(&format!("{}'s time ran out", first.name)), "{}", timeout.content);
    let called = format!("{} to play (turn 2). <@{}>", second.name, second.id);
    assert!(timeout.content.ends_with(&called), "{}", timeout.content);
    assert_eq!(png_size(&timeout.files[0].bytes), (1200, 800));
    assert_eq!(reminders(&fake.state(), first).len(), 4, "no reminder for a turn that passed");

    // A vacation of two days, taken on their turn: the turn's reminder (12 hours in) and limit wait two days more.
    let away =
        fake.answer(fake.slash_under("settings", CHANNEL, second, "vacation", json!([opt("days", 4, json!(2))]))).await;
    assert!(away.ephemeral && away.content.starts_with("Enjoy your break."), "{}", away.content);
    fake.wait(15, "the vacation told in the thread", |s| {
        let told = format!("{} is on vacation for 2 days", second.name);
        s.posts(thread).iter().any(|m| m.content.starts_with(&told)).then_some(())
    })
    .await;
    clock.set(turn_two + 60 * HOUR - MINUTE);
    settle().await;
    assert!(reminders(&fake.state(), second).is_empty(), "no reminder while away");
    clock.set(turn_two + 60 * HOUR + MINUTE);
    let sent = reminded(&fake, second, 1).await;
    // Due two days later than a week from the turn's start: the vacation's.
    let due = (turn_two + 9 * 24 * HOUR) / 1000;
    let reminder = format!("Reminder: **Meridian #1** on *Board Games Club*: your turn (turn 2).\nDue <t:{due}:F>");
    assert!(sent[0].starts_with(&reminder), "{}", sent[0]);
    clock.set(turn_two + 72 * HOUR + 2 * MINUTE);
    reminded(&fake, second, 2).await;

    // The first player resigns: the game is over, the result is out, and the thread is archived. Discord fails the
    // game's last board once: the game's later posts (the result) and the archive wait for that post's retry (5 s
    // later on the bot's clock), so the thread reads in order.
    fake.fail_next_post(thread);
    let resigned = fake.answer(fake.slash(thread, first, "resign", json!([]))).await;
    assert!(resigned.ephemeral, "{}", resigned.content);
    settle().await;
    let posted = |s: &State, said: &str| s.posts(thread).iter().any(|m| m.content.contains(said));
    assert!(!posted(&fake.state(), "\nFinal scores"), "the game's last post waits for its retry");
    assert!(!fake.state().archived.contains(&thread), "archived before the last board's retry");
    clock.set(turn_two + 72 * HOUR + 3 * MINUTE);
    let result = fake
        .wait(15, "the final scores", |s| {
            s.posts(thread).iter().find(|m| m.content.contains("\nFinal scores")).map(|m| (*m).clone())
        })
        .await;
    assert!(result.content.contains(&format!("Winner: {}.\nRatings: ", second.name)), "{}", result.content);
    fake.wait(15, "the finished game's thread archived", |s| s.archived.contains(&thread).then_some(())).await;
    let over = fake.state().posts(thread).iter().filter(|m| m.content.contains("The game is over.\n")).count();
    assert_eq!(over, 1, "the game's last post, posted once on its retry");
    for u in [ANA, BEN] {
        let told = fake.state().dms(u.id).iter().any(|m| m.content.starts_with("**Meridian #1** is over."));
        assert!(told, "{} is told the result", u.name);
    }

    // The record holds the timed-out turn as an ordinary pass, and replays.
    let export = fake.answer(fake.slash(CHANNEL, first, "export", json!([opt("game", 4, json!(1))]))).await;
    let record: Record = serde_json::from_slice(&export.files[0].bytes).unwrap();
    assert_eq!(record.moves.len(), 1);
    assert!(record.moves[0].is_pass());
    assert_eq!(record.players[0], first.name);
    let game = record.replay().unwrap();
    assert_eq!(game.to_move(), Some(1));
    let stats =
        fake.answer(fake.slash(CHANNEL, first, "stats", json!([opt("player", 6, json!(second.id.to_string()))])));
    let stats = stats.await;
    assert!(stats.ephemeral, "{}", stats.content);
    // `stats` is the profile now: the winner's rating after one game, from the pure model.
    let new = Rating::new(Model::WengLin);
    let won = Shown::of(&rate(Model::WengLin, &[new, new], &[0, 1])[0], Model::WengLin);
    let first_line = format!("{} at Meridian on this server: {won} (#1), 1 rated game, 1 won.", second.name);
    assert!(stats.content.starts_with(&first_line), "{}", stats.content);
    assert!(stats.content.contains(&format!("Met most: {} (1)", first.name)), "{}", stats.content);
    assert!(won.to_string().ends_with('?') && won.points > 1500, "{won}");
    // The leaderboard: both, the winner first, privately.
    let lost = Shown::of(&rate(Model::WengLin, &[new, new], &[0, 1])[1], Model::WengLin);
    let board = fake.answer(fake.slash(CHANNEL, first, "leaderboard", json!([]))).await;
    assert!(board.ephemeral, "{}", board.content);
    let lines = format!(
        "Meridian on this server, all time:\n1. {} {won} (1 game)\n2. {} {lost} (1 game)",
        second.name, first.name
    );
    assert!(board.content.starts_with(&lines), "{}", board.content);
    let month = fake.answer(fake.slash(CHANNEL, first, "leaderboard", json!([opt("period", 4, json!(1))])));
    let month = month.await;
    assert!(month.content.starts_with(&lines.replace("all time", "the last 30 days")), "{}", month.content);

    // The game's analysis follows in the thread, in one line, and the thread is archived again; `analysis` answers
    // each player privately (the player who never moved lost nothing).
    fake.wait(60, "the analysis in the thread", |s| {
        let ready =
            s.posts(thread).iter().filter(|m| m.content.starts_with("The analysis of game #1 is ready")).count();
        (ready == 1 && s.archived.contains(&thread)).then_some(())
    })
    .await;
    let analysis = |who: FakeUser| fake.answer(fake.slash(CHANNEL, who, "analysis", json!([opt("game", 4, json!(1))])));
    let moved = analysis(first).await;
    assert!(moved.ephemeral, "{}", moved.content);
    assert!(
        moved.content.starts_with("Your costliest moves in game #1")
            || moved.content.starts_with("None of your moves in game #1"),
        "{}",
        moved.content
    );
    let never_moved = analysis(second).await;
    assert_eq!(never_moved.content, "None of your moves in game #1 cost you anything the analysis could find.");
    // A game of one move makes no puzzle (issue 64): the command says where puzzles come from.
    let puzzle = fake.answer(fake.slash(CHANNEL, first, "puzzle", json!([]))).await;
    assert!(puzzle.ephemeral && !puzzle.has_live_controls(), "{puzzle:?}");
    assert_eq!(
        puzzle.content,
        "No puzzle for you yet: puzzles come from the moves of finished games that cost 20 points of chance or more, \
         once the game is analysed."
    );
    drop(child);
}

/// Private messages to `user` that start with `start`.
fn dms_starting(s: &State, user: FakeUser, start: &str) -> Vec<String> {
    s.dms(user.id).into_iter().filter(|m| m.content.starts_with(start)).map(|m| m.content.clone()).collect()
}

/// Waits for private messages to `user` starting with `start`, and returns them.
async fn sent_once(fake: &Fake, user: FakeUser, start: &str) -> Vec<String> {
    fake.wait(15, start, |s| {
        let sent = dms_starting(s, user, start);
        (!sent.is_empty()).then_some(sent)
    })
    .await
}

/// Kills the bot (SIGKILL) `after_ms` after the clock moved to `at`, and starts it again: whatever it was doing then
/// (claiming, sending, recording) is cut off.
async fn killed_at(
    fake: &Fake,
    dir: &Path,
    clock: &TestClock,
    child: &mut tokio::process::Child,
    at: i64,
    after_ms: u64,
) {
    clock.set(at);
    tokio::time::sleep(std::time::Duration::from_millis(after_ms)).await;
    child.kill().await.unwrap();
    *child = fake.launch_on(dir, clock);
}

/// Quiet hours and the digest through Discord, on a moving clock and across SIGKILLs (issue 46): a player in Paris
/// with quiet hours 22-8 and reminders every hour gets none in the night, then one message at 08:00 for all of them;
/// their digest at 09:00 comes once and replaces reminders. The bot is killed in the night, just as quiet hours end
/// and just as the digest is due: nothing is lost or repeated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_and_the_digest_across_sigkills() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let t0 = 1_783_706_400_000; // Friday 10 July 2026, 18:00 UTC (20:00 in Paris)
    let clock = TestClock::new(dir.path(), t0);
    let mut child = fake.launch_on(dir.path(), &clock);
    fake.connected(1).await;
    fake.register_user(BEN);
    // Both players live in Paris, want a reminder every hour and have quiet hours from 22:00 to 08:00.
    let set = |user: FakeUser, command: &str, options: Value| {
        fake.answer(fake.slash_under("settings", CHANNEL, user, command, options))
    };
    for user in [ANA, BEN] {
        set(user, "timezone", json!([opt("zone", 3, json!("Europe/Paris"))])).await;
        set(user, "reminders", json!([opt("hours", 4, json!(1))])).await;
        let quiet = set(user, "quiet", json!([opt("from", 4, json!(22)), opt("to", 4, json!(8))])).await;
        assert!(quiet.ephemeral, "{}", quiet.content);
        let said = "Quiet hours: no private message from me from 22:00 to 08:00 in your time zone";
        assert!(quiet.content.starts_with(said), "{}", quiet.content);
    }
    let refused = set(ANA, "quiet", json!([opt("from", 4, json!(22))])).await;
    assert_eq!(refused.content, "Give both hours (from and to), or neither to have no quiet hours.");
    let (thread, first) = started_with_ben(&fake).await;

    // 21:01 in Paris: a reminder. From 22:00, none (each is held).
    clock.set(t0 + HOUR + MINUTE);
    reminded(&fake, first, 1).await;
    clock.set(t0 + 2 * HOUR + 30 * MINUTE);
    settle().await;
    clock.set(t0 + 5 * HOUR + 30 * MINUTE);
    settle().await;
    killed_at(&fake, dir.path(), &clock, &mut child, t0 + 9 * HOUR, 100).await;
    fake.connected(2).await;
    settle().await;
    assert_eq!(reminders(&fake.state(), first).len(), 1, "nothing in quiet hours, across a restart");
    let digest = set(first, "digest", json!([opt("at", 4, json!(9))])).await;
    assert!(digest.content.starts_with("Your daily digest comes at 09:00 in your time zone"), "{}", digest.content);

    // 08:00 in Paris (06:00 UTC): one message for the night, however the bot is cut off just then.
    killed_at(&fake, dir.path(), &clock, &mut child, t0 + 12 * HOUR, 30).await;
    fake.connected(3).await;
    let link = format!("https://discord.com/channels/{GUILD_ID}/{thread}");
    let held = sent_once(&fake, first, "While your quiet hours lasted:").await;
    let head = "**Meridian #1** on *Board Games Club*: your turn (turn 1).";
    let line = format!("{head} 6 days 12 hours left, until Friday at 20:00 (Europe/Paris).");
    assert_eq!(held, [format!("While your quiet hours lasted:\n{line}\n{link}")]);

    // 09:00 in Paris: the digest, once, however the bot is cut off just then; no reminder beside it.
    killed_at(&fake, dir.path(), &clock, &mut child, t0 + 13 * HOUR, 30).await;
    fake.connected(4).await;
    let digests = sent_once(&fake, first, "One game is waiting for you:").await;
    let line = format!("{head} 6 days 11 hours left, until Friday at 20:00 (Europe/Paris).");
    assert_eq!(digests, [format!("One game is waiting for you:\n{line}\n{link}")]);
    clock.set(t0 + 16 * HOUR);
    settle().await;
    {
        let s = fake.state();
        assert_eq!(dms_starting(&s, first, "While your quiet hours lasted:").len(), 1);
        assert_eq!(dms_starting(&s, first, "One game is waiting for you:").len(), 1);
        assert_eq!(reminders(&s, first).len(), 1, "the digest replaces reminders");
    }
    child.kill().await.unwrap();
}

#[test]
fn fixtures_parse_as_serenity_types() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let fake = rt.block_on(Fake::start());
    let msg = Msg {
        id: 5,
        channel_id: 6,
        content: "hi".into(),
        files: vec![Attachment { id: 8, name: "board.png".into(), bytes: vec![1, 2, 3], description: None }],
        components: json!([]),
        ephemeral: false,
        nonce: Some("n".into()),
        ..Default::default()
    };
    serde_json::from_value::<serenity::Message>(message_json(&msg)).unwrap();
    for archived in [false, true] {
        let thread = serde_json::from_value::<serenity::GuildChannel>(thread_json(9, 6, archived)).unwrap();
        assert_eq!(thread.thread_metadata.unwrap().archived, archived);
    }
    serde_json::from_value::<serenity::PrivateChannel>(dm_json(10, ANA)).unwrap();
    serde_json::from_value::<serenity::Ready>(ready_json(&fake.base, [1, 4])).unwrap();
    let options = json!([opt("player2", 6, json!("12"))]);
    let resolved = json!({"users": {"12": user_json(BEN)}});
    let command = fake.command_json(
        1,
        "tok1",
        Call { root: "meridian", kind: 2, channel: CHANNEL, user: ANA, sub: "start", options, resolved },
    );
    match serde_json::from_value::<serenity::Interaction>(command).unwrap() {
        serenity::Interaction::Command(c) => assert_eq!(c.data.name, "meridian"),
        other => panic!("{other:?}"),
    }
    let call = Call {
        root: "meridian",
        kind: 4,
        channel: CHANNEL,
        user: ANA,
        sub: "play",
        options: json!([focused("card", 3)]),
        resolved: json!({}),
    };
    let auto = fake.command_json(2, "tok2", call);
    assert!(matches!(
        serde_json::from_value::<serenity::Interaction>(auto).unwrap(),
        serenity::Interaction::Autocomplete(_)
    ));
    let click = fake.component_json(3, "tok3", &msg, ANA, "lobby:1:join", None);
    assert!(matches!(
        serde_json::from_value::<serenity::Interaction>(click).unwrap(),
        serenity::Interaction::Component(_)
    ));
    let pick = fake.component_json(4, "tok4", &msg, ANA, "mv:1:0:_:_:_:_:0", Some(vec!["7".into()]));
    assert!(matches!(
        serde_json::from_value::<serenity::Interaction>(pick).unwrap(),
        serenity::Interaction::Component(_)
    ));
}

/// The game of a table, as Meridian.
fn meridian(table: &meridian_bot::service::Table) -> &meridian_bot::rules::meridian::Meridian {
    table.state().expect("a game of Meridian")
}
