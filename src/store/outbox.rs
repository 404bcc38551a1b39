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

/// Undelivered effects, oldest first.
pub async fn pending(conn: &mut Conn, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT id, game_id, version, effect, attempts FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

pub async fn delivered(conn: &mut Conn, id: i64, now: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET delivered_at = $2, attempts = attempts + 1 WHERE id = $1")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn failed(conn: &mut Conn, id: i64, error: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1")
        .bind(id)
        .bind(error)
        .execute(conn)
        .await?;
    Ok(())
}
