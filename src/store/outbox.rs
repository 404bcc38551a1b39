//! The outbox: effects written with the move that caused them, delivered after it commits.
//!
//! A delivery is claimed before it is sent ([`super::lease`]): the claim counts the try (the count is its token)
//! and leases the row to its process in its own commit, so a database that cannot be written stops sending instead
//! of repeating, and any number of processes share the outbox, each effect sent once. Each game's effects go out in
//! order: only the first undelivered effect of a game is ever due. When to try again, and how often, is the
//! service's to say: the store keeps the time it is given.

use super::lease::{self, Then, Value, Work};
use super::{execute, on, StoreError, Tx};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxRow {
    pub id: i64,
    pub game_id: i64,
    pub version: i64,
    /// The effect as JSON.
    pub effect: String,
    /// Tries so far, this one included once claimed.
    pub attempts: i64,
    /// Not to be tried again before (a failed try's wait).
    pub next_attempt_at: Option<i64>,
    /// Claimed for a try until then.
    pub leased_until: Option<i64>,
}
from_row!(OutboxRow { id, game_id, version, effect, attempts, next_attempt_at, leased_until });

/// Effects to send are leased work: a claim is one try, its token the row's count of tries.
pub const DELIVERIES: Work =
    Work { token: "attempts", open: Some("delivered_at IS NULL"), ..Work::leased("outbox", &["id"]) };
crate::leased!(OutboxRow: DELIVERIES, [id], attempts);

pub async fn push(conn: &mut Tx, game_id: i64, version: i64, effect: &str, now: i64) -> Result<i64, StoreError> {
    let row: (i64,) = on!(conn, c => sqlx::query_as(
        "INSERT INTO outbox (game_id, version, effect, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(game_id)
    .bind(version)
    .bind(effect)
    .bind(now)
    .fetch_one(c)
    .await?);
    Ok(row.0)
}

/// The count of tries an effect given up is kept with: the outbox marks it so (it has no column of its own), so no
/// effect is tried more often.
pub const GIVEN_UP: i64 = 30;

const COLUMNS: &str = "id, game_id, version, effect, attempts, next_attempt_at, leased_until";

/// Due at `$2`: not waiting after a failure (the service's clock schedules retries), and not claimed (the database's
/// clock ends leases).
fn due(conn: &Tx) -> String {
    format!("(next_attempt_at IS NULL OR next_attempt_at <= $2) AND {}", DELIVERIES.free(conn, None))
}

/// An effect still to deliver: not delivered, not given up, not set aside.
const OPEN: &str = "delivered_at IS NULL AND set_aside IS NULL AND attempts < $1";

/// Whether a game has effects still to deliver (due or waiting for a retry).
pub async fn has_open(conn: &mut Tx, game_id: i64) -> Result<bool, StoreError> {
    let sql = format!("SELECT id FROM outbox WHERE {OPEN} AND game_id = $2 LIMIT 1");
    let row: Option<(i64,)> =
        on!(conn, c => sqlx::query_as(&sql).bind(GIVEN_UP).bind(game_id).fetch_optional(c).await?);
    Ok(row.is_some())
}

/// A game's effects that post its board in its thread or show its result (the result's in its thread, and each
/// player's), up to the effect `upto`, oldest first: `(version, effect, delivered)`.
pub async fn boards_and_results(
    conn: &mut Tx,
    game_id: i64,
    upto: i64,
) -> Result<Vec<(i64, String, bool)>, StoreError> {
    let sql = "SELECT version, effect, delivered_at IS NOT NULL FROM outbox WHERE game_id = $1 AND id <= $2 \
               AND (effect LIKE '{\"type\":\"board\"%' OR effect LIKE '{\"type\":\"result\"%') ORDER BY id";
    Ok(on!(conn, c => sqlx::query_as(sql).bind(game_id).bind(upto).fetch_all(c).await?))
}

/// Undelivered effects due for a try at `now`, oldest first (every game's, not only their first).
pub async fn pending(conn: &mut Tx, now: i64, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM outbox WHERE {OPEN} AND {} ORDER BY id LIMIT $3", due(conn));
    Ok(on!(conn, c => sqlx::query_as(&sql)
    .bind(GIVEN_UP)
    .bind(now)
    .bind(limit)
    .fetch_all(c)
    .await?))
}

/// The first open effect of each game, where it is due at `now`, first tries before retries, oldest first, games in
/// `skip` left out. A game whose first effect waits for a retry has nothing due, so its later effects wait too and
/// fill no batch.
///
/// In a write transaction the rows are locked until it ends, and rows another process is claiming are left to it
/// (PostgreSQL), so that two processes never claim one effect.
pub async fn heads(conn: &mut Tx, now: i64, limit: usize, skip: &[i64]) -> Result<Vec<OutboxRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM outbox AS o \
         WHERE {OPEN} AND {} \
         AND NOT EXISTS (SELECT 1 FROM outbox AS e WHERE e.game_id = o.game_id AND e.id < o.id AND {OPEN}) \
         ORDER BY attempts > 0, id LIMIT $3{}",
        due(conn),
        conn.locking(None, true)
    );
    let rows: Vec<OutboxRow> = on!(conn, c => sqlx::query_as(&sql)
    .bind(GIVEN_UP)
    .bind(now)
    .bind((limit + skip.len()) as i64)
    .fetch_all(c)
    .await?);
    Ok(rows.into_iter().filter(|r| !skip.contains(&r.game_id)).take(limit).collect())
}

