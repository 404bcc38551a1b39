//! The real bot binary against the fake Discord: a whole game of Contrées through `/contrees` commands (every option
//! autocompleting exactly the legal labels) and through DM menus, with a restart in the middle.

use crate::support::fake_discord;

use fake_discord::*;
use meridian_bot::language::Lang;
use meridian_bot::pictures::words;
use meridian_bot::rules::contrees::{Action, Contrees, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::{Game as _, Viewer};
use meridian_bot::service::{Service, Table};
use serde_json::{json, Value};

const CHANNEL: u64 = 100;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
const BEN: FakeUser = FakeUser { id: 12, name: "ben" };

fn contrees(table: &Table) -> &Contrees {
    table.state().expect("a game of Contrées")
}

fn focused(name: &str) -> Value {
    json!({"name": name, "type": 3, "value": "", "focused": true})
}

/// The player whose turn the thread's last board announces.
fn to_play(s: &State, thread: u64) -> Option<FakeUser> {
    let last = s.posts(thread).last().filter(|m| !m.files.is_empty())?.content.clone();
    let turn = [ANA, BEN].into_iter().find(|u| last.ends_with(&format!(" <@{}>", u.id)))?;
    let called = format!("{} to play (turn ", turn.name);
    assert!(last.contains(&called) || last.contains(&format!("{} plays first.", turn.name)), "{last}");
    Some(turn)
}

fn labels(choices: &[(String, Value)]) -> Vec<String> {
    choices.iter().map(|(_, v)| v.as_str().unwrap().to_string()).collect()
}

/// Plays one turn of `user` with `/contrees lay` or `place` (or `pass`), every label from autocomplete, each list
/// exactly the legal labels.
async fn play_by_command(fake: &Fake, referee: &Service, thread: u64, user: FakeUser) {
    let game = contrees(&referee.game(1).await.unwrap()).clone();
    let ask = |sub: &'static str, options: Value| fake.autocomplete_under("contrees", thread, user, sub, options);
    let (interaction, said) = if game.phase() == 1 {
        let firsts = labels(&ask("lay", json!([focused("first")])).await);
        let expected: Vec<String> = game.open_places().into_iter().map(|p| p.label).take(25).collect();
        assert_eq!(firsts, expected, "the places open for a first land");
        let first = firsts.last().unwrap().clone();
        let seconds = labels(&ask("lay", json!([opt("first", 3, json!(first)), focused("second")])).await);
        let (mut after, seat) = (game.clone(), game.to_move().unwrap());
        let first_land = after.position_at(&first).unwrap();
        after.play(seat, &Action::land(first_land)).unwrap();
        let expected: Vec<String> = after.open_places().into_iter().map(|p| p.label).take(25).collect();
        assert_eq!(seconds, expected, "the places open once the first land is laid");
        let second_land = after.position_at(&seconds[0]).unwrap();
        after.play(seat, &Action::land(second_land)).unwrap();
        let letter = |land| after.view(Viewer::Public).letter(land).unwrap();
        let said = format!("You laid land {}. You laid land {}.", letter(first_land), letter(second_land));
        let options = json!([opt("first", 3, json!(first)), opt("second", 3, json!(seconds[0]))]);
        (fake.slash_under("contrees", thread, user, "lay", options), said)
    } else {
        let spots_offered = labels(&ask("place", json!([focused("spot")])).await);
        let expected: Vec<String> = game.open_spots().into_iter().map(|s| s.0).take(25).collect();
        assert_eq!(spots_offered, expected, "the corners open");
        match spots_offered.last() {
            Some(spot) => {
                let place = fake.slash_under("contrees", thread, user, "place", json!([opt("spot", 3, json!(spot))]));
                (place, format!("You built at {spot}"))
            }
            None => {
                let pass = fake.slash_under("contrees", thread, user, "pass", json!([]));
                (pass, "You passed (no tower or no open corner left).".to_string())
            }
        }
    };
    let answer = fake.answer(interaction).await;
    // A tower built may take lands and demolish towers, said after it.
    assert!(answer.ephemeral && answer.content.starts_with(&said), "{} is not {said}", answer.content);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_contrees_on_discord_with_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let mut child = fake.bot_command(dir.path()).spawn().unwrap();
    fake.connected(1).await;
    for u in [ANA, BEN] {
        fake.register_user(u);
    }
    let lobby =
        fake.answer(fake.slash_under("contrees", CHANNEL, ANA, "start", json!([opt("opponent", 6, json!("12"))])));
    let lobby = lobby.await;
    assert!(
        lobby.content.contains("**Contrées #1** is looking for players (2). Seated: ana. Invited: ben"),
        "{}",
        lobby.content
    );
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    fake.wait(15, "the first board", |s| (s.posts(thread).len() > 1).then_some(())).await;
    let referee = referee(dir.path()).await;

    let mut turns = 0;
    loop {
        if turns == 10 {
            // Kill the bot mid-game (in phase 2) and start it again on the same database.
            child.kill().await.unwrap();
            child = fake.bot_command(dir.path()).spawn().unwrap();
            fake.connected(2).await;
        }
        if referee.game(1).await.unwrap().row().status != meridian_bot::store::Status::Active {
            break;
        }
        let user = fake.wait(15, "whose turn it is", |s| to_play(s, thread)).await;
        // The player due gets a DM for this turn, with the board and the menus.
        let note = format!("**Contrées #1** on *Board Games Club*: your turn (turn {}).", turns + 1);
        let dm = fake
            .wait(15, "the your-turn DM", |s| s.dms(user.id).into_iter().find(|m| m.content.contains(&note)).cloned())
            .await;
        assert!(dm.components != json!([]), "{}", dm.content);
        let shown = ["board.png", "catch-up.png", "catch-up.gif"];
        assert!(shown.contains(&dm.files[0].name.as_str()), "{}", dm.files[0].name);
        if turns % 2 == 0 {
            play_by_command(&fake, &referee, thread, user).await;
        } else {
            let preview = fake.play_by_dm(user).await;
            let asked = ["Lay land ", "Build at ", "Pass (no tower"].iter().any(|a| preview.content.starts_with(a));
            assert!(
                asked && preview.content.ends_with('?') && preview.files[0].name == "preview.png",
                "{}",
                preview.content
            );
        }
        turns += 1;
        // The invitation, the first board, and a board for each turn.
        fake.wait(20, "the board after the turn", |s| (s.posts(thread).len() > turns + 1).then_some(())).await;
        assert!(turns < 200, "the game ends");
    }
    let result = fake
        .wait(20, "the final scores", |s| {
            s.posts(thread).iter().find(|m| m.content.contains("\nFinal scores")).map(|m| (*m).clone())
        })
        .await;
    fake.wait(15, "the finished game's thread archived", |s| s.archived.contains(&thread).then_some(())).await;

    // The record replays to the game the bot played; the result says its winner.
    let export = fake.answer(fake.slash_under("contrees", thread, ANA, "export", json!([]))).await;
    assert_eq!(export.files[0].name, "contrees-1.json");
    let record: Record = serde_json::from_slice(&export.files[0].bytes).unwrap();
    let game = record.replay().unwrap();
    assert_eq!(&game, contrees(&referee.game(1).await.unwrap()));
    // The finished position in words, privately: one line a player and a land.
    let said =
        fake.answer(fake.slash_under("contrees", thread, BEN, "board", json!([opt("text", 5, json!(true))]))).await;
    let lines = words::contrees::position(&game.view(Viewer::Public), &record.players, Lang::En);
    assert!(said.ephemeral && said.files.is_empty() && lines.len() > 2 + 16, "{said:?}");
    assert_eq!(said.content, lines.join("\n"));
    let winners: Vec<&str> = game.leaders().iter().map(|s| record.players[usize::from(s)].as_str()).collect();
    assert!(result.content.contains(&format!("Winner: {}.\nRatings: ", winners.join(" and "))), "{}", result.content);
    assert_eq!(record.moves.len(), 16 + turns - 8, "two lands a turn for 8 turns, then one move a turn");

    // One board a turn and nothing twice across the restart; every payload within Discord's limits.
    let posts: Vec<Msg> = fake.state().posts(thread).into_iter().cloned().collect();
    // The last turn's post is the game's last: its board and its result.
    assert_eq!(posts.len(), 1 + 1 + turns, "{:#?}", posts.iter().map(|p| &p.content).collect::<Vec<_>>());
    assert!(fake.state().violations.is_empty(), "{:?}", fake.state().violations);

    // Every picture has its alt text; each thread board's says a position of the game (after a whole turn).
    assert_eq!(fake.state().undescribed(), []);
    let mut start = record.clone();
    start.moves.clear();
    let mut positions = vec![start.replay().unwrap()];
    record.replay_with(|game, _| positions.push(game.clone())).unwrap();
    let said: Vec<String> =
        positions.iter().map(|g| words::contrees::alt(&g.view(Viewer::Public), &record.players, Lang::En)).collect();
    for file in posts.iter().flat_map(|p| &p.files) {
        let described = file.description.as_deref().unwrap_or_default();
        // The game animated says its last board's words after its own.
        let board = if file.name == "game.gif" {
            described.split_once(" The last: ").map_or("", |(_, b)| b)
        } else {
            described
        };
        assert!(said.iter().any(|s| s == board), "{described}");
    }
    drop(child);
}

const CY: FakeUser = FakeUser { id: 13, name: "cy" };

/// The thread's last post with buttons whose first (Accept) has a custom id starting `kind:`, and that id.
fn last_buttons(s: &State, thread: u64, kind: &str) -> Option<(Msg, String)> {
    let m = s.posts(thread).into_iter().rev().find(|m| m.components != json!([]))?;
    let id = m.components[0]["components"][0]["custom_id"].as_str()?.to_string();
    id.starts_with(&format!("{kind}:")).then(|| (m.clone(), id))
}

/// The bot against the fake Discord, with ana, ben and cy known to it, and ana's game of Contrées against ben started
/// in its thread: the fake, the bot, the thread, and a referee reading the bot's database.
async fn ana_and_ben(dir: &std::path::Path) -> (Fake, tokio::process::Child, u64, Service) {
    let fake = Fake::start().await;
    let child = fake.bot_command(dir).spawn().unwrap();
    fake.connected(1).await;
    for u in [ANA, BEN, CY] {
        fake.register_user(u);
    }
    fake.answer(fake.slash_under("contrees", CHANNEL, ANA, "start", json!([opt("opponent", 6, json!("12"))]))).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    (fake, child, thread, referee(dir).await)
}

/// Seats and undos on Discord (issue 47): `/contrees undo` and its Accept button, then `/contrees substitute`
/// and its Accept button, every payload held to Discord's API description; the leaving player's old menu refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undo_and_a_substitute_through_commands_and_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, child, thread, referee) = ana_and_ben(dir.path()).await;

    // Two turns: the second player asks to take theirs back; the first agrees with the button.
    // ben's menu of his first turn is kept, to be clicked once his seat has changed hands.
    let ben_live = |s: &State| {
        let m = s.dms(BEN.id).into_iter().rev().find(|m| m.has_live_controls())?;
        Some((m.id, m.components[0]["components"][0]["custom_id"].as_str()?.to_string()))
    };
    let first = fake.wait(15, "whose turn it is", |s| to_play(s, thread)).await;
    let mut ben_menu = None;
    if first == BEN {
        ben_menu = Some(fake.wait(15, "ben's menu", ben_live).await);
    }
    play_by_command(&fake, &referee, thread, first).await;
    let second = fake.wait(15, "the second turn", |s| to_play(s, thread).filter(|&u| u != first)).await;
    if second == BEN {
        ben_menu = Some(fake.wait(15, "ben's menu", ben_live).await);
    }
    play_by_command(&fake, &referee, thread, second).await;
    fake.wait(15, "the first player due again", |s| to_play(s, thread).filter(|&u| u == first)).await;
    let asked = fake.answer(fake.slash_under("contrees", thread, second, "undo", json!([]))).await;
    assert!(
        asked.ephemeral && asked.content.starts_with("The other players of game #1 are asked"),
        "{}",
        asked.content
    );
    let (invite, accept) = fake.wait(15, "the undo's buttons", |s| last_buttons(s, thread, "undo")).await;
    assert_eq!(accept, "undo:1:4:accept");
    assert!(invite.content.starts_with(&format!("{} asks to undo their last move in game #1 (", second.name)));
    assert_eq!(invite.pings, [format!("user:{}", first.id)]);
    let refused = fake.answer(fake.click(second, invite.id, &accept, None)).await;
    assert!(refused.ephemeral && refused.content.starts_with("No undo of game #1 is waiting for your answer"));
    fake.answer(fake.click(first, invite.id, &accept, None)).await;
    let shown = fake
        .wait(15, "the board shown again", |s| {
            s.posts(thread).last().filter(|m| m.content.contains("move is undone")).map(|m| (*m).clone())
        })
        .await;
    assert!(shown.content.starts_with(&format!("{}'s move is undone (", second.name)), "{}", shown.content);
    assert_eq!(shown.files[0].name, "board.png");
    assert_eq!(referee.game(1).await.unwrap().row().version, 5);
    assert_eq!(fake.wait(15, "the second player due again", |s| to_play(s, thread)).await, second);

    // ben hands his seat to cy (the host would need ben's Accept too), who accepts; ben's menus answer that the seat
    // changed hands.
    let (ben_menu, custom_id) = ben_menu.unwrap();
    // Due again after the undo, ben has menus in hand: they go with his seat.
    let due_menu = if second == BEN { Some(fake.wait(15, "ben's menu again", ben_live).await.0) } else { None };
    let options = json!([opt("player", 6, json!("12")), opt("new", 6, json!("13"))]);
    let offered = fake.answer(fake.slash_under("contrees", thread, BEN, "substitute", options)).await;
    assert_eq!(offered.content, "cy is asked in the thread of game #1 to take over ben's seat.");
    let (offer, accept) = fake.wait(15, "the seat's buttons", |s| last_buttons(s, thread, "seat")).await;
    let seat = referee.game(1).await.unwrap().seat_of(BEN.id as i64).unwrap();
    assert_eq!(accept, format!("seat:1:{seat}:accept"));
    assert_eq!(offer.pings, ["user:13"]);
    let took = fake.answer(fake.click(CY, offer.id, &accept, None)).await;
    assert_eq!(took.content, "You play ben's seat in game #1 from now on: your view comes privately.");
    fake.wait(15, "the thread told", |s| {
        s.posts(thread).iter().any(|m| m.content == "cy takes over ben's seat.").then_some(())
    })
    .await;
    // Menus in hand are retired; a click on an old one (or one that raced its retiring) is told why.
    if let Some(menu) = due_menu {
        let gone = |s: &State| {
            let button = &s.message(menu)?.components[0]["components"][0];
            (button["disabled"] == json!(true)).then(|| button["label"].as_str().unwrap_or_default().to_string())
        };
        assert_eq!(fake.wait(15, "ben's menu retired", gone).await, "Your seat went to someone else");
    }
    let old = fake.click(BEN, ben_menu, &custom_id, Some(vec!["0".to_string()]));
    let answer = fake
        .wait(15, "ben's old menu answered", |s| {
            let f = *s.interactions[&old].followups.last()?;
            s.message(f).cloned()
        })
        .await;
    assert_eq!(answer.content, "Your seat in game #1 has changed hands: cy plays it now.");
    assert!(fake.state().violations.is_empty(), "{:?}", fake.state().violations);
    drop(child);
}

