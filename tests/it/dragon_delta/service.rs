//! Dragon Delta on the platform, on real SQLite files: programmes due from everyone at once and secret until
//! revealed, the round resolved in the thread, actions with one outcome played at once, time-outs of a programme
//! (the default one) and of a choice (the first option, with its own shorter limit), whole games through the menus
//! replaying from their record, and resigning.

use meridian_bot::clock::{Clock, FakeClock};
use meridian_bot::language::Lang;
use meridian_bot::ratings::Rated;
use meridian_bot::rules::dragon_delta::card::Card;
use meridian_bot::rules::dragon_delta::{Action, DragonDelta, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::dragon_delta::Options;
use meridian_bot::service::game::Kind;
use meridian_bot::service::{Answer, Ask, Caller, Place, Service, Target, Typed, User};
use meridian_bot::store::{outbox, Status};
use std::sync::Arc;

use crate::support::databases;
use crate::support::en_names;
use crate::support::playing::{last_board, last_turn, play_by_menus};
use databases::{backends, each_backend, TestDb};
use meridian_bot::pictures::dragon_delta as pictures;
use meridian_bot::rules::{Game, Seat, Viewer};

const PLACE: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
use meridian_bot::clock::{DAY, HOUR};
const NAMES: [&str; 4] = ["ana", "ben", "cy", "dee"];

async fn service(db: &TestDb, clock: &FakeClock) -> Service {
    let store = db.open().await;
    Service::new(store, Arc::new(clock.clone()), Arc::new(|| 5))
}

/// Runs `test` on each backend, with a service of its own on a fake clock and a started game of `players` in it.
async fn each_started(players: usize, test: impl AsyncFn(Service, FakeClock, i64)) {
    let test = &test;
    each_backend(|db| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let svc = service(&db, &clock).await;
        let id = started(&svc, players).await;
        test(svc, clock, id).await;
    })
    .await;
}

