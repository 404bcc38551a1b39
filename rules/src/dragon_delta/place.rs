//! Where a pawn stands: a village, or a laid plank named by its two supports (record.md: `"red"` or `[A, B]`, ends in
//! either order, kept in support order).

use super::board::Support;
use super::colour::Colour;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A plank's two ends, in support order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ends(Support, Support);

impl Ends {
    /// The ends of a plank between `a` and `b`, in either order.
    #[inline]
    pub fn new(a: Support, b: Support) -> Ends {
        if a <= b {
            Ends(a, b)
        } else {
            Ends(b, a)
        }
    }

    #[inline]
    pub fn pair(self) -> [Support; 2] {
        [self.0, self.1]
    }

    #[inline]
    pub fn touches(self, s: Support) -> bool {
        self.0 == s || self.1 == s
    }

    /// The end other than `s` (`s` must be one of them).
    #[inline]
    pub fn other(self, s: Support) -> Support {
        if self.0 == s {
            self.1
        } else {
            self.0
        }
    }

    /// The support two planks share, if any.
    #[inline]
    pub fn shared(self, other: Ends) -> Option<Support> {
        self.pair().into_iter().find(|&s| other.touches(s))
    }
}

impl Serialize for Ends {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.pair().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Ends {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ends, D::Error> {
        let [a, b] = <[Support; 2]>::deserialize(d)?;
        Ok(Ends::new(a, b))
    }
}

impl fmt::Display for Ends {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |s: Support| match s {
            Support::Village(c) => c.to_string(),
            Support::Island(n) => n.to_string(),
        };
        write!(f, "{}–{}", name(self.0), name(self.1))
    }
}

/// A pawn's place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Place {
    Village(Colour),
    Plank(Ends),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Village(c) => write!(f, "the {c} village"),
            Place::Plank(e) => write!(f, "the plank {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_in_either_order_and_write_in_support_order() {
        let plank: Place = serde_json::from_str(r#"[19, "green"]"#).unwrap();
        assert_eq!(plank, Place::Plank(Ends::new(Support::Village(Colour::Green), Support::Island(19))));
        assert_eq!(serde_json::to_string(&plank).unwrap(), r#"["green",19]"#);
        let village: Place = serde_json::from_str(r#""red""#).unwrap();
        assert_eq!(village, Place::Village(Colour::Red));
        let ends = Ends::new(Support::Island(5), Support::Island(19));
        assert_eq!(ends.other(Support::Island(5)), Support::Island(19));
        assert_eq!(ends.shared(Ends::new(Support::Island(19), Support::Island(3))), Some(Support::Island(19)));
    }
}
