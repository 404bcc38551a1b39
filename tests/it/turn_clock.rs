//! The turn clock with a fake clock on a real SQLite file: reminder cadence, no repeat after a restart, one
//! catch-up reminder after downtime, and a turn that runs out passing by itself in a way the record replays.

use meridian_bot::clock::{Clock, FakeClock};
use meridian_bot::language::Lang;
use meridian_bot::rules::meridian::Record;
use meridian_bot::rules::record::GameRecord;
use meridian_bot::service::game::games::meridian::Options;
use meridian_bot::service::TurnClock;
use meridian_bot::service::{Payload, Place, Reach, Service, Target, Ticked, User};
use meridian_bot::store::Backend;
use std::sync::Arc;

use crate::support::databases;
use databases::{each_backend_at, TestDb};

use meridian_bot::clock::HOUR;
const PLACE: Place = Place { guild_id: None, channel_id: 100, lang: Lang::En };

async fn service(db: &TestDb, clock: &FakeClock) -> Service {
    let store = db.open().await;
    Service::new(store, Arc::new(clock.clone()), Arc::new(|| 77))
}

/// A started 2-player game with these options; returns its id and the user to move.
async fn started(svc: &Service, options: Options) -> (i64, i64) {
    let id = svc.open_lobby(PLACE, &User { id: 1, name: "ana".into() }, options, &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    svc.join(id, &User { id: 2, name: "ben".into() }).await.unwrap();
    svc.start(id, 1).await.unwrap();
    (id, svc.game(id).await.unwrap().seats()[0].user_id)
}

/// Delivers (marks done) everything pending and returns the reminders among it.
async fn reminders(svc: &Service) -> Vec<Payload> {
    let mut out = Vec::new();
    for p in svc.pending(1000).await.unwrap() {
        svc.delivered(p.outbox_id).await.unwrap();
        if p.text.starts_with("Reminder") {
            out.push(p);
        }
    }
    out
}

#[tokio::test]
async fn reminders_come_at_the_interval_and_stop_with_the_move() {
    each_backend_at(0, service, async |_, svc, clock| {
        let (id, first) = started(&svc, Options::default()).await;
        reminders(&svc).await;
        clock.advance(23 * HOUR);
        assert_eq!(svc.tick().await.unwrap(), Ticked::default());
        clock.advance(HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1);
        let sent = reminders(&svc).await;
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].target, Target::Direct(first));
        // Due at the turn limit (3 days from the start at 0), in each reader's own time.
        let said = "Reminder: **Meridian #1**: your turn (turn 1).\nDue <t:259200:F> (<t:259200:R>).";
        assert!(sent[0].text.starts_with(said), "{}", sent[0].text);
        assert_eq!(svc.tick().await.unwrap().reminded, 0, "not twice at the same time");
        clock.advance(24 * HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1, "again after another interval");
        reminders(&svc).await;

        // The player moves: the next player's reminders count from the move.
        clock.advance(HOUR);
        let mv = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, first).await.unwrap()[0];
        svc.act(id, first, 0, &mv, None).await.unwrap();
        clock.advance(23 * HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 0);
        clock.advance(HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1);
        assert_ne!(reminders(&svc).await[0].target, Target::Direct(first));
    })
    .await;
}

#[tokio::test]
async fn a_restart_neither_loses_nor_repeats_and_downtime_gives_one_reminder() {
    each_backend_at(0, service, async |dir, svc, clock| {
        let options =
            Options { clock: TurnClock { turn_limit_days: Some(14), ..TurnClock::default() }, ..Options::default() };
        started(&svc, options).await;
        clock.advance(24 * HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1);
        svc.store().close().await;
        drop(svc);

        let svc = service(dir, &clock).await;
        assert_eq!(svc.tick().await.unwrap().reminded, 0, "no repeat after the restart");
        reminders(&svc).await;
        svc.store().close().await;
        drop(svc);

        // Down for five days: one reminder, then the cadence again from now.
        clock.advance(5 * 24 * HOUR);
        let svc = service(dir, &clock).await;
        assert_eq!(svc.tick().await.unwrap().reminded, 1);
        assert_eq!(svc.tick().await.unwrap().reminded, 0);
        assert_eq!(reminders(&svc).await.len(), 1);
        clock.advance(24 * HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1);
    })
    .await;
}

