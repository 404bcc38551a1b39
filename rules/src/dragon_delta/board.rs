//! The river as data (dragon-delta.md §2): six villages and 27 islands, points in hundredths of a plank, and the
//! supports planks rest on, named as the record names them (a village by its colour, an island by its number).

use super::colour::Colour;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Islands on every board.
pub const ISLANDS: usize = 27;
/// Coordinates lie within ±100 plank units, written in hundredths.
const LIMIT: i64 = 100 * 100;
/// Any two points at least 0.6 apart (so that discs of radius 0.3 never overlap).
const SPACING: i64 = 60;

/// A point in hundredths of a plank, y up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    pub x: i64,
    pub y: i64,
}

impl Point {
    #[inline]
    pub fn minus(self, other: Point) -> Point {
        Point { x: self.x - other.x, y: self.y - other.y }
    }

    /// Squared length, in hundredths squared.
    #[inline]
    pub fn norm2(self) -> i64 {
        self.x * self.x + self.y * self.y
    }
}

/// Where a plank may rest: a village, or an island (1–27) with a stone on it. Ordered villages first in colour
/// order, then islands by number (record.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Support {
    Village(Colour),
    Island(u8),
}

impl Serialize for Support {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Support::Village(c) => c.serialize(s),
            Support::Island(n) => n.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Support {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Support, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Named {
            Village(Colour),
            Island(u8),
        }
        Ok(match Named::deserialize(d)? {
            Named::Village(c) => Support::Village(c),
            Named::Island(n) => Support::Island(n),
        })
    }
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Support::Village(c) => write!(f, "the {c} village"),
            Support::Island(n) => write!(f, "island {n}"),
        }
    }
}

/// A board as a record writes it: `"standard"` or its points in plank units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BoardSpec {
    Name(String),
    Points { villages: BTreeMap<Colour, [f64; 2]>, islands: Vec<[f64; 2]> },
}

/// Why a board cannot be played on.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BoardError {
    #[error("board: {0:?} is not a board name (only \"standard\")")]
    UnknownName(String),
    #[error("board: the {0} village is missing")]
    MissingVillage(Colour),
    #[error("board: a board has {ISLANDS} islands, not {0}")]
    IslandCount(usize),
    #[error("board: {0} is not a multiple of 0.01 within -100…100")]
    BadCoordinate(f64),
    #[error("board: {0} and {1} are closer than 0.6")]
    TooClose(Support, Support),
}

/// The river: where each village and island is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// By colour, in [`Colour::ALL`] order.
    villages: [(i64, i64); 6],
    islands: Vec<(i64, i64)>,
}

/// The standard board of dragon-delta.md §2, in hundredths.
const STANDARD_VILLAGES: [(i64, i64); 6] = [(0, 650), (563, 325), (563, -325), (0, -650), (-563, -325), (-563, 325)];
const STANDARD_ISLANDS: [(i64, i64); ISLANDS] = [
    (-15, 505),
    (-190, 488),
    (-327, 409),
    (-109, 342),
    (93, 320),
    (-429, 266),
    (-242, 266),
    (-149, 258),
    (231, 240),
    (445, 239),
    (-324, 80),
    (518, 79),
    (351, 77),
    (298, 0),
    (351, -77),
    (518, -79),
    (-324, -80),
    (445, -239),
    (231, -240),
    (-149, -258),
    (-429, -266),
    (-242, -266),
    (93, -320),
    (-109, -342),
    (-327, -409),
    (-190, -488),
    (-15, -505),
];

/// A coordinate in plank units as hundredths, if it is a multiple of 0.01 within the limits.
fn hundredths(v: f64) -> Result<i64, BoardError> {
    let scaled = v * 100.0;
    let rounded = scaled.round();
    if (scaled - rounded).abs() > 1e-6 || rounded.abs() > LIMIT as f64 {
        return Err(BoardError::BadCoordinate(v));
    }
    Ok(rounded as i64)
}

impl Board {
    pub fn standard() -> Board {
        Board { villages: STANDARD_VILLAGES, islands: STANDARD_ISLANDS.to_vec() }
    }

    /// A board from a record: the standard one, or points that are multiples of 0.01 within ±100, all six villages,
    /// 27 islands, any two points at least 0.6 apart.
    pub fn from_spec(spec: &BoardSpec) -> Result<Board, BoardError> {
        let (villages, islands) = match spec {
            BoardSpec::Name(name) if name == "standard" => return Ok(Board::standard()),
            BoardSpec::Name(name) => return Err(BoardError::UnknownName(name.clone())),
            BoardSpec::Points { villages, islands } => (villages, islands),
        };
        let point = |[x, y]: [f64; 2]| Ok::<_, BoardError>((hundredths(x)?, hundredths(y)?));
        let mut placed = [(0, 0); 6];
        for colour in Colour::ALL {
            let at = villages.get(&colour).ok_or(BoardError::MissingVillage(colour))?;
            placed[colour.index()] = point(*at)?;
        }
        if islands.len() != ISLANDS {
            return Err(BoardError::IslandCount(islands.len()));
        }
        let board = Board { villages: placed, islands: islands.iter().map(|p| point(*p)).collect::<Result<_, _>>()? };
        let supports: Vec<Support> = board.supports().collect();
        for (i, &a) in supports.iter().enumerate() {
            for &b in &supports[i + 1..] {
                if board.at(a).minus(board.at(b)).norm2() < SPACING * SPACING {
                    return Err(BoardError::TooClose(a, b));
                }
            }
        }
        Ok(board)
    }

