//! Image speed and size: a mid-game board (drawing + PNG encoding), the same without encoding, a hand and a result
//! (from tests/records/four-players-full.json); then a mid-game board of each game (drawing + PNG encoding) from
//! whole games of easy computers (seed 7: Meridian for 4 and 2, Contrées, Dragon Delta for 3 and 6), and the median
//! size of every board those games post, per game; last, the pictures' encoder against the png crate's on the boards of
//! those games (issue 61: `encoders`); last, each game's longest demo game animated as its result post carries it
//! (issue 63: `animations`). Run: `cargo bench --bench images` (the encoders alone: `-- encoders`).

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use meridian_bot::ai::{Level, Player};
use meridian_bot::language::Lang;
use meridian_bot::offline;
use meridian_bot::pictures::meridian as pictures;
use meridian_bot::pictures::{contrees, dragon_delta, Palette, Reader};
use meridian_bot::rules::meridian::{Meridian, Played, Record};
use meridian_bot::rules::record::GameRecord;
use meridian_bot::rules::{Game, Viewer};
use meridian_bot::service::game::any::AnyGame;
use meridian_bot::service::game::any::Reported;
use render::animation::Animation;
use render::canvas::Canvas;
use render::indexed::Indexed;
use std::hint::black_box;

/// The game after `moves` moves of the record, with the last move.
fn position(moves: usize) -> (Meridian, Played, Vec<String>) {
    let text = std::fs::read_to_string("tests/records/four-players-full.json").unwrap();
    let mut record: Record = serde_json::from_str(&text).unwrap();
    record.moves.truncate(moves);
    let mut last = None;
    let game = record.replay_with(|_, played| last = Some(played.clone())).unwrap();
    (game, last.unwrap(), record.players)
}

fn images(c: &mut Criterion) {
    let (game, last, names) = position(30);
    let scene = pictures::board(&game.view(Viewer::Public), &names, &[&last], Reader::standard(Lang::En));
    eprintln!("board PNG: {} bytes", render::meridian::board_png(&scene, &Lang::En).len());
    c.bench_function("board/draw+png", |b| b.iter(|| render::meridian::board_png(black_box(&scene), &Lang::En)));
    c.bench_function("board/draw", |b| b.iter(|| render::meridian::board_canvas(black_box(&scene), &Lang::En)));
    let hand = pictures::hand(&game.view(Viewer::Seat(1)), &names, 1, Palette::Standard);
    c.bench_function("hand/draw+png", |b| b.iter(|| render::meridian::hand_png(black_box(&hand), &Lang::En)));
    let (end, _, names) = position(usize::MAX);
    let winners: Vec<u8> = end.leaders().iter().collect();
    let result = pictures::result(&end.view(Viewer::Public), &names, &winners, Reader::standard(Lang::En));
    c.bench_function("result/draw+png", |b| b.iter(|| render::meridian::result_png(black_box(&result), &Lang::En)));
}

/// Whole games of easy computers: each game's boards, by game, and a mid-game position of each.
fn every_game(c: &mut Criterion) {
    let mut sizes: Vec<(&str, Vec<usize>)> = Vec::new();
    for (game, players, names, positions) in demo_games() {
        let boards: Vec<usize> =
            positions.iter().map(|p| p.board_picture(&names, &[], Reader::standard(Lang::En)).image.len()).collect();
        match sizes.iter_mut().find(|(name, _)| *name == game) {
            Some((_, all)) => all.extend(boards),
            None => sizes.push((game, boards)),
        }
        let middle = &positions[positions.len() / 2];
        c.bench_function(&format!("{game}-{players}p/board/draw+png"), |b| {
            b.iter(|| black_box(middle).board_picture(&names, &[], Reader::standard(Lang::En)))
        });
    }
    for (game, mut boards) in sizes {
        boards.sort_unstable();
        let median = boards[boards.len() / 2];
        eprintln!("{game}: {} boards, median {median} bytes, largest {} bytes", boards.len(), boards.last().unwrap());
    }
}

