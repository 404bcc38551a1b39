//! Contrées on the platform, on real SQLite files: whole games chosen through the menus, time-outs in both phases,
//! three in a row, resigning, per-seat clocks, and the exported record replaying to the same game.

use meridian_bot::clock::{Clock, FakeClock};
use meridian_bot::language::Lang;
use meridian_bot::rules::contrees::{Action, Contrees, Land, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::contrees::Options;
use meridian_bot::service::{Place, Service, Table, Target, User};
use meridian_bot::store::Status;
use std::sync::Arc;

use crate::support::databases;
use crate::support::playing::{last_board, last_turn, play_by_menus};
use databases::{backends, each_backend_at, TestDb};
use meridian_bot::pictures::contrees as pictures;
use meridian_bot::rules::{Game, Viewer};

const PLACE: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
use meridian_bot::clock::DAY;

async fn service(db: &TestDb, clock: &FakeClock) -> Service {
    let store = db.open().await;
    Service::new(store, Arc::new(clock.clone()), Arc::new(|| 5))
}

/// A started game between ana (1) and ben (2).
async fn started(svc: &Service, expert: bool) -> i64 {
    let options = Options { expert, ..Options::default() };
    let id = svc.open_lobby(PLACE, &User { id: 1, name: "ana".into() }, options, &[], &[]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    svc.join(id, &User { id: 2, name: "ben".into() }).await.unwrap();
    svc.start(id, 1).await.unwrap();
    id
}

fn contrees(table: &Table) -> &Contrees {
    table.state().expect("a game of Contrées")
}

/// The user due to play, if any.
async fn due(svc: &Service, id: i64) -> Option<i64> {
    let table = svc.game(id).await.unwrap();
    let seat = table.due().iter().next()?;
    Some(table.seat_row(seat).unwrap().user_id)
}

/// The game's record, once it is over.
async fn record(svc: &Service, id: i64) -> Record {
    serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap()
}

/// Lines posted in the thread so far (delivering them).
async fn posted(svc: &Service) -> Vec<String> {
    let mut out = Vec::new();
    for p in svc.pending(1000).await.unwrap() {
        svc.delivered(p.outbox_id).await.unwrap();
        if matches!(p.target, Target::Thread(_)) {
            out.push(p.text);
        }
    }
    out
}

#[tokio::test]
async fn whole_games_chosen_through_the_menus_end_and_replay() {
    for seed in 0..3 {
        // The games take turns on the backends.
        let backends = backends();
        let dir = TestDb::new(backends[seed as usize % backends.len()]).await;
        let clock = FakeClock::at(1_700_000_000_000);
        let svc = service(&dir, &clock).await;
        let id = started(&svc, seed == 1).await;
        let mut chooser = Shuffler::new(seed);
        let mut turns = 0;
        while let Some(user) = due(&svc, id).await {
            play_by_menus(&svc, id, user, |n| chooser.below(n as u64) as usize).await;
            turns += 1;
        }
        let table = svc.game(id).await.unwrap();
        assert_eq!(table.row().status, Status::Finished);
        let game = contrees(&table);
        assert!(game.is_over() && turns > 8, "{turns} turns");
        // The record replays to the same game, and the result names the rules' winners with their scores.
        let mut reports = Vec::new();
        let end = record(&svc, id).await.replay_with(|_, played| reports.push(played.clone())).unwrap();
        assert_eq!(&end, game);
        let names = table.names();
        let winners: Vec<&str> = game.leaders().iter().map(|s| names[usize::from(s)].as_str()).collect();
        let result = format!(
            "Final scores: {} {}, {} {}. Winner: {}.",
            names[0],
            game.score(0),
            names[1],
            game.score(1),
            winners.join(" and ")
        );
        // Then the ratings, Glicko-2 from 1500 each: the crate's published first game (1662 and 1338), or a draw.
        let ratings: Vec<String> = (0..2u8)
            .map(|seat| match (winners.len(), game.leaders().contains(seat)) {
                (2, _) => format!("{} 1500 → 1500 (±0, provisional)", names[usize::from(seat)]),
                (_, true) => format!("{} 1500 → 1662 (+162, provisional)", names[usize::from(seat)]),
                (_, false) => format!("{} 1500 → 1338 (-162, provisional)", names[usize::from(seat)]),
            })
            .collect();
        let provisional = "A rating is provisional for its player's first 5 rated games: it moves fast until then.";
        let result = format!("{result}\nRatings: {}. {provisional}", ratings.join(", "));
        let payloads = svc.pending(1000).await.unwrap();
        assert!(payloads.iter().any(|p| p.text == format!("**Contrées #{id}** is over. {result}")), "{result}");
        // The last board posted is the board drawn from the public view, the last turn pointed out.
        let turn = last_turn(&reports, |played| played.seat);
        let scene = pictures::board(
            &end.view(Viewer::Public),
            &names,
            &turn,
            meridian_bot::pictures::Reader::standard(Lang::En),
        );
        let drawn = render::contrees::board_png(&scene, &Lang::En);
        assert!(last_board(&payloads) == drawn, "the board posted is the public view's");
        assert!(svc.audit().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn time_outs_lay_the_lowest_labels_and_three_in_a_row_resign() {
    each_backend_at(1_700_000_000_000, service, async |_, svc, clock| {
        let id = started(&svc, false).await;
        let table = svc.game(id).await.unwrap();
        let (first, second) = (table.seats()[0].clone(), table.seats()[1].clone());
        posted(&svc).await;

        // The first player's time runs out: the lowest labels get their lands, A (the first land) and then A1.
        clock.advance(3 * DAY + 1);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        let game = contrees(&svc.game(id).await.unwrap()).clone();
        assert_eq!(game.laid(), [Land { q: 0, r: 0 }, Land { q: 1, r: -1 }]);
        let name = &first.name;
        let said = posted(&svc).await;
        assert_eq!(
            said[0],
            format!("{name}'s time ran out. {name} laid land A. {name} laid land B. {} to play (turn 2).", second.name)
        );

        // Only the seat to move has a clock.
        let mut conn = svc.store().read().await.unwrap();
        let clocks: Vec<(i64, Option<i64>)> =
            meridian_bot::on!(conn, c => sqlx::query_as("SELECT seat, deadline_at FROM seats WHERE game_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(c)
                .await
                .unwrap());
        drop(conn);
        assert_eq!(clocks, [(0, None), (1, Some(clock.now_ms() + 3 * DAY))]);

        // Two more of the first player's turns run out, the second player playing between: the third resigns them.
        for _ in 0..2 {
            play_by_menus(&svc, id, second.user_id, |_| 0).await;
            clock.advance(3 * DAY + 1);
            svc.tick().await.unwrap();
        }
        let table = svc.game(id).await.unwrap();
        assert_eq!(table.row().status, Status::Finished);
        assert!(table.seats()[0].resigned && !table.seats()[1].resigned);
        let record = record(&svc, id).await;
        assert_eq!(record.moves.len(), 11, "3 turns of two lands each, 2 of the other player, and the resignation");
        assert!(matches!(record.moves[10], Action::Resign { seat: Some(0), .. }), "{:?}", record.moves[10]);
        let said = posted(&svc).await.join("\n");
        assert!(said.contains(&format!("{name} let 3 turns in a row run out and is resigned")), "{said}");
        assert!(said.contains(&format!("Winner: {}.", second.name)), "{said}");
    })
    .await;
}

#[tokio::test]
async fn in_phase_two_a_time_out_places_nothing_and_resigning_ends_the_game() {
    each_backend_at(1_700_000_000_000, service, async |_, svc, clock| {
        let id = started(&svc, true).await;
        while contrees(&svc.game(id).await.unwrap()).phase() == 1 {
            let user = due(&svc, id).await.unwrap();
            play_by_menus(&svc, id, user, |_| 0).await;
        }
        let table = svc.game(id).await.unwrap();
        assert_eq!(contrees(&table).laid().len(), 16);
        assert_eq!(contrees(&table).players().iter().filter(|p| p.white_laid).count(), 2, "expert: both white lands");
        let (first, second) = (table.seats()[0].clone(), table.seats()[1].clone());
        assert_eq!(due(&svc, id).await, Some(first.user_id), "phase 2 starts with the player who did not lay last");
        posted(&svc).await;

        clock.advance(3 * DAY + 1);
        assert_eq!(svc.tick().await.unwrap().timed_out, 1);
        // Nothing changed on the board: said in words only, calling the next player, who is told by DM too.
        let said = svc.pending(1000).await.unwrap();
        let [line, dm] = &said[..] else { panic!("{said:?}") };
        let turn = "to play (turn 10)";
        assert_eq!(line.text, format!("{0}'s time ran out. {0} placed nothing. {1} {turn}.", first.name, second.name));
        assert!(line.files.is_empty(), "no picture of a board that did not change");
        assert_eq!((&line.mentions[..], &line.named[..]), (&[][..], &[second.user_id][..]), "named: their DM pings");
        assert_eq!(dm.target, Target::Direct(second.user_id));
        posted(&svc).await;
        // A pass with corners open is refused and changes nothing.
        let version = svc.game(id).await.unwrap().row().version;
        let refused = svc.act(id, second.user_id, version, &Action::PASS, None).await.unwrap_err();
        assert!(refused.to_string().starts_with("That move is not allowed: "), "{refused}");
        assert!(svc.pending(1000).await.unwrap().is_empty());

        // Resigning out of turn ends the game at once: the other player wins.
        svc.resign(id, first.user_id).await.unwrap();
        let table = svc.game(id).await.unwrap();
        assert_eq!(table.row().status, Status::Finished);
        let record = record(&svc, id).await;
        assert_eq!(record.moves[16], Action::TIMEOUT);
        assert!(matches!(record.moves[17], Action::Resign { seat: Some(0), .. }));
        assert_eq!(&record.replay().unwrap(), contrees(&table));
        let said = posted(&svc).await.join("\n");
        assert!(
            said.contains(&format!("{} resigned", first.name)) && said.contains(&format!("Winner: {}.", second.name))
        );
    })
    .await;
}
