//! Rules-core speed: legal-move enumeration in a busy mid-game position, and whole random games.
//! Run: `cargo bench --bench meridian`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::rules::meridian::state::shuffled_decks;
use meridian_bot::rules::meridian::{Board, Meridian};
use meridian_bot::rules::seed::Shuffler;
use std::hint::black_box;

/// A random game of `players` from `seed`, stopped after `moves` moves (or at its end).
fn random_game(players: usize, seed: u64, moves: usize) -> Meridian {
    let mut g = Meridian::new(Board::standard_for(players), shuffled_decks(players, seed)).unwrap();
    let mut chooser = Shuffler::new(seed);
    for _ in 0..moves {
        let Some(seat) = g.to_move() else { break };
        let legal = g.legal_moves();
        let mv = legal[chooser.below(legal.len() as u64) as usize];
        g.play(seat, &mv).unwrap();
    }
    g
}

/// The mid-game position (half the moves played) with the most legal moves among 200 seeded games.
fn busy_position(players: usize) -> Meridian {
    let half = 13 * players / 2 * if players == 2 { 2 } else { 1 };
    (0..200).map(|seed| random_game(players, seed, half)).max_by_key(|g| g.legal_moves().len()).unwrap()
}

fn enumeration(c: &mut Criterion) {
    for players in [2, 4] {
        let g = busy_position(players);
        let name = format!("legal_moves/{players}p_busy_midgame_{}_moves", g.legal_moves().len());
        c.bench_function(&name, |b| b.iter(|| black_box(&g).legal_moves()));
    }
}

fn full_game(c: &mut Criterion) {
    let mut seed = 0;
    c.bench_function("full_random_game/4p", |b| {
        b.iter(|| {
            seed += 1;
            random_game(4, black_box(seed), usize::MAX)
        })
    });
}

criterion_group!(benches, enumeration, full_game);
criterion_main!(benches);
