//! The rules of shared/spec/meridian.md played through whole games: the spec's worked examples, each rule accepted
//! and refused, the 2-player specifics, scoring and both tie-breaks.

use crate::meridian_positions;

use meridian_positions::*;
use rules::meridian::{City, Direction, Meridian, Move, MoveError, Record, Tower};
use rules::{Due, Game, SeatSet};

const ORANGE: u8 = 0;
const GREY: u8 = 1;
const BROWN: u8 = 2;
const BLACK: u8 = 3;

fn tower(g: &Meridian, meridian: u8, row: u8) -> Option<(u8, u8)> {
    g.column(meridian).tower(row).map(|t| (t.seat, t.height))
}

/// Plays `mv` for the seat to move, expecting `error`, and checks nothing changed.
fn refused(g: &mut Meridian, mv: Move, error: MoveError) {
    let before = g.clone();
    let seat = g.to_move().unwrap();
    assert_eq!(g.play(seat, &mv), Err(error.clone()), "{mv}");
    assert_eq!(*g, before, "a refused move changed the game");
    assert!(!g.legal_moves().contains(&mv), "{mv} is refused but enumerated");
    assert!(error.to_string().contains(": "), "the message names its rule first: {error}");
}

#[test]
fn fig_c_take_back_and_place_returns_the_difference_to_the_reserve() {
    let mut g = game(&[&["4", "4-5-6-7"], &["4"], &["1"]]);
    play(&mut g, place("4", 4, 4, 1));
    play(&mut g, place("4", 4, 1, 2));
    pass(&mut g);
    assert_eq!(g.players()[0].reserve, 16);
    let seat = g.to_move().unwrap();
    let played = g.play(seat, &take_back_and_place("4-5-6-7", 4, 1, 2, 2)).unwrap();
    assert_eq!(played.taken_back, Some((City { meridian: 4, row: 1 }, Tower { seat: ORANGE, height: 4 })));
    assert_eq!(played.pushed.len(), 1);
    assert_eq!(played.pushed[0].to, City { meridian: 4, row: 3 });
    assert_eq!(g.players()[0].reserve, 18, "net two floors back");
    assert_eq!((tower(&g, 4, 1), tower(&g, 4, 2), tower(&g, 4, 3)), (None, Some((ORANGE, 2)), Some((GREY, 1))));
}

/// §4.2 at game level: black 4 at row 1, brown 3 at row 2, grey 1 at row 4 on meridian 6; orange to move.
fn figure_b() -> Meridian {
    let mut g = game(&[&["5", "7", "6"], &["7", "6"], &["6"], &["6"]]);
    pass(&mut g);
    pass(&mut g);
    play(&mut g, place("6", 6, 3, 2));
    play(&mut g, place("6", 6, 4, 1));
    pass(&mut g);
    play(&mut g, place("6", 6, 1, 4));
    pass(&mut g);
    pass(&mut g);
    assert_eq!(g.to_move(), Some(ORANGE));
    g
}

#[test]
fn worked_examples_at_game_level() {
    let g = figure_b();
    let mut legal_on_6: Vec<(u8, u8)> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.card.to_string() == "6" && m.meridian == Some(6))
        .filter_map(|m| m.place.map(|p| (p.height, p.row)))
        .collect();
    legal_on_6.sort();
    let mut expected = vec![(2, 3), (2, 4)];
    expected.extend((5..=20).map(|h| (h, 1)));
    expected.sort();
    assert_eq!(legal_on_6, expected, "2 at rows 3 and 4; 5 or more (reserve allowing) at row 1 only");

    let mut at_row_1 = g.clone();
    play(&mut at_row_1, place("6", 6, 5, 1));
    let column: Vec<_> = (1..=5).map(|r| tower(&at_row_1, 6, r)).collect();
    // The spec lists this result as "5, 4, 3, empty, 1", which contradicts its own push rule (§4.1: only the
    // unbroken run moves, and row 3 was empty). Grey 1 is not touched, as at the table.
    assert_eq!(column, [Some((ORANGE, 5)), Some((BLACK, 4)), Some((BROWN, 3)), Some((GREY, 1)), None]);

    let mut g = g;
    let city = City { meridian: 6, row: 2 };
    refused(&mut g, place("6", 6, 2, 2), MoveError::PushedOffBoard { city, direction: Direction::North });
    refused(&mut g, place("6", 6, 2, 5), MoveError::OutOfOrder { city: City { meridian: 6, row: 5 }, height: 2 });
    refused(&mut g, place("6", 6, 3, 3), MoveError::HeightTaken { meridian: 6, height: 3 });
}

