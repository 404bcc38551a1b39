//! Image speed: a mid-game board (drawing + PNG encoding), the same without encoding, a hand and a result.
//! Run: `cargo bench --bench images`. Positions come from tests/records/four-players-full.json.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::language::Lang;
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

criterion_group!(benches, images);
criterion_main!(benches);
