//! End and scoring (§5): garrisons, island conquest, scores and the two tie-breaks.

use super::state::{Meridian, PLAYERS};
use crate::{Seat, SeatSet};
use serde::Serialize;

/// How one island stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Island {
    pub island: char,
    pub cities: u32,
    /// Garrison value per seat: 1 per tower, 2 on a capital.
    pub garrisons: Vec<u32>,
    /// The seat with the strictly greatest garrison value, if any.
    pub conquered_by: Option<Seat>,
}

const MAX_PLAYERS: usize = *PLAYERS.end();

/// One island's count, gathered in a single pass over the board: the search values positions by it thousands of times
/// a move.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Tally {
    pub cities: u32,
    /// The meridians it spans (bit m).
    pub meridians: u16,
    /// Garrison value per seat: 1 per tower, 2 on a capital.
    pub garrisons: [u32; MAX_PLAYERS],
}

impl Meridian {
    /// Every island's tally, by letter.
    pub(crate) fn tallies(&self) -> impl Iterator<Item = (char, Tally)> {
        let board = self.board();
        let mut tallies = [Tally::default(); 26];
        for city in board.cities() {
            let tally = &mut tallies[usize::from(board.island(city) as u8 - b'a')];
            tally.cities += 1;
            tally.meridians |= 1 << city.meridian;
            if let Some(tower) = self.column(city.meridian).tower(city.row) {
                tally.garrisons[usize::from(tower.seat)] += if board.is_capital(city) { 2 } else { 1 };
            }
        }
        ('a'..='z').zip(tallies).filter(|(_, tally)| tally.cities > 0)
    }

    /// Every island, by letter, as it would score now.
    pub fn islands(&self) -> Vec<Island> {
        let players = self.players().len();
        self.tallies()
            .map(|(island, tally)| {
                let garrisons = tally.garrisons[..players].to_vec();
                let best = garrisons.iter().copied().max().unwrap_or(0);
                let leaders: Vec<usize> = (0..players).filter(|&s| garrisons[s] == best).collect();
                let conquered_by = (best > 0 && leaders.len() == 1).then(|| leaders[0] as Seat);
                Island { island, cities: tally.cities, garrisons, conquered_by }
            })
            .collect()
    }

    /// Each seat's score now: the cities of the islands it conquers.
    pub fn scores(&self) -> Vec<u32> {
        let mut scores = vec![0; self.players().len()];
        for island in self.islands() {
            if let Some(seat) = island.conquered_by {
                scores[usize::from(seat)] += island.cities;
            }
        }
        scores
    }

    /// Who would win now: highest score, then most floors in reserve; those still tied share the win.
    pub fn leaders(&self) -> SeatSet {
        self.leaders_among((0..self.players().len() as Seat).collect())
    }

    /// The same among some seats only (players who resigned cannot win).
    pub fn leaders_among(&self, eligible: SeatSet) -> SeatSet {
        let scores = self.scores();
        let key = |s: Seat| (scores[usize::from(s)], self.players()[usize::from(s)].reserve);
        let best = eligible.iter().map(key).max();
        eligible.iter().filter(|&s| Some(key(s)) == best).collect()
    }
}
