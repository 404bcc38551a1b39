//! The towers standing on one meridian, and how a new tower goes in: rules R1, R2, R3 and R6 with pushing (§4).
//!
//! Two implementations of the same rules live here on purpose: [`Column::place`] builds the resulting meridian and
//! checks it literally, [`Column::for_each_placement`] derives the legal heights of each city directly (fast, for
//! move enumeration). Tests cross-check one against the other on many positions.

use super::board::{City, MAX_ROWS};
use super::error::{Direction, MoveError};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// A tower: its owner and its number of floors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tower {
    pub seat: Seat,
    pub height: u8,
}

/// One tower moved by a push.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pushed {
    pub tower: Tower,
    pub from: City,
    pub to: City,
}

/// The cities of one meridian, north (row 1) first; rows past the board's last stay empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    cities: [Option<Tower>; MAX_ROWS as usize],
}

impl Column {
    pub fn tower(&self, row: u8) -> Option<Tower> {
        self.cities.get(usize::from(row).wrapping_sub(1)).copied().flatten()
    }

    /// The towers with their rows, north to south.
    pub fn towers(&self) -> impl Iterator<Item = (u8, Tower)> + '_ {
        (1..=MAX_ROWS).filter_map(|row| self.tower(row).map(|t| (row, t)))
    }

    pub fn is_empty(&self) -> bool {
        self.cities.iter().all(Option::is_none)
    }

    /// How many towers `seat` has here.
    pub fn count(&self, seat: Seat) -> u8 {
        self.cities.iter().flatten().filter(|t| t.seat == seat).count() as u8
    }

    /// Removes and returns the tower at `row`.
    pub fn take(&mut self, row: u8) -> Option<Tower> {
        self.cities[usize::from(row) - 1].take()
    }

    /// Whether a new tower of `height` may stand on this meridian (numbered `meridian`) at all: at least one
    /// floor, R1 (a first tower has two or more) and R2 (heights differ).
    pub fn check_height(&self, meridian: u8, height: u8) -> Result<(), MoveError> {
        if height == 0 {
            return Err(MoveError::ZeroHeight);
        }
        if self.is_empty() && height < 2 {
            return Err(MoveError::FirstTowerTooLow { meridian });
        }
        if self.cities.iter().flatten().any(|t| t.height == height) {
            return Err(MoveError::HeightTaken { meridian, height });
        }
        Ok(())
    }

    /// Height of the nearest tower north of `row`.
    fn north_of(&self, row: u8) -> Option<u8> {
        (1..row).rev().find_map(|r| self.tower(r)).map(|t| t.height)
    }

    /// Height of the nearest tower south of `row`.
    fn south_of(&self, row: u8, rows: u8) -> Option<u8> {
        (row + 1..=rows).find_map(|r| self.tower(r)).map(|t| t.height)
    }

    /// The first free city from `row` (exclusive) in `direction`: where a push starting at `row` ends.
    fn free_city(&self, row: u8, direction: Direction, rows: u8) -> Option<u8> {
        match direction {
            Direction::North => (1..row).rev().find(|&r| self.tower(r).is_none()),
            Direction::South => (row + 1..=rows).find(|&r| self.tower(r).is_none()),
        }
    }

    /// Places `tower` at `row` of this meridian (numbered `meridian`, with `rows` cities), pushing as §4.1 says, and
    /// returns the towers pushed. Checks R1, R2, R6 and then R3 on the result; R4 and R5 concern the player and are
    /// the caller's. On error the column is unchanged.
    pub fn place(&mut self, meridian: u8, rows: u8, tower: Tower, row: u8) -> Result<Vec<Pushed>, MoveError> {
        let city = City { meridian, row };
        let height = tower.height;
        self.check_height(meridian, height)?;
        let mut result = *self;
        let mut pushed = Vec::new();
        if let Some(first) = self.tower(row) {
            if first.seat == tower.seat {
                return Err(MoveError::OwnTowerInTheWay { city });
            }
            let direction = if height < first.height { Direction::North } else { Direction::South };
            let end = self.free_city(row, direction, rows).ok_or(MoveError::PushedOffBoard { city, direction })?;
            // Every tower of the run row..end moves one city towards `end`, the farthest first.
            let run: Vec<u8> = match direction {
                Direction::North => (end + 1..=row).collect(),
                Direction::South => (row..end).rev().collect(),
            };
            for r in run {
                let to = if direction == Direction::North { r - 1 } else { r + 1 };
                let moved = result.take(r).expect("a run is unbroken");
                result.cities[usize::from(to) - 1] = Some(moved);
                pushed.push(Pushed { tower: moved, from: City { meridian, row: r }, to: City { meridian, row: to } });
            }
        }
        result.cities[usize::from(row) - 1] = Some(tower);
        if !result.is_in_order() {
            return Err(MoveError::OutOfOrder { city, height });
        }
        *self = result;
        Ok(pushed)
    }

    /// R3 and R2: heights strictly decrease from north to south.
    pub fn is_in_order(&self) -> bool {
        let heights: Vec<u8> = self.cities.iter().flatten().map(|t| t.height).collect();
        heights.windows(2).all(|w| w[0] > w[1])
    }

    /// Calls `f(row, height)` for every placement by `seat` that R1, R2, R3 and R6 allow, with heights up to
    /// `max_height`. Heights come from the neighbours directly: between the nearest towers north and south of a
    /// free city; below the pushed tower (pushing north) or above it (pushing south) on an occupied one. Because
    /// heights already decrease southwards, those bounds also keep every height distinct (R2).
    pub fn for_each_placement(&self, seat: Seat, rows: u8, max_height: u8, mut f: impl FnMut(u8, u8)) {
        let min_height = if self.is_empty() { 2 } else { 1 };
        for row in 1..=rows {
            let north = self.north_of(row).unwrap_or(u8::MAX);
            let south = self.south_of(row, rows).unwrap_or(0);
            let mut heights = |above: u8, below: u8| {
                let lo = below.saturating_add(1).max(min_height);
                let hi = above.saturating_sub(1).min(max_height);
                for height in lo..=hi {
                    f(row, height);
                }
            };
            match self.tower(row) {
                None => heights(north, south),
                Some(first) if first.seat != seat => {
                    if self.free_city(row, Direction::North, rows).is_some() {
                        heights(first.height, south);
                    }
                    if self.free_city(row, Direction::South, rows).is_some() {
                        heights(north, first.height);
                    }
                }
                Some(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORANGE: Seat = 0;
    const GREY: Seat = 1;
    const BROWN: Seat = 2;
    const BLACK: Seat = 3;

    fn column(towers: &[(u8, Seat, u8)]) -> Column {
        let mut c = Column::default();
        for &(row, seat, height) in towers {
            c.cities[usize::from(row) - 1] = Some(Tower { seat, height });
        }
        c
    }

    /// Spec §4.2: row 1 black 4, row 2 brown 3, row 3 empty, row 4 grey 1, row 5 empty.
    fn figure_b() -> Column {
        column(&[(1, BLACK, 4), (2, BROWN, 3), (4, GREY, 1)])
    }

    fn heights(c: &Column) -> Vec<Option<u8>> {
        (1..=5).map(|r| c.tower(r).map(|t| t.height)).collect()
    }

    fn orange(height: u8) -> Tower {
        Tower { seat: ORANGE, height }
    }

    #[test]
    fn worked_example_height_2_at_row_3_is_legal() {
        let mut c = figure_b();
        assert_eq!(c.place(6, 5, orange(2), 3), Ok(vec![]));
        assert_eq!(heights(&c), [Some(4), Some(3), Some(2), Some(1), None]);
    }

    #[test]
    fn worked_example_height_2_at_row_4_pushes_grey_south() {
        let mut c = figure_b();
        let pushed = c.place(6, 5, orange(2), 4).unwrap();
        assert_eq!(
            pushed,
            [Pushed {
                tower: Tower { seat: GREY, height: 1 },
                from: City { meridian: 6, row: 4 },
                to: City { meridian: 6, row: 5 }
            }]
        );
        assert_eq!(heights(&c), [Some(4), Some(3), None, Some(2), Some(1)]);
    }

    #[test]
    fn worked_example_height_2_at_row_2_would_push_off_the_board() {
        let mut c = figure_b();
        let err = c.place(6, 5, orange(2), 2).unwrap_err();
        assert_eq!(err, MoveError::PushedOffBoard { city: City { meridian: 6, row: 2 }, direction: Direction::North });
        assert_eq!(c, figure_b());
    }

    #[test]
    fn worked_example_height_2_at_row_5_breaks_the_order() {
        let mut c = figure_b();
        assert_eq!(
            c.place(6, 5, orange(2), 5),
            Err(MoveError::OutOfOrder { city: City { meridian: 6, row: 5 }, height: 2 })
        );
        assert_eq!(c, figure_b());
    }

    #[test]
    fn worked_example_height_5_at_row_1_pushes_a_run_south() {
        let mut c = figure_b();
        let pushed = c.place(6, 5, orange(5), 1).unwrap();
        assert_eq!(pushed.len(), 2);
        assert_eq!(pushed[0].tower.height, 3, "the farthest tower of the run moves first");
        // The spec prints "5, 4, 3, empty, 1" here, against its own §4.1: the run ends at the empty row 3, so grey 1
        // stays at row 4. We follow the rule, as players at the table would.
        assert_eq!(heights(&c), [Some(5), Some(4), Some(3), Some(1), None]);
    }

    #[test]
    fn worked_example_heights_5_and_more_only_at_row_1_and_1_3_4_nowhere() {
        for height in 1..=20 {
            for row in 1..=5 {
                let legal = figure_b().place(6, 5, orange(height), row).is_ok();
                let expected = (height >= 5 && row == 1) || (height == 2 && (row == 3 || row == 4));
                assert_eq!(legal, expected, "height {height} at row {row}");
            }
        }
        for height in [1, 3, 4] {
            for row in 1..=5 {
                assert_eq!(
                    figure_b().place(6, 5, orange(height), row),
                    Err(MoveError::HeightTaken { meridian: 6, height })
                );
            }
        }
    }

    #[test]
    fn r1_first_tower_needs_two_floors_r6_own_tower_cannot_be_pushed() {
        let mut empty = Column::default();
        assert_eq!(empty.place(3, 4, orange(1), 2), Err(MoveError::FirstTowerTooLow { meridian: 3 }));
        assert!(empty.place(3, 4, orange(2), 2).is_ok());
        let mut own = column(&[(2, ORANGE, 5)]);
        assert_eq!(
            own.place(3, 4, orange(3), 2),
            Err(MoveError::OwnTowerInTheWay { city: City { meridian: 3, row: 2 } })
        );
    }

    #[test]
    fn later_towers_of_a_run_may_belong_to_the_mover() {
        // Two players: grey 3 at row 2 then orange's own 2 at row 3; orange places 4 at row 2, pushing both south.
        let mut c = column(&[(2, GREY, 3), (3, ORANGE, 2)]);
        let pushed = c.place(1, 5, orange(4), 2).unwrap();
        assert_eq!(pushed.len(), 2);
        assert_eq!(heights(&c), [None, Some(4), Some(3), Some(2), None]);
    }

    #[test]
    fn the_push_stops_at_the_last_row_of_a_four_row_board() {
        let mut c = column(&[(3, GREY, 2), (4, BROWN, 1)]);
        assert!(matches!(c.place(1, 4, orange(3), 3), Err(MoveError::PushedOffBoard { .. })));
        // On a 5-row meridian the same push fits.
        assert!(c.place(1, 5, orange(3), 3).is_ok());
    }

    /// Every column reachable from a few towers, checked placement by placement against `place`.
    #[test]
    fn enumeration_agrees_with_placing() {
        let mut checked = 0;
        for code in 0..6u32.pow(5) {
            // Each city: empty, or a tower of seat 0, 1 or 2 with a height drawn from the code.
            let mut c = Column::default();
            let mut x = code;
            for row in 1..=5u8 {
                let digit = x % 6;
                x /= 6;
                if digit > 0 {
                    let height = 12 - 2 * row + (digit as u8 % 2);
                    c.cities[usize::from(row) - 1] = Some(Tower { seat: (digit % 3) as Seat, height });
                }
            }
            if !c.is_in_order() {
                continue;
            }
            for rows in [4, 5] {
                if (rows + 1..=5).any(|r| c.tower(r).is_some()) {
                    continue;
                }
                let mut listed = Vec::new();
                c.for_each_placement(0, rows, 15, |row, h| listed.push((row, h)));
                let mut brute = Vec::new();
                for row in 1..=rows {
                    for h in 1..=15 {
                        if c.clone().place(1, rows, orange(h), row).is_ok() {
                            brute.push((row, h));
                        }
                    }
                }
                listed.sort();
                assert_eq!(listed, brute, "{c:?} rows {rows}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
