//! Analyses of finished games through the service on real databases (issue 29): nothing before a game ends; after,
//! one analysis, stored once across a crash and a restart, whose costliest move of a player is the blunder they made
//! on purpose, told in the thread in one line.

use meridian_bot::ai::{Knowledge, Level, Player};
use meridian_bot::language::Lang;
use meridian_bot::rules::meridian::Meridian;
use meridian_bot::rules::{Due, Game};
use meridian_bot::service::analysis::judge::{costliest, Analysed, COSTLIEST_SHOWN, COSTLY_FROM};
use meridian_bot::service::analysis::Judging;
use meridian_bot::service::game::any::AnyGame;
use meridian_bot::service::game::games::meridian;
use meridian_bot::service::game::Kind;
use meridian_bot::service::puzzle::{Among, Next};
use meridian_bot::service::{Place, Service, Target, User};
use meridian_bot::store::Status;

use crate::support::databases::{each_backend, TestDb};
use crate::support::playing::{drain, service};

pub const CHANNEL: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
/// Ana's move that gives away most: her fourth, while the game is even.
const BLUNDER: usize = 4;

#[tokio::test]
async fn a_finished_game_is_analysed_once_and_a_deliberate_blunder_is_its_costliest_move() {
    each_backend(analysed_once).await;
}

async fn analysed_once(db: TestDb) {
    let svc = service(&db).await;
    let Blundered { id, step: blunder_step, .. } = play_with_a_blunder(&svc, BLUNDER).await;
    drain(&svc).await;
    assert_eq!(svc.analysis(id).await.unwrap(), Analysed::Waiting, "queued when the game ended");

    // A process claims the analysis and dies before storing it; the bot restarts (releasing its claims).
    {
        let mut tx = svc.store().write().await.unwrap();
        let by = svc.store().instance().to_string();
        assert!(meridian_bot::store::analyses::claim_next(&mut tx, &by).await.unwrap().is_some());
        tx.commit().await.unwrap();
    }
    drop(svc);
    let svc = service(&db).await;
    assert_eq!(svc.analyse_finished().await.unwrap(), 0, "claimed by the run that died, until released");
    assert!(svc.release_claims().await.unwrap() >= 1);
    assert_eq!(svc.analyse_finished().await.unwrap(), 1);
    assert_eq!(svc.analyse_finished().await.unwrap(), 0, "never twice");
    let Analysed::Done(moves) = svc.analysis(id).await.unwrap() else { panic!("analysed") };
    // Every move with a choice is judged (Meridian's 52, less those with one option), each share within 0–1.
    assert!(moves.len() > 40 && moves.len() <= 52, "{}", moves.len());
    assert!(moves.iter().all(|m| [m.before, m.after, m.best].iter().all(|s| (0.0..=1.0).contains(s))), "{moves:?}");
    let seat = svc.game(id).await.unwrap().seat(1).unwrap();
    let worst = costliest(&moves, seat);
    assert!((1..=COSTLIEST_SHOWN).contains(&worst.len()), "{worst:#?}");
    assert!(worst.iter().all(|m| m.cost() >= COSTLY_FROM), "only moves that cost ten points or more: {worst:#?}");
    assert_eq!(worst[0].step, blunder_step, "{worst:#?}");
    assert!(worst[0].cost() > 0.2, "{:?}", worst[0]);
    // One line in the thread, and the thread archived again.
    let payloads = drain(&svc).await;
    let said: Vec<&str> =
        payloads.iter().filter(|p| p.target == Target::Thread(555)).map(|p| p.text.as_str()).collect();
    assert_eq!(
        said,
        [format!(
            "The analysis of game #{id} is ready: each player can ask for their costliest moves with the analysis \
             command."
        )],
    );
    assert!(payloads.iter().any(|p| p.target == Target::Archive(555)), "{payloads:?}");
}

/// A finished game of Meridian of Ana (user 1) against an easy computer in which her `blunder`th move was the one
/// worth least to her one move ahead: the game, that move's number, and the game just before it.
pub struct Blundered {
    pub id: i64,
    pub step: i64,
    pub before: AnyGame,
}

