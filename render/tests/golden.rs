//! Golden images: fixed scenes rendered and compared with the PNGs in tests/golden, plus checks of what the
//! pictures mean (a tower's pixels are its owner's colour; a preview differs from its board only on the move's
//! meridian).
//!
//! Tolerance: every channel of every pixel within 1 of the golden image (rounding only). After a deliberate change
//! of the drawing, refresh the goldens and look at them before committing:
//! `UPDATE_GOLDEN=1 cargo test -p render --test golden`.

use image::RgbImage;
use render::contrees::{self, LandTile, PlayerPanel, Position, SpotMark};
use render::meridian::{
    board_canvas, board_png, city_point, hand_png, meridian_span, result_png, BoardScene, CardFace, City, Hand,
    Highlight, IslandResult, Player, ResultScene, Tower,
};
use render::palette;
use std::path::PathBuf;

fn grid(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|r| r.to_string()).collect()
}

fn card(first: u8, last: u8) -> CardFace {
    CardFace { first, last }
}

fn at(meridian: u8, row: u8) -> City {
    City { meridian, row }
}

fn tower(meridian: u8, row: u8, seat: u8, height: u8) -> Tower {
    Tower { city: at(meridian, row), seat, height }
}

fn player(name: &str, reserve: u8, face_up: Vec<CardFace>, deck: usize, score: u32) -> Player {
    Player { name: name.into(), reserve, face_up, deck, score }
}

/// Four players on the 5-city side, mid-game: the last move placed a 5 at 6.1 pushing two towers south.
fn four_player_board() -> BoardScene {
    BoardScene {
        grid: grid(&["aaAaabbBbb", "cccddDdeee", "fFfffgggGg", "hhhiiijjJj", "kkKklllmmm"]),
        towers: vec![
            tower(1, 2, 3, 3),
            tower(1, 4, 2, 2),
            tower(2, 3, 1, 12),
            tower(6, 1, 0, 5),
            tower(6, 2, 3, 4),
            tower(6, 3, 2, 3),
            tower(6, 5, 1, 1),
            tower(9, 3, 1, 2),
            tower(10, 3, 1, 20),
        ],
        players: vec![
            player("ana", 15, vec![card(4, 7), card(9, 9)], 7, 5),
            player("ben", 5, vec![card(1, 3), card(10, 10)], 7, 5),
            player("cy", 15, vec![card(2, 2), card(8, 10)], 7, 3),
            player("dee", 13, vec![card(5, 5), card(6, 6)], 7, 0),
        ],
        next: Some(1),
        moves: 20,
        highlights: vec![Highlight {
            placed: Some(at(6, 1)),
            taken_back: None,
            pushed: vec![(at(6, 2), at(6, 3)), (at(6, 1), at(6, 2))],
        }],
        ghost: None,
    }
}

/// Three players on the 4-city side; long names, a take-back, a tall tower.
fn three_player_board() -> BoardScene {
    BoardScene {
        grid: grid(&["aAaaabbbBb", "cccdddEeee", "fffgGgghhh", "iIiijjjkkk"]),
        towers: vec![tower(3, 1, 0, 25), tower(3, 3, 1, 2), tower(7, 2, 2, 6), tower(8, 4, 0, 1)],
        players: vec![
            player("Maximiliana von Schattenburg", 0, vec![card(8, 8)], 0, 4),
            player("bo", 18, vec![card(1, 1), card(1, 3)], 3, 0),
            player("Ça", 14, vec![card(7, 7), card(3, 3)], 3, 4),
        ],
        next: Some(0),
        moves: 34,
        highlights: vec![Highlight { placed: Some(at(8, 4)), taken_back: Some(at(8, 2)), pushed: vec![] }],
        ghost: None,
    }
}

/// Two players on a custom board.
fn custom_board() -> BoardScene {
    BoardScene {
        grid: grid(&["ABCDEFGHIJ", "abcdefghij", "abcdefghij", "zzzzzzzzzz", "zzzzzZzzzz"]),
        towers: vec![tower(1, 1, 0, 2), tower(1, 2, 1, 1), tower(6, 5, 1, 40)],
        players: vec![player("ana", 38, vec![card(1, 1), card(1, 1)], 22, 2), player("ben", 0, vec![], 0, 19)],
        next: None,
        moves: 52,
        highlights: vec![],
        ghost: None,
    }
}

/// ben (to move) proposes a 1 at 1.4 on the four-player board, pushing cy's 2 north to 1.3.
fn preview() -> BoardScene {
    let mut scene = four_player_board();
    scene.towers.retain(|t| t.city.meridian != 1);
    scene.towers.extend([tower(1, 2, 3, 3), tower(1, 3, 2, 2), tower(1, 4, 1, 1)]);
    scene.highlights = vec![Highlight { placed: Some(at(1, 4)), taken_back: None, pushed: vec![(at(1, 4), at(1, 3))] }];
    scene.ghost = Some(at(1, 4));
    scene
}

