//! The river: water, villages, numbered islands, stones, planks, candidates, pawns and the labels of what may be
//! chosen now.

use super::look::{self, hue, letter, mark, plate};
use super::{At, Scene, HEIGHT, WIDTH};
use crate::canvas::{Align, Backgrounds, Canvas, Line, Rgba, Style, Weight};
use crate::palette::{Palette, COAST, HIGHLIGHT, INK, PAPER, SEA};
use crate::Say;
use tiny_skia::PathBuilder;

/// The map's area `[x, y, w, h]`; the panel takes the rest on the right.
const MAP: [f32; 4] = [12.0, 12.0, 776.0, 776.0];
/// Room around the outermost points for villages, the pawns around them and their labels.
const MARGIN: f32 = 70.0;
/// The largest scale (pixels per plank unit), for small custom boards.
const MAX_SCALE: f32 = 90.0;
const VILLAGE_R: f32 = 26.0;
const ISLAND_R: f32 = 16.0;
/// Pawns are larger than islands, so they stand out on the river.
const PAWN_R: f32 = 17.0;
const PLANK_W: f32 = 13.0;
/// Where pawns standing in a village go: on a ring just outside it, so that they and the village all show.
const VILLAGE_RING: f32 = VILLAGE_R + PAWN_R + 3.0;
const SAND: Rgba = Rgba::rgb(0xEB, 0xDD, 0xB0);
const STONE: Rgba = Rgba::rgb(0x6E, 0x74, 0x7C);

/// Where board points go: `scale` pixels per plank unit, `origin` the pixel of (0, 0), `middle` the pixel of the
/// points' middle (pawns in a village sit on its side away from it).
pub struct Layout {
    scale: f32,
    origin: (f32, f32),
    middle: (f32, f32),
}

