//! Messages players are glad to get (issue 60), the real bot against the fake Discord: one notice a turn for the
//! player to move (their DM, or one ping in the thread when DMs do not reach them, why said once a game), a your-turn
//! DM that says which game on which server, by when and where, menus and buttons retired once what they ask is over
//! (a typed move, a time-out, an answered invitation), the lobby's message showing how the game ended, one post at
//! the end, and names as the server shows them.

use crate::support::fake_discord;

use fake_discord::*;
use meridian_bot::rules::meridian::Meridian;
use meridian_bot::service::Service;
use serde_json::json;

const CHANNEL: u64 = 100;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
const BEN: FakeUser = FakeUser { id: 12, name: "ben" };
const T0: i64 = 1_700_000_000_000;
const DAY: i64 = 24 * 3_600_000;

/// The only button of a message whose controls were retired: its label, if it is disabled.
fn retired(m: &Msg) -> Option<String> {
    let button = &m.components[0]["components"][0];
    (button["disabled"] == json!(true)).then(|| button["label"].as_str().unwrap_or_default().to_string())
}

/// The players of game 1 in turn order, as the fake knows them.
async fn in_turn_order(referee: &Service) -> [FakeUser; 2] {
    let table = referee.game(1).await.unwrap();
    let first = table.seat_row(table.due().iter().next().unwrap()).unwrap().user_id;
    if first == ANA.id as i64 {
        [ANA, BEN]
    } else {
        [BEN, ANA]
    }
}

/// `user` passes with a typed `/meridian pass` in the thread.
async fn pass_typed(fake: &Fake, referee: &Service, thread: u64, user: FakeUser) {
    let moves = referee.legal_moves::<Meridian>(1, user.id as i64).await.unwrap();
    let card = moves.iter().find(|m| m.is_pass()).unwrap().card.to_string();
    let done = fake.answer(fake.slash(thread, user, "pass", json!([opt("card", 3, json!(card))]))).await;
    assert!(done.ephemeral, "{}", done.content);
}

/// Waits for `user`'s newest DM with menus they may still use.
async fn live_dm(fake: &Fake, user: FakeUser, after: u64) -> Msg {
    let newest = |s: &State| s.dms(user.id).into_iter().rev().find(|m| m.id > after && m.has_live_controls()).cloned();
    fake.wait(15, "a DM with live menus", newest).await
}

/// The thread's posts after message `after` that pinged `user`.
fn pings_after(s: &State, thread: u64, after: u64, user: FakeUser) -> Vec<String> {
    let pinged = |m: &&Msg| m.id > after && m.pings.contains(&format!("user:{}", user.id));
    s.posts(thread).into_iter().filter(pinged).map(|m| m.content.clone()).collect()
}

/// The bot on a clock the test moves, ana and ben known to it with their server nicknames, ana's game of Meridian
/// against ben started: the fake, the bot, the lobby's message, the thread, a referee.
async fn started(dir: &std::path::Path) -> (Fake, tokio::process::Child, TestClock, Msg, u64, Service) {
    let fake = Fake::start().await;
    let clock = TestClock::new(dir, T0);
    let child = fake.launch_on(dir, &clock);
    fake.connected(1).await;
    for u in [ANA, BEN] {
        fake.register_user(u);
    }
    fake.set_nick(ANA, "Ana the Bold");
    fake.set_nick(BEN, "Benny");
    let lobby = fake.answer(fake.slash(CHANNEL, ANA, "start", json!([opt("player2", 6, json!("12"))]))).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    (fake, child, clock, lobby, thread, referee(dir).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_turn_calls_its_player_once_with_a_note_that_stands_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot, _clock, _lobby, thread, referee) = started(dir.path()).await;
    let [first, second] = in_turn_order(&referee).await;
    let names = |u: FakeUser| if u == ANA { "Ana the Bold" } else { "Benny" };

    // The invitation's buttons go once the game has started.
    let invitation = fake.state().posts(thread)[0].clone();
    let started = |s: &State| retired(s.message(invitation.id)?).filter(|l| l == "The game has started");
    fake.wait(15, "the invitation's buttons retired", started).await;

    // The first board names the player due without a ping: their DM is their notice, and it stands alone.
    let board = fake.wait(15, "the first board", |s| s.posts(thread).get(1).map(|m| (*m).clone())).await;
    assert!(board.content.ends_with(&format!("{} plays first. <@{}>", names(first), first.id)), "{}", board.content);
    assert_eq!(board.pings, Vec::<String>::new());
    let note = live_dm(&fake, first, 0).await;
    let link = format!("https://discord.com/channels/{GUILD_ID}/{thread}");
    let deadline = (T0 + 3 * DAY) / 1000;
    let head = "**Meridian #1** on *Board Games Club*: your turn (turn 1).";
    assert_eq!(note.content, format!("{head}\nDue <t:{deadline}:F> (<t:{deadline}:R>).\n{link}"));

    // Closed DMs are found out at the next note: the thread says why, once, pinging its player once.
    fake.wait(15, "the second player's hand at the start", |s| (!s.dms(second.id).is_empty()).then_some(())).await;
    fake.close_dms(second);
    let before = fake.state().posts(thread).last().unwrap().id;
    pass_typed(&fake, &referee, thread, first).await;
    let played = |s: &State| retired(s.message(note.id)?).filter(|l| l == "Played");
    fake.wait(15, "the note's menus retired after a typed move", played).await;
    let told =
        |s: &State| (pings_after(s, thread, before, second).len() == 1).then(|| pings_after(s, thread, before, second));
    let told = fake.wait(15, "the second player called in the thread", told).await;
    let head = format!("<@{}>, **Meridian #1** on *Board Games Club*: your turn (turn 2).", second.id);
    assert!(told[0].starts_with(&head), "{}", told[0]);
    assert!(told[0].contains("I cannot send you private messages (your DMs are closed)"), "{}", told[0]);

    // Their next turn: the move's post itself pings them, with My view, and nothing else does.
    pass_typed(&fake, &referee, thread, second).await;
    let note = live_dm(&fake, first, note.id).await;
    assert!(
        note.content.starts_with("**Meridian #1** on *Board Games Club*: your turn (turn 3).\n"),
        "{}",
        note.content
    );
    assert!(note.content.contains(&format!("Since your last turn:\n• {} passed", names(second))), "{}", note.content);
    let before = fake.state().posts(thread).last().unwrap().id;
    pass_typed(&fake, &referee, thread, first).await;
    let board = |s: &State| s.posts(thread).into_iter().find(|m| m.id > before && !m.files.is_empty()).cloned();
    let board = fake.wait(15, "the board of turn 3", board).await;
    assert!(board.content.ends_with(&format!("{} to play (turn 4). <@{}>", names(second), second.id)));
    assert_eq!(board.pings, [format!("user:{}", second.id)]);
    assert_eq!(board.components[0]["components"][0]["custom_id"], json!("hand:1"));
    all_sent(&referee).await;
    assert_eq!(pings_after(&fake.state(), thread, before, second).len(), 1);
    assert_eq!(fake.take_violations(), Vec::<String>::new());
}

