//! The move log: append-only, the truth a game's state is rebuilt from. An undo is an entry of its own, and the
//! moves it took back stay in the log, marked: [`of_game`] gives the moves that stand at a version.

use super::{execute, on, StoreError, Tx};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    pub seq: i64,
    pub seat: i64,
    /// The move in the game's record format (JSON).
    pub action: String,
    pub played_at: i64,
    pub interaction_id: Option<i64>,
    /// Who held the seat and was to play it (a computer's negative id); `None` for a move the rules played by
    /// themselves (a choice with one outcome, a resigned seat's turn).
    pub user_id: Option<i64>,
    /// The clock played it for its player: their turn ran out.
    pub ran_out: bool,
    /// On a turn's first move, how long its player had been due; `None` on the turn's other moves.
    pub waited_ms: Option<i64>,
}
from_row!(MoveRow { seq, seat, action, played_at, interaction_id, user_id, ran_out, waited_ms });

/// The columns of a [`MoveRow`].
const COLUMNS: &str = "seq, seat, action, played_at, interaction_id, user_id, ran_out, waited_ms";

/// The moves of game `$1` that stand at version `$2` (its log's first entries, less the undos among them and
/// the moves they took back).
const STANDING: &str = "game_id = $1 AND seq <= $2 AND NOT undo AND (undone_at IS NULL OR undone_at > $2)";

/// The moves of a game that stand at version `upto` (its log's first `upto` entries, less the undos among
/// them and the moves they took back), in order.
pub async fn of_game(conn: &mut Tx, game_id: i64, upto: i64) -> Result<Vec<MoveRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM moves WHERE {STANDING} ORDER BY seq");
    Ok(on!(conn, c => sqlx::query_as(&sql)
    .bind(game_id)
    .bind(upto)
    .fetch_all(c)
    .await?))
}

/// How many moves of a game stand at version `upto` (the record's length, undos left out).
pub async fn standing(conn: &mut Tx, game_id: i64, upto: i64) -> Result<usize, StoreError> {
    let count: i64 = on!(conn, c => sqlx::query_scalar(&format!("SELECT COUNT(*) FROM moves WHERE {STANDING}"))
    .bind(game_id)
    .bind(upto)
    .fetch_one(c)
    .await?);
    Ok(count as usize)
}

/// Whether an undo was logged in a game after version `seen`: the moves that stood then may stand no more.
pub async fn undone_since(conn: &mut Tx, game_id: i64, seen: i64) -> Result<bool, StoreError> {
    let sql = "SELECT COUNT(*) FROM moves WHERE game_id = $1 AND seq > $2 AND undo";
    let count: i64 = on!(conn, c => sqlx::query_scalar(sql).bind(game_id).bind(seen).fetch_one(c).await?);
    Ok(count > 0)
}

/// The move an interaction already made, if any.
pub async fn by_interaction(conn: &mut Tx, interaction_id: i64) -> Result<Option<(i64, MoveRow)>, StoreError> {
    let sql = format!("SELECT game_id, {COLUMNS} FROM moves WHERE interaction_id = $1");
    let found: Option<Found> = on!(conn, c => sqlx::query_as(&sql).bind(interaction_id).fetch_optional(c).await?);
    Ok(found.map(|f| (f.game_id, f.row)))
}

/// A move and its game.
struct Found {
    game_id: i64,
    row: MoveRow,
}
from_row!(Found { game_id, row: flatten MoveRow });

pub async fn append(conn: &mut Tx, game_id: i64, m: &MoveRow) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO moves (game_id, seq, seat, action, played_at, interaction_id, user_id, ran_out, waited_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        game_id,
        m.seq,
        m.seat,
        &m.action,
        m.played_at,
        m.interaction_id,
        m.user_id,
        m.ran_out,
        m.waited_ms
    );
    Ok(())
}

/// Logs an undo as the game's entry `seq`, asked by `seat`: the moves `taken` (their entries) no longer stand.
pub async fn undo(conn: &mut Tx, game_id: i64, seq: i64, seat: i64, taken: &[i64], now: i64) -> Result<(), StoreError> {
    let listed = serde_json::to_string(taken).expect("numbers serialize");
    execute!(
        conn,
        "INSERT INTO moves (game_id, seq, seat, action, played_at, undo) VALUES ($1, $2, $3, $4, $5, TRUE)",
        game_id,
        seq,
        seat,
        &listed,
        now
    );
    for &taken in taken {
        execute!(conn, "UPDATE moves SET undone_at = $3 WHERE game_id = $1 AND seq = $2", game_id, taken, seq);
    }
    Ok(())
}

/// The seats of a game's moves that stand at version `upto`, in order: the turns they make up are counted from them.
pub async fn seats_standing(conn: &mut Tx, game_id: i64, upto: i64) -> Result<Vec<i64>, StoreError> {
    Ok(on!(conn, c => sqlx::query_scalar(&format!("SELECT seat FROM moves WHERE {STANDING} ORDER BY seq"))
    .bind(game_id)
    .bind(upto)
    .fetch_all(c)
    .await?))
}
