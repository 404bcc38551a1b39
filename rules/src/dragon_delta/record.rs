//! The Dragon Delta game record (record.md): players, board, the statue's first holder, and every move with its seat.

use super::action::{Action, Move};
use super::board::{Board, BoardSpec};
use super::state::{DragonDelta, Played};
use crate::record::{check_substitutions, GameRecord, RecordError, ReplayError, Substitution};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// The `game` value of a Dragon Delta record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tag {
    #[serde(rename = "dragon-delta")]
    DragonDelta,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub game: Tag,
    /// 2–6 display names in seat order.
    pub players: Vec<String>,
    pub board: BoardSpec,
    /// The statue's holder in round 1 (default 0).
    #[serde(default)]
    pub statue: Seat,
    #[serde(default)]
    pub moves: Vec<Move>,
    /// Seats that changed hands, in order ([`Substitution`]); none in most games.
    /// Records exported before the feature had one name call it `handovers`.
    #[serde(default, skip_serializing_if = "Vec::is_empty", alias = "handovers")]
    pub substitutions: Vec<Substitution>,
}

impl GameRecord for Record {
    type Game = DragonDelta;

    fn players(&self) -> &[String] {
        &self.players
    }

    /// The game before any move.
    fn start(&self) -> Result<DragonDelta, RecordError> {
        check_substitutions(&self.substitutions, &self.players, self.moves.len())?;
        let invalid = |path: &str, message: String| RecordError::Invalid { path: path.into(), message };
        let board = Board::from_spec(&self.board).map_err(|e| invalid("board", e.to_string()))?;
        if !(2..=6).contains(&self.players.len()) {
            return Err(invalid("players", format!("Dragon Delta is for 2 to 6 players, not {}", self.players.len())));
        }
        DragonDelta::new(board, self.players.len(), self.statue)
            .ok_or_else(|| invalid("statue", format!("there is no seat {}", self.statue)))
    }

    /// Plays every move from the start, calling `each` after each one with the game, the seat, the move and what it did.
    fn replay_moves(
        &self,
        mut each: impl FnMut(&DragonDelta, Seat, &Action, &Played),
    ) -> Result<DragonDelta, ReplayError> {
        let mut game = self.start()?;
        for (index, mv) in self.moves.iter().enumerate() {
            let played =
                game.play(mv.seat, &mv.action).map_err(|e| ReplayError::Move { index, message: e.to_string() })?;
            each(&game, mv.seat, &mv.action, &played);
        }
        Ok(game)
    }
}
