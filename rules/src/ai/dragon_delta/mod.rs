//! What the search knows of Dragon Delta beyond its rules.
//!
//! - Programmes are drawn, not listed: a hand of nine to thirteen cards makes tens of thousands of them.
//! - A playout stops when the round it started in is over: random rounds wander, and one round is what a programme
//!   decides. What the rounds after it hold is in the position's value: each pawn's way to its goal counted in the
//!   actions it still needs ([`actions_left`]): a step along each plank laid, and for a gap a plank of the right
//!   size (from the reserve, or taken back from the board) and the stones to rest it on. So a bridge built for
//!   later, a plank lost or taken and a stone removed under someone's way all count, though they move no pawn this
//!   round.
//! - Playouts choose each outcome half the time by that measure, one step ahead, and otherwise at random.
//! - The greedy yardstick ([`Knowledge::standing`]) measures the way as the crow flies, as the game did first.
//! - A finished game is judged without chance ([`judge`]): each round played out by every seat's quickest outcome,
//!   with the programmes laid in secret beside a seat's known.

mod judge;

use super::search::Judged;
use super::{Calibration, Knowledge, Options};
use crate::dragon_delta::board::Support;
use crate::dragon_delta::card::random_programme;
use crate::dragon_delta::geometry::SIZES;
use crate::dragon_delta::place::Place;
use crate::dragon_delta::reach::{index, Reach, SUPPORTS};
use crate::dragon_delta::{Action, DragonDelta};
use crate::seed::Shuffler;
use crate::{Game, Seat};
use std::sync::Arc;

/// How sharply a lead of one action on the way to the goal turns into a share of the win.
const LEAD: f64 = 1.0;
/// Actions a plank costs to lay, besides the step along it.
const LAY: f64 = 1.0;
/// Actions a stone costs (a `place 2 stones` lays two).
const STONE: f64 = 0.5;
/// Actions a `take` costs (a plank from the board into the reserve, a stone from under a plank's way).
const TAKE: f64 = 1.0;
/// Actions a pawn with no way to its goal is taken to need.
const NO_WAY: f64 = 20.0;
/// How sharply a lead as the crow flies turns into a share of the win (the greedy yardstick).
const CROW_LEAD: f64 = 8.0;
/// Rounds a programme's judge plays out ([`judge`]'s budget), for all the seats together: a round holds every
/// seat's actions, and a game has more programmes the more seats it has, so each seat's share keeps the longest
/// game's analysis (for 6) within 15 s (`cargo bench --bench ai analysis`).
const JUDGING_PLAYOUTS: u32 = 480;
/// The judge's shares turned into chances measured in play, for two players: knots (share, share of games won), from
/// 200 games of `normal` computers (`check-analysis dragon-delta --fit --games 200 --level normal`, seeds 1–200),
/// each player counted once in each tenth their chance passed through. A round played out greedily tells a
/// two-player race poorly at its low end: a seat it gives next to nothing (its way closed) won one game in five.
const CALIBRATION_2: Calibration = Calibration(&[
    (0.000, 0.197),
    (0.013, 0.197),
    (0.047, 0.249),
    (0.120, 0.349),
    (0.429, 0.500),
    (0.623, 0.538),
    (0.774, 0.574),
    (0.952, 0.770),
    (0.982, 0.856),
    (0.998, 0.945),
]);

/// For three players, from 300 games of `normal` computers (`--players 3 --games 300 --level normal`, seeds 1–300).
/// A seat the judge gives next to nothing still won one game in eight: a way closed now may open later.
const CALIBRATION_3: Calibration = Calibration(&[
    (0.000, 0.121),
    (0.017, 0.171),
    (0.099, 0.285),
    (0.345, 0.333),
    (0.661, 0.435),
    (0.818, 0.544),
    (0.882, 0.626),
    (0.941, 0.750),
    (0.972, 0.840),
    (0.999, 0.981),
]);

/// For four players, from 120 games (`--players 4 --games 120 --level normal`, seeds 1–120): its tenths from 60 % to
/// 90 % hold 28 to 41 players each, so the map is rough there.
const CALIBRATION_4: Calibration = Calibration(&[
    (0.000, 0.107),
    (0.036, 0.186),
    (0.214, 0.250),
    (0.505, 0.327),
    (0.678, 0.428),
    (0.786, 0.526),
    (0.848, 0.574),
    (0.914, 0.811),
    (0.996, 0.973),
]);

impl Knowledge for DragonDelta {
    fn options(&self, seat: Seat) -> Options<Action> {
        match self.programming().contains(seat) {
            true => Options::Drawn,
            false => Options::Listed(self.legal_actions(seat)),
        }
    }

