//! The worked readings of contrees.md on hand-built positions: possession, encirclement, both at once,
//! self-encirclement, loss of possession, the rebuild ban, passing, the ends (ten markers, no towers left),
//! white lands and their place in the marker order, ties, resigning; and phase 1's laying rules.

use super::*;
use crate::SeatSet;
use state::{LandState, MARKERS_EACH, TOWERS_EACH};

fn n(q: i32, r: i32) -> Spot {
    Spot { q, r, corner: Corner::N }
}

fn s(q: i32, r: i32) -> Spot {
    Spot { q, r, corner: Corner::S }
}

fn land(q: i32, r: i32) -> Land {
    Land { q, r }
}

/// Phase 2 on a 4 × 4 territory (q and r from 0 to 3), with these towers and `mover` to move.
fn position(towers: &[(Spot, Seat)], mover: Seat) -> Contrees {
    let mut game = Contrees::new(true);
    for q in 0..4 {
        for r in 0..4 {
            game.lands.insert(land(q, r), LandState { white: false, owner: None });
        }
    }
    for &(spot, seat) in towers {
        assert!(game.spots().contains(&spot), "{spot} is on the territory");
        game.towers.insert(spot, seat);
        game.players[usize::from(seat)].supply -= 1;
    }
    // Phase 2 starts at move 16 with seat 0, and alternates.
    game.moves = 16 + u32::from(mover);
    game
}

fn tower(game: &mut Contrees, seat: Seat, at: Spot) -> Played {
    game.play(seat, &Action::tower(at)).unwrap_or_else(|e| panic!("{at}: {e}"))
}

#[test]
fn a_fourth_tower_possesses_a_land_and_demolishes_the_opponent_around_it() {
    // Land [1, 1]: blue (0) on three of its spots, yellow (1) on a fourth.
    let mut game = position(&[(n(1, 1), 0), (s(2, 0), 0), (n(1, 2), 0), (s(1, 1), 1)], 0);
    let played = tower(&mut game, 0, n(0, 2));
    assert_eq!(played.possessed, [land(1, 1)]);
    assert_eq!(played.demolished, [s(1, 1)]);
    assert_eq!(game.lands[&land(1, 1)].owner, Some(0));
    assert_eq!(game.players[0].markers, MARKERS_EACH - 1);
    assert_eq!(game.players[0].demolished, 1);
    assert_eq!(game.score(0), 1);
    // No immediate rebuild: yellow may not build there on the next move, and may the move after.
    assert_eq!(game.play(1, &Action::tower(s(1, 1))), Err(MoveError::Rebuild(s(1, 1))));
    assert!(!game.legal_moves().contains(&Action::tower(s(1, 1))));
    tower(&mut game, 1, n(3, 3));
    tower(&mut game, 0, n(3, 1));
    tower(&mut game, 1, s(1, 1));
    assert_eq!(game.lands[&land(1, 1)].owner, Some(0), "a tower on a land owned by the other does not take it");
}

#[test]
fn a_group_left_without_liberties_by_the_placed_tower_is_demolished() {
    // Yellow's lone tower at [1, 1, S] has three liberties; blue holds two of them and takes the third.
    let mut game = position(&[(s(1, 1), 1), (n(0, 2), 0), (n(1, 2), 0)], 0);
    let (group, liberties) = game.group(s(1, 1));
    assert_eq!((group.len(), liberties), (1, [n(0, 3)].into()));
    let played = tower(&mut game, 0, n(0, 3));
    assert_eq!(played.demolished, [s(1, 1)]);
    assert!(played.possessed.is_empty());
    assert!(!game.towers.contains_key(&s(1, 1)));
}

#[test]
fn possession_and_encirclement_demolish_together() {
    // Blue's fourth tower on land [1, 1] also takes the last liberty of yellow's tower at [0, 1, S].
    let towers = [(n(1, 1), 0), (s(2, 0), 0), (n(1, 2), 0), (s(1, 1), 1), (s(0, 1), 1), (n(-1, 2), 0), (n(-1, 3), 0)];
    let mut game = position(&towers, 0);
    let played = tower(&mut game, 0, n(0, 2));
    assert_eq!(played.possessed, [land(1, 1)]);
    assert_eq!(played.demolished, [s(0, 1), s(1, 1)]);
    assert_eq!(game.players[0].demolished, 2);
    assert_eq!(game.players[1].supply + 2, TOWERS_EACH, "two placed, both demolished, none returned");
}

#[test]
fn possession_and_encirclement_are_judged_on_the_same_position() {
    // Blue's fourth tower on [1, 1] takes yellow's [1, 1, S]; judged in turn, yellow's [0, 3, N] would breathe
    // through that freed spot. Judged together, their group has no liberty with the new tower: both go.
    let towers = [(n(1, 1), 0), (s(2, 0), 0), (n(1, 2), 0), (s(0, 2), 0), (s(1, 2), 0), (s(1, 1), 1), (n(0, 3), 1)];
    let mut game = position(&towers, 0);
    let played = tower(&mut game, 0, n(0, 2));
    assert_eq!(played.possessed, [land(1, 1)]);
    assert_eq!(played.demolished, [n(0, 3), s(1, 1)]);
}