#[test]
fn r1_counts_a_meridian_emptied_by_a_take_back_as_empty() {
    let mut g = game(&[&["3", "1-2-3"], &["9"], &["9"]]);
    refused(&mut g, place("3", 3, 1, 1), MoveError::FirstTowerTooLow { meridian: 3 });
    play(&mut g, place("3", 3, 2, 1));
    pass(&mut g);
    pass(&mut g);
    refused(&mut g, take_back_and_place("1-2-3", 3, 1, 1, 2), MoveError::FirstTowerTooLow { meridian: 3 });
    play(&mut g, take_back_and_place("1-2-3", 3, 1, 3, 2));
    assert_eq!(tower(&g, 3, 2), Some((ORANGE, 3)));
    assert_eq!(g.players()[0].reserve, 17);
}

#[test]
fn r4_one_tower_per_meridian_with_three_or_four_players_and_a_take_back_frees_it() {
    let mut g = game(&[&["2", "1-2-3"], &["9"], &["9"], &["9"]]);
    play(&mut g, place("2", 2, 5, 1));
    for _ in 0..3 {
        pass(&mut g);
    }
    refused(&mut g, place("1-2-3", 2, 3, 3), MoveError::TooManyTowers { meridian: 2, limit: 1 });
    play(&mut g, take_back_and_place("1-2-3", 2, 1, 3, 3));
    assert_eq!(tower(&g, 2, 3), Some((ORANGE, 3)));
}

#[test]
fn r5_reserve_and_take_back_alone() {
    let mut g = game(&[&["1", "2", "1-2-3"], &["9"], &["9"]]);
    play(&mut g, place("1", 1, 20, 1));
    assert_eq!(g.players()[0].reserve, 0);
    pass(&mut g);
    pass(&mut g);
    refused(&mut g, place("2", 2, 2, 1), MoveError::NotEnoughFloors { height: 2, available: 0 });
    assert!(g.legal_moves().iter().all(|m| m.place.is_none() || m.take_back.is_some()), "no floors: no plain place");
    play(&mut g, take_back("1-2-3", 1, 1));
    assert_eq!(g.players()[0].reserve, 20);
    assert!(g.column(1).is_empty());
}

#[test]
fn r6_a_push_to_the_last_row_of_the_four_city_side() {
    let mut g = game(&[&["8", "8-9-10"], &["8"], &["9"]]);
    play(&mut g, place("8", 8, 3, 2));
    play(&mut g, place("8", 8, 2, 3));
    pass(&mut g);
    refused(&mut g, place("8-9-10", 8, 4, 2), MoveError::TooManyTowers { meridian: 8, limit: 1 });
    // Taller than grey 2 at row 3: grey goes south to row 4, the last row of the 4-city side.
    play(&mut g, take_back_and_place("8-9-10", 8, 2, 3, 3));
    assert_eq!((tower(&g, 8, 3), tower(&g, 8, 4)), (Some((ORANGE, 3)), Some((GREY, 2))));
}

#[test]
fn an_identical_replacement_is_refused() {
    let mut g = game(&[&["5", "4-5-6-7"], &["9"], &["9"]]);
    play(&mut g, place("5", 5, 3, 2));
    pass(&mut g);
    pass(&mut g);
    refused(&mut g, take_back_and_place("4-5-6-7", 5, 2, 3, 2), MoveError::IdenticalReplacement);
    play(&mut g, take_back_and_place("4-5-6-7", 5, 2, 3, 1));
}

