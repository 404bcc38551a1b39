//! The service on real SQLite files: whole games, restarts, concurrency, duplicate interactions, the outbox across
//! a restart, bad databases, and bad requests that change nothing.

use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::ratings::{Ledger, Model, Rated, Shown};
use meridian_bot::rules::meridian::{Meridian, Move, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::{Game, Viewer};
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::game::Kind;
use meridian_bot::service::ratings::Period;
use meridian_bot::service::{
    Answer, Ask, Caller, Invitation, Outcome, Place, Service, ServiceError, Target, Typed, User,
};
use meridian_bot::store::{Backend, Status, Store, StoreError};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::support::databases;
use crate::support::decoded::{gif_frames, png_colours, png_size};
use crate::support::playing::{last_board, last_turn, play_by_menus};
use crate::support::{en, en_names};
use databases::{each_backend, TestDb};
use meridian_bot::pictures::meridian as pictures;
use meridian_bot::pictures::{Palette, Reader};

const CHANNEL: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };

fn user(id: i64, name: &str) -> User {
    User { id, name: name.into() }
}

fn url(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("games.db").display())
}

/// A service on `db` whose games are seeded 1000, 1001, …
async fn service(db: &TestDb) -> Service {
    service_at(db, FakeClock::at(1_700_000_000_000)).await
}

/// A service on `db` whose games are seeded 1000, 1001, … and whose time is `clock`.
async fn service_at(db: &TestDb, clock: FakeClock) -> Service {
    let store = db.open().await;
    let next = Arc::new(AtomicU64::new(1000));
    Service::new(store, Arc::new(clock), Arc::new(move || next.fetch_add(1, Ordering::SeqCst)))
}

/// Runs `test` on each backend, with a service of its own and a started game of `players` in it.
async fn each_started(players: usize, test: impl AsyncFn(Service, i64)) {
    let test = &test;
    each_backend(|db| async move {
        let svc = service(&db).await;
        let id = started(&svc, players).await;
        test(svc, id).await;
    })
    .await;
}

/// A started game of `n` players (ids 1..=n).
async fn started(svc: &Service, n: usize) -> i64 {
    let names = ["ana", "ben", "cy", "dee"];
    let id = svc.open_lobby(CHANNEL, &user(1, names[0]), Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    for (i, name) in names.iter().enumerate().take(n).skip(1) {
        svc.join(id, &user(i as i64 + 1, name)).await.unwrap();
    }
    svc.start(id, 1).await.unwrap();
    id
}

/// Plays up to `count` random legal moves (choices from `chooser`), each as its own interaction.
async fn play(svc: &Service, id: i64, count: usize, chooser: &mut Shuffler, interaction: &mut i64) {
    for _ in 0..count {
        let table = svc.game(id).await.unwrap();
        let Some(seat) = meridian(&table).to_move() else { return };
        if table.row().status != Status::Active {
            return;
        }
        let user_id = table.seats()[usize::from(seat)].user_id;
        let legal = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, user_id).await.unwrap();
        let mv = legal[chooser.below(legal.len() as u64) as usize];
        *interaction += 1;
        let acted = svc.act(id, user_id, table.row().version, &mv, Some(*interaction)).await.unwrap();
        assert!(!acted.duplicate);
        assert!(!en(&acted.text).is_empty());
    }
}

fn view_json(game: &Meridian) -> serde_json::Value {
    serde_json::to_value(game.view(Viewer::Public)).unwrap()
}

