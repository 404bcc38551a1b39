//! A consistent copy of a SQLite database taken while the bot runs (`meridian-bot backup FILE`). PostgreSQL has its
//! own tools (`pg_dump`).

use super::{Backend, StoreError};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions as _, Connection as _};
use std::path::Path;
use std::str::FromStr as _;

/// Writes the SQLite database at `url` as of one moment to `file` with `VACUUM INTO` (one read transaction: writers
/// go on meanwhile, and the copy holds every committed move up to its start and nothing half-written), readable by
/// its owner only, as the database itself. The database must exist, and is neither created nor migrated: a backup
/// changes nothing of it. Never over an existing file.
pub async fn backup(url: &str, file: &Path) -> Result<(), StoreError> {
    if Backend::of_url(url) == Backend::Postgres {
        return Err(StoreError::NotSqlite);
    }
    let name = file.to_str().ok_or_else(|| StoreError::BackupFile(file.display().to_string()))?;
    let mut database = SqliteConnectOptions::from_str(url)?.create_if_missing(false).connect().await?;
    // Created here, empty and owner only: VACUUM INTO fills an empty file and refuses one that holds anything.
    let mut create = tokio::fs::OpenOptions::new();
    create.write(true).create_new(true);
    #[cfg(unix)]
    create.mode(0o600);
    create.open(file).await.map_err(sqlx::Error::Io)?;
    let copied = sqlx::query("VACUUM INTO $1").bind(name).execute(&mut database).await;
    let _ = database.close().await;
    if let Err(e) = copied {
        // Nothing half-written is left behind to be taken for a backup.
        let _ = tokio::fs::remove_file(file).await;
        return Err(e.into());
    }
    Ok(())
}
