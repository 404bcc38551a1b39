//! End and scoring (§5): garrisons, island conquest, scores and the two tie-breaks.

use super::state::Meridian;
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

impl Meridian {
    /// Every island, by letter, as it would score now.
    pub fn islands(&self) -> Vec<Island> {
        let board = self.board();
        board
            .islands()
            .into_iter()
            .map(|island| {
                let mut garrisons = vec![0; self.players().len()];
                let mut cities = 0;
                for city in board.island_cities(island) {
                    cities += 1;
                    if let Some(t) = self.column(city.meridian).tower(city.row) {
                        garrisons[usize::from(t.seat)] += if board.is_capital(city) { 2 } else { 1 };
                    }
                }
                let best = garrisons.iter().copied().max().unwrap_or(0);
                let leaders: Vec<usize> = (0..garrisons.len()).filter(|&s| garrisons[s] == best).collect();
                let conquered_by = (best > 0 && leaders.len() == 1).then(|| leaders[0] as Seat);
                Island { island, cities, garrisons, conquered_by }
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
