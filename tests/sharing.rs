//! Several processes on one database, on both backends: two services, each with its own store (its own connection
//! pool and claim name, as two processes have), acting at the same moment. The database alone decides: the same
//! move from both applies once; outbox deliveries are claimed by one process each, a dead process's claims are
//! taken over once their lease ends, and a restarted one releases its own at once; due reminders and time-outs are
//! shared and each handled once.

mod databases;

use databases::{each_backend, TestDb};
use meridian_bot::clock::FakeClock;
use meridian_bot::rules::meridian::Move;
use meridian_bot::service::meridian::Options;
use meridian_bot::service::TurnClock;
use meridian_bot::service::{Place, Service, ServiceError, User};
use meridian_bot::store::LEASE_MS;
use std::collections::BTreeSet;
use std::sync::Arc;

const PLACE: Place = Place { guild_id: Some(7), channel_id: 100 };
const HOUR: i64 = 3_600_000;

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
            let mv = a.legal_moves::<Move>(id, user).await.unwrap()[0];
            let version = table.row.version;
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
            assert_eq!(a.game(id).await.unwrap().row.version, version + 1);
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
        clock.advance(LEASE_MS);
        let taken = b.claim(10, 10, &[]).await.unwrap();
        assert_eq!(games_of(&taken), games_of(&x).union(&games_of(&y)).copied().collect());
        assert!(taken.iter().all(|r| r.attempts == 2), "each try counted");
        // A process started again under a's name releases a's claims at once, and only those.
        for row in &taken {
            b.settle(row, &meridian_bot::service::Outcome::Retry("Discord is down".into())).await.unwrap();
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
        clock.advance(12 * HOUR + 1);
        let (x, y) = tokio::join!(a.tick(), b.tick());
        let (x, y) = (x.unwrap(), y.unwrap());
        assert_eq!(x.reminded + y.reminded, 30, "{x:?} {y:?}");
        let reminders = "SELECT COUNT(*) FROM outbox WHERE effect LIKE '%\"type\":\"reminder\"%'";
        assert_eq!(count(&a, reminders).await, 30);
        clock.advance(12 * HOUR);
        let (x, y) = tokio::join!(a.tick(), b.tick());
        let (x, y) = (x.unwrap(), y.unwrap());
        assert_eq!((x.timed_out + y.timed_out, x.reminded + y.reminded), (30, 0), "{x:?} {y:?}");
        for id in ids {
            assert_eq!(a.game(id).await.unwrap().row.version, 1, "game #{id}: one time-out");
        }
        assert_eq!(count(&a, "SELECT COUNT(*) FROM seats WHERE alarm_leased_by IS NOT NULL").await, 0);
    })
    .await;
}
