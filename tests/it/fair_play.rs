//! Fair play (issue 59), on both backends through the service on the fake clock, one test per hole a player could
//! use: a tournament win a strong computer played is not credited; an active player is not replaced without their
//! Accept (an absent one is, and is told); a hop to another seat is refused; a computer gives the same reply after
//! each undo; resign → computer → rejoin is refused; lapsed and stale offers are refused; ten undos asked in
//! a row are one request; requests and substitutions are limited; undos can be turned off; reliability figures
//! and a lobby's minimum.

use crate::support::databases::{each_backend, TestDb};
use crate::support::playing::{drain, play_random, refused, started, user};
use meridian_bot::clock::{FakeClock, DAY, HOUR};
use meridian_bot::language::Lang;
use meridian_bot::rules::meridian::Meridian;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::any::Listed;
use meridian_bot::service::game::games::contrees::ContreesGame;
use meridian_bot::service::game::games::{contrees, dragon_delta, meridian};
use meridian_bot::service::seat::{FairPlay, Undo};
use meridian_bot::service::{Invitation, Level, Organiser, Place, Service, Setup, Target, TurnClock};
use meridian_bot::store::Status;
use meridian_bot::tournament::Format;
use std::sync::Arc;

const PLACE: Place = Place { guild_id: Some(900), channel_id: 190, lang: Lang::En };

async fn service(db: &TestDb) -> (Service, FakeClock) {
    let clock = FakeClock::at(1_790_000_000_000);
    let next = Arc::new(std::sync::atomic::AtomicU64::new(700));
    let seeds = move || next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    (Service::new(db.open().await, Arc::new(clock.clone()), Arc::new(seeds)), clock)
}

fn said(text: meridian_bot::language::Text) -> String {
    Lang::En.say(&text)
}

/// Plays one Meridian move for whoever is due (a legal move picked by the game's version); returns who moved.
async fn meridian_move(svc: &Service, id: i64) -> i64 {
    let table = svc.game(id).await.unwrap();
    let seat = table.due().iter().next().unwrap();
    let user = table.seat_row(seat).unwrap().user_id;
    let moves = svc.legal_moves::<Meridian>(id, user).await.unwrap();
    let pick = moves[(table.row().version as usize * 7) % moves.len()];
    svc.act(id, user, table.row().version, &pick, None).await.unwrap();
    user
}

/// The user due first in a game.
async fn due(svc: &Service, id: i64) -> i64 {
    let table = svc.game(id).await.unwrap();
    table.seat_row(table.due().iter().next().unwrap()).unwrap().user_id
}

/// A Swiss of one round of Contrées between u2 and u3: u2 hands their seat to a strong computer, which plays most of
/// the game, takes it back before the end and wins (u3 resigns). The win is not theirs: they score last, below u3's
/// resignation, as a game forfeited for outside help is.
async fn a_computers_win(svc: &Service) {
    let moderator = Organiser { moderates: Some(PLACE), roles: Vec::new() };
    let setup =
        Setup { name: "Cup".into(), format: Format::Swiss, rounds: Some(1), starts_at: None, computers: vec![] };
    let kind = (ContreesGame::LISTED, TurnClock::default());
    let t = svc.create_tournament(PLACE, &user(1), &setup, kind, &moderator).await.unwrap();
    for u in [2, 3] {
        svc.enter_tournament(t, &user(u), PLACE.guild_id).await.unwrap();
    }
    svc.start_tournament(t, 1, None).await.unwrap();
    let game = svc.tournament_view(t).await.unwrap().rounds_played[0].games[0].game;
    let refusal = format!("Moves are not undone in game #{game}: it is a tournament game.");
    svc.hand_to_computer(game, 2, &user(2), Level::Strong).await.unwrap();
    let mut chooser = Shuffler::new(4);
    for _ in 0..6 {
        if due(svc, game).await == 3 {
            play_random(svc, game, None, &mut chooser).await.unwrap();
            assert_eq!(refused(svc.ask_undo(game, &user(3)).await), refusal);
        } else {
            assert!(svc.tick().await.unwrap().computer_moves > 0);
        }
    }
    svc.rejoin(game, &user(2)).await.unwrap();
    svc.resign(game, 3).await.unwrap();
    let view = svc.tournament_view(t).await.unwrap();
    let mut scored = view.rounds_played[0].games[0].players.clone();
    scored.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(scored, [("u2".to_string(), Some(0.0)), ("u3".to_string(), Some(1.0))]);
}

