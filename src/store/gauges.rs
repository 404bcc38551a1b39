//! What an operator graphs, read at each scrape: the outbox's backlog, the games by kind and status, the work
//! waiting for computers and analyses, and the database's connections in use.

use super::{on, Pool, Store, StoreError, Tx};

/// The counts and ages an operator's scrape reads from the database.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Gauges {
    /// Effects still to deliver (not given up nor set aside).
    pub outbox_depth: i64,
    /// Since when the longest-waiting of them that may be sent now has been due (Unix ms), if any.
    pub oldest_due: Option<i64>,
    /// Games by kind and status.
    pub games: Vec<(String, String, i64)>,
    /// Computers' turns due and not yet played.
    pub computer_turns: i64,
    /// Finished games whose analysis is still to come.
    pub analyses: i64,
}

/// Reads the gauges as of `now`.
pub async fn read(conn: &mut Tx, now: i64) -> Result<Gauges, StoreError> {
    let (outbox_depth, oldest_due) = super::outbox::backlog(conn, now).await?;
    let games = on!(conn, c => sqlx::query_as("SELECT kind, status, COUNT(*) FROM games GROUP BY kind, status ORDER BY kind, status")
        .fetch_all(c)
        .await?);
    let (computer_turns,): (i64,) = on!(conn, c => sqlx::query_as(
        "SELECT COUNT(*) FROM seats WHERE computer IS NOT NULL AND deadline_at IS NOT NULL",
    )
    .fetch_one(c)
    .await?);
    let (analyses,): (i64,) = on!(conn, c => sqlx::query_as("SELECT COUNT(*) FROM analyses WHERE done_at IS NULL")
        .fetch_one(c)
        .await?);
    Ok(Gauges { outbox_depth, oldest_due, games, computer_turns, analyses })
}

/// What a readiness probe asks, as of `now`: a trivial question (the database answers), then since when the
/// longest-waiting deliverable effect has been due (see [`super::outbox::oldest_due`]); none of the gauges' counts,
/// which scan whole tables.
pub async fn readiness(conn: &mut Tx, now: i64) -> Result<Option<i64>, StoreError> {
    let _: (i64,) = on!(conn, c => sqlx::query_as("SELECT CAST(1 AS BIGINT)").fetch_one(c).await?);
    super::outbox::oldest_due(conn, now).await
}

impl Store {
    /// The database's connections in use by this process, and its pool's size.
    pub fn connections(&self) -> (u32, u32) {
        match &self.pool {
            // Two readings of the pool's counters, which may move between them.
            Pool::Lite(pool) => (pool.size().saturating_sub(pool.num_idle() as u32), pool.size()),
            Pool::Pg(pool) => (pool.size().saturating_sub(pool.num_idle() as u32), pool.size()),
        }
    }

    /// Whether the database answers (a trivial query).
    pub async fn answers(&self) -> Result<(), StoreError> {
        let mut tx = self.read().await?;
        let _: (i64,) = on!(tx, c => sqlx::query_as("SELECT CAST(1 AS BIGINT)").fetch_one(c).await?);
        Ok(())
    }
}