    fn draw(&self, seat: Seat, chance: &mut Shuffler) -> Option<Action> {
        if self.programming().contains(seat) {
            return Some(Action::Program { program: random_programme(&self.hand(seat), chance) });
        }
        super::any(self.legal_actions(seat), chance)
    }

    fn playout(&self, seat: Seat, chance: &mut Shuffler) -> Option<Action> {
        if self.programming().contains(seat) || chance.below(2) == 0 {
            return self.draw(seat, chance);
        }
        quickest(self, seat)
    }

    fn judging_playouts(seats: usize) -> u32 {
        JUDGING_PLAYOUTS / seats as u32
    }

    fn in_hindsight<'a>(&self, seat: Seat, later: impl Iterator<Item = (Seat, &'a Action)>) -> DragonDelta {
        judge::in_hindsight(self, seat, later)
    }

    fn judge(&self, seat: Seat, played: &Action, playouts: u32, _seed: u64) -> Option<Judged<Action>> {
        judge::judge(self, seat, played, playouts)
    }

    /// Each outcome of a card worth what the game's own judge weighs it at (each once, not every one against all).
    fn judge_each(&self, seat: Seat, _played: &Action, _playouts: u32, _seed: u64) -> Option<Vec<(Action, f64)>> {
        judge::each_outcome(self, seat)
    }

    fn calibration(seats: usize) -> Calibration {
        match seats {
            2 => CALIBRATION_2,
            3 => CALIBRATION_3,
            4 => CALIBRATION_4,
            _ => Calibration::NONE,
        }
    }

    fn playout_done(&self, from: &DragonDelta, _steps: u32) -> bool {
        self.round() > from.round()
    }

    fn value(&self) -> Vec<f64> {
        super::result(self).unwrap_or_else(|| by_the_way(self))
    }

    fn standing(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        shares_by(self, |s| (CROW_LEAD * (1.0 - self.way_left(s).unwrap_or(1.0))).exp())
    }
}

/// The legal action of `seat` after which its pawn needs the fewest actions to its goal ([`actions_left`]), the
/// first listed among equals.
fn quickest(game: &DragonDelta, seat: Seat) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    for action in game.legal_actions(seat) {
        let mut after = game.clone();
        if after.apply(seat, &action).is_err() {
            continue;
        }
        let left = -actions_left(&after, seat);
        if best.as_ref().is_none_or(|(b, _)| left > *b) {
            best = Some((left, action));
        }
    }
    best.map(|(_, a)| a)
}

/// Each seat's share of the win by the actions its pawn still needs ([`actions_left`]), [`LEAD`] apart an action,
/// whether or not the game is over.
fn by_the_way(game: &DragonDelta) -> Vec<f64> {
    shares_by(game, |s| (-LEAD * actions_left(game, s)).exp())
}

/// Each seat's share of `weight`, nothing for a seat that has resigned.
fn shares_by(game: &DragonDelta, weight: impl Fn(Seat) -> f64) -> Vec<f64> {
    let weights: Vec<f64> = (0..game.seats() as Seat).map(|s| if game.resigned(s) { 0.0 } else { weight(s) }).collect();
    super::shares(&weights)
}

/// The actions `seat`'s pawn still needs to reach its goal, the cheapest way: a step along each plank laid; where
/// none lies, a step, a plank of the size that fits ([`LAY`], and [`TAKE`] more if it must first be taken from the
/// board: a plank in the reserve costs nothing more), a stone for the bare island it rests on ([`STONE`]) and a
/// `take` for each bare stone in its way (a village or a stone bearing a plank in the way closes it). A hundredth
/// of the way left as the crow flies breaks ties. Crossings and what others will do are not weighed: a measure, not
/// a plan. [`NO_WAY`] when no way is open.
fn actions_left(game: &DragonDelta, seat: Seat) -> f64 {
    let Some(at) = game.pawns()[usize::from(seat)] else { return NO_WAY };
    let from = match at {
        Place::Village(c) => 1 << index(Support::Village(c)),
        Place::Plank(ends) => ends.pair().into_iter().fold(0, |m, s| m | 1 << index(s)),
    };
    let goal = index(Support::Village(game.colour(seat).goal()));
    let crow = game.way_left(seat).unwrap_or(1.0) / 100.0;
    Ways::of(game, seat).cheapest(from, goal).unwrap_or(NO_WAY) + crow
}

