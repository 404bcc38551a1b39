//! Seat colours and shapes. Colours are from Okabe & Ito's palette for colour-blind viewers; each seat also has its
//! own shape and the player's initial, so no one depends on colour alone.

use crate::canvas::Rgba;

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
