//! The invitations table: players named when a game was opened who have not joined (waiting, or declined).

use super::{execute, on, StoreError, Tx};

pub async fn add(conn: &mut Tx, game_id: i64, user_id: i64, name: &str) -> Result<(), StoreError> {
    execute!(conn, "INSERT INTO invitations (game_id, user_id, name) VALUES ($1, $2, $3)", game_id, user_id, name);
    Ok(())
}

/// Removes a user's invitation to a game, waiting or declined (they joined after all); false when there was none.
pub async fn remove(conn: &mut Tx, game_id: i64, user_id: i64) -> Result<bool, StoreError> {
    let done = execute!(conn, "DELETE FROM invitations WHERE game_id = $1 AND user_id = $2", game_id, user_id);
    Ok(done == 1)
}

/// Marks a user's waiting invitation declined; false when there was none.
pub async fn decline(conn: &mut Tx, game_id: i64, user_id: i64) -> Result<bool, StoreError> {
    let done = execute!(
        conn,
        "UPDATE invitations SET declined = TRUE WHERE game_id = $1 AND user_id = $2 AND NOT declined",
        game_id,
        user_id
    );
    Ok(done == 1)
}

/// Whether someone invited to a game turned it down.
pub async fn any_declined(conn: &mut Tx, game_id: i64) -> Result<bool, StoreError> {
    let row: Option<(i64,)> = on!(conn, c => sqlx::query_as("SELECT game_id FROM invitations WHERE game_id = $1 AND declined LIMIT 1")
        .bind(game_id)
        .fetch_optional(c)
        .await?);
    Ok(row.is_some())
}

/// Removes every invitation to a game (it has started).
pub async fn clear(conn: &mut Tx, game_id: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM invitations WHERE game_id = $1", game_id);
    Ok(())
}

/// The players invited to a game who have not answered, `(user id, name)`, by name.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(
        on!(conn, c => sqlx::query_as("SELECT user_id, name FROM invitations WHERE game_id = $1 AND NOT declined ORDER BY name")
        .bind(game_id)
        .fetch_all(c)
        .await?),
    )
}

/// Invitations waiting for a player in open lobbies of a server.
pub async fn pending_for(conn: &mut Tx, user_id: i64, guild_id: Option<i64>) -> Result<i64, StoreError> {
    let (count,): (i64,) = on!(conn, c => sqlx::query_as(
        "SELECT COUNT(*) FROM invitations JOIN games ON games.id = invitations.game_id \
         WHERE invitations.user_id = $1 AND NOT invitations.declined AND games.status = 'lobby' \
         AND (games.guild_id = $2 OR games.guild_id IS NULL AND $2 IS NULL)",
    )
    .bind(user_id)
    .bind(guild_id)
    .fetch_one(c)
    .await?);
    Ok(count)
}
