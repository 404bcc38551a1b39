//! Meridian in the service: its options, rebuilding a game from the store, and moves told in words.

use crate::rules::meridian::record::{BoardSpec, Tag};
use crate::rules::meridian::state::PLAYERS;
use crate::rules::meridian::{Direction, Meridian, Move, Played, Record};
use crate::store::{GameRow, MoveRow, StoreError};
use serde::{Deserialize, Serialize};

/// Options chosen when a lobby opens.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The board; the standard one for the player count when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSpec>,
    /// Days a player has for a turn before it passes by itself (1 to 14; default 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit_days: Option<u32>,
    /// Hours between reminders to the player to move (default 24).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder_hours: Option<u32>,
}

pub const HOUR_MS: i64 = 3_600_000;
/// How often a player may ask to be reminded: every hour at most, every two weeks at least.
pub const REMINDER_HOURS: std::ops::RangeInclusive<u32> = 1..=24 * 14;

impl Options {
    /// Checks the limits a player chose.
    pub fn check(&self) -> Result<(), String> {
        if let Some(days) = self.turn_limit_days.filter(|d| !(1..=14).contains(d)) {
            return Err(format!("a turn limit is 1 to 14 days, not {days}"));
        }
        if let Some(hours) = self.reminder_hours.filter(|h| !REMINDER_HOURS.contains(h)) {
            return Err(format!("reminders come every 1 to 336 hours, not {hours}"));
        }
        Ok(())
    }

    /// How long a turn may last.
    pub fn turn_limit_ms(&self) -> i64 {
        i64::from(self.turn_limit_days.unwrap_or(3)) * 24 * HOUR_MS
    }

    /// How long between reminders.
    pub fn reminder_ms(&self) -> i64 {
        i64::from(self.reminder_hours.unwrap_or(24)) * HOUR_MS
    }
}

impl Options {
    /// The options stored with a game.
    pub fn of(row: &GameRow) -> Result<Options, StoreError> {
        serde_json::from_str(&row.options).map_err(|e| StoreError::Corrupt(format!("options of game #{}: {e}", row.id)))
    }
}

pub const MIN_PLAYERS: usize = *PLAYERS.start();
pub const MAX_PLAYERS: usize = *PLAYERS.end();

/// The record of a stored game (decks dealt from its seed) with its first moves.
pub fn record(names: Vec<String>, options: &Options, seed: u64, moves: &[MoveRow]) -> Result<Record, StoreError> {
    let moves = moves
        .iter()
        .map(|m| serde_json::from_str(&m.action).map_err(|e| StoreError::Corrupt(format!("move {}: {e}", m.seq))))
        .collect::<Result<Vec<Move>, StoreError>>()?;
    Ok(Record {
        game: Tag::Meridian,
        players: names,
        board: options.board.clone(),
        seed: Some(seed),
        decks: None,
        moves,
    })
}

/// Replays a stored record, returning the game and what each move did.
pub fn replay(record: &Record) -> Result<(Meridian, Vec<Played>), StoreError> {
    let mut history = Vec::with_capacity(record.moves.len());
    let game = record
        .replay_with(|_, played| history.push(played.clone()))
        .map_err(|e| StoreError::Corrupt(format!("stored game does not replay: {e}")))?;
    Ok((game, history))
}

fn name(names: &[String], seat: u8) -> &str {
    names.get(usize::from(seat)).map_or("?", String::as_str)
}

/// One line for the thread: "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2 south".
pub fn describe(played: &Played, names: &[String]) -> String {
    let who = name(names, played.seat);
    let card = played.card;
    let floors = |h: u8| if h == 1 { "1-floor".to_string() } else { format!("{h}-floor") };
    let mut parts = Vec::new();
    if let Some((city, t)) = played.taken_back {
        parts.push(format!("took back their {} tower at {city}", floors(t.height)));
    }
    if let Some((city, t)) = played.placed {
        parts.push(format!("a {} tower at {city}", floors(t.height)));
    }
    if parts.is_empty() {
        return format!("{who} passed, discarding {card}");
    }
    let meridian = played.placed.or(played.taken_back).map(|(c, _)| c.meridian).unwrap_or_default();
    let mut line = format!("{who} played {card} on meridian {meridian}: {}", parts.join(", then "));
    if let Some(first) = played.pushed.first() {
        let direction = if first.to.row < first.from.row { Direction::North } else { Direction::South };
        // Pushes are listed farthest first; tell them nearest first, as players see them.
        let pushed: Vec<String> =
            played.pushed.iter().rev().map(|p| format!("{}'s {}", name(names, p.tower.seat), p.tower.height)).collect();
        line.push_str(&format!(", pushing {} {direction}", pushed.join(" and ")));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::meridian::{City, Pushed, Tower};

    #[test]
    fn moves_in_words() {
        let names: Vec<String> = ["ana", "ben", "cy"].map(String::from).to_vec();
        let at = |meridian, row| City { meridian, row };
        let placed = Played {
            seat: 0,
            card: "4-5-6-7".parse().unwrap(),
            taken_back: None,
            placed: Some((at(6, 2), Tower { seat: 0, height: 3 })),
            pushed: vec![
                Pushed { tower: Tower { seat: 2, height: 1 }, from: at(6, 3), to: at(6, 4) },
                Pushed { tower: Tower { seat: 1, height: 2 }, from: at(6, 2), to: at(6, 3) },
            ],
        };
        assert_eq!(
            describe(&placed, &names),
            "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2 and cy's 1 south"
        );
        let pass = Played { seat: 1, card: "10".parse().unwrap(), taken_back: None, placed: None, pushed: vec![] };
        assert_eq!(describe(&pass, &names), "ben passed, discarding 10");
        let back = Played {
            seat: 2,
            card: "1".parse().unwrap(),
            taken_back: Some((at(1, 1), Tower { seat: 2, height: 4 })),
            placed: Some((at(1, 2), Tower { seat: 2, height: 2 })),
            pushed: vec![],
        };
        assert_eq!(
            describe(&back, &names),
            "cy played 1 on meridian 1: took back their 4-floor tower at 1.1, then a 2-floor tower at 1.2"
        );
    }
}