/// A started game of `players` (ana, ben, cy, dee: users 1, 2, 3, 4).
async fn started(svc: &Service, players: usize) -> i64 {
    let user = |i: usize| User { id: i as i64 + 1, name: NAMES[i].into() };
    let id = svc.open_lobby(PLACE, &user(0), Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    for i in 1..players {
        svc.join(id, &user(i)).await.unwrap();
    }
    svc.start(id, 1).await.unwrap();
    id
}

async fn game(svc: &Service, id: i64) -> DragonDelta {
    svc.game(id).await.unwrap().state::<DragonDelta>().expect("a game of Dragon Delta").clone()
}

/// Seat `seat`'s user and name.
async fn seated(svc: &Service, id: i64, seat: Seat) -> (i64, String) {
    let table = svc.game(id).await.unwrap();
    let row = table.seat_row(seat).unwrap();
    (row.user_id, row.name.clone())
}

fn cards(names: [&str; 5]) -> Action {
    Action::Program { program: names.map(|n| n.parse::<Card>().unwrap()) }
}

async fn act(svc: &Service, id: i64, user: i64, action: &Action) {
    let version = svc.game(id).await.unwrap().row().version;
    svc.act(id, user, version, action, None).await.unwrap();
}

/// Texts posted in the thread so far, and sent to each user directly (delivering them).
async fn posted(svc: &Service) -> (Vec<String>, Vec<(i64, String)>) {
    let (mut thread, mut direct) = (Vec::new(), Vec::new());
    for p in svc.pending(1000).await.unwrap() {
        svc.delivered(p.outbox_id).await.unwrap();
        match p.target {
            Target::Thread(_) => thread.push(p.text),
            Target::Direct(user) => direct.push((user, p.text)),
            _ => {}
        }
    }
    (thread, direct)
}

#[tokio::test]
async fn programmes_stay_secret_until_revealed_and_time_outs_play_the_defaults() {
    each_started(3, async |svc, clock, id| {
        let (_, dms) = posted(&svc).await;
        assert_eq!(dms.len(), 3, "every player is told to programme: {dms:?}");
        let table = svc.game(id).await.unwrap();
        assert_eq!(table.due().len(), 3);
        assert_eq!(svc.time_left(id).await.unwrap(), Some(3 * DAY), "programmes have the turn limit");

        // The statue holder programmes: the thread says so, never what.
        let statue = game(&svc, id).await.statue();
        let (user, name) = seated(&svc, id, statue).await;
        act(&svc, id, user, &cards(["move", "stone", "plank", "take", "jump"])).await;
        let table = svc.game(id).await.unwrap();
        let waiting = en_names(table.names_of(table.due()));
        let (thread, dms) = posted(&svc).await;
        assert_eq!(thread, [format!("{name} has programmed. {waiting} to play.")]);
        assert!(dms.is_empty(), "nobody newly due: {dms:?}");
        assert_eq!(game(&svc, id).await.programme(statue).map(|p| p[0]), Some(Card::Move));

        // The other two let their time run out: they get the default programme and the round resolves. The statue
        // holder's move has nowhere to go (no plank yet): the pawn falls in the water; the next seat's stone waits.
        clock.advance(3 * DAY + 1);
        assert_eq!(svc.tick().await.unwrap().timed_out, 2);
        let state = game(&svc, id).await;
        let [next, last] = [1, 2].map(|i| (statue + i) % 3);
        assert_eq!(state.programme(next), Some(Card::default_programme()));
        assert_eq!(state.awaiting(), Some((next, Card::Stone)));
        let (thread, _) = posted(&svc).await;
        let said = thread.join("\n");
        let names = svc.game(id).await.unwrap().names();
        let [n0, n1, n2] = [statue, next, last].map(|s| names[usize::from(s)].clone());
        assert!(said.contains(&format!("Position 1 revealed: {n0} move, {n1} stone, {n2} stone")), "{said}");
        let home = state.colour(statue);
        assert!(
            said.contains(&format!(
                "{n0}'s move: nowhere to go, the pawn falls in the water and is back at the {home} village"
            )),
            "{said}"
        );

        // A choice has its own limit (a day) and a reminder halfway, which its 12-hour warning stands for; on its
        // time-out the first option is taken: the lowest island.
        assert_eq!(svc.time_left(id).await.unwrap(), Some(DAY));
        clock.advance(12 * HOUR + 1);
        let ticked = svc.tick().await.unwrap();
        assert_eq!((ticked.warned, ticked.reminded), (1, 0));
        clock.advance(12 * HOUR);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        let state = game(&svc, id).await;
        assert!(state.stones().contains(&1), "the lowest island: {:?}", state.stones());
        assert_eq!(state.awaiting(), Some((last, Card::Stone)), "the next seat's own choice, not played for it");
        assert_eq!(svc.time_left(id).await.unwrap(), Some(DAY));
        // Only the programme that ran out counts towards resigning, not the choice.
        let mut conn = svc.store().read().await.unwrap();
        let (strikes,): (i64,) = meridian_bot::on!(conn, c => sqlx::query_as("SELECT timeouts FROM seats WHERE game_id = $1 AND seat = $2")
            .bind(id)
            .bind(i64::from(next))
            .fetch_one(c)
            .await
            .unwrap());
        assert_eq!(strikes, 1);
    })
    .await;
}

#[tokio::test]
async fn an_action_with_one_outcome_is_played_at_once_and_every_skip_is_told() {
    each_started(2, async |svc, clock, id| {
        posted(&svc).await;
        let statue = game(&svc, id).await.statue();
        let other = 1 - statue;
        let (first, first_name) = seated(&svc, id, statue).await;
        let (second, second_name) = seated(&svc, id, other).await;
        // The statue holder moves first (no plank: it falls), then takes the only stone on the river: one outcome.
        act(&svc, id, first, &cards(["move", "take", "jump", "move-2", "plank"])).await;
        act(&svc, id, second, &cards(["stone", "move", "jump", "move-2", "plank"])).await;
        assert_eq!(game(&svc, id).await.awaiting(), Some((other, Card::Stone)));
        posted(&svc).await;
        act(&svc, id, second, &Action::Stone { stone: 5 }).await;
        let state = game(&svc, id).await;
        assert!(state.stones().is_empty(), "taken at once: {:?}", state.stones());
        // Position 5: each plank fits nowhere (no stone, and never village to village), so the choice is which to lose.
        assert_eq!(state.position(), 5);
        assert_eq!(state.awaiting(), Some((statue, Card::Plank)));
        let (thread, _) = posted(&svc).await;
        let said = thread.join("\n");
        let expected = [
            format!("{second_name} placed a stone on island 5"),
            "Position 2 revealed:".to_string(),
            format!("Its only possible outcome: {first_name} took the stone off island 5"),
            format!("{second_name}'s move: nowhere to go, the pawn falls in the water"),
            "Position 3 revealed:".to_string(),
            "Position 5 revealed:".to_string(),
        ];
        for part in expected {
            assert!(said.contains(&part), "{part:?} in {said}");
        }
        // The plank is chosen by size alone, before where it fits is shown (here: nowhere, so it is lost), and that
        // choice is final: nothing else is offered afterwards, and a time-out keeps to it.
        let caller = Caller { game: id, user: first, lang: Lang::En, interaction: None };
        let step = |path: &'static [&'static str]| svc.step(&caller, Ask::Menus { seen: None, path });
        let values = |answer: Answer| match answer {
            Answer::Menu(menu) => menu.options.into_iter().map(|o| o.value).collect::<Vec<_>>(),
            other => panic!("a menu, not {other:?}"),
        };
        assert_eq!(values(step(&[]).await.unwrap()), ["1", "2", "3", "4", "5", "6"]);
        let Answer::Preview { lines, .. } = step(&["4"]).await.unwrap() else { panic!("the plank, lost") };
        let lost = Lang::En.say(&lines[0]);
        assert_eq!(lost, "lay plank 4: it fits nowhere and is lost");
        let other = step(&["2"]).await.unwrap_err().to_string();
        let colour = state.colour(statue);
        assert_eq!(
            other,
            format!("You chose Plank 4 ({colour}) already, before seeing where it leads: that choice is final.")
        );
        assert_eq!(values(step(&[]).await.unwrap()), ["4"]);
        clock.advance(DAY + 1);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        assert_eq!(game(&svc, id).await.lost().iter().map(|p| p.size).collect::<Vec<_>>(), [4]);
    })
    .await;
}

