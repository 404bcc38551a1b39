//! What players see of a game of Contrées: everything (there is no hidden information, contrees.md §1). Its JSON is
//! the position `replay` prints (record.md), less the players' names; the parts only pictures need (the lands'
//! letters, every corner, the labels of what the player to move may choose) are not written in it.

use super::hex::{Land, Spot};
use super::label::{self, OpenPlace};
use super::state::Contrees;
use crate::Seat;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LandView {
    pub at: Land,
    pub white: bool,
    pub owner: Option<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TowerView {
    pub at: Spot,
    pub seat: Seat,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    /// Towers not yet placed.
    pub supply: u8,
    /// Markers not on the board.
    pub markers: u8,
    /// Opponent towers this player demolished.
    pub demolished: u16,
    /// Lands owned, a white land counting three.
    pub score: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub game: &'static str,
    pub expert: bool,
    pub moves: u32,
    pub phase: u8,
    pub finished: bool,
    pub next: Option<Seat>,
    /// Sorted by position.
    pub lands: Vec<LandView>,
    /// Sorted by spot.
    pub towers: Vec<TowerView>,
    pub players: Vec<PlayerView>,
    /// Seats sharing the win once finished (both on a draw), else empty.
    pub winners: Vec<Seat>,
    /// The lands in the order laid, which gives them their letters.
    #[serde(skip)]
    pub laid: Vec<Land>,
    /// Every corner of the territory.
    #[serde(skip)]
    pub spots: Vec<Spot>,
    /// Where the player to move may lay a land now, by label.
    #[serde(skip)]
    pub open_places: Vec<OpenPlace>,
    /// Where the player to move may build now, by label.
    #[serde(skip)]
    pub open_spots: Vec<(String, Spot)>,
}

impl View {
    /// A laid land's letter.
    pub fn letter(&self, at: Land) -> Option<char> {
        label::letter_in(&self.laid, at)
    }

    /// A spot's label.
    pub fn spot_label(&self, at: Spot) -> Option<String> {
        label::spot_label_in(&self.laid, at)
    }

    pub fn of(game: &Contrees) -> View {
        View {
            game: "contrees",
            expert: game.expert(),
            moves: game.moves(),
            phase: game.phase(),
            finished: game.is_over(),
            next: game.to_move(),
            lands: game.lands().iter().map(|(&at, l)| LandView { at, white: l.white, owner: l.owner }).collect(),
            towers: game.towers().iter().map(|(&at, &seat)| TowerView { at, seat }).collect(),
            players: game
                .players()
                .iter()
                .zip(0..)
                .map(|(p, seat)| PlayerView {
                    seat,
                    supply: p.supply,
                    markers: p.markers,
                    demolished: p.demolished,
                    score: game.score(seat),
                })
                .collect(),
            winners: if game.is_over() { game.leaders().iter().collect() } else { Vec::new() },
            laid: game.laid().to_vec(),
            spots: game.spots().into_iter().collect(),
            open_places: game.open_places(),
            open_spots: game.open_spots(),
        }
    }
}
