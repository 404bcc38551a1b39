//! Boards: ten meridians of 4 or 5 cities, the cities grouped into islands, some of them capitals (spec §1.2).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Meridians are numbered 1 to this, west to east.
pub const MERIDIANS: u8 = 10;
/// The most cities a meridian holds (the 5-city side).
pub const MAX_ROWS: u8 = 5;

/// The 5-city side, for 2 and 4 players.
pub const STANDARD_5: [&str; 5] = ["aaAaabbBbb", "cccddDdeee", "fFfffgggGg", "hhhiiijjJj", "kkKklllmmm"];
/// The 4-city side, for 3 players.
pub const STANDARD_4: [&str; 4] = ["aAaaabbbBb", "cccdddEeee", "fffgGgghhh", "iIiijjjkkk"];

/// A city, written `m.r`: meridian `m` (1–10) and row `r` (1 = northernmost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct City {
    pub meridian: u8,
    pub row: u8,
}

impl fmt::Display for City {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.meridian, self.row)
    }
}

/// A valid board. Each cell holds its island letter, upper case on a capital.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<String>", into = "Vec<String>")]
pub struct Board {
    rows: u8,
    cells: [[u8; MERIDIANS as usize]; MAX_ROWS as usize],
}

/// Why a board grid or name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("unknown board {0:?} (use \"standard-5\", \"standard-4\" or a grid of row strings)")]
    UnknownName(String),
    #[error("a board has 4 or 5 rows, this grid has {0}")]
    RowCount(usize),
    #[error("board row {row} has {len} characters, every row has 10 (one per meridian)")]
    RowLength { row: usize, len: usize },
    #[error("board row {row}, meridian {meridian}: {found:?} is not an island letter (a-z, A-Z for a capital)")]
    NotALetter { row: usize, meridian: usize, found: char },
}

impl Board {
    pub fn standard_5() -> Board {
        Board::from_grid(&STANDARD_5).expect("the standard board is valid")
    }

    pub fn standard_4() -> Board {
        Board::from_grid(&STANDARD_4).expect("the standard board is valid")
    }

    /// A standard board by its record name.
    pub fn named(name: &str) -> Result<Board, BoardError> {
        match name {
            "standard-5" => Ok(Board::standard_5()),
            "standard-4" => Ok(Board::standard_4()),
            _ => Err(BoardError::UnknownName(name.to_string())),
        }
    }

    /// The standard board that suits a player count: 4 rows for 3 players, 5 otherwise.
    pub fn standard_for(players: usize) -> Board {
        if players == 3 {
            Board::standard_4()
        } else {
            Board::standard_5()
        }
    }

    /// Whether the board suits a player count: as many rows as the standard board for it.
    pub fn suits(&self, players: usize) -> bool {
        self.rows() == Board::standard_for(players).rows()
    }

    /// A board from its grid, north row first.
    pub fn from_grid<S: AsRef<str>>(grid: &[S]) -> Result<Board, BoardError> {
        if !(4..=MAX_ROWS as usize).contains(&grid.len()) {
            return Err(BoardError::RowCount(grid.len()));
        }
        let mut cells = [[0u8; MERIDIANS as usize]; MAX_ROWS as usize];
        for (r, line) in grid.iter().enumerate() {
            let line = line.as_ref();
            let len = line.chars().count();
            if len != MERIDIANS as usize {
                return Err(BoardError::RowLength { row: r + 1, len });
            }
            for (m, ch) in line.chars().enumerate() {
                if !ch.is_ascii_alphabetic() {
                    return Err(BoardError::NotALetter { row: r + 1, meridian: m + 1, found: ch });
                }
                cells[r][m] = ch as u8;
            }
        }
        Ok(Board { rows: grid.len() as u8, cells })
    }

    /// The grid, north row first.
    pub fn grid(&self) -> Vec<String> {
        (0..self.rows as usize).map(|r| self.cells[r].iter().map(|&b| b as char).collect()).collect()
    }

