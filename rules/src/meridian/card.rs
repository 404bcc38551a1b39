//! Cards: ten meridian cards `1`…`10` and three range cards `1-2-3`, `4-5-6-7`, `8-9-10`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One card; it allows the meridians `lo..=hi`. Only the thirteen real cards can be built. Cards sort as in
/// [`Card::ALL`]: meridian cards, then range cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Card {
    lo: u8,
    hi: u8,
}

impl Card {
    /// The thirteen cards of one colour, in the order of an unshuffled deck.
    pub const ALL: [Card; 13] = [
        Card::single(1),
        Card::single(2),
        Card::single(3),
        Card::single(4),
        Card::single(5),
        Card::single(6),
        Card::single(7),
        Card::single(8),
        Card::single(9),
        Card::single(10),
        Card { lo: 1, hi: 3 },
        Card { lo: 4, hi: 7 },
        Card { lo: 8, hi: 10 },
    ];

    const fn single(m: u8) -> Card {
        Card { lo: m, hi: m }
    }

    /// The meridians this card allows, west to east.
    pub fn meridians(self) -> std::ops::RangeInclusive<u8> {
        self.lo..=self.hi
    }

    /// The meridians it reaches, as bits (bit m for meridian m), like an island's
    /// [`meridians`](super::score::Tally::meridians).
    pub(crate) fn reach(self) -> u16 {
        (u16::MAX >> (15 - self.hi)) & (u16::MAX << self.lo)
    }

    pub fn allows(self, meridian: u8) -> bool {
        self.meridians().contains(&meridian)
    }

    pub fn is_range(self) -> bool {
        self.lo != self.hi
    }

    /// Position of this card in [`Card::ALL`].
    pub fn index(self) -> usize {
        Card::ALL.iter().position(|&c| c == self).expect("only real cards exist")
    }
}

impl Ord for Card {
    fn cmp(&self, other: &Card) -> std::cmp::Ordering {
        (self.is_range(), self.lo).cmp(&(other.is_range(), other.lo))
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Card) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.lo)?;
        for m in self.lo + 1..=self.hi {
            write!(f, "-{m}")?;
        }
        Ok(())
    }
}

/// A card name that is not one of the thirteen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown card {0:?} (cards are \"1\" to \"10\", \"1-2-3\", \"4-5-6-7\", \"8-9-10\")")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;

    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        Card::ALL.into_iter().find(|c| c.to_string() == s.trim()).ok_or_else(|| UnknownCard(s.to_string()))
    }
}

impl TryFrom<String> for Card {
    type Error = UnknownCard;

    fn try_from(s: String) -> Result<Card, UnknownCard> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_ranges_allow_their_meridians() {
        for c in Card::ALL {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        let mid: Card = "4-5-6-7".parse().unwrap();
        assert!(mid.is_range());
        assert_eq!(mid.meridians().collect::<Vec<_>>(), [4, 5, 6, 7]);
        assert!(!mid.allows(8));
        let mut sorted = Card::ALL;
        sorted.reverse();
        sorted.sort();
        assert_eq!(sorted, Card::ALL);
        let ten: Card = "10".parse().unwrap();
        assert!(ten.allows(10) && !ten.allows(1));
    }

    #[test]
    fn a_cards_reach_has_the_bits_of_the_meridians_it_allows() {
        assert_eq!("4-5-6-7".parse::<Card>().unwrap().reach(), 0b1111_0000);
        for c in Card::ALL {
            for m in 0..16 {
                assert_eq!(c.reach() & 1 << m != 0, c.allows(m), "{c} on meridian {m}");
            }
        }
    }

    #[test]
    fn unknown_names_are_refused() {
        for bad in ["0", "11", "1-2", "4-7", "", "x"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        let err = serde_json::from_str::<Card>("\"11\"").unwrap_err();
        assert!(err.to_string().contains("unknown card \"11\""), "{err}");
    }
}
