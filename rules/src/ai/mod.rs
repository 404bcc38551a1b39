//! Computer players: one search for every game, through the [`Game`] trait and its legal actions.
//!
//! The search ([`search`]) is information-set Monte Carlo tree search: each of its iterations plays on a copy of the
//! game as the computer's seat could see it ([`Game::as_seen_by`]: Meridian's deck orders and Dragon Delta's
//! unrevealed programmes drawn afresh, never read), walks one tree shared by all those copies, plays the rest out
//! and scores the end. What a game adds is knowledge, all of it optional ([`Knowledge`]): how to value a position
//! a playout stops at, a better playout policy, and a way to draw actions too many to list (Dragon Delta's
//! programmes).
//!
//! Scope: pure, synchronous and deterministic given its seed, like the rules; no Discord, no SQL, no clock (budgets
//! are counted in playouts, so a decision is the same on every machine). Callers run it off the async runtime.

mod contrees;
mod dragon_delta;
mod meridian;
pub mod search;

use crate::seed::Shuffler;
use crate::{Due, Game, Seat};
use std::fmt;
use std::str::FromStr;

/// The golden ratio's 64-bit odd constant, SplitMix64's step: seeds a step apart share no pattern.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The seed of the decision at `step` (a move number) of a game dealt from `seed`: every decision draws afresh, and
/// the same decision, made again (after a restart, in a replayed arena game), draws the same.
pub fn decision_seed(seed: u64, step: u64) -> u64 {
    seed ^ (step + 1).wrapping_mul(GOLDEN)
}

/// Playouts per move when a finished game is analysed ([`search::judge`]): a third of `normal`'s, so that a game's
/// analysis costs seconds of one core (`cargo bench --bench ai analysis`: Meridian for 2 1.6 s, for 4 0.8 s).
pub const ANALYSIS_PLAYOUTS: u32 = Level::Normal.playouts() / 3;

/// How hard a computer player thinks: a budget of playouts per decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Easy,
    Normal,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];
    /// The level of a computer seat when its host names none.
    pub const DEFAULT: Level = Level::Normal;

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    /// Playouts per decision, unless a game asks for more ([`Knowledge::playouts`]). `normal` stays within a second a
    /// move on a small machine (`cargo bench --bench ai`), `strong` within 1.2 s.
    pub(crate) const fn playouts(self) -> u32 {
        match self {
            Level::Easy => 60,
            Level::Normal => 600,
            Level::Strong => 2400,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level's name that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("there is no level {0:?}: easy, normal or strong")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// The actions the search weighs for a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Options<A> {
    /// Every one, listed.
    Listed(Vec<A>),
    /// Too many to list (a programme of five cards of thirteen): the search draws them ([`Knowledge::draw`]) and
    /// weighs more as it goes.
    Drawn,
}

/// What a game tells the search beyond its rules. Every method has a default from the [`Game`] trait alone.
pub trait Knowledge: Game {
    /// Playouts per decision at `level`: the level's own, unless the game's playouts cost so little that it can
    /// afford more in the same time.
    fn playouts(level: Level) -> u32 {
        level.playouts()
    }

    /// The actions `seat` may choose among now.
    fn options(&self, seat: Seat) -> Options<Self::Action> {
        Options::Listed(self.legal_actions(seat))
    }

    /// One of `seat`'s legal actions, drawn at random; `None` when it has none.
    fn draw(&self, seat: Seat, chance: &mut Shuffler) -> Option<Self::Action> {
        any(self.legal_actions(seat), chance)
    }

    /// The action a playout makes for `seat`: a random one unless the game knows better.
    fn playout(&self, seat: Seat, chance: &mut Shuffler) -> Option<Self::Action> {
        self.draw(seat, chance)
    }

    /// Whether a playout that started at `from` and made `steps` actions stops here, before the end, to be valued
    /// by [`Knowledge::value`] (for games whose random playouts would wander for long).
    fn playout_done(&self, _from: &Self, _steps: u32) -> bool {
        false
    }

    /// What the game is worth to each seat, in seat order, from 0 to 1: a finished game gives its winners equal
    /// shares of 1. An unfinished one is estimated from the position (the default: even chances).
    fn value(&self) -> Vec<f64> {
        result(self).unwrap_or_else(|| vec![1.0 / self.seats() as f64; self.seats()])
    }

    /// Playouts a move when a finished game of `seats` is judged ([`search::judge`]).
    fn judging_playouts(_seats: usize) -> u32 {
        ANALYSIS_PLAYOUTS
    }

    /// What a position is worth to each seat (0–1, as [`Knowledge::value`]) when a finished game's move is judged and
    /// nothing is hidden: `Some` values the search's leaves at once, without playing out (for games whose playouts
    /// are noise more than signal); `None`, the default, plays out as in play.
    fn judging_value(&self) -> Option<Vec<f64>> {
        None
    }

    /// The position a finished game's judge weighs `seat`'s move in, `later` being the record's moves after it:
    /// this one, unless the game has moves made in secret at once (Dragon Delta's programmes), whose order in the
    /// record is chance: the others' that it holds later are then laid first, as the judge sees everything.
    fn in_hindsight<'a>(&self, _seat: Seat, _later: impl Iterator<Item = (Seat, &'a Self::Action)>) -> Self
    where
        Self::Action: 'a,
    {
        self.clone()
    }

    /// `played`, chosen by `seat` here, judged with everything revealed, within `playouts` (the budget of
    /// [`Knowledge::judging_playouts`]): by the search ([`search::judge`]) unless the game judges in its own way.
    fn judge(
        &self,
        seat: Seat,
        played: &Self::Action,
        playouts: u32,
        seed: u64,
    ) -> Option<search::Judged<Self::Action>> {
        search::judge(self, seat, played, playouts, seed)
    }

    /// Every action `seat` may choose here, judged with everything revealed within `playouts` as [`Knowledge::judge`]
    /// judges a move (its mover's share of the win after it), in the order the game lists them, `played` among them:
    /// the answers of a puzzle set from this position. By one search weighing them all ([`search::judge_each`])
    /// unless the game judges in its own way. `None` when `seat` is not due or its actions are too many to list.
    fn judge_each(
        &self,
        seat: Seat,
        played: &Self::Action,
        playouts: u32,
        seed: u64,
    ) -> Option<Vec<(Self::Action, f64)>> {
        search::judge_each(self, seat, played, playouts, seed)
    }

    /// How the judge's shares of a win in a game of `seats` turn into chances measured in play
    /// ([`Calibration`]); none by default.
    fn calibration(_seats: usize) -> Calibration {
        Calibration::NONE
    }

    /// The game as it stands by its own count (the points scored now, the way left as the crow flies), from 0 to 1
    /// like [`Knowledge::value`]: what the greedy yardstick maximises, kept fixed while the search's value learns.
    fn standing(&self) -> Vec<f64> {
        self.value()
    }
}