#[tokio::test]
async fn a_tournament_win_a_computer_played_is_not_credited() {
    each_backend(|db| async move { a_computers_win(&service(&db).await.0).await }).await;
}

/// Meridian for three: the host offers u2's seat (u2 playing) to u7: both must accept, u7 first then u2; u2 is
/// asked privately and in the thread. Declined by u2 once. u3, absent (their turn ran out), is replaced without
/// their Accept and told privately. Three requests a day per person.
async fn consent(svc: &Service, clock: &FakeClock) {
    let id = started(svc, PLACE, meridian::Options::default(), &[1, 2, 3]).await;
    for _ in 0..3 {
        meridian_move(svc, id).await;
    }
    drain(svc).await;
    let offered = said(svc.offer_seat(id, 1, None, &user(2), &user(7)).await.unwrap());
    assert_eq!(
        offered,
        format!("u7 is asked in the thread of game #{id} to take over u2's seat, and u2 to agree: they are playing.")
    );
    let asked = drain(svc).await;
    let ask = format!(
        "u2, you are asked to hand your seat in **Meridian #{id}** to u7: do you agree? Nobody takes it without your Accept."
    );
    let seen: Vec<(Target, &str, Vec<i64>, Option<Invitation>)> =
        asked.iter().map(|p| (p.target.clone(), p.text.as_str(), p.mentions.clone(), p.invitation)).collect();
    let seat = svc.game(id).await.unwrap().seat(2).unwrap();
    let invite = Some(Invitation::Seat(seat));
    let thread = Target::Thread(10_000 + id);
    let to_u7 = format!("u2 is leaving game #{id}: will u7 take over their seat?");
    assert_eq!(
        seen,
        [
            (thread.clone(), to_u7.as_str(), vec![7], invite),
            (thread.clone(), ask.as_str(), vec![2], invite),
            (Target::Direct(2), ask.as_str(), vec![], invite),
        ]
    );
    // u7 accepts: kept, the seat is still u2's; u2 declines: it ends.
    let kept = "the seat changes hands once the other player accepts too.";
    assert_eq!(
        said(svc.answer_seat(id, seat, &user(7), true).await.unwrap()),
        format!("Your Accept is kept for game #{id}: {kept}")
    );
    assert_eq!(svc.game(id).await.unwrap().seat_row(seat).unwrap().user_id, 2);
    svc.answer_seat(id, seat, &user(2), false).await.unwrap();
    assert_eq!(drain(svc).await.into_iter().map(|p| p.text).collect::<Vec<_>>(), ["u2 keeps their seat."]);
    // Asked again; u2 accepts first this time, then u7: the seat changes hands.
    svc.offer_seat(id, 1, None, &user(2), &user(7)).await.unwrap();
    svc.answer_seat(id, seat, &user(2), true).await.unwrap();
    let took = said(svc.answer_seat(id, seat, &user(7), true).await.unwrap());
    assert_eq!(took, format!("You play u2's seat in game #{id} from now on: your view comes privately."));
    assert_eq!(svc.game(id).await.unwrap().seat_row(seat).unwrap().user_id, 7);
    drain(svc).await;

    // u3's turn runs out: absent, replaced without their Accept, and told privately.
    while due(svc, id).await != 3 {
        meridian_move(svc, id).await;
    }
    clock.advance(3 * DAY + HOUR);
    assert_eq!(svc.tick().await.unwrap().timed_out, 1);
    drain(svc).await;
    let seat3 = svc.game(id).await.unwrap().seat(3).unwrap();
    let offered = said(svc.offer_seat(id, 1, None, &user(3), &user(8)).await.unwrap());
    assert_eq!(offered, format!("u8 is asked in the thread of game #{id} to take over u3's seat."));
    let told = drain(svc).await;
    let away = format!(
        "Your turn in **Meridian #{id}** ran out, or you have not moved within its turn limit: u8 is asked to take over \
         your seat.\nhttps://discord.com/channels/900/{}",
        10_000 + id
    );
    assert_eq!(
        told.iter().map(|p| (&p.target, p.text.as_str())).collect::<Vec<_>>()[1],
        (&Target::Direct(3), away.as_str())
    );
    assert_eq!(told.len(), 2);
    svc.answer_seat(id, seat3, &user(8), true).await.unwrap();
    assert_eq!(svc.game(id).await.unwrap().seat_row(seat3).unwrap().user_id, 8);
    // Two more requests of the host's today (each turned down), and a fourth waits for tomorrow.
    for arriving in [9, 10] {
        svc.offer_seat(id, 1, None, &user(8), &user(arriving)).await.unwrap();
        svc.answer_seat(id, seat3, &user(arriving), false).await.unwrap();
    }
    let fourth = svc.offer_seat(id, 1, None, &user(8), &user(11)).await;
    assert_eq!(refused(fourth), format!("You have asked for seats 3 times in game #{id} today: ask again tomorrow."));
    clock.advance(DAY);
    svc.offer_seat(id, 1, None, &user(8), &user(11)).await.unwrap();
}

