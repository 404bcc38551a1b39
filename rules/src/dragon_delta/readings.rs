//! The spec's readings one by one (dragon-delta.md §2–§5), each on a position set up for it on the standard board:
//! passing over and crossing as the rules apply them, the load of 3, take's reserve limits, move, move-2's way back,
//! jump landings (a move of two planks, beyond a village too), falling in the water, dragons at one position, the statue's rotation, and the goal reached in the
//! middle of a round and on move-2's first step.

use super::action::{Action, Taken};
use super::board::{Board, Support};
use super::card::{Card, PROGRAMME};
use super::colour::Colour;
use super::geometry::{fits, meet, passes_over, SIZES};
use super::place::{Ends, Place};
use super::state::{DragonDelta, Event, Laid, Piece};
use crate::{Due, Seat};
use std::collections::BTreeSet;

const RED: Colour = Colour::Red;

fn island(n: u8) -> Support {
    Support::Island(n)
}

fn village(c: Colour) -> Support {
    Support::Village(c)
}

fn plank(a: Support, b: Support) -> Ends {
    Ends::new(a, b)
}

/// A game of `players` with stones on `stones` and `planks` laid (by red, size 1: these positions are set up, not
/// played).
fn position(players: usize, stones: &[u8], planks: &[Ends]) -> DragonDelta {
    let mut game = DragonDelta::new(Board::standard(), players, 0).unwrap();
    game.stones = stones.iter().copied().collect();
    let piece = Piece { colour: RED, size: 1 };
    game.planks = planks.iter().map(|&ends| Laid { ends, piece }).collect();
    game
}

/// Every seat's programme laid, `cards[seat]` first, the round at position 1 and its actions starting.
fn at_position_one(game: &mut DragonDelta, cards: &[Card]) -> Vec<Event> {
    for (seat, &first) in cards.iter().enumerate() {
        let rest = Card::ACTIONS.into_iter().filter(|&c| c != first && !matches!(c, Card::Stone | Card::Stones2));
        let programme: Vec<Card> = std::iter::once(first).chain(rest).take(PROGRAMME).collect();
        let program = programme.try_into().unwrap();
        let played = game.play(seat as Seat, &Action::Program { program }).unwrap();
        if seat + 1 == cards.len() {
            return played.events;
        }
    }
    Vec::new()
}

/// Every place any plank may be laid now.
fn all_places(game: &DragonDelta) -> Vec<Ends> {
    SIZES.flat_map(|k| game.plank_places(k)).collect()
}

/// A seat's outcomes for `card` where it stands.
fn outcomes(game: &DragonDelta, seat: Seat, card: Card) -> Vec<Action> {
    game.outcomes(seat, card)
}

fn to(places: &[Place]) -> Action {
    Action::to(places)
}

#[test]
fn no_stone_under_a_plank_and_no_plank_over_a_support() {
    let board = Board::standard();
    // Some plank between two islands passes over a third island.
    let (a, b, under, size) = board
        .islands()
        .flat_map(|a| board.islands().map(move |b| (a, b)))
        .filter(|(a, b)| a < b)
        .find_map(|(a, b)| {
            let (pa, pb) = (board.at(island(a)), board.at(island(b)));
            let size = SIZES.into_iter().find(|&k| fits(k, pa, pb))?;
            let under = board.islands().find(|&p| passes_over(pa, pb, board.at(island(p))))?;
            Some((a, b, under, size))
        })
        .expect("a plank passing over an island");
    // With no stone on `under`, the plank may be laid; with one, it may not.
    let free = position(2, &[a, b], &[]);
    assert!(free.plank_places(size).contains(&plank(island(a), island(b))));
    let blocked = position(2, &[a, b, under], &[]);
    assert!(!blocked.plank_places(size).contains(&plank(island(a), island(b))));
    // Once it is laid, no stone goes on the island it passes over.
    let laid = position(2, &[a, b], &[plank(island(a), island(b))]);
    assert!(free.stone_places().contains(&under) && !laid.stone_places().contains(&under));
}

