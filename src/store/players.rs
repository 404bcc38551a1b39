//! The players table: settings of a Discord user across all their games.

use super::{on, StoreError, Tx};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    pub vacation_until: Option<i64>,
    pub vacation_year: Option<i64>,
    pub vacation_used_ms: i64,
    /// Private messages wanted (when off, the thread says it is their turn and offers a private button).
    pub dms: bool,
    /// Their own reminder interval, over each game's.
    pub reminder_hours: Option<i64>,
}
from_row!(PlayerRow { vacation_until, vacation_year, vacation_used_ms, dms, reminder_hours });

impl Default for PlayerRow {
    fn default() -> PlayerRow {
        PlayerRow { vacation_until: None, vacation_year: None, vacation_used_ms: 0, dms: true, reminder_hours: None }
    }
}

pub async fn get(conn: &mut Tx, user_id: i64) -> Result<PlayerRow, StoreError> {
    let row: Option<PlayerRow> = on!(conn, c => sqlx::query_as(
        "SELECT vacation_until, vacation_year, vacation_used_ms, dms, reminder_hours FROM players WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    Ok(row.unwrap_or_default())
}

/// Stores a player's settings.
pub async fn put(conn: &mut Tx, user_id: i64, p: &PlayerRow) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query(
        "INSERT INTO players (user_id, vacation_until, vacation_year, vacation_used_ms, dms, reminder_hours) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET vacation_until = $2, \
         vacation_year = $3, vacation_used_ms = $4, dms = $5, reminder_hours = $6",
    )
    .bind(user_id)
    .bind(p.vacation_until)
    .bind(p.vacation_year)
    .bind(p.vacation_used_ms)
    .bind(p.dms)
    .bind(p.reminder_hours)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}
