//! Pairing tournaments (issue 49), part of the store's bench beside ratings: a Swiss round of 1,001 entrants in
//! games of two, after five rounds played (score groups, rematches to avoid, a bye to give), and at tables of four;
//! a round robin's rounds for sixteen at tables of four; and the standings of the 1,001 with their tie-breaks. The
//! issue asks for a Swiss round of 1,000 in well under a second. Pure: no database. Run alone:
//! `cargo bench --bench store tournament`.

use criterion::Criterion;
use meridian_bot::tournament::{round_robin, standings, swiss, Past, Played};
use std::hint::black_box;

const ENTRANTS: usize = 1_001;

/// Five rounds of a Swiss of `ENTRANTS` (an odd number: a bye each round), the better rated winning each game.
fn five_rounds(ratings: &[f64]) -> Past {
    let active: Vec<usize> = (0..ENTRANTS).collect();
    let mut past = Past::default();
    for _ in 0..5 {
        let draw = swiss::pair(&active, ratings, &past, (2, 2), 1.0);
        past.byes.extend(&draw.byes);
        for t in draw.tables {
            let (a, b) = (t[0], t[1]);
            let a_wins = ratings[a] >= ratings[b];
            past.games
                .push(Played { players: vec![(a, f64::from(u8::from(a_wins))), (b, f64::from(u8::from(!a_wins)))] });
        }
    }
    past
}

pub fn tournament(c: &mut Criterion) {
    // Ratings spread and shuffled (entry order is not rating order).
    let ratings: Vec<f64> = (0..ENTRANTS).map(|i| 1_000.0 + ((i * 7_919) % ENTRANTS) as f64).collect();
    let active: Vec<usize> = (0..ENTRANTS).collect();
    let past = five_rounds(&ratings);
    let mut group = c.benchmark_group("tournament");
    group.bench_function("swiss_round_6_of_1001_in_twos", |b| {
        b.iter(|| swiss::pair(black_box(&active), &ratings, &past, (2, 2), 1.0))
    });
    group.bench_function("swiss_round_1_of_1001_at_tables_of_4", |b| {
        b.iter(|| swiss::pair(black_box(&active), &ratings, &Past::default(), (3, 4), 0.5))
    });
    group.bench_function("round_robin_rounds_of_16_at_tables_of_4", |b| {
        b.iter(|| round_robin::rounds(black_box(16), (3, 4)))
    });
    group.bench_function("standings_of_1001_after_5_rounds", |b| b.iter(|| standings(ENTRANTS, black_box(&past), 1.0)));
    group.finish();
}