/// The outbox's backlog at `now`: effects still to deliver, and since when the longest-waiting one that may go now
/// (each game's first open effect, not waiting for a retry) has been due.
pub async fn backlog(conn: &mut Tx, now: i64) -> Result<(i64, Option<i64>), StoreError> {
    let (open,): (i64,) = on!(conn, c => sqlx::query_as(&format!("SELECT COUNT(*) FROM outbox WHERE {OPEN}"))
        .bind(GIVEN_UP)
        .fetch_one(c)
        .await?);
    Ok((open, oldest_due(conn, now).await?))
}

/// Since when the longest-waiting effect that may go at `now` (each game's first open effect, not waiting for a
/// retry) has been due, if any.
pub async fn oldest_due(conn: &mut Tx, now: i64) -> Result<Option<i64>, StoreError> {
    let sql = format!(
        "SELECT MIN(COALESCE(next_attempt_at, created_at)) FROM outbox AS o \
         WHERE {OPEN} AND (next_attempt_at IS NULL OR next_attempt_at <= $2) \
         AND NOT EXISTS (SELECT 1 FROM outbox AS e WHERE e.game_id = o.game_id AND e.id < o.id AND {OPEN})"
    );
    let (due,): (Option<i64>,) = on!(conn, c => sqlx::query_as(&sql).bind(GIVEN_UP).bind(now).fetch_one(c).await?);
    Ok(due)
}

/// The first open effect of one game, if it is due at `now`.
pub async fn head_of(conn: &mut Tx, game_id: i64, now: i64) -> Result<Option<OutboxRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS}, {} AS is_due FROM outbox WHERE {OPEN} AND game_id = $3 ORDER BY id LIMIT 1{}",
        due(conn),
        conn.locking(None, false)
    );
    let head: Option<Head> =
        on!(conn, c => sqlx::query_as(&sql).bind(GIVEN_UP).bind(now).bind(game_id).fetch_optional(c).await?);
    Ok(head.filter(|h| h.is_due).map(|h| h.row))
}

/// A game's first open effect, and whether it is due.
struct Head {
    row: OutboxRow,
    is_due: bool,
}
from_row!(Head { row: flatten OutboxRow, is_due });

/// Claims an effect for one try by the process named `by` (the try counted: the count is the claim's token); false
/// when another process holds it.
pub async fn claim(conn: &mut Tx, row: &mut OutboxRow, by: &str) -> Result<bool, StoreError> {
    let Some(granted) = lease::claim(conn, &DELIVERIES, &[row.id], by).await? else { return Ok(false) };
    row.attempts = granted.token;
    row.leased_until = Some(granted.until);
    Ok(true)
}

/// Marks a claimed effect delivered, if this claim still holds it (`row` as claimed by the process named `by`);
/// false when another process has claimed it since.
pub async fn delivered(conn: &mut Tx, row: &OutboxRow, by: &str, now: i64) -> Result<bool, StoreError> {
    lease::record(conn, row, by, "delivered_at = $1", &[Value::Int(now)], Then::Holds).await
}

/// Marks an effect that nobody is delivering delivered (tests and tools that drain the outbox themselves); false
/// when it is claimed.
pub async fn delivered_unclaimed(conn: &mut Tx, id: i64, now: i64) -> Result<bool, StoreError> {
    let sql = format!("UPDATE outbox SET delivered_at = $2 WHERE id = $1 AND {}", DELIVERIES.free(conn, None));
    let done = execute!(conn, &sql, id, now);
    Ok(done == 1)
}

/// Records a failed try of this claim (counted when claimed), not to be tried again before `retry_at`, and ends the
/// claim. False when another process has claimed the effect since.
pub async fn failed(conn: &mut Tx, row: &OutboxRow, by: &str, error: &str, retry_at: i64) -> Result<bool, StoreError> {
    let set = "last_error = $1, next_attempt_at = $2";
    lease::record(conn, row, by, set, &[Value::Text(error), Value::Int(retry_at)], Then::Ends).await
}

/// Gives an effect up (Discord refused it for good, or it failed as often as the service tries), if this claim
/// still holds it.
pub async fn give_up(conn: &mut Tx, row: &OutboxRow, by: &str, error: &str) -> Result<bool, StoreError> {
    let values = [Value::Int(GIVEN_UP), Value::Text(error)];
    lease::record(conn, row, by, "attempts = $1, last_error = $2", &values, Then::Holds).await
}

/// Sets an effect aside (its stored data does not read: kept, never tried again), if this claim still holds it.
pub async fn set_aside(conn: &mut Tx, row: &OutboxRow, by: &str, why: &str) -> Result<bool, StoreError> {
    lease::record(conn, row, by, "set_aside = $1", &[Value::Text(why)], Then::Holds).await
}
