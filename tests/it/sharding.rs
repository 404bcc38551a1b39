//! Two bot processes on one PostgreSQL database, each running half of 4 gateway shards, against the fake Discord:
//! 200 games in 4 servers (one per shard) started and played by scripted players; one process killed with SIGKILL
//! in the middle of the moves and started again. Every interaction is answered (done or refused) unless the killed
//! process had it, and the player's retry is then refused or done; no move is lost or applied twice; each effect
//! is posted once (only one the killed process had under way may be posted again, with its nonce, after the
//! restart); every reminder and time-out happens exactly once, shared between the processes. Started at once, the
//! two take Discord's identify slots in turn (the fake refuses an IDENTIFY sooner than 5 s after the last).
//! Needs `TEST_POSTGRES_URL` (`bash .ci/test` sets it); skipped with a note without it.

use crate::support::databases;
use crate::support::fake_discord;

use databases::{postgres_server, TestDb};
use fake_discord::*;
use meridian_bot::clock::SystemClock;
use meridian_bot::service::Service;
use meridian_bot::store::Backend;
use serde_json::json;
use std::collections::HashMap;
use std::time::{Duration, Instant};

const GAMES: u64 = 200;
const SHARDS: u64 = 4;
/// Where every process's gateway ranges come from: process A runs shards 0 and 1, B runs 2 and 3.
const RANGES: [&str; 2] = ["0-1/4", "2-3/4"];
use meridian_bot::clock::HOUR;

/// A server whose events Discord sends to `shard` (of [`SHARDS`]).
fn guild_on(shard: u64) -> u64 {
    ((1_000 * SHARDS + shard) << 22) | 77
}

fn player(id: u64) -> FakeUser {
    FakeUser { id, name: Box::leak(format!("p{id}").into_boxed_str()) }
}

fn launch(fake: &Fake, dir: &std::path::Path, url: &str, shards: &str, clock: &TestClock) -> tokio::process::Child {
    let mut command = fake.bot_command(dir);
    command.env("DATABASE_URL", url).env("SHARDS", shards).env("FAKE_CLOCK_FILE", &clock.path);
    command.spawn().unwrap()
}

/// Waits until every shard has an open session, identified with the total.
async fn all_shards_up(fake: &Fake) {
    fake.wait(60, "every shard connected", |s| {
        let up = (0..SHARDS).all(|k| s.sessions.iter().any(|x| x.open && x.shard == k && x.total == SHARDS));
        (up && !s.commands.is_empty()).then_some(())
    })
    .await;
}

