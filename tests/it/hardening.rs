//! The real bot against the fake Discord, tried as a stranger and as an unlucky operator would: games seen and
//! abandoned only from their own server and channel, players invited rather than seated, pings only where meant,
//! answers that fit Discord's limits, a move chosen privately with Back, commands refused where a game cannot live,
//! tokens kept out of the log, and a start-up that waits Discord out or stops.

use crate::support::en;
use crate::support::fake_discord;

use fake_discord::*;
use meridian_bot::language::Lang;
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::{Place, ServiceError, User};
use meridian_bot::store::Status;
use serde_json::json;
use std::time::Duration;

const CHANNEL: u64 = 100;
const OTHER_CHANNEL: u64 = 200;
const FAR_CHANNEL: u64 = 300;
const FAR_GUILD: u64 = 8;
const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
const BEN: FakeUser = FakeUser { id: 12, name: "ben" };
const CY: FakeUser = FakeUser { id: 13, name: "cy" };
/// A display name that would ping everyone and a role if the bot let it.
const EVE: FakeUser = FakeUser { id: 14, name: "@everyone <@&55> the Magnificent" };
const MOD: FakeUser = FakeUser { id: 15, name: "mod" };

/// The thread of the game opened in `channel`.
async fn thread_of(fake: &Fake, channel: u64) -> u64 {
    fake.wait(15, "the game's thread", |s| s.threads.iter().find(|(_, &p)| p == channel).map(|(&t, _)| t)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_invitations_pings_and_answers_that_fit() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    // Logged as JSON, one object a line, as a log shipper reads them.
    let _bot = fake.bot_command(dir.path()).env("LOG_FORMAT", "json").spawn().unwrap();
    fake.connected(1).await;
    for u in [ANA, BEN, CY, EVE, MOD] {
        fake.register_user(u);
    }
    let referee = referee(dir.path()).await;

    // A game is not started in a private conversation, and nothing is written.
    let dm = fake.open_dm(ANA);
    let refused = fake.answer(fake.slash(dm, ANA, "start", json!([]))).await;
    assert!(refused.ephemeral && refused.content.contains("in a server's channel"), "{}", refused.content);

    // Naming a player invites them: the lobby pings nobody, the thread pings them once, with Join and Decline.
    let lobby = fake.answer(fake.slash(CHANNEL, EVE, "start", json!([opt("player2", 6, json!("11"))]))).await;
    assert!(lobby.content.ends_with("Invited: ana (they answer in the thread)."), "{}", lobby.content);
    assert!(lobby.pings.is_empty(), "{:?}", lobby.pings);
    let thread = thread_of(&fake, CHANNEL).await;
    let invitation = fake.wait(15, "the invitation", |s| s.posts(thread).first().map(|m| (*m).clone())).await;
    assert_eq!(invitation.pings, ["user:11"]);
    assert!(invitation.content.starts_with(&format!("{} invites you to play Meridian (game #1).", EVE.name)));
    assert!(matches!(referee.game(1).await, Err(ServiceError::NotStarted(1))), "not seated without asking");
    fake.accept_invitation(thread, &[ANA]).await;
    let board = fake.wait(15, "the first board", |s| s.posts(thread).get(1).map(|m| (*m).clone())).await;
    let first = referee.game(1).await.unwrap().seats()[0].user_id;
    // It names the player to move without a ping: their DM is their one notice.
    assert!(board.content.ends_with(&format!(" <@{first}>")), "{}", board.content);
    assert_eq!(board.pings, Vec::<String>::new(), "the board pings nobody whose DMs reach them");
    let lobby = fake.state().message(lobby.id).unwrap().content.clone();
    assert!(lobby.contains("The game is on"), "the lobby's message follows the invitation: {lobby}");

    // Nor in a thread: a game gets a thread of its own.
    let refused = fake.answer(fake.slash(thread, ANA, "start", json!([]))).await;
    assert!(refused.ephemeral && refused.content.starts_with("This is a thread"), "{}", refused.content);
    assert!(matches!(referee.find(2, Some(GUILD_ID as i64), 11).await, Err(ServiceError::NoSuchGame(2))));

    // Where the bot may not open threads, the lobby is refused and forgotten: nothing left to join, nothing counted.
    fake.refuse_threads(OTHER_CHANNEL);
    let start = fake.slash(OTHER_CHANNEL, ANA, "start", json!([]));
    let (lobby, refused) = fake
        .wait(15, "the refusal", |s| {
            let answers: Vec<&Msg> = s.interactions[&start].followups.iter().filter_map(|&m| s.message(m)).collect();
            let refused = answers.iter().find(|m| m.content.starts_with("I cannot open a thread in this channel"))?;
            Some(((*answers[0]).clone(), (*refused).clone()))
        })
        .await;
    assert!(refused.ephemeral);
    assert_eq!(lobby.content, "Meridian #2 could not open its thread here.");
    assert_eq!(lobby.components, json!([]), "no buttons to a lobby that is gone");
    assert!(matches!(referee.find(2, Some(GUILD_ID as i64), ANA.id as i64).await, Err(ServiceError::NoSuchGame(2))));
    fake.state().no_threads.clear();

    // From another server, game #1 does not exist, whatever the permissions there; in another channel of its own
    // server, managing threads gives no right over it.
    fake.set_guild(FAR_CHANNEL, FAR_GUILD);
    for channel in [FAR_CHANNEL, OTHER_CHANNEL] {
        fake.set_permissions(channel, MOD, MANAGE_THREADS);
    }
    let far = fake.answer(fake.slash(FAR_CHANNEL, CY, "board", json!([opt("game", 4, json!(1))]))).await;
    assert!(far.ephemeral && far.content == "There is no game #1.", "{}", far.content);
    let far = fake.answer(fake.slash(FAR_CHANNEL, MOD, "abandon", json!([opt("game", 4, json!(1))]))).await;
    assert!(far.ephemeral && far.content == "There is no game #1.", "{}", far.content);
    let near = fake.answer(fake.slash(OTHER_CHANNEL, MOD, "abandon", json!([opt("game", 4, json!(1))]))).await;
    assert!(near.content.starts_with("Only the host of game #1 can abandon it"), "{}", near.content);
    assert_eq!(referee.game(1).await.unwrap().row().status, Status::Active);

    // Forty-five moves; their log in words is longer than a message: the newest that fit, saying how many are left
    // out.
    for _ in 0..45 {
        let table = referee.game(1).await.unwrap();
        let user = table.seat_row(meridian(&table).to_move().unwrap()).unwrap().user_id;
        let moves = referee.legal_moves::<meridian_bot::rules::meridian::Meridian>(1, user).await.unwrap();
        let mv = moves.iter().rev().find(|m| !m.is_pass()).unwrap_or(&moves[0]);
        referee.act(1, user, table.row().version, mv, None).await.unwrap();
    }
    let lines: Vec<String> = referee.log(1, 45).await.unwrap().iter().map(en).collect();
    assert!(lines.iter().map(|l| l.chars().count() + 1).sum::<usize>() > 2000, "the test needs a long log");
    let log = fake.answer(fake.slash(thread, ANA, "log", json!([opt("count", 4, json!(45))]))).await;
    assert!(log.content.chars().count() <= 2000);
    let shown: Vec<&str> = log.content.lines().collect();
    let kept = shown.len() - 1;
    assert_eq!(shown[0], format!("…{} earlier moves left out (they do not fit one message).", 45 - kept));
    assert_eq!(shown[1..], lines[45 - kept..].iter().map(String::as_str).collect::<Vec<_>>());

    // Forty games in progress: the list is cut, saying how many more.
    for host in 0..40 {
        let host = User { id: 1_000 + host, name: format!("{host:02}-{}", "h".repeat(29)) };
        let place = Place { guild_id: Some(GUILD_ID as i64), channel_id: CHANNEL as i64, lang: Lang::En };
        let id = referee.open_lobby(place, &host, Options::default(), &[], &[]).await.unwrap();
        referee.join(id, &User { id: ANA.id as i64, name: ANA.name.into() }).await.unwrap();
    }
    let games = fake.answer(fake.slash(CHANNEL, ANA, "games", json!([]))).await;
    assert!(games.content.chars().count() <= 2000);
    let listed = games.content.lines().count() - 1;
    assert_eq!(games.content.lines().last().unwrap(), format!("…and {} more", 41 - listed));

    // A card name of 6,000 characters: a short refusal quoting its start.
    let long = "x".repeat(6000);
    let options = json!([
        opt("card", 3, json!(long)),
        opt("meridian", 4, json!(1)),
        opt("height", 4, json!(2)),
        opt("row", 4, json!(1))
    ]);
    let refused = fake.answer(fake.slash(thread, ANA, "play", options)).await;
    assert!(refused.ephemeral && refused.content.starts_with("There is no card \"xxxx"), "{}", refused.content);
    // Its first 40 characters, then the player's face-up cards and the commands that play them.
    assert!(refused.content.chars().count() < 300, "{}", refused.content);

    // Discord never answers a post in game #1's thread: the other games go on meanwhile.
    fake.hang(thread);
    let table = referee.game(1).await.unwrap();
    let user = table.seat_row(meridian(&table).to_move().unwrap()).unwrap().user_id;
    let pass = referee
        .legal_moves::<meridian_bot::rules::meridian::Meridian>(1, user)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.is_pass())
        .unwrap();
    referee.act(1, user, table.row().version, &pass, None).await.unwrap();
    fake.wait(15, "the hung post", |s| (s.hung > 0).then_some(())).await;

    // With DMs closed, a move is chosen from the thread's My view button, every step private; Back goes back to the
    // choices.
    fake.close_dms(CY);
    fake.answer(fake.slash(OTHER_CHANNEL, BEN, "start", json!([opt("player2", 6, json!("13"))]))).await;
    let other = thread_of(&fake, OTHER_CHANNEL).await;
    fake.accept_invitation(other, &[CY]).await;
    let game = referee.find(42, Some(GUILD_ID as i64), BEN.id as i64).await.unwrap();
    if referee.game(game).await.unwrap().seats()[0].user_id == BEN.id as i64 {
        let moves = referee.legal_moves::<meridian_bot::rules::meridian::Meridian>(game, BEN.id as i64).await.unwrap();
        referee.act(game, BEN.id as i64, 0, &moves[0], None).await.unwrap();
    }
    let notice = fake
        .wait(15, "CY's turn said in the thread", |s| {
            // The post that calls CY to play pings them, My view beneath it: the board after BEN's move, or (CY
            // first) the start's note their closed DMs turned away.
            let my_view = |m: &Msg| {
                m.components[0]["components"][0]["custom_id"].as_str().is_some_and(|id| id.starts_with("hand:"))
            };
            let notice = |m: &&Msg| m.pings == ["user:13"] && m.has_live_controls() && my_view(m);
            s.posts(other).into_iter().rev().find(notice).map(|m| m.id)
        })
        .await;
    let button = fake.state().message(notice).unwrap().components[0]["components"][0]["custom_id"].clone();
    let hand = fake.answer(fake.click(CY, notice, button.as_str().unwrap(), None)).await;
    assert!(hand.ephemeral && hand.content.starts_with("Your cards in **Meridian #42**."), "{}", hand.content);
    let preview = fake.choose_until_preview(CY, hand.id, |_| 0).await;
    // CY's first card, then its first meridian (or the pass), as the menus offer them.
    let asked = preview.content.starts_with("Play ") || preview.content.starts_with("Pass, discarding ");
    assert!(preview.ephemeral && asked && preview.content.ends_with('?'), "{}", preview.content);
    assert_eq!(preview.files[0].name, "preview.png");
    let back = preview.components[0]["components"][1]["custom_id"].as_str().unwrap().to_string();
    let click = fake.click(CY, preview.id, &back, None);
    let again = fake
        .wait(15, "the choices again", |s| {
            let m = s.message(preview.id).unwrap();
            (s.interactions[&click].answers == [6] && m.content.ends_with("choose again.")).then(|| m.clone())
        })
        .await;
    assert!(again.files.is_empty(), "the preview's picture goes with it");
    assert!(again.components[0]["components"][0]["placeholder"] == "Choose a card", "{:?}", again.components);
    let preview = fake.choose_until_preview(CY, preview.id, |_| 0).await;
    assert!(preview.ephemeral);
    fake.confirm(CY, &preview).await;
    let public = fake.state().posts(other).iter().filter(|m| m.content == preview.content).count();
    assert_eq!(public, 0, "nothing of the move's choice in public");

    assert_eq!(fake.state().hung, 1, "game #1's post still hangs, and held nothing else up");
    fake.unhang(thread);

    // A failure whose error carries the interaction's URL: logged, without the token.
    fake.fail_followups(true);
    let click = fake.click(CY, notice, button.as_str().unwrap(), None);
    let token = format!("tok{click}");
    let log_file = dir.path().join("bot.log");
    for _ in 0..100 {
        if std::fs::read_to_string(&log_file).unwrap().contains("could not answer a failed click") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    fake.fail_followups(false);
    let log = std::fs::read_to_string(&log_file).unwrap();
    assert!(log.contains("/webhooks/900/***"), "the failure was logged: {log}");
    assert!(!log.contains(&token) && !log.contains("fake-token"), "a token in the log: {log}");
    for line in log.lines() {
        let event: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(event["timestamp"].is_string() && event["level"].is_string(), "{line}");
        assert!(event["message"].is_string() && event["target"].is_string(), "{line}");
    }
    let failed = log.lines().find(|l| l.contains("could not answer a failed click")).unwrap();
    assert!(failed.contains(r#""level":"WARN""#) && failed.contains(r#""error":"#), "{failed}");

    // In the game's own thread, someone who may manage its threads may abandon it.
    fake.set_permissions(CHANNEL, MOD, MANAGE_THREADS);
    let done = fake.answer(fake.slash(thread, MOD, "abandon", json!([]))).await;
    assert_eq!(done.content, "Game #1 is abandoned.");

    // Through all of it: nothing refused for breaking Discord's limits, and nobody pinged but users meant.
    let s = fake.state();
    assert_eq!(s.violations, Vec::<String>::new());
    for m in &s.messages {
        assert!(m.pings.iter().all(|p| p.starts_with("user:")), "{:?} in {}", m.pings, m.content);
        if m.content.contains('@') {
            assert!(m.allowed_mentions.is_some(), "no allowed_mentions on {}", m.content);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn everyone_in_before_the_thread_is_opened_still_starts_the_game_in_its_thread() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let _bot = fake.bot_command(dir.path()).spawn().unwrap();
    fake.connected(1).await;
    for u in [ANA, BEN, CY] {
        fake.register_user(u);
    }
    // Discord is slow to open the thread; meanwhile both invited players press Join on the lobby's message.
    fake.hold_threads(true);
    let start =
        fake.slash(CHANNEL, ANA, "start", json!([opt("player2", 6, json!("12")), opt("player3", 6, json!("13"))]));
    let lobby = fake.answer(start).await;
    for user in [BEN, CY] {
        fake.click(user, lobby.id, "lobby:1:join", None);
    }
    let seated = fake.wait(15, "both seated", |s| {
        let text = &s.message(lobby.id)?.content;
        (text.contains("ben") && text.contains("cy") && !text.contains("Invited")).then(|| text.clone())
    });
    assert!(seated.await.contains("looking for players"), "not started before its thread");
    fake.hold_threads(false);
    let thread = thread_of(&fake, CHANNEL).await;
    fake.wait(20, "the first board, in the thread", |s| {
        s.posts(thread).iter().any(|m| m.content.starts_with("Game #1 begins.") && !m.files.is_empty()).then_some(())
    })
    .await;
    fake.wait(15, "the lobby saying the game is on", |s| {
        s.message(lobby.id).filter(|m| m.content.contains("The game is on")).map(|_| ())
    })
    .await;
    let state = fake.state();
    let channel: Vec<&str> = state.posts(CHANNEL).iter().map(|m| m.content.as_str()).collect();
    assert_eq!(channel.len(), 1, "the channel has the lobby's message only: {channel:?}");
    assert!(
        state.posts(thread).iter().all(|m| m.components == json!([]) || !m.content.contains("invites")),
        "nobody invited again"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_waits_discord_out_and_stops_when_refused() {
    // Discord fails twice: the bot tries again, says so, and connects with its commands.
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    fake.fail_registrations(&[503, 503]);
    let _bot = fake.bot_command(dir.path()).spawn().unwrap();
    fake.connected(1).await;
    assert_eq!(fake.state().registrations, 3);
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert_eq!(log.matches("cannot register the slash commands; trying again").count(), 2, "{log}");
    assert!(log.contains("trying again in 0.005 s") && log.contains("trying again in 0.01 s"), "doubling: {log}");

    // Discord keeps failing: after five more tries (half a minute at the default wait) the bot stops, with a non-zero status, rather than sit deaf.
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    fake.fail_registrations(&[503; 6]);
    let mut bot = fake.bot_command(dir.path()).spawn().unwrap();
    let status = tokio::time::timeout(Duration::from_secs(60), bot.wait()).await.expect("the bot stops").unwrap();
    assert_eq!(status.code(), Some(1));
    assert_eq!(fake.state().registrations, 6, "the first try and five more");
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(log.contains("cannot register the slash commands with Discord: Service Unavailable"), "{log}");

    // Discord refuses the commands: the bot stops at once, with a non-zero status, rather than sit deaf.
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    fake.fail_registrations(&[400]);
    let mut bot = fake.bot_command(dir.path()).spawn().unwrap();
    let status = tokio::time::timeout(Duration::from_secs(20), bot.wait()).await.expect("the bot stops").unwrap();
    assert_eq!(status.code(), Some(1));
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(log.contains("cannot register the slash commands with Discord"), "{log}");
    assert_eq!(fake.state().registrations, 1);
}

/// The game of a table, as Meridian.
fn meridian(table: &meridian_bot::service::Table) -> &meridian_bot::rules::meridian::Meridian {
    table.state().expect("a game of Meridian")
}
