//! Computer players' speed: one decision at each level in a mid-game position of each game (the median must stay
//! within a second for `normal`), and the analysis of a whole finished game of each (every move judged, as the bot
//! does once a game ends), then the puzzles it finds (issue 64). Run: `cargo bench --bench ai`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::ai::{Level, Player};
use meridian_bot::analyse::judge_game;
use meridian_bot::offline;
use meridian_bot::rules::contrees::Contrees;
use meridian_bot::rules::dragon_delta::{Board as River, DragonDelta};
use meridian_bot::rules::meridian::{state::shuffled_decks, Board, Meridian};
use meridian_bot::rules::{Due, Seat};
use meridian_bot::service::analysis::judge::JudgedMove;
use meridian_bot::service::analysis::Judging;
use meridian_bot::service::game::any::{AnyAction, Recorded};
use meridian_bot::service::game::Kind;
use meridian_bot::service::puzzle::found::puzzle_at;
use meridian_bot::service::puzzle::PUZZLE_FROM;
use std::hint::black_box;

/// `game` after `actions` actions chosen by the easy computer, and the seat due then.
fn midgame<G: meridian_bot::ai::Knowledge>(mut game: G, actions: usize) -> (G, Seat) {
    for i in 0..actions {
        let Due::Seats(due) = game.due() else { break };
        let seat = due.iter().next().unwrap();
        let action = Player::Computer(Level::Easy).choose(&game, seat, i as u64).unwrap();
        game.apply(seat, &action).unwrap();
    }
    let Due::Seats(due) = game.due() else { panic!("the game ended before the position benchmarked") };
    (game, due.iter().next().unwrap())
}

fn decide<G: meridian_bot::ai::Knowledge>(c: &mut Criterion, name: &str, game: &G, seat: Seat) {
    let mut group = c.benchmark_group(format!("decision/{name}"));
    group.sample_size(10);
    for level in Level::ALL {
        group.bench_function(level.name(), |b| b.iter(|| Player::Computer(level).choose(black_box(game), seat, 7)));
    }
    group.finish();
}

fn decisions(c: &mut Criterion) {
    let (meridian, seat) = midgame(Meridian::new(Board::standard_for(2), shuffled_decks(2, 5)).unwrap(), 20);
    decide(c, "meridian_2p_move_21", &meridian, seat);
    let (meridian, seat) = midgame(Meridian::new(Board::standard_for(4), shuffled_decks(4, 5)).unwrap(), 20);
    decide(c, "meridian_4p_move_21", &meridian, seat);
    let (contrees, seat) = midgame(Contrees::new(false), 24);
    decide(c, "contrees_move_25", &contrees, seat);
    // A programme (drawn options), then an outcome in the round's resolution.
    let (delta, seat) = midgame(DragonDelta::new(River::standard(), 2, 0).unwrap(), 0);
    decide(c, "dragon_delta_programme", &delta, seat);
    let (delta, seat) = midgame(DragonDelta::new(River::standard(), 3, 0).unwrap(), 9);
    decide(c, "dragon_delta_3p_outcome", &delta, seat);
}

/// A whole game of easy computers in each game, every move judged as the bot's analysis judges it, one after
/// another as the bot does (Dragon Delta for 6 is the longest game there is: its analysis must stay within 15 s);
/// then the puzzles its analysis finds.
fn analyses(c: &mut Criterion) {
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    for (name, players) in [("meridian", 2), ("meridian", 4), ("contrees", 2), ("dragon-delta", 3), ("dragon-delta", 6)]
    {
        let kind = Kind::named(name).unwrap();
        let seats = vec![Player::Computer(Level::Easy); players];
        let played = offline::play(kind, &seats, 3, |_, _| {}).unwrap();
        eprintln!("{name} for {players}: {} moves", played.moves.len());
        let start = kind.start(offline::DEFAULT_OPTIONS, 3, players).unwrap();
        let recorded = Recorded { start, names: offline::names(&seats), moves: played.moves };
        group.bench_function(format!("{name}_{players}p_whole_game"), |b| {
            b.iter(|| black_box(judge_game(&recorded, Judging::BOT).unwrap()))
        });
        let judged = judge_game(&recorded, Judging::BOT).unwrap();
        let costly = judged.iter().filter(|(m, _)| m.cost() >= PUZZLE_FROM).count();
        let (from, found) = (PUZZLE_FROM * 100.0, puzzles(&recorded, &judged));
        eprintln!("{name} for {players}: {costly} moves cost {from} points or more, {found} puzzles");
        group.bench_function(format!("{name}_{players}p_puzzles"), |b| {
            b.iter(|| black_box(puzzles(&recorded, &judged)))
        });
    }
    group.finish();
}

/// The puzzles a judged game makes, found as the bot's analysis finds them after judging its moves (issue 64):
/// every choice judged where a move cost 20 points or more.
fn puzzles(recorded: &Recorded, judged: &[(JudgedMove, AnyAction)]) -> usize {
    let mut game = recorded.start.clone();
    let mut found = 0;
    for (step, (seat, action)) in recorded.moves.iter().enumerate() {
        if let Some((m, _)) = judged.iter().find(|(m, _)| m.step as usize == step + 1) {
            found += usize::from(puzzle_at(&game, step, &recorded.moves, m.cost(), Judging::BOT).is_some());
        }
        game.apply(*seat, action, &recorded.names).unwrap();
    }
    found
}

criterion_group!(benches, decisions, analyses);
criterion_main!(benches);
