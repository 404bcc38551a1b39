//! A seat and its player: joining a lobby and starting ([`lobby`]), a seat's step through its move for the fronts
//! ([`step`]), playing it ([`play`]), the your-turn note ([`your_turn`]), computers' turns ([`computer`]), and seats
//! that change hands by consent: undos ([`undo`]), substitutes ([`substitute`]), rejoining ([`rejoin`]), and the
//! fair-play checks they share ([`fair_play`]: whose result a seat's is, who may take a seat, requests, reliability),
//! whose error and limits are here, beside the types the seat's files share.

pub(super) mod computer;
pub mod fair_play;
pub(super) mod lobby;
pub(super) mod play;
pub(super) mod rejoin;
pub(super) mod step;
pub(super) mod substitute;
pub(super) mod undo;
pub(super) mod your_turn;

use crate::language::Text;
use crate::ratings::reliability::MAX_MIN_RELIABILITY;
use crate::rules::Seat;
use crate::service::game::any::AnyAction;
use crate::text;
use serde::{Deserialize, Serialize};

/// Requests of seats (a substitute, a rejoin) one person may make in one game in a day.
pub const REQUESTS_A_DAY: i64 = 3;
/// Times one seat may change hands in a game (to a substitute, a computer, or back).
pub const SUBSTITUTIONS_PER_SEAT: usize = 6;

/// A refusal of fair play, each naming what is refused and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FairPlayError {
    /// The same request of this person waits for an answer already.
    AskedAlready { game: i64 },
    /// Too many requests of seats by this person in this game today.
    TooManyRequests { game: i64 },
    /// The seat has changed hands as often as a seat may.
    TooManySubstitutions { game: i64 },
    /// The person held another seat of this game (or holds one).
    HeldAnotherSeat { game: i64, name: String },
    /// The person resigned this game.
    Resigned { game: i64, name: String },
    /// The offer was made more than a day ago.
    OfferLapsed { game: i64 },
    /// The seat changed hands or resigned since the offer was made.
    OfferStale { game: i64 },
    /// Undos are off in this game.
    UndoOff { game: i64, tournament: bool },
    /// A player below the minimum reliability asked.
    BelowMinimum { name: String, percent: u32, minimum: u32 },
}

impl FairPlayError {
    pub fn text(&self) -> Text {
        use FairPlayError as E;
        match self {
            E::AskedAlready { game } => text!("fair-asked-already", game = *game),
            E::TooManyRequests { game } => text!("fair-too-many-requests", game = *game, max = REQUESTS_A_DAY),
            E::TooManySubstitutions { game } => {
                text!("fair-too-many-substitutions", game = *game, max = SUBSTITUTIONS_PER_SEAT)
            }
            E::HeldAnotherSeat { game, name } => text!("fair-held-another-seat", game = *game, name = name),
            E::Resigned { game, name } => text!("fair-resigned", game = *game, name = name),
            E::OfferLapsed { game } => text!("fair-offer-lapsed", game = *game),
            E::OfferStale { game } => text!("fair-offer-stale", game = *game),
            E::UndoOff { game, tournament: true } => text!("fair-undo-off-tournament", game = *game),
            E::UndoOff { game, tournament: false } => text!("fair-undo-off", game = *game),
            E::BelowMinimum { name, percent, minimum } => {
                text!("fair-below-minimum", name = name, percent = *percent, minimum = *minimum)
            }
        }
    }
}

/// Whether a game's moves may be taken back: by agreement (the default), or never.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Undo {
    #[default]
    Agreed,
    Off,
}

/// The fair-play options a game is opened with, stored with the turn clock's beside the game's own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairPlay {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo: Option<Undo>,
    /// The share of their recent turns a player must have played in time to join, in percent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_reliability: Option<u32>,
}

impl FairPlay {
    /// Checks a minimum reliability chosen.
    pub fn check(&self) -> Result<(), Text> {
        match self.min_reliability.filter(|&m| m > MAX_MIN_RELIABILITY) {
            Some(minimum) => Err(text!("fair-min-reliability-bounds", max = MAX_MIN_RELIABILITY, minimum = minimum)),
            None => Ok(()),
        }
    }
}

/// What an accepted move did.
#[derive(Debug, Clone, PartialEq)]
pub struct Acted {
    /// The game's version after the move (and any automatic passes of resigned players).
    pub version: i64,
    /// The moves in words, as told to the player who made them ("You played …", then what followed by itself).
    pub text: Text,
    pub finished: bool,
    /// The interaction had already made this move: nothing new was done.
    pub duplicate: bool,
}

impl Acted {
    /// The move an interaction had already made, at `version`: nothing new done.
    pub(in crate::service) fn duplicate(version: i64) -> Acted {
        Acted { version, text: Text::Said(String::new()), finished: false, duplicate: true }
    }
}

/// Actions played for a seat, with the interaction that asked (the first action carries it).
pub(in crate::service) struct Turn {
    pub seat: Seat,
    pub actions: Vec<AnyAction>,
    pub interaction: Option<i64>,
    /// The seat resigns after its actions (in its game's own words, for games whose rules know resigning).
    pub resigns: bool,
    /// The clock plays the actions: the seat's time ran out.
    pub ran_out: bool,
}
