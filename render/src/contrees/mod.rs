//! Contrées' image: the territory as hexagons (black and white lands, each possessed land carrying its owner's
//! marker), every spot, the towers (seat 0 round, seat 1 square, each in its colour), the last tower ringed, towers
//! just demolished as dashed ghosts, and a panel with each player's lands, markers, towers and demolitions.
//!
//! Whatever a player may choose now carries its label, large enough to read on a phone: the empty land positions in
//! phase 1, the empty spots in phase 2. 1200×800, like every board.

use crate::canvas::{fit, Align, Backgrounds, Canvas, Line, Rgba, Style, Weight};
use crate::palette::{seat_mark, Palette, Shape, HIGHLIGHT, INK, MUTED, PAPER};
use crate::{Arg, Say};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 800;
/// The map's area; the panel takes the rest on the right.
const MAP: [f32; 4] = [16.0, 16.0, 880.0, 768.0];
const PANEL_X: f32 = 912.0;
/// The largest hexagon drawn (centre to corner), for small territories.
const MAX_SIZE: f32 = 70.0;

const BLACK_LAND: Rgba = Rgba::rgb(0x3B, 0x3F, 0x4A);
const WHITE_LAND: Rgba = Rgba::rgb(0xF4, 0xF1, 0xE8);
const WALL: Rgba = Rgba::rgb(0x1E, 0x1F, 0x24);
const LABEL_BACK: Rgba = Rgba::rgb(0xFF, 0xFB, 0xE6);

/// A laid land.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandTile {
    pub q: i32,
    pub r: i32,
    pub letter: char,
    pub white: bool,
    pub owner: Option<u8>,
    /// Laid by the move shown (or about to be, in a preview).
    pub fresh: bool,
}

/// An empty land position a player may lay on now, with its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub q: i32,
    pub r: i32,
    pub label: String,
}

/// A spot: the top (`north`) or bottom corner of land position `[q, r]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpotMark {
    pub q: i32,
    pub r: i32,
    pub north: bool,
    pub tower: Option<u8>,
    /// Its label, when a player may build there now.
    pub label: Option<String>,
    /// The tower placed by the move shown: ringed.
    pub last: bool,
    /// A tower of this seat was demolished here by the move shown.
    pub ghost: Option<u8>,
}

/// One player in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerPanel {
    pub name: String,
    /// Lands owned, a white land counting three.
    pub score: u32,
    pub markers_left: u8,
    pub towers_left: u8,
    pub demolished: u16,
}

/// What the picture shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scene {
    pub lands: Vec<LandTile>,
    pub positions: Vec<Position>,
    pub spots: Vec<SpotMark>,
    pub players: Vec<PlayerPanel>,
    pub phase: u8,
    pub moves: u32,
    /// Whose move it is, while the game goes on.
    pub next: Option<u8>,
    /// Once over: the winners (both on a draw).
    pub winners: Option<Vec<u8>>,
    /// A line over the panel, in the reader's words (a preview's).
    pub note: Option<String>,
    /// The colours the players are drawn in.
    pub palette: Palette,
}

/// Where hexagons go: `size` from centre to corner, and the pixel of position `[0, 0]`.
struct Layout {
    size: f32,
    origin: (f32, f32),
}

const ROOT3: f32 = 1.732_050_8;

impl Layout {
    fn unit_centre(q: i32, r: i32) -> (f32, f32) {
        (ROOT3 * (q as f32 + r as f32 / 2.0), 1.5 * r as f32)
    }

    /// The largest size that fits every land and position in the map, centred.
    fn fit(scene: &Scene) -> Layout {
        let cells = scene.lands.iter().map(|l| (l.q, l.r)).chain(scene.positions.iter().map(|p| (p.q, p.r)));
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for (q, r) in cells {
            let (x, y) = Layout::unit_centre(q, r);
            (x0, y0, x1, y1) = (x0.min(x - ROOT3 / 2.0), y0.min(y - 1.0), x1.max(x + ROOT3 / 2.0), y1.max(y + 1.0));
        }
        if x0 > x1 {
            (x0, y0, x1, y1) = (-1.0, -1.0, 1.0, 1.0);
        }
        // Room around for labels and towers on the outer spots.
        let margin = 0.6;
        let [mx, my, mw, mh] = MAP;
        let size = (mw / (x1 - x0 + 2.0 * margin)).min(mh / (y1 - y0 + 2.0 * margin)).min(MAX_SIZE);
        let origin = (mx + mw / 2.0 - size * (x0 + x1) / 2.0, my + mh / 2.0 - size * (y0 + y1) / 2.0);
        Layout { size, origin }
    }

    fn centre(&self, q: i32, r: i32) -> (f32, f32) {
        let (x, y) = Layout::unit_centre(q, r);
        (self.origin.0 + self.size * x, self.origin.1 + self.size * y)
    }

