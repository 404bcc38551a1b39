//! Golden images: fixed scenes rendered and compared with the PNGs in tests/golden, plus checks of what the
//! pictures mean (a tower's pixels are its owner's colour; a preview differs from its board only on the move's
//! meridian).
//!
//! Tolerance: every channel of every pixel within 1 of the golden image (rounding only: the pictures' 256 colours
//! are chosen deterministically, so the same drawing gives the same PNG). How far those 256 colours are from the
//! drawing itself is checked apart (`pictures_in_256_colours_are_their_drawing_within_tolerance`). After a
//! deliberate change of the drawing, refresh the goldens and look at them before committing:
//! `UPDATE_GOLDEN=1 cargo test -p render --test golden`.
//!
//! Words come from the bot's own catalogues (`../locales/<lang>/*.ftl`): the English goldens, and some in French
//! (`fr-…`) and Dutch (`nl-…`), where longer words must still fit their panels.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use render::contrees::{self, LandTile, PlayerPanel, Position, SpotMark};
use render::meridian::{
    board_canvas, board_png, city_point, hand_png, meridian_span, result_png, BoardScene, CardFace, City, Hand,
    Highlight, IslandResult, Player, ResultScene, Tower,
};
use render::palette::Palette;
use render::{Arg, Say};
use std::path::PathBuf;
use std::sync::LazyLock;

/// One language's catalogues, every file of `../locales/<code>`, as the bot compiles them in.
struct Catalogue(FluentBundle<FluentResource>);

impl Catalogue {
    fn read(code: &str) -> Catalogue {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../locales").join(code);
        let language: unic_langid::LanguageIdentifier = code.parse().expect("a language code");
        let mut bundle = FluentBundle::new_concurrent(vec![language]);
        // As the bot: no invisible marks around arguments.
        bundle.set_use_isolating(false);
        let files = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for path in files.map(|f| f.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "ftl")) {
            let source = std::fs::read_to_string(&path).unwrap();
            let resource = FluentResource::try_new(source).unwrap_or_else(|(_, e)| panic!("{}: {e:?}", path.display()));
            bundle.add_resource(resource).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        }
        Catalogue(bundle)
    }
}

impl Say for Catalogue {
    fn say(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let pattern = self.0.get_message(id).and_then(|m| m.value()).unwrap_or_else(|| panic!("no message {id}"));
        let mut fluent = FluentArgs::new();
        for &(name, arg) in args {
            match arg {
                // Whole numbers as whole, as the bot says them.
                Arg::Number(n) if n.fract() == 0.0 => fluent.set(name, n as i64),
                Arg::Number(n) => fluent.set(name, n),
                Arg::Word(word) => fluent.set(name, word),
            }
        }
        let mut errors = Vec::new();
        let said = self.0.format_pattern(pattern, Some(&fluent), &mut errors).into_owned();
        assert!(errors.is_empty(), "{id}: {errors:?}");
        said
    }
}

static EN: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::read("en"));
static FR: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::read("fr"));
static NL: LazyLock<Catalogue> = LazyLock::new(|| Catalogue::read("nl"));

fn en() -> &'static Catalogue {
    &EN
}

fn fr() -> &'static Catalogue {
    &FR
}

fn nl() -> &'static Catalogue {
    &NL
}

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
        palette: Palette::Standard,
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
        palette: Palette::Standard,
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
        palette: Palette::Standard,
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
        palette: Palette::Standard,
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
        palette: Palette::Standard,
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
        palette: Palette::Standard,
    }
}

