//! The store: games, seats, the append-only move log and the outbox. SQL lives here and nowhere else.
//!
//! Two backends behind one set of functions, chosen by the database URL:
//! - **SQLite** (`sqlite://…`, the default): one process. The file is created when missing, runs in WAL mode with
//!   foreign keys on and `synchronous=FULL` (a committed move survives a power cut). Writers take the database lock
//!   up front (`BEGIN IMMEDIATE`) so that two writers never deadlock on an upgrade; they queue for it in the process
//!   first, which is cheaper than polling the file's lock. The file and its folder are readable by their owner only:
//!   the database holds every deck's order.
//! - **PostgreSQL** (`postgres://…`): any number of processes. A write transaction locks the rows it decides on
//!   (`SELECT … FOR NO KEY UPDATE`: a game before its move, a player's settings, claimed work with `SKIP LOCKED`),
//!   so correctness never rests on a lock inside one process. A transaction that touches several games locks them
//!   in one order (newest first). Reads see one snapshot (`REPEATABLE READ`).
//!
//! Each backend has its own migrations (`migrations/sqlite/`, `migrations/postgres/`, and `migrations/both/` for a text both read alike), embedded and applied at start;
//! both reach the same schema version. Every integer column is read as `i64` (`BIGINT` on PostgreSQL).

/// `sqlx::FromRow` for a row struct on both backends, each field read from the column of its name (`name: flatten
/// Row` reads a whole row struct from the same columns): what `#[derive(sqlx::FromRow)]` writes, without building
/// sqlx's macros and the second copy of sqlx they need.
macro_rules! from_row {
    ($row:ident { $($field:ident $(: flatten $inner:ty)?),* $(,)? }) => {
        from_row!(@on sqlx::sqlite::SqliteRow, $row { $($field $(: flatten $inner)?),* });
        from_row!(@on sqlx::postgres::PgRow, $row { $($field $(: flatten $inner)?),* });
    };
    (@on $backend:ty, $row:ident { $($field:ident $(: flatten $inner:ty)?),* }) => {
        impl<'r> sqlx::FromRow<'r, $backend> for $row {
            fn from_row(row: &'r $backend) -> Result<Self, sqlx::Error> {
                use sqlx::Row as _;
                Ok($row { $($field: from_row!(@field row, $field $(, $inner)?)),* })
            }
        }
    };
    (@field $r:ident, $field:ident) => { $r.try_get(stringify!($field))? };
    (@field $r:ident, $field:ident, $inner:ty) => { <$inner as sqlx::FromRow<'_, _>>::from_row($r)? };
}

pub mod analyses;
pub mod backup;
pub mod games;
pub mod gauges;
pub mod held;
pub mod identify;
pub mod invitations;
pub mod lease;
pub mod live_controls;
mod migrations;
pub mod moves;
pub mod outbox;
pub mod player_alarms;
pub mod players;
pub mod puzzles;
pub mod ratings;
pub mod reliability;
pub mod seats;
pub mod servers;
pub mod substitutions;
pub mod tournaments;
pub mod undos;

pub use games::{GameRow, NewGame, Status};
pub use lease::LEASE_MS;
pub use moves::MoveRow;
pub use outbox::OutboxRow;
pub use seats::SeatRow;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// A store that cannot be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{0} is not a SQLite database (is DATABASE_URL pointing at the right file?)")]
    NotADatabase(String),
    #[error(
        "the database was written by a newer version of this bot (it has migration {0}, unknown here); upgrade the bot"
    )]
    NewerSchema(i64),
    #[error("database migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    #[error("stored data does not read back: {0}")]
    Corrupt(String),
    #[error("backups copy a SQLite database; for PostgreSQL use pg_dump (see the README)")]
    NotSqlite,
    #[error("{0}: a backup's file name must be UTF-8")]
    BackupFile(String),
}

/// Which database a store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend a database URL names: `postgres://` or `postgresql://`, else SQLite.
    pub fn of_url(url: &str) -> Backend {
        match url.starts_with("postgres://") || url.starts_with("postgresql://") {
            true => Backend::Postgres,
            false => Backend::Sqlite,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        }
    }
}

#[derive(Clone, Debug)]
enum Pool {
    Lite(SqlitePool),
    Pg(PgPool),
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// SQLite's writers queue here before taking the file's lock (see the module's docs).
    writer: Arc<tokio::sync::Mutex<()>>,
    /// The name this process's claims carry (see [`Store::named`]).
    instance: Arc<str>,
}