    /// The six corners of a hexagon `scale` times the land's size, clockwise from the top.
    fn corners(&self, q: i32, r: i32, scale: f32) -> Vec<(f32, f32)> {
        let (cx, cy) = self.centre(q, r);
        let s = self.size * scale;
        (0..6)
            .map(|i| {
                let angle = std::f32::consts::PI * (i as f32 / 3.0 - 0.5);
                (cx + s * angle.cos(), cy + s * angle.sin())
            })
            .collect()
    }

    fn spot(&self, spot: &SpotMark) -> (f32, f32) {
        let (cx, cy) = self.centre(spot.q, spot.r);
        (cx, if spot.north { cy - self.size } else { cy + self.size })
    }
}

/// Where a spot is drawn on `scene`'s picture, in pixels.
pub fn spot_point(scene: &Scene, spot: &SpotMark) -> (f32, f32) {
    Layout::fit(scene).spot(spot)
}

/// The picture, as PNG bytes.
pub fn board_png(scene: &Scene, say: &dyn Say) -> Vec<u8> {
    board_canvas(scene, say).png()
}

/// The picture as pixels, before encoding (a frame of an animation; checks and benchmarks).
pub fn board_canvas(scene: &Scene, say: &dyn Say) -> Canvas {
    let layout = Layout::fit(scene);
    let mut canvas = territory(scene, &layout);
    for land in scene.lands.iter().filter(|l| l.fresh) {
        canvas.polygon(&layout.corners(land.q, land.r, 0.86), None, Some(Line::solid(HIGHLIGHT, 4.0)));
    }
    for position in &scene.positions {
        label(&mut canvas, layout.centre(position.q, position.r), &position.label, layout.size);
    }
    for spot in &scene.spots {
        draw_spot(&mut canvas, scene.palette, &layout, spot);
    }
    // Labels last, over everything else.
    for spot in &scene.spots {
        if let Some(text) = &spot.label {
            label(&mut canvas, layout.spot(spot), text, layout.size);
        }
    }
    panel(&mut canvas, scene, say);
    canvas
}

/// What a territory looks like, less what changes with each move: its lands with their letters and markers, and
/// the places open in phase 1.
type TerritoryKey = (Palette, Vec<(i32, i32, char, bool, Option<u8>)>, Vec<(i32, i32)>);

/// Territories drawn already: in phase 2 the lands stay put and markers change seldom.
static TERRITORIES: Backgrounds<TerritoryKey> = Backgrounds::new();

/// The background: paper, the lands (letters, markers) and the open places, drawn once for each territory.
fn territory(scene: &Scene, layout: &Layout) -> Canvas {
    let lands = scene.lands.iter().map(|l| (l.q, l.r, l.letter, l.white, l.owner)).collect();
    let key: TerritoryKey = (scene.palette, lands, scene.positions.iter().map(|p| (p.q, p.r)).collect());
    TERRITORIES.get_or_draw(&key, || {
        let mut canvas = Canvas::new(WIDTH, HEIGHT, PAPER);
        for position in &scene.positions {
            let corners = layout.corners(position.q, position.r, 0.92);
            canvas.polygon(&corners, Some(HIGHLIGHT.with_alpha(40)), Some(Line::dashed(MUTED, 2.0)));
        }
        for land in &scene.lands {
            draw_land(&mut canvas, scene.palette, layout, land);
        }
        canvas
    })
}

fn draw_land(canvas: &mut Canvas, palette: Palette, layout: &Layout, land: &LandTile) {
    let fill = if land.white { WHITE_LAND } else { BLACK_LAND };
    canvas.polygon(&layout.corners(land.q, land.r, 1.0), Some(fill), Some(Line::solid(WALL, 3.0)));
    let (cx, cy) = layout.centre(land.q, land.r);
    let ink = fill.ink_on();
    match land.owner {
        Some(owner) => {
            // The marker: the owner's shape and colour, with the land's letter.
            seat_mark(canvas, palette, (cx, cy), layout.size * 0.3, owner, land.letter, 255);
        }
        None => {
            let size = (layout.size * 0.42).clamp(14.0, 30.0);
            canvas.text(
                &land.letter.to_string(),
                (cx, cy),
                Style::new(size, Weight::Bold, Align::Center, ink.with_alpha(170)),
            );
        }
    }
}

