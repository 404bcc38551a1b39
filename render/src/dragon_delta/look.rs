//! How Dragon Delta's things look wherever they are drawn: the six colours (hue, shape, letter, name), label plates,
//! plank pieces and cards.

use super::Colour;
use crate::canvas::{Align, Canvas, Line, Rgba, Style, Weight};
use crate::palette::{Palette, INK, MUTED};
use crate::{Arg, Say};

/// The colours, after Okabe & Ito's palette so colour-blind players tell them apart: vermillion, near-black,
/// blue, bluish green, white, yellow.
const HUES: [Rgba; 6] = [
    Rgba::rgb(0xD5, 0x5E, 0x00),
    Rgba::rgb(0x2E, 0x2E, 0x33),
    Rgba::rgb(0x00, 0x72, 0xB2),
    Rgba::rgb(0x00, 0x9E, 0x73),
    Rgba::rgb(0xFF, 0xFF, 0xFF),
    Rgba::rgb(0xF0, 0xE4, 0x42),
];
/// The safe palette's: each still its colour's name, and every pair apart under protanopia, deuteranopia and
/// tritanopia (`tests/colour_vision.rs`): a deep red, black, a deep blue, a bluish green, white and a golden yellow.
const SAFE_HUES: [Rgba; 6] = [
    Rgba::rgb(0xAA, 0x1E, 0x14),
    Rgba::rgb(0x18, 0x18, 0x1C),
    Rgba::rgb(0x1C, 0x2E, 0xB4),
    Rgba::rgb(0x50, 0xA0, 0x88),
    Rgba::rgb(0xFF, 0xFF, 0xFF),
    Rgba::rgb(0xF5, 0xC4, 0x00),
];
const NAMES: [&str; 6] = ["red", "black", "blue", "green", "white", "yellow"];

/// Plates behind labels: light, so labels read on water, wood and pawns alike.
const LABEL_BACK: Rgba = Rgba::rgb(0xFF, 0xFB, 0xE6);
/// A card that does not count: cancelled, or already in the programme.
const GREYED: Rgba = Rgba::rgb(0xE6, 0xE4, 0xDE);
/// A card back's colour: a dark slate, far from every face.
const BACK: Rgba = Rgba::rgb(0x3C, 0x55, 0x6E);

/// A colour's hue in `palette` (an unknown index falls back to grey rather than panicking on a caller's slip).
pub fn hue(palette: Palette, colour: Colour) -> Rgba {
    hues(palette).get(usize::from(colour)).copied().unwrap_or(MUTED)
}

/// The six hues of `palette`, in the spec's order.
pub fn hues(palette: Palette) -> [Rgba; 6] {
    match palette {
        Palette::Standard => HUES,
        Palette::Safe => SAFE_HUES,
    }
}

/// A colour's name as the record writes it (`red`): what the catalogues' colour messages select on.
pub fn name(colour: Colour) -> &'static str {
    NAMES.get(usize::from(colour)).copied().unwrap_or("?")
}

/// A colour's name in the reader's words ("red", "rouge"), the label a village carries.
pub fn said_name(colour: Colour, say: &dyn Say) -> String {
    say.say("dd-colour-name", &[("colour", Arg::Word(name(colour)))])
}

/// The letter on a colour's mark, in the reader's words ("R"; "K" for black, as blue takes B; "N" for noir).
pub fn letter(colour: Colour, say: &dyn Say) -> String {
    say.say("picture-dd-letter", &[("colour", Arg::Word(name(colour)))])
}