/// A transaction; store functions take `&mut tx` (every store function runs in one).
pub struct Tx {
    inner: Inner,
    /// A write transaction: games read in it are locked until it ends (PostgreSQL).
    writing: bool,
    _queued: Option<tokio::sync::OwnedMutexGuard<()>>,
}

enum Inner {
    Lite(Transaction<'static, Sqlite>),
    Pg(Transaction<'static, Postgres>),
}

/// Runs `$body` on a transaction's connection, `$c` being a `&mut SqliteConnection` or a `&mut PgConnection`: the
/// same query text, typed for each backend. Both arms must give the same type (`rows_affected()` of an `execute`).
/// Exported for tests and tools that look at the database directly.
#[macro_export]
macro_rules! on {
    ($conn:expr, $c:ident => $body:expr) => {
        match $conn.connection() {
            $crate::store::Connection::Lite($c) => $body,
            $crate::store::Connection::Pg($c) => $body,
        }
    };
}
pub use crate::on;

/// Runs one statement on a transaction, its parameters bound in order, and gives the number of rows it changed:
/// `execute!(conn, "DELETE FROM seats WHERE game_id = $1", game_id)`. Returns a [`StoreError`] from the function
/// it is used in when the database refuses.
macro_rules! execute {
    ($conn:expr, $sql:expr $(, $arg:expr)* $(,)?) => {
        $crate::on!($conn, c => sqlx::query($sql)$(.bind($arg))*.execute(c).await?.rows_affected())
    };
}
pub(crate) use execute;

/// A transaction's connection, for [`on!`].
pub enum Connection<'c> {
    Lite(&'c mut sqlx::SqliteConnection),
    Pg(&'c mut sqlx::PgConnection),
}

impl Tx {
    pub fn connection(&mut self) -> Connection<'_> {
        match &mut self.inner {
            Inner::Lite(tx) => Connection::Lite(tx),
            Inner::Pg(tx) => Connection::Pg(tx),
        }
    }

    pub fn backend(&self) -> Backend {
        match self.inner {
            Inner::Lite(_) => Backend::Sqlite,
            Inner::Pg(_) => Backend::Postgres,
        }
    }

    /// What a query that decides on rows ends with to lock them for the rest of a write transaction: on
    /// PostgreSQL, `FOR NO KEY UPDATE` (waiting for another writer) or, with `skip`, `… SKIP LOCKED` (leaving rows
    /// another process is claiming to it); `of` names the one table of a join whose rows are locked. `NO KEY`: the
    /// lock leaves foreign-key checks alone (an outbox row written for a locked game), so they never deadlock with
    /// it. SQLite's write transaction holds the whole database already.
    pub(crate) fn locking(&self, of: Option<&str>, skip: bool) -> String {
        if self.backend() == Backend::Sqlite || !self.writing {
            return String::new();
        }
        let of = of.map(|table| format!(" OF {table}")).unwrap_or_default();
        format!(" FOR NO KEY UPDATE{of}{}", if skip { " SKIP LOCKED" } else { "" })
    }

    /// The database's clock now, in milliseconds since the Unix epoch, as SQL. Leases are judged by this one clock:
    /// processes whose own clocks disagree still agree on whether a claim has run out.
    pub(crate) fn clock(&self) -> &'static str {
        match self.backend() {
            Backend::Sqlite => "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)",
            Backend::Postgres => "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)",
        }
    }

    pub async fn commit(self) -> Result<(), StoreError> {
        match self.inner {
            Inner::Lite(tx) => tx.commit().await?,
            Inner::Pg(tx) => tx.commit().await?,
        }
        Ok(())
    }

    pub async fn rollback(self) -> Result<(), StoreError> {
        match self.inner {
            Inner::Lite(tx) => tx.rollback().await?,
            Inner::Pg(tx) => tx.rollback().await?,
        }
        Ok(())
    }
}

/// How long a write waits for the database's lock before it fails (SQLite).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Connections to PostgreSQL per process: enough for the interactions and the workers of a busy process.
const PG_CONNECTIONS: u32 = 16;

/// The name a process's claims carry when it is not given one.
pub const DEFAULT_INSTANCE: &str = "main";

impl Store {
    /// Opens the database at `url` and migrates it: `sqlite://data/meridian.db` (created if needed) or
    /// `postgres://user@host/db` (the database must exist).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, BUSY_TIMEOUT).await
    }

    /// [`Store::open`], with SQLite's writes failing after waiting `busy_timeout` for the lock (tests lock the
    /// database).
    pub async fn open_with(url: &str, busy_timeout: Duration) -> Result<Store, StoreError> {
        let pool = match Backend::of_url(url) {
            Backend::Sqlite => Pool::Lite(open_sqlite(url, busy_timeout).await?),
            Backend::Postgres => Pool::Pg(open_postgres(url).await?),
        };
        Ok(Store { pool, writer: Arc::default(), instance: DEFAULT_INSTANCE.into() })
    }

