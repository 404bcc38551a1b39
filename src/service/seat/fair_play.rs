//! Fair play (issue 59): results belong to who played them ([`crate::ratings::credit`]), seats change hands by
//! consent and only between people who never held another seat of the game, resigning is final, requests that ping
//! stand once and are limited, and a lobby or tournament may ask a minimum reliability
//! ([`crate::ratings::reliability`]). The checks live here, once, for substitutes, rejoins, computers, undos,
//! lobbies and tournaments alike.

use super::{FairPlayError, REQUESTS_A_DAY, SUBSTITUTIONS_PER_SEAT};
use crate::clock::DAY;
use crate::language::Text;
use crate::ratings::credit::credited;
use crate::ratings::reliability::{PlayedTurn, Reliability, RECENT_TURNS};
use crate::rules::{Seat, SeatSet};
use crate::service::{Service, ServiceError, Table, TurnClock, User};
use crate::store::substitutions::OfferRow;
use crate::store::{self, GameRow, Tx};
use crate::text;
use std::collections::HashMap;

/// How long an offer of a seat stands before it lapses.
pub const OFFER_LAPSES_MS: i64 = DAY;
impl From<FairPlayError> for ServiceError {
    fn from(e: FairPlayError) -> ServiceError {
        ServiceError::FairPlay(e)
    }
}

/// A player's reliability in words, for their profile: their share of turns in time, recent and all time, and their
/// median time to move.
pub fn reliability_words(r: &Reliability) -> Text {
    match (r.recent_percent(), r.all_time_percent()) {
        (Some(recent), Some(all)) => text!(
            "fair-reliability",
            recent = recent,
            count = r.recent,
            all = all,
            turns = r.turns,
            median = r.median_ms.map_or_else(|| text!("fair-no-median"), crate::service::duration_words)
        ),
        _ => text!("fair-reliability-none"),
    }
}

/// A player's reliability in a few words, beside their name in a list: "92% in time, 3 hours".
pub fn reliability_short(r: &Reliability) -> Text {
    match r.recent_percent() {
        Some(recent) => text!(
            "fair-reliability-short",
            recent = recent,
            median = r.median_ms.map_or_else(|| text!("fair-no-median"), crate::service::duration_words)
        ),
        None => text!("fair-reliability-none-short"),
    }
}

/// Whether an offer stands: made less than a day before `now`.
pub(in crate::service) fn standing(offer: &OfferRow, now: i64) -> bool {
    now - offer.made_at < OFFER_LAPSES_MS
}

impl Service {
    /// Refuses `person` a seat of `table`'s game they may not take: one they hold or held another of, or a game
    /// they resigned. A former holder comes back to their own seat only, with rejoin.
    pub(in crate::service) async fn may_take_seat(
        tx: &mut Tx,
        table: &Table,
        person: &User,
    ) -> Result<(), ServiceError> {
        let game = table.row.id;
        if store::substitutions::resigned_of(tx, game).await?.contains(&person.id) {
            return Err(FairPlayError::Resigned { game, name: person.name.clone() }.into());
        }
        if table.seat_of(person.id).is_some() {
            return Err(ServiceError::PlaysAlready { game, name: person.name.clone() });
        }
        let substitutions = store::substitutions::of_game(tx, game).await?;
        if substitutions.iter().any(|h| h.from_user == person.id || h.to_user == person.id) {
            return Err(FairPlayError::HeldAnotherSeat { game, name: person.name.clone() }.into());
        }
        Ok(())
    }

    /// Refuses a request of a seat by `user_id` that would make too many today, else counts it.
    pub(in crate::service) async fn count_request(
        &self,
        tx: &mut Tx,
        game: i64,
        user_id: i64,
    ) -> Result<(), ServiceError> {
        let now = self.now();
        if store::substitutions::requests_since(tx, game, user_id, now - DAY).await? >= REQUESTS_A_DAY {
            return Err(FairPlayError::TooManyRequests { game }.into());
        }
        store::substitutions::requested(tx, game, user_id, now).await?;
        Ok(())
    }

    /// Refuses a request by `user_id` while another of theirs in the game still stands.
    pub(in crate::service) async fn none_standing(
        &self,
        tx: &mut Tx,
        game: i64,
        user_id: i64,
    ) -> Result<(), ServiceError> {
        let now = self.now();
        let offers = store::substitutions::offers_by(tx, game, user_id).await?;
        if offers.iter().any(|(_, offer)| standing(offer, now)) {
            return Err(FairPlayError::AskedAlready { game }.into());
        }
        Ok(())
    }

    /// Refuses one more substitution of `seat` once it has changed hands [`SUBSTITUTIONS_PER_SEAT`] times.
    pub(in crate::service) async fn may_substitute(tx: &mut Tx, game: i64, seat: Seat) -> Result<(), ServiceError> {
        let substitutions = store::substitutions::of_game(tx, game).await?;
        if substitutions.iter().filter(|h| h.seat == i64::from(seat)).count() >= SUBSTITUTIONS_PER_SEAT {
            return Err(FairPlayError::TooManySubstitutions { game }.into());
        }
        Ok(())
    }

