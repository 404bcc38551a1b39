//! Which positions of a finished game make puzzles: decided with the game's analysis, on the analyses' thread, once.

use super::{is_puzzle, PUZZLE_FROM};
use crate::rules::Seat;
use crate::service::analysis::Judging;
use crate::service::game::any::{AnyAction, AnyGame};

/// A puzzle found: every choice of its mover, in the game's order, with its chance; and the one played.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub choices: Vec<(AnyAction, f64)>,
    pub played: usize,
}

impl Found {
    /// The choices as stored: `[[action as the game's record writes it, chance], …]`.
    pub fn choices_json(&self) -> String {
        serde_json::to_string(&self.choices).expect("actions serialize")
    }
}

/// The puzzle `moves[step]` makes in `game` (the position before it), judged as `judging` says, when the move cost
/// its mover `cost` (against the best the analysis found): every choice judged once the cost reaches
/// [`PUZZLE_FROM`] (the choices judged one by one may find a better best, never a smaller cost), kept if they make a
/// good puzzle ([`is_puzzle`]). CPU work: on the analyses' thread.
pub fn puzzle_at(
    game: &AnyGame,
    step: usize,
    moves: &[(Seat, AnyAction)],
    cost: f64,
    judging: Judging,
) -> Option<Found> {
    if cost < PUZZLE_FROM {
        return None;
    }
    let choices = game.judge_each(moves, step, judging)?;
    let played = choices.iter().position(|(action, _)| *action == moves[step].1)?;
    let chances: Vec<f64> = choices.iter().map(|(_, chance)| *chance).collect();
    is_puzzle(&chances, played).then_some(Found { choices, played })
}
