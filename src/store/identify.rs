//! Discord's identify slots, shared by every process on one database: the gateway takes one IDENTIFY per 5 s,
//! whichever process sends it.

use super::{execute, on, StoreError, Tx};

/// Reserves `count` identifies `spacing_ms` apart, after every one reserved before by any process; returns how long
/// to wait before the first (ms, judged by the database's clock, which every process shares).
pub async fn reserve(conn: &mut Tx, count: i64, spacing_ms: i64) -> Result<i64, StoreError> {
    execute!(conn, "INSERT INTO identify_slots (bucket, next_at) VALUES (0, 0) ON CONFLICT DO NOTHING");
    let sql =
        format!("SELECT next_at, {} FROM identify_slots WHERE bucket = 0{}", conn.clock(), conn.locking(None, false));
    let (next_at, now): (i64, i64) = on!(conn, c => sqlx::query_as(&sql).fetch_one(c).await?);
    let first = next_at.max(now);
    execute!(conn, "UPDATE identify_slots SET next_at = $1 WHERE bucket = 0", first + count * spacing_ms);
    Ok(first - now)
}