#[test]
fn a_player_may_encircle_their_own_group_and_it_stands() {
    let mut game = position(&[(n(0, 2), 1), (n(1, 2), 1), (n(0, 3), 1)], 0);
    let played = tower(&mut game, 0, s(1, 1));
    assert!(played.demolished.is_empty());
    assert!(game.group(s(1, 1)).1.is_empty(), "no liberty, and still there");
    assert_eq!(game.towers[&s(1, 1)], 0);
}

#[test]
fn a_land_whose_owner_falls_below_four_towers_loses_its_marker() {
    // Yellow owns [2, 2] with four towers; two of them, a group, lose their last liberty to blue.
    let towers = [(n(2, 2), 1), (s(3, 1), 1), (s(2, 2), 1), (n(1, 3), 1), (n(2, 3), 0), (n(1, 4), 0), (s(1, 2), 0)];
    let mut game = position(&towers, 0);
    game.lands.get_mut(&land(2, 2)).unwrap().owner = Some(1);
    game.players[1].markers -= 1;
    let played = tower(&mut game, 0, s(2, 1));
    assert_eq!(played.demolished, [n(1, 3), s(2, 2)]);
    assert_eq!(played.lost, [land(2, 2)]);
    assert_eq!(game.lands[&land(2, 2)].owner, None);
    assert_eq!(game.players[1].markers, MARKERS_EACH, "the marker returns to its owner's supply");
    // Both spots are barred to yellow for one move.
    for spot in [s(2, 2), n(1, 3)] {
        assert_eq!(game.play(1, &Action::tower(spot)), Err(MoveError::Rebuild(spot)));
    }
}

