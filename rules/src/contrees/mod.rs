//! Contrées: the complete rules of `shared/spec/contrees.md` (two players; lands laid into a territory, then towers
//! on their corners, possessing lands and demolishing encircled groups as in Go).
//!
//! One concept per file: [`hex`] (lands, spots, walls), [`action`] (a move as the record writes it), [`state`] (laying,
//! building, judging, demolishing, losing possession, the end), [`legal`] (move enumeration), [`view`] and
//! [`record`].

pub mod action;
pub mod error;
pub mod hex;
pub mod label;
pub mod legal;
pub mod record;
pub mod state;
pub mod view;

pub use action::Action;
pub use error::MoveError;
pub use hex::{Corner, Land, Spot};
pub use record::Record;
pub use state::{Contrees, Played};
pub use view::View;

use crate::undo::UndoError;
use crate::{Game, Seat};

impl Game for Contrees {
    type Action = Action;
    type Error = MoveError;
    type Report = Played;
    type View = View;

    fn seats(&self) -> usize {
        2
    }

    // Nothing is hidden: every viewer sees the same.
    crate::game::one_seat_at_a_time!();

    /// Nothing is hidden and nothing is left to chance: any move chosen can be taken back (while nobody has moved
    /// since); a turn lost to the clock or a resignation was no choice.
    fn undo(&self, _seat: Seat, action: &Action, _now: &Contrees) -> Result<(), UndoError> {
        match action {
            Action::Timeout { .. } | Action::Resign { .. } => Err(UndoError::NotAChoice),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests;
