//! Private messages held during their player's quiet hours: written instead of the outbox, in the transaction of the
//! change that caused them, and taken all at once when the quiet hours end (one message is sent for them all). Held
//! messages leave their game's ordered outbox, so the thread's posts after them are not held up.

use super::{execute, on, StoreError, Tx};

/// A held effect: its game, the version it shows, the effect as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldRow {
    pub id: i64,
    pub game_id: i64,
    pub version: i64,
    pub effect: String,
}
from_row!(HeldRow { id, game_id, version, effect });

/// Holds an effect for `user_id` until `release_at`.
pub async fn hold(
    conn: &mut Tx,
    user_id: i64,
    held: (i64, i64, &str),
    now: i64,
    release_at: i64,
) -> Result<(), StoreError> {
    let (game_id, version, effect) = held;
    execute!(
        conn,
        "INSERT INTO held_messages (user_id, game_id, version, effect, held_at, release_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        user_id,
        game_id,
        version,
        effect,
        now,
        release_at
    );
    Ok(())
}

/// Takes (deletes and returns) every message held for `user_id`, in the order they were held.
pub async fn take(conn: &mut Tx, user_id: i64) -> Result<Vec<HeldRow>, StoreError> {
    let mut rows: Vec<HeldRow> = on!(conn, c => sqlx::query_as(
        "DELETE FROM held_messages WHERE user_id = $1 RETURNING id, game_id, version, effect",
    )
    .bind(user_id)
    .fetch_all(c)
    .await?);
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// Moves the release of `user_id`'s held messages to `at` (their quiet hours changed).
pub async fn release_at(conn: &mut Tx, user_id: i64, at: i64) -> Result<(), StoreError> {
    execute!(conn, "UPDATE held_messages SET release_at = $2 WHERE user_id = $1", user_id, at);
    Ok(())
}
