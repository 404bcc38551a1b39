//! Tournaments (issue 49), through the service on the fake clock, on both backends: a Swiss of seven (five people
//! and two computers) over three rounds of Contrées, its standings worked by hand; a round robin of Meridian for
//! five at tables of three or four; a withdrawal mid-tournament.

use crate::support::databases::TestDb;
use crate::support::playing::{drain, refused, user};
use meridian_bot::clock::{Clock, FakeClock};
use meridian_bot::language::Lang;
use meridian_bot::service::game::any::Listed;
use meridian_bot::service::game::games::contrees::ContreesGame;
use meridian_bot::service::game::games::meridian::MeridianGame;
use meridian_bot::service::game::Kind;
use meridian_bot::service::{
    Level, Organiser, Payload, Place, Service, ServiceError, Setup, Target, TournamentView, TurnClock,
};
use meridian_bot::store::Status;
use meridian_bot::tournament::{Format, Stage};
use serde_json::json;
use std::collections::BTreeSet;
use std::sync::Arc;

const PLACE: Place = Place { guild_id: Some(700), channel_id: 170, lang: Lang::En };
const HOST: i64 = 1;
/// The host may manage threads where they create it.
const MODERATOR: Organiser = Organiser { moderates: Some(PLACE), roles: Vec::new() };

async fn service(db: &TestDb) -> (Service, FakeClock) {
    let clock = FakeClock::at(1_790_000_000_000);
    let next = Arc::new(std::sync::atomic::AtomicU64::new(500));
    let seeds = move || next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    (Service::new(db.open().await, Arc::new(clock.clone()), Arc::new(seeds)), clock)
}

fn setup(name: &str, format: Format, rounds: Option<u32>, computers: usize) -> Setup {
    Setup { name: name.into(), format, rounds, starts_at: None, computers: vec![Level::Easy; computers] }
}

/// A tournament of `game` that `HOST` creates at `PLACE`, each game on the default turn clock.
async fn hosted(svc: &Service, setup: &Setup, game: Kind) -> Result<i64, ServiceError> {
    svc.create_tournament(PLACE, &user(HOST), setup, (game, TurnClock::default()), &MODERATOR).await
}

/// Each round's tables as names, and its byes.
fn draws(view: &TournamentView) -> Vec<(Vec<Vec<String>>, Vec<String>)> {
    let names = |t: &meridian_bot::service::TableView| t.players.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    view.rounds_played.iter().map(|r| (r.games.iter().map(names).collect(), r.byes.clone())).collect()
}

/// Ends every game of the tournament's current round as `winner` picks among its seats' user ids (the others, if
/// people, resign; a game `winner` leaves to the computers is played out by them). Returns the games.
async fn end_round(svc: &Service, view: &TournamentView, winner: impl Fn(&[i64]) -> Option<i64>) -> Vec<i64> {
    let games: Vec<i64> = view.rounds_played.last().unwrap().games.iter().map(|g| g.game).collect();
    for &id in &games {
        let table = svc.game(id).await.unwrap();
        let users: Vec<i64> = table.seats().iter().map(|s| s.user_id).collect();
        match winner(&users) {
            Some(w) => {
                for &u in users.iter().filter(|&&u| u != w && u > 0) {
                    if svc.game(id).await.unwrap().row().status == Status::Active {
                        svc.resign(id, u).await.unwrap();
                    }
                }
            }
            None => {
                while svc.game(id).await.unwrap().row().status == Status::Active {
                    assert!(svc.tick().await.unwrap().computer_moves > 0, "game #{id} stalls");
                }
            }
        }
        assert_eq!(svc.game(id).await.unwrap().row().status, Status::Finished);
    }
    games
}

/// The standings as `(name, points, Buchholz, Sonneborn-Berger)`.
fn standings(view: &TournamentView) -> Vec<(String, f64, f64, f64)> {
    view.standings.iter().map(|l| (l.name.clone(), l.points, l.buchholz, l.sonneborn_berger)).collect()
}