/// What a step between two supports costs a seat, as [`actions_left`] counts it. Supports are bits by [`index`].
struct Ways {
    reach: Arc<Reach>,
    /// For each support, those a plank joins it to.
    linked: [u64; SUPPORTS],
    /// Supports nobody can take out of a plank's way: villages, and stones bearing a plank.
    fixed: u64,
    stones: u64,
    /// What resting a plank on each support costs besides: a stone for a bare island.
    bare: [f64; SUPPORTS],
    /// What a plank of each size costs to have in hand: nothing in the reserve, a `take` from the board.
    sizes: [Option<f64>; *SIZES.end() as usize + 1],
}

impl Ways {
    fn of(game: &DragonDelta, seat: Seat) -> Ways {
        let board = game.board();
        let villages = board.supports().filter(|s| matches!(s, Support::Village(_)));
        let mut ways = Ways {
            reach: Reach::of(board),
            linked: [0; SUPPORTS],
            fixed: villages.fold(0u64, |m, s| m | 1 << index(s)),
            stones: 0,
            bare: [0.0; SUPPORTS],
            sizes: [None; *SIZES.end() as usize + 1],
        };
        for laid in game.planks() {
            let [a, b] = laid.ends.pair().map(index);
            ways.linked[a] |= 1 << b;
            ways.linked[b] |= 1 << a;
            ways.fixed |= 1 << a | 1 << b;
        }
        for laid in game.planks().iter().filter(|l| !game.pawns().contains(&Some(Place::Plank(l.ends)))) {
            ways.sizes[usize::from(laid.piece.size)] = Some(TAKE);
        }
        for piece in &game.reserves()[usize::from(seat)] {
            ways.sizes[usize::from(piece.size)] = Some(0.0);
        }
        for island in board.islands() {
            let i = index(Support::Island(island));
            match game.stones().contains(&island) {
                true => ways.stones |= 1 << i,
                false => ways.bare[i] = STONE,
            }
        }
        ways
    }

    /// A step from `u` to `v`: along a plank, or a plank laid first; `None` where none can be.
    fn step(&self, u: usize, v: usize) -> Option<f64> {
        if self.linked[u] & 1 << v != 0 {
            return Some(1.0);
        }
        let under = self.reach.over(u, v) & (self.stones | self.fixed);
        let hand = self.sizes[usize::from(self.reach.size(u, v)?)]?;
        (under & self.fixed == 0).then(|| 1.0 + LAY + hand + self.bare[v] + TAKE * f64::from(under.count_ones()))
    }

    /// The cheapest way from any of `from` to `goal` (Dijkstra's, the first support among equals first).
    fn cheapest(&self, from: u64, goal: usize) -> Option<f64> {
        let mut cost = [f64::INFINITY; SUPPORTS];
        bits(from).for_each(|s| cost[s] = 0.0);
        let (mut open, mut done) = (from, 0u64);
        while open != 0 {
            let u = bits(open).fold(None, |m: Option<usize>, s| match m {
                Some(m) if cost[m] <= cost[s] => Some(m),
                _ => Some(s),
            })?;
            if u == goal {
                return Some(cost[u]);
            }
            (open, done) = (open & !(1 << u), done | 1 << u);
            for v in bits((self.reach.near(u) | self.linked[u]) & !done) {
                if let Some(step) = self.step(u, v).filter(|step| cost[u] + step < cost[v]) {
                    cost[v] = cost[u] + step;
                    open |= 1 << v;
                }
            }
        }
        None
    }
}

