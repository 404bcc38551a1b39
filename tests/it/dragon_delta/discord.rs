//! The real bot binary against the fake Discord, on a clock the test moves: a three-player game of Dragon Delta with
//! programmes laid by DM clicks and by `/delta program` (autocompleted card by card), one let run out, the round
//! resolved in the thread with each choice made from a DM or from the thread's My view button, a restart in the
//! middle of the round, a choice that runs out, and resignations ending the game; nothing secret in public.

use crate::support::fake_discord;

use fake_discord::*;
use meridian_bot::language::Lang;
use meridian_bot::pictures::words;
use meridian_bot::rules::dragon_delta::card::Card;
use meridian_bot::rules::dragon_delta::{DragonDelta, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::{Game, Seat, Viewer};
use meridian_bot::service::Service;
use meridian_bot::store::Status;
use serde_json::json;
use std::collections::HashSet;

const CHANNEL: u64 = 100;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
const BEN: FakeUser = FakeUser { id: 12, name: "ben" };
const CY: FakeUser = FakeUser { id: 13, name: "cy" };
use meridian_bot::clock::HOUR;
const MINUTE: i64 = 60_000;

async fn game(referee: &Service) -> DragonDelta {
    referee.game(1).await.unwrap().state::<DragonDelta>().unwrap().clone()
}

fn user_of(id: i64) -> FakeUser {
    [ANA, BEN, CY].into_iter().find(|u| u.id as i64 == id).unwrap()
}

/// The user whose choice the round waits for.
async fn awaited(referee: &Service) -> Option<FakeUser> {
    let table = referee.game(1).await.unwrap();
    let (seat, _) = table.state::<DragonDelta>()?.awaiting()?;
    Some(user_of(table.seat_row(seat).unwrap().user_id))
}

/// Every card name that could be in a programme.
fn card_names() -> Vec<String> {
    let dragons = ["red", "black", "blue", "green", "white", "yellow"].map(|c| format!("dragon-{c}"));
    Card::ACTIONS.iter().map(|c| c.to_string()).chain(dragons).collect()
}

/// The choice `user` is due for (the first option of each menu), made through the DM that called them (its menus
/// are of the game's version now), or with DMs closed through the My view button of the thread's post that pinged
/// them. Whether the DM caught up with moves since the player's last.
async fn choose(fake: &Fake, referee: &Service, thread: u64, user: FakeUser) -> bool {
    let version = referee.game(1).await.unwrap().row().version;
    let menus_of = format!("mv:1:{version}:");
    let called = |m: &&Msg| m.has_live_controls() && m.components.to_string().contains(&menus_of);
    let mut caught_up = false;
    let menus = if fake.state().closed_dms.contains(&user.id) {
        // Everything said of this version is out: the newest post that pinged them is their call.
        while !referee.pending(1).await.unwrap().is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let notice = fake
            .wait(15, "the call in the thread", |s| {
                let pinged = |m: &&Msg| m.pings.contains(&format!("user:{}", user.id));
                let view = |m: &&Msg| m.components.to_string().contains("\"hand:1\"");
                s.posts(thread).into_iter().rev().filter(pinged).find(view).cloned()
            })
            .await;
        let button = notice.components[0]["components"][0]["custom_id"].as_str().unwrap().to_string();
        let view = fake.answer(fake.click(user, notice.id, &button, None)).await;
        assert!(view.ephemeral && view.content.starts_with("Your cards in **Dragon Delta #1**."), "{}", view.content);
        view
    } else {
        let dm = fake.wait(15, "the your-turn DM", |s| s.dms(user.id).into_iter().rev().find(called).cloned()).await;
        // What happened since the player's last move, in words and on a board.
        caught_up = dm.content.contains("\nSince your last turn:\n• ");
        let catch_up = |f: &Attachment| f.name == "catch-up.png" || f.name == "catch-up.gif";
        assert_eq!(caught_up, dm.files.iter().any(catch_up), "{}", dm.content);
        dm
    };
    let preview = fake.choose_until_preview(user, menus.id, |_| 0).await;
    assert_eq!(preview.files[0].name, "preview.png");
    fake.confirm(user, &preview).await;
    caught_up
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_game_of_dragon_delta_on_discord() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let t0 = 1_790_000_000_000;
    let clock = TestClock::new(dir.path(), t0);
    let mut child = fake.launch_on(dir.path(), &clock);
    fake.connected(1).await;
    for u in [ANA, BEN, CY] {
        fake.register_user(u);
    }
    let invite = json!([opt("player2", 6, json!("12")), opt("player3", 6, json!("13"))]);
    let lobby = fake.answer(fake.slash_under("delta", CHANNEL, ANA, "start", invite)).await;
    assert!(lobby.content.contains("**Dragon Delta #1** is looking for players (2 to 6)"), "{}", lobby.content);
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN, CY]).await;
    let referee = referee(dir.path()).await;

    // Everyone is due at once: each gets a DM with their hand and the programme's first menu.
    for u in [ANA, BEN, CY] {
        let dm = fake
            .wait(15, "the programming DM", |s| {
                s.dms(u.id).into_iter().find(|m| m.content.contains("your turn")).cloned()
            })
            .await;
        assert_eq!(dm.files[0].name, "hand.png", "{}", u.name);
        assert_eq!(dm.components[0]["components"][0]["placeholder"], "Card 1 of 5");
    }

    // ana builds hers with clicks: card after card, a preview of the programme, Confirm.
    let preview = fake.play_by_dm(ANA).await;
    assert!(preview.content == "Lay this programme?" && preview.files[0].name == "preview.png", "{}", preview.content);
    // ben types his, each card autocompleted from his hand.
    let focused = json!([{"name": "cards", "type": 3, "value": "move ju", "focused": true}]);
    let offered = fake.autocomplete_under("delta", thread, BEN, "program", focused).await;
    let offered: Vec<&str> = offered.iter().map(|(_, v)| v.as_str().unwrap()).collect();
    assert_eq!(offered, ["move jump"]);
    let typed = json!([opt("cards", 3, json!("move jump take move-2 plank"))]);
    let laid = fake.answer(fake.slash_under("delta", thread, BEN, "program", typed)).await;
    assert!(laid.ephemeral && laid.content == "You have programmed.", "{}", laid.content);
    let again = json!([opt("cards", 3, json!("stone plank take move jump"))]);
    let refused = fake.answer(fake.slash_under("delta", thread, BEN, "program", again)).await;
    assert_eq!(refused.content, "Your programme for round 1 is laid already.", "a programme laid is final");
    fake.wait(15, "two programmes said", |s| {
        (s.posts(thread).iter().filter(|m| m.content.contains("has programmed")).count() == 2).then_some(())
    })
    .await;

    // cy lets the time run out: the default programme, and the round starts.
    clock.set(t0 + 72 * HOUR + MINUTE);
    let revealed = fake
        .wait(15, "cy's time-out and the first position", |s| {
            s.posts(thread).iter().find(|m| m.content.starts_with("cy's time ran out")).map(|m| m.content.clone())
        })
        .await;
    assert!(revealed.contains("cy has programmed. Position 1 revealed: "), "{revealed}");
    assert_eq!(game(&referee).await.programme(2).map(|_| ()), Some(()));
    let table = referee.game(1).await.unwrap();
    let cy_seat = (0..3).find(|&s| table.seat_row(s).unwrap().user_id == CY.id as i64).unwrap() as Seat;
    assert_eq!(game(&referee).await.programme(cy_seat), Some(Card::default_programme()));

    // The round resolves: each choice by DM (ben's from the thread: he closes his DMs), with a restart after the
    // second.
    fake.close_dms(BEN);
    let (mut choices, mut caught_up) = (0, 0);
    while choices < 4 {
        let Some(user) = awaited(&referee).await else { break };
        caught_up += usize::from(choose(&fake, &referee, thread, user).await);
        choices += 1;
        if choices == 2 {
            child.kill().await.unwrap();
            child = fake.launch_on(dir.path(), &clock);
            fake.connected(2).await;
        }
    }
    assert_eq!(choices, 4, "four choices in the first round");
    assert!(caught_up > 0, "a your-turn DM lists what happened since the player's last move");

    // A choice runs out (a day): the first option is taken for its player.
    let before = referee.game(1).await.unwrap().row().version;
    let late = awaited(&referee).await.expect("a choice is awaited");
    let posted = fake.state().posts(thread).len();
    clock.set(t0 + 72 * HOUR + 25 * HOUR);
    let ran_out = fake
        .wait(15, "the choice's time-out", |s| {
            let said = format!("{}'s time ran out", late.name);
            s.posts(thread)[posted..].iter().find(|m| m.content.starts_with(&said)).map(|m| m.content.clone())
        })
        .await;
    assert!(referee.game(1).await.unwrap().row().version > before, "{ran_out}");

    // ana and ben resign, one out of turn: cy is the last standing and wins.
    for u in [ANA, BEN] {
        let done = fake.answer(fake.slash_under("delta", thread, u, "resign", json!([]))).await;
        assert!(done.ephemeral, "{}", done.content);
    }
    let result = fake
        .wait(20, "the result", |s| {
            s.posts(thread).iter().find(|m| m.content.contains("\nWinner:")).map(|m| m.content.clone())
        })
        .await;
    assert!(result.contains(". The game is over.\nWinner: cy.\nRatings: "), "{result}");
    assert!(result.contains("cy 1500 → "), "{result}");
    fake.wait(15, "the thread archived", |s| s.archived.contains(&thread).then_some(())).await;
    assert_eq!(referee.game(1).await.unwrap().row().status, Status::Finished);

    // The record replays to the game the bot played.
    let export = fake.answer(fake.slash_under("delta", thread, CY, "export", json!([]))).await;
    assert_eq!(export.files[0].name, "dragon-delta-1.json");
    let record: Record = serde_json::from_slice(&export.files[0].bytes).unwrap();
    assert_eq!(record.replay().unwrap(), game(&referee).await);
    // The finished position in words, privately: a line a pawn, a player's material, the river.
    let said = fake.answer(fake.slash_under("delta", thread, ANA, "board", json!([opt("text", 5, json!(true))]))).await;
    let lines =
        words::dragon_delta::position(&record.replay().unwrap().view(Viewer::Public), &record.players, Lang::En);
    assert!(said.ephemeral && said.files.is_empty(), "{said:?}");
    assert_eq!(said.content, lines.join("\n"));
    assert!(said.content.starts_with("Dragon Delta, game over in round "), "{}", said.content);

    // Nothing secret in public: from the start to position 1's reveal, no card name was posted in the thread; nothing
    // was refused for breaking Discord's limits; every post pinged only users.
    let s = fake.state();
    let posts: Vec<&Msg> = s.posts(thread);
    let begins = posts.iter().position(|m| m.content.starts_with("Game #1 begins")).unwrap();
    let reveal = posts.iter().position(|m| m.content.contains("Position 1 revealed")).unwrap();
    assert_eq!(reveal - begins, 3, "the two programmes said, then the third with the first position");
    for post in &posts[begins..reveal] {
        let words: Vec<&str> = post.content.split([' ', ',', '.']).collect();
        for card in card_names() {
            assert!(!words.contains(&card.as_str()), "{card} in {}", post.content);
        }
    }
    assert_eq!(s.violations, Vec::<String>::new());

    // Every picture has its alt text; each thread picture's is the words of the public view at some point of the
    // game, so it names no card its picture does not show.
    assert_eq!(s.undescribed(), []);
    let names = record.players.clone();
    let mut said_in_public = HashSet::new();
    let mut start = record.clone();
    start.moves.clear();
    for game in std::iter::once(start.replay().unwrap()).chain(positions(&record)) {
        said_in_public.insert(words::dragon_delta::alt(&game.view(Viewer::Public), &names, Lang::En));
    }
    for file in posts.iter().flat_map(|p| &p.files) {
        let said = file.description.as_deref().unwrap_or_default();
        // The game animated says its last board's words after its own.
        let board = if file.name == "game.gif" { said.split_once(" The last: ").map_or("", |(_, b)| b) } else { said };
        assert!(said_in_public.contains(board), "{}: {said}", file.name);
    }
    drop(s);
    drop(child);
}

/// The game after each move of `record`.
fn positions(record: &Record) -> Vec<DragonDelta> {
    let mut out = Vec::new();
    record.replay_with(|game, _| out.push(game.clone())).unwrap();
    out
}
