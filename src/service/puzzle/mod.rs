//! Puzzles from a player's own games (issue 64): the position before a move that cost its player 20 points of
//! chance or more, to find the better move. Which positions make puzzles is decided once, with the game's analysis
//! ([`found`]: every choice judged, stored with the analysis); a player is set the puzzle due to come back, else a new
//! one ([`set`]), and answers through the game's own menus ([`answer`]), read from the stored chances, never judged
//! again.

pub(super) mod answer;
pub mod found;
pub(super) mod set;

use crate::language::Text;
use crate::service::{Menu, Picture};

/// What a move must have cost its player (a share of the win, 0–1) against the best for its position to be a
/// puzzle: twice what counts as costly in an analysis.
pub const PUZZLE_FROM: f64 = 0.20;
/// How near the best chance a move must come to solve a puzzle.
pub const SOLVED_WITHIN: f64 = 0.03;
/// A puzzle has at least this many choices, and at most [`MOST_NEAR_BEST`] of them near the best: otherwise the
/// answer is forced, or many moves solve it.
pub const FEWEST_CHOICES: usize = 3;
pub const MOST_NEAR_BEST: usize = 3;
/// A failed puzzle comes back after these many days, counted from the last answer: after the first failure, the
/// second, and every one after.
pub const RETURNS_AFTER_DAYS: [i64; 3] = [1, 3, 7];
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The best chance among `chances` (none: nothing).
fn best(chances: &[f64]) -> f64 {
    chances.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// What a comparison of chances spares for rounding: `0.70 - 0.50` is a hair under 0.20.
const ROUNDING: f64 = 1e-9;

/// Whether `chance` is within [`SOLVED_WITHIN`] of `best`.
fn near(chance: f64, best: f64) -> bool {
    best - chance <= SOLVED_WITHIN + ROUNDING
}

/// Whether a position whose choices were judged `chances` (in the game's order), the one played at `played`, makes
/// a good puzzle: enough choices, the one played [`PUZZLE_FROM`] below the best, and few near the best.
pub fn is_puzzle(chances: &[f64], played: usize) -> bool {
    let best = best(chances);
    chances.len() >= FEWEST_CHOICES
        && chances.get(played).is_some_and(|&c| best - c >= PUZZLE_FROM - ROUNDING)
        && chances.iter().filter(|&&c| near(c, best)).count() <= MOST_NEAR_BEST
}

/// Whether choosing `chosen` among choices judged `chances` solves the puzzle.
pub fn solves(chances: &[f64], chosen: usize) -> bool {
    chances.get(chosen).is_some_and(|&c| near(c, best(chances)))
}

/// When a puzzle failed `failed` times, last at `last_at`, comes back.
pub fn back_at(failed: i64, last_at: i64) -> i64 {
    let days = RETURNS_AFTER_DAYS[(failed.max(1) as usize - 1).min(RETURNS_AFTER_DAYS.len() - 1)];
    last_at + days * DAY_MS
}

/// A puzzle as its player is set it: the position as its mover saw it then, and the first menu of their move.
#[derive(Debug)]
pub struct Puzzle {
    pub game_id: i64,
    /// The move to find: its number in the game.
    pub seq: i64,
    /// What it is: the game, the move, whose position ("Find the better move for **ana** in Meridian #4, move 9.").
    pub note: Text,
    /// The board then, and the mover's hand (their cards or programme so far) where the game has hands.
    pub board: Picture,
    pub hand: Option<Picture>,
    pub menu: Menu,
}

/// Which puzzles a player may be set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Among {
    /// Their own, of the games of one server (`Some`) or of all (`None`: asked in a DM).
    Own(Option<i64>),
    /// Every puzzle of the finished games of one server.
    Server(i64),
}

impl Among {
    /// Whether only the player's own count, and the server.
    pub(super) fn split(self) -> (bool, Option<i64>) {
        match self {
            Among::Own(guild) => (true, guild),
            Among::Server(guild) => (false, Some(guild)),
        }
    }
}

/// A player's puzzles: those solved and tried (each puzzle once), and the answers solved since their last failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PuzzleRecord {
    pub solved: i64,
    pub tried: i64,
    pub streak: i64,
}

/// The puzzle a player is set next: game and move, or none now (and when the first failed one comes back, if any).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    Puzzle(i64, i64),
    NoneNow { back_at: Option<i64> },
}

/// What a player asking for a puzzle gets.
#[derive(Debug)]
pub enum Asked {
    Puzzle(Box<Puzzle>),
    /// None to set now: when the first failed one comes back, if any.
    NoneNow {
        back_at: Option<i64>,
    },
}

/// A move chosen for a puzzle: the next menu, or the answer.
#[derive(Debug)]
pub enum Chosen {
    Menu(Menu),
    Answered(Answered),
}

/// A puzzle answered: whether it is solved; the best move, the move played in the game and the one chosen, each in
/// words with its chance; and when it comes back, if failed.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    pub solved: bool,
    pub best: (Text, f64),
    pub played: (Text, f64),
    pub chosen: (Text, f64),
    pub back_at: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_good_puzzle_has_choices_a_costly_move_and_few_near_the_best() {
        // (chances, played, a puzzle?)
        let cases: [(&[f64], usize, bool); 7] = [
            (&[0.70, 0.40, 0.45, 0.30], 1, true),
            (&[0.70, 0.50, 0.45], 1, true),
            // The move played cost 19 points: no puzzle.
            (&[0.69, 0.50, 0.45], 1, false),
            // Two choices: forced enough.
            (&[0.70, 0.30], 1, false),
            // Four within 3 points of the best.
            (&[0.70, 0.69, 0.68, 0.67, 0.30], 4, false),
            // Three within 3 points, the best included.
            (&[0.70, 0.69, 0.67, 0.30], 3, true),
            (&[0.70, 0.30, 0.20], 7, false),
        ];
        for (chances, played, expected) in cases {
            assert_eq!(is_puzzle(chances, played), expected, "{chances:?} {played}");
        }
    }

    #[test]
    fn a_move_within_three_points_of_the_best_solves_it() {
        let chances = [0.70, 0.67, 0.66, 0.30];
        let solved: Vec<bool> = (0..5).map(|c| solves(&chances, c)).collect();
        assert_eq!(solved, [true, true, false, false, false]);
    }

    #[test]
    fn a_failed_puzzle_comes_back_after_one_three_then_seven_days() {
        let back: Vec<i64> = (1..=5).map(|failed| (back_at(failed, 1_000) - 1_000) / DAY_MS).collect();
        assert_eq!(back, [1, 3, 7, 7, 7]);
    }
}