/// Waits until the bot has sent everything its games had to say.
async fn all_sent(referee: &Service) {
    for _ in 0..300 {
        if referee.pending(1).await.unwrap().is_empty() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the outbox is still not empty after 15 s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_that_runs_out_retires_its_menus_and_the_next_note_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot, clock, _lobby, thread, referee) = started(dir.path()).await;
    let [first, second] = in_turn_order(&referee).await;
    let note = live_dm(&fake, first, 0).await;
    clock.set(T0 + 3 * DAY + 1);
    let ran_out = |s: &State| retired(s.message(note.id)?).filter(|l| l == "Ran out: played for you");
    fake.wait(15, "the note's menus retired when the turn ran out", ran_out).await;
    live_dm(&fake, second, 0).await;
    pass_typed(&fake, &referee, thread, second).await;
    let next = live_dm(&fake, first, note.id).await;
    let said = "Your last turn ran out and was played for you: 2 more in a row resign you.";
    assert!(next.content.contains(said), "{}", next.content);
    assert!(
        next.content.starts_with("**Meridian #1** on *Board Games Club*: your turn (turn 3).\n"),
        "{}",
        next.content
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_message_shows_how_the_game_ended() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot, _clock, lobby, thread, referee) = started(dir.path()).await;
    let link = format!("https://discord.com/channels/{GUILD_ID}/{thread}");

    // Names in turn order, which the draw decides.
    let [first, second] = in_turn_order(&referee).await.map(|u| if u == ANA { "Ana the Bold" } else { "Benny" });
    // Ana resigns: one post ends the game (the result and the ratings, with the final board), and the lobby says it.
    fake.answer(fake.slash(thread, ANA, "resign", json!([]))).await;
    let over = |s: &State| s.message(lobby.id).filter(|m| m.content.contains("is over")).cloned();
    let shown = fake.wait(15, "the lobby's message with the result", over).await;
    let over = format!("**Meridian #1** is over. Final scores: {first} 0, {second} 0. Winner: Benny.\nRatings: ");
    assert!(shown.content.starts_with(&over), "{}", shown.content);
    assert!(shown.content.ends_with(&format!("\n{link}")), "{}", shown.content);
    assert_eq!(shown.components, json!([]));
    let posts: Vec<Msg> = fake.state().posts(thread).into_iter().cloned().collect();
    let end: Vec<&Msg> = posts.iter().filter(|m| m.content.contains("The game is over.")).collect();
    assert_eq!(end.len(), 1, "{:#?}", posts.iter().map(|m| &m.content).collect::<Vec<_>>());
    assert_eq!(
        end[0].files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(),
        ["board.png", "result.png", "game.gif"]
    );
    assert!(end[0].content.starts_with("Ana the Bold resigned"), "{}", end[0].content);
    let change = |name: &str| {
        if name == "Benny" {
            "1500 → 1578 (+78, provisional)"
        } else {
            "1500 → 1422 (-78, provisional)"
        }
    };
    let ratings = format!("Ratings: {first} {}, {second} {}.", change(first), change(second));
    assert!(end[0].content.contains(&ratings), "{}", end[0].content);

    // A lobby abandoned by its host: its message says so, and the invitation's buttons go.
    let lobby = fake.answer(fake.slash(CHANNEL, ANA, "start", json!([opt("player2", 6, json!("12"))]))).await;
    let thread = fake.wait(15, "the second thread", |s| s.threads.keys().copied().filter(|&t| t != thread).max()).await;
    let invitation = fake.wait(15, "the invitation", |s| s.posts(thread).first().map(|m| m.id)).await;
    fake.answer(fake.slash(CHANNEL, ANA, "abandon", json!([opt("game", 4, json!(2))]))).await;
    let abandoned = |s: &State| s.message(lobby.id).filter(|m| m.content.contains("abandoned")).cloned();
    let shown = fake.wait(15, "the lobby's message abandoned", abandoned).await;
    assert!(shown.content.starts_with("**Meridian #2** was abandoned. Nobody wins."), "{}", shown.content);
    let closed = |s: &State| retired(s.message(invitation)?).filter(|l| l == "The lobby closed");
    fake.wait(15, "the invitation's buttons retired", closed).await;
    assert_eq!(fake.take_violations(), Vec::<String>::new());
}
