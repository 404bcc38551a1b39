//! Analyses of finished games: a game's row is queued in the transaction that finishes it, claimed by one process at
//! a time ([`super::lease`]), and marked done with its judged moves in one transaction by the claim's holder only, so
//! that a restart neither loses an analysis nor stores one twice.

use super::lease::{self, Then, Value, Work};
use super::{on, StoreError, Tx};

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

/// Analyses are leased work: a claim holds one game's, until it is done.
pub const ANALYSES: Work = Work { open: Some("done_at IS NULL"), ..Work::leased("analyses", &["game_id"]) };
crate::leased!(AnalysisClaim: ANALYSES, [game_id], token);

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
    format!("done_at IS NULL AND {}", ANALYSES.free(conn, None))
}

/// Whether any analysis waits: a look that needs no write transaction.
pub async fn any_to_do(conn: &mut Tx) -> Result<bool, StoreError> {
    let sql = format!("SELECT EXISTS (SELECT 1 FROM analyses WHERE {})", to_do(conn));
    let (waiting,): (bool,) = on!(conn, c => sqlx::query_as(&sql).fetch_one(c).await?);
    Ok(waiting)
}

/// Claims, for the process named `by`, the analysis queued first among those waiting, for [`lease::LEASE_MS`].
pub async fn claim_next(conn: &mut Tx, by: &str) -> Result<Option<AnalysisClaim>, StoreError> {
    let sql = format!(
        "SELECT game_id FROM analyses WHERE {} ORDER BY queued_at, game_id LIMIT 1{}",
        to_do(conn),
        conn.locking(None, true)
    );
    let Some((game_id,)): Option<(i64,)> = on!(conn, c => sqlx::query_as(&sql).fetch_optional(c).await?) else {
        return Ok(None);
    };
    let granted = lease::claim(conn, &ANALYSES, &[game_id], by).await?;
    Ok(granted.map(|granted| AnalysisClaim { game_id, token: granted.token }))
}

/// Marks `claim`'s analysis given up at `now` (it failed on every try), if the claim still holds it.
pub async fn give_up(conn: &mut Tx, claim: AnalysisClaim, by: &str, now: i64) -> Result<bool, StoreError> {
    lease::record(conn, &claim, by, "done_at = $1, given_up = TRUE", &[Value::Int(now)], Then::Ends).await
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
    if !lease::record(conn, &claim, by, "done_at = $1", &[Value::Int(now)], Then::Ends).await? {
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