/// Seven entrants: the two computers first (entered when it is created), then u2..u6. People resign to a
/// computer; between people the first entered wins; two computers play it out.
async fn swiss_of_seven(svc: &Service) {
    let id = hosted(svc, &setup("Winter Swiss", Format::Swiss, Some(3), 2), ContreesGame::LISTED).await.unwrap();
    svc.set_tournament_thread(id, 5_000, 5_001).await.unwrap();
    for u in 2..=6 {
        svc.enter_tournament(id, &user(u), PLACE.guild_id).await.unwrap();
    }
    assert_eq!(
        refused(svc.enter_tournament(id, &user(2), PLACE.guild_id).await),
        format!("You are entered in tournament #{id} already.")
    );
    assert_eq!(refused(svc.start_tournament(id, 2, None).await), format!(
        "Only the host of tournament #{id} can start it, or someone who may manage threads in its channel (type the command there or in its thread)."));
    svc.start_tournament(id, HOST, None).await.unwrap();
    assert_eq!(
        refused(svc.enter_tournament(id, &user(7), PLACE.guild_id).await),
        format!("Tournament #{id} is no longer taking entries: it has started.")
    );
    let first_entered = |users: &[i64]| -> Option<i64> {
        let computers = users.iter().filter(|&&u| u < 0).count();
        match computers {
            2 => None,
            1 => users.iter().copied().find(|&u| u < 0),
            _ => users.iter().copied().min(),
        }
    };
    let mut met: BTreeSet<(String, String)> = BTreeSet::new();
    let mut announced = Vec::new();
    for round in 1..=3 {
        let view = svc.tournament_view(id).await.unwrap();
        let posts = drain(svc).await;
        let opened: Vec<&Payload> = posts.iter().filter(|p| matches!(p.target, Target::NewThread { .. })).collect();
        assert_eq!(opened.len(), 3, "round {round}: a thread opened for each game");
        if round == 1 {
            let first = opened[0];
            let game = view.rounds_played[0].games[0].game;
            assert_eq!(
                first.target,
                Target::NewThread { channel: 170, name: format!("Winter Swiss, round 1: game #{game}") }
            );
            assert_eq!(
                first.text,
                format!(
                    "**Winter Swiss**, round 1, table 1: Computer 1 (easy) and u3 play game #{game} in this thread."
                )
            );
            assert_eq!(first.mentions, vec![3]);
        }
        announced.extend(posts.iter().filter(|p| p.target == Target::Thread(5_000)).map(|p| p.text.clone()));
        assert_eq!((view.stage, view.round, view.rounds), (Stage::Running, round, Some(3)));
        let (tables, byes) = draws(&view).pop().unwrap();
        assert_eq!((tables.len(), byes.len()), (3, 1), "round {round}: three games and one bye");
        for t in &tables {
            let mut pair = t.clone();
            pair.sort();
            assert!(met.insert((pair[0].clone(), pair[1].clone())), "round {round}: {pair:?} met before");
        }
        end_round(svc, &view, first_entered).await;
        svc.tick().await.unwrap();
    }
    let view = svc.tournament_view(id).await.unwrap();
    announced.extend(drain(svc).await.iter().filter(|p| p.target == Target::Thread(5_000)).map(|p| p.text.clone()));
    assert_eq!(view.stage, Stage::Finished);
    let names = |tables: &[&[&str]]| tables.iter().map(|t| t.iter().map(|n| n.to_string()).collect()).collect();
    let (c1, c2) = ("Computer 1 (easy)", "Computer 2 (easy)");
    // Round 1: all on 0 and rated alike, so in entry order: the top half meets the bottom half, the last sits out.
    // Round 2: on 1 point C1, C2 (their level's rating up twice), u2 (up once), u6 (the bye); on 0 u3, u4 and u5,
    // who lost alike, so in entry order: u5 sits out. Round 3: C1 and C2 alone on 2; u4 is the one left without a
    // bye; u2 on 1 meets u6 (its partner in the bottom half), u5 having met it.
    assert_eq!(
        draws(&view),
        vec![
            (names(&[&[c1, "u3"], &["u4", c2], &["u2", "u5"]]), vec!["u6".to_string()]),
            (names(&[&[c1, "u2"], &["u6", c2], &["u4", "u3"]]), vec!["u5".to_string()]),
            (names(&[&[c1, c2], &["u2", "u6"], &["u5", "u3"]]), vec!["u4".to_string()]),
        ]
    );
    // Worked by hand from the results: C1 won all three (C1 beat C2 in round 3, played out); C2, u2 and u3 two
    // each; u4, u5 and u6 their bye. Buchholz (opponents' points, byes counting nothing): C1 u3 + u2 + C2 = 2 + 2 +
    // 2 = 6; C2 u4 + u6 + C1 = 1 + 1 + 3 = 5; u2 u5 + C1 + u6 = 1 + 3 + 1 = 5; u3 C1 + u4 + u5 = 3 + 1 + 1 = 5; u4
    // C2 + u3 = 4; u5 u2 + u3 = 4; u6 C2 + u2 = 4. Sonneborn-Berger (the points of those beaten): C1 6; C2 u4 + u6 =
    // 2; u2 u5 + u6 = 2; u3 u4 + u5 = 2; the others beat nobody. Ties left go by entry: C2, u2, u3; u4, u5, u6.
    let line = |name: &str, points: f64, buchholz: f64, sb: f64| (name.to_string(), points, buchholz, sb);
    assert_eq!(
        standings(&view),
        vec![
            line(c1, 3.0, 6.0, 6.0),
            line(c2, 2.0, 5.0, 2.0),
            line("u2", 2.0, 5.0, 2.0),
            line("u3", 2.0, 5.0, 2.0),
            line("u4", 1.0, 4.0, 0.0),
            line("u5", 1.0, 4.0, 0.0),
            line("u6", 1.0, 4.0, 0.0),
        ]
    );
    // The tournament's thread: each round announced with the standings it starts from, then the winner.
    let table = |lines: &[&str]| {
        let header = "  #  Player             Points  Buch.    S-B";
        ["```", header].into_iter().chain(lines.iter().copied()).chain(["```"]).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(
        announced,
        vec![
            "**Winter Swiss**: round 1 of 3 begins, 3 games, a bye for u6.".to_string(),
            format!(
                "**Winter Swiss**: round 2 of 3 begins, 3 games, a bye for u5.\n{}",
                table(&[
                    "  1  Computer 1 (easy)       1      0      0",
                    "  2  Computer 2 (easy)       1      0      0",
                    "  3  u2                      1      0      0",
                    "  4  u6                      1      0      0",
                    "  5  u3                      0      1      0",
                    "  6  u4                      0      1      0",
                    "  7  u5                      0      1      0",
                ])
            ),
            format!(
                "**Winter Swiss**: round 3 of 3 begins, 3 games, a bye for u4.\n{}",
                table(&[
                    "  1  Computer 1 (easy)       2      2      2",
                    "  2  Computer 2 (easy)       2      1      1",
                    "  3  u2                      1      3      1",
                    "  4  u3                      1      2      0",
                    "  5  u6                      1      2      0",
                    "  6  u5                      1      1      0",
                    "  7  u4                      0      3      0",
                ])
            ),
            format!(
                "**Winter Swiss** is over. Computer 1 (easy) wins!\n{}",
                table(&[
                    "  1  Computer 1 (easy)       3      6      6",
                    "  2  Computer 2 (easy)       2      5      2",
                    "  3  u2                      2      5      2",
                    "  4  u3                      2      5      2",
                    "  5  u4                      1      4      0",
                    "  6  u5                      1      4      0",
                    "  7  u6                      1      4      0",
                ])
            ),
        ]
    );
}

/// Five people in a round robin of Meridian: tables of four, one sitting out a round, for five rounds; at each
/// table the first entered wins and the others resign.
async fn round_robin_of_five(svc: &Service) {
    let id = hosted(svc, &setup("Meridian League", Format::RoundRobin, None, 0), MeridianGame::LISTED).await.unwrap();
    for u in 1..=5 {
        svc.enter_tournament(id, &user(u), PLACE.guild_id).await.unwrap();
    }
    svc.start_tournament(id, HOST, None).await.unwrap();
    let mut meetings = std::collections::BTreeMap::<(String, String), u32>::new();
    for round in 1..=5 {
        let view = svc.tournament_view(id).await.unwrap();
        assert_eq!((view.round, view.rounds), (round, Some(5)));
        let (tables, byes) = draws(&view).pop().unwrap();
        assert_eq!((tables.iter().map(Vec::len).collect::<Vec<_>>(), byes.len()), (vec![4], 1), "round {round}");
        for t in &tables {
            for a in t {
                for b in t.iter().filter(|b| a < *b) {
                    *meetings.entry((a.clone(), b.clone())).or_default() += 1;
                }
            }
        }
        end_round(svc, &view, |users| users.iter().copied().min()).await;
        drain(svc).await;
        svc.tick().await.unwrap();
    }
    // Every pair of the ten met, three times each: whenever neither sat out.
    assert_eq!(meetings.len(), 10);
    assert!(meetings.values().all(|&m| m == 3), "{meetings:?}");
    let view = svc.tournament_view(id).await.unwrap();
    assert_eq!(view.stage, Stage::Finished);
    let byes: Vec<String> = draws(&view).into_iter().flat_map(|(_, byes)| byes).collect();
    assert_eq!(byes, ["u5", "u4", "u3", "u2", "u1"]);
    // Won by the first entered at its table; the other three resigned, tied behind: a third each. A bye is a
    // middle place's half point. u1: 4 wins + its bye (round 5). u2: wins when u1 sat out (round 5), else a third
    // three times, + its bye. And so on down; Buchholz and Sonneborn-Berger weigh each game's opponents' mean.
    let got: Vec<(String, String)> = view
        .standings
        .iter()
        .map(|l| (l.name.clone(), format!("{:.3} {:.3} {:.3}", l.points, l.buchholz, l.sonneborn_berger)))
        .collect();
    // By hand: u1 4 + ½ = 4½; u2 1 + ⅓·3 + ½ = 2½; u3, u4, u5 ⅓·4 + ½ = 1⅚. u1's Buchholz: three tables with u2 and
    // two of u3..u5, (2½ + 1⅚ + 1⅚)/3 = 2 1/18 each, and one of u3..u5, 1⅚: 8 (its Sonneborn-Berger too, all won).
    // u2's: three with u1, (4½ + 1⅚ + 1⅚)/3 = 2 13/18 each, one with u3..u5: 10; Sonneborn-Berger ⅓·3·2 13/18 +
    // 1⅚ = 4 5/9. u3's: 2 17/18 twice (u1, u2, another), 2 13/18 (u1 and two others), 2 1/18 (u2 and two others):
    // 10⅔, a third of it won: 3 5/9.
    let expected = [
        ("u1", "4.500 8.000 8.000"),
        ("u2", "2.500 10.000 4.556"),
        ("u3", "1.833 10.667 3.556"),
        ("u4", "1.833 10.667 3.556"),
        ("u5", "1.833 10.667 3.556"),
    ];
    assert_eq!(got, expected.map(|(n, l)| (n.to_string(), l.to_string())));
}

/// Four people in a Swiss of Contrées: one leaves before it starts (the others move up), one withdraws during
/// round 1 (their seat resigns: the game ends, their opponent winning) and is left out after it.
async fn withdrawal(svc: &Service) {
    let id = hosted(svc, &setup("Cup", Format::Swiss, Some(2), 0), ContreesGame::LISTED).await.unwrap();
    for u in 2..=6 {
        svc.enter_tournament(id, &user(u), PLACE.guild_id).await.unwrap();
    }
    svc.withdraw_from_tournament(id, 3).await.unwrap();
    assert_eq!(svc.tournament_view(id).await.unwrap().entrants, ["u2", "u4", "u5", "u6"]);
    assert_eq!(refused(svc.withdraw_from_tournament(id, 3).await), format!("You are not entered in tournament #{id}."));
    svc.start_tournament(id, HOST, None).await.unwrap();
    let view = svc.tournament_view(id).await.unwrap();
    assert_eq!(
        draws(&view),
        vec![(vec![vec!["u2".to_string(), "u5".to_string()], vec!["u6".to_string(), "u4".to_string()]], vec![])]
    );
    let game = view.rounds_played[0].games[1].game;
    drain(svc).await;
    svc.withdraw_from_tournament(id, 6).await.unwrap();
    assert_eq!(
        refused(svc.withdraw_from_tournament(id, 6).await),
        format!("You have withdrawn from tournament #{id} already.")
    );
    let table = svc.game(game).await.unwrap();
    assert_eq!(table.row().status, Status::Finished);
    let told: Vec<String> = drain(svc)
        .await
        .into_iter()
        .filter(|p| p.target == Target::Thread(table.row().channel_id))
        .map(|p| p.text)
        .collect();
    assert_eq!(
        told,
        ["u6 resigned. The game is over.\nFinal scores: u6 0, u4 0. Winner: u4.\nRatings: u6 1500 → 1338 (-162, \
          provisional), u4 1500 → 1662 (+162, provisional). A rating is provisional for its player's first 5 rated \
          games: it moves fast until then."]
    );
    // The other game ends; round 2 leaves u6 out: three play, one sits out.
    end_round(svc, &view, |users| users.iter().copied().min()).await;
    svc.tick().await.unwrap();
    let view = svc.tournament_view(id).await.unwrap();
    let (tables, byes) = draws(&view).pop().unwrap();
    // u2 and u4 won (u4 by u6's withdrawal): they meet; u5, the lowest placed, sits out.
    assert_eq!((tables, byes), (vec![vec!["u2".to_string(), "u4".to_string()]], vec!["u5".to_string()]));
    // During round 2: u2 and u5 (its bye) on 1 with Buchholz 1 (each other's point), u2 ahead for beating u5; u4 on 1
    // with Buchholz 0 (u6's); u6 withdrawn, still listed.
    let got: Vec<(String, f64, bool)> =
        view.standings.iter().map(|l| (l.name.clone(), l.points, l.withdrawn)).collect();
    let expected = [("u2", 1.0, false), ("u5", 1.0, false), ("u4", 1.0, false), ("u6", 0.0, true)];
    assert_eq!(got, expected.map(|(n, p, w)| (n.to_string(), p, w)));
    assert_eq!(
        refused(svc.enter_tournament(id, &user(6), PLACE.guild_id).await),
        format!("Tournament #{id} is no longer taking entries: it has started.")
    );

    // Round 2's game has no host: the tournament's host cannot abandon it (its channel's moderators can). Commands
    // typed in its thread are about this tournament, though a newer one is open on the server.
    let game = view.rounds_played[1].games[0].game;
    assert_eq!(
        refused(svc.abandon(game, HOST, None).await),
        format!(
            "Only the host of game #{game} can abandon it, or someone who may manage threads in its own channel \
             (type the command in the game's thread)."
        )
    );
    svc.game_thread_opened(game, 9_000, 9_000).await.unwrap();
    let newer = setup("Later", Format::Swiss, None, 0);
    let later = hosted(svc, &newer, ContreesGame::LISTED).await.unwrap();
    let in_game_thread = Place { channel_id: 9_000, ..PLACE };
    assert_eq!(svc.tournament_here(ContreesGame::LISTED, in_game_thread, None).await.unwrap(), id);
    assert_eq!(svc.tournament_here(ContreesGame::LISTED, PLACE, None).await.unwrap(), later);
    // u4 hands their seat to a computer, and u2 resigns: the computer wins the game, but points are for games
    // played, so u4 scores last and u2 the win.
    svc.hand_to_computer(game, 4, &user(4), Level::Easy).await.unwrap();
    svc.resign(game, 2).await.unwrap();
    svc.tick().await.unwrap();
    let view = svc.tournament_view(id).await.unwrap();
    let scored: Vec<(String, Option<f64>)> = view.rounds_played[1].games[0].players.clone();
    assert_eq!(scored, [("u2".to_string(), Some(1.0)), ("u4".to_string(), Some(0.0))]);
    assert_eq!(view.stage, Stage::Finished);
}

/// The real bot on the fake Discord: a tournament created (refused to someone who may not manage threads here),
/// entered with the button and the command, started with the button; its game opens its thread from a message in
/// the channel, the tournament's thread announces the round and, once the game ends by a resignation, the winner.
#[tokio::test]
async fn a_tournament_through_commands_and_buttons() {
    use crate::support::fake_discord::{opt, Fake, FakeUser, MANAGE_THREADS};
    use serde_json::json;
    const CHANNEL: u64 = 100;
    const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
    const BEN: FakeUser = FakeUser { id: 12, name: "ben" };
    const CY: FakeUser = FakeUser { id: 13, name: "cy" };
    const DAN: FakeUser = FakeUser { id: 14, name: "dan" };
    /// Discord's `MANAGE_GUILD`.
    const MANAGE_GUILD: u64 = 1 << 5;
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let child = fake.bot_command(dir.path()).spawn().unwrap();
    fake.connected(1).await;
    fake.set_permissions(CHANNEL, ANA, MANAGE_THREADS);
    let options = json!([opt("name", 3, json!("Cup")), opt("format", 4, json!(0))]);
    let refused = fake.answer(fake.slash_under("contrees", CHANNEL, BEN, "tournament create", options.clone())).await;
    assert!(refused.ephemeral);
    assert_eq!(
        refused.content,
        "Creating a tournament here takes the permission to manage threads in this channel, or the server's \
         organisers' role."
    );
    let announced = fake.answer(fake.slash_under("contrees", CHANNEL, ANA, "tournament create", options)).await;
    assert!(!announced.ephemeral);
    assert_eq!(
        announced.content,
        "**Cup** takes entries until its host starts it.\nIt is a Swiss tournament of Contrées (tournament #1): join with \
         the button below.\nNobody has entered yet."
    );
    let tournament_thread =
        fake.wait(15, "the tournament's thread", |s| s.threads.get(&announced.id).map(|_| announced.id)).await;
    async fn followup(fake: &Fake, click: u64) -> crate::support::fake_discord::Msg {
        fake.wait(15, "a click's answer", |s| {
            s.interactions[&click].followups.last().and_then(|&f| s.message(f).cloned())
        })
        .await
    }
    let said = followup(&fake, fake.click(BEN, announced.id, "tour:1:join", None)).await;
    assert_eq!(said.content, "You are entered in Cup (tournament #1). Your games start by themselves, each in a thread of its own, and you are told when it is your turn.");
    let by_command = fake.answer(fake.slash_under("contrees", CHANNEL, CY, "tournament join", json!([]))).await;
    assert!(by_command.ephemeral && by_command.content.starts_with("You are entered in Cup"), "{}", by_command.content);
    fake.wait(15, "the announcement listing both", |s| {
        s.message(announced.id).filter(|m| m.content.ends_with("2 entrants: ben and cy.")).map(|_| ())
    })
    .await;
    let not_host = followup(&fake, fake.click(BEN, announced.id, "tour:1:start", None)).await;
    assert!(
        not_host.ephemeral && not_host.content.starts_with("Only the host of tournament #1 can start it"),
        "{}",
        not_host.content
    );
    let started = followup(&fake, fake.click(ANA, announced.id, "tour:1:start", None)).await;
    assert_eq!(started.content, "Cup has started: the first round's games are opening in this channel.");

    // The game's thread, opened from a message in the channel that pings both players.
    let opening = fake
        .wait(15, "the game's opening message", |s| {
            s.posts(CHANNEL).into_iter().find(|m| m.content.starts_with("**Cup**, round 1")).cloned()
        })
        .await;
    assert_eq!(opening.content, "**Cup**, round 1, table 1: ben and cy play game #1 in this thread. <@12> <@13>");
    assert_eq!(opening.pings, ["user:12", "user:13"]);
    fake.wait(15, "the game's board in its thread", |s| {
        (s.threads.get(&opening.id) == Some(&CHANNEL) && s.posts(opening.id).iter().any(|m| !m.files.is_empty()))
            .then_some(())
    })
    .await;
    fake.wait(15, "round 1 announced", |s| {
        s.posts(tournament_thread).iter().any(|m| m.content == "**Cup**: round 1 of 1 begins, 1 game.").then_some(())
    })
    .await;
    // ben resigns: cy wins the game and the tournament.
    fake.answer(fake.slash_under("contrees", opening.id, BEN, "resign", json!([]))).await;
    let over = fake
        .wait(30, "the tournament's end", |s| {
            s.posts(tournament_thread).into_iter().find(|m| m.content.starts_with("**Cup** is over.")).cloned()
        })
        .await;
    assert!(over.content.starts_with("**Cup** is over. cy wins!\n```\n"), "{}", over.content);
    let standings =
        fake.answer(fake.slash_under("contrees", tournament_thread, BEN, "tournament standings", json!([]))).await;
    assert!(
        standings.ephemeral && standings.content.starts_with("**Cup** is over, after 1 round.\n```"),
        "{}",
        standings.content
    );
    fake.wait(15, "the announcement brought up to date", |s| {
        s.message(announced.id).filter(|m| m.content.starts_with("**Cup** is over, after 1 round.\n")).map(|_| ())
    })
    .await;
    // A server manager names an organisers' role; its members may create tournaments anywhere on the server.
    const ORGANISERS: u64 = 77;
    let name_organisers = |who| {
        fake.answer(fake.slash_under(
            "contrees",
            CHANNEL,
            who,
            "tournament organisers",
            json!([opt("role", 8, json!("77"))]),
        ))
    };
    let named = name_organisers(BEN).await;
    assert_eq!(named.content, "Naming the organisers' role takes the permission to manage this server.");
    fake.set_permissions(CHANNEL, CY, MANAGE_GUILD);
    let named = name_organisers(CY).await;
    assert_eq!(named.content, format!("Members of <@&{ORGANISERS}> may now create tournaments on this server, besides those who may manage threads in a channel."));
    fake.give_role(DAN, ORGANISERS);
    let other = fake
        .answer(fake.slash_under(
            "contrees",
            101,
            DAN,
            "tournament create",
            json!([opt("name", 3, json!("Dan's")), opt("format", 4, json!(1))]),
        ))
        .await;
    assert!(!other.ephemeral && other.content.starts_with("**Dan's** takes entries"), "{}", other.content);
    assert!(fake.state().violations.is_empty(), "{:?}", fake.state().violations);
    drop(child);
}

/// The tournament's page in a real headless Chromium: a Swiss of four over two rounds, finished; its standings,
/// cross-table and rounds as a reader sees them, in English and in French, and a game's link leading to its page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_page_in_chromium() {
    use crate::browser::{browser, chromium_here, Driver};
    use std::time::Duration;
    if !chromium_here() {
        return;
    }
    let db = TestDb::new(meridian_bot::store::Backend::Sqlite).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (svc, _clock) = service(&db).await;
    let svc = Arc::new(svc.with_pages(&base));
    tokio::spawn(meridian_bot::web::serve(listener, svc.clone(), Default::default()));
    let cup = setup("Cup <b>", Format::Swiss, Some(2), 0);
    let id = hosted(&svc, &cup, ContreesGame::LISTED).await.unwrap();
    for u in 2..=5 {
        svc.enter_tournament(id, &user(u), PLACE.guild_id).await.unwrap();
    }
    svc.start_tournament(id, HOST, None).await.unwrap();
    for _ in 0..2 {
        let view = svc.tournament_view(id).await.unwrap();
        end_round(&svc, &view, |users| users.iter().copied().min()).await;
        svc.tick().await.unwrap();
    }
    let view = svc.tournament_view(id).await.unwrap();
    assert_eq!(view.stage, Stage::Finished);
    let url = view.url.clone().unwrap();
    assert!(url.starts_with(&format!("{base}/t/")), "{url}");

    let (_driver, webdriver) = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let client = browser(&webdriver, profile.path()).await;
    client.goto(&url).await;
    client.wait_for("#standings", Duration::from_secs(20)).await;
    if let Some(found) = crate::browser::accessibility_violations(&client).await {
        assert_eq!(found, Vec::<String>::new(), "the tournament's page (issue 62)");
    }
    let read = r##"
        const rows = (id) => Array.from(document.querySelectorAll(`#${id} tbody tr`))
            .map((tr) => Array.from(tr.children).map((td) => td.textContent));
        return {
            title: document.querySelector("h1").textContent,
            state: document.getElementById("state").textContent,
            standings: rows("standings"),
            cross: rows("cross"),
            rounds: Array.from(document.querySelectorAll(".round li")).map((li) => li.textContent),
            links: Array.from(document.querySelectorAll(".round a")).map((a) => a.getAttribute("href")),
            unfurled: ["og:title", "og:description", "og:url"]
                .map((p) => document.querySelector(`meta[property="${p}"]`).getAttribute("content")),
        };"##;
    let shown = client.execute(read).await;
    // u2 beat u4, u3 beat u5; then u2 beat u3, u4 beat u5. Buchholz: u2 u4 + u3 = 2, u3 u5 + u2 = 2, u4 u2 + u5 =
    // 2, u5 u3 + u4 = 2; Sonneborn-Berger: u2 2, u3 and u4 0 (they beat u5, on 0), so u3 is ahead by entry. The
    // name's markup is text, not HTML. The last column is each entrant's turns in time: every game ended by a
    // resignation before anyone played a turn, so each is new.
    assert_eq!(shown["title"], "Cup <b>: Contrées, Swiss");
    assert_eq!(shown["state"], "Over after 2 rounds.");
    // A link to it unfurls to the tournament, where it stands and its leaders.
    assert_eq!(
        shown["unfurled"],
        json!(["Cup <b>: Contrées, Swiss", "Over after 2 rounds. 1. u2 2 2. u3 1 3. u4 1 4. u5 0", url])
    );
    let row = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    assert_eq!(
        shown["standings"],
        json!([
            row(&["1", "u2", "2", "2", "2", "2", "0", "new"]),
            row(&["2", "u3", "1", "2", "0", "2", "0", "new"]),
            row(&["3", "u4", "1", "2", "0", "2", "0", "new"]),
            row(&["4", "u5", "0", "2", "0", "2", "0", "new"]),
        ])
    );
    assert_eq!(
        shown["cross"],
        json!([
            row(&["1", "u2", "×", "1", "1", ""]),
            row(&["2", "u3", "0", "×", "", "1"]),
            row(&["3", "u4", "0", "", "×", "1"]),
            row(&["4", "u5", "", "0", "0", "×"]),
        ])
    );
    assert_eq!(shown["rounds"].as_array().unwrap().len(), 4);
    assert_eq!(shown["links"].as_array().unwrap().len(), 4);
    let first = &view.rounds_played[0].games[0];
    let link = first.url.clone().unwrap();
    assert_eq!(shown["links"][0], link.as_str());

    // In French, the same page: its words and its decimal marks.
    client.goto(&format!("{url}?lang=fr")).await;
    client.wait_for("#standings", Duration::from_secs(20)).await;
    let french = client.execute(read).await;
    assert_eq!(french["title"], "Cup <b>\u{a0}: Contrées, suisse");
    assert_eq!(french["state"], "Terminé après 2 rondes.");
    // A game's link opens its page.
    client.goto(&link).await;
    client.wait_for("#game[data-ready]", Duration::from_secs(20)).await;
    client.close().await;
}

