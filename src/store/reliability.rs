//! Players' turns on a server, read from the move log (the only truth of who played what, and when): a turn is a
//! seat's first move of a turn (the one that carries how long its player had been due), played by them or by the
//! clock for them.

use super::{on, StoreError, Tx};

/// A turn of a player's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnRow {
    pub user_id: i64,
    pub ran_out: bool,
    pub waited_ms: i64,
}
from_row!(TurnRow { user_id, ran_out, waited_ms });

/// A player's turns ever on a server, and how many ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnCount {
    pub user_id: i64,
    pub turns: i64,
    pub ran_out: i64,
}
from_row!(TurnCount { user_id, turns, ran_out });

/// `$2, $3, …` for `n` users after the server's `$1`.
fn listed(n: usize) -> String {
    (2..n + 2).map(|k| format!("${k}")).collect::<Vec<_>>().join(", ")
}

/// The last `last` turns of each of `users` on the server `guild_id` (0: games on no server), newest first.
pub async fn recent_turns(conn: &mut Tx, guild_id: i64, users: &[i64], last: i64) -> Result<Vec<TurnRow>, StoreError> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT user_id, ran_out, waited_ms FROM (SELECT m.user_id, m.ran_out, m.waited_ms, ROW_NUMBER() OVER \
         (PARTITION BY m.user_id ORDER BY m.played_at DESC, m.game_id DESC, m.seq DESC) AS k \
         FROM moves m JOIN games g ON g.id = m.game_id \
         WHERE m.user_id IN ({}) AND m.waited_ms IS NOT NULL AND COALESCE(g.guild_id, 0) = $1) turns \
         WHERE k <= {last} ORDER BY user_id, k",
        listed(users.len())
    );
    of_users(conn, &sql, guild_id, users).await
}

/// The turns ever of each of `users` on the server `guild_id` (0: games on no server); a player with none is left out.
pub async fn turn_counts(conn: &mut Tx, guild_id: i64, users: &[i64]) -> Result<Vec<TurnCount>, StoreError> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT m.user_id, COUNT(*) AS turns, SUM(CASE WHEN m.ran_out THEN 1 ELSE 0 END) AS ran_out \
         FROM moves m JOIN games g ON g.id = m.game_id \
         WHERE m.user_id IN ({}) AND m.waited_ms IS NOT NULL AND COALESCE(g.guild_id, 0) = $1 GROUP BY m.user_id",
        listed(users.len())
    );
    of_users(conn, &sql, guild_id, users).await
}

/// The rows of `sql`, asked about the server `$1` and the users `$2…`.
async fn of_users<T>(conn: &mut Tx, sql: &str, guild_id: i64, users: &[i64]) -> Result<Vec<T>, StoreError>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow> + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
    T: Send + Unpin,
{
    Ok(on!(conn, c => {
        let mut query = sqlx::query_as(sql).bind(guild_id);
        for &user in users {
            query = query.bind(user);
        }
        query.fetch_all(c).await?
    }))
}
