//! Analyses of finished games: queued when a game ends, judged move by move ([`judge`]) on a thread of the lowest
//! priority ([`analyst`]), stored with the game.

pub(super) mod analyst;
pub mod judge;

/// How the moves of a finished game are judged: the bot's analysis and `analyse` alike ([`judge::judge_move`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judging {
    /// Chance's seed; each move's is drawn from it and the move's number ([`crate::ai::decision_seed`]).
    pub seed: u64,
    /// Playouts a move; `None`: the game's own ([`crate::ai::Knowledge::judging_playouts`]).
    pub playouts: Option<u32>,
    /// Whether shares are turned into measured chances ([`crate::ai::Calibration`]); off only to measure them
    /// again (`check-analysis --fit`).
    pub calibrated: bool,
}

impl Judging {
    /// The bot's: a seed of its own rather than the game's, so that `analyse` of an exported record (which does not
    /// tell the game's seed) gives what the bot gave.
    pub const BOT: Judging = Judging { seed: 0, playouts: None, calibrated: true };
}
