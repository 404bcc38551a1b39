//! Property tests over 2,000 seeded random games of Dragon Delta, 2 to 6 players, half on the standard board and half
//! on random boards: random programmes and random outcomes; the invariants of dragon-delta.md §6 after every action;
//! the outcomes of stones, planks, takes, moves and jumps exactly those an independent reading of §2 and §4 allows; a
//! refused action changing nothing; no seat's view showing another's programme; and every game's record replaying to
//! the same game.

use rules::dragon_delta::action::{Action, Move, Taken};
use rules::dragon_delta::board::{Board, BoardSpec, Support};
use rules::dragon_delta::card::{random_programme, Card};
use rules::dragon_delta::colour::Colour;
use rules::dragon_delta::geometry::{fits, meet, passes_over};
use rules::dragon_delta::place::{Ends, Place};
use rules::dragon_delta::record::Tag;
use rules::dragon_delta::state::{DragonDelta, STONES};
use rules::dragon_delta::{Record, View};
use rules::record::GameRecord;
use rules::seed::Shuffler;
use rules::{Seat, Viewer};
use std::collections::{BTreeMap, BTreeSet};

use crate::jump_landings::lands_beyond_a_village;

/// Games played, and actions at most in each (random pawns seldom reach their goal).
const GAMES: u64 = 2_000;
const ACTIONS: usize = 300;

/// A random board: six villages and 27 islands within ±7 plank units, in hundredths, at least 0.6 apart.
fn random_board(r: &mut Shuffler) -> BoardSpec {
    let mut points: Vec<[f64; 2]> = Vec::new();
    while points.len() < 33 {
        let p = [(r.below(1401) as f64 - 700.0) / 100.0, (r.below(1401) as f64 - 700.0) / 100.0];
        if points.iter().all(|q| (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) >= 0.36 + 1e-9) {
            points.push(p);
        }
    }
    let villages: BTreeMap<Colour, [f64; 2]> = Colour::ALL.into_iter().zip(points.drain(..6)).collect();
    BoardSpec::Points { villages, islands: points }
}

/// Supports a plank may rest on now: villages, and islands with a stone.
fn supports(game: &DragonDelta, board: &Board) -> Vec<Support> {
    board
        .supports()
        .filter(|s| matches!(s, Support::Village(_)) || matches!(s, Support::Island(n) if game.stones().contains(n)))
        .collect()
}

fn load(game: &DragonDelta, s: Support) -> usize {
    game.planks().iter().filter(|l| l.ends.touches(s)).count()
}

fn occupied(game: &DragonDelta, ends: Ends) -> bool {
    game.pawns().contains(&Some(Place::Plank(ends)))
}

/// What §2 and §4 allow `seat`'s `card` to do now, read independently of the rules core (stones, planks, takes and
/// one-step moves; `None` for the other cards).
fn oracle(game: &DragonDelta, board: &Board, seat: Seat, card: Card) -> Option<BTreeSet<Action>> {
    let at = |s: Support| board.at(s);
    let over = |a: Support, b: Support, p: Support| passes_over(at(a), at(b), at(p));
    Some(match card {
        Card::Stone | Card::Stones2 => board
            .islands()
            .filter(|n| !game.stones().contains(n) && game.stones().len() < usize::from(STONES))
            .filter(|&n| !game.planks().iter().any(|l| over(l.ends.pair()[0], l.ends.pair()[1], Support::Island(n))))
            .map(|stone| Action::Stone { stone })
            .collect(),
        Card::Plank | Card::Planks2 => {
            let rests = supports(game, board);
            let mut out = BTreeSet::new();
            for piece in &game.reserves()[usize::from(seat)] {
                let mut fitted = false;
                for &a in &rests {
                    for &b in rests.iter().filter(|&&b| b > a) {
                        let ends = Ends::new(a, b);
                        let ok = !matches!((a, b), (Support::Village(_), Support::Village(_)))
                            && fits(piece.size, at(a), at(b))
                            && load(game, a) < 3
                            && load(game, b) < 3
                            && !game.planks().iter().any(|l| l.ends == ends)
                            && !rests.iter().any(|&p| p != a && p != b && over(a, b, p))
                            && !game.planks().iter().any(|l| {
                                let [c, d] = l.ends.pair();
                                l.ends.shared(ends).is_none() && meet(at(a), at(b), at(c), at(d))
                            });
                        if ok {
                            fitted = true;
                            out.insert(Action::Plank { plank: piece.size, between: Some(ends) });
                        }
                    }
                }
                if !fitted {
                    out.insert(Action::Plank { plank: piece.size, between: None });
                }
            }
            out
        }
        Card::Take => {
            let reserve = &game.reserves()[usize::from(seat)];
            let holds = |colour: Colour, size: u8| {
                let colours: BTreeSet<Colour> = reserve.iter().map(|p| p.colour).chain([colour]).collect();
                colours.len() <= 2 && !reserve.iter().any(|p| p.size == size)
            };
            let planks = game
                .planks()
                .iter()
                .filter(|l| !occupied(game, l.ends) && holds(l.piece.colour, l.piece.size))
                .map(|l| Action::Take { take: Taken::Plank(l.ends) });
            let stones = game
                .stones()
                .iter()
                .filter(|&&n| load(game, Support::Island(n)) == 0)
                .map(|&n| Action::Take { take: Taken::Stone(n) });
            planks.chain(stones).collect()
        }
        Card::Move => {
            let here = game.pawns()[usize::from(seat)]?;
            let free = game.planks().iter().filter(|l| !occupied(game, l.ends));
            let places: Vec<Place> = match here {
                Place::Village(c) => {
                    free.filter(|l| l.ends.touches(Support::Village(c))).map(|l| Place::Plank(l.ends)).collect()
                }
                Place::Plank(e) => {
                    let villages = e.pair().into_iter().filter_map(|s| match s {
                        Support::Village(c) => Some(Place::Village(c)),
                        Support::Island(_) => None,
                    });
                    let planks =
                        free.filter(|l| l.ends != e && l.ends.shared(e).is_some()).map(|l| Place::Plank(l.ends));
                    villages.chain(planks).collect()
                }
            };
            places.into_iter().map(|p| Action::to(&[p])).collect()
        }
        Card::Jump => jump_oracle(game, seat)?,
        _ => return None,
    })
}

