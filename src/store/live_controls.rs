//! Messages sent with controls that stay clickable until what they ask is over: a your-turn note's menus, an
//! invitation's buttons. Recorded once sent, read when what they ask ends (to retire them), then forgotten.

use super::{execute, on, StoreError, Tx};

/// A message in a channel (a DM's or a thread): `(channel id, message id)`.
pub type Sent = (i64, i64);

/// Records that `sent` carries live `controls` of a game (for `user_id`, when they are one player's). Recording it
/// twice (a message sent again after a crash comes back the same) keeps one row.
pub async fn record(
    conn: &mut Tx,
    (channel, message): Sent,
    game_id: i64,
    controls: &str,
    user_id: Option<i64>,
) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO live_controls (channel_id, message_id, game_id, controls, user_id) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (channel_id, message_id) DO NOTHING",
        channel,
        message,
        game_id,
        controls,
        user_id
    );
    Ok(())
}

/// A game's live messages of `controls` (those to `user_id` only, when given), oldest first.
pub async fn of_game(
    conn: &mut Tx,
    game_id: i64,
    controls: &str,
    user_id: Option<i64>,
) -> Result<Vec<Sent>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT channel_id, message_id FROM live_controls WHERE game_id = $1 AND controls = $2 \
         AND ($3 IS NULL OR user_id = $3) ORDER BY message_id",
    )
    .bind(game_id)
    .bind(controls)
    .bind(user_id)
    .fetch_all(c)
    .await?))
}

/// Forgets messages whose controls were retired.
pub async fn forget(conn: &mut Tx, sent: &[Sent]) -> Result<(), StoreError> {
    for &(channel, message) in sent {
        execute!(conn, "DELETE FROM live_controls WHERE channel_id = $1 AND message_id = $2", channel, message);
    }
    Ok(())
}
