//! What the search knows of Dragon Delta beyond its rules.
//!
//! - Programmes are drawn, not listed: a hand of nine to thirteen cards makes tens of thousands of them.
//! - A playout stops when the round it started in is over: random rounds wander, and one round is what a programme
//!   decides. The position is then valued by each pawn's way left to its goal, as the crow flies, as a share.
//! - Playouts choose each outcome half the time by that measure, one step ahead, and otherwise at random.

use super::{Knowledge, Options};
use crate::dragon_delta::card::random_programme;
use crate::dragon_delta::{Action, DragonDelta};
use crate::seed::Shuffler;
use crate::{Game, Seat};

/// How sharply a lead on the way to the goal turns into a share of the win.
const LEAD: f64 = 8.0;

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
            let gone = progress(&after, seat);
            if best.as_ref().is_none_or(|(b, _)| gone > *b) {
                best = Some((gone, action));
            }
        }
        best.map(|(_, a)| a)
    }

    fn playout_done(&self, from: &DragonDelta, _steps: u32) -> bool {
        self.round() > from.round()
    }

    fn value(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        let weights: Vec<f64> = (0..self.seats() as Seat)
            .map(|s| match self.resigned(s) {
                true => 0.0,
                false => (LEAD * progress(self, s)).exp(),
            })
            .collect();
        super::shares(&weights)
    }
}

/// How far `seat`'s pawn has come on its way to its goal: 0 at home (or out of the river), 1 there.
fn progress(game: &DragonDelta, seat: Seat) -> f64 {
    1.0 - game.way_left(seat).unwrap_or(1.0)
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
