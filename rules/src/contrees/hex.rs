//! The hex geometry of Contrées (record.md): land positions in axial coordinates, spots (the corners of lands), and
//! walls (the edges of lands, joining two spots).
//!
//! Lands are pointy-top hexagons; the six neighbours of `[q, r]` are `[q+1, r]`, `[q-1, r]`, `[q+1, r-1]`,
//! `[q, r-1]`, `[q, r+1]`, `[q-1, r+1]`, and `r` grows southwards. Every corner is the top (`N`) or the bottom (`S`)
//! corner of exactly one land position, which is how a spot is written.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a land lies (or may be laid): `[q, r]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Land {
    pub q: i32,
    pub r: i32,
}

impl From<(i32, i32)> for Land {
    fn from((q, r): (i32, i32)) -> Land {
        Land { q, r }
    }
}

impl From<Land> for (i32, i32) {
    fn from(l: Land) -> (i32, i32) {
        (l.q, l.r)
    }
}

impl fmt::Display for Land {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.q, self.r)
    }
}

/// The top or the bottom corner of a land position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Corner {
    N,
    S,
}

/// Where a tower stands (or may): a corner, written `[q, r, "N"|"S"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "(i32, i32, Corner)", into = "(i32, i32, Corner)")]
pub struct Spot {
    pub q: i32,
    pub r: i32,
    pub corner: Corner,
}

impl From<(i32, i32, Corner)> for Spot {
    fn from((q, r, corner): (i32, i32, Corner)) -> Spot {
        Spot { q, r, corner }
    }
}

impl From<Spot> for (i32, i32, Corner) {
    fn from(s: Spot) -> (i32, i32, Corner) {
        (s.q, s.r, s.corner)
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}, {:?}]", self.q, self.r, self.corner)
    }
}

const fn land(q: i32, r: i32) -> Land {
    Land { q, r }
}

const fn north(q: i32, r: i32) -> Spot {
    Spot { q, r, corner: Corner::N }
}

const fn south(q: i32, r: i32) -> Spot {
    Spot { q, r, corner: Corner::S }
}

impl Land {
    /// The six land positions sharing an edge with this one.
    pub fn neighbours(self) -> [Land; 6] {
        let Land { q, r } = self;
        [land(q + 1, r), land(q - 1, r), land(q + 1, r - 1), land(q, r - 1), land(q, r + 1), land(q - 1, r + 1)]
    }

    /// Its six spots, clockwise from the top: consecutive ones (and the last with the first) are joined by a wall.
    pub fn spots(self) -> [Spot; 6] {
        let Land { q, r } = self;
        [north(q, r), south(q + 1, r - 1), north(q, r + 1), south(q, r), north(q - 1, r + 1), south(q, r - 1)]
    }
}

impl Spot {
    /// The three land positions meeting at this corner.
    pub fn lands(self) -> [Land; 3] {
        let Spot { q, r, corner } = self;
        match corner {
            Corner::N => [land(q, r), land(q, r - 1), land(q + 1, r - 1)],
            Corner::S => [land(q, r), land(q - 1, r + 1), land(q, r + 1)],
        }
    }

    /// The three edges leaving this corner: the spot at the other end, and the two land positions the edge lies
    /// between (it is a wall when either of them is laid).
    pub fn edges(self) -> [(Spot, [Land; 2]); 3] {
        let Spot { q, r, corner } = self;
        match corner {
            Corner::N => [
                (south(q, r - 1), [land(q, r), land(q, r - 1)]),
                (south(q + 1, r - 1), [land(q, r), land(q + 1, r - 1)]),
                (south(q + 1, r - 2), [land(q, r - 1), land(q + 1, r - 1)]),
            ],
            Corner::S => [
                (north(q - 1, r + 1), [land(q, r), land(q - 1, r + 1)]),
                (north(q, r + 1), [land(q, r), land(q, r + 1)]),
                (north(q - 1, r + 2), [land(q - 1, r + 1), land(q, r + 1)]),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_neighbours_agree() {
        for q in -3..=3 {
            for r in -3..=3 {
                let here = land(q, r);
                let spots = here.spots();
                for (i, spot) in spots.iter().enumerate() {
                    assert!(spot.lands().contains(&here), "{spot} is a corner of {here}");
                    // The wall to the next corner lies between this land and one neighbour, both ways round.
                    let next = spots[(i + 1) % 6];
                    let (_, between) = spot.edges().into_iter().find(|(to, _)| *to == next).expect("an edge");
                    assert!(between.contains(&here));
                    let other = between.into_iter().find(|l| *l != here).unwrap();
                    assert!(here.neighbours().contains(&other));
                    let back = next.edges().into_iter().find(|(to, _)| to == spot).expect("the edge back");
                    assert_eq!(back.1.iter().collect::<std::collections::BTreeSet<_>>(), between.iter().collect());
                }
                // A neighbour shares exactly two corners.
                for n in here.neighbours() {
                    let shared = n.spots().iter().filter(|s| spots.contains(s)).count();
                    assert_eq!(shared, 2, "{here} and {n}");
                }
            }
        }
    }

    #[test]
    fn spots_and_lands_read_and_write_as_the_record_does() {
        let spot: Spot = serde_json::from_str(r#"[0, -1, "S"]"#).unwrap();
        assert_eq!(spot, south(0, -1));
        assert_eq!(serde_json::to_string(&spot).unwrap(), r#"[0,-1,"S"]"#);
        assert_eq!(serde_json::to_string(&land(1, -1)).unwrap(), "[1,-1]");
    }
}
