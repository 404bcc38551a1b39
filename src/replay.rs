//! `replay FILE [--png DIR]`: plays a game record and prints the position it reaches (shared/spec/record.md).

use crate::language::Lang;
use crate::pictures::Reader;
use crate::rules::record::{self, GameRecord, RecordError, ReplayError};
use crate::rules::{Game, Viewer};
use crate::service::game::adapter::Adapter;
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
pub fn run(text: &str, png: Option<&Path>) -> Result<Value, Failure> {
    let (value, game) = record::parse(text).map_err(ReplayError::from)?;
    replay_named(&game, value, png)
}

macro_rules! by_name {
    ($($V:ident: $A:ty => ($G:ty, $Action:ty, $O:ty)),* $(,)?) => {
        /// Replays a record of the game its `game` names.
        fn replay_named(game: &str, value: Value, png: Option<&Path>) -> Result<Value, Failure> {
            $(if game == <$A as Adapter>::KIND {
                return replayed::<$A>(record::read(value).map_err(ReplayError::from)?, png);
            })*
            let known: Vec<String> = [$(<$A as Adapter>::KIND),*].iter().map(|k| format!("{k:?}")).collect();
            let unknown = RecordError::UnknownGame { game: game.to_string(), known: known.join(", ") };
            Err(ReplayError::from(unknown).into())
        }
    };
}
crate::games!(by_name);

/// Replays `record`, drawing every position into `png` with the game's own board picture, and returns the last
/// position with the players' names.
///
/// A record that leaves chance unsettled (Meridian's, with neither `seed` nor `decks`) gets a seed drawn here, as
/// the spec asks: the rules core has no source of chance, and std's randomly keyed hasher is enough to pick one game
/// among many.
fn replayed<A: Adapter>(mut record: A::Record, png: Option<&Path>) -> Result<Value, Failure> {
    record.settle(RandomState::new().hash_one(0u8));
    let start = record.start().map_err(ReplayError::from)?;
    let names = record.players();
    // Every position is replayed before anything is drawn, so a bad record leaves no images behind.
    let mut frames = Vec::new();
    let game = record.replay_with(|game, played| {
        if png.is_some() {
            frames.push((game.clone(), played.clone()));
        }
    })?;
    if let Some(dir) = png {
        let first = A::board_png(&start.view(Viewer::Public), names, &[], Reader::standard(Lang::En));
        let rest =
            frames.iter().map(|(g, p)| A::board_png(&g.view(Viewer::Public), names, &[p], Reader::standard(Lang::En)));
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
