//! Dragon Delta speed: legal actions in busy positions, 1,500 random 4-player moves (random programmes, random
//! outcomes; random play seldom reaches a goal), and the board of a busy position drawn and encoded.
//! Run: `cargo bench --bench dragon_delta`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::pictures::dragon_delta as pictures;
use meridian_bot::rules::dragon_delta::card::{random_programme, Card};
use meridian_bot::rules::dragon_delta::{Action, Board, DragonDelta};
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::{Game, Viewer};
use std::hint::black_box;

/// Plays `moves` random moves of a 4-player game from `seed` (a new game whenever one ends); returns the last game.
fn random_moves(seed: u64, moves: usize) -> DragonDelta {
    let new = || DragonDelta::new(Board::standard(), 4, 0).expect("4 players");
    let mut game = new();
    let mut chooser = Shuffler::new(seed);
    for _ in 0..moves {
        if game.is_over() {
            game = new();
        }
        let (seat, action) = match game.awaiting() {
            Some((seat, card)) => {
                let outcomes = game.outcomes(seat, card);
                (seat, outcomes[chooser.below(outcomes.len() as u64) as usize].clone())
            }
            None => {
                let seat = game.programming().iter().next().expect("someone programmes");
                (seat, Action::Program { program: random_programme(&game.hand(seat), &mut chooser) })
            }
        };
        game.play(seat, &action).expect("a possible outcome applies");
    }
    game
}

/// Among 100 seeded games 300 moves in, the position awaiting an action (one of `cards`, if given) with the most
/// outcomes.
fn busy_position(cards: &[Card]) -> DragonDelta {
    (0..100)
        .map(|seed| random_moves(seed, 300))
        .filter(|g| g.awaiting().is_some_and(|(_, card)| cards.is_empty() || cards.contains(&card)))
        .max_by_key(|g| g.awaiting().map_or(0, |(seat, _)| g.legal_moves(seat).len()))
        .expect("a position awaiting an action")
}

/// The busiest position of all, and the busiest plank (the costliest to enumerate: every pair of supports for every
/// plank of the reserve).
fn enumeration(c: &mut Criterion) {
    for game in [busy_position(&[]), busy_position(&[Card::Plank, Card::Planks2])] {
        let (seat, card) = game.awaiting().unwrap();
        let name = format!("legal_moves/busy_{card}_{}_outcomes", game.legal_moves(seat).len());
        c.bench_function(&name, |b| b.iter(|| black_box(&game).legal_moves(seat)));
    }
}

fn random_play(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function("random_moves/1500_4_players", |b| {
        b.iter(|| {
            seed += 1;
            random_moves(black_box(seed), 1_500)
        })
    });
}

fn board(c: &mut Criterion) {
    let names = ["ana", "ben", "cy", "dee"].map(String::from);
    let scene = pictures::board(&busy_position(&[]).view(Viewer::Public), &names, &[]);
    eprintln!("board PNG: {} bytes", render::dragon_delta::board_png(&scene).len());
    c.bench_function("board/draw+png", |b| b.iter(|| render::dragon_delta::board_png(black_box(&scene))));
    c.bench_function("board/draw", |b| b.iter(|| render::dragon_delta::board_canvas(black_box(&scene))));
}

criterion_group!(benches, enumeration, random_play, board);
criterion_main!(benches);