#[tokio::test]
async fn a_turn_that_runs_out_passes_and_the_record_replays() {
    each_backend_at(0, service, async |_, svc, clock| {
        let (id, _) = started(
            &svc,
            Options { clock: TurnClock { turn_limit_days: Some(1), ..TurnClock::default() }, ..Options::default() },
        )
        .await;
        let before = svc.game(id).await.unwrap();
        let seat = meridian(&before).to_move().unwrap();
        let card = meridian(&before).players()[usize::from(seat)].face_up[0];
        clock.advance(24 * HOUR - 1);
        assert_eq!(svc.tick().await.unwrap().timed_out, 0);
        clock.advance(1);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        let after = svc.game(id).await.unwrap();
        assert_eq!(after.row().version, 1);
        assert_eq!(
            meridian(&after).players()[usize::from(seat)].discards,
            [card],
            "the first face-up card, nothing placed"
        );
        assert!(meridian(&after).towers().next().is_none());
        let posts = svc.pending(1000).await.unwrap();
        let board = posts.iter().rev().find(|p| !p.files.is_empty() && matches!(p.target, Target::Thread(_))).unwrap();
        let name = &before.names()[usize::from(seat)];
        assert!(
            board.text.starts_with(&format!("{name}'s time ran out. {name} passed, discarding {card}")),
            "{}",
            board.text
        );
        assert_eq!(svc.tick().await.unwrap().timed_out, 0, "once");
        assert!(svc.time_left(id).await.unwrap().is_some_and(|left| left == 24 * HOUR));

        // Let every turn run out: the first player's third turn in a row that runs out resigns them, and with two
        // players the other wins at once. The record replays to the same end.
        for _ in 0..4 {
            clock.advance(24 * HOUR);
            svc.tick().await.unwrap();
        }
        let end = svc.game(id).await.unwrap();
        assert_eq!(end.row().status, meridian_bot::store::Status::Finished);
        assert!(end.seats().iter().any(|s| s.resigned && s.seat == i64::from(seat)));
        assert_eq!(end.row().version, 5, "three time-outs of the first player, two of the second");
        let record: Record = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
        assert_eq!(&record.replay().unwrap(), meridian(&end));
        assert_eq!(svc.time_left(id).await.unwrap(), None);
    })
    .await;
}

#[tokio::test]
async fn limits_out_of_range_are_refused() {
    each_backend_at(0, service, async |_, svc, _| {
        let host = User { id: 1, name: "ana".into() };
        let err = svc
            .open_lobby(
                PLACE,
                &host,
                Options {
                    clock: TurnClock { turn_limit_days: Some(15), ..TurnClock::default() },
                    ..Options::default()
                },
                &[],
                &[],
            )
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), "Bad game options: a turn limit is 1 to 14 days, not 15");
    })
    .await;
}

