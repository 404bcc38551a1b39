//! Playing through the service in tests: games started with their players, the effects written so far, random
//! legal moves and Meridian moves made for whoever is due, refusals in words, and what the thread's last board
//! shows.

use meridian_bot::language::Lang;
use meridian_bot::rules::meridian::Meridian;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::Seat;
use meridian_bot::service::{Answer, Ask, Caller, GameOptions, Payload, Place, Service, ServiceError, Target, User};

/// A service on a fresh store of `db`, its clock stopped at a fixed time, each game's seed counted from 1000.
pub async fn service(db: &super::databases::TestDb) -> Service {
    service_on(db, &meridian_bot::clock::FakeClock::at(1_700_000_000_000)).await
}

/// [`service`], on `clock`.
pub async fn service_on(db: &super::databases::TestDb, clock: &meridian_bot::clock::FakeClock) -> Service {
    let next = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(1000));
    Service::new(
        db.open().await,
        std::sync::Arc::new(clock.clone()),
        std::sync::Arc::new(move || next.fetch_add(1, std::sync::atomic::Ordering::SeqCst)),
    )
}

/// Every effect written so far, marked delivered.
pub async fn drain(svc: &Service) -> Vec<Payload> {
    let mut all = Vec::new();
    loop {
        let batch = svc.pending(100).await.unwrap();
        if batch.is_empty() {
            return all;
        }
        for p in &batch {
            svc.delivered(p.outbox_id).await.unwrap();
        }
        all.extend(batch);
    }
}

/// User `id`, named `u{id}`.
pub fn user(id: i64) -> User {
    User { id, name: format!("u{id}") }
}

/// A game of `players` (`u{id}`; the first hosts) opened at `place` and started, its thread `10_000 + id`.
pub async fn started<O: GameOptions>(svc: &Service, place: Place, options: O, players: &[i64]) -> i64 {
    let id = svc.open_lobby(place, &user(players[0]), options, &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    for &p in &players[1..] {
        svc.join(id, &user(p)).await.unwrap();
    }
    svc.start(id, players[0]).await.unwrap();
    id
}

/// Plays a legal move of `seat` (of the first seat due when `None`) chosen by `chooser`; returns who played, or
/// `None` once nobody is due.
pub async fn play_random(svc: &Service, id: i64, seat: Option<Seat>, chooser: &mut Shuffler) -> Option<i64> {
    let table = svc.game(id).await.unwrap();
    let seat = seat.or_else(|| table.due().iter().next())?;
    let legal = table.game().legal(seat);
    let mv = legal[chooser.below(legal.len() as u64) as usize].clone();
    let who = table.seats()[usize::from(seat)].user_id;
    svc.act(id, who, table.row().version, &mv, None).await.unwrap();
    Some(who)
}

/// The refusal of a request that must fail, in English.
pub fn refused<T>(r: Result<T, ServiceError>) -> String {
    r.err().expect("refused").to_string()
}

/// Plays `count` moves of a Meridian game (fewer if it ends), each a legal move of whoever is due picked by the
/// game's version: not always the first (a pass), so that the game scores and its chart moves.
pub async fn play_meridian(svc: &Service, id: i64, count: i64) {
    for _ in 0..count {
        let table = svc.game(id).await.unwrap();
        let Some(seat) = table.due().iter().next() else { return };
        let user = table.seat_row(seat).unwrap().user_id;
        let moves = svc.legal_moves::<Meridian>(id, user).await.unwrap();
        let pick = moves[(table.row().version as usize * 7) % moves.len()];
        svc.act(id, user, table.row().version, &pick, None).await.unwrap();
    }
}

/// Plays one move of `user` through the menus as the fronts do (a step a choice, the whole move previewed, then
/// Confirm), choosing with `pick` among each menu's options; every step loads the game exactly once.
pub async fn play_by_menus(svc: &Service, id: i64, user: i64, mut pick: impl FnMut(usize) -> usize) {
    let caller = Caller { game: id, user, lang: Lang::En, interaction: None };
    let mut path: Vec<String> = Vec::new();
    loop {
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        let loads = svc.games_loaded();
        let answer = svc.step(&caller, Ask::Menus { seen: None, path: &refs }).await.unwrap();
        assert_eq!(svc.games_loaded(), loads + 1, "a step loads its game once");
        match answer {
            Answer::Menu(menu) => {
                assert!(!menu.options.is_empty() && menu.options.len() <= 25, "{:?}", menu.prompt);
                path.push(menu.options[pick(menu.options.len())].value.clone())
            }
            Answer::Preview { version, .. } => {
                let played = svc.step(&caller, Ask::Confirm { seen: version, path: &refs }).await.unwrap();
                assert_eq!(svc.games_loaded(), loads + 2, "Confirm loads its game once");
                assert!(matches!(played, Answer::Played(_)), "{played:?}");
                return;
            }
            other => panic!("a menu or a preview, not {other:?}"),
        }
    }
}

/// The last board posted in the thread among `payloads`.
pub fn last_board(payloads: &[Payload]) -> &[u8] {
    let thread = payloads.iter().rev().filter(|p| matches!(p.target, Target::Thread(_)));
    let board = thread.flat_map(|p| &p.files).find(|(name, _)| name == "board.png");
    &board.expect("a board posted in the thread").1.image
}

/// The moves of the last turn among the `reports` of a game's moves, as the thread's board points them out: the
/// last seat's moves at their end.
pub fn last_turn<R>(reports: &[R], seat: impl Fn(&R) -> Seat) -> Vec<&R> {
    let Some(last) = reports.last().map(&seat) else { return Vec::new() };
    let from = reports.iter().rposition(|r| seat(r) != last).map_or(0, |i| i + 1);
    reports[from..].iter().collect()
}
