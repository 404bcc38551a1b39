//! Puzzles from a player's own games (issue 64), through the service on both backends: a known blunder of a demo
//! game becomes a puzzle once the game is analysed (none before), shown as its mover saw the game; the move played
//! fails it and the best solves it, read from the chances stored with the analysis; a failed puzzle comes back after
//! a day on the fake clock, a solved one never; only its player, or a player of its server, is set it.

use crate::analysis::{play_with_a_blunder, Blundered};
use crate::support::databases::{each_backend, TestDb};
use crate::support::playing::{drain, service_on};
use meridian_bot::clock::{Clock, FakeClock};
use meridian_bot::language::Lang;
use meridian_bot::pictures::Reader;
use meridian_bot::ratings::Rated;
use meridian_bot::rules::Seat;
use meridian_bot::service::game::adapter::Choice;
use meridian_bot::service::game::any::{AnyAction, AnyGame};
use meridian_bot::service::game::Kind;
use meridian_bot::service::puzzle::{Among, Answered, Asked, Chosen, Next, PuzzleRecord, SOLVED_WITHIN};
use meridian_bot::service::{Service, ServiceError};
use meridian_bot::store::puzzles::PuzzleRow;

const ANA: i64 = 1;
const BEN: i64 = 2;
const GUILD: i64 = 7;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The move of Ana's whose blunder makes a puzzle: in this game, her 20th (her blunders of moves 1–15 leave four
/// moves or more within 3 points of the best, or cost under 20 points).
const BLUNDER: usize = 20;

/// The values the menus of `seat` in `game` are chosen by to make `want`.
fn path_to(game: &AnyGame, seat: Seat, want: &AnyAction) -> Vec<String> {
    fn walk(game: &AnyGame, seat: Seat, path: &mut Vec<String>, want: &AnyAction) -> bool {
        let chosen: Vec<&str> = path.iter().map(String::as_str).collect();
        match game.choices(seat, &chosen) {
            Some(Choice::Done(actions)) => actions[0] == *want,
            Some(Choice::Menu { options, .. }) => options.into_iter().any(|option| {
                path.push(option.value);
                walk(game, seat, path, want) || path.pop().is_none()
            }),
            None => false,
        }
    }
    let mut path = Vec::new();
    assert!(walk(game, seat, &mut path, want), "no menus make {want:?}");
    path
}

async fn answer(
    svc: &Service,
    user: i64,
    guild: Option<i64>,
    puzzle: (i64, i64),
    path: &[String],
) -> Result<Chosen, ServiceError> {
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    svc.puzzle_choice(user, guild, puzzle, &path).await
}

fn answered(chosen: Result<Chosen, ServiceError>) -> Answered {
    match chosen.unwrap() {
        Chosen::Answered(answered) => answered,
        Chosen::Menu(menu) => panic!("a menu, not an answer: {menu:?}"),
    }
}

#[tokio::test]
async fn a_known_blunder_becomes_a_puzzle_that_the_best_move_solves_and_that_comes_back_when_failed() {
    each_backend(blunder_puzzle).await;
}

