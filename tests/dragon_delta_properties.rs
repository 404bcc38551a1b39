//! Property tests over 120 seeded random games of Dragon Delta, 2 to 6 players: random programmes and random
//! outcomes, the invariants of dragon-delta.md §6 after every action, a refused action changing nothing, and (over
//! the first 12) every enumerated outcome applying.

use meridian_bot::rules::dragon_delta::action::Action;
use meridian_bot::rules::dragon_delta::board::{Board, Support};
use meridian_bot::rules::dragon_delta::card::random_programme;
use meridian_bot::rules::dragon_delta::geometry::{meet, passes_over};
use meridian_bot::rules::dragon_delta::place::Place;
use meridian_bot::rules::dragon_delta::state::{DragonDelta, STONES};
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::Seat;
use std::collections::BTreeSet;

fn check_invariants(game: &DragonDelta, board: &Board) {
    assert_eq!(game.stones().len() + usize::from(game.supply()), usize::from(STONES));
    let planks = game.planks();
    for (i, a) in planks.iter().enumerate() {
        let [x, y] = a.ends.pair();
        for s in game.stones() {
            assert!(!passes_over(board.at(x), board.at(y), board.at(Support::Island(*s))), "a plank over a stone");
        }
        for b in &planks[i + 1..] {
            assert_ne!(a.ends, b.ends, "two planks on the same supports");
            let [u, v] = b.ends.pair();
            if a.ends.shared(b.ends).is_none() {
                assert!(!meet(board.at(x), board.at(y), board.at(u), board.at(v)), "planks crossing");
            }
        }
    }
    for s in board.supports() {
        assert!(planks.iter().filter(|l| l.ends.touches(s)).count() <= 3, "{s} bears more than 3 planks");
    }
    let on_planks: Vec<Place> =
        game.pawns().iter().flatten().filter(|p| matches!(p, Place::Plank(_))).copied().collect();
    assert_eq!(on_planks.iter().collect::<BTreeSet<_>>().len(), on_planks.len(), "two pawns on a plank");
    for reserve in game.reserves() {
        let sizes: BTreeSet<u8> = reserve.iter().map(|p| p.size).collect();
        let colours: BTreeSet<_> = reserve.iter().map(|p| p.colour).collect();
        assert!(sizes.len() == reserve.len() && colours.len() <= 2, "a reserve breaks its limits");
    }
    let all = planks.len() + game.lost().len() + game.reserves().iter().map(Vec::len).sum::<usize>();
    assert_eq!(all, 6 * game.reserves().len(), "every plank somewhere");
}

#[test]
fn random_games_keep_the_invariants_and_refuse_what_is_not_enumerated() {
    let board = Board::standard();
    let (mut actions, mut planks_laid, mut won) = (0, 0, 0);
    for seed in 0..120u64 {
        let thorough = seed < 12;
        let players = 2 + (seed % 5) as usize;
        let mut r = Shuffler::new(seed);
        let mut game = DragonDelta::new(board.clone(), players, (seed % players as u64) as Seat).unwrap();
        for _ in 0..1_000 {
            if game.is_over() {
                won += 1;
                break;
            }
            let programming: Vec<Seat> = game.programming().iter().collect();
            if !programming.is_empty() {
                let seat = programming[r.below(programming.len() as u64) as usize];
                let program = random_programme(&game.hand(seat), &mut r);
                game.play(seat, &Action::Program { program }).unwrap();
                continue;
            }
            let (seat, _) = game.awaiting().expect("someone is awaited while the game goes on");
            let legal = game.legal_moves(seat);
            assert!(!legal.is_empty(), "an awaited action has an outcome");
            for action in legal.iter().filter(|_| thorough) {
                game.clone().play(seat, action).unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
            }
            let before = game.clone();
            let wild = Action::Stone { stone: 1 + r.below(27) as u8 };
            if !legal.contains(&wild) {
                assert!(game.play(seat, &wild).is_err());
                assert_eq!(game, before, "a refusal changes nothing");
            }
            let action = legal[r.below(legal.len() as u64) as usize].clone();
            planks_laid += usize::from(matches!(action, Action::Plank { between: Some(_), .. }));
            game.play(seat, &action).unwrap();
            actions += 1;
            check_invariants(&game, &board);
        }
    }
    assert!(actions > 5_000 && planks_laid > 500, "{actions} actions, {planks_laid} planks laid");
    assert!(won > 0, "some random game reached a goal");
}