#[tokio::test]
async fn a_whole_game_through_the_service_and_its_export() {
    each_started(3, async |svc, id| {
        svc.set_thread(id, 555, 554).await.unwrap();
        assert!(matches!(svc.export(id).await, Err(ServiceError::ExportTooEarly(_))), "decks are secret mid-game");
        play(&svc, id, 1000, &mut Shuffler::new(1), &mut 0).await;
        let table = svc.game(id).await.unwrap();
        assert_eq!(table.row().status, Status::Finished);
        assert_eq!(table.row().version, 39);
        assert_eq!(meridian(&table).to_move(), None);

        let record: Record = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
        assert!(record.decks.is_some() && record.seed.is_none());
        assert_eq!(record.moves.len(), 39);
        let mut reports = Vec::new();
        let end = record.replay_with(|_, played| reports.push(played.clone())).unwrap();
        assert_eq!(&end, meridian(&table), "the export replays to the same game");
        assert_eq!(svc.audit().await.unwrap(), Vec::<i64>::new(), "snapshots agree with the log");

        // Effects: start (board + 3 hands), then per move its player's menus retired (their notes still wait) and a
        // board but for the last, a hand per move but the last, the one post of the result in the thread and the
        // result to each player, the lobby's message told; the thread is archived once all of them are out.
        let mut pending = svc.pending(1000).await.unwrap();
        assert_eq!(pending.len(), 4 + 39 + 38 + 38 + 1 + 3 + 1 + 1);
        // The last board posted is the board drawn from the public view, the last move pointed out.
        let turn = last_turn(&reports, |played| played.seat);
        let scene = pictures::board(&end.view(Viewer::Public), &table.names(), &turn, Reader::standard(Lang::En));
        let drawn = render::meridian::board_png(&scene, &Lang::En);
        assert!(last_board(&pending) == drawn, "the board posted is the public view's");
        let archive = pending.pop().unwrap();
        assert_eq!(archive.target, Target::Archive(555));
        assert!(archive.text.is_empty() && archive.files.is_empty());
        let (last, rest) = pending.split_last().unwrap();
        for p in rest {
            svc.delivered(p.outbox_id).await.unwrap();
        }
        let due = svc.claim(10, 10, &[]).await.unwrap();
        assert_eq!(
            due.iter().map(|r| r.id).collect::<Vec<_>>(),
            [last.outbox_id],
            "not archived while a post is to come"
        );
        let next = svc.settle(&due[0], &Outcome::Delivered).await.unwrap();
        assert_eq!(next.map(|r| r.id), Some(archive.outbox_id), "archived once it is out");
        // One post ends the game in the thread: the last move, the result, the ratings, with the last board and the
        // result's picture. Each player is told the result; the lobby's message says it.
        let result = &pending[pending.len() - 5];
        let (moved, scores) = result.text.split_once(". The game is over.\n").expect("the last move, then the result");
        assert!(!moved.is_empty() && scores.starts_with("Final scores:"), "{}", result.text);
        let pictures: Vec<&str> = result.files.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(
            (&result.target, &pictures[..]),
            (&Target::Thread(555), &["board.png", "result.png", "game.gif"][..])
        );
        for dm in &pending[pending.len() - 4..pending.len() - 1] {
            let said = format!("**Meridian #{id}** is over. {scores}");
            assert!(matches!(dm.target, Target::Direct(_)) && dm.text == said, "{}", dm.text);
        }
        let lobby = pending.last().unwrap();
        assert!(lobby.text.starts_with(&format!("**Meridian #{id}** is over. {scores}\n")), "{}", lobby.text);
        let winners: Vec<String> =
            table.names().into_iter().filter(|n| result.text.contains(&format!("Winner: {n}"))).collect();
        let mut won = 0;
        let kind = Kind::named("meridian").unwrap();
        for seat in table.seats() {
            let profile = svc.profile(CHANNEL.guild_id, kind, Rated::Person(seat.user_id)).await.unwrap();
            assert_eq!(profile.games, 1);
            won += profile.wins;
            assert!(result.text.contains(&format!("{} 1500 → ", seat.name)), "{}", result.text);
        }
        assert_eq!(won, winners.len());
        assert!(!winners.is_empty());
        let elsewhere = svc.profile(Some(999), kind, Rated::Person(table.seats()[0].user_id)).await.unwrap();
        assert_eq!((elsewhere.games, elsewhere.rating), (0, None), "another server");
        assert!(result.files[0].1.image.starts_with(b"\x89PNG"));
        for p in &pending[..pending.len() - 4] {
            if let Target::Direct(user_id) = p.target {
                assert!((1..=3).contains(&user_id));
                assert_eq!(p.files[0].0, "hand.png");
                assert_eq!(png_size(&p.files[0].1.image), (900, 460), "a hand");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_restart_mid_game_loses_nothing() {
    each_backend(|a| async move {
        // Two databases, same seeds and choices: one is closed and reopened halfway, the other plays through.
        let b = TestDb::new(a.backend).await;
        let steady = service(&a).await;
        let id = started(&steady, 4).await;
        play(&steady, id, 1000, &mut Shuffler::new(9), &mut 0).await;

        let first = service(&b).await;
        let id_b = started(&first, 4).await;
        let mut chooser = Shuffler::new(9);
        let mut interaction = 0;
        play(&first, id_b, 25, &mut chooser, &mut interaction).await;
        first.store().close().await;
        drop(first);
        let second = service(&b).await;
        assert_eq!(second.game(id_b).await.unwrap().row().version, 25);
        play(&second, id_b, 1000, &mut chooser, &mut interaction).await;

        let (x, y) = (steady.game(id).await.unwrap(), second.game(id_b).await.unwrap());
        assert_eq!(y.row().status, Status::Finished);
        assert_eq!(view_json(meridian(&x)), view_json(meridian(&y)));
        assert_eq!(steady.export(id).await.unwrap().json, second.export(id_b).await.unwrap().json);
    })
    .await;
}

#[tokio::test]
async fn two_moves_on_the_same_version_apply_once() {
    each_backend(|dir| async move {
        let svc = Arc::new(service(&dir).await);
        let id = started(&svc, 2).await;
        let table = svc.game(id).await.unwrap();
        let user_id = table.seats()[0].user_id;
        let legal = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, user_id).await.unwrap();
        let (m1, m2) = (legal[1], legal[legal.len() - 1]);
        let (s1, s2) = (svc.clone(), svc.clone());
        let t1 = tokio::spawn(async move { s1.act(id, user_id, 0, &m1, Some(1)).await });
        let t2 = tokio::spawn(async move { s2.act(id, user_id, 0, &m2, Some(2)).await });
        let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
        assert_eq!([r1.is_ok(), r2.is_ok()].iter().filter(|&&ok| ok).count(), 1, "{r1:?} {r2:?}");
        let refused = if r1.is_ok() { r2 } else { r1 };
        assert!(matches!(refused, Err(ServiceError::MovedOn { seen: 0, now: 1, .. })), "{refused:?}");
        assert_eq!(svc.game(id).await.unwrap().row().version, 1);
    })
    .await;
}

#[tokio::test]
async fn the_same_interaction_twice_plays_once() {
    each_started(2, async |svc, id| {
        let user_id = svc.game(id).await.unwrap().seats()[0].user_id;
        let mv = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, user_id).await.unwrap()[5];
        let first = svc.act(id, user_id, 0, &mv, Some(42)).await.unwrap();
        let again = svc.act(id, user_id, 0, &mv, Some(42)).await.unwrap();
        assert!(!first.duplicate && again.duplicate);
        assert_eq!(again.version, 1);
        assert_eq!(svc.game(id).await.unwrap().row().version, 1);
        // The start's board and notes, then the move's: its player's menus retired (their note still waits), the
        // board and the next note; once.
        assert_eq!(svc.pending(100).await.unwrap().len(), 3 + 3, "no second set of effects");
    })
    .await;
}

/// Discord's `enforce_nonce`: a message sent again with the same nonce is the same message.
#[derive(Default)]
struct Channel {
    visible: HashMap<String, (Target, String)>,
    sends: usize,
}

impl Channel {
    fn send(&mut self, p: &meridian_bot::service::Payload) {
        self.sends += 1;
        self.visible.entry(p.nonce.clone()).or_insert((p.target.clone(), p.text.clone()));
    }
}

#[tokio::test]
async fn the_outbox_is_delivered_once_across_a_crash_and_restart() {
    each_backend(|dir| async move {
        let mut channel = Channel::default();
        let svc = service(&dir).await;
        let id = started(&svc, 3).await;
        play(&svc, id, 6, &mut Shuffler::new(3), &mut 0).await;
        let pending = svc.pending(100).await.unwrap();
        // The start's board and notes; then a move's: its player's menus retired (their note still waits), the board
        // and the next note.
        assert_eq!(pending.len(), 4 + 6 * 3);
        for p in &pending[..5] {
            channel.send(p);
            svc.delivered(p.outbox_id).await.unwrap();
        }
        // The bot dies after sending the sixth but before marking it.
        channel.send(&pending[5]);
        svc.store().close().await;
        drop(svc);

        let svc = service(&dir).await;
        let again = svc.pending(100).await.unwrap();
        assert_eq!(again.len(), pending.len() - 5, "delivered effects are not sent again");
        assert_eq!(again[0].nonce, pending[5].nonce);
        for p in &again {
            channel.send(p);
            svc.delivered(p.outbox_id).await.unwrap();
        }
        assert!(svc.pending(100).await.unwrap().is_empty());
        assert_eq!(channel.sends, pending.len() + 1, "one effect was sent twice…");
        assert_eq!(channel.visible.len(), pending.len(), "…and seen once");
    })
    .await;
}

#[tokio::test]
async fn bad_requests_change_nothing() {
    each_started(3, async |svc, id| {
        play(&svc, id, 2, &mut Shuffler::new(5), &mut 0).await;
        let before = svc.game(id).await.unwrap();
        let effects = svc.pending(1000).await.unwrap().len();
        let due = meridian(&before).to_move().unwrap();
        let due_user = before.seats()[usize::from(due)].user_id;
        let other_user = before.seats()[usize::from((due + 1) % 3)].user_id;
        let legal = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, due_user).await.unwrap();
        assert!(svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, other_user).await.unwrap().is_empty());
        let face_up = meridian(&before).players()[usize::from(due)].face_up[0];
        let illegal = Move { card: face_up, meridian: Some(11), take_back: None, place: None };

        let errors = [
            svc.act(99, due_user, 2, &legal[0], None).await.unwrap_err(),
            svc.act(id, 77, 2, &legal[0], None).await.unwrap_err(),
            svc.act(id, other_user, 2, &legal[0], None).await.unwrap_err(),
            svc.act(id, due_user, 1, &legal[0], None).await.unwrap_err(),
            svc.act(id, due_user, 2, &illegal, None).await.unwrap_err(),
        ];
        assert!(matches!(errors[0], ServiceError::NoSuchGame(99)));
        assert!(matches!(errors[1], ServiceError::NotSeated(_)));
        assert!(matches!(&errors[2], ServiceError::NotYourTurn(name) if en_names(name.clone()) == before.names()[usize::from(due)]));
        assert!(matches!(errors[3], ServiceError::MovedOn { seen: 1, now: 2, .. }));
        // The rule, then what the card allows now (its meridians, or only its discard).
        let refused = errors[4].to_string();
        let rule = format!("That move is not allowed: card: {face_up} does not allow meridian 11. Card {face_up} can ");
        assert!(refused.starts_with(&rule), "{refused}");
        for e in &errors {
            assert!(!e.is_internal());
        }
        let after = svc.game(id).await.unwrap();
        assert_eq!(after.row().version, before.row().version);
        assert_eq!(meridian(&after), meridian(&before));
        assert_eq!(svc.pending(1000).await.unwrap().len(), effects);

        svc.abandon(id, 1, None).await.unwrap();
        assert!(matches!(svc.act(id, due_user, 2, &legal[0], None).await, Err(ServiceError::GameOver(_))));
        // Said in the game's thread, which is then archived.
        let pending = svc.pending(1000).await.unwrap();
        // Then the players' menus go (their notes still wait), and the lobby's message says it.
        let [.., said, _menus, _invitation, lobby, archived] = &pending[..] else { panic!("{pending:?}") };
        assert_eq!(said.text, format!("Game #{id} was abandoned. Nobody wins."));
        assert_eq!((&said.target, &archived.target), (&Target::Thread(10_000 + id), &Target::Archive(10_000 + id)));
        let link = format!("https://discord.com/channels/7/{}", 10_000 + id);
        assert_eq!(lobby.text, format!("**Meridian #{id}** was abandoned. Nobody wins.\n{link}"));
        assert_eq!(lobby.target, Target::Edit(vec![(CHANNEL.channel_id, 20_000 + id)]));
    })
    .await;
}

#[tokio::test]
async fn lobby_rules() {
    each_backend(|dir| async move {
        let svc = service(&dir).await;
        let id = svc.open_lobby(CHANNEL, &user(1, "ana"), Options::default(), &[], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        assert!(matches!(svc.start(id, 1).await, Err(ServiceError::PlayerCount { have: 1, .. })));
        assert!(matches!(svc.join(id, &user(1, "ana")).await, Err(ServiceError::AlreadySeated(_))));
        for i in 2..=4 {
            svc.join(id, &user(i, "x")).await.unwrap();
        }
        assert!(matches!(svc.join(id, &user(5, "e")).await, Err(ServiceError::LobbyFull { max: 4, .. })));
        assert!(matches!(svc.leave(id, 1).await, Err(ServiceError::HostCannotLeave)));
        assert_eq!(svc.leave(id, 4).await.unwrap().seated.len(), 3);
        assert!(matches!(svc.start(id, 2).await, Err(ServiceError::NotHost(_))));
        assert!(matches!(svc.game(id).await, Err(ServiceError::NotStarted(_))));
        assert!(svc.start(id, 1).await.unwrap().started);
        let table = svc.game(id).await.unwrap();
        assert_eq!(meridian(&table).board().rows(), 4, "3 players: the 4-city side");
        assert!(matches!(svc.join(id, &user(9, "late")).await, Err(ServiceError::AlreadyStarted(_))));
        assert_eq!(
            svc.games_of(2, CHANNEL.guild_id).await.unwrap()[0].to_move.clone().map(en_names),
            Some(table.names()[0].clone())
        );
        assert_eq!(svc.games_in_channel(100).await.unwrap().len(), 1);

        let five_rows = Options {
            board: Some(meridian_bot::rules::meridian::record::BoardSpec::Name("standard-5".into())),
            ..Options::default()
        };
        let odd = svc.open_lobby(CHANNEL, &user(1, "ana"), five_rows, &[], &[]).await.unwrap();
        svc.set_thread(odd, 10_000 + odd, 20_000 + odd).await.unwrap();
        svc.join(odd, &user(2, "ben")).await.unwrap();
        svc.join(odd, &user(3, "cy")).await.unwrap();
        let refused = svc.start(odd, 1).await.unwrap_err();
        assert!(refused.to_string().contains("does not suit 3 players"), "{refused}");
        let bad = Options {
            board: Some(meridian_bot::rules::meridian::record::BoardSpec::Name("round".into())),
            ..Options::default()
        };
        assert!(matches!(svc.open_lobby(CHANNEL, &user(1, "ana"), bad, &[], &[]).await, Err(ServiceError::Setup(_))));
    })
    .await;
}

#[tokio::test]
async fn resigned_players_pass_and_cannot_win() {
    each_started(3, async |svc, id| {
        let table = svc.game(id).await.unwrap();
        let quitter = table.seats()[1].user_id;
        svc.resign(id, quitter).await.unwrap();
        play(&svc, id, 1000, &mut Shuffler::new(8), &mut 0).await;
        let end = svc.game(id).await.unwrap();
        assert_eq!(end.row().status, Status::Finished);
        assert!(meridian(&end).players()[1].discards.len() == 13, "every turn of the resigned seat passed");
        assert_eq!(meridian(&end).players()[1].reserve, 20);
        let pending = svc.pending(1000).await.unwrap();
        let result = pending.iter().rev().find(|p| matches!(p.target, Target::Thread(_))).unwrap();
        assert!(!result.text.contains(&format!("Winner: {}", end.names()[1])), "{}", result.text);
        let kind = Kind::named("meridian").unwrap();
        let profile = svc.profile(CHANNEL.guild_id, kind, Rated::Person(quitter)).await.unwrap();
        assert_eq!((profile.games, profile.wins), (1, 0), "a resignation is a rated loss");
        assert_eq!(profile.recent[0].place, 3, "behind both who played on");

        // Two players: resigning ends the game for the other.
        let id = started(&svc, 2).await;
        let table = svc.game(id).await.unwrap();
        let acted = svc.resign(id, table.seats()[0].user_id).await.unwrap();
        assert!(acted.finished);
        let pending = svc.pending(1000).await.unwrap();
        let result = pending.iter().rev().find(|p| matches!(p.target, Target::Thread(_))).unwrap();
        assert!(result.text.contains(&format!("Winner: {}.\nRatings: ", table.names()[1])), "{}", result.text);
    })
    .await;
}

#[tokio::test]
async fn a_file_that_is_not_a_database_or_from_a_newer_bot_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.db"), b"these are not the pages you are looking for".repeat(200)).unwrap();
    match Store::open(&url(dir.path())).await {
        Err(e @ StoreError::NotADatabase(_)) => assert!(e.to_string().contains("is not a SQLite database")),
        other => panic!("{other:?}"),
    }

    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&url(dir.path())).await.unwrap();
    let mut tx = store.write().await.unwrap();
    meridian_bot::on!(tx, c => sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9999, 'from the future', TRUE, x'00', 0)",
    )
    .execute(c)
    .await
    .unwrap().rows_affected());
    tx.commit().await.unwrap();
    store.close().await;
    match Store::open(&url(dir.path())).await {
        Err(e @ StoreError::NewerSchema(9999)) => assert!(e.to_string().contains("newer version")),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn effects_tell_the_thread_and_the_next_player() {
    each_started(2, async |svc, id| {
        svc.set_thread(id, 555, 554).await.unwrap();
        assert_eq!(svc.game_in_thread(555).await.unwrap(), Some(id));
        let table = svc.game(id).await.unwrap();
        let mv =
            svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, table.seats()[0].user_id).await.unwrap()[0];
        svc.act(id, table.seats()[0].user_id, 0, &mv, None).await.unwrap();
        let pending = svc.pending(100).await.unwrap();
        let last_two = &pending[pending.len() - 2..];
        assert_eq!(last_two[0].target, Target::Thread(555));
        assert!(last_two[0].text.starts_with(&format!("{} passed", table.names()[0])), "{}", last_two[0].text);
        assert_eq!(last_two[1].target, Target::Direct(table.seats()[1].user_id));
        assert!(
            last_two[1].text.starts_with(&format!("**Meridian #{id}**: your turn (turn 2).\n")),
            "{}",
            last_two[1].text
        );
    })
    .await;
}