pub async fn play_with_a_blunder(svc: &Service, blunder: usize) -> Blundered {
    let ana = User { id: 1, name: "ana".into() };
    let id = svc.open_lobby(CHANNEL, &ana, meridian::Options::default(), &[], &[Level::Easy]).await.unwrap();
    assert!(svc.set_thread(id, 555, 554).await.unwrap().started);
    let (mut ana_moves, mut blundered) = (0, None);
    loop {
        let table = svc.game(id).await.unwrap();
        if table.row().status == Status::Finished {
            let (step, before) = blundered.expect("Ana blundered");
            return Blundered { id, step, before };
        }
        // A running game has no analysis, and the runner finds nothing to do; it sets no puzzle (issue 64).
        assert_eq!(svc.analysis(id).await.unwrap(), Analysed::None);
        assert_eq!(svc.analyse_finished().await.unwrap(), 0);
        let none = Next::NoneNow { back_at: None };
        assert_eq!(svc.next_puzzle(1, Kind::Meridian, Among::Server(7)).await.unwrap(), none);
        let seat = table.due().iter().next().unwrap();
        if table.computer(seat).is_some() {
            svc.tick().await.unwrap();
            continue;
        }
        let game: &Meridian = table.state().unwrap();
        ana_moves += 1;
        let chosen = if ana_moves == blunder {
            // The move worth least to her one move ahead.
            let worth = |m: &<Meridian as Game>::Action| {
                let mut after = game.clone();
                after.apply(seat, m).unwrap();
                after.value()[usize::from(seat)]
            };
            blundered = Some((table.row().version + 1, AnyGame::Meridian(game.clone())));
            game.legal_actions(seat).into_iter().min_by(|a, b| worth(a).total_cmp(&worth(b))).unwrap()
        } else {
            Player::Computer(Level::Easy).choose(game, seat, table.row().version as u64).unwrap()
        };
        svc.act(id, 1, table.row().version, &chosen, None).await.unwrap();
    }
}

/// Every game's moves can be judged: the first moves of a game of easy computers in each, every one with a choice
/// judged with its shares within 0–1 and its best move said; a move with one option is not judged.
#[test]
fn the_first_moves_of_every_game_are_judged() {
    use meridian_bot::offline;
    use meridian_bot::service::game::Kind;
    const JUDGED: u64 = 12;
    for kind in Kind::ALL {
        let players = vec![Player::Computer(Level::Easy); *kind.players().start()];
        let names = offline::names(&players);
        let mut game = kind.start(offline::DEFAULT_OPTIONS, 5, players.len()).unwrap();
        let (mut judged, mut moves) = (0, Vec::new());
        for step in 0..JUDGED {
            let Due::Seats(due) = game.due() else { panic!("{kind:?} over after {step} turns") };
            let seat = due.iter().next().unwrap();
            for action in game.choose(seat, players[usize::from(seat)], step) {
                let options = game.legal(seat).len();
                moves.push((seat, action.clone()));
                match game.judge(&moves, &names, moves.len() - 1, Judging::BOT) {
                    Some(j) => {
                        let shares = [j.before, j.after, j.best];
                        assert!(shares.iter().all(|s| (0.0..=1.0).contains(s)), "{kind:?} {j:?}");
                        assert!(!Lang::En.say(&j.best_line).is_empty());
                        judged += 1;
                    }
                    None => assert_eq!(options, 1, "{kind:?}: move {step} with {options} options was not judged"),
                }
                game.apply(seat, &action, &names).unwrap();
            }
        }
        assert!(judged >= JUDGED / 2, "{kind:?}: {judged} judged");
    }
}

/// A decided game reads decided (issue 64): in every game, for its fewest and its most players, a game of greedy
/// players to its end, its last move with a choice judged as the bot judges it reads above 95 % for its mover after it
/// if they won, below 5 % if they lost (a calibration once stopped at its last knot: 87.6 % in Contrées).
#[test]
fn the_last_choice_of_a_finished_game_reads_its_result() {
    use meridian_bot::offline;
    for kind in Kind::ALL {
        let (fewest, most) = (*kind.players().start(), *kind.players().end());
        for seats in (fewest..=most).filter(|&n| n == fewest || n == most) {
            let players = vec![Player::Greedy; seats];
            let (names, played) = (offline::names(&players), offline::play(*kind, &players, 3, |_, _| {}).unwrap());
            assert!(!played.winners.is_empty(), "{kind:?} for {seats} was called off");
            let mut positions = vec![kind.start(offline::DEFAULT_OPTIONS, 3, seats).unwrap()];
            for (seat, action) in &played.moves {
                let mut next = positions.last().unwrap().clone();
                next.apply(*seat, action, &names).unwrap();
                positions.push(next);
            }
            let judged = |step: usize| positions[step].judge(&played.moves, &names, step, Judging::BOT);
            let (step, after) = (0..played.moves.len()).rev().find_map(|k| Some((k, judged(k)?.after))).unwrap();
            let seat = played.moves[step].0;
            let won = played.winners.contains(seat);
            let read = if won { after > 0.95 } else { after < 0.05 };
            assert!(read, "{kind:?} for {seats}: seat {seat} (won: {won}) reads {after} after its last choice");
        }
    }
}