/// Dragon Delta for three: u2 passes their seat to u7 and may take no other seat of the game (a hop would show them
/// a second programme); u7, seated, takes no second one; a lapsed offer and one made stale by a resignation are
/// refused when accepted.
async fn hops_and_stale_offers(svc: &Service, clock: &FakeClock) {
    let id = started(svc, PLACE, dragon_delta::Options::default(), &[1, 2, 3]).await;
    let table = svc.game(id).await.unwrap();
    let (seat2, seat3) = (table.seat(2).unwrap(), table.seat(3).unwrap());
    svc.offer_seat(id, 2, None, &user(2), &user(7)).await.unwrap();
    svc.answer_seat(id, seat2, &user(7), true).await.unwrap();
    let hop = svc.offer_seat(id, 3, None, &user(3), &user(2)).await;
    let once = "one seat per person per game, and a former player comes back only to their own, with rejoin.";
    assert_eq!(refused(hop), format!("u2 has held a seat of game #{id} already: {once}"));
    assert_eq!(
        refused(svc.offer_seat(id, 3, None, &user(3), &user(7)).await),
        format!("u7 already plays in game #{id}.")
    );

    // Lapsed after a day.
    svc.offer_seat(id, 3, None, &user(3), &user(8)).await.unwrap();
    clock.advance(DAY);
    let lapsed = format!(
        "The offer of that seat in game #{id} has lapsed: it was made more than a day ago. Ask again if it still holds."
    );
    assert_eq!(refused(svc.answer_seat(id, seat3, &user(8), true).await), lapsed);
    // Stale: u3 resigned after offering their seat.
    svc.offer_seat(id, 3, None, &user(3), &user(8)).await.unwrap();
    svc.resign(id, 3).await.unwrap();
    let stale = format!(
        "The offer of that seat in game #{id} no longer stands: its seat changed hands or resigned since. Ask again \
         if it still holds."
    );
    assert_eq!(refused(svc.answer_seat(id, seat3, &user(8), true).await), stale);
    assert_eq!(svc.game(id).await.unwrap().seat_row(seat3).unwrap().user_id, 3);
}

/// Contrées against a computer: u1 lays a land, the computer replies; undone (at once: nobody else is to
/// agree) and laid again three times, the computer replies the same every time.
async fn same_reply(svc: &Service) {
    let id = svc.open_lobby(PLACE, &user(1), contrees::Options::default(), &[], &[Level::Easy]).await.unwrap();
    svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
    while due(svc, id).await != 1 {
        assert!(svc.tick().await.unwrap().computer_moves > 0);
    }
    let mut replies = Vec::new();
    for _ in 0..3 {
        // u1's turn (its lands laid one by one, the first legal each time), then the computer's.
        while due(svc, id).await == 1 {
            let table = svc.game(id).await.unwrap();
            let first = table.game().legal(table.seat(1).unwrap())[0].clone();
            svc.act(id, 1, table.row().version, &first, None).await.unwrap();
        }
        while due(svc, id).await != 1 {
            assert!(svc.tick().await.unwrap().computer_moves > 0);
        }
        let lines: Vec<String> = svc.log(id, 4).await.unwrap().into_iter().map(said).collect();
        replies.push((svc.game(id).await.unwrap().game().snapshot(), lines));
        svc.ask_undo(id, &user(1)).await.unwrap();
    }
    assert!(replies[0].1.iter().any(|line| line.contains("Computer")), "{:?}", replies[0].1);
    assert_eq!((&replies[1], &replies[2]), (&replies[0], &replies[0]));
}