/// §4.8 read on its own: over a pawn on a plank Q next to the jumper, then one step on from Q across its far end F
/// (the end Q does not share with the jumper's place): to F itself when F is a village, or to a free plank on F.
fn jump_oracle(game: &DragonDelta, seat: Seat) -> Option<BTreeSet<Action>> {
    let here = game.pawns()[usize::from(seat)]?;
    let mut landings = BTreeSet::new();
    for q in game.planks().iter().map(|l| l.ends) {
        let [x, y] = q.pair();
        let near_far = match here {
            Place::Village(c) if x == Support::Village(c) => Some((x, y)),
            Place::Village(c) if y == Support::Village(c) => Some((y, x)),
            Place::Plank(p) if p != q && p.touches(x) => Some((x, y)),
            Place::Plank(p) if p != q && p.touches(y) => Some((y, x)),
            _ => None,
        };
        let Some((_, far)) = near_far else { continue };
        let jumped_over =
            game.pawns().iter().enumerate().any(|(s, p)| s != usize::from(seat) && *p == Some(Place::Plank(q)));
        if !jumped_over {
            continue;
        }
        if let Support::Village(c) = far {
            landings.insert(Place::Village(c));
        }
        for next in game.planks().iter().map(|l| l.ends).filter(|&l| l != q && l.touches(far) && !occupied(game, l)) {
            landings.insert(Place::Plank(next));
        }
    }
    Some(landings.into_iter().map(|p| Action::to(&[p])).collect())
}

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
fn random_games_keep_the_invariants_enumerate_exactly_and_replay() {
    let (mut actions, mut planks_laid, mut won, mut checked, mut past_villages) = (0, 0, 0, 0, 0);
    for seed in 0..GAMES {
        let mut r = Shuffler::new(seed);
        let spec = if seed % 2 == 0 { BoardSpec::Name("standard".into()) } else { random_board(&mut r) };
        let board = Board::from_spec(&spec).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let thorough = seed < 20;
        let players = 2 + (seed % 5) as usize;
        let statue = (seed % players as u64) as Seat;
        let mut game = DragonDelta::new(board.clone(), players, statue).unwrap();
        let mut moves = Vec::new();
        for _ in 0..ACTIONS {
            if game.is_over() {
                won += 1;
                break;
            }
            let programming: Vec<Seat> = game.programming().iter().collect();
            let (seat, action) = if !programming.is_empty() {
                let seat = programming[r.below(programming.len() as u64) as usize];
                (seat, Action::Program { program: random_programme(&game.hand(seat), &mut r) })
            } else {
                let (seat, card) = game.awaiting().expect("someone is awaited while the game goes on");
                let legal = game.legal_moves(seat);
                assert!(!legal.is_empty(), "an awaited action has an outcome");
                past_villages += usize::from(card == Card::Jump && lands_beyond_a_village(&legal));
                if let Some(expected) = oracle(&game, &board, seat, card) {
                    assert_eq!(legal.iter().cloned().collect::<BTreeSet<_>>(), expected, "seed {seed}: {card}");
                    checked += 1;
                }
                for action in legal.iter().filter(|_| thorough) {
                    game.clone().play(seat, action).unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
                }
                if thorough && matches!(card, Card::Plank | Card::Planks2) {
                    wild_planks_are_refused_unless_listed(&game, &board, seat, &legal, seed);
                }
                let before = game.clone();
                let wild = Action::Stone { stone: 1 + r.below(27) as u8 };
                if !legal.contains(&wild) {
                    assert!(game.play(seat, &wild).is_err());
                    assert_eq!(game, before, "a refusal changes nothing");
                }
                (seat, legal[r.below(legal.len() as u64) as usize].clone())
            };
            planks_laid += usize::from(matches!(action, Action::Plank { between: Some(_), .. }));
            game.play(seat, &action).unwrap();
            moves.push(Move { seat, action });
            actions += 1;
            check_invariants(&game, &board);
            // Each seat sees its own programme and nobody else's.
            for viewer in 0..players as Seat {
                let view = View::of(&game, Viewer::Seat(viewer));
                for (s, player) in view.players.iter().enumerate() {
                    let own = s == usize::from(viewer);
                    assert_eq!(player.programme, game.programme(s as Seat).filter(|_| own), "seed {seed}");
                }
            }
        }
        // The record of the game replays to the same game.
        let names: Vec<String> = (0..players).map(|s| format!("p{s}")).collect();
        let record =
            Record { game: Tag::DragonDelta, players: names, board: spec, statue, moves, substitutions: Vec::new() };
        let text = serde_json::to_string(&record).unwrap();
        let again: Record = serde_json::from_str(&text).unwrap();
        assert_eq!(again.replay().unwrap(), game, "seed {seed}: the record replays");
    }
    assert!(actions > 200_000 && planks_laid > 20_000 && checked > 100_000, "{actions} {planks_laid} {checked}");
    assert!(past_villages > 0, "some jump could land on a village or beyond it");
    assert!(won > 0, "some random game reached a goal");
}

