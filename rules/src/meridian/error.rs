//! Why a move was refused. Each message names the rule broken (spec §3–§4) so a player can see what to change.

use super::board::City;
use super::card::Card;
use crate::Seat;
use std::fmt;

/// The direction a push moves towers along a meridian.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    North,
    South,
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::North => "north",
            Direction::South => "south",
        })
    }
}

/// A refused move. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("turn order: seat {due} is to move, not seat {seat}")]
    NotYourTurn { seat: Seat, due: Seat },
    #[error("card: {card} is not one of your face-up cards")]
    CardNotFaceUp { card: Card },
    #[error("card: a move that takes back or places a tower must name its meridian")]
    MeridianMissing,
    #[error("card: {card} does not allow meridian {meridian}")]
    MeridianNotOnCard { card: Card, meridian: u8 },
    #[error("city: there is no city {city}; each meridian has cities 1 to {rows}")]
    NoSuchCity { city: City, rows: u8 },
    #[error("take back: you have no tower at {city}")]
    NoTowerToTakeBack { city: City },
    #[error("take back and place: the new tower must differ from the one taken back in height or city")]
    IdenticalReplacement,
    #[error("height: a tower has at least 1 floor")]
    ZeroHeight,
    #[error("R1 first tower: meridian {meridian} has no tower, so a tower there needs at least 2 floors")]
    FirstTowerTooLow { meridian: u8 },
    #[error("R2 distinct heights: meridian {meridian} already has a tower of height {height}")]
    HeightTaken { meridian: u8, height: u8 },
    #[error("R3 order: a tower of {height} at {city} would break the north-to-south order of heights")]
    OutOfOrder { city: City, height: u8 },
    #[error("R4 one tower per meridian: you already have {limit} on meridian {meridian}")]
    TooManyTowers { meridian: u8, limit: u8 },
    #[error("R5 reserve: a tower of {height} needs {height} floors and you have {available}")]
    NotEnoughFloors { height: u8, available: u8 },
    #[error("R6 city: {city} holds your own tower; only another player's tower can be pushed")]
    OwnTowerInTheWay { city: City },
    #[error("R6 city: placing at {city} would push a tower {direction} off the board")]
    PushedOffBoard { city: City, direction: Direction },
}

/// A set-up that cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Meridian is played by 2 to 4 players, not {0}")]
    PlayerCount(usize),
    #[error("a board of {rows} rows does not suit {players} players (4 rows for 3 players, 5 for 2 or 4)")]
    BoardDoesNotSuit { rows: u8, players: usize },
    #[error("deck of seat {seat}: {problem}")]
    Deck { seat: Seat, problem: String },
}