/// A decoded picture: its size and its pixels' colours (every picture here is opaque, so alpha is dropped).
struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Picture {
    fn dimensions(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    fn get_pixel(&self, x: u32, y: u32) -> [u8; 3] {
        assert!(x < self.width && y < self.height, "({x}, {y}) is outside the picture");
        self.rgb[(y * self.width + x) as usize]
    }
}

fn decode(png: &[u8]) -> Picture {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    // Indexed pictures as their colours.
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a valid PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a picture that fits in memory")];
    let frame = reader.next_frame(&mut pixels).expect("a valid PNG");
    assert_eq!(frame.bit_depth, png::BitDepth::Eight);
    let channels = match frame.color_type {
        png::ColorType::Rgba => 4,
        png::ColorType::Rgb => 3,
        other => panic!("a {other:?} picture"),
    };
    let rgb = pixels[..frame.buffer_size()].chunks_exact(channels).map(|p| [p[0], p[1], p[2]]).collect();
    Picture { width: frame.width, height: frame.height, rgb }
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
    let off =
        actual.rgb.iter().zip(&expected.rgb).filter(|(a, e)| a.iter().zip(*e).any(|(x, y)| x.abs_diff(*y) > 1)).count();
    assert_eq!(off, 0, "{name}: {off} pixels differ from {}", path.display());
}

#[test]
fn boards_match_their_golden_images() {
    golden("board-4p", &board_png(&four_player_board(), en()));
    golden("board-3p", &board_png(&three_player_board(), en()));
    golden("board-custom-2p", &board_png(&custom_board(), en()));
    golden("preview-4p", &board_png(&preview(), en()));
}

#[test]
fn contrees_matches_its_golden_images() {
    golden("contrees-laying", &contrees::board_png(&contrees_laying(), en()));
    golden("contrees-building", &contrees::board_png(&contrees_building(), en()));
}

/// The same scenes in French and Dutch: their longer words fit the panels and cards.
#[test]
fn pictures_in_french_and_dutch_match_their_golden_images() {
    golden("fr-board-4p", &board_png(&four_player_board(), fr()));
    golden("nl-board-4p", &board_png(&four_player_board(), nl()));
    golden("nl-hand", &hand_png(&hand(), nl()));
    golden("fr-contrees-building", &contrees::board_png(&contrees_building(), fr()));
}

/// Contrées' towers differ in shape as well as colour: ana's are round, ben's square. A square's corner is in its
/// colour where a circle of the same size leaves the land showing.
#[test]
fn contrees_towers_differ_in_shape_and_colour() {
    let scene = contrees_building();
    let img = decode(&contrees::board_png(&scene, en()));
    for s in scene.spots.iter().filter(|s| s.tower.is_some()) {
        let seat = s.tower.unwrap();
        let (colour, _) = Palette::Standard.seat(seat);
        let (x, y) = contrees::spot_point(&scene, s);
        assert!(has_colour_near(&img, (x, y), [colour.0, colour.1, colour.2]), "tower at {s:?}");
        // Inside the corner of the square's box (r is 14 at this size: 0.9 r = 12.6 from the centre), beyond the
        // circle's edge: the pixel whose centre is 10.5 px along both axes (14.8 px away).
        let corner = img.get_pixel((x + 10.0) as u32, (y - 11.0) as u32);
        assert_eq!(corner == [colour.0, colour.1, colour.2], seat == 1, "the corner of the tower at {s:?}");
    }
}

#[test]
fn hand_and_result_match_their_golden_images() {
    golden("hand", &hand_png(&hand(), en()));
    golden("result", &result_png(&result(), en()));
}

/// The safe palette (`/settings colours value:safe`): colours that stay apart with every colour-vision deficiency
/// (`tests/colour_vision.rs`), and the conqueror's mark beside each conquered island of a result.
#[test]
fn safe_pictures_match_their_golden_images() {
    let safe = Palette::Safe;
    golden("safe-board-4p", &board_png(&BoardScene { palette: safe, ..four_player_board() }, en()));
    golden("safe-hand", &hand_png(&Hand { palette: safe, ..hand() }, en()));
    let result = result();
    golden(
        "safe-result",
        &result_png(&ResultScene { board: BoardScene { palette: safe, ..result.board.clone() }, ..result }, en()),
    );
    golden(
        "safe-contrees-building",
        &contrees::board_png(&contrees::Scene { palette: safe, ..contrees_building() }, en()),
    );
}

/// A safe picture differs from the standard one: the palettes do not share a cache of backgrounds.
#[test]
fn the_palettes_draw_different_pictures_of_the_same_scene() {
    let standard = contrees_building();
    let safe = contrees::Scene { palette: Palette::Safe, ..standard.clone() };
    assert_ne!(contrees::board_png(&standard, en()), contrees::board_png(&safe, en()));
    assert_ne!(
        board_png(&four_player_board(), en()),
        board_png(&BoardScene { palette: Palette::Safe, ..four_player_board() }, en())
    );
}

#[test]
fn sizes_are_as_documented_and_pngs_are_small() {
    for (png, size) in [
        (board_png(&four_player_board(), en()), (1200, 800)),
        (result_png(&result(), en()), (1200, 800)),
        (hand_png(&hand(), en()), (900, 460)),
    ] {
        assert_eq!(decode(&png).dimensions(), size);
        assert!(png.len() < 80_000, "{} bytes", png.len());
    }
}

/// Pictures in 256 colours are their drawing but for a few anti-aliased edges: at least 97% of the pixels exactly,
/// and a channel of a pixel differs by under 0.25 (of 255) on average. Every fill is exact, and so is every colour
/// covering a thousandth of the picture. (Measured: 97.6–99.3% exact, 0.02–0.15 on average.)
fn in_256_colours_within_tolerance(name: &str, drawn: &render::canvas::Canvas, png: &[u8]) {
    let picture = decode(png);
    assert_eq!(picture.dimensions(), (drawn.width(), drawn.height()), "{name}");
    let mut counts = std::collections::HashMap::new();
    let (mut exact, mut off) = (0usize, 0u64);
    for y in 0..drawn.height() {
        for x in 0..drawn.width() {
            let c = drawn.pixel(x, y);
            let (want, got) = ([c.0, c.1, c.2], picture.get_pixel(x, y));
            *counts.entry(want).or_insert(0usize) += 1;
            exact += usize::from(want == got);
            off += want.iter().zip(got).map(|(a, b)| u64::from(a.abs_diff(b))).sum::<u64>();
        }
    }
    let pixels = (drawn.width() * drawn.height()) as usize;
    assert!(exact * 100 >= pixels * 97, "{name}: {exact} of {pixels} pixels exact");
    let mean = off as f64 / (pixels * 3) as f64;
    assert!(mean < 0.25, "{name}: a channel is {mean:.3} off on average");
    let common: Vec<[u8; 3]> = counts.iter().filter(|&(_, &n)| n * 1000 >= pixels).map(|(c, _)| *c).collect();
    for colour in common {
        assert!(picture.rgb.contains(&colour), "{name}: {colour:?} is lost");
    }
}

#[test]
fn pictures_in_256_colours_are_their_drawing_within_tolerance() {
    let board = four_player_board();
    in_256_colours_within_tolerance("board-4p", &board_canvas(&board, en()), &board_png(&board, en()));
    let territory = contrees_building();
    let (drawn, png) = (contrees::board_canvas(&territory, fr()), contrees::board_png(&territory, fr()));
    in_256_colours_within_tolerance("fr-contrees-building", &drawn, &png);
}

/// True when some pixel within 2 px of `(x, y)` has exactly `colour`.
fn has_colour_near(img: &Picture, (x, y): (f32, f32), colour: [u8; 3]) -> bool {
    (-2..=2).any(|dx| {
        (-2..=2).any(|dy| {
            let p = img.get_pixel((x as i32 + dx) as u32, (y as i32 + dy) as u32);
            p == colour
        })
    })
}

#[test]
fn each_tower_shows_its_owners_colour() {
    for scene in [four_player_board(), three_player_board(), custom_board()] {
        let img = decode(&board_png(&scene, en()));
        for t in &scene.towers {
            let (x, y) = city_point(scene.grid.len(), t.city);
            let colour = Palette::Standard.seat(t.seat).0;
            // Inside the tower's body, left of its height plate.
            let probe = (x - 16.0, y - 8.0);
            assert!(has_colour_near(&img, probe, [colour.0, colour.1, colour.2]), "{t:?}");
            for other in (0..4).filter(|&s| s != t.seat) {
                let c = Palette::Standard.seat(other).0;
                assert!(!has_colour_near(&img, probe, [c.0, c.1, c.2]), "{t:?} shows seat {other}'s colour");
            }
        }
    }
}

#[test]
fn a_preview_differs_from_its_board_only_on_the_moves_meridian() {
    let board = board_canvas(&BoardScene { highlights: vec![], ..four_player_board() }, en());
    let preview = board_canvas(&preview(), en());
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
    let img = decode(&board_png(&scene, en()));
    let (x, y) = city_point(5, at(1, 4));
    let colour = Palette::Standard.seat(1).0;
    let probe = (x - 16.0, y - 8.0);
    assert!(!has_colour_near(&img, probe, [colour.0, colour.1, colour.2]), "blended, not solid");
    // But drawn: without the ghost, the same place looks different.
    let mut bare = preview();
    bare.ghost = None;
    bare.towers.retain(|t| t.city != at(1, 4));
    let without = decode(&board_png(&bare, en()));
    let (px, py) = (probe.0 as u32, probe.1 as u32);
    assert_ne!(img.get_pixel(px, py), without.get_pixel(px, py), "the ghost is drawn at its city");
}

#[test]
fn drawing_the_same_scene_twice_gives_the_same_image() {
    // The second drawing starts from the cached map: towers of the first must not have leaked into it.
    let first = board_png(&three_player_board(), en());
    let empty = BoardScene { towers: vec![], highlights: vec![], ..three_player_board() };
    let _ = board_png(&empty, en());
    assert_eq!(board_png(&three_player_board(), en()), first);
    let img = decode(&board_png(&empty, en()));
    let (x, y) = city_point(4, at(3, 1));
    let orange = Palette::Standard.seat(0).0;
    assert!(!has_colour_near(&img, (x - 16.0, y - 8.0), [orange.0, orange.1, orange.2]));
}

/// Dragon Delta: the board at a position and while programming, a custom board with candidates, a programme; and
/// what they mean (pawns in their colours, pawns sharing a village spread, card backs alike).
mod dragon_delta {
    use super::{decode, en, fr, golden, has_colour_near, Palette};
    use render::canvas::Rgba;
    use render::dragon_delta::{
        board_canvas, board_png, card_rect, pawn_point, point, programme_png, At, Candidate, CardShown, Island, Pawn,
        Piece, Plank, Player, ProgrammeScene, Scene, Village,
    };
    use render::{Arg, Say};

    /// The standard board of dragon-delta.md §2.
    const VILLAGES: [At; 6] = [(0.0, 6.5), (5.63, 3.25), (5.63, -3.25), (0.0, -6.5), (-5.63, -3.25), (-5.63, 3.25)];
    const ISLANDS: [At; 27] = [
        (-0.15, 5.05),
        (-1.9, 4.88),
        (-3.27, 4.09),
        (-1.09, 3.42),
        (0.93, 3.2),
        (-4.29, 2.66),
        (-2.42, 2.66),
        (-1.49, 2.58),
        (2.31, 2.4),
        (4.45, 2.39),
        (-3.24, 0.8),
        (5.18, 0.79),
        (3.51, 0.77),
        (2.98, 0.0),
        (3.51, -0.77),
        (5.18, -0.79),
        (-3.24, -0.8),
        (4.45, -2.39),
        (2.31, -2.4),
        (-1.49, -2.58),
        (-4.29, -2.66),
        (-2.42, -2.66),
        (0.93, -3.2),
        (-1.09, -3.42),
        (-3.27, -4.09),
        (-1.9, -4.88),
        (-0.15, -5.05),
    ];
    /// The hues of red, black, blue, green, white, yellow.
    const HUES: [[u8; 3]; 6] =
        [[0xD5, 0x5E, 0x00], [0x2E, 0x2E, 0x33], [0x00, 0x72, 0xB2], [0x00, 0x9E, 0x73], [0xFF; 3], [0xF0, 0xE4, 0x42]];
    const RED: u8 = 0;
    const BLACK: u8 = 1;
    const BLUE: u8 = 2;
    const GREEN: u8 = 3;
    const WHITE: u8 = 4;
    const YELLOW: u8 = 5;

    fn village(colour: u8) -> At {
        VILLAGES[usize::from(colour)]
    }

    fn island(n: u8) -> At {
        ISLANDS[usize::from(n - 1)]
    }

    fn middle(a: At, b: At) -> At {
        ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
    }

    /// The standard river with stones on `stones`.
    fn river(stones: &[u8]) -> (Vec<Village>, Vec<Island>) {
        let villages = (0..6).map(|c| Village { colour: c, at: village(c), choosable: false }).collect();
        let islands = (1..=27u8)
            .map(|n| Island { number: n, at: island(n), stone: stones.contains(&n), choosable: false, last: false })
            .collect();
        (villages, islands)
    }

    fn plank(from: At, to: At, colour: u8, size: u8, label: Option<&str>) -> Plank {
        Plank { from, to, colour, size, label: label.map(String::from), last: false }
    }

    fn pawn(colour: u8, at: At) -> Pawn {
        Pawn { colour, at, last: false, fell_from: None }
    }

    fn pieces(list: &[(u8, u8)]) -> Vec<Piece> {
        list.iter().map(|&(colour, size)| Piece { colour, size }).collect()
    }

    fn face(card: &str, cancelled: bool) -> CardShown {
        CardShown::Face { card: card.into(), cancelled }
    }

    fn player(name: &str, colour: u8, reserve: &[(u8, u8)], cards: Vec<CardShown>) -> Player {
        Player {
            name: name.into(),
            colour,
            reserve: pieces(reserve),
            cards,
            programmed: true,
            statue: false,
            due: false,
            resigned: false,
        }
    }

    /// A plank's label from a village to an island, in the reader's words as the bot says them ("blue–15",
    /// « bleu–15 »).
    fn from_village(say: &dyn Say, colour: u8, n: u8) -> String {
        let name = ["red", "black", "blue", "green", "white", "yellow"][usize::from(colour)];
        format!("{}–{n}", say.say("dd-colour-name", &[("colour", Arg::Word(name))]))
    }

    /// Three players (red, blue, white) in round 3 at position 3. White's dragon cancelled blue's first card, red's
    /// cancelled white's second; blue's move just failed (the pawn fell from 5–19 and is home again); white's take
    /// is awaited, so the stones bearing no plank and the free planks carry their labels, in `say`'s words.
    fn three_players(say: &dyn Say) -> Scene {
        let stones = [4, 5, 7, 13, 15, 17, 19, 21, 22, 24];
        let (villages, mut islands) = river(&stones);
        for n in [22u8, 24] {
            islands[usize::from(n - 1)].choosable = true;
        }
        let mut planks = vec![
            plank(village(RED), island(5), RED, 4, None),
            plank(island(5), island(19), RED, 6, Some("5–19")),
            plank(village(BLUE), island(15), BLUE, 4, Some(&from_village(say, BLUE, 15))),
            plank(island(13), island(15), BLUE, 2, Some("13–15")),
            plank(village(WHITE), island(21), WHITE, 2, Some(&from_village(say, WHITE, 21))),
            plank(island(17), island(21), WHITE, 3, None),
            plank(island(4), island(7), RED, 2, Some("4–7")),
        ];
        planks[3].last = true;
        let mut blue = pawn(BLUE, village(BLUE));
        blue.last = true;
        blue.fell_from = Some(middle(island(5), island(19)));
        let mut players = vec![
            player(
                "ana",
                RED,
                &[(RED, 1), (RED, 3), (WHITE, 4), (RED, 5)],
                vec![
                    face("stone", false),
                    face("dragon-white", false),
                    face("move", false),
                    CardShown::Back,
                    CardShown::Back,
                ],
            ),
            player(
                "ben",
                BLUE,
                &[(BLUE, 1), (BLUE, 3), (BLUE, 5)],
                vec![
                    face("stones-2", true),
                    face("planks-2", false),
                    face("move", false),
                    CardShown::Back,
                    CardShown::Back,
                ],
            ),
            player(
                "Cassiopée de la Rivière-aux-Dragons",
                WHITE,
                &[(WHITE, 5), (WHITE, 6)],
                vec![
                    face("dragon-blue", false),
                    face("plank", true),
                    face("take", false),
                    CardShown::Back,
                    CardShown::Back,
                ],
            ),
        ];
        players[1].statue = true;
        players[2].due = true;
        Scene {
            villages,
            islands,
            planks,
            candidates: vec![],
            pawns: vec![pawn(RED, middle(village(RED), island(5))), blue, pawn(WHITE, middle(island(17), island(21)))],
            players,
            lost: pieces(&[(BLUE, 6), (WHITE, 1)]),
            supply: 27 - stones.len() as u8,
            round: 3,
            position: 3,
            moves: 31,
            winner: None,
            note: None,
            palette: Palette::Standard,
        }
    }

    /// Six players choosing their programmes in round 2: three have laid theirs, white resigned (no pawn), green's
    /// pawn visits the yellow village where yellow's stands.
    fn six_players_programming() -> Scene {
        let stones = [5, 9, 14, 20, 23];
        let (villages, islands) = river(&stones);
        let planks = vec![
            plank(village(RED), island(5), RED, 4, None),
            plank(village(BLACK), island(9), BLACK, 4, None),
            plank(island(9), island(14), BLACK, 3, None),
            plank(village(GREEN), island(23), GREEN, 4, None),
            plank(island(20), island(23), YELLOW, 3, None),
        ];
        let full = |c: u8| (1..=6).filter(|&s| s != 4 && s != 3).map(|s| (c, s)).collect::<Vec<_>>();
        let mut players = vec![
            player("ana", RED, &full(RED), vec![]),
            player("ben", BLACK, &[(BLACK, 1), (BLACK, 2), (BLACK, 5), (BLACK, 6)], vec![]),
            player("cy", BLUE, &(1..=6).map(|s| (BLUE, s)).collect::<Vec<_>>(), vec![]),
            player("dee", GREEN, &full(GREEN), vec![]),
            player(
                "Eulalie-Bérénice Fitzgerald-Hawthorne",
                WHITE,
                &(1..=6).map(|s| (WHITE, s)).collect::<Vec<_>>(),
                vec![],
            ),
            player("flo", YELLOW, &[(YELLOW, 1), (YELLOW, 2), (YELLOW, 4), (YELLOW, 5), (YELLOW, 6), (RED, 3)], vec![]),
        ];
        for seat in [1, 5] {
            players[seat].programmed = false;
            players[seat].due = true;
        }
        players[4].programmed = false;
        players[4].resigned = true;
        players[2].statue = true;
        Scene {
            villages,
            islands,
            planks,
            candidates: vec![],
            pawns: vec![
                pawn(RED, middle(village(RED), island(5))),
                pawn(BLACK, middle(island(9), island(14))),
                pawn(BLUE, village(BLUE)),
                pawn(GREEN, village(YELLOW)),
                pawn(YELLOW, village(YELLOW)),
            ],
            players,
            lost: vec![],
            supply: 27 - stones.len() as u8,
            round: 2,
            position: 0,
            moves: 22,
            winner: None,
            note: None,
            palette: Palette::Standard,
        }
    }

    /// Two players (white, black) on a custom board ten times the standard one (points out to ±65): black chose
    /// its 3 to lay, and the places it fits are offered as dashed candidates; a preview note.
    fn two_players_laying() -> Scene {
        let scaled = |(x, y): At| (x * 10.0, y * 10.0);
        let stones = [7, 11, 17];
        let (mut villages, mut islands) = river(&stones);
        for v in &mut villages {
            v.at = scaled(v.at);
        }
        for i in &mut islands {
            i.at = scaled(i.at);
        }
        // The last action put a stone on 11.
        islands[10].last = true;
        let s = |n: u8| scaled(island(n));
        let v = |c: u8| scaled(village(c));
        let planks = vec![plank(v(WHITE), s(17), WHITE, 3, None), plank(s(11), s(17), WHITE, 2, None)];
        let candidates = vec![
            Candidate { from: v(YELLOW), to: s(7), label: "yellow–7".into() },
            Candidate { from: s(7), to: s(11), label: "7–11".into() },
        ];
        let mut players = vec![
            player(
                "wu",
                WHITE,
                &[(WHITE, 1), (WHITE, 4), (WHITE, 5), (WHITE, 6)],
                vec![
                    face("move", false),
                    face("stones-2", false),
                    face("jump", false),
                    face("move-2", false),
                    CardShown::Back,
                ],
            ),
            player(
                "kai",
                BLACK,
                &[(BLACK, 1), (BLACK, 2), (BLACK, 3), (BLACK, 6)],
                vec![
                    face("plank", false),
                    face("take", false),
                    face("dragon-white", false),
                    face("planks-2", false),
                    CardShown::Back,
                ],
            ),
        ];
        players[0].statue = true;
        players[1].due = true;
        Scene {
            villages,
            islands,
            planks,
            candidates,
            pawns: vec![pawn(WHITE, middle(s(11), s(17))), pawn(BLACK, v(BLACK))],
            players,
            lost: pieces(&[(WHITE, 2), (BLACK, 4), (BLACK, 5), (WHITE, 3)]),
            supply: 24,
            round: 4,
            position: 4,
            moves: 57,
            winner: None,
            note: Some("Preview: Confirm, or Back to choose again.".into()),
            palette: Palette::Standard,
        }
    }

    fn programme() -> ProgrammeScene {
        ProgrammeScene {
            name: "ana".into(),
            colour: RED,
            round: 3,
            hand: [
                "stone",
                "stones-2",
                "plank",
                "planks-2",
                "take",
                "move",
                "move-2",
                "jump",
                "dragon-blue",
                "dragon-white",
            ]
            .map(String::from)
            .to_vec(),
            chosen: ["plank", "dragon-white", "move"].map(String::from).to_vec(),
            note: Some("Choose the card for position 4.".into()),
            palette: Palette::Standard,
        }
    }

    #[test]
    fn pictures_match_their_golden_images() {
        golden("dragon-delta-3p", &board_png(&three_players(en()), en()));
        golden("dragon-delta-6p-programming", &board_png(&six_players_programming(), en()));
        golden("dragon-delta-2p-laying", &board_png(&two_players_laying(), en()));
        golden("dragon-delta-programme", &programme_png(&programme(), en()));
        assert_eq!(decode(&programme_png(&programme(), en())).dimensions(), (1000, 420));
    }

    /// Six players in the safe palette: planks' sizes on their owner's shape as well as colour.
    #[test]
    fn safe_pictures_match_their_golden_images() {
        let safe = Palette::Safe;
        golden(
            "safe-dragon-delta-6p-programming",
            &board_png(&Scene { palette: safe, ..six_players_programming() }, en()),
        );
        golden("safe-dragon-delta-3p", &board_png(&Scene { palette: safe, ..three_players(en()) }, en()));
        golden("safe-dragon-delta-programme", &programme_png(&ProgrammeScene { palette: safe, ..programme() }, en()));
        let (standard, safe) = (three_players(en()), Scene { palette: safe, ..three_players(en()) });
        assert_ne!(board_png(&standard, en()), board_png(&safe, en()), "the river's background is drawn per palette");
    }

    #[test]
    fn pictures_in_256_colours_are_their_drawing_within_tolerance() {
        let scene = six_players_programming();
        let (drawn, png) = (board_canvas(&scene, en()), board_png(&scene, en()));
        super::in_256_colours_within_tolerance("dragon-delta-6p-programming", &drawn, &png);
    }

    #[test]
    fn pictures_in_french_match_their_golden_images() {
        golden("fr-dragon-delta-3p", &board_png(&three_players(fr()), fr()));
        let note = fr().say("picture-dd-note-choose", &[("cards", Arg::Number(2.0))]);
        golden("fr-dragon-delta-programme", &programme_png(&ProgrammeScene { note: Some(note), ..programme() }, fr()));
    }

    /// Inside a pawn's body, beside its letter.
    fn body(scene: &Scene, index: usize) -> (f32, f32) {
        let (x, y) = pawn_point(scene, index);
        (x - 10.0, y + 4.0)
    }

    /// Each pawn shows its colour where it is drawn, and pawns sharing a village are drawn apart.
    #[test]
    fn pawns_show_their_colour_and_share_villages_visibly() {
        for scene in [three_players(en()), six_players_programming(), two_players_laying()] {
            let img = decode(&board_png(&scene, en()));
            for (i, p) in scene.pawns.iter().enumerate() {
                assert!(has_colour_near(&img, body(&scene, i), HUES[usize::from(p.colour)]), "{p:?}");
            }
        }
        // A pawn on a plank stands at the plank's middle.
        let scene = three_players(en());
        assert_eq!(pawn_point(&scene, 0), point(&scene, middle(village(RED), island(5))));
        // Two pawns in the yellow village: beside it, apart from each other, and the village itself still shows.
        let scene = six_players_programming();
        let (green, yellow) = (pawn_point(&scene, 3), pawn_point(&scene, 4));
        let dist = |a: (f32, f32), b: (f32, f32)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
        assert!(dist(green, yellow) > 34.0, "pawns in one village {} px apart", dist(green, yellow));
        let home = point(&scene, village(YELLOW));
        assert!(dist(green, home) > 34.0 && dist(yellow, home) > 34.0, "pawns beside the village, not on it");
        let img = decode(&board_png(&scene, en()));
        // Below the village's letter, inside its star.
        assert!(has_colour_near(&img, (home.0, home.1 + 9.0), HUES[usize::from(YELLOW)]), "the yellow village shows");
    }

    /// A card's back shows nothing of its face: every back is drawn alike, and unlike a face.
    #[test]
    fn card_backs_all_look_the_same() {
        let scene = three_players(en());
        let canvas = board_canvas(&scene, en());
        let region = |player: usize, position: usize| {
            let [x, y, w, h] = card_rect(&scene, player, position);
            let (x, y) = (x as u32, y as u32);
            (0..h as u32)
                .flat_map(|dy| (0..w as u32).map(move |dx| (dx, dy)))
                .map(|(dx, dy)| canvas.pixel(x + dx, y + dy))
                .collect::<Vec<_>>()
        };
        // Ana's fourth and ben's fifth are backs (neither row is awaited); ana's first is a face.
        // Alike up to the rounding of their rounded corners, which tiny-skia cuts a little differently by place.
        let alike = |a: &[Rgba], b: &[Rgba]| {
            a.iter().zip(b).all(|(p, q)| p.0.abs_diff(q.0) <= 8 && p.1.abs_diff(q.1) <= 8 && p.2.abs_diff(q.2) <= 8)
        };
        assert!(alike(&region(0, 3), &region(1, 4)));
        assert!(!alike(&region(0, 3), &region(0, 0)));
    }
}
