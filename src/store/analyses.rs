//! Analyses of finished games: a game's row is queued in the transaction that finishes it, claimed by one process at
//! a time (a lease by the database's clock, a token the claim counts), and marked done with its judged moves in one
//! transaction by the claim's holder only, so that a restart neither loses an analysis nor stores one twice.

use super::{on, StoreError, Tx, LEASE_MS};

/// A judged move as stored: its mover's share of the win (0–1) before it, after it and after the best move, and the
/// best move in words (a catalogue message as JSON).
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysedMove {
    pub seq: i64,
    pub seat: i64,
    pub share_before: f64,
    pub share_after: f64,
    pub share_best: f64,
    pub best_line: String,
}
from_row!(AnalysedMove { seq, seat, share_before, share_after, share_best, best_line });

/// A game's analysis claimed by one process: the game, and the claim's token (the row's count of claims).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisClaim {
    pub game_id: i64,
    pub token: i64,
}

/// Queues the analysis of a game that finishes at `now` (nothing if it was queued already).
pub async fn queue(conn: &mut Tx, game_id: i64, now: i64) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("INSERT INTO analyses (game_id, queued_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(game_id)
        .bind(now)
        .execute(c)
        .await
        .map(|_| ())?);
    Ok(())
}

/// Not done, and not claimed by a process still within its lease.
fn to_do(conn: &Tx) -> String {
    format!("done_at IS NULL AND (leased_until IS NULL OR leased_until <= {})", conn.clock())
}

/// Whether any analysis waits: a look that needs no write transaction.
pub async fn any_to_do(conn: &mut Tx) -> Result<bool, StoreError> {
    let sql = format!("SELECT EXISTS (SELECT 1 FROM analyses WHERE {})", to_do(conn));
    let (waiting,): (bool,) = on!(conn, c => sqlx::query_as(&sql).fetch_one(c).await?);
    Ok(waiting)
}

/// Claims, for the process named `by`, the analysis queued first among those waiting, for [`LEASE_MS`].
pub async fn claim_next(conn: &mut Tx, by: &str) -> Result<Option<AnalysisClaim>, StoreError> {
    let sql = format!(
        "SELECT game_id FROM analyses WHERE {} ORDER BY queued_at, game_id LIMIT 1{}",
        to_do(conn),
        conn.locking(None, true)
    );
    let Some((game_id,)): Option<(i64,)> = on!(conn, c => sqlx::query_as(&sql).fetch_optional(c).await?) else {
        return Ok(None);
    };
    let claim = format!(
        "UPDATE analyses SET claim = claim + 1, leased_until = {} + $2, leased_by = $3 WHERE game_id = $1 \
         RETURNING claim",
        conn.clock()
    );
    let (token,): (i64,) =
        on!(conn, c => sqlx::query_as(&claim).bind(game_id).bind(LEASE_MS).bind(by).fetch_one(c).await?);
    Ok(Some(AnalysisClaim { game_id, token }))
}

/// The statement's condition that the claim `$1`, `$2` of the process named `$3` still holds its analysis: nobody
/// claimed it since, no restart released it, and it is not done.
const HELD: &str = "game_id = $1 AND claim = $2 AND leased_by = $3 AND done_at IS NULL";

/// `UPDATE analyses SET {set} WHERE` the claim holds, with `$4` bound to `value`: whether it held.
async fn update_held(conn: &mut Tx, claim: AnalysisClaim, by: &str, set: &str, value: i64) -> Result<bool, StoreError> {
    let sql = format!("UPDATE analyses SET {set} WHERE {HELD}");
    let changed = on!(conn, c => sqlx::query(&sql)
        .bind(claim.game_id)
        .bind(claim.token)
        .bind(by)
        .bind(value)
        .execute(c)
        .await?
        .rows_affected());
    Ok(changed > 0)
}

/// Extends `claim`'s lease by [`LEASE_MS`] from now (the database's clock), between moves of a long analysis; false
/// when the claim no longer holds (another process took it over: this one stops).
pub async fn renew(conn: &mut Tx, claim: AnalysisClaim, by: &str) -> Result<bool, StoreError> {
    let set = format!("leased_until = {} + $4", conn.clock());
    update_held(conn, claim, by, &set, LEASE_MS).await
}

/// Marks `claim`'s analysis given up at `now` (it failed on every try), if the claim still holds it.
pub async fn give_up(conn: &mut Tx, claim: AnalysisClaim, by: &str, now: i64) -> Result<bool, StoreError> {
    update_held(conn, claim, by, "done_at = $4, given_up = TRUE, leased_until = NULL, leased_by = NULL", now).await
}

/// Marks `claim`'s analysis done at `now` with its judged `moves`, if the claim still holds it. Returns whether it
/// did.
pub async fn finish(
    conn: &mut Tx,
    claim: AnalysisClaim,
    by: &str,
    now: i64,
    moves: &[AnalysedMove],
) -> Result<bool, StoreError> {
    if !update_held(conn, claim, by, "done_at = $4, leased_until = NULL, leased_by = NULL", now).await? {
        return Ok(false);
    }
    for m in moves {
        on!(conn, c => sqlx::query(
            "INSERT INTO analysed_moves (game_id, seq, seat, share_before, share_after, share_best, best_line) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(claim.game_id)
        .bind(m.seq)
        .bind(m.seat)
        .bind(m.share_before)
        .bind(m.share_after)
        .bind(m.share_best)
        .bind(&m.best_line)
        .execute(c)
        .await
        .map(|_| ())?);
    }
    Ok(true)
}

/// Releases the claims of the process named `by`: at start-up, its previous run is gone.
pub async fn release_claims(conn: &mut Tx, by: &str) -> Result<u64, StoreError> {
    Ok(on!(conn, c => sqlx::query(
        "UPDATE analyses SET leased_until = NULL, leased_by = NULL WHERE leased_by = $1 AND done_at IS NULL",
    )
    .bind(by)
    .execute(c)
    .await?
    .rows_affected()))
}

/// Where a game's analysis stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysis {
    /// None was queued (the game has not finished, or finished before analyses existed), or it was given up.
    None,
    /// Queued or under way.
    Waiting,
    /// Done: its judged moves in order.
    Done(Vec<AnalysedMove>),
}

/// Where a game's analysis stands, without its moves: whether it is done and whether it was given up; `None` when
/// none was queued.
async fn stage(conn: &mut Tx, game_id: i64) -> Result<Option<(bool, bool)>, StoreError> {
    let row: Option<(Option<i64>, bool)> = on!(conn, c => sqlx::query_as("SELECT done_at, given_up FROM analyses WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(c)
            .await?);
    Ok(row.map(|(done, given_up)| (done.is_some(), given_up)))
}

/// Whether a game's analysis is still to come (queued or under way).
pub async fn waiting(conn: &mut Tx, game_id: i64) -> Result<bool, StoreError> {
    Ok(stage(conn, game_id).await? == Some((false, false)))
}

/// Where a game's analysis stands, with its judged moves once done.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Analysis, StoreError> {
    match stage(conn, game_id).await? {
        None | Some((_, true)) => Ok(Analysis::None),
        Some((false, false)) => Ok(Analysis::Waiting),
        Some((true, false)) => Ok(Analysis::Done(on!(conn, c => sqlx::query_as(
            "SELECT seq, seat, share_before, share_after, share_best, best_line FROM analysed_moves \
             WHERE game_id = $1 ORDER BY seq",
        )
        .bind(game_id)
        .fetch_all(c)
        .await?))),
    }
}
