//! A move of Dragon Delta as the record writes it (record.md), less its `seat`: a programme, a stone, a plank, a
//! take, a pawn's move, or a resignation. A record's move is a [`Move`]: the seat and the action.

use super::board::Support;
use super::card::{Card, PROGRAMME};
use super::place::{Ends, Place};
use crate::record::True;
use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What `take` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "lowercase")]
pub enum Taken {
    Plank(Ends),
    Stone(u8),
}

/// One action.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(untagged, try_from = "Raw")]
pub enum Action {
    /// The round's five cards, in order.
    Program { program: [Card; PROGRAMME] },
    /// A stone on an island.
    Stone { stone: u8 },
    /// A plank of the reserve laid between two supports, or lost when it fits nowhere (`between` absent).
    Plank {
        plank: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        between: Option<Ends>,
    },
    /// A plank or a stone taken off the board.
    Take { take: Taken },
    /// Where the pawn goes: one place for `move` and `jump`, two for `move-2` (one when it reaches its goal).
    To { to: Vec<Place> },
    /// The mover resigns.
    Resign { resign: True },
}

/// Every key a move may have; exactly one form's keys must be there (`seat` belongs to the record's move).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    seat: Option<Seat>,
    program: Option<[Card; PROGRAMME]>,
    stone: Option<u8>,
    plank: Option<u8>,
    between: Option<Ends>,
    take: Option<Taken>,
    to: Option<Vec<Place>>,
    resign: Option<True>,
}

const FORMS: &str = "a move is one of {\"program\": [5 cards]}, {\"stone\": N}, {\"plank\": SIZE} (with \"between\"), \
                     {\"take\": …}, {\"to\": [places]}, {\"resign\": true}";

impl Raw {
    fn action(self) -> Result<Action, &'static str> {
        let Raw { seat: _, program, stone, plank, between, take, to, resign } = self;
        let between_alone = between.is_some() && plank.is_none();
        Ok(match (program, stone, plank, take, to, resign) {
            _ if between_alone => return Err(FORMS),
            (Some(program), None, None, None, None, None) => Action::Program { program },
            (None, Some(stone), None, None, None, None) => Action::Stone { stone },
            (None, None, Some(plank), None, None, None) => Action::Plank { plank, between },
            (None, None, None, Some(take), None, None) => Action::Take { take },
            (None, None, None, None, Some(to), None) if (1..=2).contains(&to.len()) => Action::To { to },
            (None, None, None, None, None, Some(resign)) => Action::Resign { resign },
            _ => return Err(FORMS),
        })
    }
}

impl TryFrom<Raw> for Action {
    type Error = &'static str;

    fn try_from(raw: Raw) -> Result<Action, &'static str> {
        if raw.seat.is_some() {
            return Err("an action names no seat (a record's move does)");
        }
        raw.action()
    }
}

/// A record's move: the seat and its action.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "Raw")]
pub struct Move {
    pub seat: Seat,
    pub action: Action,
}

impl TryFrom<Raw> for Move {
    type Error = &'static str;

    fn try_from(raw: Raw) -> Result<Move, &'static str> {
        let seat = raw.seat.ok_or("every move names its seat")?;
        Ok(Move { seat, action: raw.action()? })
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut value = serde_json::to_value(&self.action).map_err(serde::ser::Error::custom)?;
        let mut object = serde_json::Map::new();
        object.insert("seat".into(), self.seat.into());
        if let serde_json::Value::Object(fields) = value.take() {
            object.extend(fields);
        }
        object.serialize(s)
    }
}

impl Action {
    pub const RESIGN: Action = Action::Resign { resign: True };

    pub fn to(places: &[Place]) -> Action {
        Action::To { to: places.to_vec() }
    }

    pub fn plank(size: u8, between: Option<(Support, Support)>) -> Action {
        Action::Plank { plank: size, between: between.map(|(a, b)| Ends::new(a, b)) }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Program { .. } => f.write_str("a programme"),
            Action::Stone { stone } => write!(f, "a stone on island {stone}"),
            Action::Plank { plank, between: Some(e) } => write!(f, "plank {plank} on {e}"),
            Action::Plank { plank, between: None } => write!(f, "plank {plank}, lost"),
            Action::Take { take: Taken::Plank(e) } => write!(f, "take the plank {e}"),
            Action::Take { take: Taken::Stone(n) } => write!(f, "take the stone of island {n}"),
            Action::To { to } => {
                let places: Vec<String> = to.iter().map(|p| p.to_string()).collect();
                write!(f, "to {}", places.join(", then "))
            }
            Action::Resign { .. } => f.write_str("resign"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_record_md_reads_and_writes_back() {
        let moves = [
            r#"{"seat":0,"program":["stone","plank","dragon-white","move","move-2"]}"#,
            r#"{"seat":1,"stone":7}"#,
            r#"{"seat":2,"plank":4,"between":["red",5]}"#,
            r#"{"seat":2,"plank":6}"#,
            r#"{"seat":0,"take":{"plank":[5,19]}}"#,
            r#"{"seat":0,"take":{"stone":3}}"#,
            r#"{"seat":1,"to":["red"]}"#,
            r#"{"seat":1,"to":[["red",5],[5,19]]}"#,
            r#"{"seat":1,"resign":true}"#,
        ];
        for text in moves {
            let mv: Move = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(serde_json::to_string(&mv).unwrap(), text);
        }
        let reversed: Move = serde_json::from_str(r#"{"seat":2,"plank":4,"between":[5,"red"]}"#).unwrap();
        assert_eq!(serde_json::to_string(&reversed).unwrap(), r#"{"seat":2,"plank":4,"between":["red",5]}"#);
        for bad in [
            r#"{"stone":7}"#,
            r#"{"seat":1,"stone":7,"plank":3}"#,
            r#"{"seat":1,"between":["red",5]}"#,
            r#"{"seat":1,"to":[]}"#,
            r#"{"seat":1,"to":["red","green","blue"]}"#,
            r#"{"seat":1,"program":["stone","plank"]}"#,
            r#"{"seat":1,"resign":false}"#,
            r#"{"seat":1,"stones":7}"#,
        ] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
        // An action (the platform's form) names no seat.
        let action: Action = serde_json::from_str(r#"{"stone":7}"#).unwrap();
        assert_eq!(action, Action::Stone { stone: 7 });
        assert!(serde_json::from_str::<Action>(r#"{"seat":1,"stone":7}"#).is_err());
    }
}
