//! Dragon Delta (Roberto Fraga): `shared/spec/dragon-delta.md`. 2 to 6 players race their pawn across a river of
//! islands, laying stones and planks, each round programming five cards in secret and then carrying them out in turn.
//!
//! One concept per file: [`colour`] (colours, seats, goals), [`board`] (the river as data, supports), [`card`] (cards
//! and programmes), [`geometry`] (exact plank fit, passing over, crossing), [`place`] (villages and planks a pawn
//! stands on), [`label`] (the names players choose by), [`action`] (moves as the record writes them), [`state`]
//! (programmes, the round's resolution, each action's possible outcomes, falling, the goal, resigning), [`view`] (per
//! viewer) and [`record`]. The platform plays it through its adapter (`src/service/games/dragon_delta.rs`).
//!
//! Programmes are checked, not enumerated: a hand of up to 13 cards has tens of thousands of programmes, so
//! `legal_actions` lists the default one (the first five actions in card order) **[digital]**.

pub mod action;
pub mod board;
pub mod card;
pub mod colour;
pub mod geometry;
pub mod label;
pub mod place;
pub mod reach;
#[cfg(test)]
mod readings;
pub mod record;
pub mod state;
pub mod view;

pub use action::{Action, Move};
pub use board::Board;
pub use record::Record;
pub use state::{DragonDelta, Event, MoveError, Played};
pub use view::View;

use crate::undo::UndoError;
use crate::{Due, Game, Seat, SeatSet, Viewer};

impl Game for DragonDelta {
    type Action = Action;
    type Error = MoveError;
    /// The action applied, with its seat and what then happened by itself.
    type Report = Played;
    type View = View;

    fn seats(&self) -> usize {
        DragonDelta::seats(self)
    }

    fn due(&self) -> Due {
        if let Some(winner) = self.winner() {
            return Due::Finished { winners: SeatSet::one(winner) };
        }
        match self.awaiting() {
            Some((seat, _)) => Due::Seats(SeatSet::one(seat)),
            None => Due::Seats(self.programming()),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Played, MoveError> {
        self.play(seat, action)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal_moves(seat)
    }

    fn view(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    /// A programme can be taken back while the round's programmes are still being chosen: once they are revealed,
    /// everyone has seen it, and every action after that comes of them.
    fn undo(&self, _seat: Seat, action: &Action, now: &DragonDelta) -> Result<(), UndoError> {
        match action {
            Action::Resign { .. } => Err(UndoError::NotAChoice),
            Action::Program { .. } if now.position() == 0 && now.round() == self.round() => Ok(()),
            _ => Err(UndoError::ProgrammesRevealed),
        }
    }

    /// Programmes are chosen at the same time: one laid after a programme that is taken back stands.
    fn stands_alone(&self, _seat: Seat, action: &Action) -> bool {
        matches!(action, Action::Program { .. })
    }

    /// Another seat's programme is known only as far as it is revealed: the rest is drawn from its hand's other
    /// cards (whether a seat has laid its programme is public).
    fn as_seen_by(&self, seat: Seat, chance: &mut crate::seed::Shuffler) -> DragonDelta {
        self.with_programmes_redrawn(seat, chance)
    }
}
