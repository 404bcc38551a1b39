//! The outbox: effects written with the move that caused them, delivered after it commits.

use super::{Conn, StoreError};
use sqlx::FromRow;

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OutboxRow {
    pub id: i64,
    pub game_id: i64,
    pub version: i64,
    /// The effect as JSON.
    pub effect: String,
    pub attempts: i64,
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

/// Undelivered effects due for a try at `now`, oldest first.
pub async fn pending(conn: &mut Conn, now: i64, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT id, game_id, version, effect, attempts FROM outbox \
         WHERE delivered_at IS NULL AND attempts < $3 AND (next_attempt_at IS NULL OR next_attempt_at <= $2) \
         ORDER BY id LIMIT $1",
    )
    .bind(limit)
    .bind(now)
    .bind(MAX_ATTEMPTS)
    .fetch_all(conn)
    .await?)
}

/// Whether an effect of the game older than `id` is still to be delivered (and not given up).
pub async fn earlier_undelivered(conn: &mut Conn, game_id: i64, id: i64) -> Result<bool, StoreError> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM outbox WHERE game_id = $1 AND id < $2 AND delivered_at IS NULL AND attempts < $3 LIMIT 1",
    )
    .bind(game_id)
    .bind(id)
    .bind(MAX_ATTEMPTS)
    .fetch_optional(conn)
    .await?;
    Ok(row.is_some())
}

pub async fn delivered(conn: &mut Conn, id: i64, now: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET delivered_at = $2, attempts = attempts + 1 WHERE id = $1")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a failed try; the next one waits 5 s, doubling after each failure up to an hour. Returns the tries so far.
pub async fn failed(conn: &mut Conn, id: i64, error: &str, now: i64) -> Result<i64, StoreError> {
    let (attempts,): (i64,) =
        sqlx::query_as("SELECT attempts FROM outbox WHERE id = $1").bind(id).fetch_one(&mut *conn).await?;
    let wait_ms = (5_000i64 << attempts.min(20)).min(3_600_000);
    sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1")
        .bind(id)
        .bind(error)
        .bind(now + wait_ms)
        .execute(conn)
        .await?;
    Ok(attempts + 1)
}