/// 1,000 games nobody plays (250 on PostgreSQL), the clock racing through two weeks three hours at a time: every turn runs out once a day
/// and every player is reminded once per turn (after 12 hours), until the first player's third turn in a row runs
/// out on day 5 and resigns them, which ends the game; nothing else happens.
#[tokio::test]
async fn soak_a_thousand_idle_games_for_two_weeks() {
    each_backend_at(0, service, async |dir, svc, clock| {
        let options = Options {
            clock: TurnClock { turn_limit_days: Some(1), reminder_hours: Some(6), ..TurnClock::default() },
            ..Options::default()
        };
        // PostgreSQL's half plays a quarter of the games: there each alarm costs a dozen round trips to the server
        // (`cargo bench --bench store` measures them), and what is checked is the same.
        let count: usize = match dir.backend {
            Backend::Sqlite => 1000,
            Backend::Postgres => 250,
        };
        let mut games = Vec::new();
        for i in 0..count as i64 {
            let host = User { id: 2 * i + 1, name: format!("p{i}") };
            let id = svc.open_lobby(PLACE, &host, options.clone(), &[], &[]).await.unwrap();
            svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
            svc.join(id, &User { id: 2 * i + 2, name: format!("q{i}") }).await.unwrap();
            svc.start(id, host.id).await.unwrap();
            games.push(id);
        }
        let mut total = Ticked::default();
        for _ in 0..14 * 8 {
            clock.advance(3 * HOUR);
            let t = svc.tick().await.unwrap();
            total.reminded += t.reminded;
            total.warned += t.warned;
            total.timed_out += t.timed_out;
        }
        // Each day's turn: reminded at 6 h and 18 h, warned at 12 h (in place of the reminder due then; the 1-hour
        // warning falls between two ticks, at 23 h, and the turn has run out by the next), then passed.
        assert_eq!(total, Ticked { reminded: 10 * count, warned: 5 * count, timed_out: 5 * count, ..Ticked::default() });

        let mut conn = svc.store().read().await.unwrap();
        let per_game: Vec<(i64, i64, i64)> = meridian_bot::on!(conn, c => sqlx::query_as(
            "SELECT game_id, COUNT(*), COUNT(DISTINCT created_at) FROM outbox WHERE effect LIKE '%\"type\":\"reminder\"%' \
             GROUP BY game_id",
        )
        .fetch_all(c)
        .await
        .unwrap());
        assert_eq!(per_game.len(), count);
        let each_once = |&(_, n, distinct): &(i64, i64, i64)| n == 15 && distinct == 15;
        assert!(per_game.iter().all(each_once), "two reminders and a warning a turn, none repeated");
        let moves: Vec<(i64, i64)> =
            meridian_bot::on!(conn, c => sqlx::query_as("SELECT game_id, COUNT(*) FROM moves GROUP BY game_id").fetch_all(c).await.unwrap());
        assert!(moves.iter().all(|&(_, n)| n == 5), "one pass per day, until the game ends");
        drop(conn);
        for &id in games.iter().step_by(97) {
            let table = svc.game(id).await.unwrap();
            assert_eq!(table.row().version, 5);
            assert_eq!(table.row().status, meridian_bot::store::Status::Finished);
            assert!(table.seats()[0].resigned && !table.seats()[1].resigned);
            assert!(meridian(&table).towers().next().is_none(), "timeouts place nothing");
            assert_eq!(meridian(&table).players()[0].discards.len(), 3);
            assert_eq!(svc.time_left(id).await.unwrap(), None, "no clock once the game is over");
        }
    })
    .await;
}

#[tokio::test]
async fn a_vacation_pauses_the_clock_and_is_limited_to_fourteen_days_a_year() {
    // Tuesday 14 November 2023
    each_backend_at(1_700_000_000_000, service, async |_, svc, clock| {
        let options = Options {
            clock: TurnClock { turn_limit_days: Some(1), reminder_hours: Some(12), ..TurnClock::default() },
            ..Options::default()
        };
        let (id, first) = started(&svc, options).await;
        reminders(&svc).await;
        let name = svc.game(id).await.unwrap().seats().iter().find(|s| s.user_id == first).unwrap().name.clone();
        let until = svc.vacation(&User { id: first, name: name.clone() }, 3).await.unwrap();
        assert_eq!(until, clock.now_ms() + 3 * 24 * HOUR);
        let told = svc.pending(100).await.unwrap().pop().unwrap();
        assert!(matches!(told.target, Target::Thread(_)));
        assert!(told.text.starts_with(&format!("{name} is on vacation for 3 days")), "{}", told.text);

        // Paused: no reminder at 12 h, no timeout at 1 day…
        clock.advance(3 * 24 * HOUR);
        assert_eq!(svc.tick().await.unwrap(), Ticked::default());
        // …then the clock runs again from where it was: 12 hours before the turn runs out, its warning (which stands
        // for the reminder due with it).
        clock.advance(12 * HOUR);
        assert_eq!(svc.tick().await.unwrap(), Ticked { warned: 1, ..Ticked::default() });
        clock.advance(12 * HOUR);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);

        // 3 days used: 11 left this year.
        let user = User { id: first, name };
        let refused = svc.vacation(&user, 12).await.unwrap_err();
        assert_eq!(refused.to_string(), "You have 11 days of vacation left this year.");
        assert!(svc.vacation(&user, 11).await.is_ok());
        // A new year gives new days.
        clock.advance(60 * 24 * HOUR);
        assert!(svc.vacation(&user, 14).await.is_ok());
    })
    .await;
}

#[tokio::test]
async fn players_choose_their_reminder_interval_and_whether_to_get_dms() {
    each_backend_at(0, service, async |_, svc, clock| {
        svc.settings(1, None, Some(6)).await.unwrap();
        svc.settings(2, None, Some(6)).await.unwrap();
        assert!(svc.settings(1, None, Some(0)).await.is_err());
        let (_, first) = started(&svc, Options::default()).await;
        reminders(&svc).await;
        clock.advance(6 * HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1, "after the player's 6 hours, not the game's 24");
        clock.advance(6 * HOUR);
        assert_eq!(svc.tick().await.unwrap().reminded, 1);

        svc.settings(first, Some(false), None).await.unwrap();
        let pending = svc.pending(100).await.unwrap();
        assert!(pending.iter().all(|p| (p.reach == Reach::Off) == matches!(p.target, Target::Direct(u) if u == first)));
        svc.settings(first, Some(true), None).await.unwrap();
        assert!(svc.pending(100).await.unwrap().iter().all(|p| p.reach != Reach::Off));
    })
    .await;
}

