//! Image speed and size: a mid-game board (drawing + PNG encoding), the same without encoding, a hand and a result
//! (from tests/records/four-players-full.json); then a mid-game board of each game (drawing + PNG encoding) from
//! whole games of easy computers (seed 7: Meridian for 4 and 2, Contrées, Dragon Delta for 3 and 6), and the median
//! size of every board those games post, per game. Run: `cargo bench --bench images`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::ai::{Level, Player};
use meridian_bot::language::Lang;
use meridian_bot::offline;
use meridian_bot::pictures::meridian as pictures;
use meridian_bot::rules::meridian::{Meridian, Played, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::{Game, Viewer};
use std::hint::black_box;

/// The game after `moves` moves of the record, with the last move.
fn position(moves: usize) -> (Meridian, Played, Vec<String>) {
    let text = std::fs::read_to_string("tests/records/four-players-full.json").unwrap();
    let mut record: Record = serde_json::from_str(&text).unwrap();
    record.moves.truncate(moves);
    let mut last = None;
    let game = record.replay_with(|_, played| last = Some(played.clone())).unwrap();
    (game, last.unwrap(), record.players)
}

fn images(c: &mut Criterion) {
    let (game, last, names) = position(30);
    let scene = pictures::board(&game.view(Viewer::Public), &names, &[&last], Lang::En);
    eprintln!("board PNG: {} bytes", render::meridian::board_png(&scene, &Lang::En).len());
    c.bench_function("board/draw+png", |b| b.iter(|| render::meridian::board_png(black_box(&scene), &Lang::En)));
    c.bench_function("board/draw", |b| b.iter(|| render::meridian::board_canvas(black_box(&scene), &Lang::En)));
    let hand = pictures::hand(&game.view(Viewer::Seat(1)), &names, 1);
    c.bench_function("hand/draw+png", |b| b.iter(|| render::meridian::hand_png(black_box(&hand), &Lang::En)));
    let (end, _, names) = position(usize::MAX);
    let winners: Vec<u8> = end.leaders().iter().collect();
    let result = pictures::result(&end.view(Viewer::Public), &names, &winners, Lang::En);
    c.bench_function("result/draw+png", |b| b.iter(|| render::meridian::result_png(black_box(&result), &Lang::En)));
}

/// Whole games of easy computers: each game's boards, by game, and a mid-game position of each.
fn every_game(c: &mut Criterion) {
    let mut sizes: Vec<(&str, Vec<usize>)> = Vec::new();
    for (game, players) in [("meridian", 4), ("meridian", 2), ("contrees", 2), ("dragon-delta", 3), ("dragon-delta", 6)]
    {
        let kind = offline::kind(game).unwrap();
        let seats = vec![Player::Computer(Level::Easy); players];
        let names = offline::names(&seats);
        let mut positions = Vec::new();
        offline::play(kind, &seats, 7, |game, _| positions.push(game.clone())).unwrap();
        let boards: Vec<usize> = positions.iter().map(|p| p.board_png(&names, &[], Lang::En).len()).collect();
        match sizes.iter_mut().find(|(name, _)| *name == game) {
            Some((_, all)) => all.extend(boards),
            None => sizes.push((game, boards)),
        }
        let middle = &positions[positions.len() / 2];
        c.bench_function(&format!("{game}-{players}p/board/draw+png"), |b| {
            b.iter(|| black_box(middle).board_png(&names, &[], Lang::En))
        });
    }
    for (game, mut boards) in sizes {
        boards.sort_unstable();
        let median = boards[boards.len() / 2];
        eprintln!("{game}: {} boards, median {median} bytes, largest {} bytes", boards.len(), boards.last().unwrap());
    }
}

criterion_group!(benches, images, every_game);
criterion_main!(benches);