/// Whole games of easy computers, seed 7: each game's name, players and names, and every position from the set-up on.
fn demo_games() -> Vec<(&'static str, usize, Vec<String>, Vec<AnyGame>)> {
    [("meridian", 4), ("meridian", 2), ("contrees", 2), ("dragon-delta", 3), ("dragon-delta", 6)]
        .into_iter()
        .map(|(game, players)| {
            let seats = vec![Player::Computer(Level::Easy); players];
            let mut positions = Vec::new();
            offline::play(offline::kind(game).unwrap(), &seats, 7, |game, _| positions.push(game.clone())).unwrap();
            (game, players, offline::names(&seats), positions)
        })
        .collect()
}

/// The public board of `game` before encoding, drawn as [`AnyGame::board_picture`] draws it.
fn board_canvas(game: &AnyGame, names: &[String]) -> Canvas {
    let lang = Reader::standard(Lang::En);
    match game {
        AnyGame::Meridian(game) => {
            render::meridian::board_canvas(&pictures::board(&game.view(Viewer::Public), names, &[], lang), &lang)
        }
        AnyGame::Contrees(game) => {
            let scene = contrees::board(&game.view(Viewer::Public), names, &[], lang);
            render::contrees::board_canvas(&scene, &lang)
        }
        AnyGame::DragonDelta(game) => {
            let scene = dragon_delta::board(&game.view(Viewer::Public), names, &[], lang);
            render::dragon_delta::board_canvas(&scene, &lang)
        }
    }
}

/// A PNG encoder: render's own, or the png crate's at one of its compression settings with one of its row filters.
#[derive(Clone, Copy)]
enum Encoder {
    Own,
    Png(png::Compression, png::Filter),
}

/// The encoders compared. The png crate's Fast setting is fdeflate and its High one flate2 at level 9, each with the
/// filter those settings choose (Adaptive); High unfiltered is the smallest the crate makes of these pictures
/// (unfiltered Fast is not: fdeflate then stores the rows uncompressed).
const ENCODERS: [(&str, Encoder); 4] = [
    ("own", Encoder::Own),
    ("png-fast", Encoder::Png(png::Compression::Fast, png::Filter::Adaptive)),
    ("png-high", Encoder::Png(png::Compression::High, png::Filter::Adaptive)),
    ("png-high-unfiltered", Encoder::Png(png::Compression::High, png::Filter::NoFilter)),
];

/// `picture`, the 256 colours of `canvas`, as PNG bytes by `encoder`.
fn encode(encoder: Encoder, canvas: &Canvas, picture: &Indexed) -> Vec<u8> {
    let Encoder::Png(compression, filter) = encoder else {
        return render::encode::png(canvas.width(), canvas.height(), picture);
    };
    let mut out = Vec::new();
    let mut png = png::Encoder::new(&mut out, canvas.width(), canvas.height());
    png.set_color(png::ColorType::Indexed);
    png.set_depth(png::BitDepth::Eight);
    png.set_palette(picture.palette.concat());
    png.set_compression(compression);
    png.set_filter(filter);
    let mut writer = png.write_header().unwrap();
    writer.write_image_data(&picture.pixels).unwrap();
    writer.finish().unwrap();
    out
}

/// Boards timed per game: spread evenly over the whole game, from the set-up to the end.
const TIMED: usize = 16;