fn hand() -> Hand {
    Hand {
        seat: 2,
        name: "cy".into(),
        face_up: vec![card(2, 2), card(8, 10)],
        reserve: 15,
        to_come: vec![card(1, 1), card(3, 3), card(5, 5), card(6, 6), card(7, 7), card(9, 9), card(1, 3)],
        played: vec![card(4, 4), card(10, 10), card(4, 7)],
    }
}

fn result() -> ResultScene {
    let mut board = four_player_board();
    board.next = None;
    board.highlights.clear();
    ResultScene {
        board,
        islands: vec![
            IslandResult { letter: 'a', conquered_by: Some(0), contested: false },
            IslandResult { letter: 'c', conquered_by: None, contested: true },
            IslandResult { letter: 'f', conquered_by: Some(1), contested: false },
            IslandResult { letter: 'g', conquered_by: Some(1), contested: false },
            IslandResult { letter: 'h', conquered_by: Some(2), contested: false },
            IslandResult { letter: 'k', conquered_by: Some(3), contested: false },
        ],
        winners: vec![0, 1],
    }
}

fn land(q: i32, r: i32, letter: char, white: bool, owner: Option<u8>) -> LandTile {
    LandTile { q, r, letter, white, owner, fresh: false }
}

fn spot(q: i32, r: i32, north: bool, tower: Option<u8>, label: Option<&str>) -> SpotMark {
    SpotMark { q, r, north, tower, label: label.map(String::from), last: false, ghost: None }
}

fn panel(name: &str, score: u32, markers_left: u8, towers_left: u8, demolished: u16) -> PlayerPanel {
    PlayerPanel { name: name.into(), score, markers_left, towers_left, demolished }
}

/// Contrées in phase 1: four lands laid, the last two just now, and the places for the next land labelled.
fn contrees_laying() -> contrees::Scene {
    let mut lands = vec![
        land(0, 0, 'A', false, None),
        land(1, 0, 'B', false, None),
        land(0, 1, 'C', false, None),
        land(1, -1, 'D', true, None),
    ];
    lands[2].fresh = true;
    lands[3].fresh = true;
    let positions = [(1, -2, "D6"), (2, -2, "D1"), (2, -1, "D2"), (2, 0, "B2"), (1, 1, "B3"), (-1, 1, "A4")]
        .iter()
        .map(|&(q, r, label)| Position { q, r, label: label.into() })
        .collect();
    contrees::Scene {
        lands,
        positions,
        spots: Vec::new(),
        players: vec![panel("ana", 0, 10, 24, 0), panel("ben with a long name indeed", 0, 10, 24, 0)],
        phase: 1,
        moves: 4,
        next: Some(0),
        winners: None,
        note: None,
    }
}

/// Contrées in phase 2: a white land, a land of each player, towers of both (ben's last one ringed), two of ana's
/// just demolished (ghosts), and the free spots labelled.
fn contrees_building() -> contrees::Scene {
    let lands = vec![
        land(0, 0, 'A', false, Some(1)),
        land(1, 0, 'B', true, None),
        land(0, 1, 'C', false, Some(0)),
        land(-1, 1, 'D', false, None),
    ];
    let mut spots = vec![
        spot(0, 0, true, Some(1), None),
        spot(1, -1, false, Some(1), None),
        spot(0, 1, true, Some(1), None),
        spot(0, 0, false, Some(1), None),
        spot(0, 1, false, Some(0), None),
        spot(-1, 2, true, Some(0), None),
        spot(-1, 1, false, Some(0), None),
        spot(1, 0, true, None, Some("B1")),
        spot(2, -1, false, None, Some("B2")),
        spot(1, 1, true, None, Some("B3")),
        spot(1, 0, false, Some(0), None),
        spot(-1, 1, true, None, None),
        spot(-2, 2, true, None, Some("D5")),
        spot(0, -1, false, None, None),
    ];
    spots[3].last = true;
    spots[11].ghost = Some(0);
    spots[13].ghost = Some(0);
    contrees::Scene {
        lands,
        positions: Vec::new(),
        spots,
        players: vec![panel("ana", 1, 9, 19, 0), panel("ben", 1, 9, 18, 2)],
        phase: 2,
        moves: 27,
        next: Some(0),
        winners: None,
        note: None,
    }
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory(png).expect("a valid PNG").to_rgb8()
}

/// Compares `png` with tests/golden/NAME.png, or writes it there with UPDATE_GOLDEN=1.
fn golden(name: &str, png: &[u8]) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, png).unwrap();
        return;
    }
    let expected = decode(&std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
    let actual = decode(png);
    assert_eq!(actual.dimensions(), expected.dimensions(), "{name}");
    let off = actual
        .pixels()
        .zip(expected.pixels())
        .filter(|(a, e)| a.0.iter().zip(e.0).any(|(&x, y)| x.abs_diff(y) > 1))
        .count();
    assert_eq!(off, 0, "{name}: {off} pixels differ from {}", path.display());
}

#[test]
fn boards_match_their_golden_images() {
    golden("board-4p", &board_png(&four_player_board()));
    golden("board-3p", &board_png(&three_player_board()));
    golden("board-custom-2p", &board_png(&custom_board()));
    golden("preview-4p", &board_png(&preview()));
}

