//! The delivery runner on real SQLite files (and PostgreSQL databases, see `databases/`), with a courier the test
//! controls: nothing sent while the database cannot be written and nothing sent twice after (SQLite, whose lock a
//! test can hold), bad rows set aside while everything else goes on, a hung or panicking send holding up only its
//! own game, failing games never starving the others (both backends), and the database file readable by its owner
//! only (SQLite).

use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::{deliver_forever, Courier, Outcome, Pace, Payload, Place, Service, Target, User, Wake};
use meridian_bot::store::Backend;
use meridian_bot::store::Store;
use sqlx::Connection;
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const PLACE: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
const MINUTE: i64 = 60_000;

use crate::support::databases;
use databases::{backends, TestDb};

fn url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// What the courier does with a game's sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mood {
    Fail,
    Hang,
    PanicOnce,
    /// Takes the database's write lock (held by the test) while sending, so the outcome cannot be written.
    LockDatabase,
}

/// A courier that records every send and misbehaves for the games it is told to.
#[derive(Default)]
struct Recorder {
    sent: Mutex<Vec<Payload>>,
    moods: Mutex<HashMap<i64, Mood>>,
    panicked: Mutex<HashSet<i64>>,
    locker: tokio::sync::Mutex<Option<sqlx::SqliteConnection>>,
}

impl Recorder {
    fn mood(&self, game: i64, mood: Mood) {
        self.moods.lock().unwrap().insert(game, mood);
    }

    fn calm(&self, game: i64) {
        self.moods.lock().unwrap().remove(&game);
    }

    fn sent(&self) -> Vec<Payload> {
        self.sent.lock().unwrap().clone()
    }

    fn sent_of(&self, game: i64) -> Vec<i64> {
        self.sent().iter().filter(|p| p.game_id == game).map(|p| p.outbox_id).collect()
    }
}

impl Courier for Recorder {
    async fn send(&self, payload: &Payload) -> Outcome {
        let mood = self.moods.lock().unwrap().get(&payload.game_id).copied();
        let first_panic = mood == Some(Mood::PanicOnce) && self.panicked.lock().unwrap().insert(payload.game_id);
        match mood {
            Some(Mood::Hang) => std::future::pending().await,
            Some(Mood::Fail) => return Outcome::Retry("500 Internal Server Error".into()),
            Some(Mood::PanicOnce) if first_panic => panic!("a courier bug"),
            Some(Mood::LockDatabase) => {
                if let Some(conn) = self.locker.lock().await.as_mut() {
                    sqlx::query("BEGIN IMMEDIATE").execute(conn).await.unwrap();
                }
            }
            _ => {}
        }
        self.sent.lock().unwrap().push(payload.clone());
        Outcome::Delivered
    }
}

struct Setup {
    db: TestDb,
    clock: FakeClock,
    svc: Arc<Service>,
    courier: Arc<Recorder>,
    wake: Arc<Wake>,
    seeds: u64,
}

impl Setup {
    /// A service on `backend` whose writes give up after 50 ms on a locked SQLite database.
    async fn new(backend: Backend) -> Setup {
        let db = TestDb::new(backend).await;
        let clock = FakeClock::at(1_790_000_000_000);
        let store = Store::open_with(db.url(), Duration::from_millis(50)).await.unwrap();
        let svc = Arc::new(Service::new(store, Arc::new(clock.clone()), Arc::new(|| 42)));
        Setup { db, clock, svc, courier: Arc::default(), wake: Arc::default(), seeds: 0 }
    }

    /// Starts delivering in the background, every game's send given up after 300 ms.
    fn deliver(&self) {
        let pace = Pace { games: 4, send_timeout: Duration::from_millis(300), idle: Duration::from_millis(20) };
        tokio::spawn(deliver_forever(self.svc.clone(), self.courier.clone(), self.wake.clone(), pace));
    }

    /// A started 2-player game with a thread; its effects: the board and two hands.
    async fn game(&mut self) -> i64 {
        self.seeds += 2;
        let (a, b) = (self.seeds as i64, self.seeds as i64 + 1);
        let host = User { id: a, name: format!("p{a}") };
        let id = self.svc.open_lobby(PLACE, &host, Options::default(), &[], &[]).await.unwrap();
        self.svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        self.svc.join(id, &User { id: b, name: format!("p{b}") }).await.unwrap();
        self.svc.start(id, a).await.unwrap();
        self.wake.changed();
        id
    }

