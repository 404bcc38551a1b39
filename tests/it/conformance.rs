//! Every game on the platform, through the closed set the service uses ([`Kind`] and [`AnyGame`]): a refused action
//! changes nothing; every legal action applies; the click menus lead only to moves the game accepts; replaying the actions
//! played gives the same game; what one seat sees of another seat is what everyone sees; and random play through
//! the menus reaches the end (a race that may never end, Dragon Delta's, is ended by resignations after a while).

use meridian_bot::rules::seed::Shuffler;
use meridian_bot::rules::{Due, Seat, SeatSet, Viewer};
use meridian_bot::service::game::adapter::{Choice, MENU_OPTIONS};
use meridian_bot::service::game::any::{AnyAction, AnyGame, Refused};
use meridian_bot::service::game::Kind;

/// Moves a game may take at most under random play before the test calls it stalled.
const MOVE_CAP: usize = 5_000;
/// Moves after which the seats due resign one by one: Dragon Delta's random pawns seldom reach their goal
/// (dragon-delta.md §5: play may never end); the other games end long before.
const RESIGN_AFTER: usize = 300;
/// Games per kind and player count.
const GAMES: u64 = 12;

fn names(players: usize) -> Vec<String> {
    (0..players).map(|s| format!("p{s}")).collect()
}

/// What a refused action must leave as it was.
fn fingerprint(game: &AnyGame) -> (String, Due) {
    (game.snapshot(), game.due())
}

/// Plays one random game to its end, checking every position; returns the actions played and the final game.
fn random_game(kind: Kind, players: usize, seed: u64) -> (Vec<(Seat, AnyAction)>, AnyGame) {
    let names = names(players);
    let mut game = kind.start("{}", seed, players).expect("default options set a game up");
    let mut chooser = Shuffler::new(seed);
    let mut played = Vec::new();
    while let Due::Seats(due) = game.due() {
        assert!(!due.is_empty(), "{}: a game in progress waits for somebody", kind.title());
        assert!(played.len() < MOVE_CAP, "{}: no end after {MOVE_CAP} moves", kind.title());
        let seats: Vec<Seat> = due.iter().collect();
        let seat = seats[chooser.below(seats.len() as u64) as usize];
        let legal = game.legal(seat);
        assert!(!legal.is_empty(), "{}: seat {seat} is due with nothing to do", kind.title());

        // A refused action changes nothing: a legal action for a seat that is not due.
        let before = fingerprint(&game);
        let idle: Option<Seat> = (0..players as Seat).find(|s| !due.contains(*s));
        if let Some(idle) = idle {
            assert!(game.legal(idle).is_empty(), "{}: seat {idle} is not due", kind.title());
            assert!(game.apply(idle, &legal[0], &names).is_err(), "{}: out of turn", kind.title());
        }
        assert_eq!(fingerprint(&game), before, "{}: a refusal changed the game", kind.title());

        // Every legal action applies (on a copy).
        if seed < 2 {
            for action in &legal {
                let mut copy = game.clone();
                copy.apply(seat, action, &names)
                    .unwrap_or_else(|e| panic!("{}: {action:?} refused: {e}", kind.title()));
            }
        }

        // One seat sees of another exactly what everyone sees.
        let public = serde_json::to_value(game.view(Viewer::Public)).unwrap();
        for s in 0..players as Seat {
            let private = serde_json::to_value(game.view(Viewer::Seat(s))).unwrap();
            for other in (0..players).filter(|&o| o != usize::from(s)) {
                assert_eq!(private["players"][other], public["players"][other], "{}", kind.title());
            }
        }

        let actions = match game.resignation(seat).filter(|_| played.len() >= RESIGN_AFTER) {
            Some(resign) => vec![resign],
            None => random_menu_move(&game, seat, &mut chooser),
        };
        for action in actions {
            game.apply(seat, &action, &names).unwrap_or_else(|e| panic!("{}: {action:?} refused: {e}", kind.title()));
            played.push((seat, action));
        }
    }
    (played, game)
}

/// A move chosen at random through the click menus, as a player would.
fn random_menu_move(game: &AnyGame, seat: Seat, chooser: &mut Shuffler) -> Vec<AnyAction> {
    let mut path: Vec<String> = Vec::new();
    loop {
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        match game.choices(seat, &refs).expect("the menus' own paths are accepted") {
            Choice::Done(actions) => return actions,
            Choice::Menu { options, prompt } => {
                // A message holds five menus of 25.
                assert!((1..=5 * MENU_OPTIONS).contains(&options.len()), "{prompt:?}: {} options", options.len());
                path.push(options[chooser.below(options.len() as u64) as usize].value.clone());
            }
        }
    }
}

#[test]
fn every_game_keeps_the_platforms_contract() {
    for &kind in Kind::ALL {
        for players in kind.players() {
            for seed in 0..GAMES {
                let (played, end) = random_game(kind, players, seed);
                // Replaying the actions played gives the same game.
                let names = names(players);
                let mut again = kind.start("{}", seed, players).unwrap();
                for (seat, action) in &played {
                    again.apply(*seat, action, &names).expect("the actions played replay");
                }
                assert_eq!(again, end, "{}: the replay differs", kind.title());
                assert_eq!(kind.restore(&end.snapshot()).unwrap(), end, "{}", kind.title());
                // Every action is stored as JSON and reads back as itself.
                for (_, action) in &played {
                    assert_eq!(&kind.action(&action.to_json()).unwrap(), action, "{}", kind.title());
                }
                // The end has winners, all of them seats of the game.
                let Due::Finished { winners } = end.due() else { panic!("{}: not over", kind.title()) };
                assert!(!winners.is_empty() && winners.iter().all(|s| usize::from(s) < players));
                let everyone: SeatSet = (0..players as Seat).collect();
                assert!(end.winners(everyone).iter().all(|s| winners.contains(s)), "{}", kind.title());
            }
        }
    }
}

#[test]
fn every_game_reads_its_own_options_and_refuses_another_games_moves() {
    let names = names(2);
    for &kind in Kind::ALL {
        assert_eq!(Kind::named(kind.name()), Some(kind));
        let fewest = *kind.players().start();
        assert!(kind.start("{}", 1, fewest).is_ok(), "{}: the default options", kind.title());
        assert!(kind.start("3", 1, fewest).is_err(), "{}: options are an object", kind.title());
        assert!(kind.action(r#"{"no such move":true}"#).is_err(), "{}: made-up JSON is no move", kind.title());
        let too_many = *kind.players().end() + 1;
        let error = kind.start("{}", 1, too_many).unwrap_err().to_string();
        assert!(error.ends_with(&format!("players, not {too_many}")), "{error}");
        let mut game = kind.start("{}", 1, *kind.players().start()).unwrap();
        let before = game.clone();
        for &other in Kind::ALL.iter().filter(|&&k| k != kind) {
            let theirs = other.start("{}", 1, *other.players().start()).unwrap();
            let Due::Seats(due) = theirs.due() else { panic!() };
            let seat = due.iter().next().unwrap();
            let foreign = theirs.legal(seat)[0].clone();
            let error = game.apply(seat, &foreign, &names).unwrap_err();
            let expected = Refused::OtherGame { game: kind.title(), action: other.title() };
            assert_eq!(error, expected, "{}", kind.title());
            assert!(game.preview(seat, &[foreign], &names).is_err());
        }
        assert_eq!(game, before);
    }
}