#[tokio::test]
async fn a_computer_gives_the_same_reply_after_each_undo() {
    each_backend(|db| async move { same_reply(&service(&db).await.0).await }).await;
}

/// Meridian for three: u2 resigns; the host hands the seat to a computer; u2 may not take it back, nor any other.
/// Then u3 hands their seat to a computer and takes it back three times: six substitutions, and no seventh.
async fn resigning_is_final(svc: &Service) {
    let id = started(svc, PLACE, meridian::Options::default(), &[1, 2, 3]).await;
    meridian_move(svc, id).await;
    svc.resign(id, 2).await.unwrap();
    svc.hand_to_computer(id, 1, &user(2), Level::Easy).await.unwrap();
    let fin = format!("u2 resigned from game #{id}: resigning is final, they do not play it again.");
    assert_eq!(refused(svc.rejoin(id, &user(2)).await), fin);
    assert_eq!(refused(svc.offer_seat(id, 3, None, &user(3), &user(2)).await), fin);
    for _ in 0..3 {
        svc.hand_to_computer(id, 3, &user(3), Level::Easy).await.unwrap();
        svc.rejoin(id, &user(3)).await.unwrap();
    }
    let seventh = svc.hand_to_computer(id, 3, &user(3), Level::Easy).await;
    let most = "has changed hands 6 times, as often as a seat may: it stays with whoever holds it.";
    assert_eq!(refused(seventh), format!("This seat of game #{id} {most}"));
}

#[tokio::test]
async fn resign_then_computer_then_rejoin_is_refused() {
    each_backend(|db| async move { resigning_is_final(&service(&db).await.0).await }).await;
}

/// Contrées between two people: ten undos asked in a row are one request (one message that pings); a game
/// opened with undo off refuses them.
async fn one_request(svc: &Service) {
    let id = started(svc, PLACE, contrees::Options::default(), &[1, 2]).await;
    let mut chooser = Shuffler::new(3);
    let mover = play_random(svc, id, None, &mut chooser).await.unwrap();
    drain(svc).await;
    svc.ask_undo(id, &user(mover)).await.unwrap();
    let again =
        format!("You have asked already in game #{id}: your request waits for its answer (it lapses after a day).");
    for _ in 0..9 {
        assert_eq!(refused(svc.ask_undo(id, &user(mover)).await), again);
    }
    let asked = drain(svc).await;
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(asked[0].invitation.map(|i| matches!(i, Invitation::Undo(_))), Some(true));

    let off =
        TurnClock { fair_play: FairPlay { undo: Some(Undo::Off), ..FairPlay::default() }, ..TurnClock::default() };
    let id = started(svc, PLACE, contrees::Options { clock: off, ..contrees::Options::default() }, &[1, 2]).await;
    let mover = play_random(svc, id, None, &mut chooser).await.unwrap();
    let refusal = format!("Moves are not undone in game #{id}: its host turned undo off when it started.");
    assert_eq!(refused(svc.ask_undo(id, &user(mover)).await), refusal);
}

#[tokio::test]
async fn ten_undos_in_a_row_are_one_request_and_undos_can_be_off() {
    each_backend(|db| async move { one_request(&service(&db).await.0).await }).await;
}