/// A colour's mark: its own shape (circle, square, triangle, diamond, hexagon, star) in its hue in `palette` with its
/// `letter` (see [`letter`]), so no one depends on the hue alone. `line` outlines it (a ghost's is dashed); `alpha`
/// fades the whole mark.
pub fn mark(
    canvas: &mut Canvas,
    palette: Palette,
    at: (f32, f32),
    r: f32,
    (colour, letter): (Colour, &str),
    alpha: u8,
    line: Line,
) {
    let (size, dy) = shape(canvas, at, r, colour, Some(hue(palette, colour).with_alpha(alpha)), line);
    let ink = hue(palette, colour).ink_on().with_alpha(alpha);
    // Two letters ("Bc", "Ge") shrink to stay inside the shape; a single letter never does.
    let size = size.min(size * r * 1.6 / Canvas::text_width(letter, size, Weight::Bold).max(1.0));
    canvas.text(letter, (at.0, at.1 + dy), Style::new(size, Weight::Bold, Align::Center, ink));
}

/// A small disc of a colour with `text` (a plank's size) on it; the safe palette draws the colour's shape instead of
/// a disc, so that a plank's owner shows without its hue.
pub fn badge(canvas: &mut Canvas, palette: Palette, at: (f32, f32), r: f32, colour: Colour, text: &str) {
    let fill = hue(palette, colour);
    match palette {
        Palette::Standard => {
            canvas.circle(at.0, at.1, r, Some(fill), Some(Line::solid(INK, 1.5)));
            canvas.text(text, at, Style::new(12.5, Weight::Bold, Align::Center, fill.ink_on()));
        }
        Palette::Safe => {
            let (_, dy) = shape(canvas, at, r * 1.1, colour, Some(fill), Line::solid(INK, 1.5));
            canvas.text(text, (at.0, at.1 + dy), Style::new(12.5, Weight::Bold, Align::Center, fill.ink_on()));
        }
    }
}

/// A colour's shape at `(cx, cy)`, filled with `fill` and outlined with `line`; returns the size its letter takes
/// and how far below the middle the letter goes.
fn shape(
    canvas: &mut Canvas,
    (cx, cy): (f32, f32),
    r: f32,
    colour: Colour,
    fill: Option<Rgba>,
    line: Line,
) -> (f32, f32) {
    let line = Some(line);
    let poly = |n: usize, radius: f32, turn: f32| -> Vec<(f32, f32)> {
        (0..n)
            .map(|i| {
                let a = turn + std::f32::consts::TAU * i as f32 / n as f32;
                (cx + radius * a.cos(), cy + radius * a.sin())
            })
            .collect()
    };
    let up = -std::f32::consts::FRAC_PI_2;
    // The letter's size and height offset, for shapes whose middle is not where their room is.
    match colour {
        0 => {
            canvas.circle(cx, cy, r, fill, line);
            (r * 1.05, 0.0)
        }
        1 => {
            canvas.rounded_rect([cx - r * 0.88, cy - r * 0.88, r * 1.76, r * 1.76], r * 0.2, fill, line);
            (r * 1.05, 0.0)
        }
        2 => {
            canvas.polygon(&poly(3, r * 1.3, up), fill, line);
            (r * 0.95, r * 0.22)
        }
        3 => {
            canvas.polygon(&poly(4, r * 1.22, up), fill, line);
            (r * 0.95, 0.0)
        }
        4 => {
            canvas.polygon(&poly(6, r * 1.05, 0.0), fill, line);
            (r * 1.05, 0.0)
        }
        _ => {
            let star: Vec<(f32, f32)> = (0..10)
                .map(|i| {
                    let radius = if i % 2 == 0 { r * 1.38 } else { r * 0.82 };
                    let a = up + std::f32::consts::PI * i as f32 / 5.0;
                    (cx + radius * a.cos(), cy + radius * a.sin())
                })
                .collect();
            canvas.polygon(&star, fill, line);
            (r * 0.9, r * 0.08)
        }
    }
}

/// A label on a light plate, bold and large enough to read on a phone.
pub fn plate(canvas: &mut Canvas, (x, y): (f32, f32), text: &str) {
    let font = 17.0;
    let w = Canvas::text_width(text, font, Weight::Bold) + 10.0;
    let h = font + 7.0;
    canvas.rounded_rect([x - w / 2.0, y - h / 2.0, w, h], 5.0, Some(LABEL_BACK), Some(Line::solid(INK, 1.5)));
    canvas.text(text, (x, y), Style::new(font, Weight::Bold, Align::Center, INK));
}