#[test]
fn planks_never_cross_but_may_share_an_end() {
    let board = Board::standard();
    let stones: Vec<u8> = board.islands().collect();
    let open = position(2, &stones, &[]);
    // A plank that may be laid, and a laid plank crossing it without sharing an end.
    let (size, new, crossing) = SIZES
        .flat_map(|k| open.plank_places(k).into_iter().map(move |e| (k, e)))
        .find_map(|(k, e)| {
            let [a, b] = e.pair().map(|s| board.at(s));
            let other = all_places(&open).into_iter().find(|o| {
                let [c, d] = o.pair().map(|s| board.at(s));
                o.shared(e).is_none() && meet(a, b, c, d)
            })?;
            Some((k, e, other))
        })
        .expect("two places for planks that cross");
    let crossed = position(2, &stones, &[crossing]);
    assert!(!crossed.plank_places(size).contains(&new), "{new} crosses {crossing}");
    // Sharing an end is no crossing.
    let [end, _] = new.pair();
    let touching = all_places(&open).into_iter().find(|o| o.touches(end) && *o != new).unwrap();
    let shared = position(2, &stones, &[touching]);
    assert!(shared.plank_places(size).contains(&new));
}

#[test]
fn a_support_bears_three_planks_at_most_and_two_supports_one_plank() {
    let five_nine = plank(island(5), island(9));
    let stones = [1, 4, 5, 8, 9];
    let two = position(2, &stones, &[plank(island(5), island(1)), plank(island(5), island(4))]);
    assert!(two.plank_places(2).contains(&five_nine), "5-9 is 1.6 long: a plank of 2 fits");
    let three =
        position(2, &stones, &[plank(island(5), island(1)), plank(island(5), island(4)), plank(island(5), island(8))]);
    assert!(SIZES.into_iter().all(|k| !three.plank_places(k).iter().any(|e| e.touches(island(5)))));
    let again = position(2, &stones, &[five_nine]);
    assert!(!again.plank_places(2).contains(&five_nine), "no second plank between the same supports");
}

#[test]
fn take_keeps_a_reserve_to_one_plank_a_size_and_two_colours() {
    // Seat 0 (white in a 2-player game) holds a red 1 and a blue 2: two colours already.
    let mut game = position(2, &[1, 4, 5, 8, 9], &[]);
    game.reserves[0] = vec![Piece { colour: RED, size: 1 }, Piece { colour: Colour::Blue, size: 2 }];
    let laid = |a, b, colour, size| Laid { ends: plank(island(a), island(b)), piece: Piece { colour, size } };
    game.planks = vec![
        laid(5, 1, Colour::White, 3), // a third colour
        laid(5, 4, RED, 2),           // a second plank of size 2
        laid(5, 8, RED, 4),           // fine
        laid(8, 9, Colour::Blue, 5),  // fine, but a pawn stands on it
    ];
    game.pawns[1] = Some(Place::Plank(plank(island(8), island(9))));
    let takes = outcomes(&game, 0, Card::Take);
    let (planks, stones): (Vec<Taken>, Vec<Taken>) = takes
        .iter()
        .filter_map(|a| match a {
            Action::Take { take } => Some(*take),
            _ => None,
        })
        .partition(|t| matches!(t, Taken::Plank(_)));
    assert_eq!(planks, [Taken::Plank(plank(island(5), island(8)))]);
    // Stones: only those bearing no plank.
    assert_eq!(stones, [], "1, 4, 5, 8 and 9 all bear planks");
}