#[tokio::test]
async fn whole_games_through_the_menus_replay_and_resigning_ends_them() {
    for (players, seed) in [(3, 1), (4, 2), (2, 3)] {
        // The games take turns on the backends.
        let backends = backends();
        let dir = TestDb::new(backends[seed as usize % backends.len()]).await;
        let clock = FakeClock::at(1_700_000_000_000);
        let svc = service(&dir, &clock).await;
        let id = started(&svc, players).await;
        let mut chooser = Shuffler::new(seed);
        for _ in 0..60 {
            let table = svc.game(id).await.unwrap();
            let Some(seat) = table.due().iter().next() else { break };
            let user = table.seat_row(seat).unwrap().user_id;
            play_by_menus(&svc, id, user, |n| chooser.below(n as u64) as usize).await;
        }
        let mut table = svc.game(id).await.unwrap();
        // Everyone but the last seat resigns, in or out of turn: the last one standing wins.
        for seat in 0..table.seats().len() as Seat - 1 {
            if table.row().status != Status::Active {
                break;
            }
            svc.resign(id, table.seat_row(seat).unwrap().user_id).await.unwrap();
            table = svc.game(id).await.unwrap();
        }
        assert_eq!(table.row().status, Status::Finished);
        let state = game(&svc, id).await;
        let winner = state.winner().expect("a winner");
        let record: Record = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
        let mut reports = Vec::new();
        let end = record.replay_with(|_, played| reports.push(played.clone())).unwrap();
        assert_eq!(end, state, "the record replays to the same game");
        // The last board posted is the board drawn from the public view, the last turn pointed out.
        let payloads = svc.pending(1000).await.unwrap();
        let turn = last_turn(&reports, |played| played.seat);
        let scene = pictures::board(
            &end.view(Viewer::Public),
            &table.names(),
            &turn,
            meridian_bot::pictures::Reader::standard(Lang::En),
        );
        let drawn = render::dragon_delta::board_png(&scene, &Lang::En);
        assert!(last_board(&payloads) == drawn, "the board posted is the public view's");
        let (thread, _) = posted(&svc).await;
        let result = format!(". The game is over.\nWinner: {}.\nRatings: ", table.names()[usize::from(winner)]);
        assert!(thread.iter().any(|post| post.contains(&result)), "{result} in {thread:?}");
        // Rated: the winner first, the others tied behind.
        let kind = Kind::named("dragon-delta").unwrap();
        let who = Rated::Person(table.seat_row(winner).unwrap().user_id);
        let profile = svc.profile(PLACE.guild_id, kind, who).await.unwrap();
        assert_eq!((profile.games, profile.wins, profile.recent[0].place), (1, 1, 1));
        assert!(svc.audit().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn a_second_programme_in_a_round_is_refused_for_what_it_is() {
    each_started(4, async |svc, _, id| {
        posted(&svc).await;
        let statue = game(&svc, id).await.statue();
        let (user, name) = seated(&svc, id, statue).await;
        act(&svc, id, user, &cards(["move", "stone", "plank", "take", "jump"])).await;
        // The three others, in seat order, are listed as players write a list.
        let mut others = Vec::new();
        for seat in (0..4).filter(|&s| s != statue) {
            others.push(seated(&svc, id, seat).await.1);
        }
        let (thread, _) = posted(&svc).await;
        let waiting = format!("{}, {} and {}", others[0], others[1], others[2]);
        assert_eq!(thread, [format!("{name} has programmed. {waiting} to play.")]);
        // The same player programmes again while the others choose: refused for what it is, nothing changed.
        let before = svc.game(id).await.unwrap();
        let again = cards(["move-2", "stones-2", "planks-2", "take", "jump"]);
        let refused = svc.act(id, user, before.row().version, &again, None).await.unwrap_err();
        assert_eq!(refused.to_string(), "Your programme for round 1 is laid already.");
        assert!(!refused.is_internal());
        assert_eq!(svc.game(id).await.unwrap().row().version, before.row().version);
        assert_eq!(game(&svc, id).await.programme(statue), before.state::<DragonDelta>().unwrap().programme(statue));
        assert!(posted(&svc).await.0.is_empty(), "nothing said");
    })
    .await;
}

/// Messages built from kept positions (each replaying only the moves since the one before it) are the messages built
/// by replaying every move: a round's messages built in order, and built again in reverse order by a new service
/// (nothing kept that comes before).
#[tokio::test]
async fn messages_built_from_kept_positions_are_those_built_afresh() {
    each_backend(|dir| async move {
        let clock = FakeClock::at(1_700_000_000_000);
        let svc = service(&dir, &clock).await;
        let id = started(&svc, 2).await;
        posted(&svc).await;
        act(&svc, id, 1, &cards(["move", "stone", "plank", "take", "jump"])).await;
        while game(&svc, id).await.round() == 1 {
            clock.advance(3 * DAY + 1);
            svc.tick().await.unwrap();
        }
        let in_order = svc.pending(1000).await.unwrap();
        let rows = {
            let mut tx = svc.store().read().await.unwrap();
            outbox::pending(&mut tx, clock.now_ms(), 1000).await.unwrap()
        };
        let afresh = service(&dir, &clock).await;
        let mut reversed = Vec::new();
        for row in rows.iter().rev() {
            reversed.push(afresh.payload(row).await.unwrap());
        }
        reversed.reverse();
        // The round's programmes, time-outs and resolution, and the menus of notes still waiting retired.
        assert_eq!(in_order.len(), 29);
        assert!(in_order == reversed, "the same messages, pictures included");
    })
    .await;
}

/// The front asks about one seat and the service loads the game once per interaction: a programme chosen with
/// clicks is the DM's first menu (drawn when it is delivered), five clicks (the fifth previewed) and Confirm, seven
/// loads for six interactions; typed, it is one; autocomplete of the typed programme one per keystroke, offering
/// exactly what the menus offer (a dragon once, no card twice).
#[tokio::test]
async fn a_programme_loads_its_game_once_per_click_or_keystroke() {
    each_started(3, async |svc, _, id| {
        let (ana, ben) = (seated(&svc, id, 0).await.0, seated(&svc, id, 1).await.0);
        let caller = |user| Caller { game: id, user, lang: Lang::En, interaction: None };
        let before = svc.games_loaded();
        play_by_menus(&svc, id, ana, |_| 0).await;
        assert_eq!(svc.games_loaded() - before, 7, "the first menu, five cards and Confirm");

        let typed = |cards: &str| Typed::new(Kind::DragonDelta, "program").with("cards", Some(cards));
        let before = svc.games_loaded();
        let offered = svc.complete(&caller(ben), &typed("dragon-"), "cards").await.unwrap();
        assert_eq!(svc.games_loaded() - before, 1, "a keystroke");
        let dragons: Vec<String> = offered.iter().map(|o| o.value.clone()).collect();
        assert_eq!(dragons.len(), 2, "{dragons:?}: the other colours in play");
        let after = format!("{} move ", dragons[0]);
        let offered = svc.complete(&caller(ben), &typed(&after), "cards").await.unwrap();
        let next: Vec<&str> = offered.iter().map(|o| o.value.strip_prefix(&after).unwrap()).collect();
        assert_eq!(next, ["stone", "stones-2", "plank", "planks-2", "take", "move-2", "jump"], "no dragon now");

        let before = svc.games_loaded();
        let programme = typed(&format!("{after} stone jump take"));
        let played = svc.step(&caller(ben), Ask::Typed(&programme)).await.unwrap();
        assert!(matches!(played, Answer::Played(_)), "{played:?}");
        assert_eq!(svc.games_loaded() - before, 1, "a typed programme");
        let again = typed("stone plank take move jump");
        let refused = svc.step(&caller(ben), Ask::Typed(&again)).await.unwrap_err();
        assert_eq!(refused.to_string(), "Your programme for round 1 is laid already.");
        let short = svc.step(&caller(ben), Ask::Typed(&typed("stone plank"))).await.unwrap_err();
        let said = "A programme is 5 cards in order, not 2: e.g. stone plank move move-2 jump.";
        assert_eq!(short.to_string(), said, "words that read as no move are told first");
        let wrong = Typed::new(Kind::Meridian, "pass").with("card", Some("4"));
        let other = svc.step(&caller(ben), Ask::Typed(&wrong)).await.unwrap_err();
        assert_eq!(other.to_string(), format!("Game #{id} is not a game of Meridian: use its own commands."));
    })
    .await;
}

/// A menu carries the version it was last checked at, and a click after other seats' moves replays nothing (issue
/// 61): ana clicks through her programme's menus while ben, then cy, lay theirs between her clicks. Each of her clicks
/// loads the game once, every load counted, and its menus carry the version at that click.
#[tokio::test]
async fn a_click_after_other_seats_programme_loads_its_game_once() {
    each_started(3, async |svc, _, id| {
        let (ana, ben, cy) = (seated(&svc, id, 0).await.0, seated(&svc, id, 1).await.0, seated(&svc, id, 2).await.0);
        let caller = Caller { game: id, user: ana, lang: Lang::En, interaction: None };
        let mut shown = match svc.step(&caller, Ask::Menus { seen: None, path: &[] }).await.unwrap() {
            Answer::Menu(menu) => menu,
            other => panic!("a menu, not {other:?}"),
        };
        let (start, mut path) = (shown.version, Vec::new());
        for between in [Some(ben), Some(cy), None] {
            if let Some(other) = between {
                play_by_menus(&svc, id, other, |_| 0).await;
            }
            let now = svc.game(id).await.unwrap().row().version;
            path.push(shown.options[0].value.clone());
            let refs: Vec<&str> = path.iter().map(String::as_str).collect();
            let before = svc.games_loaded();
            let seen = Some(shown.version);
            shown = match svc.step(&caller, Ask::Menus { seen, path: &refs }).await.unwrap() {
                Answer::Menu(menu) => menu,
                other => panic!("a menu, not {other:?}"),
            };
            assert_eq!(
                (svc.games_loaded() - before, shown.version),
                (1, now),
                "click {} after {between:?}",
                path.len()
            );
        }
        assert_eq!(shown.version, start + 2, "ben's and cy's programmes came between her clicks");
    })
    .await;
}