    /// Whether the player of `seat` is absent: their last turn ran out, or they have not moved within the game's turn
    /// limit (counted from when they took the seat, or the game's opening, while they have not moved yet). Only an
    /// absent player may be replaced without their Accept.
    pub(in crate::service) async fn absent(
        &self,
        tx: &mut Tx,
        table: &Table,
        seat: Seat,
    ) -> Result<bool, ServiceError> {
        let (game, holder) = (table.row.id, table.seat_row(seat)?.user_id);
        if store::seats::timeouts(tx, game, i64::from(seat)).await? > 0 {
            return Ok(true);
        }
        let moves = store::moves::of_game(tx, game, table.row.version).await?;
        let took = store::substitutions::taken_at(tx, game, holder).await?.unwrap_or(table.row.created_at);
        let last = moves.iter().rev().find(|m| m.user_id == Some(holder)).map_or(took, |m| m.played_at.max(took));
        Ok(self.now() - last > TurnClock::of(&table.row)?.turn_limit_ms())
    }

    /// The seats of a finished game whose holders at the end are not credited with its result
    /// ([`credited`]: fewer than half of the seat's moves were theirs): they are not rated.
    pub(in crate::service) async fn uncredited(tx: &mut Tx, table: &Table) -> Result<SeatSet, ServiceError> {
        let credits = Credits::of(tx, &table.row).await?;
        Ok(table.seats.iter().filter(|s| !credits.person(s, s.user_id)).map(|s| s.seat as Seat).collect())
    }

    /// The reliability of each of `users` on the server `guild_id` (0: games on no server), in their order.
    pub async fn reliability(&self, guild_id: i64, users: &[i64]) -> Result<Vec<Reliability>, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(Service::reliability_in(&mut tx, guild_id, users).await?)
    }

    pub(in crate::service) async fn reliability_in(
        tx: &mut Tx,
        guild_id: i64,
        users: &[i64],
    ) -> Result<Vec<Reliability>, store::StoreError> {
        let mut recent: HashMap<i64, Vec<PlayedTurn>> = HashMap::new();
        for t in store::reliability::recent_turns(tx, guild_id, users, RECENT_TURNS).await? {
            recent.entry(t.user_id).or_default().push(PlayedTurn { ran_out: t.ran_out, waited_ms: t.waited_ms });
        }
        let counts: HashMap<i64, (i64, i64)> = store::reliability::turn_counts(tx, guild_id, users)
            .await?
            .into_iter()
            .map(|c| (c.user_id, (c.turns, c.ran_out)))
            .collect();
        Ok(users
            .iter()
            .map(|user| {
                let (turns, ran_out) = counts.get(user).copied().unwrap_or_default();
                Reliability::of(turns, ran_out, recent.get(user).map_or(&[][..], Vec::as_slice))
            })
            .collect())
    }

    /// Refuses `person` a seat where `minimum` percent of recent turns in time is asked and they fall short.
    pub(in crate::service) async fn meets_minimum(
        tx: &mut Tx,
        guild_id: i64,
        person: &User,
        minimum: Option<u32>,
    ) -> Result<(), ServiceError> {
        let Some(minimum) = minimum.filter(|&m| m > 0) else { return Ok(()) };
        let reliability = Service::reliability_in(tx, guild_id, &[person.id]).await?[0];
        if reliability.admits(minimum) {
            return Ok(());
        }
        let percent = reliability.recent_percent().unwrap_or(0);
        Err(FairPlayError::BelowMinimum { name: person.name.clone(), percent, minimum }.into())
    }
}

/// What whose result each seat of a game is follows from: its moves that stand, and who resigned it.
pub(in crate::service) struct Credits {
    moves: Vec<store::MoveRow>,
    resigned: Vec<i64>,
}

impl Credits {
    /// Read once for every seat of the game `row`.
    pub(in crate::service) async fn of(tx: &mut Tx, row: &GameRow) -> Result<Credits, store::StoreError> {
        let moves = store::moves::of_game(tx, row.id, row.version).await?;
        Ok(Credits { moves, resigned: store::substitutions::resigned_of(tx, row.id).await? })
    }

    /// Whether `person` is credited with the result of `seat` (as it is at the end): at least half of its moves
    /// were theirs, and they did not resign it to someone else (a resigned seat they still hold is placed last, as
    /// resigning is).
    pub(in crate::service) fn person(&self, seat: &store::SeatRow, person: i64) -> bool {
        let holds = person == seat.user_id;
        if !holds && self.resigned.contains(&person) {
            return false;
        }
        let by: Vec<Option<i64>> = self.moves.iter().filter(|m| m.seat == seat.seat).map(|m| m.user_id).collect();
        credited(person, &by, holds)
    }
}
