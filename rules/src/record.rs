//! Game records (shared/spec/record.md): what every game's record does ([`GameRecord`]), reading one, and the
//! errors of reading and replaying.
//!
//! Reading goes in two steps so that every error says where it is: the text is parsed as JSON (errors give line and
//! column, [`parse`]), then the game's own record type is read from it (errors give the JSON path, e.g.
//! `decks[1][3]`, [`read`]).

use crate::{Game, Seat};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A game's record type.
pub trait GameRecord: DeserializeOwned {
    type Game: Game;

    /// Display names in seat order.
    fn players(&self) -> &[String];

    /// Settles what the record leaves to chance with `seed` (Meridian's decks when it names neither a seed nor
    /// decks); nothing by default.
    fn settle(&mut self, _seed: u64) {}

    /// The game before any move.
    fn start(&self) -> Result<Self::Game, RecordError>;

    /// Plays every move from the start, calling `each` after each one with the game, the seat that moved, the move
    /// and what it did.
    fn replay_moves(
        &self,
        each: impl FnMut(&Self::Game, Seat, &<Self::Game as Game>::Action, &<Self::Game as Game>::Report),
    ) -> Result<Self::Game, ReplayError>;

    /// Plays every move from the start, calling `each` after each one with the game and what the move did.
    fn replay_with(
        &self,
        mut each: impl FnMut(&Self::Game, &<Self::Game as Game>::Report),
    ) -> Result<Self::Game, ReplayError> {
        self.replay_moves(|game, _, _, report| each(game, report))
    }

    /// The game after every move.
    fn replay(&self) -> Result<Self::Game, ReplayError> {
        self.replay_with(|_, _| {})
    }
}

/// A seat that changed hands during the game (a substitute took it, a computer took it over, its player took it back):
/// from move `move` on (counted from 0, as `moves` is) it was played by `to` instead of `from`. Optional in every
/// game's record (`substitutions`, in the order they happened): a record without it is one whose seats never changed
/// hands, and `players` names who held each seat at the end. Only names: who is rated for what is the platform's.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Substitution {
    #[serde(rename = "move")]
    pub from_move: usize,
    pub seat: u8,
    pub from: String,
    pub to: String,
}

/// Checks a record's substitutions: in the order of the moves, each of a seat of `players` and at a move of the record
/// (or after the last), each seat handed from whoever held it then, and ending with the seat's name in `players`.
pub fn check_substitutions(
    substitutions: &[Substitution],
    players: &[String],
    moves: usize,
) -> Result<(), RecordError> {
    let mut holders = vec![None::<&str>; players.len()];
    let mut last = 0;
    for (i, h) in substitutions.iter().enumerate() {
        let invalid = |message: String| Err(RecordError::Invalid { path: format!("substitutions[{i}]"), message });
        let Some(holder) = holders.get_mut(usize::from(h.seat)) else {
            return invalid(format!("seat {} is not one of the {} players'", h.seat, players.len()));
        };
        if h.from_move < last || h.from_move > moves {
            return invalid(format!("move {} is not in order among the record's {moves} moves", h.from_move));
        }
        if holder.is_some_and(|held| held != h.from) {
            return invalid(format!("seat {} was held by {:?}, not {:?}", h.seat, holder.unwrap_or(""), h.from));
        }
        (*holder, last) = (Some(h.to.as_str()), h.from_move);
    }
    match holders.iter().enumerate().find(|(seat, held)| held.is_some_and(|h| h != players[*seat])) {
        Some((seat, held)) => Err(RecordError::Invalid {
            path: "substitutions".into(),
            message: format!("seat {seat} ends with {:?}, but players names {:?}", held.unwrap_or(""), players[seat]),
        }),
        None => Ok(()),
    }
}

/// A record that cannot be read or set up. `replay` exits with status 2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("invalid JSON at line {line}, column {column}: {message}")]
    Json { line: usize, column: usize, message: String },
    #[error("a record is a JSON object with a \"game\" key")]
    NoGame,
    #[error("game {game:?} is not supported (known: {known})")]
    UnknownGame { game: String, known: String },
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

