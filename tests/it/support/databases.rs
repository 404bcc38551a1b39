//! Each store and service test runs on both backends: a SQLite file in a temporary folder, and a fresh database on
//! the PostgreSQL server of `TEST_POSTGRES_URL` (`bash .ci/test` starts a throw-away one and sets it). Without that
//! variable the PostgreSQL half is skipped with a note, unless `REQUIRE_POSTGRES` is set (CI sets it), when it fails.

use meridian_bot::clock::FakeClock;
use meridian_bot::store::{Backend, Store};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::task::{Context, Poll};

/// One test's database (a SQLite file in a folder of its own, removed with it).
pub struct TestDb {
    pub backend: Backend,
    _dir: tempfile::TempDir,
    url: String,
}

impl TestDb {
    pub async fn new(backend: Backend) -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.path().join("games.db").display()),
            Backend::Postgres => fresh_postgres().await,
        };
        TestDb { backend, _dir: dir, url }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Opens (and migrates) the database.
    pub async fn open(&self) -> Store {
        Store::open(&self.url).await.unwrap()
    }
}

/// The PostgreSQL server's URL, if tests run against one.
pub fn postgres_server() -> Option<String> {
    let url = std::env::var("TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty());
    if url.is_none() && std::env::var_os("REQUIRE_POSTGRES").is_some() {
        panic!("REQUIRE_POSTGRES is set but TEST_POSTGRES_URL is not: run the tests with `bash .ci/test`");
    }
    url
}

/// The backends to test on.
pub fn backends() -> Vec<Backend> {
    match postgres_server() {
        Some(_) => vec![Backend::Sqlite, Backend::Postgres],
        None => {
            eprintln!("TEST_POSTGRES_URL is not set: PostgreSQL is not tested (run `bash .ci/test`)");
            vec![Backend::Sqlite]
        }
    }
}

/// Runs `test` on each backend, each on a fresh database, both at once: the halves wait on different databases, so
/// side by side they take the slower one's time rather than the sum. A failure says which backend it was on.
pub async fn each_backend<F, Fut>(test: F)
where
    F: Fn(TestDb) -> Fut,
    Fut: Future<Output = ()>,
{
    let test = &test;
    let half = |backend: Backend| Named {
        backend,
        half: Box::pin(async move { test(TestDb::new(backend).await).await }),
        polling: false,
    };
    match backends()[..] {
        [only] => half(only).await,
        [sqlite, postgres] => _ = tokio::join!(half(sqlite), half(postgres)),
        _ => unreachable!("one or two backends"),
    }
}

/// Runs `test` on each backend's database, with what `open` makes of it on a fake clock that starts at `ms` (a
/// service with the file's own seeds).
pub async fn each_backend_at<S>(
    ms: i64,
    open: impl AsyncFn(&TestDb, &FakeClock) -> S,
    test: impl AsyncFn(&TestDb, S, FakeClock),
) {
    let (open, test) = (&open, &test);
    each_backend(|db| async move {
        let clock = FakeClock::at(ms);
        let made = open(&db, &clock).await;
        test(&db, made, clock).await;
    })
    .await;
}

/// One backend's half of a test, which names its backend if it panics.
struct Named<Fut> {
    backend: Backend,
    half: Pin<Box<Fut>>,
    /// Set while the half runs: still set when it is dropped, it is the half that panicked.
    polling: bool,
}

impl<Fut: Future> Future for Named<Fut> {
    type Output = Fut::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Fut::Output> {
        self.polling = true;
        let done = self.half.as_mut().poll(cx);
        self.polling = false;
        done
    }
}

impl<Fut> Drop for Named<Fut> {
    fn drop(&mut self) {
        if self.polling && std::thread::panicking() {
            eprintln!("-- that failure is on {}", self.backend.name());
        }
    }
}

/// A new, empty database on the test server, named after this process and a counter.
pub async fn fresh_postgres() -> String {
    use sqlx::{Connection, Executor};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let server = postgres_server().expect("TEST_POSTGRES_URL");
    let name = format!("{TEST_DATABASE}{}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst), nanos());
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    drop_left_behind(&mut admin).await;
    admin.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
    let base = server.rsplit_once('/').map_or(server.as_str(), |(base, _)| base);
    format!("{base}/{name}")
}

/// What every test database's name starts with, before its process's id: none of anyone else's.
const TEST_DATABASE: &str = "meridian_test_";

/// Drops the databases of test processes that have ended (`meridian_test_<pid>_…`, no such process now), once a
/// process: every test makes one and none outlives its process, so a developer's server would otherwise fill its
/// disk, a few gigabytes a run. Only where `/proc` tells which processes live; a database still in use is left
/// (dropping it fails, and the failure is ignored).
async fn drop_left_behind(admin: &mut sqlx::PgConnection) {
    use sqlx::Executor;
    static DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if DONE.swap(true, Ordering::SeqCst) || !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let sql = format!("SELECT datname FROM pg_database WHERE datname LIKE '{TEST_DATABASE}%'");
    let names: Vec<String> = sqlx::query_scalar(&sql).fetch_all(&mut *admin).await.unwrap();
    for name in names {
        let pid = name
            .strip_prefix(TEST_DATABASE)
            .and_then(|rest| rest.split('_').next())
            .and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = admin.execute(format!("DROP DATABASE IF EXISTS \"{name}\"").as_str()).await;
        }
    }
}

fn nanos() -> u32 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos()
}

/// Every claim's lease runs out now: leases are judged by the database's clock, which tests cannot move, so the
/// leases are moved back by one lease instead (the same as a lease's length passing).
pub async fn leases_run_out(store: &Store) {
    let lease = meridian_bot::store::LEASE_MS;
    let mut tx = store.write().await.unwrap();
    for sql in [
        format!("UPDATE outbox SET leased_until = leased_until - {lease} WHERE leased_until IS NOT NULL"),
        format!(
            "UPDATE seats SET alarm_leased_until = alarm_leased_until - {lease} WHERE alarm_leased_until IS NOT NULL"
        ),
    ] {
        meridian_bot::on!(tx, c => sqlx::query(&sql).execute(c).await.unwrap().rows_affected());
    }
    tx.commit().await.unwrap();
}

/// The backend's migrations up to `version`, read from `migrations/`: a database as an older bot left it.
pub async fn migrator_upto(backend: Backend, version: i64) -> sqlx::migrate::Migrator {
    let folder = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(folder);
    let mut migrator = sqlx::migrate::Migrator::new(folder).await.unwrap();
    migrator.migrations =
        migrator.migrations.iter().filter(|m| m.version <= version).cloned().collect::<Vec<_>>().into();
    migrator
}
