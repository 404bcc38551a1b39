//! The Meridian game record (record.md): players, board, seed or decks, and every move.

use super::board::Board;
use super::card::Card;
use super::error::SetupError;
use super::state::{shuffled_decks, Meridian, Played, PLAYERS};
use super::turn::Move;
use crate::record::{check_substitutions, GameRecord, RecordError, ReplayError, Substitution};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// The `game` value of a Meridian record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tag {
    #[serde(rename = "meridian")]
    Meridian,
}

/// A board by standard name or as a grid of row strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, expecting = "a board name (\"standard-5\", \"standard-4\") or a grid of row strings")]
pub enum BoardSpec {
    Name(String),
    Grid(Vec<String>),
}

impl BoardSpec {
    /// The shortest spec for `board`: its standard name, else its grid.
    pub fn of(board: &Board) -> BoardSpec {
        match board.standard_name() {
            Some(name) => BoardSpec::Name(name.to_string()),
            None => BoardSpec::Grid(board.grid()),
        }
    }
}

/// A whole game of Meridian, enough to rebuild it exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub game: Tag,
    /// Display names in seat order; seat 0 moves first.
    pub players: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// One per seat, top card first; overrides the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<Vec<Vec<Card>>>,
    #[serde(default)]
    pub moves: Vec<Move>,
    /// Seats that changed hands, in order ([`Substitution`]); none in most games.
    /// Records exported before the feature had one name call it `handovers`.
    #[serde(default, skip_serializing_if = "Vec::is_empty", alias = "handovers")]
    pub substitutions: Vec<Substitution>,
}

impl Record {
    /// The record of a game set up with these decks, before any move. Exported records always carry the decks.
    pub fn new(players: Vec<String>, board: &Board, decks: Vec<Vec<Card>>) -> Record {
        Record {
            game: Tag::Meridian,
            players,
            board: Some(BoardSpec::of(board)),
            seed: None,
            decks: Some(decks),
            moves: Vec::new(),
            substitutions: Vec::new(),
        }
    }

    /// The board: as given, or the standard one for the player count.
    pub fn board(&self) -> Result<Board, RecordError> {
        let board = match &self.board {
            None => return Ok(Board::standard_for(self.players.len())),
            Some(BoardSpec::Name(name)) => Board::named(name),
            Some(BoardSpec::Grid(grid)) => Board::from_grid(grid),
        };
        board.map_err(|e| RecordError::Invalid { path: "board".into(), message: e.to_string() })
    }

    /// The starting decks: as given, else dealt from the seed. A record with neither has no decks yet: the caller
    /// draws a seed first (the rules core has no source of chance).
    pub fn decks(&self) -> Result<Vec<Vec<Card>>, RecordError> {
        match (&self.decks, self.seed) {
            (Some(decks), _) if decks.len() != self.players.len() => Err(RecordError::Invalid {
                path: "decks".into(),
                message: format!("{} decks for {} players: one deck per seat", decks.len(), self.players.len()),
            }),
            (Some(decks), _) => Ok(decks.clone()),
            (None, Some(seed)) => Ok(shuffled_decks(self.players.len(), seed)),
            (None, None) => Err(RecordError::Invalid {
                path: "seed".into(),
                message: "the record has neither seed nor decks".into(),
            }),
        }
    }
}

impl GameRecord for Record {
    type Game = Meridian;

    fn players(&self) -> &[String] {
        &self.players
    }

    /// A record with neither `seed` nor `decks` is dealt from `seed` (record.md).
    fn settle(&mut self, seed: u64) {
        if self.seed.is_none() && self.decks.is_none() {
            self.seed = Some(seed);
        }
    }

    /// The game after set-up, before any move.
    fn start(&self) -> Result<Meridian, RecordError> {
        check_substitutions(&self.substitutions, &self.players, self.moves.len())?;
        let n = self.players.len();
        if !PLAYERS.contains(&n) {
            // Said before the board and decks, which cannot be checked without a player count.
            let message = SetupError::PlayerCount(n).to_string();
            return Err(RecordError::Invalid { path: "players".into(), message });
        }
        Meridian::new(self.board()?, self.decks()?).map_err(|e| RecordError::Invalid {
            path: match e {
                super::SetupError::Deck { seat, .. } => format!("decks[{seat}]"),
                _ => "board".into(),
            },
            message: e.to_string(),
        })
    }

    /// Plays every move from the start, calling `each` after each one with the game, the seat that moved, the move and what it did.
    fn replay_moves(&self, mut each: impl FnMut(&Meridian, Seat, &Move, &Played)) -> Result<Meridian, ReplayError> {
        let mut game = self.start()?;
        for (index, mv) in self.moves.iter().enumerate() {
            let seat: Seat = game.to_move().unwrap_or(0);
            let played = game.play(seat, mv).map_err(|e| ReplayError::Move { index, message: e.to_string() })?;
            each(&game, seat, mv, &played);
        }
        Ok(game)
    }
}