async fn blunder_puzzle(db: TestDb) {
    let clock = FakeClock::at(1_700_000_000_000);
    let svc = service_on(&db, &clock).await;
    let Blundered { id, step, before } = play_with_a_blunder(&svc, BLUNDER).await;
    drain(&svc).await;
    // A game not analysed yet sets no puzzle.
    let none = svc.puzzle(ANA, Kind::Meridian, Among::Own(None), Lang::En).await.unwrap();
    assert!(matches!(none, Asked::NoneNow { back_at: None }), "{none:?}");
    assert_eq!(svc.analyse_finished().await.unwrap(), 1);

    let row: PuzzleRow = {
        let mut tx = svc.store().read().await.unwrap();
        meridian_bot::store::puzzles::get(&mut tx, id, step).await.unwrap().expect("the blunder is a puzzle")
    };
    let seat = row.seat as Seat;
    assert_eq!((row.user_id, seat), (ANA, svc.game(id).await.unwrap().seat(ANA).unwrap()));
    let (chances, best_path, blunder_path) = stored(&row, &before);
    let best_chance = chances.iter().copied().fold(0.0, f64::max);
    assert!(best_chance - chances[row.played as usize] >= 0.20, "{chances:?}");

    set_as_she_saw_it(&svc, id, &before, seat).await;

    // The move she played fails it, and says the three chances; it comes back in a day, not before.
    let failed = answered(answer(&svc, ANA, None, (id, step), &blunder_path).await);
    assert!(!failed.solved);
    assert_eq!(
        (failed.chosen.1, failed.played.1, failed.best.1),
        (chances[row.played as usize], chances[row.played as usize], best_chance)
    );
    assert_eq!(failed.back_at, Some(clock.now_ms() + DAY_MS));
    let early = answer(&svc, ANA, None, (id, step), &best_path).await;
    assert!(
        matches!(early, Err(ServiceError::PuzzleNotDue { back_at }) if back_at == clock.now_ms() + DAY_MS),
        "{early:?}"
    );
    clock.advance(DAY_MS);
    let Asked::Puzzle(back) = svc.puzzle(ANA, Kind::Meridian, Among::Own(None), Lang::En).await.unwrap() else {
        panic!("back")
    };
    assert_eq!((back.game_id, back.seq), (id, step), "the failed puzzle first, once due");

    // The best move solves it; solved, it is never set again.
    let solved = answered(answer(&svc, ANA, None, (id, step), &best_path).await);
    assert!(solved.solved && solved.back_at.is_none(), "{solved:?}");
    assert!(best_chance - solved.chosen.1 <= SOLVED_WITHIN);
    let again = answer(&svc, ANA, None, (id, step), &best_path).await;
    assert!(matches!(again, Err(ServiceError::PuzzleSolved { .. })), "{again:?}");
    let record = {
        let mut tx = svc.store().read().await.unwrap();
        meridian_bot::store::puzzles::record(&mut tx, ANA).await.unwrap()
    };
    assert_eq!(record, (1, 1, 1), "solved, tried, streak");
    let profile = svc.profile(Some(GUILD), Kind::Meridian, Rated::Person(ANA)).await.unwrap();
    assert_eq!(profile.puzzles, PuzzleRecord { solved: 1, tried: 1, streak: 1 }, "the profile counts them");

    set_to_others(&svc, (id, step), &best_path).await;
}

/// A stored puzzle's chances, and the menus' values to its best move and to the move played, in `before`.
fn stored(row: &PuzzleRow, before: &AnyGame) -> (Vec<f64>, Vec<String>, Vec<String>) {
    let choices: Vec<(serde_json::Value, f64)> = serde_json::from_str(&row.choices).unwrap();
    let chances: Vec<f64> = choices.iter().map(|c| c.1).collect();
    let best = (0..chances.len()).max_by(|&a, &b| chances[a].total_cmp(&chances[b])).unwrap();
    let path = |k: usize| path_to(before, row.seat as Seat, &before.kind().action(&choices[k].0.to_string()).unwrap());
    (chances.clone(), path(best), path(row.played as usize))
}

/// Ana's puzzle of game `id` as she is set it: as she saw the game then, the board and her own hand (of `seat`).
async fn set_as_she_saw_it(svc: &Service, id: i64, before: &AnyGame, seat: Seat) {
    let Asked::Puzzle(puzzle) = svc.puzzle(ANA, Kind::Meridian, Among::Own(Some(GUILD)), Lang::En).await.unwrap()
    else {
        panic!("a puzzle")
    };
    assert_eq!(puzzle.game_id, id);
    let (reader, names) = (Reader::standard(Lang::En), svc.game(id).await.unwrap().names());
    assert!(puzzle.board.image == before.board_picture(&names, &[], reader).image, "the board then");
    let own = before.private_picture(&names, seat, reader).expect("Meridian has hands");
    assert!(puzzle.hand.as_ref().expect("her hand").image == own.image, "her own hand, nobody else's");
    assert!(!puzzle.menu.options.is_empty());
}

