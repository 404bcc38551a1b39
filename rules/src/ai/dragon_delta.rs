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

use super::{Calibration, Knowledge, Options};
use crate::dragon_delta::board::Support;
use crate::dragon_delta::card::random_programme;
use crate::dragon_delta::geometry::SIZES;
use crate::dragon_delta::place::Place;
use crate::dragon_delta::reach::{index, Reach, SUPPORTS};
use crate::dragon_delta::{Action, DragonDelta};
use crate::seed::Shuffler;
use crate::{Game, Seat};

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
/// Playouts a move when a finished game is judged, for all the seats together: a playout plays a whole round of
/// every seat's actions, and a game has more moves the more seats it has, so each seat's share keeps the longest
/// game's analysis (for 6) within 15 s (`cargo bench --bench ai analysis`).
const JUDGING_PLAYOUTS: u32 = 480;
/// The judge's shares turned into chances measured in play, for three players: knots (share, share of games won),
/// from 100 games of `easy` computers (`check-analysis dragon-delta --players 3 --fit`, seeds 1–100).
const CALIBRATION_3: Calibration = Calibration(&[
    (0.049, 0.140),
    (0.151, 0.228),
    (0.251, 0.274),
    (0.350, 0.338),
    (0.448, 0.377),
    (0.549, 0.449),
    (0.646, 0.543),
    (0.749, 0.577),
    (0.847, 0.701),
    (0.950, 0.869),
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
        let outcomes = self.legal_actions(seat);
        let mut best: Option<(f64, Action)> = None;
        for action in outcomes {
            let mut after = self.clone();
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

    fn judging_playouts(seats: usize) -> u32 {
        JUDGING_PLAYOUTS / seats as u32
    }

    fn calibration(seats: usize) -> Calibration {
        match seats {
            3 => CALIBRATION_3,
            _ => Calibration::NONE,
        }
    }

    fn playout_done(&self, from: &DragonDelta, _steps: u32) -> bool {
        self.round() > from.round()
    }

    fn value(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        shares_by(self, |s| (-LEAD * actions_left(self, s)).exp())
    }

    fn standing(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        shares_by(self, |s| (CROW_LEAD * (1.0 - self.way_left(s).unwrap_or(1.0))).exp())
    }
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
    let board = game.board();
    let reach = Reach::of(board);
    let mut planks = [false; SUPPORTS * SUPPORTS];
    // Supports nobody can take out of a plank's way: villages, and stones bearing a plank.
    let mut fixed = board.supports().filter(|s| matches!(s, Support::Village(_))).fold(0u64, |m, s| m | 1 << index(s));
    for laid in game.planks() {
        let [a, b] = laid.ends.pair().map(index);
        planks[a * SUPPORTS + b] = true;
        planks[b * SUPPORTS + a] = true;
        fixed |= 1 << a | 1 << b;
    }
    // What a plank of each size costs to have in hand: nothing in the reserve, a `take` from the board.
    let mut sizes = [None; *SIZES.end() as usize + 1];
    for laid in game.planks().iter().filter(|l| !game.pawns().contains(&Some(Place::Plank(l.ends)))) {
        sizes[usize::from(laid.piece.size)] = Some(TAKE);
    }
    for piece in &game.reserves()[usize::from(seat)] {
        sizes[usize::from(piece.size)] = Some(0.0);
    }
    let mut bare = [0.0; SUPPORTS];
    let mut stones = 0u64;
    for island in board.islands() {
        let i = index(Support::Island(island));
        match game.stones().contains(&island) {
            true => stones |= 1 << i,
            false => bare[i] = STONE,
        }
    }
    let mut cost = [f64::INFINITY; SUPPORTS];
    match at {
        Place::Village(c) => cost[index(Support::Village(c))] = 0.0,
        Place::Plank(ends) => ends.pair().into_iter().for_each(|s| cost[index(s)] = 0.0),
    }
    let goal = index(Support::Village(game.colour(seat).goal()));
    let mut done = [false; SUPPORTS];
    while let Some(u) =
        (0..SUPPORTS).filter(|&i| !done[i] && cost[i].is_finite()).min_by(|&a, &b| cost[a].total_cmp(&cost[b]))
    {
        if u == goal {
            break;
        }
        done[u] = true;
        for v in (0..SUPPORTS).filter(|&v| !done[v]) {
            let step = match (planks[u * SUPPORTS + v], reach.size(u, v)) {
                (true, _) => 1.0,
                (false, Some(size)) => {
                    let under = reach.over(u, v) & (stones | fixed);
                    match sizes[usize::from(size)] {
                        Some(hand) if under & fixed == 0 => {
                            1.0 + LAY + hand + bare[v] + TAKE * f64::from(under.count_ones())
                        }
                        _ => continue,
                    }
                }
                _ => continue,
            };
            cost[v] = cost[v].min(cost[u] + step);
        }
    }
    let crow = game.way_left(seat).unwrap_or(1.0) / 100.0;
    match cost[goal].is_finite() {
        true => cost[goal] + crow,
        false => NO_WAY + crow,
    }
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