#[test]
fn passing_only_without_a_tower_or_a_spot_and_the_end_when_towers_run_out() {
    let mut game = position(&[], 0);
    assert_eq!(game.play(0, &Action::PASS), Err(MoveError::MayNotPass));
    game.players[0].supply = 1;
    game.players[1].supply = 0;
    assert_eq!(game.legal_moves().len(), game.spots().len());
    tower(&mut game, 0, n(0, 0));
    assert!(game.is_over(), "neither player has a tower left");
    assert_eq!(game.leaders(), [0, 1].into_iter().collect::<SeatSet>(), "no land, nothing demolished: a draw");

    let mut game = position(&[], 1);
    game.players[1].supply = 0;
    assert_eq!(game.legal_moves(), [Action::PASS]);
    game.play(1, &Action::PASS).unwrap();
    assert_eq!(game.to_move(), Some(0), "a pass does not end the game");
    // A time-out is legal whatever the position, in phase 2.
    game.play(0, &Action::TIMEOUT).unwrap();
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn the_tenth_marker_ends_the_game_and_white_lands_come_first() {
    // Blue's tower at [1, 1, N] completes four on both [1, 0] and the white [1, 1]; one marker is left: the white
    // land takes it, and with it all ten markers are down.
    let towers = [(s(1, 0), 0), (n(1, 2), 0), (s(1, 1), 0), (n(0, 1), 0), (n(1, 0), 0)];
    let mut game = position(&towers, 0);
    game.lands.get_mut(&land(1, 1)).unwrap().white = true;
    let owned: Vec<Land> = [(3, 0), (3, 1), (3, 2), (3, 3), (2, 3), (0, 3), (0, 0), (2, 2), (2, 1)]
        .into_iter()
        .map(|(q, r)| land(q, r))
        .collect();
    for l in &owned {
        game.lands.get_mut(l).unwrap().owner = Some(0);
    }
    game.players[0].markers = 1;
    let played = tower(&mut game, 0, n(1, 1));
    assert_eq!(played.possessed, [land(1, 1)]);
    assert_eq!(game.lands[&land(1, 0)].owner, None, "no marker left for it");
    assert!(game.is_over());
    assert_eq!(game.score(0), 9 + 3, "a white land counts three");
    assert_eq!(game.leaders(), SeatSet::one(0));
    assert_eq!(game.play(1, &Action::tower(n(3, 3))), Err(MoveError::GameOver));
}

#[test]
fn ties_go_to_the_better_demolisher_then_are_draws() {
    let mut game = position(&[], 0);
    game.lands.get_mut(&land(0, 0)).unwrap().owner = Some(0);
    game.lands.get_mut(&land(3, 3)).unwrap().owner = Some(1);
    game.players[1].demolished = 2;
    assert_eq!(game.leaders(), SeatSet::one(1));
    game.players[0].demolished = 2;
    assert_eq!(game.leaders(), [0, 1].into_iter().collect::<SeatSet>());
}

#[test]
fn resigning_at_any_moment_loses() {
    let mut game = Contrees::new(false);
    game.play(0, &Action::land(land(0, 0))).unwrap();
    // Out of turn, and naming one's own seat.
    let resign = Action::Resign { resign: crate::record::True, seat: Some(1) };
    assert_eq!(game.play(0, &resign), Err(MoveError::ResignForAnother { seat: 0, named: 1 }));
    game.play(1, &resign).unwrap();
    assert!(game.is_over());
    assert_eq!(game.play(0, &Action::Resign { resign: crate::record::True, seat: None }), Err(MoveError::GameOver));
    assert_eq!(game.due(), crate::Due::Finished { winners: SeatSet::one(0) });
    let mut game = Contrees::new(false);
    assert_eq!(
        game.play(2, &Action::Resign { resign: crate::record::True, seat: None }),
        Err(MoveError::NoSuchSeat(2))
    );
}

#[test]
fn phase_one_lays_two_lands_a_turn_connected_with_one_white_land_in_the_expert_game() {
    let mut game = Contrees::new(true);
    assert_eq!(game.legal_moves(), [Action::land(land(0, 0)), Action::Land { land: land(0, 0), white: true }]);
    assert_eq!(game.play(0, &Action::tower(n(0, 0))), Err(MoveError::LandsFirst));
    assert_eq!(game.play(0, &Action::TIMEOUT), Err(MoveError::TimeoutInPhase1));
    game.play(0, &Action::land(land(5, -2))).unwrap();
    assert_eq!(game.play(1, &Action::land(land(5, -1))), Err(MoveError::NotYourTurn { seat: 1, due: 0 }));
    assert_eq!(game.play(0, &Action::land(land(5, -2))), Err(MoveError::Occupied(land(5, -2))));
    assert_eq!(game.play(0, &Action::land(land(7, -2))), Err(MoveError::NotConnected(land(7, -2))));
    game.play(0, &Action::Land { land: land(6, -2), white: true }).unwrap();
    assert_eq!(game.to_move(), Some(1));
    let white = Action::Land { land: land(4, -2), white: true };
    game.play(1, &white).unwrap();
    assert_eq!(game.play(1, &Action::Land { land: land(4, -1), white: true }), Err(MoveError::WhiteLaid));
    // Seat 0 has laid its white land; seat 1 too. Fill up to the last land of each.
    let mut plain = Contrees::new(false);
    assert_eq!(plain.play(0, &white), Err(MoveError::NotExpert));
    while plain.phase() == 1 {
        let seat = plain.to_move().unwrap();
        let first = plain.legal_moves()[0];
        plain.play(seat, &first).unwrap();
    }
    assert_eq!((plain.phase(), plain.to_move()), (2, Some(0)), "phase 2 starts with seat 0");
    // In the expert game, a player who kept their white land must lay it last.
    let mut expert = Contrees::new(true);
    for _ in 0..13 {
        let seat = expert.to_move().unwrap();
        let black = *expert.legal_moves().iter().find(|a| matches!(a, Action::Land { white: false, .. })).unwrap();
        expert.play(seat, &black).unwrap();
    }
    assert_eq!(expert.to_move(), Some(0), "seat 0's eighth land");
    assert!(expert.legal_moves().iter().all(|a| matches!(a, Action::Land { white: true, .. })));
    let at = match expert.legal_moves()[0] {
        Action::Land { land, .. } => land,
        _ => unreachable!(),
    };
    assert_eq!(expert.play(0, &Action::land(at)), Err(MoveError::WhiteLast));
}

#[test]
fn short_of_markers_black_lands_go_by_position_and_a_land_without_one_demolishes_nothing() {
    // Blue's tower at [1, 1, N] completes four on [1, 0] and [1, 1]; one marker is left, for [1, 0] (lower q, r).
    // Yellow's tower around [1, 0] goes; yellow's around [1, 1], which gets no marker, stays.
    let towers = [(s(1, 0), 0), (n(1, 2), 0), (s(1, 1), 0), (n(0, 1), 0), (n(1, 0), 0), (s(2, -1), 1), (s(2, 0), 1)];
    let mut game = position(&towers, 0);
    game.players[0].markers = 1;
    let played = tower(&mut game, 0, n(1, 1));
    assert_eq!(played.possessed, [land(1, 0)]);
    assert_eq!(played.demolished, [s(2, -1)]);
    assert_eq!(game.towers[&s(2, 0)], 1);
    assert!(game.is_over(), "the last marker is down");
}

#[test]
fn no_empty_spot_ends_the_game_and_a_banned_last_spot_means_a_pass() {
    let mut game = position(&[], 1);
    let spots: Vec<Spot> = game.spots().into_iter().collect();
    let (last, rest) = spots.split_last().unwrap();
    for spot in rest {
        game.towers.insert(*spot, 0);
    }
    // Yellow's only empty spot is barred for this move: yellow passes, though it has towers.
    game.banned.insert(*last);
    assert_eq!(game.legal_moves(), [Action::PASS]);
    game.play(1, &Action::PASS).unwrap();
    assert!(!game.is_over(), "a pass never ends the game by itself");
    let played = tower(&mut game, 0, *last);
    assert!(played.demolished.is_empty());
    assert!(game.is_over(), "no empty spot is left");
    assert!(game.players.iter().all(|p| p.supply > 0 && p.markers > 0), "ended by the full board alone");
}