/// A plank off the board: a short bar in its colour, longer for larger planks, with its size.
pub fn piece(canvas: &mut Canvas, palette: Palette, x: f32, cy: f32, size: u8, colour: Colour) -> f32 {
    let w = piece_width(size);
    let fill = hue(palette, colour);
    canvas.rounded_rect([x, cy - 8.0, w, 16.0], 3.0, Some(fill), Some(Line::solid(INK, 1.2)));
    canvas.text(&size.to_string(), (x + w / 2.0, cy), Style::new(12.0, Weight::Bold, Align::Center, fill.ink_on()));
    w
}

/// How wide [`piece`] draws a plank of `size`.
pub fn piece_width(size: u8) -> f32 {
    14.0 + 6.0 * f32::from(size.min(6))
}

/// The colour a dragon card (`dragon-red`) aims at.
fn target(card: &str) -> Option<Colour> {
    let target = card.strip_prefix("dragon-").and_then(|c| NAMES.iter().position(|&n| n == c));
    target.map(|t| t as Colour)
}

/// How a card is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Plain,
    /// Crossed out: a dragon cancelled it.
    Cancelled,
    /// Greyed: already put in the programme.
    Dimmed,
}

/// A card's face in `[x, y, w, h]`: its name (a dragon in its target's hue, with the colour named), and on tall
/// cards a small picture of the action above the name.
pub fn card(canvas: &mut Canvas, palette: Palette, [x, y, w, h]: [f32; 4], card: &str, face: Face, say: &dyn Say) {
    let target = target(card);
    // Every dragon's face says the same word, over its target's colour.
    let word = say.say("picture-dd-card", &[("card", Arg::Word(if target.is_some() { "dragon" } else { card }))]);
    let radius = (h * 0.12).min(8.0);
    // A cancelled card goes grey with a cross behind its name, which stays readable.
    let (fill, ink) = match face {
        Face::Cancelled => (GREYED, MUTED),
        _ => {
            let fill = target.map_or(Rgba::WHITE, |t| hue(palette, t));
            (fill, fill.ink_on())
        }
    };
    canvas.rounded_rect([x, y, w, h], radius, Some(fill), Some(Line::solid(INK, 1.5)));
    if face == Face::Cancelled {
        let line = Line::solid(INK.with_alpha(100), 2.5);
        canvas.segment((x + 5.0, y + 5.0), (x + w - 5.0, y + h - 5.0), line);
        canvas.segment((x + w - 5.0, y + 5.0), (x + 5.0, y + h - 5.0), line);
    }
    let tall = h >= 80.0;
    let cx = x + w / 2.0;
    let font = if tall { 22.0 } else { 14.0 };
    // Shrunk to the card's width rather than cut: every card's name is short.
    let sized = |text: &str, font: f32| font.min(font * (w - 8.0) / Canvas::text_width(text, font, Weight::Bold));
    if tall {
        icon(canvas, palette, (cx, y + h * 0.36), h * 0.2, card, say);
    }
    match target {
        Some(t) => {
            let (top, bottom) = if tall { (0.7, 0.86) } else { (0.34, 0.7) };
            let f = sized(&word, font * 0.92);
            canvas.text(&word, (cx, y + h * top), Style::new(f, Weight::Bold, Align::Center, ink));
            let colour = say.say("dd-colour-name", &[("colour", Arg::Word(name(t)))]);
            let f = sized(&colour, font * 0.85);
            canvas.text(&colour, (cx, y + h * bottom), Style::new(f, Weight::Regular, Align::Center, ink));
        }
        None => {
            let at = if tall { y + h * 0.76 } else { y + h / 2.0 };
            canvas.text(&word, (cx, at), Style::new(sized(&word, font), Weight::Bold, Align::Center, ink));
        }
    }
    if face == Face::Dimmed {
        canvas.rounded_rect([x, y, w, h], radius, Some(GREYED.with_alpha(200)), None);
    }
}

