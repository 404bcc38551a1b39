//! The schema's migrations, embedded in the binary: each backend's files from `migrations/sqlite/` or
//! `migrations/postgres/`, and those both backends read alike, once, from `migrations/both/`; applied in version
//! order at start by sqlx's migrator. They are listed here rather than found by `sqlx::migrate!`, whose macros would build a
//! second copy of sqlx (SQLite's C library included) for the compiler; a test checks the list against the folders, so
//! a new file cannot be forgotten, and the checksums sqlx records are those of the files, as before.

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType};
use std::future::Future;
use std::pin::Pin;

/// Migration files: name (`<version>_<description>.sql`) and text.
type Files = &'static [(&'static str, &'static str)];

/// A backend's migrations: the files only it has, those both have in a text of each's own, and those both read
/// alike (`migrations/both/`).
#[derive(Debug, Clone, Copy)]
pub struct Embedded(&'static [Files]);

macro_rules! files {
    ($dir:literal: $($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../../migrations/", $dir, "/", $file)))),*]
    };
}

/// The migrations both backends have, each in its own text: the list once, the files of each backend's folder.
macro_rules! each_its_own {
    ($($file:literal),* $(,)?) => {
        (files!("sqlite": $($file),*), files!("postgres": $($file),*))
    };
}

const EACH_ITS_OWN: (Files, Files) = each_its_own!(
    "0013_pages.sql",
    "0017_ratings.sql",
    "0018_analyses.sql",
    "0020_quiet_hours_and_digest.sql",
    "0021_handovers.sql",
    "0022_take_backs_and_rejoins.sql",
    "0024_tournaments.sql",
    "0025_fair_play.sql",
    "0026_messages.sql",
);

const BOTH: Files = files!("both":
    "0011_leases.sql",
    "0012_computers.sql",
    "0014_start_with_thread.sql",
    "0015_alarm_claims.sql",
    "0016_languages.sql",
    "0019_warnings_and_time_zones.sql",
    "0023_identify_slots.sql",
    "0027_one_name_per_feature.sql",
    "0028_colours.sql",
    "0029_outbox_by_game.sql",
    "0030_puzzles.sql",
);

pub const SQLITE: Embedded = Embedded(&[
    files!("sqlite":
        "0001_games.sql",
        "0002_outbox_retry.sql",
        "0003_turn_clock.sql",
        "0004_players.sql",
        "0005_player_settings.sql",
        "0006_games_by_thread.sql",
        "0007_hardening.sql",
        "0008_timeouts_in_a_row.sql",
        "0009_seat_clocks.sql",
        "0010_pledges.sql",
    ),
    EACH_ITS_OWN.0,
    BOTH,
]);

/// PostgreSQL came at version 10, with the schema SQLite had reached by then in one file.
pub const POSTGRES: Embedded = Embedded(&[files!("postgres": "0010_schema.sql"), EACH_ITS_OWN.1, BOTH]);

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        Box::pin(async move {
            let files = self.0.iter().flat_map(|files| files.iter());
            let mut migrations = files.map(|&(file, sql)| migration(file, sql)).collect::<Result<Vec<_>, _>>()?;
            migrations.sort_by_key(|m| m.version);
            Ok(migrations)
        })
    }
}

/// A migration as sqlx reads one from a folder: the version before the first `_`, the rest (spaces for `_`) its
/// description, and no transaction when its text starts by asking for none.
fn migration(file: &str, sql: &'static str) -> Result<Migration, BoxDynError> {
    let (version, rest) = file.split_once('_').ok_or_else(|| format!("{file}: no `_` after the version"))?;
    let description = rest.strip_suffix(".sql").ok_or_else(|| format!("{file}: not a .sql file"))?.replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Ok(Migration::new(version.parse()?, description.into(), MigrationType::Simple, sql.into(), no_tx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::migrate::Migrator;
    use std::path::Path;

    /// Version, description, checksum and transaction choice of each migration.
    fn summary(migrator: &Migrator) -> Vec<(i64, String, Vec<u8>, bool)> {
        migrator.iter().map(|m| (m.version, m.description.to_string(), m.checksum.to_vec(), m.no_tx)).collect()
    }

    #[tokio::test]
    async fn the_lists_are_the_folders() {
        let folder = |name: &str| Migrator::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(name));
        let both = summary(&folder("both").await.unwrap());
        for (list, name) in [(SQLITE, "sqlite"), (POSTGRES, "postgres")] {
            let mut from_folders = summary(&folder(name).await.unwrap());
            from_folders.extend(both.iter().cloned());
            from_folders.sort_by_key(|m| m.0);
            assert_eq!(summary(&Migrator::new(list).await.unwrap()), from_folders, "{name}");
        }
    }

    #[test]
    fn a_file_name_without_a_version_is_refused() {
        assert_eq!(migration("games.sql", "").unwrap_err().to_string(), "games.sql: no `_` after the version");
        assert_eq!(migration("x_games.sql", "").unwrap_err().to_string(), "invalid digit found in string");
    }
}