    /// Where a support is. An island number outside 1–27 is the caller's mistake.
    #[inline]
    pub fn at(&self, support: Support) -> Point {
        let (x, y) = match support {
            Support::Village(c) => self.villages[c.index()],
            Support::Island(n) => self.islands[usize::from(n) - 1],
        };
        Point { x, y }
    }

    /// Whether a support is on this board.
    pub fn has(&self, support: Support) -> bool {
        match support {
            Support::Village(_) => true,
            Support::Island(n) => (1..=self.islands.len()).contains(&usize::from(n)),
        }
    }

    /// Every village and island, in support order.
    pub fn supports(&self) -> impl Iterator<Item = Support> + '_ {
        let islands = (1..=self.islands.len() as u8).map(Support::Island);
        Colour::ALL.into_iter().map(Support::Village).chain(islands)
    }

    /// The islands' numbers.
    pub fn islands(&self) -> impl Iterator<Item = u8> {
        1..=self.islands.len() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard board written out as a record's points.
    fn standard_points() -> (BTreeMap<Colour, [f64; 2]>, Vec<[f64; 2]>) {
        let unit = |(x, y): (i64, i64)| [x as f64 / 100.0, y as f64 / 100.0];
        let villages = Colour::ALL.into_iter().map(|c| (c, unit(STANDARD_VILLAGES[c.index()]))).collect();
        (villages, STANDARD_ISLANDS.iter().copied().map(unit).collect())
    }

    #[test]
    fn boards_are_read_from_records_and_bad_ones_say_why() {
        assert_eq!(Board::from_spec(&BoardSpec::Name("standard".into())), Ok(Board::standard()));
        assert_eq!(Board::from_spec(&BoardSpec::Name("round".into())), Err(BoardError::UnknownName("round".into())));
        let (villages, islands) = standard_points();
        let spec = |villages: &BTreeMap<Colour, [f64; 2]>, islands: &[[f64; 2]]| BoardSpec::Points {
            villages: villages.clone(),
            islands: islands.to_vec(),
        };
        assert_eq!(Board::from_spec(&spec(&villages, &islands)), Ok(Board::standard()));
        assert_eq!(Board::from_spec(&spec(&villages, &islands[1..])), Err(BoardError::IslandCount(26)));
        let mut no_red = villages.clone();
        no_red.remove(&Colour::Red);
        assert_eq!(Board::from_spec(&spec(&no_red, &islands)), Err(BoardError::MissingVillage(Colour::Red)));
        let mut fine = islands.clone();
        fine[0] = [0.005, 1.0];
        assert_eq!(Board::from_spec(&spec(&villages, &fine)), Err(BoardError::BadCoordinate(0.005)));
        fine[0] = [100.01, 1.0];
        assert_eq!(Board::from_spec(&spec(&villages, &fine)), Err(BoardError::BadCoordinate(100.01)));
        let mut close = islands.clone();
        close[1] = [-0.15, 5.6];
        let refused = Board::from_spec(&spec(&villages, &close));
        assert_eq!(refused, Err(BoardError::TooClose(Support::Island(1), Support::Island(2))));
        let json: BoardSpec = serde_json::from_str(r#""standard""#).unwrap();
        assert_eq!(json, BoardSpec::Name("standard".into()));
    }

    #[test]
    fn supports_are_named_and_ordered_as_the_record_says() {
        let red: Support = serde_json::from_str(r#""red""#).unwrap();
        let five: Support = serde_json::from_str("5").unwrap();
        assert_eq!((red, five), (Support::Village(Colour::Red), Support::Island(5)));
        assert_eq!(serde_json::to_string(&[red, five]).unwrap(), r#"["red",5]"#);
        let mut order = vec![Support::Island(2), Support::Village(Colour::Yellow), Support::Village(Colour::Red)];
        order.sort();
        assert_eq!(order, [Support::Village(Colour::Red), Support::Village(Colour::Yellow), Support::Island(2)]);
        let board = Board::standard();
        assert_eq!(board.supports().count(), 33);
        assert!(board.has(Support::Island(27)) && !board.has(Support::Island(28)) && !board.has(Support::Island(0)));
    }
}
