//! What the search knows of Meridian beyond its rules.
//!
//! - No playout: random moves drown the signal in noise (measured with `arena`: normal won 2 of 10 against greedy
//!   with playouts to the end, 6 with two rounds of random moves, 9 valuing the tree's leaves at once). The search
//!   is then a best-first search of the likely replies.
//! - A position is valued by the cities each seat can expect at the end: an island counts for the seat ahead on it
//!   by how far ahead it is and how much can still change there, the cards left (face up and in the decks, whose
//!   contents are public) that reach its meridians. Early, when every island can still turn, the floors kept in
//!   reserve weigh most; at the end, only who conquers. Those points turn into shares of the win that favour a lead
//!   sharply. (Measured one move ahead, each greedy: this value against the points scored now won 745 of 1,000
//!   two-player games; the margins alone, without the cards left, with a tenth of a city per floor, 570.)
//! - The greedy yardstick ([`Knowledge::standing`]) counts the points scored now, floors in reserve breaking ties, as
//!   the rules do.

use super::{Calibration, Knowledge, Level};
use crate::meridian::Meridian;

/// How sharply a lead of one city turns into a share of the win.
const LEAD: f64 = 0.5;
/// How sure a lead of one garrison on an island is when nothing can change there any more: the chance that the
/// seat ahead keeps it is `σ(SURE × (margin − ½))`.
const SURE: f64 = 8.0;
/// How much each card left that reaches an island makes its lead less sure: `SURE` is divided by
/// `1 + UNSURE × cards`.
const UNSURE: f64 = 3.0;
/// A floor in reserve, in cities.
const FLOOR: f64 = 0.1;
/// `strong`'s playouts. Meridian's cost a third to a half of the other games' (a position is valued at once, nothing
/// is played out: 0.12 ms a playout against 0.25 to 0.34 ms), so four times the level's own keep its move near theirs
/// (1.19 s for two players against 0.83 s in Contrées, `cargo bench --bench ai -- decision`), and pay: `strong` won
/// 131.5 of 200 two-player games against `normal` (65.8 %, 95 % interval 58.9–72.0 %), 115.5 at the level's own 2,400
/// (57.8 %, 50.8–64.4 %; `arena`).
const STRONG_PLAYOUTS: u32 = 4 * Level::Strong.playouts();

/// The judge's shares turned into chances measured in play, for two players: knots (share, share of games won),
/// from 500 games of `easy` computers (`check-analysis meridian --fit --games 500`, seeds 1–500), each player counted
/// once in each tenth their chance passed through; it holds between `normal` computers too (every tenth within 4.2
/// points on seeds 41000–41099).
const CALIBRATION_2: Calibration = Calibration(&[
    (0.030, 0.042),
    (0.152, 0.184),
    (0.254, 0.312),
    (0.358, 0.431),
    (0.456, 0.500),
    (0.539, 0.525),
    (0.642, 0.632),
    (0.746, 0.747),
    (0.847, 0.888),
    (0.968, 0.980),
]);

/// For three players, from 100 games of `normal` computers (`--players 3 --games 100 --level normal`, seeds 1–100):
/// with three, the judge's shares lag the games (a seat judged at 75 % won nearly all of its games).
const CALIBRATION_3: Calibration = Calibration(&[
    (0.045, 0.022),
    (0.158, 0.140),
    (0.218, 0.269),
    (0.301, 0.333),
    (0.394, 0.442),
    (0.455, 0.515),
    (0.519, 0.630),
    (0.616, 0.722),
    (0.724, 0.957),
    (0.949, 0.994),
]);

/// For four players, the same way (`--players 4 --games 100 --level normal`, seeds 1–100).
const CALIBRATION_4: Calibration = Calibration(&[
    (0.038, 0.022),
    (0.144, 0.161),
    (0.223, 0.250),
    (0.286, 0.327),
    (0.365, 0.432),
    (0.481, 0.564),
    (0.630, 0.823),
    (0.909, 0.965),
]);

impl Knowledge for Meridian {
    fn calibration(seats: usize) -> Calibration {
        match seats {
            2 => CALIBRATION_2,
            3 => CALIBRATION_3,
            4 => CALIBRATION_4,
            _ => Calibration::NONE,
        }
    }

    fn playouts(level: Level) -> u32 {
        match level {
            Level::Strong => STRONG_PLAYOUTS,
            _ => level.playouts(),
        }
    }

    fn playout_done(&self, _from: &Meridian, _steps: u32) -> bool {
        true
    }

