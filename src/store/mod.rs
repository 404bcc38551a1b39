//! The SQLite store: games, seats, the append-only move log and the outbox. SQL lives here and nowhere else.
//!
//! The database file is created when missing, runs in WAL mode with foreign keys on and `synchronous=FULL` (a
//! committed move survives a power cut), and is migrated at start-up from `migrations/`, embedded in the binary.
//! Writers take the database lock up front (`BEGIN IMMEDIATE`) so that two writers never deadlock on an upgrade.
//! The file and its folder are created readable by their owner only: the database holds every deck's order.

pub mod games;
pub mod invitations;
pub mod moves;
pub mod outbox;
pub mod players;
pub mod seats;

pub use games::{GameRow, NewGame, Status};
pub use moves::MoveRow;
pub use outbox::OutboxRow;
pub use seats::SeatRow;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};
use std::str::FromStr;
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
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

/// A transaction; store functions take `&mut *tx`.
pub type Tx = Transaction<'static, Sqlite>;
/// What store functions run on: a transaction's connection.
pub type Conn = sqlx::SqliteConnection;

/// How long a write waits for the database's lock before it fails.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

impl Store {
    /// Opens (creating if needed) the database at `url`, e.g. `sqlite://data/meridian.db`, and migrates it.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, BUSY_TIMEOUT).await
    }

    /// [`Store::open`], with writes failing after waiting `busy_timeout` for the lock (tests lock the database).
    pub async fn open_with(url: &str, busy_timeout: Duration) -> Result<Store, StoreError> {
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
        let migrator = sqlx::migrate!("./migrations");
        match migrator.run(&pool).await {
            Ok(()) => Ok(Store { pool }),
            Err(sqlx::migrate::MigrateError::VersionMissing(v)) => Err(StoreError::NewerSchema(v)),
            Err(sqlx::migrate::MigrateError::Execute(e)) if is_not_a_database(&e) => {
                Err(StoreError::NotADatabase(filename))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// A write transaction holding the database's write lock from its start.
    pub async fn write(&self) -> Result<Tx, StoreError> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }

    /// A read-only snapshot of the database.
    pub async fn read(&self) -> Result<Tx, StoreError> {
        Ok(self.pool.begin().await?)
    }

    /// Closes every connection (tests use it to simulate a restart).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn is_not_a_database(e: &sqlx::Error) -> bool {
    // SQLITE_NOTADB is 26.
    matches!(e, sqlx::Error::Database(d) if d.code().as_deref() == Some("26"))
}
