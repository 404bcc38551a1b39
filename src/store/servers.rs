//! Servers' names, as Discord last said them: a private message says which server its game is on.

use super::{execute, on, StoreError, Tx};

pub async fn name(conn: &mut Tx, guild_id: i64) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = on!(conn, c => sqlx::query_as("SELECT name FROM servers WHERE guild_id = $1")
        .bind(guild_id)
        .fetch_optional(c)
        .await?);
    Ok(row.map(|(name,)| name))
}

pub async fn set_name(conn: &mut Tx, guild_id: i64, name: &str) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO servers (guild_id, name) VALUES ($1, $2) ON CONFLICT (guild_id) DO UPDATE SET name = $2",
        guild_id,
        name
    );
    Ok(())
}
