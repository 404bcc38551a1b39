//! `replay FILE [--png DIR]`: plays a game record and prints the position it reaches (shared/spec/record.md).

use crate::rules::record::{AnyRecord, ReplayError};
use crate::rules::{Game, Viewer};
use crate::service::adapter::{Adapter, ReportOf};
use crate::service::contrees::ContreesGame;
use crate::service::dragon_delta::DragonDeltaGame;
use crate::service::meridian::MeridianGame;
use serde_json::Value;
use std::hash::{BuildHasher, RandomState};
use std::path::Path;

/// Why `replay` stopped, with the exit status it ends with.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// Status 2 for an invalid record, 3 for an illegal move.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// Status 1: an image could not be written.
    #[error("cannot write {path}: {error}")]
    Write { path: String, error: std::io::Error },
}

impl Failure {
    pub fn exit_status(&self) -> u8 {
        match self {
            Failure::Replay(ReplayError::Record(_)) => 2,
            Failure::Replay(ReplayError::Move { .. }) => 3,
            Failure::Write { .. } => 1,
        }
    }
}

/// The position as JSON, each player given their name.
fn named<V: serde::Serialize>(view: V, names: &[String]) -> Value {
    let mut json = serde_json::to_value(view).expect("views serialize");
    if let Some(players) = json["players"].as_array_mut() {
        for (player, name) in players.iter_mut().zip(names) {
            player["name"] = Value::String(name.clone());
        }
    }
    json
}

/// Replays a record given as JSON text and returns the position as a JSON document. With `png`, also writes the
/// board after the set-up and after each move to `png/000.png`, `png/001.png`, … (the move just played pointed
/// out).
///
/// A record with neither `seed` nor `decks` gets a seed drawn here, as the spec asks: the rules core has no source
/// of chance, and std's randomly keyed hasher is enough to pick one game among many.
pub fn run(text: &str, png: Option<&Path>) -> Result<Value, Failure> {
    let mut record = match AnyRecord::parse(text).map_err(ReplayError::from)? {
        AnyRecord::Meridian(record) => record,
        AnyRecord::DragonDelta(record) => {
            let start = record.start().map_err(ReplayError::from)?;
            return replayed::<DragonDeltaGame>(&record.players, start, png, |each| record.replay_with(each));
        }
        AnyRecord::Contrees(record) => {
            let start = record.start().map_err(ReplayError::from)?;
            return replayed::<ContreesGame>(&record.players, start, png, |each| record.replay_with(each));
        }
    };
    if record.seed.is_none() && record.decks.is_none() {
        record.seed = Some(RandomState::new().hash_one(0u8));
    }
    let start = record.start().map_err(ReplayError::from)?;
    replayed::<MeridianGame>(&record.players, start, png, |each| record.replay_with(each))
}

/// Replays with `replay` (which calls its argument after each move) from `start`, drawing every position into `png`
/// with the game's own board picture, and returns the last position with the players' names.
fn replayed<A: Adapter>(
    names: &[String],
    start: A::Game,
    png: Option<&Path>,
    replay: impl FnOnce(&mut dyn FnMut(&A::Game, &ReportOf<A>)) -> Result<A::Game, ReplayError>,
) -> Result<Value, Failure> {
    // Every position is replayed before anything is drawn, so a bad record leaves no images behind.
    let mut frames = Vec::new();
    let game = replay(&mut |game, played| {
        if png.is_some() {
            frames.push((game.clone(), played.clone()));
        }
    })?;
    if let Some(dir) = png {
        let first = A::board_png(&start, names, &[]);
        let rest = frames.iter().map(|(g, p)| A::board_png(g, names, &[p]));
        write_all(dir, std::iter::once(first).chain(rest))?;
    }
    Ok(named(game.view(Viewer::Public), names))
}

/// Writes `dir/000.png`, `dir/001.png`, … (drawn one at a time, as they are written).
fn write_all(dir: &Path, images: impl Iterator<Item = Vec<u8>>) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|error| Failure::Write { path: dir.display().to_string(), error })?;
    for (index, bytes) in images.enumerate() {
        let path = dir.join(format!("{index:03}.png"));
        std::fs::write(&path, bytes).map_err(|error| Failure::Write { path: path.display().to_string(), error })?;
    }
    Ok(())
}