#[tokio::test]
async fn a_player_who_lets_three_turns_in_a_row_run_out_is_resigned() {
    each_backend_at(0, service, async |_, svc, clock| {
        let options =
            Options { clock: TurnClock { turn_limit_days: Some(1), ..TurnClock::default() }, ..Options::default() };
        let id = svc.open_lobby(PLACE, &User { id: 1, name: "ana".into() }, options, &[], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        svc.join(id, &User { id: 2, name: "ben".into() }).await.unwrap();
        svc.join(id, &User { id: 3, name: "cy".into() }).await.unwrap();
        svc.start(id, 1).await.unwrap();
        let seats = svc.game(id).await.unwrap().seats().to_vec();
        let [away, second, third] = [0, 1, 2].map(|s| seats[s].user_id);
        let play = |user: i64| {
            let svc = &svc;
            async move {
                let table = svc.game(id).await.unwrap();
                let mv = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, user).await.unwrap()[0];
                svc.act(id, user, table.row().version, &mv, None).await.unwrap();
            }
        };
        let run_out = || async {
            clock.advance(24 * HOUR);
            assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        };
        // Two in a row, then a move of their own: the count starts again.
        for _ in 0..2 {
            run_out().await;
            play(second).await;
            play(third).await;
        }
        play(away).await;
        play(second).await;
        play(third).await;
        for _ in 0..2 {
            run_out().await;
            play(second).await;
            play(third).await;
        }
        assert!(svc.game(id).await.unwrap().seats().iter().all(|s| !s.resigned));
        run_out().await;
        let table = svc.game(id).await.unwrap();
        assert!(table.seats()[0].resigned && !table.seats()[1].resigned);
        let name = &seats[0].name;
        let posts = svc.pending(1000).await.unwrap();
        let board =
            posts.into_iter().rev().find(|p| matches!(p.target, Target::Thread(_)) && !p.files.is_empty()).unwrap();
        assert!(
            board
                .text
                .starts_with(&format!("{name}'s time ran out. {name} let 3 turns in a row run out and is resigned")),
            "{}",
            board.text
        );
        // The game goes on with two: their turns pass by themselves.
        play(second).await;
        play(third).await;
        assert_eq!(meridian(&svc.game(id).await.unwrap()).to_move(), Some(1), "the resigned seat was passed");
    })
    .await;
}

/// The game of a table, as Meridian.
fn meridian(table: &meridian_bot::service::Table) -> &meridian_bot::rules::meridian::Meridian {
    table.state().expect("a game of Meridian")
}

/// Delivers (marks done) everything pending and returns the texts sent to `user` directly.
async fn direct_to(svc: &Service, user: i64) -> Vec<String> {
    let pending = svc.pending(1000).await.unwrap();
    for p in &pending {
        svc.delivered(p.outbox_id).await.unwrap();
    }
    pending.into_iter().filter(|p| p.target == Target::Direct(user)).map(|p| p.text).collect()
}

