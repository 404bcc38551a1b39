//! The outbox: effects written with the move that caused them, delivered after it commits.
//!
//! A delivery is claimed before it is sent: the claim counts the try and leases the row (no other try before the
//! lease ends) in its own commit, so a database that cannot be written stops sending instead of repeating. Each
//! game's effects go out in order: only the first undelivered effect of a game is ever due.

use super::{Conn, StoreError};
use sqlx::FromRow;

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OutboxRow {
    pub id: i64,
    pub game_id: i64,
    pub version: i64,
    /// The effect as JSON.
    pub effect: String,
    /// Tries so far, this one included once claimed.
    pub attempts: i64,
    /// Not to be tried again before (a failed try's wait).
    pub next_attempt_at: Option<i64>,
    /// Claimed for a try until then.
    pub leased_until: Option<i64>,
}

impl OutboxRow {
    /// Neither waiting after a failure nor claimed, at `now`.
    fn due(&self, now: i64) -> bool {
        self.next_attempt_at.is_none_or(|t| t <= now) && self.leased_until.is_none_or(|t| t <= now)
    }
}

pub async fn push(conn: &mut Conn, game_id: i64, version: i64, effect: &str, now: i64) -> Result<i64, StoreError> {
    let row: (i64,) = sqlx::query_as(
        "INSERT INTO outbox (game_id, version, effect, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(game_id)
    .bind(version)
    .bind(effect)
    .bind(now)
    .fetch_one(conn)
    .await?;
    Ok(row.0)
}

/// Tries before an effect is given up (the waits add up to about a day).
pub const MAX_ATTEMPTS: i64 = 30;

/// How long a claimed effect is left to its sender before it may be tried again: longer than a request may take.
pub const LEASE_MS: i64 = 60_000;

const COLUMNS: &str = "id, game_id, version, effect, attempts, next_attempt_at, leased_until";

/// Due at `$2`: neither waiting after a failure nor claimed.
const DUE: &str = "(next_attempt_at IS NULL OR next_attempt_at <= $2) AND (leased_until IS NULL OR leased_until <= $2)";

/// An effect still to deliver: not delivered, not given up, not set aside.
const OPEN: &str = "delivered_at IS NULL AND set_aside IS NULL AND attempts < $1";

/// Undelivered effects due for a try at `now`, oldest first (every game's, not only their first).
pub async fn pending(conn: &mut Conn, now: i64, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM outbox \
         WHERE {OPEN} AND {DUE} ORDER BY id LIMIT $3"
    ))
    .bind(MAX_ATTEMPTS)
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// The first open effect of each game, where it is due at `now`, first tries before retries, oldest first, games in
/// `skip` left out. A game whose first effect waits for a retry has nothing due, so its later effects wait too and
/// fill no batch.
pub async fn heads(conn: &mut Conn, now: i64, limit: usize, skip: &[i64]) -> Result<Vec<OutboxRow>, StoreError> {
    let rows: Vec<OutboxRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM outbox AS o \
         WHERE {OPEN} AND {DUE} \
         AND NOT EXISTS (SELECT 1 FROM outbox AS e WHERE e.game_id = o.game_id AND e.id < o.id AND {OPEN}) \
         ORDER BY attempts > 0, id LIMIT $3"
    ))
    .bind(MAX_ATTEMPTS)
    .bind(now)
    .bind((limit + skip.len()) as i64)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().filter(|r| !skip.contains(&r.game_id)).take(limit).collect())
}

/// The first open effect of one game, if it is due at `now`.
pub async fn head_of(conn: &mut Conn, game_id: i64, now: i64) -> Result<Option<OutboxRow>, StoreError> {
    let row: Option<OutboxRow> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM outbox WHERE {OPEN} AND game_id = $2 ORDER BY id LIMIT 1"))
            .bind(MAX_ATTEMPTS)
            .bind(game_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.filter(|r| r.due(now)))
}

/// Claims an effect for one try: counts it and leases the row until `now + LEASE_MS`.
pub async fn claim(conn: &mut Conn, row: &mut OutboxRow, now: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET attempts = attempts + 1, leased_until = $2 WHERE id = $1")
        .bind(row.id)
        .bind(now + LEASE_MS)
        .execute(conn)
        .await?;
    row.attempts += 1;
    row.leased_until = Some(now + LEASE_MS);
    Ok(())
}

/// Releases every claim: at start-up, the process that held them is gone. (An effect it sent but did not mark is
/// sent again with the same nonce, which Discord recognises for a few minutes.)
pub async fn release_claims(conn: &mut Conn) -> Result<u64, StoreError> {
    let done =
        sqlx::query("UPDATE outbox SET leased_until = NULL WHERE leased_until IS NOT NULL AND delivered_at IS NULL")
            .execute(conn)
            .await?;
    Ok(done.rows_affected())
}

pub async fn delivered(conn: &mut Conn, id: i64, now: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET delivered_at = $2 WHERE id = $1").bind(id).bind(now).execute(conn).await?;
    Ok(())
}

/// Records a failed try (counted by its claim); the next one waits 5 s, doubling after each failure up to an hour.
/// Returns the tries so far.
pub async fn failed(conn: &mut Conn, id: i64, error: &str, now: i64) -> Result<i64, StoreError> {
    let (attempts,): (i64,) =
        sqlx::query_as("SELECT attempts FROM outbox WHERE id = $1").bind(id).fetch_one(&mut *conn).await?;
    let wait_ms = (5_000i64 << (attempts - 1).clamp(0, 20)).min(3_600_000);
    sqlx::query("UPDATE outbox SET last_error = $2, next_attempt_at = $3, leased_until = NULL WHERE id = $1")
        .bind(id)
        .bind(error)
        .bind(now + wait_ms)
        .execute(conn)
        .await?;
    Ok(attempts)
}

/// Gives an effect up: Discord refused it for good, or it failed [`MAX_ATTEMPTS`] times.
pub async fn give_up(conn: &mut Conn, id: i64, error: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET attempts = $2, last_error = $3 WHERE id = $1")
        .bind(id)
        .bind(MAX_ATTEMPTS)
        .bind(error)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets an effect aside: its stored data does not read. Kept, never tried again.
pub async fn set_aside(conn: &mut Conn, id: i64, why: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET set_aside = $2 WHERE id = $1").bind(id).bind(why).execute(conn).await?;
    Ok(())
}