#[test]
fn card_meridian_turn_and_city_errors() {
    let mut g = game(&[&["5", "1-2-3"], &["9"], &["9"]]);
    refused(&mut g, place("7", 7, 3, 1), MoveError::CardNotFaceUp { card: card("7") });
    refused(&mut g, place("1-2-3", 4, 3, 1), MoveError::MeridianNotOnCard { card: card("1-2-3"), meridian: 4 });
    refused(&mut g, Move { meridian: None, ..place("5", 5, 3, 1) }, MoveError::MeridianMissing);
    refused(&mut g, place("5", 5, 3, 5), MoveError::NoSuchCity { city: City { meridian: 5, row: 5 }, rows: 4 });
    refused(&mut g, place("5", 5, 0, 1), MoveError::ZeroHeight);
    refused(&mut g, take_back("5", 5, 1), MoveError::NoTowerToTakeBack { city: City { meridian: 5, row: 1 } });
    let before = g.clone();
    assert_eq!(g.play(GREY, &Move::pass(card("9"))), Err(MoveError::NotYourTurn { seat: GREY, due: ORANGE }));
    assert_eq!(g, before);
    // A pass may name a meridian its card allows; one it does not allow is refused.
    refused(
        &mut g,
        Move { meridian: Some(9), ..Move::pass(card("5")) },
        MoveError::MeridianNotOnCard { card: card("5"), meridian: 9 },
    );
    play(&mut g, Move { meridian: Some(5), ..Move::pass(card("5")) });
    play(&mut g, place("9", 9, 3, 1));
    refused(&mut g, take_back("9", 9, 1), MoveError::NoTowerToTakeBack { city: City { meridian: 9, row: 1 } });
}

#[test]
fn a_game_of_three_or_four_ends_after_thirteen_turns_each() {
    for players in [3usize, 4] {
        let tops: Vec<&[&str]> = vec![&[]; players];
        let mut g = game(&tops);
        for _ in 0..13 * players {
            assert!(matches!(g.due(), Due::Seats(_)));
            pass(&mut g);
        }
        assert_eq!(g.to_move(), None);
        assert_eq!(g.due(), Due::Finished { winners: (0..players as u8).collect() }, "all tied: shared win");
        assert_eq!(g.play(0, &Move::pass(card("1"))), Err(MoveError::GameOver));
        assert!(g.legal_moves().is_empty());
    }
}

#[test]
fn two_players_have_26_cards_40_floors_and_two_towers_per_meridian() {
    let mut g = game(&[&["3", "3", "1-2-3"], &["3", "3"]]);
    assert_eq!(g.players()[0].reserve, 40);
    assert_eq!(g.players()[0].deck.len(), 24);
    assert_eq!(g.board().rows(), 5);
    play(&mut g, place("3", 3, 6, 1));
    play(&mut g, place("3", 3, 5, 2));
    play(&mut g, place("3", 3, 4, 3));
    play(&mut g, place("3", 3, 3, 4));
    assert_eq!(g.column(3).count(0), 2);
    refused(&mut g, place("1-2-3", 3, 2, 5), MoveError::TooManyTowers { meridian: 3, limit: 2 });
    pass(&mut g);
    // Seat 0 cannot push its own tower, even with room for a second one (R6).
    let mut own = game(&[&["3", "3"], &["3"]]);
    play(&mut own, place("3", 3, 6, 1));
    pass(&mut own);
    refused(&mut own, place("3", 3, 5, 1), MoveError::OwnTowerInTheWay { city: City { meridian: 3, row: 1 } });
    while g.to_move().is_some() {
        pass(&mut g);
    }
    assert_eq!(g.moves_played(), 52, "26 turns each");
    assert_eq!(g.to_move(), None);
    // Seat 0 holds 3.1 (capital of a, 5 cities) and 3.3 (f, 5); seat 1 holds 3.2 (c, 3) and 3.4 (h, 3).
    assert_eq!(g.scores(), [10, 6]);
    assert_eq!(g.due(), Due::Finished { winners: SeatSet::one(0) });
}