/// Ana's puzzle, `(game, seq)`, to others: not from another game's command; Ben, who has none of his own, is set it
/// from the server's games, and may answer it (`best_path`) on its game's server, not from his DMs nor another server.
async fn set_to_others(svc: &Service, (id, step): (i64, i64), best_path: &[String]) {
    let contrees = svc.next_puzzle(ANA, Kind::Contrees, Among::Own(None)).await.unwrap();
    assert_eq!(contrees, Next::NoneNow { back_at: None });
    assert_eq!(
        svc.next_puzzle(BEN, Kind::Meridian, Among::Own(Some(GUILD))).await.unwrap(),
        Next::NoneNow { back_at: None }
    );
    let server = svc.next_puzzle(BEN, Kind::Meridian, Among::Server(GUILD)).await.unwrap();
    assert!(matches!(server, Next::Puzzle(game, _) if game == id), "{server:?}");
    // Ben may answer it on its game's server, not from his DMs nor another server.
    for guild in [None, Some(GUILD + 1)] {
        let refused = answer(svc, BEN, guild, (id, step), best_path).await;
        assert!(matches!(refused, Err(ServiceError::NoSuchPuzzle { .. })), "{refused:?}");
    }
    assert!(answered(answer(svc, BEN, Some(GUILD), (id, step), best_path).await).solved);
}

/// The same puzzle through the bot against the fake Discord: `/meridian puzzle` in Ana's DMs shows the board and her
/// hand then, described, with the game's menus; choosing the best move through them answers it, solved, with the
/// three chances, and the menus go.
#[tokio::test]
async fn a_puzzle_is_set_and_solved_through_the_bot() {
    use crate::support::fake_discord::{Fake, FakeUser, TestClock};
    let db = TestDb::new(meridian_bot::store::Backend::Sqlite).await;
    let now = 1_700_000_000_000;
    let (id, step, before) = {
        let svc = service_on(&db, &FakeClock::at(now)).await;
        let Blundered { id, step, before } = play_with_a_blunder(&svc, BLUNDER).await;
        assert_eq!(svc.analyse_finished().await.unwrap(), 1);
        (id, step, before)
    };
    let row = {
        let mut tx = db.open().await.read().await.unwrap();
        meridian_bot::store::puzzles::get(&mut tx, id, step).await.unwrap().expect("the blunder is a puzzle")
    };
    let (_, path, _) = stored(&row, &before);

    let dir = std::path::Path::new(db.url().trim_start_matches("sqlite://")).parent().unwrap().to_path_buf();
    let fake = Fake::start().await;
    let _bot = fake.launch_on(&dir, &TestClock::new(&dir, now));
    fake.connected(1).await;
    let ana = FakeUser { id: ANA as u64, name: "ana" };
    let dm = fake.open_dm(ana);
    let set = fake.answer(fake.slash(dm, ana, "puzzle", serde_json::json!([]))).await;
    assert!(set.ephemeral && set.has_live_controls(), "{set:?}");
    assert!(
        set.content.starts_with(&format!("Find a better move for **ana** in Meridian #{id}, move {step}")),
        "{}",
        set.content
    );
    let files: Vec<&str> = set.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(files, ["board.png", "hand.png"]);
    assert!(fake.state().undescribed().is_empty());
    for value in &path {
        let (custom_id, shown) = {
            let state = fake.state();
            let shown = state.message(set.id).unwrap().components.clone();
            let rows = shown.as_array().unwrap().clone();
            let holds = |row: &&serde_json::Value| {
                let options = row["components"][0]["options"].as_array().cloned().unwrap_or_default();
                options.iter().any(|o| o["value"] == serde_json::json!(value))
            };
            let row = rows.iter().find(holds).unwrap_or_else(|| panic!("no menu offers {value}"));
            (row["components"][0]["custom_id"].as_str().unwrap().to_string(), shown)
        };
        assert!(custom_id.starts_with(&format!("pz:{id}:{step}:")), "{custom_id}");
        let click = fake.click(ana, set.id, &custom_id, Some(vec![value.clone()]));
        // The next menu, or the answer, in place.
        fake.wait(15, "the click's answer", |s| {
            (s.interactions[&click].answers == [6] && s.message(set.id).unwrap().components != shown).then_some(())
        })
        .await;
    }
    assert_eq!(fake.state().message(set.id).unwrap().components, serde_json::json!([]));
    let answered = fake.state().message(set.id).unwrap().content.clone();
    assert!(answered.starts_with("Solved! "), "{answered}");
    assert!(answered.contains(" % to win. The best: "), "{answered}");
    assert!(fake.take_violations().is_empty());
}
