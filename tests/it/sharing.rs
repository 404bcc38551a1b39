//! Several processes on one database, on both backends: two services, each with its own store (its own connection
//! pool and claim name, as two processes have), acting at the same moment. The database alone decides: the same
//! move from both applies once; outbox deliveries are claimed by one process each, a dead process's claims are
//! taken over once their lease ends, and a restarted one releases its own at once; due reminders and time-outs are
//! shared and each handled once. Leases are judged by the database's clock, so processes whose clocks disagree by
//! hours still send each effect once, and a claim taken over is settled only by its new holder.

use crate::support::databases;

use databases::{each_backend, leases_run_out, TestDb};
use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::TurnClock;
use meridian_bot::service::{deliver_forever, Courier, Outcome, Pace, Payload, Place, Service, ServiceError, User};
use meridian_bot::store::seats::{self, Alarm};
use meridian_bot::store::LEASE_MS;
use std::collections::BTreeSet;
use std::sync::Arc;

const PLACE: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
use meridian_bot::clock::HOUR;

/// A "process" on `db`: its own store, claims named `name`, time from `clock`.
async fn process(db: &TestDb, name: &str, clock: &FakeClock) -> Service {
    Service::new(db.open().await.named(name), Arc::new(clock.clone()), Arc::new(|| 11))
}

