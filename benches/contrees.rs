//! Contrées speed: legal-move enumeration in a busy phase-2 position, whole random games, and the board of that
//! position drawn and encoded (every spot labelled). Run: `cargo bench --bench contrees`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::language::Lang;
use meridian_bot::pictures::contrees as pictures;
use meridian_bot::pictures::Reader;
use meridian_bot::rules::contrees::Contrees;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::{Game, Viewer};
use std::hint::black_box;

/// A random expert game from `seed`, stopped after `moves` moves (or at its end).
fn random_game(seed: u64, moves: usize) -> Contrees {
    let mut game = Contrees::new(true);
    let mut chooser = Shuffler::new(seed);
    for _ in 0..moves {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_moves();
        let action = legal[chooser.below(legal.len() as u64) as usize];
        game.play(seat, &action).unwrap();
    }
    game
}

/// Among 200 seeded games, the phase-2 position (16 lands and 20 towers' moves in) with the most legal moves.
fn busy_position() -> Contrees {
    (0..200).map(|seed| random_game(seed, 36)).max_by_key(|g| g.legal_moves().len()).unwrap()
}

fn enumeration(c: &mut Criterion) {
    let game = busy_position();
    assert_eq!(game.phase(), 2);
    let name = format!("legal_moves/busy_phase_2_{}_moves", game.legal_moves().len());
    c.bench_function(&name, |b| b.iter(|| black_box(&game).legal_moves()));
}

fn full_game(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function("full_random_game/expert", |b| {
        b.iter(|| {
            seed += 1;
            random_game(black_box(seed), usize::MAX)
        })
    });
}

fn board(c: &mut Criterion) {
    let scene = pictures::board(
        &busy_position().view(Viewer::Public),
        &["ana".into(), "ben".into()],
        &[],
        Reader::standard(Lang::En),
    );
    eprintln!("board PNG: {} bytes", render::contrees::board_png(&scene, &Lang::En).len());
    c.bench_function("board/draw+png", |b| b.iter(|| render::contrees::board_png(black_box(&scene), &Lang::En)));
    c.bench_function("board/draw", |b| b.iter(|| render::contrees::board_canvas(black_box(&scene), &Lang::En)));
}

criterion_group!(benches, enumeration, full_game, board);
criterion_main!(benches);
