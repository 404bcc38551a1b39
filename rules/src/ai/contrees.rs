//! What the search knows of Contrées beyond its rules: a position is worth each player their share of the land they
//! possess now (nothing is hidden, so every copy the search plays on is the game itself).

use super::{shares, Knowledge};
use crate::contrees::Contrees;

impl Knowledge for Contrees {
    fn value(&self) -> Vec<f64> {
        if let Some(result) = super::result(self) {
            return result;
        }
        shares(&[f64::from(self.score(0)), f64::from(self.score(1))])
    }
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
