//! Undos waiting for the other players' agreement: at most one per game, asked at one version of it.

use super::{execute, on, StoreError, Tx};

/// An undo asked by `seat` at the game's `version`; `agreed`: the seats that have agreed (a bit each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoOffer {
    pub seat: i64,
    pub version: i64,
    pub agreed: i64,
    pub asked_at: i64,
    pub expires_at: i64,
}
from_row!(UndoOffer { seat, version, agreed, asked_at, expires_at });

/// Asks an undo of `game_id` (replacing one asked before).
pub async fn ask(conn: &mut Tx, game_id: i64, offer: &UndoOffer) -> Result<(), StoreError> {
    withdraw(conn, game_id).await?;
    execute!(
        conn,
        "INSERT INTO undo_offers (game_id, seat, version, agreed, asked_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        game_id,
        offer.seat,
        offer.version,
        offer.agreed,
        offer.asked_at,
        offer.expires_at
    );
    Ok(())
}

/// The undo waiting in `game_id`, if any.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Option<UndoOffer>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT seat, version, agreed, asked_at, expires_at FROM undo_offers WHERE game_id = $1",
    )
    .bind(game_id)
    .fetch_optional(c)
    .await?))
}

/// Records who has agreed so far.
pub async fn agree(conn: &mut Tx, game_id: i64, agreed: i64) -> Result<(), StoreError> {
    execute!(conn, "UPDATE undo_offers SET agreed = $2 WHERE game_id = $1", game_id, agreed);
    Ok(())
}

/// Ends the undo waiting in `game_id` (done, refused, or replaced).
pub async fn withdraw(conn: &mut Tx, game_id: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM undo_offers WHERE game_id = $1", game_id);
    Ok(())
}
