//! Property tests over seeded random games of every player count: enumeration is exact, refused moves change
//! nothing, the invariants of spec §6 hold after every move, records replay to the same game, serde round-trips.

use crate::meridian_positions;

use meridian_positions::random_game;
use proptest::prelude::*;
use rules::meridian::state::{colours, shuffled_decks};
use rules::meridian::{Board, Card, Meridian, Move, Placement, Record};
use rules::record::GameRecord;
use rules::seed::Shuffler;
use std::collections::HashSet;

/// Spec §6, checked on any state.
fn check_invariants(g: &Meridian) {
    let n = g.players().len();
    let rows = g.board().rows();
    let mut on_board = vec![0u32; n];
    for m in 1..=10 {
        let column = g.column(m);
        assert!(column.is_in_order(), "meridian {m}: heights distinct and decreasing southwards");
        assert!(column.towers().all(|(row, _)| row <= rows));
        for seat in 0..n as u8 {
            assert!(column.count(seat) <= colours(n), "meridian {m}: too many towers of seat {seat}");
        }
        for (_, t) in column.towers() {
            on_board[usize::from(t.seat)] += u32::from(t.height);
        }
    }
    for (seat, p) in g.players().iter().enumerate() {
        assert_eq!(on_board[seat] + u32::from(p.reserve), 20 * u32::from(colours(n)), "floors of seat {seat}");
        assert_eq!(p.face_up.len() + p.deck.len() + p.discards.len(), 13 * usize::from(colours(n)));
        assert!(p.face_up.len() <= 2);
    }
}

/// A move drawn from a space wider than the legal one: any card, meridian 0–11 or none, rows 0–6, heights 0–41.
fn wild_move(r: &mut Shuffler) -> Move {
    let card = Card::ALL[r.below(13) as usize];
    let opt = |r: &mut Shuffler, bound| (r.below(3) > 0).then(|| r.below(bound) as u8);
    let meridian = opt(r, 12);
    let take_back = opt(r, 7);
    let place = opt(r, 7).map(|row| Placement { row, height: r.below(42) as u8 });
    Move { card, meridian, take_back, place }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    /// Invariants after every move, and replay of the record gives the same game.
    #[test]
    fn random_games_keep_the_invariants_and_replay(players in 2usize..=4, seed in any::<u64>()) {
        let (start, moves, end) = random_game(players, seed);
        let mut g = start.clone();
        check_invariants(&g);
        for mv in &moves {
            g.play(g.to_move().unwrap(), mv).unwrap();
            check_invariants(&g);
        }
        prop_assert_eq!(&g, &end);
        prop_assert_eq!(end.moves_played() as usize, 13 * players * usize::from(colours(players)));

        let names = (0..players).map(|i| format!("p{i}")).collect();
        let mut record = Record::new(names, &Board::standard_for(players), shuffled_decks(players, seed));
        record.moves = moves;
        let json = serde_json::to_string(&record).unwrap();
        let reread: Record = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&reread, &record);
        prop_assert_eq!(&reread.replay().unwrap(), &end);
        let seeded = Record { seed: Some(seed), decks: None, ..record };
        prop_assert_eq!(&seeded.replay().unwrap(), &end, "a seed deals the same decks");

        let state: Meridian = serde_json::from_str(&serde_json::to_string(&end).unwrap()).unwrap();
        prop_assert_eq!(&state, &end);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// Every enumerated move applies; wild moves apply exactly when enumerated, and refused ones change nothing.
    #[test]
    fn enumeration_is_exact(players in 2usize..=4, seed in any::<u64>()) {
        let (start, moves, _) = random_game(players, seed);
        let mut wild = Shuffler::new(seed.rotate_left(17));
        let mut g = start;
        for mv in moves {
            let seat = g.to_move().unwrap();
            let legal = g.legal_moves();
            let set: HashSet<Move> = legal.iter().copied().collect();
            prop_assert_eq!(set.len(), legal.len(), "moves are distinct");
            for m in &legal {
                prop_assert_eq!(m.canonical(), *m);
                let mut after = g.clone();
                prop_assert!(after.play(seat, m).is_ok(), "enumerated {} refused", m);
            }
            for _ in 0..200 {
                let m = wild_move(&mut wild);
                let mut after = g.clone();
                let result = after.play(seat, &m);
                prop_assert_eq!(result.is_ok(), set.contains(&m.canonical()), "{}: {:?}", m, result);
                if result.is_err() {
                    prop_assert_eq!(&after, &g);
                }
            }
            g.play(seat, &mv).unwrap();
        }
    }
}