fn draw_spot(canvas: &mut Canvas, palette: Palette, layout: &Layout, spot: &SpotMark) {
    let (x, y) = layout.spot(spot);
    let r = (layout.size * 0.2).clamp(7.0, 15.0);
    if let Some(seat) = spot.ghost {
        let (colour, _) = palette.seat(seat);
        canvas.circle(x, y, r * 1.1, Some(colour.with_alpha(60)), Some(Line::dashed(colour, 2.5)));
    }
    match spot.tower {
        Some(seat) => {
            if spot.last {
                canvas.circle(x, y, r * 1.7, None, Some(Line::solid(HIGHLIGHT, 4.0)));
            }
            // A tower: the seat's shape (round or square) in its colour, with no letter at this size.
            tower(canvas, palette, (x, y), r, seat);
        }
        None if spot.ghost.is_none() => canvas.circle(x, y, 3.5, Some(MUTED), None),
        None => {}
    }
}

/// A tower: the seat's shape in its colour.
fn tower(canvas: &mut Canvas, palette: Palette, (x, y): (f32, f32), r: f32, seat: u8) {
    let (colour, shape) = palette.seat(seat);
    let line = Some(Line::solid(INK, 2.0));
    match shape {
        Shape::Circle => canvas.circle(x, y, r, Some(colour), line),
        _ => canvas.rounded_rect([x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8], 2.0, Some(colour), line),
    }
}

/// A label on a light plate, readable on a phone.
fn label(canvas: &mut Canvas, (x, y): (f32, f32), text: &str, size: f32) {
    let font = (size * 0.34).clamp(15.0, 22.0);
    let w = Canvas::text_width(text, font, Weight::Bold) + 8.0;
    let h = font + 6.0;
    canvas.rounded_rect([x - w / 2.0, y - h / 2.0, w, h], 4.0, Some(LABEL_BACK), Some(Line::solid(INK, 1.5)));
    canvas.text(text, (x, y), Style::new(font, Weight::Bold, Align::Center, INK));
}

fn panel(canvas: &mut Canvas, scene: &Scene, say: &dyn Say) {
    let title = Style::new(30.0, Weight::Bold, Align::Left, INK);
    let body = Style::new(20.0, Weight::Regular, Align::Left, INK);
    let quiet = Style::new(18.0, Weight::Regular, Align::Left, MUTED);
    canvas.text("Contrées", (PANEL_X, 40.0), title);
    let phase = if scene.phase == 1 { "picture-contrees-laying" } else { "picture-contrees-building" };
    canvas.text(&say.say(phase, &[("move", Arg::Number(f64::from(scene.moves + 1)))]), (PANEL_X, 76.0), quiet);
    let mut y = 120.0;
    for (seat, p) in scene.players.iter().enumerate() {
        let seat = seat as u8;
        let turn = scene.next == Some(seat);
        if turn {
            canvas.rounded_rect([PANEL_X - 12.0, y - 22.0, 280.0, 168.0], 8.0, Some(HIGHLIGHT.with_alpha(70)), None);
        }
        seat_mark(canvas, scene.palette, (PANEL_X + 14.0, y), 14.0, seat, p.name.chars().next().unwrap_or('?'), 255);
        canvas.text(
            &fit(&p.name, 22.0, Weight::Bold, 210.0),
            (PANEL_X + 38.0, y),
            Style::new(22.0, Weight::Bold, Align::Left, INK),
        );
        let counts = [
            ("picture-contrees-lands", "lands", f64::from(p.score)),
            ("picture-contrees-markers", "markers", f64::from(p.markers_left)),
            ("picture-contrees-towers", "towers", f64::from(p.towers_left)),
            ("picture-contrees-demolished", "demolished", f64::from(p.demolished)),
        ];
        for (line, (id, name, count)) in counts.into_iter().enumerate() {
            let words = say.say(id, &[(name, Arg::Number(count))]);
            canvas.text(&words, (PANEL_X, y + 34.0 + 28.0 * line as f32), body);
        }
        y += 190.0;
    }
    let name = |s: u8| scene.players.get(usize::from(s)).map_or("?", |p| p.name.as_str());
    let status = match (&scene.winners, scene.next) {
        (Some(w), _) if w.len() > 1 => say.say("picture-contrees-draw", &[]),
        (Some(w), _) => say.say("picture-contrees-wins", &[("who", Arg::Word(w.first().map_or("?", |&s| name(s))))]),
        (None, Some(next)) => say.say("picture-contrees-to-play", &[("who", Arg::Word(name(next)))]),
        (None, None) => String::new(),
    };
    canvas.text(
        &fit(&status, 22.0, Weight::Bold, 270.0),
        (PANEL_X, y),
        Style::new(22.0, Weight::Bold, Align::Left, INK),
    );
    if let Some(note) = &scene.note {
        canvas.text(&fit(note, 18.0, Weight::Regular, 270.0), (PANEL_X, y + 34.0), quiet);
    }
    let legend = Style::new(16.0, Weight::Regular, Align::Left, MUTED);
    canvas.text(&say.say("picture-labels-legend", &[]), (PANEL_X, HEIGHT as f32 - 36.0), legend);
}