#[tokio::test]
async fn a_failed_delivery_waits_longer_each_time_and_holds_back_its_game() {
    each_backend(|dir| async move {
        let clock = FakeClock::at(1_000_000);
        let store = dir.open().await;
        let svc = Service::new(store, Arc::new(clock.clone()), Arc::new(|| 5));
        started(&svc, 2).await;
        let first = svc.claim(5, 5, &[]).await.unwrap();
        assert_eq!(first.len(), 1, "one game: only its first effect is due");
        let first = &first[0];
        assert_eq!(first.attempts, 1, "the try is counted when claimed");
        assert!(svc.claim(5, 5, &[]).await.unwrap().is_empty(), "claimed, and the game's later effects wait for it");
        svc.settle(first, &Outcome::Retry("Discord is down".into())).await.unwrap();
        assert!(svc.claim(5, 5, &[]).await.unwrap().is_empty(), "not retried at once");
        clock.advance(5_000);
        let again = svc.claim(5, 5, &[]).await.unwrap();
        assert_eq!((again[0].id, again[0].attempts), (first.id, 2), "retried after 5 s");
        svc.settle(&again[0], &Outcome::Retry("still down".into())).await.unwrap();
        clock.advance(5_000);
        assert!(svc.claim(5, 5, &[]).await.unwrap().is_empty(), "the second wait is longer");
        clock.advance(5_000);
        let third = svc.claim(5, 5, &[]).await.unwrap().remove(0);
        assert_eq!(third.id, first.id);
        // Delivered at last: the game's next effect is claimed with it, in order.
        let next = svc.settle(&third, &Outcome::Delivered).await.unwrap().expect("the next effect");
        assert_eq!(next.id, first.id + 1);
        assert_eq!(next.attempts, 1);
        // Refused for good: given up at once, and the game goes on.
        let then = svc.settle(&next, &Outcome::Delivered).await.unwrap().expect("the last effect");
        assert!(svc.settle(&then, &Outcome::GiveUp("Missing Access".into())).await.unwrap().is_none());
        assert!(svc.claim(5, 5, &[]).await.unwrap().is_empty());
        assert!(svc.pending(100).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn the_your_turn_note_tells_what_happened_since_the_last_turn() {
    each_started(3, async |svc, id| {
        play(&svc, id, 4, &mut Shuffler::new(4), &mut 0).await;
        let table = svc.game(id).await.unwrap();
        let next = meridian(&table).to_move().unwrap();
        let log = svc.log(id, 100).await.unwrap();
        assert_eq!(log.len(), 4);
        let mut pending = svc.pending(1000).await.unwrap();
        let note = pending.pop().unwrap();
        assert_eq!(note.target, Target::Direct(table.seats()[usize::from(next)].user_id));
        // Seat `next` last played move 2 (moves 1..=4 went seat 0, 1, 2, 0): since then, moves 3 and 4.
        let expected: Vec<String> = log[2..].iter().map(|l| format!("• {}", en(l))).collect();
        let (head, tail) = note.text.split_once("\nSince your last turn:\n").expect("a catch-up");
        // The head line (this server's name unknown to the service alone), the deadline and the thread.
        let due = (1_700_000_000_000_i64 + 3 * 24 * 3_600_000) / 1000;
        let link = format!("https://discord.com/channels/7/{}", 10_000 + id);
        let said = format!("**Meridian #{id}**: your turn (turn 5).\nDue <t:{due}:F> (<t:{due}:R>).\n{link}");
        assert_eq!(head, said);
        assert_eq!(tail.lines().collect::<Vec<_>>(), expected);
        let names: Vec<&str> = note.files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["hand.png", "catch-up.gif"]);
        // Two other players' moves: the boards the thread showed since the player's own move, animated.
        let thread = pending.iter().filter(|p| matches!(p.target, Target::Thread(_)));
        let boards: Vec<&[u8]> =
            thread.flat_map(|p| &p.files).filter(|(n, _)| n == "board.png").map(|(_, b)| b.image.as_slice()).collect();
        assert_eq!(boards.len(), 5, "the set-up and four moves");
        let (frames, _) = gif_frames(&note.files[1].1.image);
        assert_eq!(frames.len(), 3);
        assert!(
            frames.iter().zip(&boards[2..]).all(|(f, b)| *f == png_colours(b)),
            "moves 2 to 4, as the thread showed them"
        );
        assert!(note.files[1]
            .1
            .alt
            .starts_with("An animation of 3 boards, from move 2 to move 4. The last: Meridian, move 5: "));
    })
    .await;
}

#[tokio::test]
async fn a_game_is_found_only_from_its_own_server_and_abandoned_only_from_its_own_channel() {
    each_started(2, async |svc, id| {
        svc.set_thread(id, 555, 554).await.unwrap();
        // Ids are per server: from another server, or in the DMs of someone not playing, it does not exist.
        assert_eq!(svc.find(id, Some(7), 99).await.unwrap(), id);
        assert!(matches!(svc.find(id, Some(8), 1).await, Err(ServiceError::NoSuchGame(g)) if g == id));
        assert!(matches!(svc.find(id, None, 99).await, Err(ServiceError::NoSuchGame(_))));
        assert_eq!(svc.find(id, None, 2).await.unwrap(), id, "a player finds their game from their DMs");
        assert!(matches!(svc.find(404, Some(7), 1).await, Err(ServiceError::NoSuchGame(404))));

        // Managing threads elsewhere (another server, another channel) is no right over this game.
        let moderator = 50;
        for elsewhere in [
            Place { guild_id: Some(8), channel_id: 100, lang: Lang::En },
            Place { guild_id: Some(7), channel_id: 200, lang: Lang::En },
        ] {
            let refused = svc.abandon(id, moderator, Some(elsewhere)).await.unwrap_err();
            assert!(matches!(refused, ServiceError::NotHostOrModerator(_)), "{refused}");
        }
        assert!(matches!(svc.abandon(id, moderator, None).await, Err(ServiceError::NotHostOrModerator(_))));
        assert_eq!(svc.game(id).await.unwrap().row().status, Status::Active);
        // In the game's own thread (or channel) a moderator may.
        svc.abandon(id, moderator, Some(Place { guild_id: Some(7), channel_id: 555, lang: Lang::En })).await.unwrap();
        assert_eq!(svc.game(id).await.unwrap().row().status, Status::Abandoned);
        let other = started(&svc, 2).await;
        svc.abandon(other, moderator, Some(CHANNEL)).await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn named_players_are_invited_and_nobody_can_be_flooded() {
    each_backend(|dir| async move {
        let svc = service(&dir).await;
        let (ana, ben, cy) = (user(1, "ana"), user(2, "ben"), user(3, "cy"));
        let id = svc.open_lobby(CHANNEL, &ana, Options::default(), &[ben.clone(), cy.clone()], &[]).await.unwrap();
        svc.set_thread(id, 555, 554).await.unwrap();
        // One post in the thread mentions the invited players, with Join and Decline.
        let invite = svc.pending(10).await.unwrap().pop().unwrap();
        assert!(invite.invitation == Some(Invitation::Game) && invite.mentions == [2, 3], "{invite:?}");
        assert_eq!(invite.target, Target::Thread(555));
        // Seats are kept for them: a stranger may take the fourth seat, not a fifth.
        let lobby = svc.join(id, &user(4, "dee")).await.unwrap();
        assert_eq!((lobby.seated.len(), lobby.invited.len()), (2, 2));
        assert!(matches!(svc.join(id, &user(5, "eve")).await, Err(ServiceError::LobbyFull { .. })));
        assert!(matches!(svc.decline(id, &user(4, "dee")).await, Err(ServiceError::NotInvited(_))));
        let lobby = svc.decline(id, &cy).await.unwrap();
        assert_eq!(lobby.invited, ["ben"]);
        assert!(!lobby.started);
        // The last invited player joins: everyone invited has answered, but one declined, so the host starts it.
        let lobby = svc.join(id, &ben).await.unwrap();
        assert!(!lobby.started && lobby.invited.is_empty());
        assert!(svc.start(id, 1).await.unwrap().started);

        // When all invited join, the game starts by itself.
        let id = svc.open_lobby(CHANNEL, &ana, Options::default(), &[ben.clone(), cy.clone()], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        assert!(!svc.join(id, &cy).await.unwrap().started);
        let lobby = svc.join(id, &ben).await.unwrap();
        assert!(lobby.started && lobby.seated.len() == 3, "{lobby:?}");
        assert_eq!(svc.game(id).await.unwrap().row().status, Status::Active);

        // Declining, then joining after all, counts as joining.
        let id = svc.open_lobby(CHANNEL, &ana, Options::default(), &[ben.clone(), cy.clone()], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        svc.decline(id, &cy).await.unwrap();
        assert!(!svc.join(id, &ben).await.unwrap().started, "cy said no");
        assert!(svc.join(id, &cy).await.unwrap().started, "cy changed their mind: everyone invited has joined");

        // Ten open lobbies per host per server; ten invitations waiting per player per server.
        let mut open = 0;
        while svc.open_lobby(CHANNEL, &ana, Options::default(), &[], &[]).await.is_ok() {
            open += 1;
        }
        assert_eq!(open, meridian_bot::service::MAX_OPEN_LOBBIES, "both earlier games started: none was open");
        let refused = svc.open_lobby(CHANNEL, &ana, Options::default(), &[], &[]).await.unwrap_err();
        assert_eq!(refused.to_string(), "You have 10 lobbies open on this server already: start or abandon one first.");
        let elsewhere = Place { guild_id: Some(8), channel_id: 300, lang: Lang::En };
        svc.open_lobby(elsewhere, &ana, Options::default(), &[], &[]).await.unwrap();
        for host in 100..110 {
            svc.open_lobby(CHANNEL, &user(host, "h"), Options::default(), std::slice::from_ref(&cy), &[])
                .await
                .unwrap();
        }
        let refused = svc
            .open_lobby(CHANNEL, &user(110, "h"), Options::default(), std::slice::from_ref(&cy), &[])
            .await
            .unwrap_err();
        assert_eq!(
            refused.to_string(),
            "cy has 10 invitations waiting on this server already; they can answer those first."
        );
    })
    .await;
}

#[tokio::test]
async fn ratings_and_lists_count_every_game() {
    each_backend(|dir| async move {
        let svc = service(&dir).await;
        // 205 finished games (the second player resigns each, so ana wins them all), and one on another server.
        for _ in 0..205 {
            let id = started(&svc, 2).await;
            svc.resign(id, 2).await.unwrap();
        }
        let elsewhere = Place { guild_id: Some(8), channel_id: 300, lang: Lang::En };
        let there = svc.open_lobby(elsewhere, &user(1, "ana"), Options::default(), &[], &[]).await.unwrap();
        svc.set_thread(there, 10_000 + there, 20_000 + there).await.unwrap();
        svc.join(there, &user(2, "ben")).await.unwrap();
        svc.start(there, 1).await.unwrap();
        svc.resign(there, 2).await.unwrap();
        let kind = Kind::named("meridian").unwrap();
        let (ana, ben) = (Rated::Person(1), Rated::Person(2));
        let here = svc.profile(Some(7), kind, ana).await.unwrap();
        assert_eq!((here.games, here.wins), (205, 205));
        assert_eq!(svc.profile(Some(7), kind, ben).await.unwrap().wins, 0);
        assert_eq!(svc.profile(Some(8), kind, ana).await.unwrap().games, 1, "servers do not see each other's games");
        // The ratings are the fold of the games, in order: the same numbers from the pure model.
        let mut ledger = Ledger::default();
        for _ in 0..205 {
            ledger.play(Model::WengLin, &[(ana, 0), (ben, 1)]);
        }
        let expected = |who| Shown::of(&ledger.get(Model::WengLin, who), Model::WengLin);
        let board = svc.leaderboard(Some(7), kind, Period::AllTime, 10, Some(ben)).await.unwrap();
        let lines: Vec<(usize, String, Shown, i64)> =
            board.top.iter().map(|s| (s.rank, s.name.clone(), s.shown, s.games)).collect();
        assert_eq!(lines, vec![(1, "ana".into(), expected(ana), 205), (2, "ben".into(), expected(ben), 205)]);
        assert_eq!(board.own, None, "ben is in the top ten already");
        assert_eq!(here.rating, Some((expected(ana), 1)));
        // The last 30 days hold every game (the clock has not moved): the same board.
        assert_eq!(svc.leaderboard(Some(7), kind, Period::Days(30), 10, Some(ben)).await.unwrap(), board);
        // Computing them all again gives the same numbers.
        assert_eq!(svc.rerate().await.unwrap(), 206);
        assert_eq!(svc.leaderboard(Some(7), kind, Period::AllTime, 10, Some(ben)).await.unwrap(), board);
        assert_eq!(svc.profile(Some(7), kind, ana).await.unwrap(), here);
        // An abandoned game is not rated.
        let abandoned = started(&svc, 2).await;
        svc.abandon(abandoned, 1, None).await.unwrap();
        assert_eq!(svc.profile(Some(7), kind, ana).await.unwrap(), here);
        assert_eq!(svc.rerate().await.unwrap(), 206);
        for _ in 0..3 {
            started(&svc, 2).await;
        }
        assert_eq!(svc.games_of(1, Some(7)).await.unwrap().len(), 3);
        assert_eq!(svc.games_of(1, Some(8)).await.unwrap().len(), 0);
    })
    .await;
}

/// A period's board rates only the period's games, from scratch, and follows the games rated after it was first
/// asked for; `rerate` rates the games finished before ratings existed first and writes every number again.
#[tokio::test]
async fn a_period_rates_its_own_games_and_rerate_rewrites_every_rating() {
    const DAY_MS: i64 = 24 * 60 * 60 * 1000;
    each_backend(|dir| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let svc = service_at(&dir, clock.clone()).await;
        let kind = Kind::named("meridian").unwrap();
        let (ana, ben) = (Rated::Person(1), Rated::Person(2));
        // `loser` resigns a new game of ana and ben.
        let game = |loser: i64| {
            let svc = &svc;
            async move {
                let id = started(svc, 2).await;
                svc.resign(id, loser).await.unwrap();
            }
        };
        let board = |period| {
            let svc = &svc;
            async move {
                let board = svc.leaderboard(Some(7), kind, period, 10, None).await.unwrap();
                board.top.iter().map(|s| (s.name.clone(), s.shown, s.games)).collect::<Vec<_>>()
            }
        };
        // The fold of games won by `winners` in turn, as a board.
        let folded = |winners: &[Rated]| {
            let mut ledger = Ledger::default();
            for &winner in winners {
                let loser = if winner == ana { ben } else { ana };
                ledger.play(Model::WengLin, &[(winner, 0), (loser, 1)]);
            }
            let mut lines: Vec<(String, Shown, i64)> = [(ana, "ana"), (ben, "ben")]
                .iter()
                .map(|&(who, name)| {
                    let rating = ledger.get(Model::WengLin, who);
                    (name.to_string(), Shown::of(&rating, Model::WengLin), rating.games)
                })
                .collect();
            lines.sort_by_key(|(_, shown, _)| std::cmp::Reverse(shown.points));
            lines
        };
        for _ in 0..3 {
            game(2).await;
        }
        clock.advance(40 * DAY_MS);
        game(1).await;
        game(1).await;
        assert_eq!(board(Period::Days(30)).await, folded(&[ben, ben]));
        // Kept, and followed: one game more.
        game(1).await;
        assert_eq!(board(Period::Days(30)).await, folded(&[ben, ben, ben]));
        let all_time = board(Period::AllTime).await;
        assert_eq!(all_time, folded(&[ana, ana, ana, ben, ben, ben]));
        let profile = svc.profile(Some(7), kind, ana).await.unwrap();
        // A month later, the period is empty.
        clock.advance(31 * DAY_MS);
        assert_eq!(board(Period::Days(30)).await, []);

        // The first two games as if finished before ratings existed, and every stored number spoilt.
        let mut tx = svc.store().write().await.unwrap();
        let spoil = ["DELETE FROM rated WHERE position <= 2", "UPDATE rated SET rating_after = 0, games_before = 9"];
        for sql in spoil {
            meridian_bot::on!(tx, c => sqlx::query(sql).execute(c).await.unwrap().rows_affected());
        }
        meridian_bot::on!(tx, c => sqlx::query("UPDATE ratings SET rating = 0").execute(c).await.unwrap().rows_affected());
        tx.commit().await.unwrap();
        assert_eq!(svc.rerate().await.unwrap(), 6);
        assert_eq!(board(Period::AllTime).await, all_time);
        assert_eq!(svc.profile(Some(7), kind, ana).await.unwrap(), profile);
        // The newly rated come first, before the games already rated, which keep their positions.
        let mut tx = svc.store().read().await.unwrap();
        let positions: Vec<(i64,)> = meridian_bot::on!(tx, c => sqlx::query_as("SELECT position FROM rated WHERE seat = 0 ORDER BY game_id")
            .fetch_all(c)
            .await
            .unwrap());
        assert_eq!(positions, [(1,), (2,), (3,), (4,), (5,), (6,)]);
    })
    .await;
}

/// The game of a table, as Meridian.
fn meridian(table: &meridian_bot::service::Table) -> &meridian_bot::rules::meridian::Meridian {
    table.state().expect("a game of Meridian")
}

/// A database from before per-seat clocks (migration 8): a running game's clock goes to the seat to move (moves
/// played, modulo the players) when the bot is upgraded, and a finished game's stays off.
#[tokio::test]
async fn an_upgrade_moves_a_running_clock_onto_the_seat_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let options =
        sqlx::sqlite::SqliteConnectOptions::new().filename(dir.path().join("games.db")).create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    let before = crate::support::databases::migrator_upto(Backend::Sqlite, 8).await;
    before.run(&pool).await.unwrap();
    for (id, status, version) in [(1, "active", 3), (2, "finished", 6)] {
        sqlx::query(
            "INSERT INTO games (id, kind, channel_id, host_id, status, options, seed, version, created_at, updated_at, \
             deadline_at, remind_at) VALUES ($1, 'meridian', 100, 1, $2, '{}', 5, $3, 0, 0, 9000, 8000)",
        )
        .bind(id)
        .bind(status)
        .bind(version)
        .execute(&pool)
        .await
        .unwrap();
        for seat in 0..3 {
            sqlx::query("INSERT INTO seats (game_id, seat, user_id, name) VALUES ($1, $2, $3, 'p')")
                .bind(id)
                .bind(seat)
                .bind(seat + 10)
                .execute(&pool)
                .await
                .unwrap();
        }
    }
    pool.close().await;
    let store = Store::open(&url(dir.path())).await.unwrap();
    let mut conn = store.read().await.unwrap();
    let clocks: Vec<(i64, i64, Option<i64>, Option<i64>)> = meridian_bot::on!(conn, c => sqlx::query_as("SELECT game_id, seat, deadline_at, remind_at FROM seats ORDER BY game_id, seat")
            .fetch_all(c)
            .await
            .unwrap());
    // Game 1 is at move 3 of 3 players: seat 0 is to move.
    assert_eq!(
        clocks,
        [
            (1, 0, Some(9000), Some(8000)),
            (1, 1, None, None),
            (1, 2, None, None),
            (2, 0, None, None),
            (2, 1, None, None),
            (2, 2, None, None)
        ]
    );
}

#[tokio::test]
async fn a_game_whose_players_are_in_before_its_thread_starts_in_its_thread() {
    each_backend(|dir| async move {
        let svc = service(&dir).await;
        let (ana, ben, cy) = (user(1, "ana"), user(2, "ben"), user(3, "cy"));
        let of = |all: Vec<meridian_bot::service::Payload>, id: i64| -> Vec<_> {
            all.into_iter().filter(|p| p.game_id == id).collect()
        };
        // Everyone invited joins from the lobby's message while its thread is still being opened.
        let id = svc.open_lobby(CHANNEL, &ana, Options::default(), &[ben.clone(), cy.clone()], &[]).await.unwrap();
        assert!(!svc.join(id, &cy).await.unwrap().started);
        let lobby = svc.join(id, &ben).await.unwrap();
        assert!(!lobby.started && lobby.seated.len() == 3 && lobby.invited.is_empty(), "{lobby:?}");
        assert!(matches!(svc.game(id).await, Err(ServiceError::NotStarted(_))));
        assert!(of(svc.pending(1000).await.unwrap(), id).is_empty(), "nothing said before there is a thread");
        // The thread is recorded: the game starts, its first board in the thread, and nobody is invited again.
        let lobby = svc.set_thread(id, 777, 776).await.unwrap();
        assert!(lobby.started, "{lobby:?}");
        let said = of(svc.pending(1000).await.unwrap(), id);
        let board = said.iter().find(|p| p.files.iter().any(|(name, _)| name == "board.png")).unwrap();
        assert!(board.text.starts_with(&format!("Game #{id} begins.")), "{}", board.text);
        assert_eq!(board.target, Target::Thread(777));
        assert!(
            said.iter().all(|p| p.target != Target::Thread(CHANNEL.channel_id) && p.invitation.is_none()),
            "{said:?}"
        );
        assert_eq!(said.iter().filter(|p| matches!(p.target, Target::Direct(_))).count(), 3, "a hand each");

        // The host's Start before the thread: the same.
        let id = svc.open_lobby(CHANNEL, &ana, Options::default(), &[], &[]).await.unwrap();
        svc.join(id, &ben).await.unwrap();
        assert!(!svc.start(id, 1).await.unwrap().started);
        assert!(matches!(svc.start(id, 1).await.map(|l| l.started), Ok(false)), "asked twice: still once");
        assert!(svc.set_thread(id, 888, 887).await.unwrap().started);
        let said = of(svc.pending(1000).await.unwrap(), id);
        assert_eq!(said.iter().filter(|p| p.text.starts_with(&format!("Game #{id} begins."))).count(), 1);
        assert!(said.iter().all(|p| p.target != Target::Thread(CHANNEL.channel_id)), "{said:?}");

        // Someone leaves before the thread: the lobby stays open, and the host's Start says why.
        let id = svc.open_lobby(CHANNEL, &ana, Options::default(), &[], &[]).await.unwrap();
        svc.join(id, &ben).await.unwrap();
        svc.start(id, 1).await.unwrap();
        svc.leave(id, 2).await.unwrap();
        assert!(!svc.set_thread(id, 999, 998).await.unwrap().started);
        assert!(matches!(svc.start(id, 1).await, Err(ServiceError::PlayerCount { have: 1, .. })));
    })
    .await;
}

/// A Meridian move loads its game once per interaction: each menu step, Confirm, a typed `/meridian play`, each
/// autocomplete keystroke; the same interaction twice plays once.
#[tokio::test]
async fn a_move_loads_its_game_once_per_interaction() {
    each_started(2, async |svc, id| {
        let table = svc.game(id).await.unwrap();
        let due =
            |table: &meridian_bot::service::Table| table.seat_row(table.due().iter().next().unwrap()).unwrap().user_id;
        let caller = |user, interaction| Caller { game: id, user, lang: Lang::En, interaction };
        let before = svc.games_loaded();
        // The last option of each menu: the last card, then pass (the meridians' menu ends with it).
        play_by_menus(&svc, id, due(&table), |n| n - 1).await;
        let by_menus = svc.games_loaded() - before;
        assert_eq!(by_menus, 4, "the DM's cards, the meridians, pass previewed, Confirm");

        let user = due(&svc.game(id).await.unwrap());
        let mv = svc.legal_moves::<Meridian>(id, user).await.unwrap().into_iter().find(|m| m.place.is_some()).unwrap();
        let typed = Typed::new(Kind::Meridian, "play").with("card", Some(mv.card)).with("meridian", mv.meridian);
        let before = svc.games_loaded();
        let heights = svc.complete(&caller(user, None), &typed, "height").await.unwrap();
        assert!(heights.iter().any(|h| Some(h.value.as_str()) == mv.place.map(|p| p.height.to_string()).as_deref()));
        assert_eq!(svc.games_loaded() - before, 1, "a keystroke");
        let typed = typed.with("take_back", mv.take_back).with("height", mv.place.map(|p| p.height));
        let typed = typed.with("row", mv.place.map(|p| p.row));
        let before = svc.games_loaded();
        let Answer::Played(acted) = svc.step(&caller(user, Some(77)), Ask::Typed(&typed)).await.unwrap() else {
            panic!("played")
        };
        assert!(!acted.duplicate);
        assert_eq!(svc.games_loaded() - before, 1, "a typed move");
        let Answer::Played(again) = svc.step(&caller(user, Some(77)), Ask::Typed(&typed)).await.unwrap() else {
            panic!("told")
        };
        assert!(again.duplicate, "the same interaction plays once");
        assert_eq!(svc.game(id).await.unwrap().row().version, 2);
        let unread = Typed::new(Kind::Meridian, "pass").with("card", Some("11"));
        let refused = svc.step(&caller(due(&svc.game(id).await.unwrap()), None), Ask::Typed(&unread)).await;
        // What was typed, then the player's own face-up cards and the commands that play them.
        let refused = refused.unwrap_err().to_string();
        let card = "There is no card \"11\": cards are 1 to 10, 1-2-3, 4-5-6-7 and 8-9-10. Your face-up cards: ";
        assert!(refused.starts_with(card) && refused.ends_with("/meridian pass."), "{refused}");
    })
    .await;
}

/// Colours anyone can tell apart (issue 62): the pictures sent to a player are in the colours they chose (else the
/// game's), the thread's in the game's, its host's choice at start; `settings show` names the setting.
#[tokio::test]
async fn pictures_are_drawn_in_the_colours_their_reader_chose() {
    each_backend(|db| async move {
        let svc = service(&db).await;
        svc.choose_colours(2, Some(Palette::Safe)).await.unwrap();
        svc.choose_colours(3, Some(Palette::Standard)).await.unwrap();
        let ben = Lang::En.say(&svc.settings_shown(2, Lang::En).await.unwrap());
        assert!(ben.contains("\nColours: safe for colour-blind eyes\n"), "{ben}");
        let ana = Lang::En.say(&svc.settings_shown(1, Lang::En).await.unwrap());
        assert!(ana.contains("\nColours: each game's\n"), "{ana}");
        let fr = Lang::Fr.say(&svc.settings_shown(3, Lang::Fr).await.unwrap());
        assert!(fr.contains("\nCouleurs\u{a0}: habituelles\n"), "{fr}");

        // Each game: its id, and whether its host chose safe colours for it.
        for host_chose_safe in [false, true] {
            let names = ["ana", "ben", "cy"];
            let id = svc.open_lobby(CHANNEL, &user(1, names[0]), Options::default(), &[], &[]).await.unwrap();
            if host_chose_safe {
                let refused = svc.choose_game_colours(id, 2, Palette::Safe).await.unwrap_err();
                assert!(matches!(refused, ServiceError::NotHost(_)), "only the host chooses: {refused:?}");
                svc.choose_game_colours(id, 1, Palette::Safe).await.unwrap();
            }
            let thread = 10_000 + id;
            svc.set_thread(id, thread, 20_000 + id).await.unwrap();
            for (i, name) in names.iter().enumerate().skip(1) {
                svc.join(id, &user(i as i64 + 1, name)).await.unwrap();
            }
            svc.start(id, 1).await.unwrap();
            let late = svc.choose_game_colours(id, 1, Palette::Standard).await.unwrap_err();
            assert!(matches!(late, ServiceError::AlreadyStarted(_)), "chosen at start only: {late:?}");
            let table = svc.game(id).await.unwrap();
            let game = meridian(&table);
            let names = table.names();
            let hand = |user: i64, palette| {
                let seat = table.seat_of(user).unwrap();
                let scene = pictures::hand(&game.view(Viewer::Seat(seat)), &names, seat, palette);
                render::meridian::hand_png(&scene, &Lang::En)
            };
            let board = |palette| {
                let reader = Reader { lang: Lang::En, palette };
                render::meridian::board_png(
                    &pictures::board(&game.view(Viewer::Public), &names, &[], reader),
                    &Lang::En,
                )
            };
            let pending = svc.pending(1000).await.unwrap();
            let file = |target: Target, name: &str| {
                let mine = pending.iter().filter(|p| p.game_id == id && p.target == target);
                mine.flat_map(|p| &p.files).find(|(n, _)| n == name).map(|(_, picture)| picture.image.clone()).unwrap()
            };
            let game_palette = if host_chose_safe { Palette::Safe } else { Palette::Standard };
            assert!(file(Target::Thread(thread), "board.png") == board(game_palette), "the thread: the game's");
            assert!(file(Target::Direct(1), "hand.png") == hand(1, game_palette), "ana chose none: the game's");
            assert!(file(Target::Direct(2), "hand.png") == hand(2, Palette::Safe), "ben chose safe colours");
            assert!(file(Target::Direct(3), "hand.png") == hand(3, Palette::Standard), "cy chose the standard ones");
            assert!(hand(2, Palette::Safe) != hand(2, Palette::Standard), "the palettes draw different hands");
            // The page: the game's colours, unless it asks for others (`?colours=safe`).
            let token = &table.row().page_token;
            assert!(*svc.page_board(token, 0, None, None).await.unwrap() == board(game_palette));
            assert!(*svc.page_board(token, 0, None, Some(Palette::Safe)).await.unwrap() == board(Palette::Safe));
            let standard = svc.page_board(token, 0, None, Some(Palette::Standard)).await.unwrap();
            assert!(*standard == board(Palette::Standard));
            assert_eq!(svc.page_history(token, None, None).await.unwrap().palette, game_palette.name());
            let safe = svc.page_history(token, None, Some(Palette::Safe)).await.unwrap();
            assert_eq!((safe.palette, safe.colours[1].as_str()), ("safe", "#0044aa"));
        }
    })
    .await;
}