/// Warnings before a turn runs out (issue 46): 12 hours and 1 hour before by default, each once (a restart repeats
/// none), said at the deadline's time in the player's zone (Paris is UTC+2 in summer); none once the player has
/// moved; a player's own hours, or none.
#[tokio::test]
async fn warnings_come_before_a_turn_runs_out_once_each_in_the_players_zone() {
    // Wednesday 8 July 2026, 09:00 UTC
    each_backend_at(1_783_501_200_000, service, async |dir, svc, clock| {
        let options = Options {
            clock: TurnClock { turn_limit_days: Some(1), reminder_hours: Some(48), ..TurnClock::default() },
            ..Options::default()
        };
        let (id, first) = started(&svc, options).await;
        let second = 3 - first;
        let ana = User { id: first, name: "first".into() };
        assert_eq!(svc.set_time_zone(&ana, Some("europe/paris")).await.unwrap().as_deref(), Some("Europe/Paris"));
        let unknown = svc.set_time_zone(&ana, Some("Mars/Olympus")).await.unwrap_err().to_string();
        assert_eq!(
            unknown,
            "There is no time zone \"Mars/Olympus\": use a name such as Europe/Paris or America/New_York."
        );
        direct_to(&svc, first).await;
        clock.advance(12 * HOUR - 1);
        assert_eq!(svc.tick().await.unwrap().warned, 0);
        clock.advance(1);
        assert_eq!(svc.tick().await.unwrap().warned, 1);
        let said = "**Meridian #1**: your turn (turn 1). It runs out in 12 hours, on Thursday at 11:00 \
                    (Europe/Paris): after that it is played for you.";
        assert_eq!(direct_to(&svc, first).await, [said]);
        assert_eq!(svc.tick().await.unwrap().warned, 0, "once");
        let svc = service(dir, &clock).await; // a restart
        clock.advance(11 * HOUR);
        assert_eq!(svc.tick().await.unwrap().warned, 1);
        assert_eq!(svc.tick().await.unwrap().warned, 0, "once, across the restart");
        let said = direct_to(&svc, first).await;
        assert_eq!(
            said,
            ["**Meridian #1**: your turn (turn 1). It runs out in 1 hour, on Thursday at 11:00 (Europe/Paris): \
                           after that it is played for you."]
        );

        // The turn runs out; the second player moves before any warning, and gets none.
        clock.advance(HOUR);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        clock.advance(6 * HOUR);
        let mv = svc.legal_moves::<meridian_bot::rules::meridian::Meridian>(id, second).await.unwrap()[0];
        svc.act(id, second, 1, &mv, None).await.unwrap();
        clock.advance(24 * HOUR);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1, "the first player's turn");
        assert!(direct_to(&svc, second).await.iter().all(|t| !t.contains("runs out in")), "no warning after a move");

        // The second player sets one warning, 4 hours before; the first, none.
        let ben = User { id: second, name: "second".into() };
        assert_eq!(svc.set_warnings(&ben, Some("4")).await.unwrap(), [4]);
        assert_eq!(svc.set_warnings(&ana, Some("off")).await.unwrap(), Vec::<u32>::new());
        let refused = svc.set_warnings(&ben, Some("100")).await.unwrap_err().to_string();
        assert_eq!(refused, "Warnings are 1 to 3 numbers of hours from 1 to 72 (such as 12 1), or off, not \"100\".");
        // The second player's turn started before they set theirs: it is warned at the new hours (4 hours before,
        // not 12 and 1).
        clock.advance(12 * HOUR);
        assert_eq!(svc.tick().await.unwrap().warned, 0);
        clock.advance(8 * HOUR - 1);
        assert_eq!(svc.tick().await.unwrap().warned, 0);
        clock.advance(1);
        assert_eq!(svc.tick().await.unwrap().warned, 1, "4 hours before");
        assert!(direct_to(&svc, second).await.iter().any(|t| t.contains("runs out in 4 hours")));
        clock.advance(4 * HOUR);
        assert_eq!(svc.tick().await.unwrap(), Ticked { timed_out: 1, ..Ticked::default() });
        // The first player's turn: no warning at all.
        clock.advance(12 * HOUR);
        assert_eq!(svc.tick().await.unwrap(), Ticked::default(), "none at 12 hours");
        clock.advance(11 * HOUR);
        assert_eq!(svc.tick().await.unwrap(), Ticked::default(), "none at 1 hour");

        // `settings show`, in each player's language.
        let shown = Lang::En.say(&svc.settings_shown(second, Lang::En).await.unwrap());
        let lines = "Private messages: on\nReminders: at each game's interval\nWarnings: 4 hours before a turn runs \
                     out\nTime zone: UTC\nQuiet hours: none\nDaily digest: none\nLanguage: English\nColours: each game's\nVacation: none \
                     (14 days left this year)";
        assert_eq!(shown, format!("Your settings (each is changed by its own command under settings):\n{lines}"));
        let shown = Lang::Fr.say(&svc.settings_shown(first, Lang::Fr).await.unwrap());
        assert!(
            shown.contains("Avertissements\u{a0}: aucun\nFuseau horaire\u{a0}: Europe/Paris\nHeures calmes\u{a0}: aucune\nRésumé quotidien\u{a0}: aucun\nLangue\u{a0}: français"),
            "{shown}"
        );
    })
    .await;
}