/// A card's back: the same slate pattern on every card, whatever is on the other side.
pub fn back(canvas: &mut Canvas, [x, y, w, h]: [f32; 4]) {
    let radius = (h * 0.12).min(8.0);
    canvas.rounded_rect([x, y, w, h], radius, Some(BACK), Some(Line::solid(INK, 1.5)));
    let pale = BACK.mix(Rgba::WHITE, 0.45);
    let (l, t, r, b) = (x + 4.0, y + 4.0, x + w - 4.0, y + h - 4.0);
    canvas.polygon(&[(l, t), (r, t), (r, b), (l, b)], None, Some(Line::solid(pale, 1.2)));
    let (cx, cy, s) = (x + w / 2.0, y + h / 2.0, h * 0.28);
    canvas.polygon(
        &[(cx, cy - s), (cx + s * 1.4, cy), (cx, cy + s), (cx - s * 1.4, cy)],
        None,
        Some(Line::solid(pale, 1.5)),
    );
    let d = s * 0.4;
    canvas.polygon(&[(cx, cy - d), (cx + d * 1.4, cy), (cx, cy + d), (cx - d * 1.4, cy)], Some(pale), None);
}

/// A small picture of a card's action, centred at `c` and about `s` in half-size.
fn icon(canvas: &mut Canvas, palette: Palette, (cx, cy): (f32, f32), s: f32, card: &str, say: &dyn Say) {
    let pebble = Rgba::rgb(0x7D, 0x83, 0x8A);
    let wood = Rgba::rgb(0xA8, 0x7B, 0x4F);
    let outline = Some(Line::solid(INK, 1.5));
    let bar = |canvas: &mut Canvas, dy: f32| {
        canvas.rounded_rect([cx - s * 1.3, cy + dy - s * 0.22, s * 2.6, s * 0.44], 2.0, Some(wood), outline);
    };
    let arrow = |canvas: &mut Canvas, from: (f32, f32), to: (f32, f32)| canvas.arrow(from, to, INK, s * 0.16);
    match card {
        "stone" => canvas.circle(cx, cy, s * 0.6, Some(pebble), outline),
        "stones-2" => {
            canvas.circle(cx - s * 0.55, cy, s * 0.55, Some(pebble), outline);
            canvas.circle(cx + s * 0.55, cy, s * 0.55, Some(pebble), outline);
        }
        "plank" => bar(canvas, 0.0),
        "planks-2" => {
            bar(canvas, -s * 0.35);
            bar(canvas, s * 0.35);
        }
        "take" => {
            bar(canvas, s * 0.55);
            arrow(canvas, (cx, cy + s * 0.25), (cx, cy - s * 0.95));
        }
        "move" => arrow(canvas, (cx - s * 1.2, cy), (cx + s * 1.2, cy)),
        "move-2" => {
            arrow(canvas, (cx - s * 1.3, cy - s * 0.35), (cx + s * 1.1, cy - s * 0.35));
            arrow(canvas, (cx - s * 1.1, cy + s * 0.35), (cx + s * 1.3, cy + s * 0.35));
        }
        "jump" => {
            canvas.circle(cx, cy + s * 0.5, s * 0.3, Some(MUTED), None);
            let mut pb = tiny_skia::PathBuilder::new();
            pb.move_to(cx - s * 1.2, cy + s * 0.6);
            pb.quad_to(cx, cy - s * 1.4, cx + s * 0.95, cy + s * 0.2);
            if let Some(path) = pb.finish() {
                canvas.path(&path, None, Some(Line::solid(INK, s * 0.16)));
            }
            arrow(canvas, (cx + s * 0.8, cy), (cx + s * 1.2, cy + s * 0.65));
        }
        _ => {
            if let Some(t) = target(card) {
                canvas.circle(cx, cy, s * 1.05, Some(Rgba::WHITE), outline);
                mark(canvas, palette, (cx, cy), s * 0.72, (t, &letter(t, say)), 255, Line::solid(INK, 1.5));
            }
        }
    }
}
