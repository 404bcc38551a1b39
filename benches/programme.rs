//! The deliveries of one round of Dragon Delta (issue 25): two players lay their 5-card programmes and the round
//! resolves, choices taken by time-outs; then every message it left in the outbox is built, pictures drawn and
//! encoded, as the courier builds them before sending (`Service::pending` builds each one and sends nothing, so every
//! iteration builds the same messages, each with a new service that has kept nothing). On a SQLite file. Run:
//! `cargo bench --bench programme`.

use criterion::{criterion_group, criterion_main, Criterion};
use meridian_bot::clock::{FakeClock, SystemClock};
use meridian_bot::rules::dragon_delta::card::Card;
use meridian_bot::rules::dragon_delta::{Action, DragonDelta};
use meridian_bot::service::games::dragon_delta::Options;
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::Store;
use std::sync::Arc;

use meridian_bot::clock::DAY;

/// A game whose first round has resolved, every message before its first programme delivered; and the number of
/// messages the round left.
async fn resolved(dir: &std::path::Path) -> (Service, usize) {
    let store = Store::open(&format!("sqlite://{}", dir.join("games.db").display())).await.unwrap();
    let clock = FakeClock::at(1_700_000_000_000);
    let svc = Service::new(store, Arc::new(clock.clone()), Arc::new(|| 5));
    let place = Place { guild_id: Some(7), channel_id: 100 };
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
    svc.act(id, 1, table.row.version, &programme, None).await.unwrap();
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

criterion_group! { name = benches; config = Criterion::default().sample_size(10); targets = deliveries }
criterion_main!(benches);