/// A finished game whose log no longer replays (a damaged row) fails its analysis on every try: tried again after
/// each restart, then given up after the last try; no line is posted, its page stops waiting, and the runner moves
/// on.
#[tokio::test]
async fn an_analysis_that_fails_on_every_try_is_given_up() {
    use meridian_bot::service::analysis::judge::ANALYSIS_TRIES;
    each_backend(|db| async move {
        let svc = service(&db).await;
        let (ana, ben) = (User { id: 1, name: "ana".into() }, User { id: 2, name: "ben".into() });
        let id =
            svc.open_lobby(CHANNEL, &ana, meridian::Options::default(), std::slice::from_ref(&ben), &[]).await.unwrap();
        svc.set_thread(id, 555, 554).await.unwrap();
        svc.join(id, &ben).await.unwrap();
        let table = svc.game(id).await.unwrap();
        let seat = table.due().iter().next().unwrap();
        let moves = svc.legal_moves::<Meridian>(id, table.seat_row(seat).unwrap().user_id).await.unwrap();
        svc.act(id, table.seat_row(seat).unwrap().user_id, table.row().version, &moves[0], None).await.unwrap();
        svc.resign(id, 1).await.unwrap();
        assert_eq!(svc.game(id).await.unwrap().row().status, Status::Finished);
        drain(&svc).await;
        let mut tx = svc.store().write().await.unwrap();
        meridian_bot::on!(tx, c => sqlx::query("UPDATE moves SET action = 'damaged' WHERE game_id = $1")
            .bind(id)
            .execute(c)
            .await
            .unwrap()
            .rows_affected());
        tx.commit().await.unwrap();
        for _ in 0..ANALYSIS_TRIES {
            assert_eq!(svc.analysis(id).await.unwrap(), Analysed::Waiting);
            assert_eq!(svc.analyse_finished().await.unwrap(), 0, "nothing stored");
            svc.release_claims().await.unwrap();
        }
        assert_eq!(svc.analysis(id).await.unwrap(), Analysed::None, "given up");
        assert_eq!(svc.analyse_finished().await.unwrap(), 0);
        assert!(drain(&svc).await.is_empty(), "no line in the thread");
    })
    .await;
}

/// Seat 0's move that gives away most in the record below: its tenth.
const RECORDED_BLUNDER: usize = 18;

/// A finished game of two easy computers of Meridian where seat 0 makes, at move [`RECORDED_BLUNDER`], the move
/// worth least to it one move ahead: its record.
fn record_with_a_blunder() -> String {
    use meridian_bot::offline;
    use meridian_bot::service::game::Kind;
    const SEED: u64 = 8;
    let players = vec![Player::Computer(Level::Easy); 2];
    let names = offline::names(&players);
    let mut game = Kind::Meridian.start(offline::DEFAULT_OPTIONS, SEED, 2).unwrap();
    let mut moves = Vec::new();
    while let Due::Seats(due) = game.due() {
        let seat = due.iter().next().unwrap();
        let action = match moves.len() {
            RECORDED_BLUNDER => {
                let state: &Meridian = game.state().unwrap();
                let worth = |a: &meridian_bot::service::game::any::AnyAction| {
                    let mut after = game.clone();
                    after.apply(seat, a, &names).unwrap();
                    after.state::<Meridian>().unwrap().value()[usize::from(seat)]
                };
                assert!(state.legal_actions(seat).len() > 5);
                game.legal(seat).into_iter().min_by(|a, b| worth(a).total_cmp(&worth(b))).unwrap()
            }
            step => game.choose(seat, players[usize::from(seat)], step as u64).remove(0),
        };
        game.apply(seat, &action, &names).unwrap();
        moves.push((seat, action));
    }
    Kind::Meridian.export(offline::DEFAULT_OPTIONS, SEED, &names, &moves).unwrap()
}

/// Runs the bot's binary with `args`, `input` on its standard input.
fn binary(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_meridian-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// `analyse` run as the bot's binary on a record with a blunder: with every seed, the blunder is seat 0's costliest
/// move; each line is JSON with the fields the README names, and each best move, put in the record in the judged
/// move's stead, replays with `replay`.
#[test]
fn analyse_names_a_recorded_blunder_the_costliest_with_every_seed_and_its_best_moves_replay() {
    use serde_json::Value;
    let record = record_with_a_blunder();
    for seed in ["0", "1", "2", "3"] {
        let out = binary(&["analyse", "-", "--seed", seed, "--playouts", "100"], &record);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let lines: Vec<Value> =
            String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let (judged, seats): (Vec<&Value>, Vec<&Value>) = lines.iter().partition(|l| l.get("move").is_some());
        assert_eq!(seats.len(), 2, "a line per seat last: {seats:?}");
        assert_eq!(seats[0]["seat"], 0);
        assert_eq!(seats[0]["costliest"][0], RECORDED_BLUNDER, "seed {seed}: {seats:?}");
        let blunder = judged.iter().find(|l| l["move"] == RECORDED_BLUNDER).unwrap();
        assert!(blunder["best"].as_f64().unwrap() - blunder["after"].as_f64().unwrap() > 0.2, "{blunder}");
        if seed != "0" {
            continue;
        }
        assert!(judged.len() > 40 && judged.len() <= 52, "{}", judged.len());
        let mut full: Value = serde_json::from_str(&record).unwrap();
        let moves = full["moves"].as_array().unwrap().clone();
        for line in &judged {
            for key in ["seat", "before", "after", "best"] {
                assert!(line[key].is_number(), "{key} in {line}");
            }
            let k = line["move"].as_u64().unwrap() as usize;
            let mut tried = moves[..k].to_vec();
            tried.push(line["best_move"].clone());
            full["moves"] = Value::Array(tried);
            let out = binary(&["replay", "-"], &full.to_string());
            assert_eq!(out.status.code(), Some(0), "{line}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}
