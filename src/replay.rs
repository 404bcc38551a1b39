//! `replay FILE`: plays a game record and prints the position it reaches (shared/spec/record.md).

use crate::rules::record::{AnyRecord, ReplayError};
use crate::rules::{Game, Viewer};
use serde_json::Value;
use std::hash::{BuildHasher, RandomState};

/// Replays a record given as JSON text and returns the position as a JSON document.
///
/// A record with neither `seed` nor `decks` gets a seed drawn here, as the spec asks: the rules core has no source
/// of chance, and std's randomly keyed hasher is enough to pick one game among many.
pub fn position(text: &str) -> Result<Value, ReplayError> {
    let AnyRecord::Meridian(mut record) = AnyRecord::parse(text)?;
    if record.seed.is_none() && record.decks.is_none() {
        record.seed = Some(RandomState::new().hash_one(0u8));
    }
    let game = record.replay()?;
    let mut json = serde_json::to_value(game.view(Viewer::Public)).expect("views serialize");
    if let Some(players) = json["players"].as_array_mut() {
        for (player, name) in players.iter_mut().zip(&record.players) {
            player["name"] = Value::String(name.clone());
        }
    }
    Ok(json)
}

/// The exit status `replay` ends with for an error: 2 for an invalid record, 3 for an illegal move.
pub fn exit_status(error: &ReplayError) -> u8 {
    match error {
        ReplayError::Record(_) => 2,
        ReplayError::Move { .. } => 3,
    }
}
