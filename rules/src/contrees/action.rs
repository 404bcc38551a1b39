//! A move of Contrées as the record writes it (record.md): a land, a tower, a pass, a time-out or a resignation.

use super::hex::{Land, Spot};
use crate::record::True;
use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One move. Read through [`Raw`], so that a move with a key of another form (`{"tower": …, "pass": true}`) is refused
/// rather than read as the first form that fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged, try_from = "Raw")]
pub enum Action {
    /// Phase 1: lay one of the mover's lands (`white`: their white land, in the expert game).
    Land {
        land: Land,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        white: bool,
    },
    /// Phase 2: place a tower on an empty spot.
    Tower { tower: Spot },
    /// Phase 2, only with no tower left or no legal spot.
    Pass { pass: True },
    /// Phase 2: the mover's time ran out; nothing is placed [digital].
    Timeout { timeout: True },
    /// Either phase: the mover (or `seat`, out of turn too) resigns and loses.
    Resign {
        resign: True,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
}

/// Every key a move may have; exactly one form's keys must be there.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    land: Option<Land>,
    white: Option<bool>,
    tower: Option<Spot>,
    pass: Option<True>,
    timeout: Option<True>,
    resign: Option<True>,
    seat: Option<Seat>,
}

impl TryFrom<Raw> for Action {
    type Error = &'static str;

    fn try_from(raw: Raw) -> Result<Action, &'static str> {
        let Raw { land, white, tower, pass, timeout, resign, seat } = raw;
        // `white` belongs to a land only, `seat` to a resignation only.
        let bare = white.is_none() && seat.is_none();
        match (land, tower, pass, timeout, resign) {
            (Some(land), None, None, None, None) if seat.is_none() => {
                Ok(Action::Land { land, white: white.unwrap_or(false) })
            }
            (None, Some(tower), None, None, None) if bare => Ok(Action::Tower { tower }),
            (None, None, Some(pass), None, None) if bare => Ok(Action::Pass { pass }),
            (None, None, None, Some(timeout), None) if bare => Ok(Action::Timeout { timeout }),
            (None, None, None, None, Some(resign)) if white.is_none() => Ok(Action::Resign { resign, seat }),
            _ => Err("a move is one of {\"land\": [q, r]} (with \"white\"), {\"tower\": [q, r, \"N\"|\"S\"]}, \
                      {\"pass\": true}, {\"timeout\": true}, {\"resign\": true} (with \"seat\")"),
        }
    }
}

impl Action {
    pub fn land(at: Land) -> Action {
        Action::Land { land: at, white: false }
    }

    pub fn tower(at: Spot) -> Action {
        Action::Tower { tower: at }
    }

    pub const PASS: Action = Action::Pass { pass: True };
    pub const TIMEOUT: Action = Action::Timeout { timeout: True };
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Land { land, white: false } => write!(f, "land {land}"),
            Action::Land { land, white: true } => write!(f, "white land {land}"),
            Action::Tower { tower } => write!(f, "tower {tower}"),
            Action::Pass { .. } => f.write_str("pass"),
            Action::Timeout { .. } => f.write_str("time-out"),
            Action::Resign { seat: None, .. } => f.write_str("resign"),
            Action::Resign { seat: Some(s), .. } => write!(f, "seat {s} resigns"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_record_md_reads_and_writes_back() {
        let forms = [
            r#"{"land":[0,0]}"#,
            r#"{"land":[1,-1],"white":true}"#,
            r#"{"tower":[0,0,"N"]}"#,
            r#"{"pass":true}"#,
            r#"{"timeout":true}"#,
            r#"{"resign":true,"seat":1}"#,
            r#"{"resign":true}"#,
        ];
        for text in forms {
            let action: Action = serde_json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&action).unwrap(), text);
        }
        assert!(serde_json::from_str::<Action>(r#"{"pass":false}"#).is_err());
        assert!(serde_json::from_str::<Action>(r#"{"tower":[0,0,"E"]}"#).is_err());
        // Two forms at once is no move.
        assert!(serde_json::from_str::<Action>(r#"{"tower":[0,0,"N"],"pass":true}"#).is_err());
        assert!(serde_json::from_str::<Action>(r#"{"pass":true,"white":true}"#).is_err());
    }
}
