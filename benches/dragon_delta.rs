//! Dragon Delta speed: legal actions in busy positions, 1,500 random 4-player moves (random programmes, random
//! outcomes; random play seldom reaches a goal), the board of a busy position drawn and encoded, and the deliveries
//! of one round (issue 25): two players lay their 5-card programmes and the round resolves, choices taken by
//! time-outs; then every message it left in the outbox is built, pictures drawn and encoded, as the courier builds
//! them before sending (`Service::pending` builds each one and sends nothing, so every iteration builds the same
//! messages, each with a new service that has kept nothing), on a SQLite file.
//! Run: `cargo bench --bench dragon_delta` (the round alone: `cargo bench --bench dragon_delta -- "a round"`).

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::clock::{FakeClock, SystemClock, DAY};
use meridian_bot::language::Lang;
use meridian_bot::pictures::dragon_delta as pictures;
use meridian_bot::pictures::Reader;
use meridian_bot::rules::dragon_delta::card::{random_programme, Card};
use meridian_bot::rules::dragon_delta::{Action, Board, DragonDelta};
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::{Game, Viewer};
use meridian_bot::service::game::games::dragon_delta::Options;
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::Store;
use std::hint::black_box;
use std::sync::Arc;

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
    let scene = pictures::board(&busy_position(&[]).view(Viewer::Public), &names, &[], Reader::standard(Lang::En));
    eprintln!("board PNG: {} bytes", render::dragon_delta::board_png(&scene, &Lang::En).len());
    c.bench_function("board/draw+png", |b| b.iter(|| render::dragon_delta::board_png(black_box(&scene), &Lang::En)));
    c.bench_function("board/draw", |b| b.iter(|| render::dragon_delta::board_canvas(black_box(&scene), &Lang::En)));
}

/// A game whose first round has resolved, every message before its first programme delivered; and the number of
/// messages the round left.
async fn resolved(dir: &std::path::Path) -> (Service, usize) {
    let store = Store::open(&format!("sqlite://{}", dir.join("games.db").display())).await.unwrap();
    let clock = FakeClock::at(1_700_000_000_000);
    let svc = Service::new(store, Arc::new(clock.clone()), Arc::new(|| 5));
    let place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
    let id = svc.open_lobby(place, &User { id: 1, name: "ana".into() }, Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000, 20_000).await.unwrap();
    svc.join(id, &User { id: 2, name: "ben".into() }).await.unwrap();
    svc.start(id, 1).await.unwrap();
    for p in svc.pending(1000).await.unwrap() {
        svc.delivered(p.outbox_id).await.unwrap();
    }
    let table = svc.game(id).await.unwrap();
    let programme =
        Action::Program { program: ["move", "stone", "plank", "take", "jump"].map(|n| n.parse::<Card>().unwrap()) };
    svc.act(id, 1, table.row().version, &programme, None).await.unwrap();
    // Ben's programme and every choice of the round run out: the defaults and first options are played.
    while svc.game(id).await.unwrap().state::<DragonDelta>().unwrap().round() == 1 {
        clock.advance(3 * DAY + 1);
        svc.tick().await.unwrap();
    }
    let messages = svc.pending(1000).await.unwrap().len();
    (svc, messages)
}

fn deliveries(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (svc, messages) = rt.block_on(resolved(dir.path()));
    println!("one round of two programmes leaves {messages} messages");
    // A new service each time: nothing drawn or replayed before is kept, as in a process that just started.
    let fresh = || Service::new(svc.store().clone(), Arc::new(SystemClock), Service::random_seeds());
    c.bench_function("a round's messages built", |b| b.iter(|| rt.block_on(fresh().pending(1000)).unwrap()));
}

criterion_group!(benches, enumeration, random_play, board);
criterion_group! { name = round; config = Criterion::default().sample_size(10); targets = deliveries }
criterion_main!(benches, round);
