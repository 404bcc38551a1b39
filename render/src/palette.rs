//! Seat colours and shapes. Colours are from Okabe & Ito's palette for colour-blind viewers; each seat also has its
//! own shape and the player's initial, so no one depends on colour alone.

use crate::canvas::{Align, Canvas, Line, Rgba, Style, Weight};

/// How a seat is marked on every image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
}

/// The colours a picture draws its players in, as its reader chose (`/settings colours`, or a game's host for its
/// thread). Both mark every seat with its own shape and the player's initial besides its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Palette {
    /// Okabe & Ito's colours, as the pictures have always been drawn.
    #[default]
    Standard,
    /// Colours that stay apart under protanopia, deuteranopia and tritanopia as well as with normal vision
    /// (`tests/colour_vision.rs` holds every pair of seats to a CIEDE2000 difference of at least 20 under each):
    /// light and dark seats alternate, so lightness alone tells them apart. Where the standard pictures tell players
    /// by colour alone, the safe ones add each seat's shape too.
    Safe,
}

impl Palette {
    /// Both palettes, standard first.
    pub const ALL: [Palette; 2] = [Palette::Standard, Palette::Safe];

    /// The palette's name, as settings store and commands offer it.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Standard => "standard",
            Palette::Safe => "safe",
        }
    }

    /// The palette named `name`, if there is one.
    pub fn named(name: &str) -> Option<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The seats' colours in seat order (seats beyond the fourth repeat them).
    pub fn seat_colours(self) -> [Rgba; 4] {
        match self {
            // Orange, blue, bluish green, reddish purple.
            Palette::Standard => [
                Rgba::rgb(0xE6, 0x9F, 0x00),
                Rgba::rgb(0x00, 0x72, 0xB2),
                Rgba::rgb(0x00, 0x9E, 0x73),
                Rgba::rgb(0xCC, 0x79, 0xA7),
            ],
            // Okabe & Ito's orange, a dark blue, a sky blue and a brick red: light, dark, light, dark.
            Palette::Safe => [
                Rgba::rgb(0xE6, 0x9F, 0x00),
                Rgba::rgb(0x00, 0x44, 0xAA),
                Rgba::rgb(0x88, 0xCC, 0xEE),
                Rgba::rgb(0x99, 0x33, 0x11),
            ],
        }
    }

    /// A seat's colour and shape.
    pub fn seat(self, seat: u8) -> (Rgba, Shape) {
        const SHAPES: [Shape; 4] = [Shape::Circle, Shape::Square, Shape::Triangle, Shape::Diamond];
        let seat = usize::from(seat) % SHAPES.len();
        (self.seat_colours()[seat], SHAPES[seat])
    }
}

pub const INK: Rgba = Rgba::rgb(0x22, 0x22, 0x2A);
pub const MUTED: Rgba = Rgba::rgb(0x6B, 0x6B, 0x75);
pub const PAPER: Rgba = Rgba::rgb(0xFA, 0xF7, 0xF0);
pub const SEA: Rgba = Rgba::rgb(0xC6, 0xDD, 0xEA);
pub const COAST: Rgba = Rgba::rgb(0x8C, 0x7A, 0x55);
pub const HIGHLIGHT: Rgba = Rgba::rgb(0xFF, 0xD4, 0x00);
pub const PUSH: Rgba = Rgba::rgb(0xC0, 0x1C, 0x28);
/// Land tints; neighbouring islands get different ones.
pub const LAND: [Rgba; 5] = [
    Rgba::rgb(0xEB, 0xDD, 0xB0),
    Rgba::rgb(0xD3, 0xE2, 0xAE),
    Rgba::rgb(0xF0, 0xCF, 0xA4),
    Rgba::rgb(0xC7, 0xDB, 0xC0),
    Rgba::rgb(0xE6, 0xD4, 0xBE),
];

/// A seat's mark: its shape in its colour with the player's initial.
pub fn seat_mark(
    canvas: &mut Canvas,
    palette: Palette,
    (cx, cy): (f32, f32),
    r: f32,
    seat: u8,
    initial: char,
    alpha: u8,
) {
    let (colour, shape) = palette.seat(seat);
    let fill = Some(colour.with_alpha(alpha));
    let line = Some(Line::solid(INK.with_alpha(alpha), 2.0));
    match shape {
        Shape::Circle => canvas.circle(cx, cy, r, fill, line),
        Shape::Square => canvas.rounded_rect([cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8], 3.0, fill, line),
        Shape::Triangle => canvas.polygon(
            &[(cx, cy - r * 1.15), (cx + r * 1.15, cy + r * 0.8), (cx - r * 1.15, cy + r * 0.8)],
            fill,
            line,
        ),
        Shape::Diamond => canvas.polygon(
            &[(cx, cy - r * 1.2), (cx + r * 1.2, cy), (cx, cy + r * 1.2), (cx - r * 1.2, cy)],
            fill,
            line,
        ),
    }
    let dy = if shape == Shape::Triangle { r * 0.2 } else { 0.0 };
    let ink = colour.ink_on().with_alpha(alpha);
    canvas.text(
        &initial.to_uppercase().to_string(),
        (cx, cy + dy),
        Style::new(r * 1.05, Weight::Bold, Align::Center, ink),
    );
}
