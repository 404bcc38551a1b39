//! Seats that change hands (issue 47), on both backends: a substitute mid-game in each game (asked, declined, asked
//! again, accepted), the leaving player's controls refused at once, the arriving player's view private, the game
//! played to its end by them, its record naming the substitution and replaying through `replay`, and its ratings.

use crate::support::databases::{each_backend, TestDb};
use crate::support::playing::{drain as sent, play_random, refused, started, user};
use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::{contrees, dragon_delta, meridian};
use meridian_bot::service::game::Kind;
use meridian_bot::service::{Answer, Ask, Caller, GameOptions, Invitation, Payload, Place, Service, Target};
use meridian_bot::store::Status;
use std::sync::Arc;

const PLACE: Place = Place { guild_id: Some(500), channel_id: 100, lang: Lang::En };
/// The arriving player, and someone who has nothing to do with the game.
const ARRIVING: i64 = 7;
const STRANGER: i64 = 9;

async fn service(db: &TestDb) -> Service {
    Service::new(db.open().await, Arc::new(FakeClock::at(1_790_000_000_000)), Arc::new(|| 41))
}

/// A substitute in a game of `kind` with `players`, after four moves.
async fn substitute_mid_game<O: GameOptions>(svc: &Service, kind: Kind, options: O, players: &[i64]) {
    let id = started(svc, PLACE, options, players).await;
    let mut chooser = Shuffler::new(5);
    for _ in 0..4 {
        play_random(svc, id, None, &mut chooser).await;
    }
    sent(svc).await;
    let table = svc.game(id).await.unwrap();
    let seat = table.due().iter().next().unwrap();
    let leaving = user(table.seats()[usize::from(seat)].user_id);
    let caller = Caller { game: id, user: leaving.id, lang: Lang::En, interaction: None };
    let Answer::Menu(menu) = svc.step(&caller, Ask::Menus { seen: None, path: &[] }).await.unwrap() else {
        panic!("{kind:?}: no menu for the player due")
    };

    // Who may ask, and whom.
    let by_stranger = svc.offer_seat(id, STRANGER, None, &leaving, &user(ARRIVING)).await;
    let may = format!(
        "Only the host of game #{id}, the player leaving, or someone who may manage threads in its own channel can \
         hand a seat to a substitute."
    );
    assert_eq!(refused(by_stranger), may);
    let seated = players.iter().copied().find(|&p| p != leaving.id).unwrap();
    let to_seated = svc.offer_seat(id, leaving.id, None, &leaving, &user(seated)).await;
    assert_eq!(refused(to_seated), format!("u{seated} already plays in game #{id}."));

    // Asked in the thread, declined, asked again, accepted.
    svc.offer_seat(id, leaving.id, None, &leaving, &user(ARRIVING)).await.unwrap();
    let asked = sent(svc).await;
    assert_eq!(asked.len(), 1, "{asked:?}");
    let asked_text = format!("{} is leaving game #{id}: will u{ARRIVING} take over their seat?", leaving.name);
    assert_eq!((asked[0].target.clone(), asked[0].text.as_str()), (Target::Thread(10_000 + id), asked_text.as_str()));
    assert_eq!((asked[0].invitation, asked[0].mentions.as_slice()), (Some(Invitation::Seat(seat)), &[ARRIVING][..]));
    assert_eq!(refused(svc.answer_seat(id, seat, &user(STRANGER), true).await), no_offer(id));
    svc.answer_seat(id, seat, &user(ARRIVING), false).await.unwrap();
    let said: Vec<String> = sent(svc).await.into_iter().map(|p| p.text).collect();
    assert_eq!(said, [format!("u{ARRIVING} will not take over {}'s seat.", leaving.name)]);
    assert_eq!(refused(svc.answer_seat(id, seat, &user(ARRIVING), true).await), no_offer(id), "answered already");
    // Asked again by the player leaving (an offer by the host would wait for their Accept too: `fair_play`).
    svc.offer_seat(id, leaving.id, None, &leaving, &user(ARRIVING)).await.unwrap();
    sent(svc).await;
    let took = svc.answer_seat(id, seat, &user(ARRIVING), true).await.unwrap();
    assert_eq!(
        Lang::En.say(&took),
        format!("You play {}'s seat in game #{id} from now on: your view comes privately.", leaving.name)
    );

    // The thread is told, with nothing private; the arriving player's view comes to them alone.
    let said = sent(svc).await;
    let thread: Vec<&Payload> = said.iter().filter(|p| p.target == Target::Thread(10_000 + id)).collect();
    assert_eq!(thread.len(), 1, "{said:?}");
    assert_eq!(thread[0].text, format!("u{ARRIVING} takes over {}'s seat.", leaving.name));
    assert!(thread[0].files.is_empty());
    let private: Vec<&Payload> = said.iter().filter(|p| p.target == Target::Direct(ARRIVING)).collect();
    assert_eq!(private.len(), 1, "{said:?}");
    let yours = format!("You play {}'s seat in **{} #{id}** from now on.", leaving.name, kind.title());
    assert!(private[0].text.starts_with(&yours), "{}", private[0].text);
    let names: Vec<&str> = private[0].files.iter().map(|(name, _)| name.as_str()).collect();
    // Meridian's cards and Dragon Delta's programme cards are private; Contrées hides nothing.
    assert_eq!(names.contains(&"hand.png"), kind != Kind::Contrees, "{kind:?}: {names:?}");
    assert_eq!(said.len(), 2, "nobody else is told: {said:?}");

    // The leaving player's controls answer that the seat changed hands; the arriving player's work.
    let changed = format!("Your seat in game #{id} has changed hands: u{ARRIVING} plays it now.");
    let old = Ask::Menus { seen: Some(menu.version), path: &[] };
    assert_eq!(refused(svc.step(&caller, old).await), changed);
    let arriving = Caller { user: ARRIVING, ..caller };
    assert!(matches!(svc.step(&arriving, Ask::Menus { seen: None, path: &[] }).await.unwrap(), Answer::Menu(_)));

    // To the end: the record names the substitution and replays; the arriving player is rated for the seat (they held it
    // for most of the game), the leaving one is not.
    for _ in 0..60 {
        play_random(svc, id, None, &mut chooser).await;
    }
    // Everyone else resigns (a random game of Dragon Delta may last long): the arriving player wins.
    for other in players.iter().filter(|&&p| p != leaving.id) {
        if svc.game(id).await.unwrap().row().status == Status::Active {
            svc.resign(id, *other).await.unwrap();
        }
    }
    assert_eq!(svc.game(id).await.unwrap().row().status, Status::Finished, "{kind:?}");
    let record = svc.export(id).await.unwrap().json;
    let value: serde_json::Value = serde_json::from_str(&record).unwrap();
    let substitution =
        serde_json::json!([{"move": 4, "seat": seat, "from": leaving.name, "to": format!("u{ARRIVING}")}]);
    assert_eq!(value["substitutions"], substitution, "{kind:?}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("record.json");
    std::fs::write(&file, &record).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot")).arg("replay").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{kind:?}: {}", String::from_utf8_lossy(&out.stderr));
    // A record exported before the feature had one name calls it `handovers`: it replays to the same end.
    std::fs::write(&file, record.replace("\"substitutions\"", "\"handovers\"")).unwrap();
    let old = std::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot")).arg("replay").arg(&file).output().unwrap();
    assert_eq!(
        (old.status.code(), &old.stdout),
        (Some(0), &out.stdout),
        "{kind:?}: {}",
        String::from_utf8_lossy(&old.stderr)
    );
    let rated = rated_seats(svc, id).await;
    assert!(rated.contains(&(i64::from(seat), format!("u{ARRIVING}"))), "{kind:?}: {rated:?}");
    assert!(rated.iter().all(|(_, name)| *name != leaving.name), "{kind:?}: {rated:?}");
}

fn no_offer(id: i64) -> String {
    format!("No seat of game #{id} is waiting for you: the offer was answered, replaced, or its seat changed hands.")
}

/// The seats a finished game rated, and their names.
async fn rated_seats(svc: &Service, id: i64) -> Vec<(i64, String)> {
    let mut tx = svc.store().read().await.unwrap();
    let sql = "SELECT seat, name FROM rated WHERE game_id = $1 ORDER BY seat";
    meridian_bot::on!(tx, c => sqlx::query_as::<_, (i64, String)>(sql).bind(id).fetch_all(c).await.unwrap())
}

#[tokio::test]
async fn a_substitute_takes_a_seat_mid_game_in_each_game() {
    each_backend(|db| async move {
        let svc = service(&db).await;
        substitute_mid_game(&svc, Kind::Meridian, meridian::Options::default(), &[1, 2]).await;
        substitute_mid_game(&svc, Kind::Contrees, contrees::Options::default(), &[1, 2]).await;
        substitute_mid_game(&svc, Kind::DragonDelta, dragon_delta::Options::default(), &[1, 2, 3]).await;
    })
    .await;
}
