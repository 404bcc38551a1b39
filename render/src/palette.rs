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

/// A seat's colour and shape (seats beyond the fourth repeat them).
pub fn seat(seat: u8) -> (Rgba, Shape) {
    const SEATS: [(Rgba, Shape); 4] = [
        (Rgba::rgb(0xE6, 0x9F, 0x00), Shape::Circle),   // orange
        (Rgba::rgb(0x00, 0x72, 0xB2), Shape::Square),   // blue
        (Rgba::rgb(0x00, 0x9E, 0x73), Shape::Triangle), // bluish green
        (Rgba::rgb(0xCC, 0x79, 0xA7), Shape::Diamond),  // reddish purple
    ];
    SEATS[usize::from(seat) % SEATS.len()]
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
pub fn seat_mark(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, seat: u8, initial: char, alpha: u8) {
    let (colour, shape) = self::seat(seat);
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