#[test]
fn move_goes_to_a_free_plank_or_a_village_at_its_end_and_move_2_comes_back_only_when_it_must() {
    let red_1 = plank(village(RED), island(1));
    let one_2 = plank(island(1), island(2));
    let mut game = position(3, &[1, 2], &[red_1, one_2]);
    let red = Place::Village(RED);
    assert_eq!(outcomes(&game, 0, Card::Move), [to(&[Place::Plank(red_1)])]);
    // Two steps: on to 1-2; back to the village only if nothing else.
    assert_eq!(outcomes(&game, 0, Card::Move2), [to(&[Place::Plank(red_1), Place::Plank(one_2)])]);
    game.pawns[1] = Some(Place::Plank(one_2));
    assert_eq!(outcomes(&game, 0, Card::Move2), [to(&[Place::Plank(red_1), red])]);
    // From a plank: the village at its end, or a free adjacent plank.
    game.pawns[0] = Some(Place::Plank(red_1));
    assert_eq!(outcomes(&game, 0, Card::Move), [to(&[red])], "1-2 is taken");
}

#[test]
fn jump_lands_beyond_the_pawn_jumped_over_or_the_pawn_falls() {
    let red_1 = plank(village(RED), island(1));
    let one_2 = plank(island(1), island(2));
    let one_4 = plank(island(1), island(4));
    let mut game = position(3, &[1, 2, 4], &[red_1, one_2, one_4]);
    game.pawns[1] = Some(Place::Plank(red_1));
    // From the red village over blue on red-1: onto a free plank resting on island 1, other than red-1.
    assert_eq!(outcomes(&game, 0, Card::Jump), [to(&[Place::Plank(one_2)]), to(&[Place::Plank(one_4)])]);
    game.pawns[2] = Some(Place::Plank(one_2));
    assert_eq!(outcomes(&game, 0, Card::Jump), [to(&[Place::Plank(one_4)])]);
    // No pawn to jump over: no outcome, and when the jump comes, the pawn falls in the water.
    let mut lonely = position(3, &[1, 2], &[red_1, one_2]);
    lonely.pawns[0] = Some(Place::Plank(one_2));
    assert!(outcomes(&lonely, 0, Card::Jump).is_empty());
    let events = at_position_one(&mut lonely, &[Card::Jump, Card::Move, Card::Move]);
    assert_eq!(lonely.pawns()[0], Some(Place::Village(RED)), "back to its start village");
    assert!(events.contains(&Event::Fell { seat: 0, card: Card::Jump, from: Place::Plank(one_2) }), "{events:?}");
}

#[test]
fn a_jump_is_a_move_of_two_planks_beyond_the_far_end_village_or_island() {
    // dragon-delta.md §4.8's example: a pawn on 2-7 jumps over a pawn on 7-red. It may land on the red village or
    // on any free plank resting on it (red-5, red-4), never on the plank it jumped over.
    let two_7 = plank(island(2), island(7));
    let seven_red = plank(island(7), village(RED));
    let red_5 = plank(village(RED), island(5));
    let red_4 = plank(village(RED), island(4));
    let mut game = position(3, &[2, 4, 5, 7], &[two_7, seven_red, red_5, red_4]);
    game.pawns[1] = Some(Place::Plank(two_7));
    game.pawns[2] = Some(Place::Plank(seven_red));
    let landings = |game: &DragonDelta| -> BTreeSet<Action> { outcomes(game, 1, Card::Jump).into_iter().collect() };
    let red = Place::Village(RED);
    let expected = [to(&[red]), to(&[Place::Plank(red_5)]), to(&[Place::Plank(red_4)])];
    assert_eq!(landings(&game), expected.into_iter().collect());
    // A plank with a pawn on it is no landing; the village holds any number of pawns.
    game.pawns[0] = Some(Place::Plank(red_4));
    assert_eq!(landings(&game), [to(&[red]), to(&[Place::Plank(red_5)])].into_iter().collect());
    // Carried out: the pawn lands on red-5, two planks on.
    at_position_one(&mut game, &[Card::Stone, Card::Jump, Card::Stone]);
    assert_eq!(game.awaiting(), Some((0, Card::Stone)));
    let stone = outcomes(&game, 0, Card::Stone)[0].clone();
    game.play(0, &stone).unwrap();
    assert_eq!(game.awaiting(), Some((1, Card::Jump)));
    game.play(1, &to(&[Place::Plank(red_5)])).unwrap();
    assert_eq!(game.pawns()[1], Some(Place::Plank(red_5)));

    // Where the far end is an island: every free plank resting on it other than the one jumped over, and no
    // village.
    let seven_5 = plank(island(7), island(5));
    let five_4 = plank(island(5), island(4));
    let mut game = position(3, &[2, 4, 5, 7], &[two_7, seven_5, five_4, red_5]);
    game.pawns[1] = Some(Place::Plank(two_7));
    game.pawns[2] = Some(Place::Plank(seven_5));
    let expected = [to(&[Place::Plank(five_4)]), to(&[Place::Plank(red_5)])];
    assert_eq!(landings(&game), expected.into_iter().collect());
}

