//! A consistent copy of a SQLite database taken while the bot runs (`meridian-bot backup FILE`). PostgreSQL has its
//! own tools (`pg_dump`).

use super::{Pool, Store, StoreError};
use std::path::Path;

impl Store {
    /// Writes the database as of one moment to `file` with `VACUUM INTO` (one read transaction: writers go on
    /// meanwhile, and the copy holds every committed move up to its start and nothing half-written), readable by its
    /// owner only, as the database itself. Never over an existing file.
    pub async fn backup(&self, file: &Path) -> Result<(), StoreError> {
        let Pool::Lite(pool) = &self.pool else { return Err(StoreError::NotSqlite) };
        let name = file.to_str().ok_or_else(|| StoreError::BackupFile(file.display().to_string()))?;
        // Created here, empty and owner only: VACUUM INTO fills an empty file and refuses one that holds anything.
        let mut create = tokio::fs::OpenOptions::new();
        create.write(true).create_new(true);
        #[cfg(unix)]
        create.mode(0o600);
        create.open(file).await.map_err(sqlx::Error::Io)?;
        let copied = sqlx::query("VACUUM INTO $1").bind(name).execute(pool).await;
        if let Err(e) = copied {
            // Nothing half-written is left behind to be taken for a backup.
            let _ = tokio::fs::remove_file(file).await;
            return Err(e.into());
        }
        Ok(())
    }
}