/// A plank action is played by checking its one place, not by listing them all: every plank of every size between
/// any two supports (or lost) is accepted exactly when it is listed, and a refusal changes nothing.
fn wild_planks_are_refused_unless_listed(game: &DragonDelta, board: &Board, seat: Seat, legal: &[Action], seed: u64) {
    let supports: Vec<Support> = board.supports().collect();
    let mut r = Shuffler::new(seed ^ 0x5EED);
    for _ in 0..40 {
        let (a, b) =
            (supports[r.below(supports.len() as u64) as usize], supports[r.below(supports.len() as u64) as usize]);
        let plank = 1 + r.below(6) as u8;
        let between = (a != b && r.below(6) != 0).then(|| Ends::new(a, b));
        let wild = Action::Plank { plank, between };
        let mut tried = game.clone();
        let accepted = tried.play(seat, &wild).is_ok();
        assert_eq!(accepted, legal.contains(&wild), "seed {seed}: {wild}");
        if !accepted {
            assert_eq!(&tried, game, "a refusal changes nothing");
        }
    }
    // The listed places with every other size: fit is checked too.
    for action in legal {
        let Action::Plank { plank, between: Some(ends) } = action else { continue };
        let other = Action::Plank { plank: 1 + plank % 6, between: Some(*ends) };
        assert_eq!(game.clone().play(seat, &other).is_ok(), legal.contains(&other), "seed {seed}: {other}");
    }
}

#[test]
fn a_game_stored_under_the_narrower_jump_replays_through_a_jump_the_rule_now_widens() {
    // Recorded when a jump over a plank ending at a village could land on that village only. Replayed now, every
    // move still applies (the full reading only adds landings; `replay` reaching the same position is checked in
    // tests/it/replay.rs), and its jumps include one where the new landings were there to choose.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/records/dragon-delta-jump-to-village.json"
    ))
    .unwrap();
    let record: Record = serde_json::from_str(&text).unwrap();
    let mut game = record.start().unwrap();
    let mut widened = Vec::new();
    for (index, mv) in record.moves.iter().enumerate() {
        if game.awaiting().is_some_and(|(_, card)| card == Card::Jump)
            && lands_beyond_a_village(&game.legal_moves(mv.seat))
        {
            widened.push(index);
        }
        game.play(mv.seat, &mv.action).unwrap_or_else(|e| panic!("move {index}: {e}"));
    }
    assert_eq!(widened, [170, 180], "two jumps over a plank into the white village, where both landed");
    for index in widened {
        assert_eq!(record.moves[index].action, Action::to(&[Place::Village(Colour::White)]));
    }
}

/// A record's errors say what is wrong and where: the JSON path of the value refused.
#[test]
fn record_errors_say_what_and_where() {
    let error =
        |text: &str| rules::record::read::<Record>(rules::record::parse(text).unwrap().0).unwrap_err().to_string();
    let seed = r#"{"game":"dragon-delta","players":["a","b"],"board":"standard","seed":1}"#;
    assert!(error(seed).starts_with("seed: unknown field `seed`"), "{}", error(seed));
    let statue = r#"{"game":"dragon-delta","players":["a","b"],"board":"standard","statue":-1}"#;
    assert!(error(statue).starts_with("statue: invalid value: integer `-1`"), "{}", error(statue));
}