/// A finished game's value: its winners share 1. `None` while it goes on.
pub(crate) fn result<G: Game>(game: &G) -> Option<Vec<f64>> {
    match game.due() {
        Due::Finished { winners } if !winners.is_empty() => Some(
            (0..game.seats() as Seat)
                .map(|s| if winners.contains(s) { 1.0 / winners.len() as f64 } else { 0.0 })
                .collect(),
        ),
        Due::Finished { .. } => Some(vec![0.0; game.seats()]),
        Due::Seats(_) => None,
    }
}

/// A monotone map from the judge's share of a win to the share of games won from there, measured over games of
/// computers of one level (`check-analysis --fit`): knots `(judged, won)`, `judged` ascending, linear between them.
/// Below the first knot it runs to (0, 0) and beyond the last to (1, 1): a game every line of which is lost, or won,
/// is decided, and reads so; a map whose first knot is at 0 is flat below where a share of nothing loses no game.
/// Without knots, a share is its own chance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Calibration(pub &'static [(f64, f64)]);

impl Calibration {
    pub const NONE: Calibration = Calibration(&[]);

    /// `judged` as a chance to win.
    pub fn chance(self, judged: f64) -> f64 {
        Calibration::through(self.0, judged)
    }

    /// `judged` as a chance to win through `knots` (a calibration being fitted).
    pub fn through(knots: &[(f64, f64)], judged: f64) -> f64 {
        let mut last = (0.0, 0.0);
        for &(x, y) in knots.iter().chain([&(1.0, 1.0)]) {
            if judged <= x {
                return match x > last.0 {
                    true => last.1 + (y - last.1) * (judged - last.0) / (x - last.0),
                    false => y,
                };
            }
            last = (x, y);
        }
        1.0
    }
}

