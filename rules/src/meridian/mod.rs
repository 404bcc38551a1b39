//! Meridian (Leo Colovini, 2000): the complete rules of `shared/spec/meridian.md`.
//!
//! One concept per file: [`card`], [`board`] (islands, cities, capitals), [`column`] (the towers on one meridian,
//! placing and pushing), [`turn`] (a move), [`state`] (set-up and playing a turn), [`legal`] (move enumeration),
//! [`score`], [`view`] (what players see) and [`record`] (the game-record format).

pub mod board;
pub mod card;
pub mod column;
pub mod error;
pub mod legal;
pub mod record;
pub mod score;
pub mod state;
pub mod turn;
pub mod view;

pub use board::{Board, City};
pub use card::Card;
pub use column::{Pushed, Tower};
pub use error::{Direction, MoveError, SetupError};
pub use record::Record;
pub use state::{Meridian, Played};
pub use turn::{Move, Placement};
pub use view::View;

use crate::undo::UndoError;
use crate::{Game, Seat};

impl Game for Meridian {
    type Action = Move;
    type Error = MoveError;
    type Report = Played;
    type View = View;

    fn seats(&self) -> usize {
        self.players().len()
    }

    // Meridian hides only the order of each deck, which no view shows: every viewer sees the same.
    crate::game::one_seat_at_a_time!();

    /// Nobody knows any deck's order, their own included: every deck is reshuffled.
    fn as_seen_by(&self, _seat: Seat, chance: &mut crate::seed::Shuffler) -> Meridian {
        self.with_decks_reshuffled(chance)
    }

    /// A move turns the next card of its player's deck face up while any is left: everyone has seen it, so only a
    /// move played from an empty deck can be taken back.
    fn undo(&self, seat: Seat, _action: &Move, _now: &Meridian) -> Result<(), UndoError> {
        match self.players()[usize::from(seat)].deck.is_empty() {
            true => Ok(()),
            false => Err(UndoError::CardTurned),
        }
    }
}
