//! What the search knows of Contrées beyond its rules: a position is worth each player their share of the land they
//! possess now (nothing is hidden, so every copy the search plays on is the game itself).
//!
//! A finished game is judged without playouts ([`Knowledge::judging_value`]): random games to the end were noise
//! (`check-analysis contrees`: two seeds named the same costliest move in 21% of the seats, and a move's cost
//! differed by 19 points or more between them one time in twenty). The search's leaves are valued instead by the
//! lands possessed and those being won: each land nobody possesses yet counts for the seat with more towers on it,
//! by how near they are to the four that possess it, while the other can no longer stop it.

use super::{leads, shares, Calibration, Knowledge};
use crate::contrees::state::{TO_POSSESS, WHITE_LAND_WORTH};
use crate::contrees::Contrees;
use crate::Seat;

/// How sharply a lead of one land turns into a share of the win, when judging.
const LEAD: f64 = 1.0;
/// Playouts a move when judging: a leaf is valued at once, so they cost little.
const JUDGING_PLAYOUTS: u32 = 800;
/// The judge's shares turned into chances measured in play: knots (share, share of games won), from 120 games of
/// `normal` computers (`check-analysis contrees --fit --games 120 --level normal`, seeds 1–120), each player counted
/// once in each tenth their chance passed through. Between players who seldom blunder the shares nearly are the
/// chances (each tenth within 5 points unmapped); the map fitted on `easy` computers, who throw won games away, kept
/// every chance between 14.7 % and 87.6 %.
const CALIBRATION: Calibration = Calibration(&[
    (0.025, 0.040),
    (0.119, 0.154),
    (0.218, 0.261),
    (0.344, 0.350),
    (0.492, 0.500),
    (0.555, 0.557),
    (0.681, 0.667),
    (0.790, 0.735),
    (0.881, 0.843),
    (0.971, 0.951),
]);

impl Knowledge for Contrees {
    fn value(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        shares(&[f64::from(self.score(0)), f64::from(self.score(1))])
    }

    fn judging_playouts(_seats: usize) -> u32 {
        JUDGING_PLAYOUTS
    }

    fn calibration(_seats: usize) -> Calibration {
        CALIBRATION
    }

    fn judging_value(&self) -> Option<Vec<f64>> {
        if let Some(result) = super::result(self) {
            return Some(result);
        }
        Some(leads(&[lands(self, 0), lands(self, 1)], LEAD))
    }
}

/// The lands `seat` possesses, and a part of each land nobody possesses that it is winning: the share of the four
/// towers it has there, counted only while the other has too few there to possess it (more than 6 − 4). A white
/// land counts [`WHITE_LAND_WORTH`]; the towers demolished break ties.
fn lands(game: &Contrees, seat: Seat) -> f64 {
    let other = 1 - seat;
    let mut lands = f64::from(game.score(seat)) + f64::from(game.players()[usize::from(seat)].demolished) / 100.0;
    for (&land, state) in game.lands().iter().filter(|(_, l)| l.owner.is_none()) {
        let (mine, theirs) = (game.towers_on(land, seat), game.towers_on(land, other));
        if mine > theirs && theirs <= 6 - TO_POSSESS {
            let worth = if state.white { f64::from(WHITE_LAND_WORTH) } else { 1.0 };
            lands += worth * (mine as f64 / TO_POSSESS as f64).powi(2);
        }
    }
    lands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Player};
    use crate::Game;

    #[test]
    fn every_choice_is_legal_and_a_seed_gives_the_same_choice() {
        let mut game = Contrees::new(false);
        let mut moves = 0;
        while let Some(seat) = game.to_move() {
            let seed = u64::from(game.moves());
            let chosen = Player::Computer(Level::Easy).choose(&game, seat, seed).unwrap();
            assert_eq!(Player::Computer(Level::Easy).choose(&game, seat, seed), Some(chosen));
            assert!(game.legal_actions(seat).contains(&chosen), "{chosen:?}");
            game.apply(seat, &chosen).unwrap();
            moves += 1;
        }
        assert!(game.is_over());
        assert_eq!(moves, game.moves());
    }
}