    fn value(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        let players = self.players();
        // Each card left (face up and in the decks), as the meridians it reaches.
        let cards: Vec<u16> = players.iter().flat_map(|p| p.face_up.iter().chain(&p.deck)).map(|c| c.reach()).collect();
        let mut points: Vec<f64> = players.iter().map(|p| f64::from(p.reserve) * FLOOR).collect();
        for (_, island) in self.tallies() {
            let open = cards.iter().filter(|&&card| card & island.meridians != 0).count();
            let sure = SURE / (1.0 + UNSURE * open as f64);
            let garrisons = &island.garrisons[..players.len()];
            for (seat, points) in points.iter_mut().enumerate() {
                let others = garrisons.iter().enumerate().filter(|&(s, _)| s != seat).map(|(_, &g)| g).max();
                let margin = f64::from(garrisons[seat]) - f64::from(others.unwrap_or(0));
                *points += f64::from(island.cities) / (1.0 + (-sure * (margin - 0.5)).exp());
            }
        }
        super::leads(&points, LEAD)
    }

    fn standing(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        // A floor in reserve is worth far less than a city: it only breaks ties.
        let points: Vec<f64> = self
            .scores()
            .iter()
            .zip(self.players())
            .map(|(&score, player)| f64::from(score) + f64::from(player.reserve) / 100.0)
            .collect();
        super::leads(&points, LEAD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Player};
    use crate::meridian::{state::shuffled_decks, Board};
    use crate::seed::Shuffler;
    use crate::{Game, Seat};

    fn game(players: usize, seed: u64) -> Meridian {
        Meridian::new(Board::standard_for(players), shuffled_decks(players, seed)).unwrap()
    }

    /// Plays `moves` random moves.
    fn after(mut game: Meridian, moves: usize, seed: u64) -> Meridian {
        let mut chance = Shuffler::new(seed);
        for _ in 0..moves {
            let seat = game.to_move().unwrap();
            let action = game.draw(seat, &mut chance).unwrap();
            game.apply(seat, &action).unwrap();
        }
        game
    }

    #[test]
    fn the_computer_reads_no_deck_order() {
        // Two games alike in all a player sees, every deck in another order: the same choice.
        let game = after(game(3, 11), 7, 5);
        let seat = game.to_move().unwrap();
        let mut scrambled = game.clone();
        scrambled = scrambled.with_decks_reshuffled(&mut Shuffler::new(999));
        assert_ne!(scrambled, game, "the decks are in another order");
        assert_eq!(game.view(crate::Viewer::Seat(seat)), scrambled.view(crate::Viewer::Seat(seat)));
        for level in Level::ALL {
            let chosen = Player::Computer(level).choose(&game, seat, 42);
            assert_eq!(chosen, Player::Computer(level).choose(&scrambled, seat, 42), "{level}");
        }
    }

    /// A game of two greedy players where seat 0 makes, at its tenth move, the move worth least one move ahead: the
    /// judge finds that move the costliest of seat 0's, and a better one in its stead.
    #[test]
    fn a_deliberate_blunder_is_judged_the_costliest_move() {
        const BLUNDER: u32 = 18;
        let mut game = game(2, 8);
        let mut costs = Vec::new();
        while let Some(seat) = game.to_move() {
            let ply = game.moves_played();
            let action = if ply == BLUNDER {
                let worth = |a: &<Meridian as Game>::Action| {
                    let mut after = game.clone();
                    after.apply(seat, a).unwrap();
                    after.value()[usize::from(seat)]
                };
                let legal = game.legal_actions(seat);
                *legal.iter().min_by(|a, b| worth(a).total_cmp(&worth(b))).unwrap()
            } else {
                Player::Greedy.choose(&game, seat, u64::from(ply)).unwrap()
            };
            if seat == 0 {
                let judged = crate::ai::search::judge(&game, seat, &action, 300, u64::from(ply)).unwrap();
                assert!((0.0..=1.0).contains(&judged.after) && (0.0..=1.0).contains(&judged.best), "{judged:?}");
                costs.push((judged.best - judged.after, ply, judged));
            }
            game.apply(seat, &action).unwrap();
        }
        costs.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (cost, ply, judged) = &costs[0];
        assert_eq!(*ply, BLUNDER, "the costliest: {costs:?}");
        assert!(*cost > 0.2, "{judged:?}");
    }

    #[test]
    fn every_choice_is_legal_and_a_seed_gives_the_same_choice() {
        let mut game = game(2, 3);
        while let Some(seat) = game.to_move() {
            let seed = u64::from(game.moves_played());
            let chosen = Player::Computer(Level::Easy).choose(&game, seat, seed).unwrap();
            assert_eq!(Player::Computer(Level::Easy).choose(&game, seat, seed), Some(chosen));
            assert!(game.legal_actions(seat).contains(&chosen));
            game.apply(seat, &chosen).unwrap();
        }
        assert_eq!(game.moves_played(), 52);
        assert_eq!(game.legal_actions(0 as Seat), Vec::new());
    }
}
