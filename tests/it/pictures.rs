//! Pictures of real games: `replay --png` writes one valid image per position, scenes carry only what their viewer
//! may see, and a preview refuses an illegal move.

use crate::support::meridian_positions;

use crate::support::decoded::{png_file_size, png_size};
use meridian_bot::ai::{Level, Player};
use meridian_bot::language::{Lang, MESSAGE_CHARS};
use meridian_bot::offline;
use meridian_bot::pictures::meridian as pictures;
use meridian_bot::pictures::words::{self, ALT_LIMIT};
use meridian_bot::rules::meridian::{Meridian, MoveError};
use meridian_bot::rules::{Game, Seat, Viewer};
use meridian_bot::service::game::any::{AnyGame, Listed};
use meridian_bot::service::game::games::meridian::MeridianGame;
use meridian_positions::*;
use std::process::Command;

fn names(n: usize) -> Vec<String> {
    ["ana", "ben", "cy", "dee"][..n].iter().map(|s| s.to_string()).collect()
}

/// Runs `replay RECORD --png DIR`.
fn replay_png(record: &str, dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_meridian-bot")).args(["replay", record, "--png"]).arg(dir).output().unwrap()
}

#[test]
fn replay_writes_a_board_after_the_set_up_and_after_each_move() {
    let dir = tempfile::tempdir().unwrap();
    let out = replay_png("tests/records/three-players-full.json", dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut files: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    assert_eq!(files.len(), 40, "set-up and 39 moves");
    assert_eq!(files[0], "000.png");
    assert_eq!(files[39], "039.png");
    for file in [&files[0], &files[20], &files[39]] {
        assert_eq!(png_file_size(&dir.path().join(file)), (1200, 800));
    }
    assert_ne!(std::fs::read(dir.path().join(&files[0])).unwrap(), std::fs::read(dir.path().join(&files[1])).unwrap());
}

#[test]
fn replay_of_an_illegal_record_writes_no_images() {
    let dir = tempfile::tempdir().unwrap();
    let out = replay_png("tests/records/illegal-move.json", dir.path());
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_hand_shows_its_owners_cards_and_only_the_sorted_rest() {
    let g = game(&[&["5", "1-2-3", "10", "7"], &["9"], &["9"]]);
    let hand = pictures::hand(&g.view(Viewer::Seat(0)), &names(3), 0, meridian_bot::pictures::Palette::Standard);
    let labels = |cards: &[render::meridian::CardFace]| cards.iter().map(|c| c.label()).collect::<Vec<_>>();
    assert_eq!(labels(&hand.face_up), ["5", "1-2-3"]);
    assert_eq!(hand.to_come.len(), 11);
    // The deck's order (10 then 7 on top) is not shown: the rest comes sorted.
    let mut sorted = hand.to_come.clone();
    sorted.sort_by_key(|c| (c.last - c.first != 0, c.first));
    assert_eq!(hand.to_come, sorted);
    assert_eq!(labels(&hand.to_come)[..3], ["1", "2", "3"]);
}

#[test]
fn a_preview_shows_the_move_and_refuses_an_illegal_one() {
    let mut g = game(&[&["6"], &["6"], &["6"]]);
    play(&mut g, place("6", 6, 3, 2));
    let names = names(3);
    let mut after = g.clone();
    let played = after.play(1, &place("6", 6, 2, 2)).unwrap();
    let seen = |game: &Meridian| game.view(Viewer::Seat(1));
    let scene = pictures::preview(
        &seen(&g),
        &seen(&after),
        &names,
        &played,
        meridian_bot::pictures::Reader::standard(Lang::En),
    );
    assert_eq!(scene.ghost, Some(render::meridian::City { meridian: 6, row: 2 }));
    let on_6: Vec<_> = scene.towers.iter().filter(|t| t.city.meridian == 6).map(|t| (t.city.row, t.height)).collect();
    assert_eq!(on_6, [(1, 3), (2, 2)], "ana's 3 pushed north, ben's ghost 2 in its place");
    assert_eq!(scene.highlights[0].pushed.len(), 1);
    assert_eq!(scene.players[1].reserve, 20, "the panel shows the position before the move");
    // An illegal move is refused before anything is drawn, with the rule it breaks and the heights that fit.
    let refused = MeridianGame::wrap(g).preview(1, &[place("6", 6, 3, 3).into()], &names).err().unwrap();
    let rule = MoveError::HeightTaken { meridian: 6, height: 3 }.to_string();
    let way = "On meridian 6 you can place a tower of 1, 2, 4, 5, 6, 7, 8, 9, … floors, with /meridian play and height";
    assert_eq!(refused.to_string(), format!("{rule}. {way}"));
}

#[test]
fn the_rules_example_shows_towers_and_the_last_move() {
    let (view, names, last) = pictures::example();
    let scene =
        pictures::board(&view, &names, &Vec::from_iter(&last), meridian_bot::pictures::Reader::standard(Lang::En));
    assert!(scene.towers.len() >= 5, "{:?}", scene.towers);
    assert_eq!(scene.highlights.len(), 1);
    let png = render::meridian::board_png(&scene, &Lang::En);
    assert_eq!(png_size(&png), (1200, 800));
}

/// The longest note before a hand's words ("Your cards in **Dragon Delta #123456**.", in French): room left for it.
const NOTE_CHARS: usize = 80;

/// The alt text of each picture of a position: the board (with the winners, as the result says them), and each
/// seat's own picture.
fn alt_texts(game: &AnyGame, names: &[String], lang: Lang) -> Vec<String> {
    let seats = 0..names.len() as Seat;
    match game {
        AnyGame::Meridian(g) => {
            let view = g.view(Viewer::Public);
            let own = seats.map(|s| words::alt(&words::meridian::hand(&g.view(Viewer::Seat(s)), names, s, lang)));
            own.chain([words::meridian::alt(&view, names, Some(&view.winners), lang)]).collect()
        }
        AnyGame::Contrees(g) => vec![words::contrees::alt(&g.view(Viewer::Public), names, lang)],
        AnyGame::DragonDelta(g) => {
            let own = seats.map(|s| {
                let view = g.view(Viewer::Seat(s));
                let programme = view.players[usize::from(s)].programme.map(Vec::from).unwrap_or_default();
                words::alt(&words::dragon_delta::hand(&view, names, s, &programme, lang))
            });
            own.chain([words::dragon_delta::alt(&g.view(Viewer::Public), names, lang)]).collect()
        }
    }
}

/// Every picture of whole games of easy computers (each game, the most players), in every language, has an alt
/// text within Discord's 1,024 characters, never cut; the whole position in words (`board text:True`, and the
/// longest of the seats' own words, `hand text:True`) in as few messages as hold it (two at most).
#[test]
fn the_alt_texts_of_whole_demo_games_fit_discords_limit() {
    let (mut alts, mut words_said) = (Vec::new(), Vec::new());
    for (game, players) in [("meridian", 4), ("meridian", 2), ("contrees", 2), ("dragon-delta", 3), ("dragon-delta", 6)]
    {
        let seats = vec![Player::Computer(Level::Easy); players];
        let names = offline::names(&seats);
        let (mut alt, mut said) = ((0, Lang::En), (0, Lang::En));
        offline::play(offline::kind(game).unwrap(), &seats, 7, |position, _| {
            for lang in Lang::ALL {
                let chars = alt_texts(position, &names, lang).iter().map(|a| a.chars().count()).max().unwrap();
                alt = alt.max((chars, lang));
                let own = (0..players as Seat).filter_map(|s| position.hand_words(&names, s, lang));
                let lines = own.chain([position.position_words(&names, lang)]).map(|l| l.join("\n").chars().count());
                said = said.max((lines.max().unwrap(), lang));
            }
        })
        .unwrap();
        alts.push((format!("{game}-{players}p"), alt.0, alt.1.code()));
        words_said.push((format!("{game}-{players}p"), said.0, said.1.code()));
    }
    assert!(alts.iter().all(|&(_, n, _)| n < ALT_LIMIT), "{alts:?}");
    assert!(words_said.iter().all(|&(_, n, _)| n <= 2 * MESSAGE_CHARS - NOTE_CHARS), "{words_said:?}");
    // Measured (issue 62): French is the longest language in each; Dragon Delta's six pawns and their planks the
    // longest position.
    let expected = [
        ("meridian-4p", 779, "fr"),
        ("meridian-2p", 653, "fr"),
        ("contrees-2p", 573, "fr"),
        ("dragon-delta-3p", 602, "fr"),
        ("dragon-delta-6p", 885, "fr"),
    ];
    assert_eq!(alts, expected.map(|(g, n, l)| (g.to_string(), n, l)));
    // Meridian's thirteen islands say the most, in Dutch.
    let expected = [
        ("meridian-4p", 2403, "nl"),
        ("meridian-2p", 2237, "nl"),
        ("contrees-2p", 1663, "fr"),
        ("dragon-delta-3p", 1035, "fr"),
        ("dragon-delta-6p", 1747, "fr"),
    ];
    assert_eq!(words_said, expected.map(|(g, n, l)| (g.to_string(), n, l)));
}
