//! The Contrées game record (record.md): two players, expert or not, and every move.

use super::action::Action;
use super::state::{Contrees, Played};
use crate::record::{check_substitutions, GameRecord, RecordError, ReplayError, Substitution};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// The `game` value of a Contrées record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tag {
    #[serde(rename = "contrees")]
    Contrees,
}

/// A whole game of Contrées. Nothing is left to chance once the first player is drawn (seat 0 lays first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub game: Tag,
    /// Display names in seat order.
    pub players: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub expert: bool,
    #[serde(default)]
    pub moves: Vec<Action>,
    /// Seats that changed hands, in order ([`Substitution`]); none in most games.
    /// Records exported before the feature had one name call it `handovers`.
    #[serde(default, skip_serializing_if = "Vec::is_empty", alias = "handovers")]
    pub substitutions: Vec<Substitution>,
}

impl GameRecord for Record {
    type Game = Contrees;

    fn players(&self) -> &[String] {
        &self.players
    }

    /// The game before any move.
    fn start(&self) -> Result<Contrees, RecordError> {
        check_substitutions(&self.substitutions, &self.players, self.moves.len())?;
        if self.players.len() != 2 {
            let message = format!("Contrées is for 2 players, not {}", self.players.len());
            return Err(RecordError::Invalid { path: "players".into(), message });
        }
        Ok(Contrees::new(self.expert))
    }

    /// Plays every move from the start, calling `each` after each one with the game, the seat, the move and what it did. A move is the player to move's, but a
    /// resignation naming its seat.
    fn replay_moves(&self, mut each: impl FnMut(&Contrees, Seat, &Action, &Played)) -> Result<Contrees, ReplayError> {
        let mut game = self.start()?;
        for (index, action) in self.moves.iter().enumerate() {
            let seat: Seat = match action {
                Action::Resign { seat: Some(seat), .. } => *seat,
                _ => game.to_move().unwrap_or(0),
            };
            let played = game.play(seat, action).map_err(|e| ReplayError::Move { index, message: e.to_string() })?;
            each(&game, seat, action, &played);
        }
        Ok(game)
    }
}