#[test]
fn dragons_at_one_position_each_cancel_their_colour_but_never_a_dragon() {
    // Four players: red, green, blue, yellow.
    let cancelled = |cards: &[Card]| {
        let mut game = position(4, &[], &[]);
        let events = at_position_one(&mut game, cards);
        let seats: Vec<Seat> = events
            .iter()
            .filter_map(|e| match e {
                Event::Cancelled { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        assert!(seats.iter().all(|&s| game.is_cancelled(1, s)));
        seats
    };
    // Red's dragon aims at green, blue's at yellow: both take effect.
    let both = [Card::Dragon(Colour::Green), Card::Stone, Card::Dragon(Colour::Yellow), Card::Stone];
    assert_eq!(cancelled(&both), [1, 3]);
    // Yellow's dragon aims at red, whose card there is a dragon: it does nothing.
    let at_a_dragon = [Card::Dragon(Colour::Green), Card::Stone, Card::Stone, Card::Dragon(RED)];
    assert_eq!(cancelled(&at_a_dragon), [1]);
}

#[test]
fn the_statue_passes_each_round_over_resigned_seats() {
    let mut game = position(3, &[], &[]);
    // Nothing in these programmes has an outcome on an empty river: each round resolves by itself.
    let idle = |game: &DragonDelta, seat: Seat| {
        let dragon = *game.hand(seat).last().unwrap();
        Action::Program { program: [Card::Move, Card::Move2, Card::Jump, Card::Take, dragon] }
    };
    for seat in 0..3 {
        game.play(seat, &idle(&game, seat)).unwrap();
    }
    assert_eq!((game.round(), game.statue()), (2, 1));
    game.play(2, &Action::RESIGN).unwrap();
    for seat in 0..2 {
        game.play(seat, &idle(&game, seat)).unwrap();
    }
    assert_eq!((game.round(), game.statue()), (3, 0), "seat 2 resigned: the statue goes from 1 to 0");
}

#[test]
fn the_goal_ends_the_game_at_once_even_on_move_2s_first_step() {
    // Red stands on a plank touching the green village (its goal); position 1: red's move-2 stops on its first step.
    let into_green = plank(island(27), village(Colour::Green));
    let on_27 = plank(island(26), island(27));
    let mut game = position(3, &[26, 27], &[into_green, on_27]);
    game.pawns[0] = Some(Place::Plank(on_27));
    let green = Place::Village(Colour::Green);
    let moves = outcomes(&game, 0, Card::Move2);
    assert!(moves.contains(&to(&[Place::Plank(into_green), green])), "{moves:?}");
    game.pawns[0] = Some(Place::Plank(into_green));
    assert_eq!(outcomes(&game, 0, Card::Move2)[0], to(&[green]), "stops at the goal");
    // Mid-round: blue and white still have actions at this position and later; the game is over at once.
    at_position_one(&mut game, &[Card::Move2, Card::Stone, Card::Stone]);
    assert_eq!(game.awaiting().map(|(s, _)| s), Some(0));
    game.play(0, &to(&[green])).unwrap();
    assert_eq!(game.winner(), Some(0));
    assert!(matches!(crate::Game::due(&game), Due::Finished { .. }));
    assert_eq!(game.position(), 1);
}