    async fn sql(&self, query: &str) {
        let mut tx = self.svc.store().write().await.unwrap();
        meridian_bot::on!(tx, c => sqlx::query(query).execute(c).await.unwrap().rows_affected());
        tx.commit().await.unwrap();
    }

    async fn column(&self, query: &str) -> Vec<Option<String>> {
        let mut tx = self.svc.store().read().await.unwrap();
        let rows: Vec<(Option<String>,)> =
            meridian_bot::on!(tx, c => sqlx::query_as(query).fetch_all(c).await.unwrap());
        rows.into_iter().map(|(v,)| v).collect()
    }

    /// Waits (up to 10 s) until `check` holds.
    async fn until(&self, what: &str, check: impl Fn(&Recorder) -> bool) {
        for _ in 0..500 {
            if check(&self.courier) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("timed out waiting for {what}");
    }
}

/// Gives the runner time to do what it should not (it looks for work every 20 ms).
async fn settle() {
    tokio::time::sleep(Duration::from_millis(500)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_cannot_be_written_sends_nothing_and_repeats_nothing() {
    let mut s = Setup::new(Backend::Sqlite).await;
    let a = s.game().await;
    // Another process holds the write lock: no claim can be written, so nothing is sent.
    let mut lock = sqlx::SqliteConnection::connect(s.db.url()).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut lock).await.unwrap();
    s.deliver();
    settle().await;
    assert!(s.courier.sent().is_empty(), "sent while its claim could not be written");
    sqlx::query("ROLLBACK").execute(&mut lock).await.unwrap();
    s.until("the first game's three effects", |c| c.sent_of(a).len() == 3).await;

    // Now the database locks while a message is out: its outcome cannot be written. Minutes pass (the claim's
    // lease runs out), the database comes back: each effect was still sent exactly once.
    *s.courier.locker.lock().await = Some(sqlx::SqliteConnection::connect(s.db.url()).await.unwrap());
    s.courier.mood(a, Mood::LockDatabase);
    let b = s.game().await;
    s.courier.mood(b, Mood::LockDatabase);
    s.until("a send under the lock", |c| c.sent().len() == 4).await;
    s.clock.advance(10 * MINUTE);
    settle().await;
    s.clock.advance(10 * MINUTE);
    settle().await;
    assert_eq!(s.courier.sent().len(), 4, "nothing more is sent while the database is locked");
    let mut locker = s.courier.locker.lock().await.take().unwrap();
    sqlx::query("ROLLBACK").execute(&mut locker).await.unwrap();
    s.courier.calm(b);
    s.until("the second game's three effects", |c| c.sent_of(b).len() == 3).await;
    settle().await;
    let ids: Vec<i64> = s.courier.sent().iter().map(|p| p.outbox_id).collect();
    let distinct: HashSet<&i64> = ids.iter().collect();
    assert_eq!((ids.len(), distinct.len()), (6, 6), "every effect sent once: {ids:?}");
    let open = s.column("SELECT effect FROM outbox WHERE delivered_at IS NULL").await;
    assert!(open.is_empty(), "every effect marked delivered, none left claimed: {open:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_rows_are_set_aside_and_everything_else_goes_on() {
    for backend in backends() {
        let mut s = Setup::new(backend).await;
        let (a, b, c, d) = (s.game().await, s.game().await, s.game().await, s.game().await);
        // A: its board's effect no longer decodes. B: its options no longer read. D: its snapshot no longer reads.
        s.sql(&format!("UPDATE outbox SET effect = '{{\"type\":\"fanfare\"}}' WHERE id = (SELECT MIN(id) FROM outbox WHERE game_id = {a})")).await;
        s.sql(&format!("UPDATE games SET options = 'not json' WHERE id = {b}")).await;
        s.sql(&format!("UPDATE games SET snapshot = '{{\"board\": 3}}' WHERE id = {d}")).await;
        // A day on: every game is due a reminder, and the turn clock meets B and D.
        s.clock.advance(24 * 60 * MINUTE + MINUTE);
        let ticked = s.svc.tick().await.unwrap();
        assert_eq!(ticked.reminded, 2, "A and C are reminded; B and D are set aside");
        let aside = s.column("SELECT set_aside FROM games ORDER BY id").await;
        assert!(aside[0].is_none() && aside[2].is_none(), "{aside:?}");
        assert!(aside[1].as_deref().is_some_and(|w| w.contains("options")), "{aside:?}");
        assert!(aside[3].as_deref().is_some_and(|w| w.contains("snapshot")), "{aside:?}");
        assert_eq!(s.svc.tick().await.unwrap().reminded, 0, "set aside once, not met again");

        s.deliver();
        // A: two hands and the reminder; C: board, hands and reminder; D: board and hands (drawn from its log).
        s.until("every good effect", |r| r.sent_of(a).len() == 3 && r.sent_of(c).len() == 4 && r.sent_of(d).len() == 3)
            .await;
        settle().await;
        assert!(s.courier.sent_of(b).is_empty());
        let rows = s.column("SELECT set_aside FROM outbox WHERE set_aside IS NOT NULL ORDER BY id").await;
        assert_eq!(rows.len(), 1 + 3, "A's board and B's three effects: {rows:?}");
        let kept = s.column("SELECT effect FROM outbox WHERE set_aside IS NOT NULL ORDER BY id").await;
        assert_eq!(kept[0].as_deref(), Some("{\"type\":\"fanfare\"}"), "kept as it was");
        assert_eq!(s.courier.sent().len(), 3 + 4 + 3);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_or_panicking_send_holds_up_only_its_own_game() {
    for backend in backends() {
        let mut s = Setup::new(backend).await;
        s.deliver();
        let hung = s.game().await;
        s.courier.mood(hung, Mood::Hang);
        let crashing = s.game().await;
        s.courier.mood(crashing, Mood::PanicOnce);
        let fine = s.game().await;
        s.until("the other game's effects", |c| c.sent_of(fine).len() == 3).await;
        assert!(s.courier.sent_of(hung).is_empty() && s.courier.sent_of(crashing).is_empty());
        // The hung send times out and waits for its retry; the panicked one for its lease. Both then go out, in order.
        settle().await;
        s.courier.calm(hung);
        s.clock.advance(2 * MINUTE);
        databases::leases_run_out(s.svc.store()).await;
        s.wake.changed();
        s.until("both games delivered", |c| c.sent_of(hung).len() == 3 && c.sent_of(crashing).len() == 3).await;
        for game in [hung, crashing] {
            let ids = s.courier.sent_of(game);
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "in order: {ids:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_whose_posts_keep_failing_do_not_starve_the_others() {
    for backend in backends() {
        let mut s = Setup::new(backend).await;
        let mut failing = Vec::new();
        for _ in 0..25 {
            let id = s.game().await;
            s.courier.mood(id, Mood::Fail);
            // Finished: their result, results by DM and the thread's archive wait behind their failed board.
            let table = s.svc.game(id).await.unwrap();
            s.svc.resign(id, table.seats()[0].user_id).await.unwrap();
            failing.push(id);
        }
        s.deliver();
        settle().await;
        // Their retries keep falling due (first tries go first, and retries never take the last slot).
        let clock = s.clock.clone();
        let ticking = tokio::spawn(async move {
            loop {
                clock.advance(MINUTE);
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        });
        let fine = s.game().await;
        s.until("the new game's board", |c| c.sent_of(fine).len() == 3).await;
        ticking.abort();
        let sent = s.courier.sent();
        assert!(sent.iter().all(|p| p.game_id == fine), "failing games sent nothing");
        let board = sent.iter().find(|p| p.files.iter().any(|(n, _)| n == "board.png")).unwrap();
        assert_eq!(board.target, Target::Thread(10_000 + fine));
    }
}

#[cfg(unix)]
#[tokio::test]
async fn the_database_is_readable_by_its_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data").join("games.db");
    let store = Store::open(&url(&db)).await.unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(db.parent().unwrap()), 0o700, "the folder");
    assert_eq!(mode(&db), 0o600, "the file");
    let wal = db.with_file_name("games.db-wal");
    assert_eq!(mode(&wal), 0o600, "its write-ahead log");
    store.close().await;
}
