//! Taking a seat back from a computer and undos by agreement (issue 47), on both backends: a rejoin at once and
//! one the host agrees to (after declining once); an undo refused by a player, then agreed, that shows the board
//! again and leaves the record with the moves that stand; undos the rules refuse (a Meridian card turned, a
//! move answered, no move yet, Dragon Delta's programmes revealed) and one that lapses after a day; Dragon Delta's
//! programme undone while another stands; and an undo racing the next move from two processes: exactly one
//! wins.

use crate::support::databases::{each_backend, TestDb};
use crate::support::playing::{drain as sent, play_random, refused, started, user};
use meridian_bot::clock::{FakeClock, HOUR};
use meridian_bot::language::Lang;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::{contrees, dragon_delta, meridian};
use meridian_bot::service::{Invitation, Level, Place, Service, ServiceError, Target};
use meridian_bot::store::Status;
use std::sync::Arc;

const PLACE: Place = Place { guild_id: Some(600), channel_id: 100, lang: Lang::En };
const STRANGER: i64 = 9;

fn service(db_store: meridian_bot::store::Store, clock: &FakeClock) -> Service {
    Service::new(db_store, Arc::new(clock.clone()), Arc::new(|| 43))
}

async fn one_service(db: &TestDb) -> (Service, FakeClock) {
    let clock = FakeClock::at(1_790_000_000_000);
    (service(db.open().await, &clock), clock)
}

fn said(text: meridian_bot::language::Text) -> String {
    Lang::En.say(&text)
}

async fn version(svc: &Service, id: i64) -> i64 {
    svc.game(id).await.unwrap().row().version
}

/// Contrées between u1 (host) and u2: u2 hands their seat to a computer and takes it back at once; the host hands
/// it to a computer, and u2 takes it back once the host agrees (declined first); the computer due meanwhile does not
/// play, and the record names every substitution and replays.
async fn rejoins(svc: &Service) {
    let id = started(svc, PLACE, contrees::Options::default(), &[1, 2]).await;
    let mut chooser = Shuffler::new(3);
    for _ in 0..2 {
        play_random(svc, id, None, &mut chooser).await.unwrap();
    }
    sent(svc).await;
    assert_eq!(refused(svc.rejoin(id, &user(2)).await), format!("u2 already plays in game #{id}."));
    let nothing = format!(
        "You have no seat to take back in game #{id}: only a seat a computer took over from you, and still plays, can \
         be taken back."
    );
    assert_eq!(refused(svc.rejoin(id, &user(STRANGER)).await), nothing);

    // Handed over by themselves, on their turn: back at once, and the computer due meanwhile does not play.
    svc.hand_to_computer(id, 2, &user(2), Level::Easy).await.unwrap();
    sent(svc).await;
    let took = svc.rejoin(id, &user(2)).await.unwrap();
    assert_eq!(said(took), format!("You play your seat in game #{id} again: your view comes privately."));
    let told = sent(svc).await;
    let texts: Vec<(&Target, &str)> = told.iter().map(|p| (&p.target, p.text.as_str())).collect();
    assert_eq!(texts[0], (&Target::Thread(10_000 + id), "u2 takes their seat back from the computer."));
    assert_eq!(texts[1].0, &Target::Direct(2));
    assert!(texts[1].1.starts_with(&format!("You play your seat in **Contrées #{id}** again.")), "{texts:?}");
    assert_eq!(told.len(), 2, "{texts:?}");
    assert_eq!(svc.tick().await.unwrap().computer_moves, 0);
    let seat = &svc.game(id).await.unwrap().seats()[1].clone();
    assert_eq!((seat.user_id, seat.computer.as_deref(), seat.name.as_str()), (2, None, "u2"));
    // Their own turn limit runs again: a full one (Contrées' default is three days).
    assert_eq!(svc.time_left(id).await.unwrap(), Some(3 * 24 * HOUR));

    // Handed over by the host: the host is asked, declines, is asked again, agrees.
    svc.hand_to_computer(id, 1, &user(2), Level::Easy).await.unwrap();
    sent(svc).await;
    let asked = said(svc.rejoin(id, &user(2)).await.unwrap());
    assert_eq!(asked, format!("The host of game #{id} is asked in its thread to let you take your seat back."));
    let invite = sent(svc).await;
    assert_eq!(invite.len(), 1, "{invite:?}");
    let computer = "Computer (easy) for u2";
    assert_eq!(
        invite[0].text,
        format!("u2 asks to take their seat in game #{id} back from {computer}: does the host agree?")
    );
    assert_eq!((invite[0].invitation, invite[0].mentions.as_slice()), (Some(Invitation::Seat(1)), &[1][..]));
    let no_offer = format!(
        "No seat of game #{id} is waiting for you: the offer was answered, replaced, or its seat changed hands."
    );
    assert_eq!(refused(svc.answer_seat(id, 1, &user(2), true).await), no_offer, "u2 does not answer for the host");
    svc.answer_seat(id, 1, &user(1), false).await.unwrap();
    let declined: Vec<String> = sent(svc).await.into_iter().map(|p| p.text).collect();
    assert_eq!(declined, ["The host will not let u2 take their seat back."]);
    svc.rejoin(id, &user(2)).await.unwrap();
    sent(svc).await;
    let let_back = svc.answer_seat(id, 1, &user(1), true).await.unwrap();
    assert_eq!(said(let_back), format!("u2 plays their seat in game #{id} again."));
    let thread: Vec<String> =
        sent(svc).await.into_iter().filter(|p| p.target != Target::Direct(2)).map(|p| p.text).collect();
    assert_eq!(thread, ["u2 takes their seat back from the computer."]);

    // The record names the four substitutions, from the move they came at, and replays.
    svc.resign(id, 1).await.unwrap();
    let record: serde_json::Value = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
    let to = |from: &str, to: &str| serde_json::json!({"move": 2, "seat": 1, "from": from, "to": to});
    let substitutions = [to("u2", computer), to(computer, "u2"), to("u2", computer), to(computer, "u2")];
    assert_eq!(record["substitutions"], serde_json::json!(substitutions));
    replays(&record);
}

