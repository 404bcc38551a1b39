//! Players' time: each game's turn clock (limits, reminders, time-outs; [`turn_clock`]), a seat's clock and its
//! alarms ([`player_clock`]), vacations ([`vacation`]), a player's zone and warnings ([`zones`]), their day worked
//! out in that zone ([`day`]), quiet hours ([`quiet`]) and the daily digest ([`digest`]).

pub(super) mod day;
pub(super) mod digest;
pub(super) mod player_clock;
pub(super) mod quiet;
pub(super) mod turn_clock;
pub(super) mod vacation;
pub(super) mod zones;

use crate::clock::{DAY, HOUR};
use crate::language::{List, Text};
use crate::service::seat::FairPlay;
use crate::service::ServiceError;
use crate::store::lease::Claim;
use crate::store::{self, GameRow, Tx};
use crate::text;
use day::DAY_HOURS;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// How often a player may ask to be reminded: every hour at most, every two weeks at least; and the default.
pub const REMINDER_HOURS: RangeInclusive<u32> = 1..=24 * 14;
pub const DEFAULT_REMINDER_HOURS: u32 = 24;

/// Ends the transaction in which an alarm's `claim` was handled: what it did committed with the claim released, or
/// rolled back when it failed (the claim left to run out, or to be set aside), the error returned for the caller to
/// judge. The outer error: the database failed.
async fn alarm_ended<C: Claim>(
    mut tx: Tx,
    claim: &C,
    by: &str,
    handled: Result<bool, ServiceError>,
) -> Result<Result<bool, ServiceError>, ServiceError> {
    match handled {
        Ok(acted) => {
            store::lease::release(&mut tx, claim, by).await?;
            tx.commit().await?;
            Ok(Ok(acted))
        }
        Err(e) => {
            tx.rollback().await?;
            Ok(Err(e))
        }
    }
}

/// `text` and, on a line of its own, the link to `row`'s thread, when it has one.
pub fn with_thread_link(text: Text, row: &GameRow) -> Text {
    match thread_link(row) {
        Some(link) => text!("play-lines", lines = List::Lines(vec![text.into(), Text::Said(link).into()])),
        None => text,
    }
}

/// The link to a game's thread, once it has one on a server.
pub fn thread_link(row: &GameRow) -> Option<String> {
    let (guild, thread) = row.guild_id.zip(row.thread_id)?;
    Some(format!("https://discord.com/channels/{guild}/{thread}"))
}

/// The refusal of a reminder interval out of bounds.
pub fn reminder_bounds(hours: u32) -> Text {
    text!("settings-reminder-bounds", min = *REMINDER_HOURS.start(), max = *REMINDER_HOURS.end(), hours = hours)
}

/// "2 days 5 hours", "3 hours", "less than an hour".
pub fn duration_words(ms: i64) -> Text {
    let hours = ms.max(0) / HOUR;
    let (days, hours) = (hours / 24, hours % 24);
    match (days, hours) {
        (0, 0) => text!("clock-less-than-an-hour"),
        (0, h) => text!("clock-hours", hours = h),
        (d, 0) => text!("clock-days", days = d),
        (d, h) => text!("clock-days-hours", days = d, hours = h),
    }
}

/// The refusal of an hour of the day out of bounds.
pub fn hour_bounds(hour: u32) -> Text {
    text!("settings-hour-bounds", min = *DAY_HOURS.start(), max = *DAY_HOURS.end(), hour = hour)
}

/// How long a turn may last, in days, and the default.
pub const TURN_LIMIT_DAYS: RangeInclusive<u32> = 1..=14;
pub const DEFAULT_TURN_LIMIT_DAYS: u32 = 3;
/// How long a choice within a turn may last (Dragon Delta's resolution), in hours, and the default.
pub const CHOICE_LIMIT_HOURS: RangeInclusive<u32> = 1..=72;
pub const DEFAULT_CHOICE_LIMIT_HOURS: u32 = 24;
/// The turn clock's options, the same for every game, stored beside the game's own options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    /// Days a player has for a turn before it is played for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_limit_days: Option<u32>,
    /// Hours a player has for a choice within a turn (Dragon Delta's resolution) before it is made for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice_limit_hours: Option<u32>,
    /// Hours between reminders to a player who is due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder_hours: Option<u32>,
    /// Undos and the reliability asked of players: the platform's other options, kept beside the clock's.
    #[serde(flatten)]
    pub fair_play: FairPlay,
}

impl TurnClock {
    /// Checks the limits a player chose.
    pub fn check(&self) -> Result<(), Text> {
        if let Some(days) = self.turn_limit_days.filter(|d| !TURN_LIMIT_DAYS.contains(d)) {
            let (min, max) = (*TURN_LIMIT_DAYS.start(), *TURN_LIMIT_DAYS.end());
            return Err(text!("clock-turn-limit-bounds", min = min, max = max, days = days));
        }
        if let Some(hours) = self.choice_limit_hours.filter(|h| !CHOICE_LIMIT_HOURS.contains(h)) {
            let (min, max) = (*CHOICE_LIMIT_HOURS.start(), *CHOICE_LIMIT_HOURS.end());
            return Err(text!("clock-choice-limit-bounds", min = min, max = max, hours = hours));
        }
        if let Some(hours) = self.reminder_hours.filter(|h| !REMINDER_HOURS.contains(h)) {
            return Err(reminder_bounds(hours));
        }
        self.fair_play.check()
    }

    /// How long a turn may last.
    pub fn turn_limit_ms(&self) -> i64 {
        i64::from(self.turn_limit_days.unwrap_or(DEFAULT_TURN_LIMIT_DAYS)) * DAY
    }

    /// How long a choice within a turn may last.
    pub fn choice_limit_ms(&self) -> i64 {
        i64::from(self.choice_limit_hours.unwrap_or(DEFAULT_CHOICE_LIMIT_HOURS)) * HOUR
    }

    /// How long between reminders.
    pub fn reminder_ms(&self) -> i64 {
        i64::from(self.reminder_hours.unwrap_or(DEFAULT_REMINDER_HOURS)) * HOUR
    }

    /// The clock stored with a game (its other options are the game's).
    pub fn of(row: &GameRow) -> Result<TurnClock, store::StoreError> {
        TurnClock::read(&row.options, format_args!("game #{}", row.id))
    }

    /// The clock in `options` stored as JSON for `whose` (a game, or a tournament's games).
    pub fn read(options: &str, whose: std::fmt::Arguments<'_>) -> Result<TurnClock, store::StoreError> {
        serde_json::from_str(options).map_err(|e| store::StoreError::Corrupt(format!("options of {whose}: {e}")))
    }
}