impl Layout {
    /// The largest scale that fits every village and island in the map, centred; y up on the board, down here.
    pub fn fit(scene: &Scene) -> Layout {
        let points = scene.villages.iter().map(|v| v.at).chain(scene.islands.iter().map(|i| i.at));
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for (x, y) in points {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        if x0 > x1 {
            (x0, y0, x1, y1) = (-1.0, -1.0, 1.0, 1.0);
        }
        let [mx, my, mw, mh] = MAP;
        let span = |a: f32, b: f32| (b - a).max(0.01);
        let scale = ((mw - 2.0 * MARGIN) / span(x0, x1)).min((mh - 2.0 * MARGIN) / span(y0, y1)).min(MAX_SCALE);
        let middle = (mx + mw / 2.0, my + mh / 2.0);
        let origin = (middle.0 - scale * (x0 + x1) / 2.0, middle.1 + scale * (y0 + y1) / 2.0);
        Layout { scale, origin, middle }
    }

    /// The pixel of a board point.
    pub fn px(&self, (x, y): At) -> (f32, f32) {
        // On whole pixels: then every island, stone and pawn is drawn pixel for pixel like the others of its kind,
        // which the PNG's compression finds and copies (7% fewer bytes), where a fraction of a pixel changes every
        // edge's shading.
        ((self.origin.0 + self.scale * x).round(), (self.origin.1 - self.scale * y).round())
    }
}

fn same(a: At, b: At) -> bool {
    (a.0 - b.0).abs() < 0.001 && (a.1 - b.1).abs() < 0.001
}

/// Where each pawn is drawn: at its point, or around its village when it stands in one (spread so all show).
pub fn pawn_points(scene: &Scene, layout: &Layout) -> Vec<(f32, f32)> {
    scene
        .pawns
        .iter()
        .enumerate()
        .map(|(i, pawn)| {
            let Some(village) = scene.villages.iter().find(|v| same(v.at, pawn.at)) else {
                return layout.px(pawn.at);
            };
            let here: Vec<usize> = (0..scene.pawns.len()).filter(|&j| same(scene.pawns[j].at, village.at)).collect();
            let k = here.iter().position(|&j| j == i).unwrap_or(0) as f32;
            let (cx, cy) = layout.px(village.at);
            let (dx, dy) = (cx - layout.middle.0, cy - layout.middle.1);
            let out = if dx.abs() + dy.abs() < 1.0 { -std::f32::consts::FRAC_PI_2 } else { dy.atan2(dx) };
            // Neighbours on the ring a pawn's width apart.
            let step = 2.5 * PAWN_R / VILLAGE_RING;
            let angle = out + (k - (here.len() - 1) as f32 / 2.0) * step;
            (cx + VILLAGE_RING * angle.cos(), cy + VILLAGE_RING * angle.sin())
        })
        .collect()
}

/// What the background shows: the palette, each village's colour, point and letter (the reader's), each
/// island's number and point.
type RiverKey = (Palette, Vec<(u8, At, String)>, Vec<(u8, At)>);

/// Rivers drawn already: the points never move during a game.
static RIVERS: Backgrounds<RiverKey> = Backgrounds::new();

/// The part that stays the same all game: paper, water, villages, islands with their numbers.
pub fn background(scene: &Scene, layout: &Layout, say: &dyn Say) -> Canvas {
    let key: RiverKey = (
        scene.palette,
        scene.villages.iter().map(|v| (v.colour, v.at, letter(v.colour, say))).collect(),
        scene.islands.iter().map(|i| (i.number, i.at)).collect(),
    );
    RIVERS.get_or_draw(&key, || {
        let mut canvas = Canvas::new(WIDTH, HEIGHT, PAPER);
        let [x, y, w, h] = MAP;
        canvas.rounded_rect([x, y, w, h], 18.0, Some(SEA), Some(Line::solid(SEA.mix(INK, 0.25), 1.5)));
        waves(&mut canvas);
        for (village, (_, _, letter)) in scene.villages.iter().zip(&key.1) {
            let (cx, cy) = layout.px(village.at);
            let tint = hue(scene.palette, village.colour).mix(Rgba::WHITE, 0.55);
            canvas.circle(cx, cy, VILLAGE_R, Some(tint), Some(Line::solid(INK, 2.0)));
            mark(
                &mut canvas,
                scene.palette,
                (cx, cy),
                VILLAGE_R * 0.62,
                (village.colour, letter),
                255,
                Line::solid(INK, 1.5),
            );
        }
        for island in &scene.islands {
            let (cx, cy) = layout.px(island.at);
            canvas.circle(cx, cy, ISLAND_R, Some(SAND), Some(Line::solid(COAST, 2.0)));
            number(&mut canvas, (cx, cy), island.number, INK);
        }
        canvas
    })
}

/// Faint ripples on the water, so it reads as a river rather than a blank.
fn waves(canvas: &mut Canvas) {
    let [x, y, w, h] = MAP;
    let ripple = Line::solid(Rgba::WHITE.with_alpha(90), 2.0);
    let mut row = 0;
    let mut wy = y + 34.0;
    while wy < y + h - 20.0 {
        let shift = if row % 2 == 0 { 0.0 } else { 60.0 };
        let mut wx = x + 24.0 + shift;
        while wx + 40.0 < x + w - 16.0 {
            let mut pb = PathBuilder::new();
            pb.move_to(wx, wy);
            pb.quad_to(wx + 10.0, wy - 6.0, wx + 20.0, wy);
            pb.quad_to(wx + 30.0, wy + 6.0, wx + 40.0, wy);
            if let Some(path) = pb.finish() {
                canvas.path(&path, None, Some(ripple));
            }
            wx += 120.0;
        }
        wy += 48.0;
        row += 1;
    }
}

fn number(canvas: &mut Canvas, at: (f32, f32), n: u8, ink: Rgba) {
    canvas.text(&n.to_string(), at, Style::new(16.0, Weight::Bold, Align::Center, ink));
}

/// A yellow ring with dark edges, visible on water and land: `wide` for the last action, plain for a choice.
fn ring(canvas: &mut Canvas, (cx, cy): (f32, f32), r: f32, wide: bool) {
    let width = if wide { 6.0 } else { 3.5 };
    canvas.circle(cx, cy, r, None, Some(Line::solid(INK, width + 3.0)));
    canvas.circle(cx, cy, r, None, Some(Line::solid(HIGHLIGHT, width)));
}

/// How far a plank's end stops short of its support's centre: it rests on the rim, leaving the number clear.
fn rim(scene: &Scene, at: At) -> f32 {
    if scene.villages.iter().any(|v| same(v.at, at)) {
        VILLAGE_R - 4.0
    } else if scene.islands.iter().any(|i| same(i.at, at)) {
        ISLAND_R - 3.0
    } else {
        0.0
    }
}

/// A plank or candidate's drawn ends (trimmed to the supports' rims) and its unit direction.
fn ends(scene: &Scene, layout: &Layout, from: At, to: At) -> ((f32, f32), (f32, f32), (f32, f32)) {
    let (a, b) = (layout.px(from), layout.px(to));
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let u = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let (ta, tb) = (rim(scene, from).min(len / 3.0), rim(scene, to).min(len / 3.0));
    ((a.0 + u.0 * ta, a.1 + u.1 * ta), (b.0 - u.0 * tb, b.1 - u.1 * tb), u)
}

/// Everything that changes with the moves, over the background; villages labelled in the reader's words.
pub fn draw(canvas: &mut Canvas, scene: &Scene, layout: &Layout, say: &dyn Say) {
    for island in scene.islands.iter().filter(|i| i.stone) {
        let (cx, cy) = layout.px(island.at);
        pebble(canvas, (cx, cy));
        number(canvas, (cx, cy), island.number, STONE.ink_on());
    }
    for candidate in &scene.candidates {
        let (a, b, _) = ends(scene, layout, candidate.from, candidate.to);
        canvas.segment(a, b, Line::dashed(INK, 3.0));
    }
    let pawns = pawn_points(scene, layout);
    for plank in &scene.planks {
        let (a, b, u) = ends(scene, layout, plank.from, plank.to);
        // Bars grown by `m` at both ends and `2m` across: outlines are bars under bars.
        let grown = |m: f32| ((a.0 - u.0 * m, a.1 - u.1 * m), (b.0 + u.0 * m, b.1 + u.1 * m), PLANK_W + 2.0 * m);
        let mut layers = vec![(grown(0.9), INK), (grown(-0.9), hue(scene.palette, plank.colour))];
        if plank.last {
            // Dark rims keep the highlight visible around a yellow or white plank.
            layers.splice(0..0, [(grown(6.0), INK), (grown(4.0), HIGHLIGHT)]);
        }
        for ((from, to, width), colour) in layers {
            canvas.bar(from, to, width, colour);
        }
    }
    for plank in &scene.planks {
        size_badge(canvas, scene, layout, plank, &pawns);
    }
    for island in &scene.islands {
        let at = layout.px(island.at);
        if island.last {
            ring(canvas, at, ISLAND_R + 9.0, true);
        }
        if island.choosable {
            ring(canvas, at, ISLAND_R + 3.5, false);
        }
    }
    for village in scene.villages.iter().filter(|v| v.choosable) {
        ring(canvas, layout.px(village.at), VILLAGE_R + 4.0, false);
    }
    for pawn in &scene.pawns {
        if let Some(from) = pawn.fell_from {
            ghost(canvas, scene.palette, layout.px(from), (pawn.colour, &letter(pawn.colour, say)));
        }
    }
    for (pawn, &at) in scene.pawns.iter().zip(&pawns) {
        if pawn.last {
            ring(canvas, at, PAWN_R + 9.0, true);
        }
        // A shadow and a white halo lift the pawn off the river and tell it from the village marks.
        canvas.circle(at.0 + 2.0, at.1 + 3.0, PAWN_R * 1.2, Some(INK.with_alpha(60)), None);
        canvas.circle(at.0, at.1, PAWN_R * 1.2, Some(Rgba::WHITE), Some(Line::solid(INK, 1.5)));
        mark(canvas, scene.palette, at, PAWN_R, (pawn.colour, &letter(pawn.colour, say)), 255, Line::solid(INK, 2.0));
    }
    // Labels last, over everything else.
    for island in scene.islands.iter().filter(|i| i.choosable) {
        plate(canvas, layout.px(island.at), &island.number.to_string());
    }
    for village in scene.villages.iter().filter(|v| v.choosable) {
        plate(canvas, layout.px(village.at), &look::said_name(village.colour, say));
    }
    for plank in &scene.planks {
        if let Some(label) = &plank.label {
            plate(canvas, mid(layout, plank.from, plank.to), label);
        }
    }
    for candidate in &scene.candidates {
        plate(canvas, mid(layout, candidate.from, candidate.to), &candidate.label);
    }
}

fn mid(layout: &Layout, from: At, to: At) -> (f32, f32) {
    let (a, b) = (layout.px(from), layout.px(to));
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// A grey stone lying on an island, a little larger than it, with a glint.
fn pebble(canvas: &mut Canvas, (cx, cy): (f32, f32)) {
    let r = ISLAND_R + 1.0;
    canvas.circle(cx, cy, r, Some(STONE), Some(Line::solid(INK, 1.8)));
    canvas.circle(cx - r * 0.45, cy - r * 0.45, r * 0.22, Some(Rgba::WHITE.with_alpha(90)), None);
}

/// A plank's size in a small disc of its colour: at its middle, or moved along it when a pawn or label is there.
fn size_badge(canvas: &mut Canvas, scene: &Scene, layout: &Layout, plank: &super::Plank, pawns: &[(f32, f32)]) {
    let (a, b, u) = ends(scene, layout, plank.from, plank.to);
    let m = mid(layout, plank.from, plank.to);
    let half = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt() / 2.0;
    let near = |p: (f32, f32)| (p.0 - m.0).abs() < 1.0 && (p.1 - m.1).abs() < 1.0;
    let ghosts = scene.pawns.iter().filter_map(|p| p.fell_from).map(|f| layout.px(f));
    // Clear of a pawn's ring or a ghost there, and of the label's plate.
    let pawn_room = if pawns.iter().copied().chain(ghosts).any(near) { PAWN_R + 13.0 } else { 0.0 };
    let plate_room = plank.label.as_ref().map_or(0.0, |label| {
        let (hw, hh) = ((Canvas::text_width(label, 17.0, Weight::Bold) + 10.0) / 2.0, 12.0);
        (hw / u.0.abs().max(0.01)).min(hh / u.1.abs().max(0.01))
    });
    let clearance = pawn_room.max(plate_room);
    let r = 8.5;
    let shift = if clearance > 0.0 { clearance + r + 1.0 } else { 0.0 };
    if shift + r > half + 4.0 {
        // No room beside what covers the middle: the plank's length tells its size.
        return;
    }
    let at = (m.0 - u.0 * shift, m.1 - u.1 * shift);
    look::badge(canvas, scene.palette, at, r, plank.colour, &plank.size.to_string());
}

/// Where a pawn fell in the water: its mark faded and dashed, with ripples around.
fn ghost(canvas: &mut Canvas, palette: Palette, at: (f32, f32), colour: (super::Colour, &str)) {
    for (r, alpha) in [(PAWN_R * 1.6, 200), (PAWN_R * 2.1, 130)] {
        canvas.circle(at.0, at.1, r, None, Some(Line::dashed(Rgba::WHITE.with_alpha(alpha), 2.5)));
    }
    mark(canvas, palette, at, PAWN_R, colour, 90, Line::dashed(INK.with_alpha(200), 2.0));
}