/// `count` started 2-player games (users 2g+1 and 2g+2) with a one-day turn limit and 12-hour reminders.
async fn games(svc: &Service, count: i64) -> Vec<i64> {
    let options = Options {
        clock: TurnClock { turn_limit_days: Some(1), reminder_hours: Some(12), ..TurnClock::default() },
        ..Options::default()
    };
    let mut ids = Vec::new();
    for g in 0..count {
        let host = User { id: 2 * g + 1, name: format!("h{g}") };
        let id = svc.open_lobby(PLACE, &host, options.clone(), &[], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        svc.join(id, &User { id: 2 * g + 2, name: format!("g{g}") }).await.unwrap();
        svc.start(id, host.id).await.unwrap();
        ids.push(id);
    }
    ids
}

async fn count(svc: &Service, sql: &str) -> i64 {
    let mut tx = svc.store().read().await.unwrap();
    meridian_bot::on!(tx, c => sqlx::query_as::<_, (i64,)>(sql).fetch_one(c).await.unwrap()).0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_move_from_two_processes_applies_once() {
    each_backend(|db| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let (a, b) = (process(&db, "a", &clock).await, process(&db, "b", &clock).await);
        let id = games(&a, 1).await[0];
        for round in 0..12 {
            let table = b.game(id).await.unwrap();
            let seat = table.due().iter().next().unwrap();
            let user = table.seat_row(seat).unwrap().user_id;
            let mv = a.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, user).await.unwrap()[0];
            let version = table.row().version;
            let (x, y) = tokio::join!(
                a.act(id, user, version, &mv, Some(2 * round)),
                b.act(id, user, version, &mv, Some(2 * round + 1))
            );
            let applied = [&x, &y].iter().filter(|r| r.as_ref().is_ok_and(|acted| !acted.duplicate)).count();
            assert_eq!(applied, 1, "round {round}: {x:?} {y:?}");
            let refused = [x, y].into_iter().find_map(Result::err).unwrap();
            assert!(
                matches!(refused, ServiceError::MovedOn { .. } | ServiceError::NotYourTurn(_)),
                "round {round}: {refused:?}"
            );
            assert_eq!(a.game(id).await.unwrap().row().version, version + 1);
        }
        assert_eq!(count(&a, "SELECT COUNT(*) FROM moves").await, 12);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deliveries_are_claimed_once_and_a_dead_process_s_claims_are_taken_over() {
    each_backend(|db| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let (a, b) = (process(&db, "a", &clock).await, process(&db, "b", &clock).await);
        let ids = games(&a, 10).await;
        // Both claim at once: each game's first effect goes to one of them.
        let (x, y) = tokio::join!(a.claim(5, 5, &[]), b.claim(5, 5, &[]));
        let (x, y) = (x.unwrap(), y.unwrap());
        let games_of =
            |rows: &[meridian_bot::store::OutboxRow]| rows.iter().map(|r| r.game_id).collect::<BTreeSet<_>>();
        assert_eq!((x.len(), y.len()), (5, 5));
        assert!(games_of(&x).is_disjoint(&games_of(&y)));
        assert_eq!(games_of(&x).union(&games_of(&y)).copied().collect::<Vec<_>>(), ids);
        // Process a dies holding its claims: b finds nothing until their lease ends, then takes them over.
        assert!(b.claim(10, 10, &[]).await.unwrap().is_empty());
        leases_run_out(b.store()).await;
        let taken = b.claim(10, 10, &[]).await.unwrap();
        assert_eq!(games_of(&taken), games_of(&x).union(&games_of(&y)).copied().collect());
        assert!(taken.iter().all(|r| r.attempts == 2), "each try counted");
        // A process started again under a's name releases a's claims at once, and only those.
        for row in &taken {
            b.settle(row, &Outcome::Retry("Discord is down".into())).await.unwrap();
        }
        clock.advance(LEASE_MS);
        let (x, y) = tokio::join!(a.claim(5, 0, &[]), b.claim(5, 0, &[]));
        assert!(x.unwrap().is_empty() && y.unwrap().is_empty(), "retries wait for a free slot");
        let x = a.claim(5, 5, &[]).await.unwrap();
        let y = b.claim(5, 5, &[]).await.unwrap();
        assert_eq!((x.len(), y.len()), (5, 5));
        drop(a);
        let again = process(&db, "a", &clock).await;
        assert_eq!(again.release_claims().await.unwrap(), 5);
        assert_eq!(games_of(&again.claim(10, 10, &[]).await.unwrap()), games_of(&x), "a's, not b's");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_time_outs_are_shared_and_each_happens_once() {
    each_backend(|db| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let (a, b) = (process(&db, "a", &clock).await, process(&db, "b", &clock).await);
        let ids = games(&a, 30).await;
        // 12 hours before each turn runs out: its warning, which stands for the reminder due then (both are DMs of
        // the reminder kind), once across the two processes.
        clock.advance(12 * HOUR + 1);
        let (x, y) = tokio::join!(a.tick(), b.tick());
        let (x, y) = (x.unwrap(), y.unwrap());
        assert_eq!((x.warned + y.warned, x.reminded + y.reminded), (30, 0), "{x:?} {y:?}");
        let reminders = "SELECT COUNT(*) FROM outbox WHERE effect LIKE '%\"type\":\"reminder\"%'";
        assert_eq!(count(&a, reminders).await, 30);
        clock.advance(12 * HOUR);
        let (x, y) = tokio::join!(a.tick(), b.tick());
        let (x, y) = (x.unwrap(), y.unwrap());
        assert_eq!((x.timed_out + y.timed_out, x.reminded + y.reminded), (30, 0), "{x:?} {y:?}");
        for id in ids {
            assert_eq!(a.game(id).await.unwrap().row().version, 1, "game #{id}: one time-out");
        }
        assert_eq!(count(&a, "SELECT COUNT(*) FROM seats WHERE alarm_leased_by IS NOT NULL").await, 0);
    })
    .await;
}

/// A courier that takes a while over each send, as Discord does, and records what it sent.
#[derive(Default)]
struct Slow {
    sent: std::sync::Mutex<Vec<i64>>,
}

impl Courier for Slow {
    async fn send(&self, payload: &Payload) -> Outcome {
        tokio::time::sleep(std::time::Duration::from_millis(15)).await;
        self.sent.lock().unwrap().push(payload.outbox_id);
        Outcome::Delivered
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_that_disagree_by_more_than_a_lease_still_send_every_effect_once() {
    each_backend(|db| async move {
        // Process b's clock runs two hours ahead of a's: by its own clock every lease of a's has long run out.
        let (clock_a, clock_b) = (FakeClock::at(1_700_000_000_000), FakeClock::at(1_700_000_000_000 + 2 * HOUR));
        let (a, b) = (process(&db, "a", &clock_a).await, process(&db, "b", &clock_b).await);
        games(&a, 20).await;
        let effects = count(&a, "SELECT COUNT(*) FROM outbox").await;
        assert_eq!(effects, 20 * 3, "each game's board and two hands");
        let courier = Arc::new(Slow::default());
        let pace = Pace {
            games: 4,
            send_timeout: std::time::Duration::from_secs(20),
            idle: std::time::Duration::from_millis(20),
        };
        let runners: Vec<_> = [a, b]
            .into_iter()
            .map(|svc| tokio::spawn(deliver_forever(Arc::new(svc), courier.clone(), Arc::default(), pace)))
            .collect();
        let check = process(&db, "check", &clock_a).await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while count(&check, "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await > 0 {
            assert!(std::time::Instant::now() < deadline, "every effect delivered within a minute");
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        runners.iter().for_each(|r| r.abort());
        let sent = courier.sent.lock().unwrap().clone();
        let distinct: BTreeSet<i64> = sent.iter().copied().collect();
        assert_eq!((sent.len(), distinct.len()), (60, 60), "every effect sent once");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_holder_of_a_claim_settles_it() {
    each_backend(|db| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let (a, b) = (process(&db, "a", &clock).await, process(&db, "b", &clock).await);
        games(&a, 1).await;
        // a claims the board, then stalls past its lease; b takes the board over.
        let x = a.claim(1, 1, &[]).await.unwrap().remove(0);
        leases_run_out(a.store()).await;
        let y = b.claim(1, 1, &[]).await.unwrap().remove(0);
        assert_eq!((x.id, x.attempts, y.id, y.attempts), (y.id, 1, x.id, 2));
        // a comes back: none of its outcomes is written, and it claims nothing more of the game.
        assert_eq!(a.settle(&x, &Outcome::Delivered).await.unwrap(), None);
        assert_eq!(a.settle(&x, &Outcome::Retry("late".into())).await.unwrap(), None);
        assert_eq!(a.settle(&x, &Outcome::GiveUp("late".into())).await.unwrap(), None);
        let row = format!(
            "SELECT COUNT(*) FROM outbox WHERE id = {} AND delivered_at IS NULL AND attempts = 2 \
                           AND leased_by = 'b' AND last_error IS NULL",
            x.id
        );
        assert_eq!(count(&a, &row).await, 1, "b's claim stands as it was");
        // b settles its claim and goes on with the game's next effect.
        let next = b.settle(&y, &Outcome::Delivered).await.unwrap().expect("the next effect, claimed");
        assert_eq!(next.attempts, 1);
        assert_eq!(count(&a, "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NOT NULL").await, 1);

        // The same for a seat's alarm: the claim a lost is no longer a's to handle or release.
        clock.advance(12 * HOUR + 1);
        let now = meridian_bot::clock::Clock::now_ms(&clock);
        let claim = |svc: &Service, by: &'static str| {
            let store = svc.store().clone();
            async move {
                let mut tx = store.write().await.unwrap();
                let claims = seats::claim_due(&mut tx, Alarm::Reminder, now, 10, by).await.unwrap();
                tx.commit().await.unwrap();
                claims
            }
        };
        let lost = claim(&a, "a").await;
        assert_eq!(lost.len(), 1, "the seat due to play");
        assert!(claim(&b, "b").await.is_empty(), "claimed by a");
        leases_run_out(a.store()).await;
        let held = claim(&b, "b").await;
        assert_eq!((held[0].game_id, held[0].seat, held[0].token), (lost[0].game_id, lost[0].seat, lost[0].token + 1));
        let mut tx = a.store().write().await.unwrap();
        assert_eq!(seats::alarm_held(&mut tx, &lost[0], "a", Alarm::Reminder, now).await.unwrap(), None);
        meridian_bot::store::lease::release(&mut tx, &lost[0], "a").await.unwrap();
        assert_eq!(seats::alarm_held(&mut tx, &held[0], "b", Alarm::Reminder, now).await.unwrap(), Some(true));
        tx.commit().await.unwrap();
        assert_eq!(count(&a, "SELECT COUNT(*) FROM seats WHERE alarm_leased_by = 'b'").await, 1, "b's claim stands");
    })
    .await;
}

/// Quiet hours and digests (issue 46) rung by two processes at once: 30 players' reminders at midnight are held (their
/// quiet hours run from 23:00 to 06:00 UTC), released once each at 06:00 as one message, and each player waited for
/// gets one digest at 07:00.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn held_messages_and_digests_are_shared_and_each_sent_once() {
    each_backend(|db| async move {
        let clock = FakeClock::at(1_783_512_000_000); // Wednesday 8 July 2026, 12:00 UTC
        let (a, b) = (process(&db, "a", &clock).await, process(&db, "b", &clock).await);
        games(&a, 30).await;
        for id in 1..=60 {
            let player = User { id, name: format!("p{id}") };
            a.set_warnings(&player, Some("off")).await.unwrap();
            b.set_quiet(&player, Some(23), Some(6)).await.unwrap();
            a.set_digest(&player, Some(7)).await.unwrap();
        }
        let both = || async {
            let (x, y) = tokio::join!(a.tick(), b.tick());
            let (x, y) = (x.unwrap(), y.unwrap());
            (x.reminded + y.reminded, x.released + y.released, x.digests + y.digests)
        };
        let outbox = |id: &str| format!("SELECT COUNT(*) FROM outbox WHERE effect LIKE '%\"id\":\"{id}\"%'");
        clock.advance(12 * HOUR);
        // The digest replaces reminders: turned off for the first ten, who then get them (held).
        for id in 1..=10 {
            a.set_digest(&User { id, name: format!("p{id}") }, None).await.unwrap();
        }
        clock.advance(HOUR);
        // One player of each game is due: 5 of the first ten (games 1 to 5), 25 of the others.
        assert_eq!(both().await, (5, 0, 0), "reminded at midnight, held");
        assert_eq!(count(&a, "SELECT COUNT(*) FROM held_messages").await, 5);
        clock.advance(5 * HOUR);
        assert_eq!(both().await, (0, 5, 0), "released once each at 06:00");
        assert_eq!(count(&a, "SELECT COUNT(*) FROM held_messages").await, 0);
        assert_eq!(count(&a, &outbox("quiet-held")).await, 5);
        clock.advance(HOUR);
        assert_eq!(both().await, (0, 0, 25), "a digest to each of the other 25 due, once");
        assert_eq!(count(&a, &outbox("digest")).await, 25);
        assert_eq!(both().await, (0, 0, 0));
        assert_eq!(count(&a, "SELECT COUNT(*) FROM players WHERE alarm_leased_by IS NOT NULL").await, 0);
    })
    .await;
}
