//! Why a move was refused. Each message names the rule broken (contrees.md §3–§5); the game is unchanged.

use super::hex::{Land, Spot};
use crate::Seat;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("turn order: seat {due} is to move, not seat {seat}")]
    NotYourTurn { seat: Seat, due: Seat },
    #[error("seats: there is no seat {0} (seats are 0 and 1)")]
    NoSuchSeat(Seat),
    #[error("resign: seat {seat} cannot resign for seat {named}")]
    ResignForAnother { seat: Seat, named: Seat },
    #[error("phase 1: lands are laid now; towers come once all 16 lands are laid")]
    LandsFirst,
    #[error("phase 2: all 16 lands are laid; place a tower or pass")]
    LandsLaid,
    #[error("lands: {0} is already laid")]
    Occupied(Land),
    #[error("lands: {0} shares no edge with the territory (it must stay connected)")]
    NotConnected(Land),
    #[error("white land: only the expert game has white lands")]
    NotExpert,
    #[error("white land: you have laid your white land already")]
    WhiteLaid,
    #[error("white land: your last land must be your white land")]
    WhiteLast,
    #[error("spots: {0} is not a corner of a land of the territory")]
    NotASpot(Spot),
    #[error("spots: {0} has a tower already")]
    SpotTaken(Spot),
    #[error(
        "no immediate rebuild: your tower at {0} was demolished by the last move; build there from your next turn"
    )]
    Rebuild(Spot),
    #[error("supply: you have no tower left (pass)")]
    NoTowers,
    #[error("pass: you may pass only with no tower left or no spot to place one on")]
    MayNotPass,
    #[error("time-out: in phase 1 the platform lays lands for a player out of time")]
    TimeoutInPhase1,
}