    /// The same store, its claims carrying `instance` (e.g. the process's shards). A process that restarts under
    /// the same name releases the claims of its previous run at once instead of waiting for their leases.
    pub fn named(mut self, instance: &str) -> Store {
        self.instance = instance.into();
        self
    }

    /// The name this process's claims carry.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Lite(_) => Backend::Sqlite,
            Pool::Pg(_) => Backend::Postgres,
        }
    }

    /// A write transaction: on SQLite it holds the database's write lock from its start; on PostgreSQL the games it
    /// reads are locked until it ends.
    pub async fn write(&self) -> Result<Tx, StoreError> {
        Ok(match &self.pool {
            Pool::Lite(pool) => {
                let queued = self.writer.clone().lock_owned().await;
                let tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                Tx { inner: Inner::Lite(tx), writing: true, _queued: Some(queued) }
            }
            Pool::Pg(pool) => Tx { inner: Inner::Pg(pool.begin().await?), writing: true, _queued: None },
        })
    }

    /// A read-only snapshot of the database.
    pub async fn read(&self) -> Result<Tx, StoreError> {
        let inner = match &self.pool {
            Pool::Lite(pool) => Inner::Lite(pool.begin().await?),
            Pool::Pg(pool) => Inner::Pg(pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY").await?),
        };
        Ok(Tx { inner, writing: false, _queued: None })
    }

    /// The schema's version: the last migration applied.
    pub async fn schema_version(&self) -> Result<i64, StoreError> {
        let mut tx = self.read().await?;
        let sql = "SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success";
        let (version,): (i64,) = on!(tx, c => sqlx::query_as(sql).fetch_one(c).await?);
        Ok(version)
    }

    /// Closes every connection (tests use it to simulate a restart).
    pub async fn close(&self) {
        match &self.pool {
            Pool::Lite(pool) => pool.close().await,
            Pool::Pg(pool) => pool.close().await,
        }
    }
}

async fn open_sqlite(url: &str, busy_timeout: Duration) -> Result<SqlitePool, StoreError> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .busy_timeout(busy_timeout);
    let file = options.get_filename();
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        let mut folder = tokio::fs::DirBuilder::new();
        folder.recursive(true);
        #[cfg(unix)]
        folder.mode(0o700);
        folder.create(dir).await.map_err(sqlx::Error::Io)?;
    }
    if file != std::path::Path::new(":memory:") {
        // Created here, owner only, before SQLite creates it with the process's default mode; its journal files
        // take the same mode from it.
        let mut create = tokio::fs::OpenOptions::new();
        create.write(true).create(true).truncate(false);
        #[cfg(unix)]
        create.mode(0o600);
        create.open(file).await.map_err(sqlx::Error::Io)?;
    }
    let filename = options.get_filename().display().to_string();
    let pool = SqlitePoolOptions::new().max_connections(4).connect_with(options).await.map_err(|e| {
        if is_not_a_database(&e) {
            StoreError::NotADatabase(filename.clone())
        } else {
            StoreError::Sql(e)
        }
    })?;
    match migrated(Migrator::new(migrations::SQLITE).await?.run(&pool).await) {
        Err(StoreError::Migration(sqlx::migrate::MigrateError::Execute(e))) if is_not_a_database(&e) => {
            Err(StoreError::NotADatabase(filename))
        }
        result => result.map(|()| pool),
    }
}

async fn open_postgres(url: &str) -> Result<PgPool, StoreError> {
    let options = PgConnectOptions::from_str(url)?.application_name("meridian-bot");
    let pool = PgPoolOptions::new().max_connections(PG_CONNECTIONS).connect_with(options).await?;
    // Several processes starting at once: sqlx takes an advisory lock, so one of them migrates.
    migrated(Migrator::new(migrations::POSTGRES).await?.run(&pool).await)?;
    Ok(pool)
}

fn migrated(result: Result<(), sqlx::migrate::MigrateError>) -> Result<(), StoreError> {
    match result {
        Err(sqlx::migrate::MigrateError::VersionMissing(v)) => Err(StoreError::NewerSchema(v)),
        other => Ok(other?),
    }
}

fn is_not_a_database(e: &sqlx::Error) -> bool {
    // SQLITE_NOTADB is 26.
    matches!(e, sqlx::Error::Database(d) if d.code().as_deref() == Some("26"))
}
