//! Dragon Delta's jump through the bot: where a jump over a plank ending at a village may land on the village or on a
//! plank beyond it, the menu offers every landing, a time-out takes the village and a computer picks one of them.
//! The rules' own enumeration of those landings is checked against an independent reading in the rules crate's
//! tests (rules/tests/games/dragon_delta.rs).

use meridian_bot::ai::{Level, Player};
use meridian_bot::rules::dragon_delta::action::Action;
use meridian_bot::rules::dragon_delta::board::Board;
use meridian_bot::rules::dragon_delta::card::{random_programme, Card};
use meridian_bot::rules::dragon_delta::label;
use meridian_bot::rules::dragon_delta::place::Place;
use meridian_bot::rules::dragon_delta::state::DragonDelta;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::Seat;
use meridian_bot::service::game::adapter::{Adapter, Choice};
use meridian_bot::service::game::games::dragon_delta::DragonDeltaGame;

use crate::support::jump_landings::lands_beyond_a_village;

const GAMES: u64 = 2_000;
const ACTIONS: usize = 300;

#[test]
fn menus_time_outs_and_computers_follow_every_landing_of_a_jump() {
    const WANTED: usize = 20;
    let mut seen = 0;
    for seed in 0..GAMES {
        let mut r = Shuffler::new(seed);
        let players = 2 + (seed % 5) as usize;
        let mut game = DragonDelta::new(Board::standard(), players, 0).unwrap();
        for _ in 0..ACTIONS {
            if game.is_over() {
                break;
            }
            let programming: Vec<Seat> = game.programming().iter().collect();
            let (seat, action) = if let Some(&seat) = programming.first() {
                (seat, Action::Program { program: random_programme(&game.hand(seat), &mut r) })
            } else {
                let (seat, card) = game.awaiting().unwrap();
                let legal = game.legal_moves(seat);
                if card == Card::Jump && lands_beyond_a_village(&legal) {
                    // The menu offers every landing, in the rules' order, and each option is that landing.
                    let Choice::Menu { options, .. } = DragonDeltaGame::choices(&game, seat, &[]) else {
                        panic!("seed {seed}: a jump with several landings asks")
                    };
                    assert_eq!(options.len(), legal.len(), "seed {seed}");
                    for (option, landing) in options.iter().zip(&legal) {
                        let Action::To { to } = landing else { panic!("{landing:?}") };
                        assert_eq!(option.value, label::place(to[0]));
                        let chosen = DragonDeltaGame::choices(&game, seat, &[option.value.as_str()]);
                        assert_eq!(chosen, Choice::Done(vec![landing.clone()]), "seed {seed}");
                    }
                    // A time-out takes the menu's first option: the village, as before the rule was read in full.
                    assert!(matches!(&legal[0], Action::To { to } if matches!(to[..], [Place::Village(_)])));
                    assert_eq!(DragonDeltaGame::timeout(&game, seat, None), [legal[0].clone()], "seed {seed}");
                    // A computer lands on one of them (and plays on while it stays due).
                    let played = Player::Computer(Level::Easy).turn(&game, seat, seed);
                    assert!(legal.contains(&played[0]), "seed {seed}: {played:?}");
                    seen += 1;
                    if seen == WANTED {
                        return;
                    }
                }
                (seat, legal[r.below(legal.len() as u64) as usize].clone())
            };
            game.play(seat, &action).unwrap();
        }
    }
    panic!("only {seen} jumps past a village in {GAMES} games");
}
