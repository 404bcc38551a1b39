//! Replays (issue 63) through the service, on real SQLite files: a finished game of each kind posts its whole game
//! animated with its result, frame by frame the boards its thread showed; `replay` of a running game shows only
//! what the thread showed, and refuses moves the game does not have.

use crate::support::databases::TestDb;
use crate::support::decoded::{gif_frames, png_colours};
use crate::support::playing::{drain, play_random, refused, service, started};
use meridian_bot::language::Lang;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::{contrees, dragon_delta, meridian};
use meridian_bot::service::{GameOptions, Payload, Place, Service, Target};
use meridian_bot::store::{Backend, Status};

const PLACE: Place = Place { guild_id: Some(600), channel_id: 100, lang: Lang::En };

/// The pictures named `name` posted in the thread, in order.
fn in_thread<'p>(payloads: &'p [Payload], name: &str) -> Vec<&'p [u8]> {
    let thread = payloads.iter().filter(|p| matches!(p.target, Target::Thread(_)));
    thread
        .flat_map(|p| p.files.iter().filter(|(n, _)| n == name).map(|(_, picture)| picture.image.as_slice()))
        .collect()
}

/// Ends the game if it still runs: every player but the first resigns.
async fn the_others_resign(svc: &Service, id: i64) {
    let table = svc.game(id).await.unwrap();
    for seat in table.seats().iter().skip(1) {
        if svc.game(id).await.unwrap().row().status == Status::Active {
            svc.resign(id, seat.user_id).await.unwrap();
        }
    }
}

/// A finished game's result post carries `game.gif`: a frame for each board the thread showed, each exactly that
/// board, the last (the final position) held.
async fn animates_its_thread<O: GameOptions>(options: O, players: &[i64], resign_after: usize) {
    let db = TestDb::new(Backend::Sqlite).await;
    let svc = service(&db).await;
    let id = started(&svc, PLACE, options, players).await;
    // Delivered as they come, as the bot would: the thread shows each board before the next move.
    let mut posted = drain(&svc).await;
    let mut chooser = Shuffler::new(7);
    for _ in 0..resign_after {
        if play_random(&svc, id, None, &mut chooser).await.is_none() {
            break;
        }
        posted.extend(drain(&svc).await);
    }
    the_others_resign(&svc, id).await;
    posted.extend(drain(&svc).await);
    assert_eq!(svc.game(id).await.unwrap().row().status, Status::Finished);
    let boards = in_thread(&posted, "board.png");
    let gif = in_thread(&posted, "game.gif");
    assert_eq!(gif.len(), 1, "one animation, with the result");
    let (frames, size) = gif_frames(gif[0]);
    assert_eq!(size, (1200, 800));
    assert_eq!(frames.len(), boards.len(), "a frame a board");
    for (k, (frame, board)) in frames.iter().zip(&boards).enumerate() {
        assert!(*frame == png_colours(board), "frame {k} is the thread's board {k}");
    }
    let result = posted.iter().find(|p| p.files.iter().any(|(n, _)| n == "game.gif")).unwrap();
    let alt = &result.files.iter().find(|(n, _)| n == "game.gif").unwrap().1.alt;
    assert!(alt.starts_with(&format!("An animation of {} boards, from move 0 to move ", boards.len())), "{alt}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_of_meridian_posts_its_boards_animated() {
    animates_its_thread(meridian::Options::default(), &[1, 2], 200).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_of_contrees_posts_its_boards_animated() {
    animates_its_thread(contrees::Options::default(), &[1, 2], 400).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_of_dragon_delta_posts_its_boards_animated() {
    animates_its_thread(dragon_delta::Options::default(), &[1, 2, 3], 30).await;
}

/// `replay` of a running game: exactly the boards its thread showed (never a private view), for any moves asked;
/// moves it does not have refused, naming those it has.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_games_replay_shows_what_its_thread_showed() {
    let db = TestDb::new(Backend::Sqlite).await;
    let svc = service(&db).await;
    let id = started(&svc, PLACE, meridian::Options::default(), &[1, 2, 3]).await;
    let mut posted = drain(&svc).await;
    let mut chooser = Shuffler::new(3);
    for _ in 0..6 {
        play_random(&svc, id, None, &mut chooser).await.unwrap();
        posted.extend(drain(&svc).await);
    }
    // A seventh move, its board not yet posted: the replay stops at what the thread showed.
    play_random(&svc, id, None, &mut chooser).await.unwrap();
    let boards = in_thread(&posted, "board.png");
    assert_eq!(boards.len(), 7, "the set-up and six moves");
    let whole = svc.animation(id, (None, None), Lang::En).await.unwrap();
    let (frames, _) = gif_frames(&whole.picture.image);
    assert_eq!((frames.len(), whole.frames, whole.from, whole.to), (7, 7, 0, 6));
    assert!(frames.iter().zip(&boards).all(|(f, b)| *f == png_colours(b)), "the thread's boards, in order");
    let part = svc.animation(id, (Some(2), Some(4)), Lang::Fr).await.unwrap();
    let (frames, _) = gif_frames(&part.picture.image);
    assert_eq!((frames.len(), part.from, part.to), (3, 2, 4));
    assert!(frames.iter().zip(&boards[2..]).all(|(f, b)| *f == png_colours(b)));
    assert!(part.picture.alt.starts_with("Une animation de 3 plateaux, du coup 2 au coup 4."), "{}", part.picture.alt);
    for (from, to) in [(Some(5), Some(2)), (None, Some(8)), (Some(-1), None)] {
        let asked = format!("{} to {}", from.unwrap_or(0), to.unwrap_or(7));
        let said = format!(
            "Game #{id} has moves 0 to 7: a replay goes from one of them to the same or a later one (asked: {asked})."
        );
        assert_eq!(refused(svc.animation(id, (from, to), Lang::En).await), said);
    }
    assert_eq!(
        refused(svc.animation(id, (Some(7), Some(7)), Lang::En).await),
        format!("No board of game #{id} was shown in its thread from move 7 to move 7: ask for more moves.")
    );
}