    /// `"standard-5"` or `"standard-4"` when this is a standard board.
    pub fn standard_name(&self) -> Option<&'static str> {
        if *self == Board::standard_5() {
            Some("standard-5")
        } else if *self == Board::standard_4() {
            Some("standard-4")
        } else {
            None
        }
    }

    /// Cities per meridian.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    pub fn contains(&self, city: City) -> bool {
        (1..=MERIDIANS).contains(&city.meridian) && (1..=self.rows).contains(&city.row)
    }

    fn cell(&self, city: City) -> u8 {
        self.cells[city.row as usize - 1][city.meridian as usize - 1]
    }

    /// The island letter (lower case) of a city on the board.
    pub fn island(&self, city: City) -> char {
        self.cell(city).to_ascii_lowercase() as char
    }

    pub fn is_capital(&self, city: City) -> bool {
        self.cell(city).is_ascii_uppercase()
    }

    /// Every city, meridian by meridian, north to south.
    pub fn cities(&self) -> impl Iterator<Item = City> + '_ {
        (1..=MERIDIANS).flat_map(move |meridian| (1..=self.rows).map(move |row| City { meridian, row }))
    }
}

impl TryFrom<Vec<String>> for Board {
    type Error = BoardError;

    fn try_from(grid: Vec<String>) -> Result<Board, BoardError> {
        Board::from_grid(&grid)
    }
}

impl From<Board> for Vec<String> {
    fn from(board: Board) -> Vec<String> {
        board.grid()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The island letters in use, sorted.
    fn islands(board: &Board) -> Vec<char> {
        let mut letters: Vec<char> = board.cities().map(|c| board.island(c)).collect();
        letters.sort_unstable();
        letters.dedup();
        letters
    }

    #[test]
    fn standard_boards_match_the_spec_reading() {
        let five = Board::standard_5();
        assert_eq!(five.rows(), 5);
        assert_eq!(islands(&five).len(), 13);
        let four = Board::standard_4();
        assert_eq!(islands(&four).len(), 11);
        for board in [five, four] {
            for island in islands(&board) {
                let cities: Vec<City> = board.cities().filter(|&c| board.island(c) == island).collect();
                assert!((3..=5).contains(&cities.len()), "island {island}");
                let capitals = cities.iter().filter(|&&c| board.is_capital(c)).count();
                assert_eq!(capitals, usize::from(cities.len() >= 4), "island {island}");
            }
        }
        let capital = City { meridian: 6, row: 2 };
        assert!(five.is_capital(capital));
        assert_eq!(five.island(capital), 'd');
        assert_eq!(Board::named("standard-4"), Ok(four));
        assert_eq!(four.standard_name(), Some("standard-4"));
        assert_eq!(five.grid(), STANDARD_5);
    }

    #[test]
    fn bad_grids_are_refused_with_the_reason() {
        assert_eq!(Board::from_grid(&["aaaaaaaaaa"; 3]), Err(BoardError::RowCount(3)));
        assert_eq!(
            Board::from_grid(&["aaaaaaaaaa", "aaaaaaaaa", "aaaaaaaaaa", "aaaaaaaaaa"]),
            Err(BoardError::RowLength { row: 2, len: 9 })
        );
        assert_eq!(
            Board::from_grid(&["aaaaaaaaaa", "aaaaaaaaaa", "aaa1aaaaaa", "aaaaaaaaaa"]),
            Err(BoardError::NotALetter { row: 3, meridian: 4, found: '1' })
        );
        assert!(matches!(Board::named("standard-6"), Err(BoardError::UnknownName(_))));
        let custom = Board::from_grid(&["ABCDEFGHIJ", "abcdefghij", "abcdefghij", "zzzzzzzzzz"]).unwrap();
        assert_eq!(islands(&custom).len(), 11);
        assert_eq!(custom.standard_name(), None);
    }
}