#[test]
fn fig_d_scoring() {
    // Islands of the 5-city side standing for the rulebook's: A = c (3 cities), B = h (3), C = d (4, capital 6.2),
    // D = g (5, capital 9.3).
    let mut g = game(&[&["4", "5"], &["2", "9", "10"], &["1", "3"], &["1", "6", "7", "8"]]);
    play(&mut g, place("4", 4, 2, 2)); // orange on d
    play(&mut g, place("2", 2, 2, 2)); // grey on c
    play(&mut g, place("1", 1, 2, 4)); // brown on h
    play(&mut g, place("1", 1, 3, 2)); // black on c
    play(&mut g, place("5", 5, 2, 2)); // orange on d
    play(&mut g, place("9", 9, 2, 3)); // grey on g's capital
    pass(&mut g);
    play(&mut g, place("6", 6, 2, 2)); // black on d's capital
    pass(&mut g);
    play(&mut g, place("10", 10, 2, 3)); // grey on g
    pass(&mut g);
    play(&mut g, place("7", 7, 2, 3)); // black on g
    pass(&mut g);
    pass(&mut g);
    pass(&mut g);
    play(&mut g, place("8", 8, 2, 3)); // black on g
    let islands = g.islands();
    let island = |l: char| islands.iter().find(|i| i.island == l).unwrap().clone();
    assert_eq!((island('c').garrisons[1], island('c').garrisons[3], island('c').conquered_by), (1, 1, None));
    assert_eq!(island('h').conquered_by, Some(BROWN));
    assert_eq!((island('d').garrisons[0], island('d').garrisons[3], island('d').conquered_by), (2, 2, None));
    assert_eq!((island('g').garrisons[1], island('g').garrisons[3], island('g').conquered_by), (3, 2, Some(GREY)));
    assert_eq!(g.scores(), [0, 5, 3, 0]);
    while g.to_move().is_some() {
        pass(&mut g);
    }
    assert_eq!(g.due(), Due::Finished { winners: SeatSet::one(GREY) });
}

#[test]
fn tie_breaks_reserve_then_shared_win() {
    // Equal scores (3 each): the larger reserve wins.
    let mut g = game(&[&["1"], &["2"]]);
    play(&mut g, place("1", 1, 2, 2)); // island c
    play(&mut g, place("2", 2, 3, 4)); // island h
    while g.to_move().is_some() {
        pass(&mut g);
    }
    assert_eq!(g.scores(), [3, 3]);
    assert_eq!(g.due(), Due::Finished { winners: SeatSet::one(0) });

    // Equal scores and reserves: both win.
    let mut g = game(&[&["1"], &["2"]]);
    play(&mut g, place("1", 1, 2, 2));
    play(&mut g, place("2", 2, 2, 4));
    while g.to_move().is_some() {
        pass(&mut g);
    }
    assert_eq!(g.due(), Due::Finished { winners: [0, 1].into_iter().collect() });
}

/// A record's errors say what is wrong and where: the JSON path of the value refused.
#[test]
fn record_errors_say_what_and_where() {
    let error =
        |text: &str| rules::record::read::<Record>(rules::record::parse(text).unwrap().0).unwrap_err().to_string();
    let bad_card = r#"{"game":"meridian","players":["a","b","c"],"decks":[[],["1","11"],[]]}"#;
    assert!(error(bad_card).starts_with("decks[1][1]: unknown card \"11\""), "{}", error(bad_card));
    let typo = r#"{"game":"meridian","players":["a","b"],"seed":1,"moves":[{"card":"1","takeback":1}]}"#;
    assert!(error(typo).starts_with("moves[0].takeback: unknown field `takeback`"), "{}", error(typo));
    let board = r#"{"game":"meridian","players":["a","b"],"board":3}"#;
    assert!(error(board).contains("a board name"), "{}", error(board));
}
