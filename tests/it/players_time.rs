//! Players' time (issue 46) on a fake clock, on both backends: quiet hours in Paris across both changes of
//! daylight-saving time (nothing private in them, one message when they end, thread posts and turn limits going on),
//! and the daily digest (at its hour in the player's zone, every game waiting on two servers and of two kinds, no
//! reminder beside it, once across a restart).

use crate::support::databases::{each_backend, TestDb};
use jiff::{civil::date, tz::TimeZone};
use meridian_bot::clock::{Clock, FakeClock, HOUR};
use meridian_bot::language::Lang;
use meridian_bot::service::game::games::{contrees, meridian};
use meridian_bot::service::{GameOptions, Payload, Place, QuietHours, Service, Target, Ticked, TurnClock, User};
use std::sync::Arc;

const MINUTE: i64 = 60_000;
const GUILD_A: Place = Place { guild_id: Some(500), channel_id: 100, lang: Lang::En };
const GUILD_B: Place = Place { guild_id: Some(600), channel_id: 200, lang: Lang::En };

async fn service(db: &TestDb, clock: &FakeClock) -> Service {
    Service::new(db.open().await, Arc::new(clock.clone()), Arc::new(|| 77)).with_pages("https://games.example")
}

/// Unix milliseconds of a UTC date and hour.
fn utc(y: i16, m: i8, d: i8, h: i8) -> i64 {
    date(y, m, d).at(h, 0, 0, 0).to_zoned_datetime(TimeZone::UTC).unwrap().timestamp().as_millisecond()
}

