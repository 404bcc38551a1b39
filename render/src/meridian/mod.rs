//! Meridian's images: the board after a move, a preview of a proposed move, a player's hand, and the result.
//!
//! Each takes a scene from [`scene`] and returns PNG bytes. Board, preview and result are 1200×800; the hand is
//! 900×460.

mod board;
mod hand;
mod panel;
pub mod scene;

pub use board::CITY_LABEL;
pub use scene::{BoardScene, CardFace, City, Hand, Highlight, IslandResult, Player, ResultScene, Tower};

use crate::canvas::{Backgrounds, Canvas};
use crate::Say;

/// Where a tower on `city` stands (the middle of its base) on a board of `rows` rows, in image pixels.
pub fn city_point(rows: usize, city: City) -> (f32, f32) {
    board::Layout::with_rows(rows).base(city)
}

/// The horizontal extent of meridian `m` on board images: `(left, right)` in pixels.
pub fn meridian_span(m: u8) -> (f32, f32) {
    board::meridian_span(m)
}

/// The board with its side panel and the highlighted moves; with `scene.ghost` set, a preview.
pub fn board_png(scene: &BoardScene, say: &dyn Say) -> Vec<u8> {
    board_canvas(scene, say).png()
}

/// The board as pixels, before encoding (a frame of an animation; checks and benchmarks).
pub fn board_canvas(scene: &BoardScene, say: &dyn Say) -> Canvas {
    let mut canvas = map(&scene.grid);
    let layout = board::Layout::new(&scene.grid);
    layout.draw_towers(&mut canvas, scene);
    layout.draw_highlights(&mut canvas, scene);
    panel::draw_players(&mut canvas, scene, say);
    canvas
}

/// Boards whose map (sea, islands, cities) was drawn already: a game draws the same map after every move, and that
/// is most of a board's drawing time.
static MAPS: Backgrounds<Vec<String>> = Backgrounds::new();

/// A blank image with the map of `grid`, drawn once.
fn map(grid: &[String]) -> Canvas {
    MAPS.get_or_draw(grid, || {
        let mut canvas = Canvas::new(board::WIDTH, board::HEIGHT, crate::palette::PAPER);
        let layout = board::Layout::new(grid);
        layout.draw_islands(&mut canvas, grid, None);
        layout.draw_cities(&mut canvas, grid);
        canvas
    })
}

/// A player's private picture of their cards.
pub fn hand_png(hand: &Hand, say: &dyn Say) -> Vec<u8> {
    hand::draw(hand, say).png()
}

/// The end of the game: islands tinted by who conquered them, the score table and the winners.
pub fn result_png(result: &ResultScene, say: &dyn Say) -> Vec<u8> {
    result_canvas(result, say).png()
}

fn result_canvas(result: &ResultScene, say: &dyn Say) -> Canvas {
    let scene = &result.board;
    let mut canvas = Canvas::new(board::WIDTH, board::HEIGHT, crate::palette::PAPER);
    let layout = board::Layout::new(&scene.grid);
    layout.draw_islands(&mut canvas, &scene.grid, Some((&result.islands, scene.palette)));
    layout.draw_cities(&mut canvas, &scene.grid);
    layout.draw_towers(&mut canvas, scene);
    if scene.palette == crate::palette::Palette::Safe {
        layout.draw_conquerors(&mut canvas, scene, &result.islands);
    }
    panel::draw_result(&mut canvas, result, say);
    canvas
}
