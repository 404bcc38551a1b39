//! A move, in the record's words (record.md): a card, and on a meridian it allows an optional take-back and an
//! optional new tower. Neither is a pass.

use super::card::Card;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A new tower: its floors and its row on the move's meridian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub height: u8,
    pub row: u8,
}

/// One turn of Meridian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub card: Card,
    /// Required with `take_back` or `place`. A pass may name one too, if the card allows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meridian: Option<u8>,
    /// The row of the mover's own tower taken back first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_back: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<Placement>,
}

impl Move {
    pub fn pass(card: Card) -> Move {
        Move { card, meridian: None, take_back: None, place: None }
    }

    pub fn is_pass(&self) -> bool {
        self.take_back.is_none() && self.place.is_none()
    }

    /// The same move without what does not change its effect: a pass's meridian, when the card allows it (one it
    /// does not allow makes the move illegal, so it stays).
    pub fn canonical(mut self) -> Move {
        if self.is_pass() && self.meridian.is_some_and(|m| self.card.allows(m)) {
            self.meridian = None;
        }
        self
    }
}

/// Short form for logs and menus: `6 on 6: take back 6.1, place 3 at 6.2`, or `pass (10)`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = match self.meridian {
            Some(m) if !self.is_pass() => m,
            _ => return write!(f, "pass ({})", self.card),
        };
        write!(f, "{} on {m}:", self.card)?;
        if let Some(row) = self.take_back {
            write!(f, " take back {m}.{row}")?;
            if self.place.is_some() {
                f.write_str(",")?;
            }
        }
        if let Some(p) = self.place {
            write!(f, " place {} at {m}.{}", p.height, p.row)?;
        }
        Ok(())
    }
}