/// Fair play on Discord (issue 59): the host's `/contrees substitute` for ben, who is playing, waits for ben's Accept
/// as well as cy's. ben's DMs are closed: the Accept asked of him privately is not said again in the thread (he is
/// asked there already), so he is pinged once. cy accepts first and is told his Accept is kept; ben's Accept hands
/// the seat over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_is_playing_gives_up_their_seat_only_with_their_accept() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, child, thread, referee) = ana_and_ben(dir.path()).await;
    fake.wait(15, "whose turn it is", |s| to_play(s, thread)).await;
    fake.close_dms(BEN);
    let before = fake.state().posts(thread).len();

    let options = json!([opt("player", 6, json!("12")), opt("new", 6, json!("13"))]);
    let offered = fake.answer(fake.slash_under("contrees", thread, ANA, "substitute", options)).await;
    let both = "cy is asked in the thread of game #1 to take over ben's seat, and ben to agree: they are playing.";
    assert_eq!(offered.content, both);
    let invite_to = |user: FakeUser| {
        move |s: &State| {
            let pinged = format!("user:{}", user.id);
            let seat_button =
                |m: &&Msg| m.components[0]["components"][0]["custom_id"].as_str()?.starts_with("seat:").then_some(());
            s.posts(thread).into_iter().find(|m| seat_button(m).is_some() && m.pings.contains(&pinged)).cloned()
        }
    };
    let to_cy = fake.wait(15, "cy asked", invite_to(CY)).await;
    let to_ben = fake.wait(15, "ben asked", invite_to(BEN)).await;
    assert!(
        to_ben.content.starts_with("ben, you are asked to hand your seat in **Contrées #1** to cy"),
        "{}",
        to_ben.content
    );
    let seat = referee.game(1).await.unwrap().seat_of(BEN.id as i64).unwrap();
    let accept = format!("seat:1:{seat}:accept");
    let kept = fake.answer(fake.click(CY, to_cy.id, &accept, None)).await;
    let agreed = "Your Accept is kept for game #1: the seat changes hands once the other player accepts too.";
    assert_eq!((kept.ephemeral, kept.content.as_str()), (true, agreed));
    assert_eq!(referee.game(1).await.unwrap().seat_of(CY.id as i64), None);
    let let_go = fake.answer(fake.click(BEN, to_ben.id, &accept, None)).await;
    assert_eq!(let_go.content, "cy plays your seat in game #1 from now on. Thank you for playing.");
    fake.wait(15, "the thread told", |s| {
        s.posts(thread).iter().any(|m| m.content == "cy takes over ben's seat.").then_some(())
    })
    .await;
    assert_eq!(referee.game(1).await.unwrap().seat_of(CY.id as i64), Some(seat));
    // Delivered in order, the private ask came before: ben was pinged once in the thread about it (his your-turn
    // note, if it came after his DMs closed, is said there too, and is another matter).
    let state = fake.state();
    let pinged: Vec<&str> = state.posts(thread)[before..]
        .iter()
        .filter(|m| m.pings.contains(&format!("user:{}", BEN.id)) && m.content.contains("hand your seat"))
        .map(|m| m.content.as_str())
        .collect();
    assert_eq!(pinged.len(), 1, "{pinged:?}");
    assert!(state.violations.is_empty(), "{:?}", state.violations);
    drop(state);
    drop(child);
}
