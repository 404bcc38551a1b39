//! What players see of a game of Meridian. Everything is public but the order of each deck (§2), so every viewer
//! gets the same view: a deck is shown as a count and as the sorted list of cards still to come, which anyone can
//! work out from the discards.

use super::card::Card;
use super::score::Island;
use super::state::{full_deck, Meridian};
use crate::{Due, Game, Seat};
use serde::Serialize;

/// A tower where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TowerView {
    pub meridian: u8,
    pub row: u8,
    pub seat: Seat,
    pub height: u8,
}

/// One player's public material.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub reserve: u8,
    /// In the order the cards were turned up.
    pub face_up: Vec<Card>,
    /// Cards left face down.
    pub deck: usize,
    /// The face-down cards, sorted: their order stays secret.
    pub to_come: Vec<Card>,
    pub discards: Vec<Card>,
    /// The score if the game ended now.
    pub score: u32,
}

/// A game of Meridian as anyone may see it; its JSON is the position `replay` prints (record.md) less the names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub game: &'static str,
    pub board: Vec<String>,
    pub moves: u32,
    pub finished: bool,
    pub next: Option<Seat>,
    pub towers: Vec<TowerView>,
    pub players: Vec<PlayerView>,
    pub islands: Vec<Island>,
    pub winners: Vec<Seat>,
}

impl View {
    pub fn of(game: &Meridian) -> View {
        let scores = game.scores();
        let players = game
            .players()
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                let mut to_come = p.deck.clone();
                to_come.sort();
                debug_assert_eq!(to_come.len() + p.face_up.len() + p.discards.len(), full_deck(game.seats()).len());
                PlayerView {
                    seat: seat as Seat,
                    reserve: p.reserve,
                    face_up: p.face_up.clone(),
                    deck: p.deck.len(),
                    to_come,
                    discards: p.discards.clone(),
                    score: scores[seat],
                }
            })
            .collect();
        let winners = match game.due() {
            Due::Finished { winners } => winners.iter().collect(),
            Due::Seats(_) => Vec::new(),
        };
        View {
            game: "meridian",
            board: game.board().grid(),
            moves: game.moves_played(),
            finished: game.to_move().is_none(),
            next: game.to_move(),
            towers: game
                .towers()
                .map(|(c, t)| TowerView { meridian: c.meridian, row: c.row, seat: t.seat, height: t.height })
                .collect(),
            players,
            islands: game.islands(),
            winners,
        }
    }
}
