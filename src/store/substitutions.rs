//! Seats that change hands: the substitutions of a game, in order, the offers of a seat waiting for answers, the requests
//! of seats made (for their daily limit), and the people who resigned the game (who never take a seat of it again).

use super::{execute, on, StoreError, Tx};

/// A seat that changed hands after `version` moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubstitutionRow {
    pub seat: i64,
    pub version: i64,
    pub from_user: i64,
    pub from_name: String,
    pub to_user: i64,
    pub to_name: String,
}
from_row!(SubstitutionRow { seat, version, from_user, from_name, to_user, to_name });

/// Records that `seat` passed from `from` to `to` (user id and name) after `version` moves, asked by `by`.
pub async fn add(
    conn: &mut Tx,
    game_id: i64,
    substitution: &SubstitutionRow,
    by: i64,
    now: i64,
) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO substitutions (game_id, seat, version, from_user, from_name, to_user, to_name, by_user, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        game_id,
        substitution.seat,
        substitution.version,
        substitution.from_user,
        &substitution.from_name,
        substitution.to_user,
        &substitution.to_name,
        by,
        now
    );
    Ok(())
}

/// A game's substitutions, in the order they happened.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Vec<SubstitutionRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT seat, version, from_user, from_name, to_user, to_name FROM substitutions WHERE game_id = $1 ORDER BY id",
    )
    .bind(game_id)
    .fetch_all(c)
    .await?))
}

/// When `user_id` last took a seat of the game from someone else, if they did.
pub async fn taken_at(conn: &mut Tx, game_id: i64, user_id: i64) -> Result<Option<i64>, StoreError> {
    let at: Option<Option<i64>> = on!(conn, c => sqlx::query_scalar(
        "SELECT MAX(at) FROM substitutions WHERE game_id = $1 AND to_user = $2",
    )
    .bind(game_id)
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    Ok(at.flatten())
}

/// The last substitution away from `user_id` in a game, with who asked for it.
pub async fn last_from(
    conn: &mut Tx,
    game_id: i64,
    user_id: i64,
) -> Result<Option<(SubstitutionRow, i64)>, StoreError> {
    let row: Option<(i64, i64, i64, String, i64, String, i64)> = on!(conn, c => sqlx::query_as(
        "SELECT seat, version, from_user, from_name, to_user, to_name, by_user FROM substitutions \
         WHERE game_id = $1 AND from_user = $2 ORDER BY id DESC LIMIT 1",
    )
    .bind(game_id)
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    Ok(row.map(|(seat, version, from_user, from_name, to_user, to_name, by)| {
        (SubstitutionRow { seat, version, from_user, from_name, to_user, to_name }, by)
    }))
}

/// An offer of a seat: who is leaving it, who is asked to take it, who asked; and for a player taking their seat
/// back from a computer, the host who answers (`answerer`) and the player's name. A substitute for a player who is
/// playing waits for their Accept too (`awaits_leaving`); the offer remembers whether its seat had resigned when it was
/// made, and when it was made (it lapses after a day).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferRow {
    pub from_user: i64,
    pub to_user: i64,
    pub by_user: i64,
    pub answerer: Option<i64>,
    pub to_name: Option<String>,
    pub awaits_leaving: bool,
    pub arriving_agreed: bool,
    pub holder_resigned: bool,
    pub made_at: i64,
}
from_row!(OfferRow {
    from_user,
    to_user,
    by_user,
    answerer,
    to_name,
    awaits_leaving,
    arriving_agreed,
    holder_resigned,
    made_at
});

impl OfferRow {
    /// Who answers the offer: the host for a seat taken back, else the player asked to take it.
    pub fn answered_by(&self) -> i64 {
        self.answerer.unwrap_or(self.to_user)
    }
}

/// Offers `seat` (replacing an earlier offer of it), made at `offer.made_at`.
pub async fn offer(conn: &mut Tx, game_id: i64, seat: i64, offer: &OfferRow) -> Result<(), StoreError> {
    withdraw(conn, game_id, seat).await?;
    execute!(
        conn,
        "INSERT INTO seat_offers (game_id, seat, from_user, to_user, by_user, answerer, to_name, made_at, \
         awaits_leaving, arriving_agreed, holder_resigned) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        game_id,
        seat,
        offer.from_user,
        offer.to_user,
        offer.by_user,
        offer.answerer,
        &offer.to_name,
        offer.made_at,
        offer.awaits_leaving,
        offer.arriving_agreed,
        offer.holder_resigned
    );
    Ok(())
}

/// The offer of `seat`, if one waits.
pub async fn offer_of(conn: &mut Tx, game_id: i64, seat: i64) -> Result<Option<OfferRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT from_user, to_user, by_user, answerer, to_name, awaits_leaving, arriving_agreed, holder_resigned, \
         made_at FROM seat_offers WHERE game_id = $1 AND seat = $2",
    )
    .bind(game_id)
    .bind(seat)
    .fetch_optional(c)
    .await?))
}

