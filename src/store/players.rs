//! The players table: settings of a Discord user across all their games.

use super::{Conn, StoreError};
use sqlx::FromRow;

#[derive(Debug, Clone, Default, PartialEq, Eq, FromRow)]
pub struct PlayerRow {
    pub vacation_until: Option<i64>,
    pub vacation_year: Option<i64>,
    pub vacation_used_ms: i64,
}

pub async fn get(conn: &mut Conn, user_id: i64) -> Result<PlayerRow, StoreError> {
    let row: Option<PlayerRow> =
        sqlx::query_as("SELECT vacation_until, vacation_year, vacation_used_ms FROM players WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.unwrap_or_default())
}

pub async fn set_vacation(conn: &mut Conn, user_id: i64, p: &PlayerRow) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO players (user_id, vacation_until, vacation_year, vacation_used_ms) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id) DO UPDATE SET vacation_until = $2, vacation_year = $3, vacation_used_ms = $4",
    )
    .bind(user_id)
    .bind(p.vacation_until)
    .bind(p.vacation_year)
    .bind(p.vacation_used_ms)
    .execute(conn)
    .await?;
    Ok(())
}