#[test]
fn contrees_matches_its_golden_images() {
    golden("contrees-laying", &contrees::board_png(&contrees_laying()));
    golden("contrees-building", &contrees::board_png(&contrees_building()));
}

/// Contrées' towers differ in shape as well as colour: ana's are round, ben's square. A square's corner is in its
/// colour where a circle of the same size leaves the land showing.
#[test]
fn contrees_towers_differ_in_shape_and_colour() {
    let scene = contrees_building();
    let img = decode(&contrees::board_png(&scene));
    for s in scene.spots.iter().filter(|s| s.tower.is_some()) {
        let seat = s.tower.unwrap();
        let (colour, _) = palette::seat(seat);
        let (x, y) = contrees::spot_point(&scene, s);
        assert!(has_colour_near(&img, (x, y), [colour.0, colour.1, colour.2]), "tower at {s:?}");
        // Inside the corner of the square's box (r is 14 at this size: 0.9 r = 12.6 from the centre), beyond the
        // circle's edge: the pixel whose centre is 10.5 px along both axes (14.8 px away).
        let corner = img.get_pixel((x + 10.0) as u32, (y - 11.0) as u32).0;
        assert_eq!(corner == [colour.0, colour.1, colour.2], seat == 1, "the corner of the tower at {s:?}");
    }
}

#[test]
fn hand_and_result_match_their_golden_images() {
    golden("hand", &hand_png(&hand()));
    golden("result", &result_png(&result()));
}

#[test]
fn sizes_are_as_documented_and_pngs_are_small() {
    for (png, size) in [
        (board_png(&four_player_board()), (1200, 800)),
        (result_png(&result()), (1200, 800)),
        (hand_png(&hand()), (900, 460)),
    ] {
        assert_eq!(decode(&png).dimensions(), size);
        assert!(png.len() < 400_000, "{} bytes", png.len());
    }
}

/// True when some pixel within 2 px of `(x, y)` has exactly `colour`.
fn has_colour_near(img: &RgbImage, (x, y): (f32, f32), colour: [u8; 3]) -> bool {
    (-2..=2).any(|dx| {
        (-2..=2).any(|dy| {
            let p = img.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32);
            p.0 == colour
        })
    })
}

#[test]
fn each_tower_shows_its_owners_colour() {
    for scene in [four_player_board(), three_player_board(), custom_board()] {
        let img = decode(&board_png(&scene));
        for t in &scene.towers {
            let (x, y) = city_point(scene.grid.len(), t.city);
            let colour = palette::seat(t.seat).0;
            // Inside the tower's body, left of its height plate.
            let probe = (x - 16.0, y - 8.0);
            assert!(has_colour_near(&img, probe, [colour.0, colour.1, colour.2]), "{t:?}");
            for other in (0..4).filter(|&s| s != t.seat) {
                let c = palette::seat(other).0;
                assert!(!has_colour_near(&img, probe, [c.0, c.1, c.2]), "{t:?} shows seat {other}'s colour");
            }
        }
    }
}

#[test]
fn a_preview_differs_from_its_board_only_on_the_moves_meridian() {
    let board = board_canvas(&BoardScene { highlights: vec![], ..four_player_board() });
    let preview = board_canvas(&preview());
    let (left, right) = meridian_span(1);
    let mut changed = 0;
    for y in 0..board.height() {
        for x in 0..board.width() {
            if board.pixel(x, y) != preview.pixel(x, y) {
                changed += 1;
                let xf = x as f32;
                assert!(xf >= left - 12.0 && xf <= right + 12.0, "pixel ({x}, {y}) changed outside meridian 1");
            }
        }
    }
    assert!(changed > 500, "the ghost tower and its push are drawn ({changed} pixels)");
}

#[test]
fn the_ghost_tower_is_see_through() {
    let scene = preview();
    let img = decode(&board_png(&scene));
    let (x, y) = city_point(5, at(1, 4));
    let colour = palette::seat(1).0;
    let probe = (x - 16.0, y - 8.0);
    assert!(!has_colour_near(&img, probe, [colour.0, colour.1, colour.2]), "blended, not solid");
    // But drawn: without the ghost, the same place looks different.
    let mut bare = preview();
    bare.ghost = None;
    bare.towers.retain(|t| t.city != at(1, 4));
    let without = decode(&board_png(&bare));
    let (px, py) = (probe.0 as u32, probe.1 as u32);
    assert_ne!(img.get_pixel(px, py), without.get_pixel(px, py), "the ghost is drawn at its city");
}

#[test]
fn drawing_the_same_scene_twice_gives_the_same_image() {
    // The second drawing starts from the cached map: towers of the first must not have leaked into it.
    let first = board_png(&three_player_board());
    let empty = BoardScene { towers: vec![], highlights: vec![], ..three_player_board() };
    let _ = board_png(&empty);
    assert_eq!(board_png(&three_player_board()), first);
    let img = decode(&board_png(&empty));
    let (x, y) = city_point(4, at(3, 1));
    let orange = palette::seat(0).0;
    assert!(!has_colour_near(&img, (x - 16.0, y - 8.0), [orange.0, orange.1, orange.2]));
}
