//! Dragon Delta's images: the river (villages in their colours, numbered islands, stones, planks in their owner's
//! colour with their size, pawns), the statue holder, each player's cards this round (revealed faces, backs for the
//! rest), reserves and lost planks, the last action pointed out (a ghost where a pawn fell in the water); and a
//! player's private programme picture (their hand and the programme being built).
//!
//! Scope: a scene holds only what its viewer may see; a face-down card is a back and nothing else. Every place a
//! player may choose now carries the label the menus use, in the reader's words: islands by number, villages by
//! colour, planks by their two ends ("5–19", « bleu–15 »). Colour names and the marks' letters come from the
//! reader's catalogue through [`Say`] (`dd-colour-name`, as the menus name colours, and `picture-dd-letter`). 1200×800, like every board.

mod look;

pub use look::{hue, hues};
mod map;
mod panel;
mod programme;

use crate::canvas::Canvas;
use crate::palette::Palette;
use crate::Say;

/// The board picture's width.
pub const WIDTH: u32 = 1200;
/// The board picture's height.
pub const HEIGHT: u32 = 800;

/// The game's six colours, in the spec's order (red, black, blue, green, white, yellow): index 0–5.
pub type Colour = u8;

/// A point in plank units, y up (the board's own coordinates).
pub type At = (f32, f32);

/// A village.
#[derive(Debug, Clone, PartialEq)]
pub struct Village {
    pub colour: Colour,
    pub at: At,
    /// A pawn may go there now (its label is the colour's name, in the reader's words).
    pub choosable: bool,
}

/// An island.
#[derive(Debug, Clone, PartialEq)]
pub struct Island {
    /// Its number, 1–27: its label.
    pub number: u8,
    pub at: At,
    pub stone: bool,
    /// It may be chosen now (a stone placed or taken).
    pub choosable: bool,
    /// A stone was placed or taken here by the last action.
    pub last: bool,
}

/// A laid plank.
#[derive(Debug, Clone, PartialEq)]
pub struct Plank {
    pub from: At,
    pub to: At,
    pub colour: Colour,
    pub size: u8,
    /// Its label in the reader's words ("5–19", "red–5", « rouge–5 ») when it may be chosen now (taken, or moved or jumped to); drawn at its middle.
    pub label: Option<String>,
    /// Laid by the last action.
    pub last: bool,
}

/// A place a plank being laid may go, drawn dashed with its label (only once the plank has been chosen).
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub from: At,
    pub to: At,
    pub label: String,
}

/// A pawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Pawn {
    pub colour: Colour,
    /// Where it stands: a village's point or a plank's middle (pawns sharing a village are spread by the drawing).
    pub at: At,
    /// It moved with the last action.
    pub last: bool,
    /// Where it fell in the water from, with the last action: a ghost there.
    pub fell_from: Option<At>,
}

/// One card of a player's programme this round, as everyone may see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardShown {
    /// Not revealed yet (or not laid): a back.
    Back,
    /// Revealed: the card's name as the record writes it ("move-2", "dragon-red").
    Face { card: String, cancelled: bool },
}

/// A plank off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub colour: Colour,
    pub size: u8,
}

/// One player in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub colour: Colour,
    pub reserve: Vec<Piece>,
    /// The five positions of this round's programme (empty while none is laid).
    pub cards: Vec<CardShown>,
    /// Their programme is laid (while programmes are chosen).
    pub programmed: bool,
    pub statue: bool,
    /// Their move is awaited.
    pub due: bool,
    pub resigned: bool,
}

/// What the board picture shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub villages: Vec<Village>,
    pub islands: Vec<Island>,
    pub planks: Vec<Plank>,
    pub candidates: Vec<Candidate>,
    pub pawns: Vec<Pawn>,
    pub players: Vec<Player>,
    pub lost: Vec<Piece>,
    /// Stones left in the supply.
    pub supply: u8,
    pub round: u32,
    /// 1–5 while actions resolve (that position's column marked), 0 while programmes are chosen.
    pub position: u8,
    pub moves: u32,
    /// The winner's seat, once over.
    pub winner: Option<u8>,
    /// A line over the panel, in the reader's words (a preview's).
    pub note: Option<String>,
    /// The colours things are drawn in.
    pub palette: Palette,
}

/// A player's private picture: their hand, and their programme as far as it is built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProgrammeScene {
    pub name: String,
    pub colour: Colour,
    pub round: u32,
    /// The hand in card order, as the record writes the cards.
    pub hand: Vec<String>,
    /// The programme's cards chosen so far, in position order (up to 5).
    pub chosen: Vec<String>,
    pub note: Option<String>,
    pub palette: Palette,
}

/// The board picture, as PNG bytes.
pub fn board_png(scene: &Scene, say: &dyn Say) -> Vec<u8> {
    board_canvas(scene, say).png()
}

/// The board picture as pixels, before encoding (for checks and benchmarks).
pub fn board_canvas(scene: &Scene, say: &dyn Say) -> Canvas {
    let layout = map::Layout::fit(scene);
    let mut canvas = map::background(scene, &layout, say);
    map::draw(&mut canvas, scene, &layout, say);
    panel::draw(&mut canvas, scene, say);
    canvas
}

/// Where board point `at` is drawn on `scene`'s picture, in pixels.
pub fn point(scene: &Scene, at: At) -> (f32, f32) {
    map::Layout::fit(scene).px(at)
}

/// Where pawn `index` of `scene.pawns` is drawn, in pixels: its point, or beside its village when it stands in one
/// (pawns sharing a village are spread around it).
pub fn pawn_point(scene: &Scene, index: usize) -> (f32, f32) {
    map::pawn_points(scene, &map::Layout::fit(scene))[index]
}

/// Where the panel draws the card at `position` (0–4) of player `player`'s programme: `[x, y, width, height]`.
pub fn card_rect(scene: &Scene, player: usize, position: usize) -> [f32; 4] {
    panel::card_rect(scene.players.len(), player, position)
}

/// A player's programme picture (1000×420), as PNG bytes.
pub fn programme_png(scene: &ProgrammeScene, say: &dyn Say) -> Vec<u8> {
    programme_canvas(scene, say).png()
}

/// A player's programme picture as pixels, before encoding.
pub fn programme_canvas(scene: &ProgrammeScene, say: &dyn Say) -> Canvas {
    programme::draw(scene, say)
}