/// The indices of `set`'s bits, lowest first.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    let mut left = set;
    std::iter::from_fn(move || {
        let bit = (left != 0).then(|| left.trailing_zeros() as usize)?;
        left &= left - 1;
        Some(bit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Player};
    use crate::dragon_delta::card::Card;
    use crate::dragon_delta::Board;

    /// A game of `players` after `moves` random actions, stopped while `stop` holds or the game ends.
    fn played(players: usize, seed: u64, stop: impl Fn(&DragonDelta) -> bool) -> DragonDelta {
        let mut game = DragonDelta::new(Board::standard(), players, 0).unwrap();
        let mut chance = Shuffler::new(seed);
        while !stop(&game) && !game.is_over() {
            let seat = match game.due() {
                crate::Due::Seats(s) => s.iter().next().unwrap(),
                crate::Due::Finished { .. } => break,
            };
            let action = game.draw(seat, &mut chance).unwrap();
            game.apply(seat, &action).unwrap();
        }
        game
    }

    #[test]
    fn the_computer_reads_no_unrevealed_programme() {
        // Round 2 from position 2 on: a seat is due, and the others' cards after this position are hidden from it.
        let game = played(3, 8, |g| g.round() >= 2 && g.position() >= 2 && g.awaiting().is_some());
        let (seat, _) = game.awaiting().unwrap();
        let mut scrambled = game.as_seen_by(seat, &mut Shuffler::new(77));
        // Make sure the scrambled game really differs where the seat cannot see.
        let mut seed = 78;
        while (0..3).all(|s| scrambled.programme(s) == game.programme(s)) {
            scrambled = game.as_seen_by(seat, &mut Shuffler::new(seed));
            seed += 1;
        }
        assert_eq!(scrambled.programme(seat), game.programme(seat), "its own programme is its own");
        assert_eq!(game.view(crate::Viewer::Seat(seat)), scrambled.view(crate::Viewer::Seat(seat)));
        for level in [Level::Easy, Level::Normal] {
            let chosen = Player::Computer(level).choose(&game, seat, 3);
            assert!(chosen.is_some());
            assert_eq!(chosen, Player::Computer(level).choose(&scrambled, seat, 3), "{level}");
        }
    }

    #[test]
    fn a_programme_chosen_while_others_are_laid_is_the_same_whatever_they_hold() {
        let mut game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let laid = [Card::Move, Card::Move2, Card::Jump, Card::Plank, Card::Stone];
        game.apply(0, &Action::Program { program: laid }).unwrap();
        let other = [Card::Stone, Card::Stones2, Card::Plank, Card::Planks2, Card::Take];
        let mut scrambled = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        scrambled.apply(0, &Action::Program { program: other }).unwrap();
        let chosen = Player::Computer(Level::Easy).choose(&game, 2, 9).unwrap();
        assert_eq!(Player::Computer(Level::Easy).choose(&scrambled, 2, 9), Some(chosen.clone()));
        assert!(game.clone().apply(2, &chosen).is_ok(), "{chosen:?}");
    }

    /// The way counted in actions, on the spec's shortest crossing, red – 5 – 19 – green (planks 4, 6, 5).
    #[test]
    fn the_way_left_counts_the_planks_stones_and_steps_still_needed() {
        use crate::dragon_delta::colour::Colour;
        use crate::dragon_delta::place::Ends;
        let mut game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        // At the start: three planks to lay (one action each), two stones to rest them on (half an action each, as
        // a `place 2 stones`), three steps; and a hundredth of the whole way as the crow flies.
        for seat in 0..3 {
            assert!((actions_left(&game, seat) - 7.01).abs() < 1e-9, "seat {seat}: {}", actions_left(&game, seat));
        }
        let red = [Card::Stones2, Card::Plank, Card::Move, Card::Move2, Card::Jump];
        game.apply(0, &Action::Program { program: red }).unwrap();
        for seat in [1, 2] {
            let others = [Card::Move, Card::Move2, Card::Jump, Card::Stone, Card::Plank];
            game.apply(seat, &Action::Program { program: others }).unwrap();
        }
        // Position 1: red lays stones on islands 5 and 19 (the others' pawns have nowhere to go).
        game.apply(0, &Action::Stone { stone: 5 }).unwrap();
        game.apply(0, &Action::Stone { stone: 19 }).unwrap();
        assert!((actions_left(&game, 0) - 6.01).abs() < 1e-9, "{}", actions_left(&game, 0));
        // Position 2: red lays its 4 from its village to island 5: the way is three steps and two planks to lay.
        let bridge = Ends::new(Support::Village(Colour::Red), Support::Island(5));
        game.apply(0, &Action::Plank { plank: 4, between: Some(bridge) }).unwrap();
        assert!((actions_left(&game, 0) - 5.01).abs() < 1e-9, "{}", actions_left(&game, 0));
        assert!(game.value()[0] > game.value()[1], "{:?}", game.value());
        assert_eq!(game.standing()[0], game.standing()[1], "as the crow flies, nobody has moved");
    }

    #[test]
    fn every_choice_is_legal_and_a_seed_gives_the_same_choice() {
        let mut game = DragonDelta::new(Board::standard(), 2, 0).unwrap();
        while game.round() <= 3 && !game.is_over() {
            let crate::Due::Seats(due) = game.due() else { break };
            let seat = due.iter().next().unwrap();
            let seed = u64::from(game.moves());
            let chosen = Player::Computer(Level::Easy).choose(&game, seat, seed).unwrap();
            assert_eq!(Player::Computer(Level::Easy).choose(&game, seat, seed), Some(chosen.clone()));
            game.apply(seat, &chosen).unwrap_or_else(|e| panic!("{chosen:?}: {e}"));
        }
        assert!(game.round() > 3 || game.is_over());
    }
}