/// The first step of reading a record: its JSON, and the game it names (its `game`, as text).
pub fn parse(text: &str) -> Result<(Value, String), RecordError> {
    let value: Value = serde_json::from_str(text).map_err(|e| RecordError::Json {
        line: e.line(),
        column: e.column(),
        message: strip_position(&e.to_string()),
    })?;
    let game = value.get("game").ok_or(RecordError::NoGame)?;
    let game = game.as_str().map_or_else(|| game.to_string(), String::from);
    Ok((value, game))
}

/// The second step: the game's own record type, from the record's JSON.
pub fn read<R: DeserializeOwned>(value: Value) -> Result<R, RecordError> {
    serde_path_to_error::deserialize(value)
        .map_err(|e| RecordError::Invalid { path: e.path().to_string(), message: e.inner().to_string() })
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
        parse(text).unwrap_err().to_string()
    }

    /// A record type of no game, for the second step.
    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Plain {
        game: String,
        moves: Vec<u8>,
    }

    #[test]
    fn substitutions_must_fit_the_players_and_moves() {
        let players: Vec<String> = ["ana", "dee"].map(String::from).to_vec();
        let h =
            |from_move, seat, from: &str, to: &str| Substitution { from_move, seat, from: from.into(), to: to.into() };
        assert_eq!(check_substitutions(&[], &players, 3), Ok(()));
        assert_eq!(check_substitutions(&[h(1, 1, "ben", "cy"), h(2, 1, "cy", "dee")], &players, 3), Ok(()));
        let error =
            |substitutions: &[Substitution]| check_substitutions(substitutions, &players, 3).unwrap_err().to_string();
        assert_eq!(error(&[h(1, 2, "ben", "dee")]), "substitutions[0]: seat 2 is not one of the 2 players'");
        assert_eq!(
            error(&[h(4, 1, "ben", "dee")]),
            "substitutions[0]: move 4 is not in order among the record's 3 moves"
        );
        assert_eq!(
            error(&[h(2, 1, "ben", "cy"), h(1, 1, "cy", "dee")]),
            "substitutions[1]: move 1 is not in order among the record's 3 moves"
        );
        assert_eq!(
            error(&[h(1, 1, "ben", "cy"), h(2, 1, "eve", "dee")]),
            "substitutions[1]: seat 1 was held by \"cy\", not \"eve\""
        );
        assert_eq!(error(&[h(1, 1, "ben", "cy")]), "substitutions: seat 1 ends with \"cy\", but players names \"dee\"");
        let (value, _) =
            parse(r#"{"game":"x","substitutions":[{"move":1,"seat":0,"from":"a","to":"b","by":"c"}]}"#).unwrap();
        let refused = read::<WithSubstitutions>(value).unwrap_err().to_string();
        assert!(refused.starts_with("substitutions[0].by: unknown field `by`"), "{refused}");
    }

    /// A record type with substitutions, for reading them.
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct WithSubstitutions {
        game: String,
        substitutions: Vec<Substitution>,
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(
            error("{\"game\": \"x\",\n \"players\": [1,]}"),
            "invalid JSON at line 2, column 16: trailing comma"
        );
        assert_eq!(error("[1]"), "a record is a JSON object with a \"game\" key");
        let (value, game) = parse(r#"{"game":"x","moves":[1,-1]}"#).unwrap();
        assert_eq!(game, "x");
        let refused = read::<Plain>(value).unwrap_err().to_string();
        assert_eq!(refused, "moves[1]: invalid value: integer `-1`, expected u8");
        let (value, _) = parse(r#"{"game":"x","moves":[],"mvoes":[]}"#).unwrap();
        assert!(read::<Plain>(value).unwrap_err().to_string().starts_with("mvoes: unknown field `mvoes`"));
    }
}
