//! Property tests over 3,000 seeded random games of Contrées, plain and expert: the invariants of contrees.md §6 after
//! every move, every game ends, a record of the moves replays to the same game and the state reads back from its
//! JSON; and, over the first 600, enumeration exact after every move (every enumerated move applies; moves drawn
//! from a wider space apply only if enumerated; a refused move changes nothing).

use rules::contrees::state::{MARKERS_EACH, TOWERS_EACH};
use rules::contrees::{Action, Contrees, Corner, Land, Record, Spot};
use rules::record::GameRecord;
use rules::seed::Shuffler;
use rules::Seat;

/// contrees.md §6, checked after a move by `mover` (a placed tower `placed`).
fn check_invariants(game: &Contrees, mover: Seat, placed: Option<Spot>) {
    for seat in 0..2u8 {
        let p = game.players()[usize::from(seat)];
        let on_board = game.towers().values().filter(|&&s| s == seat).count() as u32;
        let lost = u32::from(game.players()[usize::from(1 - seat)].demolished);
        assert_eq!(on_board + u32::from(p.supply) + lost, u32::from(TOWERS_EACH), "towers of seat {seat}");
        let owned = game.lands().values().filter(|l| l.owner == Some(seat)).count() as u8;
        assert_eq!(owned + p.markers, MARKERS_EACH, "markers of seat {seat}");
    }
    for (&land, state) in game.lands() {
        if let Some(owner) = state.owner {
            assert!(game.towers_on(land, owner) >= 4, "{land} owned with fewer than four towers");
        } else if !game.is_over() {
            for seat in 0..2 {
                assert!(game.towers_on(land, seat) < 4, "{land}: seat {seat} has four spots of a land nobody owns");
            }
        }
    }
    if let Some(at) = placed {
        for next in game.adjacent(at) {
            if game.towers().get(&next) == Some(&(1 - mover)) {
                assert!(!game.group(next).1.is_empty(), "an opponent group touching {at} kept no liberty");
            }
        }
    }
}

/// A land or tower drawn from a space wider than the legal one, or a pass.
fn wild(r: &mut Shuffler) -> Action {
    let coordinate = |r: &mut Shuffler| r.below(12) as i32 - 4;
    match r.below(5) {
        0 => Action::PASS,
        1 | 2 => Action::Land { land: Land { q: coordinate(r), r: coordinate(r) }, white: r.below(4) == 0 },
        _ => {
            let corner = if r.below(2) == 0 { Corner::N } else { Corner::S };
            Action::tower(Spot { q: coordinate(r), r: coordinate(r), corner })
        }
    }
}

#[test]
fn random_games_keep_the_invariants_enumerate_exactly_end_and_replay() {
    let (mut possessed, mut demolished) = (0u32, 0u32);
    for seed in 0..3000u64 {
        let thorough = seed < 600;
        let expert = seed % 2 == 1;
        let mut chooser = Shuffler::new(seed);
        let mut game = Contrees::new(expert);
        let mut moves = Vec::new();
        while let Some(seat) = game.to_move() {
            assert!(moves.len() < 400, "seed {seed}: a game that does not end");
            let legal = game.legal_moves();
            assert!(!legal.is_empty());
            for action in legal.iter().filter(|_| thorough) {
                let mut copy = game.clone();
                copy.play(seat, action).unwrap_or_else(|e| panic!("seed {seed}: enumerated {action} refused: {e}"));
            }
            // The very first land may go anywhere (only relative positions matter); it is enumerated at [0, 0].
            if thorough && !game.lands().is_empty() {
                for _ in 0..20 {
                    let action = wild(&mut chooser);
                    let mut copy = game.clone();
                    match copy.play(seat, &action) {
                        Ok(_) => assert!(legal.contains(&action), "seed {seed}: {action} applied but not enumerated"),
                        Err(_) => assert_eq!(copy, game, "a refused move changes nothing"),
                    }
                }
            }
            let action = legal[chooser.below(legal.len() as u64) as usize];
            game.play(seat, &action).unwrap();
            let placed = match action {
                Action::Tower { tower } => Some(tower),
                _ => None,
            };
            check_invariants(&game, seat, placed);
            moves.push(action);
        }
        possessed += game.lands().values().filter(|l| l.owner.is_some()).count() as u32;
        demolished += game.players().iter().map(|p| u32::from(p.demolished)).sum::<u32>();
        let names = vec!["ana".to_string(), "ben".to_string()];
        let record = Record {
            game: rules::contrees::record::Tag::Contrees,
            players: names,
            expert,
            moves,
            substitutions: Vec::new(),
        };
        let text = serde_json::to_string(&record).unwrap();
        let read: Record = serde_json::from_str(&text).unwrap();
        assert_eq!(read.replay().unwrap(), game, "seed {seed}: the record replays to the same game");
        let snapshot: Contrees = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        assert_eq!(snapshot, game, "seed {seed}: the state reads back from its JSON");
    }
    // The random games did possess lands and demolish towers, so the checks above met both.
    assert!(possessed > 3000 && demolished > 3000, "{possessed} lands possessed, {demolished} towers demolished");
}

/// A record's errors say what is wrong and where: the JSON path of the value refused.
#[test]
fn record_errors_say_what_and_where() {
    let error =
        |text: &str| rules::record::read::<Record>(rules::record::parse(text).unwrap().0).unwrap_err().to_string();
    let spot = r#"{"game":"contrees","players":["a","b"],"moves":[{"tower":[0,0,"E"]}]}"#;
    assert_eq!(error(spot), "moves[0].tower[2]: unknown variant `E`, expected `N` or `S`");
    let two = r#"{"game":"contrees","players":["a","b"],"moves":[{"land":[0,0],"pass":true}]}"#;
    assert!(error(two).starts_with("moves[0]: a move is one of"), "{}", error(two));
}
