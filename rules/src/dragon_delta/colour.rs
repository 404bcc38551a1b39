//! The six colours, their villages' order around the board, who plays which, and each colour's goal.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's colour, in the order of the villages clockwise from the top (dragon-delta.md §1). Supports are
/// ordered by it too (record.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Black,
    Blue,
    Green,
    White,
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 6] =
        [Colour::Red, Colour::Black, Colour::Blue, Colour::Green, Colour::White, Colour::Yellow];

    /// The village a pawn of this colour must reach: the one opposite its start **[reading]**.
    pub fn goal(self) -> Colour {
        match self {
            Colour::Red => Colour::Green,
            Colour::Green => Colour::Red,
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
            Colour::Blue => Colour::Yellow,
            Colour::Yellow => Colour::Blue,
        }
    }

    /// The colours in play for `players` players, in seat order (seat 0 first); `None` outside 2–6.
    pub fn in_play(players: usize) -> Option<&'static [Colour]> {
        use Colour::*;
        Some(match players {
            2 => &[White, Black],
            3 => &[Red, Blue, White],
            4 => &[Red, Green, Blue, Yellow],
            5 => &[Red, Green, Blue, Yellow, White],
            6 => &[Red, Black, Blue, Green, White, Yellow],
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::White => "white",
            Colour::Yellow => "yellow",
        }
    }

    /// The colour named `name` ("red", …).
    pub fn named(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Its place in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_are_opposite_and_every_count_seats_distinct_colours() {
        for c in Colour::ALL {
            assert_eq!(c.goal().goal(), c);
            assert_ne!(c.goal(), c);
            assert_eq!(Colour::named(c.name()), Some(c));
            // Opposite villages are three places apart around the board.
            assert_eq!((c.index() + 3) % 6, c.goal().index());
        }
        for players in 2..=6 {
            let colours = Colour::in_play(players).unwrap();
            assert_eq!(colours.len(), players);
            let mut sorted = colours.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), players);
        }
        assert_eq!(Colour::in_play(1), None);
        assert_eq!(Colour::in_play(7), None);
    }
}