/// Who plays a seat: a computer seat's level, or in `arena` matches: a computer at a level, or one of the yardsticks it is
/// measured against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// Any legal action, uniformly.
    Random,
    /// The action whose position [`Knowledge::standing`] rates best one move ahead (a drawn one when actions are too
    /// many to list).
    Greedy,
    Computer(Level),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Computer(level) => write!(f, "{level}"),
        }
    }
}

impl Player {
    /// The action this player chooses for `seat` in `game`, deterministic given `seed`; `None` when `seat` has no
    /// action.
    pub fn choose<G: Knowledge>(self, game: &G, seat: Seat, seed: u64) -> Option<G::Action> {
        let mut chance = Shuffler::new(seed);
        match self {
            Player::Random => game.draw(seat, &mut chance),
            Player::Greedy => greedy(game, seat, &mut chance),
            Player::Computer(level) => search::best(game, seat, G::playouts(level), seed),
        }
    }

    /// The actions of `seat`'s turn: it chooses while it stays due (Contrées' two lands, Dragon Delta's second
    /// stone), at most `MAX_TURN` actions, each on the game as it is after the ones before.
    pub fn turn<G: Knowledge>(self, game: &G, seat: Seat, seed: u64) -> Vec<G::Action> {
        const MAX_TURN: usize = 8;
        let mut game = game.clone();
        let mut actions = Vec::new();
        let mut seed = seed;
        while actions.len() < MAX_TURN && game.due().allows(seat) {
            let Some(action) = self.choose(&game, seat, seed) else { break };
            if game.apply(seat, &action).is_err() {
                break;
            }
            actions.push(action);
            seed = seed.wrapping_add(GOLDEN);
        }
        actions
    }
}

/// One move ahead: the listed action after which the position is worth most to `seat` (ties drawn by `chance`).
fn greedy<G: Knowledge>(game: &G, seat: Seat, chance: &mut Shuffler) -> Option<G::Action> {
    let Options::Listed(actions) = game.options(seat) else { return game.draw(seat, chance) };
    let worth = |action: &G::Action| {
        let mut after = game.clone();
        after.apply(seat, action).map_or(f64::NEG_INFINITY, |_| after.standing()[usize::from(seat)])
    };
    let rated: Vec<(f64, &G::Action)> = actions.iter().map(|a| (worth(a), a)).collect();
    let best = rated.iter().map(|(w, _)| *w).fold(f64::NEG_INFINITY, f64::max);
    let top: Vec<&G::Action> = rated.iter().filter(|(w, _)| *w >= best - 1e-12).map(|(_, a)| *a).collect();
    any(top, chance).cloned()
}

/// One of `items` drawn uniformly by `chance`; `None` when there are none.
pub(crate) fn any<T>(mut items: Vec<T>, chance: &mut Shuffler) -> Option<T> {
    match items.len() {
        0 => None,
        n => Some(items.swap_remove(chance.below(n as u64) as usize)),
    }
}

/// Shares of a win from points: `exp(sharpness × points)`, normalised, so that a lead of one point multiplies a
/// seat's share by `exp(sharpness)`.
pub(crate) fn leads(points: &[f64], sharpness: f64) -> Vec<f64> {
    let top = points.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    shares(&points.iter().map(|p| (sharpness * (p - top)).exp()).collect::<Vec<_>>())
}

/// Shares of a win from scores: each seat's part of the total, even when nobody has scored.
pub(crate) fn shares(scores: &[f64]) -> Vec<f64> {
    let total: f64 = scores.iter().sum();
    if total <= 0.0 {
        return vec![1.0 / scores.len() as f64; scores.len()];
    }
    scores.iter().map(|s| s / total).collect()
}

#[cfg(test)]
mod tests {
    use super::Calibration;

    #[test]
    fn a_calibration_is_linear_between_its_knots_and_runs_to_the_decided_ends() {
        let calibration = Calibration(&[(0.1, 0.05), (0.5, 0.4), (0.9, 0.9)]);
        let chances = [0.0, 0.05, 0.1, 0.3, 0.5, 0.6, 0.9, 0.95, 1.0].map(|x| calibration.chance(x));
        let expected = [0.0, 0.025, 0.05, 0.225, 0.4, 0.525, 0.9, 0.95, 1.0];
        for (chance, expected) in chances.iter().zip(expected) {
            assert!((chance - expected).abs() < 1e-12, "{chances:?}");
        }
        assert_eq!(Calibration::NONE.chance(0.37), 0.37);
        assert_eq!(Calibration(&[(0.0, 0.2)]).chance(0.0), 0.2);
    }
}