/// Withdraws the offer of `seat` (answered, or replaced).
pub async fn withdraw(conn: &mut Tx, game_id: i64, seat: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM seat_offers WHERE game_id = $1 AND seat = $2", game_id, seat);
    Ok(())
}

/// The offers of a game that `user_id` asked for and that still wait, by seat.
pub async fn offers_by(conn: &mut Tx, game_id: i64, user_id: i64) -> Result<Vec<(i64, OfferRow)>, StoreError> {
    let rows: Vec<Offered> = on!(conn, c => sqlx::query_as(
        "SELECT seat, from_user, to_user, by_user, answerer, to_name, awaits_leaving, arriving_agreed, \
         holder_resigned, made_at FROM seat_offers WHERE game_id = $1 AND by_user = $2",
    )
    .bind(game_id)
    .bind(user_id)
    .fetch_all(c)
    .await?);
    Ok(rows.into_iter().map(|o| (o.seat, o.offer)).collect())
}

/// An offer and its seat.
struct Offered {
    seat: i64,
    offer: OfferRow,
}
from_row!(Offered { seat, offer: flatten OfferRow });

/// One side has accepted the offer of `seat` while the other's answer waits: the leaving player, or the arriving one.
pub async fn agreed(conn: &mut Tx, game_id: i64, seat: i64, leaving: bool) -> Result<(), StoreError> {
    let set = if leaving { "awaits_leaving = FALSE" } else { "arriving_agreed = TRUE" };
    let sql = format!("UPDATE seat_offers SET {set} WHERE game_id = $1 AND seat = $2");
    execute!(conn, &sql, game_id, seat);
    Ok(())
}

/// Records that `user_id` resigned the game: final, whoever holds their seat later.
pub async fn resigned(conn: &mut Tx, game_id: i64, user_id: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO resigned_players (game_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        game_id,
        user_id
    );
    Ok(())
}

/// The people who resigned the game.
pub async fn resigned_of(conn: &mut Tx, game_id: i64) -> Result<Vec<i64>, StoreError> {
    Ok(on!(conn, c => sqlx::query_scalar("SELECT user_id FROM resigned_players WHERE game_id = $1")
        .bind(game_id)
        .fetch_all(c)
        .await?))
}

/// Records a request of `user_id`'s that pings (a substitute, a rejoin), at `now`.
pub async fn requested(conn: &mut Tx, game_id: i64, user_id: i64, now: i64) -> Result<(), StoreError> {
    execute!(conn, "INSERT INTO seat_requests (game_id, user_id, at) VALUES ($1, $2, $3)", game_id, user_id, now);
    Ok(())
}

/// How many requests `user_id` made in the game since `since`.
pub async fn requests_since(conn: &mut Tx, game_id: i64, user_id: i64, since: i64) -> Result<i64, StoreError> {
    Ok(on!(conn, c => sqlx::query_scalar(
        "SELECT COUNT(*) FROM seat_requests WHERE game_id = $1 AND user_id = $2 AND at > $3",
    )
    .bind(game_id)
    .bind(user_id)
    .bind(since)
    .fetch_one(c)
    .await?))
}
