//! Undos waiting for the other players' agreement: at most one per game, asked at one version of it.

use super::{on, StoreError, Tx};

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
    on!(conn, c => sqlx::query(
        "INSERT INTO undo_offers (game_id, seat, version, agreed, asked_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(game_id)
    .bind(offer.seat)
    .bind(offer.version)
    .bind(offer.agreed)
    .bind(offer.asked_at)
    .bind(offer.expires_at)
    .execute(c)
    .await?
    .rows_affected());
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
    on!(conn, c => sqlx::query("UPDATE undo_offers SET agreed = $2 WHERE game_id = $1")
        .bind(game_id)
        .bind(agreed)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}

/// Ends the undo waiting in `game_id` (done, refused, or replaced).
pub async fn withdraw(conn: &mut Tx, game_id: i64) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("DELETE FROM undo_offers WHERE game_id = $1")
        .bind(game_id)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}