/// A started 2-player game in `place` between `a` (its host) and `b`, its thread `10_000 + id`; returns its id and
/// the user due first.
async fn started<O: GameOptions>(svc: &Service, place: Place, a: i64, b: i64, options: O) -> (i64, i64) {
    let id = svc.open_lobby(place, &User { id: a, name: format!("u{a}") }, options, &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    svc.join(id, &User { id: b, name: format!("u{b}") }).await.unwrap();
    svc.start(id, a).await.unwrap();
    (id, due(svc, id).await)
}

/// The user due in a game.
async fn due(svc: &Service, id: i64) -> i64 {
    let table = svc.game(id).await.unwrap();
    let seat = table.due().iter().next().unwrap();
    table.seats()[usize::from(seat)].user_id
}

/// The user due plays the first legal move, until `until` is due.
async fn play_until_due(svc: &Service, id: i64, until: i64) {
    while due(svc, id).await != until {
        let table = svc.game(id).await.unwrap();
        let seat = table.due().iter().next().unwrap();
        let mv = table.game().legal(seat)[0].clone();
        svc.act(id, table.seats()[usize::from(seat)].user_id, table.row().version, &mv, None).await.unwrap();
    }
}

/// Delivers (marks done) everything pending and returns it.
async fn sent(svc: &Service) -> Vec<Payload> {
    let pending = svc.pending(1000).await.unwrap();
    for p in &pending {
        svc.delivered(p.outbox_id).await.unwrap();
    }
    pending
}

fn meridian_options(turn_limit_days: u32, reminder_hours: u32) -> meridian::Options {
    let clock = TurnClock {
        turn_limit_days: Some(turn_limit_days),
        reminder_hours: Some(reminder_hours),
        ..TurnClock::default()
    };
    meridian::Options { clock, ..meridian::Options::default() }
}

/// One night of a Paris player with quiet hours 22-8, from Saturday noon UTC (the clock's now) to Sunday noon, the
/// clock moving 15 minutes at a time. Their quiet hours are `quiet` (UTC). In game A their turn runs all night (a
/// one-day limit, reminders every 3 hours); in game B they move an hour into their quiet hours (awake, as players
/// are) and the other player answers three hours later. Returns what they were sent privately, and when.
async fn night(svc: &Service, clock: &FakeClock, users: (i64, i64), quiet: (i64, i64)) -> Vec<(i64, String)> {
    let (noon, options) = (clock.now_ms(), meridian_options(1, 3));
    let (a, q) = started(svc, GUILD_A, users.0, users.1, options.clone()).await;
    let (b, also_q) = started(svc, GUILD_A, users.0, users.1, options).await;
    assert_eq!(q, also_q, "the same seat order in both games");
    let other = users.0 + users.1 - q;
    let player = User { id: q, name: format!("u{q}") };
    svc.set_time_zone(&player, Some("Europe/Paris")).await.unwrap();
    assert_eq!(svc.set_quiet(&player, Some(22), Some(8)).await.unwrap(), Some(QuietHours { from: 22, to: 8 }));
    let mut to_q: Vec<(i64, String)> =
        sent(svc).await.into_iter().filter(|p| p.target == Target::Direct(q)).map(|p| (noon, p.text)).collect();
    while clock.now_ms() < noon + 24 * HOUR {
        clock.advance(15 * MINUTE);
        let now = clock.now_ms();
        if now == quiet.0 + HOUR || now == quiet.0 + 4 * HOUR {
            let mover = due(svc, b).await;
            assert_eq!(mover, if now == quiet.0 + HOUR { q } else { other });
            play_until_due(svc, b, users.0 + users.1 - mover).await;
            // The thread hears of the move at once, and so does a player without quiet hours.
            let now_sent = sent(svc).await;
            assert!(now_sent.iter().any(|p| p.target == Target::Thread(10_000 + b)), "the board in the thread");
            let dm_to_other = now_sent.iter().any(|p| p.target == Target::Direct(other));
            assert_eq!(dm_to_other, mover == q, "the other player's note, at once");
            assert!(now_sent.iter().all(|p| p.target != Target::Direct(q)), "nothing private in quiet hours");
        }
        svc.tick().await.unwrap();
        to_q.extend(sent(svc).await.into_iter().filter(|p| p.target == Target::Direct(q)).map(|p| (now, p.text)));
    }
    assert_eq!(svc.game(a).await.unwrap().row().version, 1, "game A's turn ran out at noon, quiet hours or not");
    to_q
}

/// Private messages at `at`, sorted.
fn at(messages: &[(i64, String)], at: i64) -> Vec<&str> {
    let mut said: Vec<&str> = messages.iter().filter(|(when, _)| *when == at).map(|(_, text)| text.as_str()).collect();
    said.sort();
    said
}

/// The 12-hour warnings of games `ids`, whose turns end on Sunday at 12:00 UTC (`local` in Paris), sent `left`
/// before.
fn warnings(ids: [i64; 2], left: &str, local: &str) -> Vec<String> {
    let warning = |id: i64| {
        format!(
            "**Meridian #{id}**: your turn (turn 1). It runs out in {left}, on Sunday at {local} (Europe/Paris): after \
             that it is played for you.\nhttps://discord.com/channels/500/{}",
            10_000 + id
        )
    };
    ids.map(warning).to_vec()
}

/// Paris changes to summer time on the last Sunday of March (29 March 2026: quiet hours 22-8 from 21:00 to 06:00
/// UTC) and back on the last Sunday of October (25 October 2026: from 20:00 to 07:00 UTC). Every private message of
/// the night, by the minute: the your-turn notes at noon, reminders every 3 hours in both games, the 12-hour
/// warnings (due at midnight UTC, in quiet hours) 15 minutes before quiet hours, nothing in them, one message when
/// they end (game A's time left as of then, and game B, where it is the player's turn again; it stands for the
/// reminders due with it), then reminders and game A's 1-hour warning.
#[tokio::test]
async fn quiet_hours_in_paris_hold_private_messages_until_eight_across_daylight_saving_time() {
    each_backend(|db| async move {
        let clock = FakeClock::at(utc(2026, 3, 28, 12));
        let svc = service(&db, &clock).await;
        let march = night(&svc, &clock, (1, 2), (utc(2026, 3, 28, 21), utc(2026, 3, 29, 6))).await;
        let (sat, sun) = (|h: i64| utc(2026, 3, 28, 0) + h, |h: i64| utc(2026, 3, 29, 0) + h);
        // The message stands for the reminders due with it: the next ones come 3 hours later.
        let after = [6 * HOUR, 9 * HOUR, 9 * HOUR, 11 * HOUR, 12 * HOUR].map(sun);
        assert_eq!(times(&march), [evening(sat(0), 20 * HOUR + 45 * MINUTE), after.to_vec()].concat(), "{march:#?}");
        assert_eq!(at(&march, sat(20 * HOUR + 45 * MINUTE)), warnings([1, 2], "15 hours", "14:00"));
        let held = "While your quiet hours lasted:\n\
                    **Meridian #1**: your turn (turn 1). 6 hours left, until Sunday at 14:00 (Europe/Paris).\n\
                    https://discord.com/channels/500/10001 · page: <https://games.example/g/TOKEN1>\n\
                    **Meridian #2**: your turn (turn 3). 19 hours left, until Monday at 03:00 (Europe/Paris).\n\
                    https://discord.com/channels/500/10002 · page: <https://games.example/g/TOKEN2>";
        assert_eq!(at(&march, sun(6 * HOUR)), [with_pages(&svc, held, &[1, 2]).await.as_str()], "at 08:00");

        clock.advance(utc(2026, 10, 24, 12) - clock.now_ms());
        let october = night(&svc, &clock, (3, 4), (utc(2026, 10, 24, 20), utc(2026, 10, 25, 7))).await;
        let (sat, sun) = (|h: i64| utc(2026, 10, 24, 0) + h, |h: i64| utc(2026, 10, 25, 0) + h);
        // Game B's turn (from midnight UTC) has its 12-hour warning at noon.
        let after = [7 * HOUR, 10 * HOUR, 10 * HOUR, 11 * HOUR, 12 * HOUR].map(sun);
        let expected = [evening(sat(0), 19 * HOUR + 45 * MINUTE), after.to_vec()].concat();
        assert_eq!(times(&october), expected, "{october:#?}");
        assert_eq!(at(&october, sat(19 * HOUR + 45 * MINUTE)), warnings([3, 4], "16 hours", "13:00"));
        let held = "While your quiet hours lasted:\n\
                    **Meridian #3**: your turn (turn 1). 5 hours left, until Sunday at 13:00 (Europe/Paris).\n\
                    https://discord.com/channels/500/10003 · page: <https://games.example/g/TOKEN3>\n\
                    **Meridian #4**: your turn (turn 3). 17 hours left, until Monday at 01:00 (Europe/Paris).\n\
                    https://discord.com/channels/500/10004 · page: <https://games.example/g/TOKEN4>";
        assert_eq!(at(&october, sun(7 * HOUR)), [with_pages(&svc, held, &[3, 4]).await.as_str()], "at 08:00");
    })
    .await;
}

/// When a night's private messages came.
fn times(messages: &[(i64, String)]) -> Vec<i64> {
    messages.iter().map(|(t, _)| *t).collect()
}

/// The evening's private messages of a night from `saturday` (00:00 UTC): both games' your-turn notes at noon, their
/// reminders at 15:00 and 18:00, and their 12-hour warnings at `warned` (hours after `saturday`), two of each.
fn evening(saturday: i64, warned: i64) -> Vec<i64> {
    [12 * HOUR, 15 * HOUR, 18 * HOUR, warned].into_iter().flat_map(|h| [saturday + h; 2]).collect()
}

/// `text` with each `TOKEN<id>` replaced by the token of game `id`'s page.
async fn with_pages(svc: &Service, text: &str, ids: &[i64]) -> String {
    let mut text = text.to_string();
    for &id in ids {
        let page = svc.standing(id).await.unwrap().page.unwrap();
        let token = page.rsplit('/').next().unwrap().to_string();
        text = text.replace(&format!("TOKEN{id}"), &token);
    }
    text
}

/// A player in Paris with a digest at 9: games waiting for them on two servers, a Meridian and a Contrées, each
/// listed with its time left, thread and page; a game not waiting for them is not; no reminder comes beside it, and
/// it comes once a day, once across a restart.
#[tokio::test]
async fn a_daily_digest_at_nine_lists_the_games_of_two_servers_and_two_kinds() {
    each_backend(|db| async move {
        let clock = FakeClock::at(utc(2026, 7, 8, 5)); // Wednesday, 07:00 in Paris
        let svc = service(&db, &clock).await;
        let (m, _) = started(&svc, GUILD_A, 1, 2, meridian_options(3, 6)).await;
        play_until_due(&svc, m, 1).await;
        let clock_days = TurnClock { turn_limit_days: Some(4), ..TurnClock::default() };
        let (c, _) = started(&svc, GUILD_B, 3, 1, contrees::Options { clock: clock_days, ..Default::default() }).await;
        play_until_due(&svc, c, 1).await;
        let (waiting_on_another, _) = started(&svc, GUILD_B, 1, 4, meridian_options(3, 6)).await;
        play_until_due(&svc, waiting_on_another, 4).await;
        let player = User { id: 1, name: "u1".into() };
        svc.set_time_zone(&player, Some("Europe/Paris")).await.unwrap();
        assert_eq!(svc.set_digest(&player, Some(9)).await.unwrap(), Some(9));
        fn refused<T: std::fmt::Debug>(r: Result<T, meridian_bot::service::ServiceError>) -> String {
            r.unwrap_err().to_string()
        }
        assert_eq!(refused(svc.set_digest(&player, Some(24)).await), "Hours of the day are 0 to 23, not 24.");
        let same = "Quiet hours from 08:00 to 08:00 would last no time at all: give two different hours.";
        assert_eq!(refused(svc.set_quiet(&player, Some(8), Some(8)).await), same);
        let one = "Give both hours (from and to), or neither to have no quiet hours.";
        assert_eq!(refused(svc.set_quiet(&player, None, Some(8)).await), one);
        assert_eq!(refused(svc.set_quiet(&player, Some(25), Some(8)).await), "Hours of the day are 0 to 23, not 25.");
        let shown = Lang::En.say(&svc.settings_shown(1, Lang::En).await.unwrap());
        assert!(shown.contains("\nQuiet hours: none\nDaily digest: at 09:00\n"), "{shown}");
        sent(&svc).await;

        let mut to_player = Vec::new();
        let mut svc = svc;
        for hour in 1..=48 {
            clock.advance(HOUR);
            if hour == 30 {
                svc = service(&db, &clock).await; // a restart
            }
            svc.tick().await.unwrap();
            let now = clock.now_ms();
            to_player
                .extend(sent(&svc).await.into_iter().filter(|p| p.target == Target::Direct(1)).map(|p| (now, p.text)));
        }
        let digest = "2 games are waiting for you:\n\
                      **Meridian #1**: your turn (turn 1). 2 days 22 hours left, until Saturday at 07:00 (Europe/Paris).\n\
                      https://discord.com/channels/500/10001 · page: <https://games.example/g/TOKEN1>\n\
                      **Contrées #2**: your turn (turn 2). 3 days 22 hours left, until Sunday at 07:00 (Europe/Paris).\n\
                      https://discord.com/channels/600/10002 · page: <https://games.example/g/TOKEN2>";
        let times: Vec<i64> = to_player.iter().map(|(t, _)| *t).collect();
        assert_eq!(times, [utc(2026, 7, 8, 7), utc(2026, 7, 9, 7)], "09:00 in Paris, once a day: {to_player:#?}");
        assert_eq!(to_player[0].1, with_pages(&svc, digest, &[1, 2]).await);
        assert_eq!(Ticked::default(), svc.tick().await.unwrap());
    })
    .await;
}
