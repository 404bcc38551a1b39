//! Puzzles from finished games (issue 64): stored with their game's analysis, every choice judged once; and each
//! player's answers, from which a failed puzzle's return and a player's record are read.

use super::{on, StoreError, Tx};

/// A puzzle as stored: the position before move `seq` of a finished game, its mover, every choice they had with its
/// chance (JSON: `[[action, chance], …]`) and which was played.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleRow {
    pub game_id: i64,
    pub seq: i64,
    pub seat: i64,
    pub user_id: i64,
    pub choices: String,
    pub played: i64,
}
from_row!(PuzzleRow { game_id, seq, seat, user_id, choices, played });

/// The condition on `p` (puzzles) and `g` (their games) for a player's own puzzles (`own`) or any, `$1` being the
/// player asking, `$2` the game's kind and `$3` the server (none, for their own: every server).
fn condition(own: bool) -> &'static str {
    match own {
        true => "p.user_id = $1 AND g.kind = $2 AND ($3 IS NULL OR g.guild_id = $3)",
        false => "g.kind = $2 AND g.guild_id = $3",
    }
}

/// A player's answers to one puzzle: how many failed, when the last came, and whether one solved it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Answers {
    pub failed: i64,
    pub last_at: Option<i64>,
    pub solved: bool,
}

/// A puzzle a player failed and never solved: which, how many times, and when last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failed {
    pub game_id: i64,
    pub seq: i64,
    pub failed: i64,
    pub last_at: i64,
}
from_row!(Failed { game_id, seq, failed, last_at });

pub async fn add(conn: &mut Tx, puzzle: &PuzzleRow) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query(
        "INSERT INTO puzzles (game_id, seq, seat, user_id, choices, played) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(puzzle.game_id)
    .bind(puzzle.seq)
    .bind(puzzle.seat)
    .bind(puzzle.user_id)
    .bind(&puzzle.choices)
    .bind(puzzle.played)
    .execute(c)
    .await
    .map(|_| ())?);
    Ok(())
}

/// Puzzle `seq` of game `game_id`; in a write transaction, locked for its rest (its answers are decided on it).
pub async fn get(conn: &mut Tx, game_id: i64, seq: i64) -> Result<Option<PuzzleRow>, StoreError> {
    let sql = format!(
        "SELECT game_id, seq, seat, user_id, choices, played FROM puzzles WHERE game_id = $1 AND seq = $2{}",
        conn.locking(None, false)
    );
    Ok(on!(conn, c => sqlx::query_as(&sql)
    .bind(game_id)
    .bind(seq)
    .fetch_optional(c)
    .await?))
}

/// The newest puzzle of a game of `kind` on server `guild`, `user_id`'s own or any ([`condition`]), that `user_id`
/// never answered (newest game first, then its last move): `(game, seq)`.
pub async fn fresh(
    conn: &mut Tx,
    (user_id, own): (i64, bool),
    kind: &str,
    guild: Option<i64>,
) -> Result<Option<(i64, i64)>, StoreError> {
    let condition = condition(own);
    let sql = format!(
        // `CROSS JOIN`: SQLite then reads the puzzles first, in their key's order backwards, and stops at the first
        // that answers (its planner would read the server's games first and sort their 30,000 puzzles: 11 ms).
        "SELECT p.game_id, p.seq FROM puzzles p CROSS JOIN games g WHERE g.id = p.game_id AND {condition} \
         AND NOT EXISTS (SELECT 1 FROM puzzle_answers a WHERE a.user_id = $1 AND a.game_id = p.game_id \
         AND a.seq = p.seq) ORDER BY p.game_id DESC, p.seq DESC LIMIT 1"
    );
    Ok(on!(conn, c => sqlx::query_as(&sql).bind(user_id).bind(kind).bind(guild).fetch_optional(c).await?))
}

/// The puzzles of games of `kind` on server `guild`, `user_id`'s own or any ([`condition`]), that `user_id` failed
/// and never solved.
pub async fn failed(
    conn: &mut Tx,
    (user_id, own): (i64, bool),
    kind: &str,
    guild: Option<i64>,
) -> Result<Vec<Failed>, StoreError> {
    let condition = condition(own);
    let sql = format!(
        "SELECT p.game_id, p.seq, COUNT(*) AS failed, MAX(a.answered_at) AS last_at FROM puzzle_answers a \
         JOIN puzzles p ON p.game_id = a.game_id AND p.seq = a.seq JOIN games g ON g.id = p.game_id \
         WHERE a.user_id = $1 AND {condition} GROUP BY p.game_id, p.seq \
         HAVING SUM(CASE WHEN a.solved THEN 1 ELSE 0 END) = 0"
    );
    Ok(on!(conn, c => sqlx::query_as(&sql).bind(user_id).bind(kind).bind(guild).fetch_all(c).await?))
}

/// `user_id`'s answers to one puzzle.
pub async fn answers(conn: &mut Tx, user_id: i64, game_id: i64, seq: i64) -> Result<Answers, StoreError> {
    let (failed, last_at, solved): (i64, Option<i64>, i64) = on!(conn, c => sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN solved THEN 0 ELSE 1 END), 0), MAX(answered_at), \
         COALESCE(SUM(CASE WHEN solved THEN 1 ELSE 0 END), 0) \
         FROM puzzle_answers WHERE user_id = $1 AND game_id = $2 AND seq = $3",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(seq)
    .fetch_one(c)
    .await?);
    Ok(Answers { failed, last_at, solved: solved > 0 })
}

pub async fn answer(
    conn: &mut Tx,
    user_id: i64,
    (game_id, seq): (i64, i64),
    now: i64,
    solved: bool,
) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query(
        "INSERT INTO puzzle_answers (user_id, game_id, seq, answered_at, solved) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(seq)
    .bind(now)
    .bind(solved)
    .execute(c)
    .await
    .map(|_| ())?);
    Ok(())
}

/// `user_id`'s puzzles solved and tried (each puzzle once), and their streak (answers solved since their last
/// failure).
pub async fn record(conn: &mut Tx, user_id: i64) -> Result<(i64, i64, i64), StoreError> {
    let (solved, tried, streak): (i64, i64, i64) = on!(conn, c => sqlx::query_as(
        "SELECT COALESCE(SUM(s), 0), COUNT(*), (SELECT COUNT(*) FROM puzzle_answers a WHERE a.user_id = $1 AND a.solved \
         AND a.answered_at > COALESCE((SELECT MAX(answered_at) FROM puzzle_answers f WHERE f.user_id = $1 \
         AND NOT f.solved), -1)) FROM (SELECT MAX(CASE WHEN solved THEN 1 ELSE 0 END) AS s FROM puzzle_answers \
         WHERE user_id = $1 GROUP BY game_id, seq) t",
    )
    .bind(user_id)
    .fetch_one(c)
    .await?);
    Ok((solved, tried, streak))
}
