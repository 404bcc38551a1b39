//! Game records (shared/spec/record.md): reading one of any game, and the errors of reading and replaying.
//!
//! Reading goes in two steps so that every error says where it is: the text is parsed as JSON (errors give line and
//! column), then the game's own record type is read from it (errors give the JSON path, e.g. `decks[1][3]`).

use super::{contrees, dragon_delta, meridian};
use serde_json::Value;

/// A record of some game.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyRecord {
    Meridian(meridian::Record),
    Contrees(contrees::Record),
    DragonDelta(dragon_delta::Record),
}

/// A record that cannot be read or set up. `replay` exits with status 2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("invalid JSON at line {line}, column {column}: {message}")]
    Json { line: usize, column: usize, message: String },
    #[error("a record is a JSON object with a \"game\" key")]
    NoGame,
    #[error("game {0:?} is not supported (known: \"meridian\", \"contrees\", \"dragon-delta\")")]
    UnknownGame(String),
    #[error("{path}: {message}")]
    Invalid { path: String, message: String },
}

/// Why a replay stopped. `replay` exits with status 2 or 3.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Record(#[from] RecordError),
    /// Move `index` (from 0) is illegal; the message names the rule.
    #[error("move {index}: {message}")]
    Move { index: usize, message: String },
}

impl AnyRecord {
    /// Reads a record from JSON text.
    pub fn parse(text: &str) -> Result<AnyRecord, RecordError> {
        let value: Value = serde_json::from_str(text).map_err(|e| RecordError::Json {
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })?;
        let game = value.get("game").ok_or(RecordError::NoGame)?;
        match game.as_str() {
            Some("meridian") => Ok(AnyRecord::Meridian(from_value(value)?)),
            Some("contrees") => Ok(AnyRecord::Contrees(from_value(value)?)),
            Some("dragon-delta") => Ok(AnyRecord::DragonDelta(from_value(value)?)),
            _ => Err(RecordError::UnknownGame(game.to_string().trim_matches('"').to_string())),
        }
    }
}

/// The JSON `true` of `{"pass": true}` and the like: `false` is not a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "bool", into = "bool")]
pub struct True;

impl TryFrom<bool> for True {
    type Error = &'static str;
    fn try_from(b: bool) -> Result<True, &'static str> {
        if b {
            Ok(True)
        } else {
            Err("only `true` is a move")
        }
    }
}

impl From<True> for bool {
    fn from(_: True) -> bool {
        true
    }
}

fn from_value<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, RecordError> {
    serde_path_to_error::deserialize(value)
        .map_err(|e| RecordError::Invalid { path: e.path().to_string(), message: e.inner().to_string() })
}

/// serde_json appends " at line L column C"; the error already carries them.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        AnyRecord::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(
            error("{\"game\": \"meridian\",\n \"players\": [1,]}"),
            "invalid JSON at line 2, column 16: trailing comma"
        );
        assert_eq!(error("[1]"), "a record is a JSON object with a \"game\" key");
        assert_eq!(
            error("{\"game\": \"chess\"}"),
            "game \"chess\" is not supported (known: \"meridian\", \"contrees\", \"dragon-delta\")"
        );
        let spot = r#"{"game":"contrees","players":["a","b"],"moves":[{"tower":[0,0,"E"]}]}"#;
        assert_eq!(error(spot), "moves[0].tower[2]: unknown variant `E`, expected `N` or `S`");
        let two = r#"{"game":"contrees","players":["a","b"],"moves":[{"land":[0,0],"pass":true}]}"#;
        assert!(error(two).starts_with("moves[0]: a move is one of"), "{}", error(two));
        let bad_card = r#"{"game":"meridian","players":["a","b","c"],"decks":[[],["1","11"],[]]}"#;
        assert!(error(bad_card).starts_with("decks[1][1]: unknown card \"11\""), "{}", error(bad_card));
        let typo = r#"{"game":"meridian","players":["a","b"],"seed":1,"moves":[{"card":"1","takeback":1}]}"#;
        assert!(error(typo).starts_with("moves[0].takeback: unknown field `takeback`"), "{}", error(typo));
        let board = r#"{"game":"meridian","players":["a","b"],"board":3}"#;
        assert!(error(board).contains("a board name"), "{}", error(board));
    }
}