/// Two bot processes on one PostgreSQL database (a shard each) run a Swiss of six over three rounds, due to start
/// at a set time; one is killed with SIGKILL as the first round's last game ends, and started again. Every round
/// starts once: three games a round, each opened once in the channel with its thread, four lines in the
/// tournament's thread (three rounds and the end).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_and_a_sigkill_start_every_round_once() {
    use crate::support::fake_discord::{Fake, FakeUser, TestClock, GUILD_ID};
    use meridian_bot::store::Backend;
    use std::time::Duration;
    if crate::support::databases::postgres_server().is_none() {
        eprintln!("skipped: no PostgreSQL (run `bash .ci/test`)");
        return;
    }
    const CHANNEL: u64 = 100;
    const THREAD: i64 = 4_242;
    let start = 1_790_000_000_000;
    let db = TestDb::new(Backend::Postgres).await;
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let clock = TestClock::new(dir.path(), start);
    let referee = Service::new(db.open().await, Arc::new(FakeClock::at(start)), Service::random_seeds());
    let place = Place { guild_id: Some(GUILD_ID as i64), channel_id: CHANNEL as i64, lang: Lang::En };
    let cup = Setup { starts_at: Some(start + 60_000), ..setup("Cup", Format::Swiss, Some(3), 0) };
    let moderator = Organiser { moderates: Some(place), roles: Vec::new() };
    let id = referee
        .create_tournament(place, &user(HOST), &cup, (ContreesGame::LISTED, TurnClock::default()), &moderator)
        .await
        .unwrap();
    let announcement = fake.post_earlier(CHANNEL, "**Cup** takes entries");
    referee.set_tournament_thread(id, THREAD, announcement as i64).await.unwrap();
    fake.add_thread(THREAD as u64, CHANNEL);
    for u in 21..=26 {
        fake.register_user(FakeUser { id: u as u64, name: Box::leak(format!("u{u}").into_boxed_str()) });
        referee.enter_tournament(id, &user(u), place.guild_id).await.unwrap();
    }
    let launch = |shards: &str| {
        let mut command = fake.bot_command(dir.path());
        command.env("DATABASE_URL", db.url()).env("SHARDS", shards).env("FAKE_CLOCK_FILE", &clock.path);
        command.spawn().unwrap()
    };
    let mut a = launch("0-0/2");
    let _b = launch("1-1/2");
    fake.wait(60, "both shards connected", |s| {
        let up = (0..2).all(|k| s.sessions.iter().any(|x| x.open && x.shard == k && x.total == 2));
        (up && !s.commands.is_empty()).then_some(())
    })
    .await;
    // Its start comes: both processes' turn clocks look for it every 50 ms.
    clock.set(start + 61_000);
    let round = |r: i64| {
        let referee = &referee;
        async move {
            let deadline = std::time::Instant::now() + Duration::from_secs(60);
            loop {
                let view = referee.tournament_view(id).await.unwrap();
                if view.round >= r {
                    return view;
                }
                assert!(std::time::Instant::now() < deadline, "round {r} did not start");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    let first_entered = |users: &[i64]| users.iter().copied().min();
    let view = round(1).await;
    let games = view.rounds_played[0].games.iter().map(|g| g.game).collect::<Vec<_>>();
    // The first two games end; the last ends as process A dies, while the next round may be starting.
    for &game in &games[..2] {
        let users: Vec<i64> = referee.game(game).await.unwrap().seats().iter().map(|s| s.user_id).collect();
        referee
            .resign(game, users.iter().copied().filter(|&u| Some(u) != first_entered(&users)).max().unwrap())
            .await
            .unwrap();
    }
    let users: Vec<i64> = referee.game(games[2]).await.unwrap().seats().iter().map(|s| s.user_id).collect();
    referee.resign(games[2], users.iter().copied().max().unwrap()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(30)).await;
    a.kill().await.unwrap();
    let _a = launch("0-0/2");
    for r in 2..=3 {
        let view = round(r).await;
        end_round(&referee, &view, first_entered).await;
    }
    let view = round(3).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while referee.tournament_view(id).await.unwrap().stage != Stage::Finished {
        assert!(std::time::Instant::now() < deadline, "the tournament did not finish");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    crate::sharding::settled(&referee).await;
    let per_round: Vec<usize> = view.rounds_played.iter().map(|r| r.games.len()).collect();
    assert_eq!(per_round, [3, 3, 3], "three games a round, each round once");
    let s = fake.state();
    // Each game's opening in the channel, once, now saying how its game ended.
    let openings: Vec<&str> =
        s.posts(CHANNEL).iter().map(|m| m.content.as_str()).filter(|&c| c.contains(" is over. ")).collect();
    assert_eq!(openings.len(), 9, "{:?}", s.posts(CHANNEL).iter().map(|m| &m.content).collect::<Vec<_>>());
    assert!(openings.iter().all(|c| c.starts_with("**Contrées #") && c.contains("Winner: ")), "{openings:?}");
    let threads = s.threads.values().filter(|&&parent| parent == CHANNEL).count();
    assert_eq!(threads, 10, "a thread a game, and the tournament's");
    assert!(s.archived.contains(&(THREAD as u64)), "the tournament's thread archived at its end");
    // Its announcement, brought up to date by the processes: over, its buttons gone.
    let shown = s.message(announcement).unwrap();
    assert!(shown.content.starts_with("**Cup** is over, after 3 rounds.\n"), "{}", shown.content);
    assert_eq!(shown.components, json!([]));
    let announced: Vec<&str> =
        s.posts(THREAD as u64).iter().map(|m| m.content.lines().next().unwrap_or_default()).collect();
    assert_eq!(
        announced,
        [
            "**Cup**: round 1 of 3 begins, 3 games.",
            "**Cup**: round 2 of 3 begins, 3 games.",
            "**Cup**: round 3 of 3 begins, 3 games.",
            "**Cup** is over. u21 wins!",
        ]
    );
    assert!(s.violations.is_empty(), "{:?}", s.violations);
}

/// A start time is read in its writer's time zone; one that comes with too few entrants leaves the tournament open
/// for its host to start, and a time not to come, or not a time, is refused; an abandoned game's points.
async fn start_times(svc: &Service, clock: &FakeClock) {
    svc.set_time_zone(&user(HOST), Some("Europe/Paris")).await.unwrap();
    // 20:00 in Paris on Christmas Eve is 19:00 UTC (winter time).
    assert_eq!(svc.tournament_start(HOST, "2026-12-24 20:00").await.unwrap(), 1_798_138_800_000);
    assert_eq!(svc.tournament_start(2, "2026-12-24 20:00").await.unwrap(), 1_798_142_400_000, "UTC without a zone");
    let refusal = "Bad game options: The start must be a date and time to come, within 60 days, written like \
                   2026-12-24 20:00 (in your time zone once you have set one).";
    assert_eq!(refused(svc.tournament_start(HOST, "Christmas Eve").await), refusal);
    let past = Setup { starts_at: Some(clock.now_ms() - 1), ..setup("Late", Format::Swiss, None, 0) };
    let create = |s: Setup| async move { hosted(svc, &s, ContreesGame::LISTED).await };
    assert_eq!(refused(create(past).await), refusal);
    let soon = Setup { starts_at: Some(clock.now_ms() + 60_000), ..setup("Soon", Format::Swiss, None, 0) };
    let id = create(soon).await.unwrap();
    svc.enter_tournament(id, &user(2), PLACE.guild_id).await.unwrap();
    clock.advance(61_000);
    assert_eq!(svc.tick().await.unwrap().rounds, 1, "looked at once");
    let view = svc.tournament_view(id).await.unwrap();
    assert_eq!((view.stage, view.starts_at, view.round), (Stage::Open, None, 0), "left to its host");
    assert_eq!(svc.tick().await.unwrap().rounds, 0, "and not looked at again");
    svc.enter_tournament(id, &user(3), PLACE.guild_id).await.unwrap();
    svc.start_tournament(id, HOST, None).await.unwrap();
    assert_eq!(svc.tournament_view(id).await.unwrap().round, 1);

    // An abandoned game (by a moderator of its channel: it has no host) shares its points among those still
    // playing, ahead of those who resigned: at a table of three, ¾ each and 0.
    let trio = setup("Trio", Format::Swiss, Some(1), 0);
    let id = hosted(svc, &trio, MeridianGame::LISTED).await.unwrap();
    for u in 4..=6 {
        svc.enter_tournament(id, &user(u), PLACE.guild_id).await.unwrap();
    }
    svc.start_tournament(id, HOST, None).await.unwrap();
    let game = svc.tournament_view(id).await.unwrap().rounds_played[0].games[0].game;
    svc.resign(game, 6).await.unwrap();
    svc.abandon(game, 9, Some(PLACE)).await.unwrap();
    let view = svc.tournament_view(id).await.unwrap();
    let mut scored = view.rounds_played[0].games[0].players.clone();
    scored.sort_by(|a, b| a.0.cmp(&b.0));
    let expected = [("u4", Some(0.75)), ("u5", Some(0.75)), ("u6", Some(0.0))];
    assert_eq!(scored, expected.map(|(n, p)| (n.to_string(), p)));
}

/// Every round brings the announcement up to date (through the outbox): during round 2 it names round 2, and says
/// no more to join with a button that went when entries closed.
async fn announcement_each_round(svc: &Service) {
    let cup = setup("Cup", Format::Swiss, Some(2), 0);
    let id = hosted(svc, &cup, ContreesGame::LISTED).await.unwrap();
    svc.set_tournament_thread(id, 5_000, 5_001).await.unwrap();
    for u in 2..=5 {
        svc.enter_tournament(id, &user(u), PLACE.guild_id).await.unwrap();
    }
    svc.start_tournament(id, HOST, None).await.unwrap();
    let announced = |posts: &[Payload]| posts.iter().filter(|p| p.target == Target::Announcement(id)).count();
    assert_eq!(announced(&drain(svc).await), 1, "round 1 brings it up to date");
    let view = svc.tournament_view(id).await.unwrap();
    end_round(svc, &view, |users| users.iter().copied().min()).await;
    drain(svc).await;
    assert_eq!(svc.tick().await.unwrap().rounds, 1);
    assert_eq!(announced(&drain(svc).await), 1, "round 2 brings it up to date");
    let view = svc.tournament_view(id).await.unwrap();
    assert_eq!(
        Lang::En.say(&view.announcement()),
        format!("**Cup**: round 2 of 2 is under way.\nIt is a Swiss tournament of Contrées (tournament #{id}).\n4 entrants: u2, u3, u4 and u5.")
    );
    assert_eq!(
        Lang::Fr.say(&view.announcement()),
        format!("**Cup**\u{a0}: la ronde 2 sur 2 est en cours.\nC'est un tournoi suisse de Contrées (tournoi #{id}).\n4 inscrits\u{a0}: u2, u3, u4 et u5.")
    );
}

/// A Join from another server (the announcement's button or the command, wherever it came from) is refused and
/// enters nobody; from the tournament's own server it enters.
async fn join_from_another_server(svc: &Service) {
    let cup = setup("Cup", Format::Swiss, None, 0);
    let id = hosted(svc, &cup, ContreesGame::LISTED).await.unwrap();
    svc.enter_tournament(id, &user(2), PLACE.guild_id).await.unwrap();
    let refusal = format!("Tournament #{id} belongs to another server.");
    assert_eq!(refused(svc.enter_tournament(id, &user(3), Some(701)).await), refusal);
    assert_eq!(refused(svc.enter_tournament(id, &user(3), None).await), refusal, "outside any server");
    assert_eq!(refused(svc.enter_tournament(id, &user(2), Some(701)).await), refusal, "entered or not");
    assert_eq!(svc.tournament_view(id).await.unwrap().entrants, ["u2"]);
    svc.enter_tournament(id, &user(3), PLACE.guild_id).await.unwrap();
    assert_eq!(svc.tournament_view(id).await.unwrap().entrants, ["u2", "u3"]);
}

each_backend_tests! {
    let (svc, clock) = service;
    a_swiss_of_seven_over_three_rounds_of_contrees => swiss_of_seven(&svc);
    a_round_robin_of_meridian_for_five_at_tables_of_three_or_four => round_robin_of_five(&svc);
    a_withdrawal_before_and_during_a_tournament => withdrawal(&svc);
    start_times_too_few_entrants_and_an_abandoned_game => start_times(&svc, &clock);
    every_round_brings_the_announcement_up_to_date => announcement_each_round(&svc);
    a_join_from_another_server_is_refused => join_from_another_server(&svc);
}