/// render's own encoder against the png crate's (issue 61) on the same 256 colours of every board of the demo games:
/// each encoder's median bytes a board, per game (printed), and the time to draw [`TIMED`] boards in 256 colours
/// (`draw`), then to draw and encode them (a board's time: criterion's over [`TIMED`]).
fn encoders(c: &mut Criterion) {
    let mut group = c.benchmark_group("encoders");
    // Flat: every sample draws the same boards (the slowest encoder takes half a second for them).
    group.sample_size(10).sampling_mode(SamplingMode::Flat).throughput(Throughput::Elements(TIMED as u64));
    for (game, players, names, positions) in demo_games() {
        let game = format!("{game}-{players}p");
        let canvases: Vec<Canvas> = positions.iter().map(|p| board_canvas(p, &names)).collect();
        assert_eq!(
            canvases[0].png(),
            positions[0].board_picture(&names, &[], Reader::standard(Lang::En)).image,
            "drawn as the bot draws it"
        );
        let pictures: Vec<Indexed> = canvases.iter().map(Canvas::indexed).collect();
        for (name, encoder) in ENCODERS {
            let mut bytes: Vec<usize> = canvases
                .iter()
                .zip(&pictures)
                .map(|(canvas, picture)| encode(encoder, canvas, picture).len())
                .collect();
            bytes.sort_unstable();
            eprintln!("{game} {name}: {} boards, median {} bytes", bytes.len(), bytes[bytes.len() / 2]);
        }
        let timed: Vec<&AnyGame> = (0..TIMED).map(|k| &positions[k * (positions.len() - 1) / (TIMED - 1)]).collect();
        group.bench_function(format!("{game}/draw"), |b| {
            b.iter(|| {
                for &position in &timed {
                    black_box(board_canvas(black_box(position), &names).indexed());
                }
            })
        });
        for (name, encoder) in ENCODERS {
            group.bench_function(format!("{game}/draw+{name}"), |b| {
                b.iter(|| {
                    for &position in &timed {
                        let canvas = board_canvas(black_box(position), &names);
                        black_box(encode(encoder, &canvas, &canvas.indexed()));
                    }
                })
            });
        }
    }
    group.finish();
}

/// Seeds tried for each game's longest: the one with the most boards posted.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=6;

/// The longest of [`SEEDS`]' games of easy computers for `players`: the positions its thread would show (the
/// set-up, then each move that changed the board, that move pointed out).
fn longest_game(game: &str, players: usize) -> (Vec<String>, Vec<(AnyGame, Option<Reported>)>) {
    let seats = vec![Player::Computer(Level::Easy); players];
    let shown = SEEDS.map(|seed| {
        let mut shown = Vec::new();
        offline::play(offline::kind(game).unwrap(), &seats, seed, |game, played| {
            if played.is_none_or(|p| p.pictured) {
                shown.push((game.clone(), played.cloned()));
            }
        })
        .unwrap();
        shown
    });
    (offline::names(&seats), shown.max_by_key(Vec::len).unwrap())
}

/// Each game's longest game animated as its result post carries it (issue 63): its bytes and boards (printed), and
/// the time to draw and encode it all on one core.
fn animations(c: &mut Criterion) {
    let mut group = c.benchmark_group("animations");
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    for (game, players) in [("meridian", 4), ("contrees", 2), ("dragon-delta", 6)] {
        let (names, shown) = longest_game(game, players);
        let animate = || {
            let mut animation: Option<Animation> = None;
            for (position, played) in &shown {
                let board = position.board_canvas(&names, &Vec::from_iter(played), Reader::standard(Lang::En));
                animation.get_or_insert_with(|| Animation::new(board.width(), board.height())).frame(&board.indexed());
            }
            animation.unwrap().finish()
        };
        eprintln!("{game}-{players}p: {} boards, animation {} bytes", shown.len(), animate().len());
        // Where the time goes, once: drawing, the 256 colours, the GIF.
        let started = std::time::Instant::now();
        let boards: Vec<Canvas> = shown
            .iter()
            .map(|(position, played)| {
                position.board_canvas(&names, &Vec::from_iter(played), Reader::standard(Lang::En))
            })
            .collect();
        let drawn = started.elapsed();
        let pictures: Vec<Indexed> = boards.iter().map(Canvas::indexed).collect();
        let coloured = started.elapsed() - drawn;
        let mut animation = Animation::new(boards[0].width(), boards[0].height());
        pictures.iter().for_each(|p| animation.frame(p));
        black_box(animation.finish());
        let encoded = started.elapsed() - drawn - coloured;
        eprintln!("{game}-{players}p: drawing {drawn:?}, 256 colours {coloured:?}, GIF {encoded:?}");
        group.bench_function(format!("{game}-{players}p"), |b| b.iter(|| black_box(animate())));
    }
    group.finish();
}

criterion_group!(benches, images, every_game, encoders, animations);
criterion_main!(benches);