/// Meridian for two: u1 moves after an hour each turn; u2 after 30 minutes, but lets every other turn run out (two
/// in a row never: three resign). Figures after twelve turns each, then a lobby asking 80% refuses u2 and lets u1
/// (and a newcomer) in.
async fn reliability(svc: &Service, clock: &FakeClock) {
    let id = started(svc, PLACE, meridian::Options::default(), &[1, 2]).await;
    let mut late = false;
    let fewest = |r: Vec<meridian_bot::ratings::reliability::Reliability>| r.iter().map(|r| r.turns).min();
    while svc.game(id).await.unwrap().row().status == Status::Active
        && fewest(svc.reliability(900, &[1, 2]).await.unwrap()) < Some(12)
    {
        match due(svc, id).await {
            1 => clock.advance(HOUR),
            _ if late => {
                clock.advance(3 * DAY + 1);
                assert_eq!(svc.tick().await.unwrap().timed_out, 1);
                late = false;
                continue;
            }
            _ => {
                clock.advance(HOUR / 2);
                late = true;
            }
        }
        meridian_move(svc, id).await;
    }
    let [u1, u2] = svc.reliability(900, &[1, 2]).await.unwrap()[..] else { panic!() };
    assert_eq!((u1.turns, u1.ran_out, u1.recent_percent(), u1.median_ms), (12, 0, Some(100), Some(HOUR)));
    assert_eq!((u2.turns, u2.ran_out, u2.recent_percent(), u2.median_ms), (12, 6, Some(50), Some(HOUR / 2)));
    assert_eq!(u2.all_time_percent(), Some(50));
    // Another server knows nothing of them.
    assert_eq!(svc.reliability(901, &[2]).await.unwrap()[0].turns, 0);

    let asks =
        TurnClock { fair_play: FairPlay { min_reliability: Some(80), ..FairPlay::default() }, ..TurnClock::default() };
    let options = meridian::Options { clock: asks, ..meridian::Options::default() };
    let lobby = svc.open_lobby(PLACE, &user(5), options, &[], &[]).await.unwrap();
    let below = "u2 played 50% of their recent turns in time; this asks at least 80%.";
    assert_eq!(refused(svc.join(lobby, &user(2)).await), below);
    svc.join(lobby, &user(1)).await.unwrap();
    svc.join(lobby, &user(6)).await.unwrap();
}

/// Meridian for three: the host asks u2, who is playing, to give up their seat during u2's quiet hours. The private
/// ask is held (the thread asks at once) and comes when the quiet hours end in its own words, with the thread's link.
async fn asked_in_quiet_hours(svc: &Service, clock: &FakeClock) {
    let id = started(svc, PLACE, meridian::Options::default(), &[1, 2, 3]).await;
    meridian_move(svc, id).await;
    // 14:13 UTC now (no time zone set: UTC); quiet from 14:00 to 16:00.
    svc.set_quiet(&user(2), Some(14), Some(16)).await.unwrap();
    drain(svc).await;
    svc.offer_seat(id, 1, None, &user(2), &user(7)).await.unwrap();
    let now: Vec<Target> = drain(svc).await.into_iter().map(|p| p.target).collect();
    let thread = Target::Thread(10_000 + id);
    assert_eq!(now, [thread.clone(), thread], "the thread asks u7 and u2; nothing private in quiet hours");
    clock.advance(2 * HOUR);
    svc.tick().await.unwrap();
    let released: Vec<String> =
        drain(svc).await.into_iter().filter(|p| p.target == Target::Direct(2)).map(|p| p.text).collect();
    assert_eq!(released.len(), 1, "{released:?}");
    let ask = format!("u2, you are asked to hand your seat in **Meridian #{id}** to u7: do you agree?");
    let link = format!("https://discord.com/channels/900/{}", 10_000 + id);
    assert!(released[0].contains(&ask) && released[0].contains(&link), "{}", released[0]);
}

each_backend_tests! {
    let (svc, clock) = service;
    a_player_who_is_playing_is_replaced_only_with_their_accept => consent(&svc, &clock);
    a_hop_to_another_seat_and_lapsed_or_stale_offers_are_refused => hops_and_stale_offers(&svc, &clock);
    reliability_and_a_lobbys_minimum => reliability(&svc, &clock);
    an_ask_held_in_quiet_hours_comes_in_its_own_words => asked_in_quiet_hours(&svc, &clock);
}
