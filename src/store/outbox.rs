//! The outbox: effects written with the move that caused them, delivered after it commits.
//!
//! A delivery is claimed before it is sent: the claim counts the try and leases the row to its process (no other try
//! before the lease ends) in its own commit, so a database that cannot be written stops sending instead of
//! repeating, and any number of processes share the outbox, each effect sent once. Each game's effects go out in
//! order: only the first undelivered effect of a game is ever due.

use super::{on, Conn, StoreError, LEASE_MS};
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
    let row: (i64,) = on!(conn, c => sqlx::query_as(
        "INSERT INTO outbox (game_id, version, effect, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(game_id)
    .bind(version)
    .bind(effect)
    .bind(now)
    .fetch_one(c)
    .await?);
    Ok(row.0)
}

/// Tries before an effect is given up (the waits add up to about a day).
pub const MAX_ATTEMPTS: i64 = 30;

const COLUMNS: &str = "id, game_id, version, effect, attempts, next_attempt_at, leased_until";

/// Due at `$2`: neither waiting after a failure nor claimed.
const DUE: &str = "(next_attempt_at IS NULL OR next_attempt_at <= $2) AND (leased_until IS NULL OR leased_until <= $2)";

/// An effect still to deliver: not delivered, not given up, not set aside.
const OPEN: &str = "delivered_at IS NULL AND set_aside IS NULL AND attempts < $1";

/// Undelivered effects due for a try at `now`, oldest first (every game's, not only their first).
pub async fn pending(conn: &mut Conn, now: i64, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM outbox \
         WHERE {OPEN} AND {DUE} ORDER BY id LIMIT $3"
    ))
    .bind(MAX_ATTEMPTS)
    .bind(now)
    .bind(limit)
    .fetch_all(c)
    .await?))
}

/// The first open effect of each game, where it is due at `now`, first tries before retries, oldest first, games in
/// `skip` left out. A game whose first effect waits for a retry has nothing due, so its later effects wait too and
/// fill no batch.
///
/// In a write transaction the rows are locked until it ends, and rows another process is claiming are left to it
/// (PostgreSQL), so that two processes never claim one effect.
pub async fn heads(conn: &mut Conn, now: i64, limit: usize, skip: &[i64]) -> Result<Vec<OutboxRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM outbox AS o \
         WHERE {OPEN} AND {DUE} \
         AND NOT EXISTS (SELECT 1 FROM outbox AS e WHERE e.game_id = o.game_id AND e.id < o.id AND {OPEN}) \
         ORDER BY attempts > 0, id LIMIT $3{}",
        conn.locking(None, true)
    );
    let rows: Vec<OutboxRow> = on!(conn, c => sqlx::query_as(&sql)
    .bind(MAX_ATTEMPTS)
    .bind(now)
    .bind((limit + skip.len()) as i64)
    .fetch_all(c)
    .await?);
    Ok(rows.into_iter().filter(|r| !skip.contains(&r.game_id)).take(limit).collect())
}

/// The first open effect of one game, if it is due at `now`.
pub async fn head_of(conn: &mut Conn, game_id: i64, now: i64) -> Result<Option<OutboxRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM outbox WHERE {OPEN} AND game_id = $2 ORDER BY id LIMIT 1{}",
        conn.locking(None, false)
    );
    let row: Option<OutboxRow> =
        on!(conn, c => sqlx::query_as(&sql).bind(MAX_ATTEMPTS).bind(game_id).fetch_optional(c).await?);
    Ok(row.filter(|r| r.due(now)))
}

/// Claims an effect for one try by the process named `by`: counts it and leases the row until `now + LEASE_MS`.
pub async fn claim(conn: &mut Conn, row: &mut OutboxRow, now: i64, by: &str) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("UPDATE outbox SET attempts = attempts + 1, leased_until = $2, leased_by = $3 WHERE id = $1")
        .bind(row.id)
        .bind(now + LEASE_MS)
        .bind(by)
        .execute(c)
        .await?
        .rows_affected());
    row.attempts += 1;
    row.leased_until = Some(now + LEASE_MS);
    Ok(())
}

/// Releases the claims of the process named `by` (and those of a version that named none): at start-up, its
/// previous run is gone. Other processes' claims run to the end of their lease. (An effect sent but not marked is
/// sent again with the same nonce, which Discord recognises for a few minutes.)
pub async fn release_claims(conn: &mut Conn, by: &str) -> Result<u64, StoreError> {
    let done = on!(conn, c => sqlx::query("UPDATE outbox SET leased_until = NULL, leased_by = NULL \
             WHERE leased_until IS NOT NULL AND delivered_at IS NULL AND (leased_by = $1 OR leased_by IS NULL)")
            .bind(by)
            .execute(c)
            .await?.rows_affected());
    Ok(done)
}

pub async fn delivered(conn: &mut Conn, id: i64, now: i64) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("UPDATE outbox SET delivered_at = $2 WHERE id = $1").bind(id).bind(now).execute(c).await?.rows_affected());
    Ok(())
}

/// Records a failed try (counted by its claim); the next one waits 5 s, doubling after each failure up to an hour.
/// Returns the tries so far.
pub async fn failed(conn: &mut Conn, id: i64, error: &str, now: i64) -> Result<i64, StoreError> {
    let (attempts,): (i64,) =
        on!(conn, c => sqlx::query_as("SELECT attempts FROM outbox WHERE id = $1").bind(id).fetch_one(c).await?);
    let wait_ms = (5_000i64 << (attempts - 1).clamp(0, 20)).min(3_600_000);
    on!(conn, c => sqlx::query("UPDATE outbox SET last_error = $2, next_attempt_at = $3, leased_until = NULL, leased_by = NULL WHERE id = $1")
        .bind(id)
        .bind(error)
        .bind(now + wait_ms)
        .execute(c)
        .await?
        .rows_affected());
    Ok(attempts)
}

/// Gives an effect up: Discord refused it for good, or it failed [`MAX_ATTEMPTS`] times.
pub async fn give_up(conn: &mut Conn, id: i64, error: &str) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("UPDATE outbox SET attempts = $2, last_error = $3 WHERE id = $1")
        .bind(id)
        .bind(MAX_ATTEMPTS)
        .bind(error)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Sets an effect aside: its stored data does not read. Kept, never tried again.
pub async fn set_aside(conn: &mut Conn, id: i64, why: &str) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("UPDATE outbox SET set_aside = $2 WHERE id = $1").bind(id).bind(why).execute(c).await?.rows_affected());
    Ok(())
}