/// Interactions answered so far among `ids`.
fn answered(s: &State, ids: &[u64]) -> usize {
    ids.iter().filter(|&&id| s.answer(id).is_some()).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_200_games_across_4_shards_through_a_sigkill() {
    if postgres_server().is_none() {
        eprintln!("TEST_POSTGRES_URL is not set: two processes on one PostgreSQL are not tested");
        return;
    }
    let db = TestDb::new(Backend::Postgres).await;
    let fake = Fake::start().await;
    let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let t0 = 1_790_000_000_000;
    let clock = TestClock::new(dirs[0].path(), t0);
    let a = launch(&fake, dirs[0].path(), db.url(), RANGES[0], &clock);
    let _b = launch(&fake, dirs[1].path(), db.url(), RANGES[1], &clock);
    all_shards_up(&fake).await;
    // Started at once, the two processes took Discord's identify slots in turn: four identifies, none refused (the
    // fake refuses one sooner than five seconds after the last).
    assert_eq!(fake.state().identifies.len(), 4);
    assert_eq!(fake.state().violations, Vec::<String>::new());
    let referee = Service::new(db.open().await, std::sync::Arc::new(SystemClock), Service::random_seeds());

    // 200 games, 50 in each server, each with two players.
    let channel = |g: u64| 50_000 + g;
    let (host, guest) = (|g: u64| player(10_000 + 2 * g), |g: u64| player(10_001 + 2 * g));
    for g in 0..GAMES {
        fake.set_guild(channel(g), guild_on(g % SHARDS));
        fake.register_user(host(g));
        fake.register_user(guest(g));
    }
    let starts: Vec<u64> = (0..GAMES)
        .map(|g| {
            let options = json!([{"name": "player2", "type": 6, "value": guest(g).id.to_string()}]);
            fake.slash(channel(g), host(g), "start", options)
        })
        .collect();
    fake.wait(120, "every lobby", |s| (answered(s, &starts) == starts.len()).then_some(())).await;
    let threads: HashMap<u64, u64> = fake
        .wait(60, "every game's thread", |s| {
            let threads: HashMap<u64, u64> = s.threads.iter().map(|(&t, &c)| (c, t)).collect();
            (threads.len() == GAMES as usize).then_some(threads)
        })
        .await;
    for g in 0..GAMES {
        fake.accept_invitation(threads[&channel(g)], &[guest(g)]).await;
    }
    // Both processes answered: the servers are spread over all the shards.
    let by_shard = |s: &State, ids: &[u64], k: u64| {
        ids.iter().filter(|id| s.interactions[id].session.is_some_and(|i| s.sessions[i].shard == k)).count()
    };
    assert!((0..SHARDS).all(|k| by_shard(&fake.state(), &starts, k) == 50), "50 lobbies on each shard");

    // The game each thread holds, started.
    let mut games = Vec::new();
    for g in 0..GAMES {
        let thread = threads[&channel(g)];
        let id = referee.game_in_thread(thread as i64).await.unwrap().unwrap();
        fake.wait(60, "the first board", |s| s.posts(thread).iter().any(|m| !m.files.is_empty()).then_some(())).await;
        games.push((g, thread, id));
    }

    // Every first player passes, all at once: half the moves, then the other half, and process A is killed while
    // they come in, then started again.
    let mut moves = Vec::new();
    for &(g, thread, id) in &games {
        let table = referee.game(id).await.unwrap();
        let seat = usize::from(table.due().iter().next().unwrap());
        let user = if table.seats()[seat].user_id as u64 == host(g).id { host(g) } else { guest(g) };
        let legal = referee.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, user.id as i64).await.unwrap();
        let pass = legal.iter().find(|m| m.is_pass()).unwrap();
        moves.push((g, thread, id, user, pass.card.to_string()));
    }
    // A player's DMs come on shard 0 (process A) whatever the server: four games of process B's servers are played
    // through their DM menus.
    let by_dm: Vec<usize> = (0..moves.len()).filter(|&g| g as u64 % SHARDS >= 2).take(4).collect();
    for &g in &by_dm {
        let (_, _, id, user, _) = &moves[g];
        let before = fake.state().interactions.keys().max().copied().unwrap_or(0);
        fake.play_by_dm(*user).await;
        assert_eq!(referee.game(*id).await.unwrap().row().version, 1);
        let s = fake.state();
        let clicks: Vec<_> = s.interactions.iter().filter(|(&k, _)| k > before).collect();
        assert!(clicks.len() >= 2, "menus, a preview and Confirm");
        assert!(clicks.iter().all(|(_, i)| i.session.is_some_and(|x| s.sessions[x].shard == 0)), "on shard 0");
    }
    let moves: Vec<_> = moves.into_iter().enumerate().filter(|(g, _)| !by_dm.contains(g)).map(|(_, m)| m).collect();
    let send = |&(_, thread, _, user, ref card): &(u64, u64, i64, FakeUser, String)| {
        fake.slash(thread, user, "pass", json!([{"name": "card", "type": 3, "value": card}]))
    };
    let mut ids: Vec<u64> = moves[..moves.len() / 2].iter().map(send).collect();
    fake.wait(60, "some moves done", |s| (answered(s, &ids) >= 20).then_some(())).await;
    ids.extend(moves[moves.len() / 2..].iter().map(send));
    let killed: Vec<usize> = {
        let s = fake.state();
        (0..s.sessions.len()).filter(|&i| s.sessions[i].open && s.sessions[i].shard < 2).collect()
    };
    assert_eq!(killed.len(), 2, "process A ran shards 0 and 1");
    let mut a = a;
    // SIGKILL. Its sessions count as open until the fake sees their connections end: waiting for every shard to be
    // up before that could count the dead ones, and send the retries below to nobody.
    a.kill().await.unwrap();
    fake.wait(30, "the killed process's sessions closed", |s| {
        killed.iter().all(|&i| !s.sessions[i].open).then_some(())
    })
    .await;
    // From here on nothing of the killed process arrives: a request it had under way when it died may have landed
    // until its connections were seen closed.
    let killed_at = Instant::now();

    let _a = launch(&fake, dirs[0].path(), db.url(), RANGES[0], &clock);
    all_shards_up(&fake).await;
    // Whatever the killed process did not answer was its own; everything else is answered.
    fake.wait(30, "every move sent to a live process answered", |s| {
        let answered = |i: usize| s.answer(ids[i]).is_some();
        let on_killed = |i: usize| s.interactions[&ids[i]].session.is_some_and(|x| killed.contains(&x));
        (0..moves.len()).all(|i| answered(i) || on_killed(i)).then_some(())
    })
    .await;
    let lost: Vec<usize> = {
        let s = fake.state();
        let unanswered: Vec<usize> = (0..moves.len()).filter(|&i| s.answer(ids[i]).is_none()).collect();
        for &i in &unanswered {
            let session = s.interactions[&ids[i]].session;
            assert!(session.is_some_and(|x| killed.contains(&x)), "move {i} unanswered on a live process");
        }
        for (&id, (.., card)) in ids.iter().zip(&moves) {
            if let Some(answer) = s.answer(id) {
                let said = format!("You passed, discarding {card}.");
                assert!(answer.ephemeral && answer.content == said, "{}", answer.content);
            }
        }
        unanswered
    };
    // The players whose answer never came try again: done if their move was lost, refused if it was made.
    let mut made_before = 0;
    for &i in &lost {
        let made = referee.game(moves[i].2).await.unwrap().row().version == 1;
        made_before += usize::from(made);
        let again = fake.answer(send(&moves[i])).await;
        match made {
            true => assert!(again.content.contains("turn, not yours"), "{}", again.content),
            false => assert_eq!(again.content, format!("You passed, discarding {}.", moves[i].4)),
        }
    }
    eprintln!("{} moves unanswered by the killed process ({made_before} of them made), tried again", lost.len());
    // Exactly one move per game, each in the log once.
    for &(_, _, id) in &games {
        assert_eq!(referee.game(id).await.unwrap().row().version, 1, "game #{id}");
    }
    settled(&referee).await;

    // A day later, every second player is reminded once, by one process or the other.
    clock.set(t0 + 25 * HOUR);
    fake.wait(60, "a reminder in every game", |s| (reminders(s) == GAMES as usize).then_some(())).await;
    settled(&referee).await;
    assert_eq!(reminders(&fake.state()), GAMES as usize, "each reminder once");
    // Three days after the move, every second player's turn runs out once.
    clock.set(t0 + 73 * HOUR);
    let ran_out = |s: &State| -> Vec<usize> {
        let told = |t: u64| s.posts(t).iter().filter(|m| m.content.contains("time ran out")).count();
        games.iter().map(|&(_, t, _)| told(t)).collect()
    };
    fake.wait(90, "a time-out in every game", |s| ran_out(s).iter().all(|&n| n >= 1).then_some(())).await;
    settled(&referee).await;
    assert!(ran_out(&fake.state()).iter().all(|&n| n == 1), "each time-out once");
    for &(_, _, id) in &games {
        assert_eq!(referee.game(id).await.unwrap().row().version, 2, "game #{id}: one move and one time-out");
    }

    // Each effect was posted once; one sent again is one the killed process had under way, first sent before the
    // kill and again after it. Nothing broke Discord's limits.
    let s = fake.state();
    let mut sends: HashMap<&str, Vec<Instant>> = HashMap::new();
    for (nonce, when) in &s.sends {
        sends.entry(nonce.as_str()).or_default().push(*when);
    }
    let again: Vec<_> = sends.iter().filter(|(_, w)| w.len() > 1).collect();
    for (nonce, when) in &again {
        assert!(when.len() == 2 && when[0] < killed_at && when[1] > killed_at, "{nonce} sent {when:?}");
    }
    eprintln!("{} posts and DMs, {} sent again after the kill", sends.len(), again.len());
    assert!(s.violations.is_empty(), "{:?}", s.violations);
}

/// Reminders received, all players together.
fn reminders(s: &State) -> usize {
    s.messages.iter().filter(|m| s.is_dm(m.channel_id) && m.content.starts_with("Reminder:")).count()
}

/// Waits until nothing is left to deliver, and a little longer for anything that would come twice.
pub(crate) async fn settled(referee: &Service) {
    let deadline = Instant::now() + Duration::from_secs(120);
    let sql = "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND set_aside IS NULL";
    loop {
        let mut tx = referee.store().read().await.unwrap();
        let (left,): (i64,) = meridian_bot::on!(tx, c => sqlx::query_as(sql).fetch_one(c).await.unwrap());
        if left == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "{left} deliveries still pending");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
}