/// `replay` (the bot's own command) reads `record` and replays it.
fn replays(record: &serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot")).arg("replay").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A computer's id is never given twice in one game: one whose player took the seat back keeps its id taken.
async fn computers_ids_after_a_rejoin(svc: &Service) {
    let id = started(svc, PLACE, contrees::Options::default(), &[1, 2]).await;
    svc.hand_to_computer(id, 1, &user(1), Level::Easy).await.unwrap();
    svc.hand_to_computer(id, 2, &user(2), Level::Easy).await.unwrap();
    svc.rejoin(id, &user(1)).await.unwrap();
    svc.hand_to_computer(id, 1, &user(1), Level::Easy).await.unwrap();
    let ids: Vec<i64> = svc.game(id).await.unwrap().seats().iter().map(|s| s.user_id).collect();
    assert_eq!(ids, [-3, -2]);
}

/// Contrées between u1 and u2: u2's land refused by u1, then agreed; the board shown again; the rules' refusals.
async fn undos_in_contrees(svc: &Service, clock: &FakeClock) {
    let id = started(svc, PLACE, contrees::Options::default(), &[1, 2]).await;
    let no_move = format!("Your last move in game #{id} cannot be undone: you have made no move to undo.");
    assert_eq!(refused(svc.ask_undo(id, &user(2)).await), no_move);
    // The lands are laid two by two: u1's turn, then u2's (both its lands go together).
    let mut chooser = Shuffler::new(8);
    for _ in 0..2 {
        play_random(svc, id, None, &mut chooser).await.unwrap();
    }
    let standing = svc.game(id).await.unwrap().game().clone();
    for _ in 0..2 {
        play_random(svc, id, None, &mut chooser).await.unwrap();
    }
    let moved = format!("Your last move in game #{id} cannot be undone: u2 has moved since.");
    assert_eq!(refused(svc.ask_undo(id, &user(1)).await), moved);
    assert_eq!(refused(svc.ask_undo(id, &user(STRANGER)).await), format!("You are not playing in game #{id}."));
    let before = version(svc, id).await;
    let lines: Vec<String> = svc.log(id, 2).await.unwrap().into_iter().map(said).collect();
    let line = lines.join(". ");
    sent(svc).await;

    // Asked, refused by u1.
    let asked = said(svc.ask_undo(id, &user(2)).await.unwrap());
    let waiting = format!(
        "The other players of game #{id} are asked in its thread; the undo lapses after a day, or once anyone moves."
    );
    assert_eq!(asked, waiting);
    let invite = sent(svc).await;
    let text = format!(
        "u2 asks to undo their last move in game #{id} ({line}): do you agree? Everyone else must agree within a \
         day."
    );
    assert_eq!((invite.len(), invite[0].text.as_str()), (1, text.as_str()));
    assert_eq!((invite[0].invitation, invite[0].mentions.as_slice()), (Some(Invitation::Undo(before)), &[1][..]));
    let no_undo = format!(
        "No undo of game #{id} is waiting for your answer: it was answered, asked again, or someone moved since."
    );
    assert_eq!(refused(svc.answer_undo(id, before, &user(2), true).await), no_undo, "not the asker");
    assert_eq!(refused(svc.answer_undo(id, before, &user(STRANGER), true).await), no_undo);
    assert_eq!(refused(svc.answer_undo(id, before - 1, &user(1), true).await), no_undo);
    let no = svc.answer_undo(id, before, &user(1), false).await.unwrap();
    assert_eq!(said(no), format!("You refused the undo in game #{id}."));
    let told: Vec<String> = sent(svc).await.into_iter().map(|p| p.text).collect();
    assert_eq!(told, ["u1 does not agree to undo u2's move."]);
    assert_eq!(refused(svc.answer_undo(id, before, &user(1), true).await), no_undo, "answered");
    assert_eq!(version(svc, id).await, before);

    // An undo lapses after a day.
    svc.ask_undo(id, &user(2)).await.unwrap();
    sent(svc).await;
    clock.advance(24 * HOUR);
    let lapsed = format!("The undo asked in game #{id} has lapsed: a day has passed.");
    assert_eq!(refused(svc.answer_undo(id, before, &user(1), true).await), lapsed);

    // Asked again, agreed: the board again, u2 to play, u2 told privately; the move no longer stands.
    svc.ask_undo(id, &user(2)).await.unwrap();
    sent(svc).await;
    let done = svc.answer_undo(id, before, &user(1), true).await.unwrap();
    assert_eq!(said(done), format!("The move is undone in game #{id}."));
    let shown = sent(svc).await;
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert_eq!(shown[0].text, format!("u2's move is undone ({line}). u2 to play (turn 2)."));
    assert_eq!((shown[0].target.clone(), shown[0].named.as_slice()), (Target::Thread(10_000 + id), &[2][..]));
    assert_eq!(shown[0].files.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>(), ["board.png"]);
    assert_eq!(shown[1].target, Target::Direct(2));
    let again = format!("**Contrées #{id}**: your turn (turn 2).\nA move was undone: it is your turn again.");
    assert!(shown[1].text.starts_with(&again), "{}", shown[1].text);
    let after = svc.game(id).await.unwrap();
    assert_eq!(after.row().version, before + 1);
    assert_eq!(after.due().iter().collect::<Vec<_>>(), [1]);
    assert_eq!(after.game(), &standing, "the game as it was before u2's move");
    // The page steps through the two moves that stand; its last board is the one the thread shows again.
    let token = after.row().page_token.clone();
    let history = svc.page_history(&token, None, None).await.unwrap();
    assert_eq!((history.version, history.last, history.steps.len()), (before + 1, 2, 3));
    let board = svc.page_board(&token, 2, None, None).await.unwrap();
    assert_eq!(board.as_slice(), shown[0].files[0].1.image.as_slice());
    let past = svc.page_board(&token, 3, None, None).await;
    assert!(matches!(past, Err(ServiceError::NoSuchMove { last: 2, .. })), "{past:?}");
    assert_eq!(refused(svc.answer_undo(id, before, &user(1), true).await), no_undo, "done");

    // Played to the end: the record holds the moves that stand, and replays.
    for _ in 0..4 {
        play_random(svc, id, None, &mut chooser).await.unwrap();
    }
    svc.resign(id, 1).await.unwrap();
    let record: serde_json::Value = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
    let finished = svc.game(id).await.unwrap();
    assert_eq!(finished.row().status, Status::Finished);
    // Every entry of the log but the undo and the two lands it took back.
    assert_eq!(record["moves"].as_array().unwrap().len() as i64, finished.row().version - 3);
    // The page's steps carry the version each shows: move 3 is the log's sixth entry (its pictures' addresses differ
    // from those of the move 3 undone).
    let versions: Vec<i64> =
        svc.page_history(&token, None, None).await.unwrap().steps.iter().map(|s| s.version).collect();
    assert_eq!(versions, [0, 1, 2, 6, 7, 8, 9, 10]);
    replays(&record);
}

/// Meridian: a move that turned a card face up cannot be undone; nothing is said or changed.
async fn card_turned(svc: &Service) {
    let id = started(svc, PLACE, meridian::Options::default(), &[1, 2]).await;
    let who = play_random(svc, id, None, &mut Shuffler::new(2)).await.unwrap();
    sent(svc).await;
    let before = version(svc, id).await;
    let turned =
        format!("Your last move in game #{id} cannot be undone: it turned a card face up, which everyone has seen.");
    assert_eq!(refused(svc.ask_undo(id, &user(who)).await), turned);
    assert_eq!((version(svc, id).await, sent(svc).await.len()), (before, 0));
}

/// Dragon Delta with u1, u2, u3: a programme undone once both others agree, while the one laid after it stands;
/// once every programme is laid they are revealed, and none can be.
async fn programmes(svc: &Service) {
    let id = started(svc, PLACE, dragon_delta::Options::default(), &[1, 2, 3]).await;
    let mut chooser = Shuffler::new(4);
    let first = play_random(svc, id, Some(0), &mut chooser).await.unwrap();
    let second = play_random(svc, id, Some(1), &mut chooser).await.unwrap();
    assert_eq!((first, second), (1, 2));
    sent(svc).await;
    let asked_at = version(svc, id).await;
    svc.ask_undo(id, &user(1)).await.unwrap();
    let invite = sent(svc).await;
    assert_eq!(invite[0].mentions, [2, 3]);
    // Another player's undo waits until this one is answered.
    let first = format!("u1's undo in game #{id} is waiting for answers: it comes first.");
    assert_eq!(refused(svc.ask_undo(id, &user(2)).await), first);
    let agreed = svc.answer_undo(id, asked_at, &user(2), true).await.unwrap();
    assert_eq!(said(agreed), format!("You agreed to the undo in game #{id}; waiting for u3."));
    assert_eq!(sent(svc).await.len(), 0, "an agreement is said to its player only");
    svc.answer_undo(id, asked_at, &user(3), true).await.unwrap();
    let table = svc.game(id).await.unwrap();
    assert_eq!(table.due().iter().collect::<Vec<_>>(), [0, 2], "u2's programme stands");
    let shown = sent(svc).await;
    assert_eq!(shown[0].named, [1], "only u1 is called again (named: their note pings them)");
    assert!(!shown.iter().any(|p| p.target == Target::Direct(3)), "u3 was due already: {shown:?}");

    play_random(svc, id, Some(0), &mut chooser).await.unwrap();
    play_random(svc, id, Some(2), &mut chooser).await.unwrap();
    let revealed = format!("Your last move in game #{id} cannot be undone: the programmes have been revealed.");
    assert_eq!(refused(svc.ask_undo(id, &user(3)).await), revealed);
}

/// Dragon Delta: a programme the clock laid (the default one, when the turn ran out) was no choice to undo.
async fn programme_of_the_clock(svc: &Service, clock: &FakeClock) {
    let id = started(svc, PLACE, dragon_delta::Options::default(), &[4, 5]).await;
    clock.advance(3 * 24 * HOUR + 1);
    svc.tick().await.unwrap();
    let table = svc.game(id).await.unwrap();
    assert!(table.row().version >= 2, "both programmes laid by the clock");
    let no_choice =
        format!("Your last move in game #{id} cannot be undone: a resignation or a turn lost to the clock was no choice of yours.");
    assert_eq!(refused(svc.ask_undo(id, &user(4)).await), no_choice);
}

/// Two processes: u1 agrees to u2's undo in one while playing their next move in the other, at once. Exactly
/// one wins: the version moves on by one, and the loser is refused with nothing changed.
#[tokio::test]
async fn an_undo_and_the_next_move_race_and_exactly_one_wins() {
    each_backend(|db| async move {
        let clock = FakeClock::at(1_790_000_000_000);
        let (a, b) = (service(db.open().await.named("a"), &clock), service(db.open().await.named("b"), &clock));
        for round in 0..8u64 {
            let id = started(&a, PLACE, contrees::Options::default(), &[1, 2]).await;
            let mut chooser = Shuffler::new(round);
            // The lands are laid u1, u1, u2, u2: then u1 is due.
            for _ in 0..4 {
                play_random(&a, id, None, &mut chooser).await.unwrap();
            }
            a.ask_undo(id, &user(2)).await.unwrap();
            let table = a.game(id).await.unwrap();
            let seen = table.row().version;
            let legal = table.game().legal(0);
            let next = legal[chooser.below(legal.len() as u64) as usize].clone();
            let u1 = user(1);
            let (agreed, moved) =
                tokio::join!(a.answer_undo(id, seen, &u1, true), b.act(id, 1, seen, &next, None));
            assert_eq!(agreed.is_ok() as u8 + moved.is_ok() as u8, 1, "{agreed:?} {moved:?}");
            let after = a.game(id).await.unwrap();
            assert_eq!(after.row().version, seen + 1);
            let due = after.due().iter().collect::<Vec<_>>();
            match agreed {
                Ok(_) => {
                    assert!(matches!(moved, Err(ServiceError::MovedOn { .. })), "{moved:?}");
                    assert_eq!(due, [1], "u2 plays again");
                }
                Err(e) => {
                    let no = format!("No undo of game #{id} is waiting for your answer: it was answered, asked again, or someone moved since.");
                    assert_eq!(e.to_string(), no);
                }
            }
        }
    })
    .await;
}

each_backend_tests! {
    let (svc, clock) = one_service;
    a_player_takes_their_seat_back_from_a_computer => async {
        rejoins(&svc).await;
        computers_ids_after_a_rejoin(&svc).await;
    };
    undos_agreed_refused_and_lapsed_in_contrees => undos_in_contrees(&svc, &clock);
    undos_the_rules_refuse_and_a_programme_undone => async {
        card_turned(&svc).await;
        programmes(&svc).await;
        programme_of_the_clock(&svc, &clock).await;
    };
}
