//! Players' time (issue 46): each player's time zone, in which the times the bot writes for them are said, and the
//! warnings they get before a turn (or a choice) runs out: by default 12 hours and 1 hour before, or at the hours they
//! set. A warning is a seat's alarm like its reminder (`warn_at`, claimed with the seat's lease), so it is sent once
//! across restarts and processes, and it stops with the seat's clock when its player acts.

use super::{Service, ServiceError, User};
use crate::clock::HOUR;
use crate::language::{List, Text};
use crate::store::{self, players::PlayerRow};
use crate::text;
use jiff::tz::TimeZone;
use std::ops::RangeInclusive;

/// The hours before a turn runs out at which a warning may be set, and how many warnings at most.
pub const WARNING_HOURS: RangeInclusive<u32> = 1..=72;
pub const MAX_WARNINGS: usize = 3;
/// The warnings of a player who set none: 12 hours and 1 hour before.
pub const DEFAULT_WARNINGS: [u32; 2] = [12, 1];
/// What `settings warnings` takes for no warning at all.
const OFF: &str = "off";

/// Warning hours as a player types them ("24 4 1", "24,1", "off"): the largest first, each once; refused out of
/// [`WARNING_HOURS`] or beyond [`MAX_WARNINGS`].
pub fn read_warnings(typed: &str) -> Result<Vec<u32>, Text> {
    if typed.trim().eq_ignore_ascii_case(OFF) {
        return Ok(Vec::new());
    }
    let bounds = || {
        let (min, max) = (*WARNING_HOURS.start(), *WARNING_HOURS.end());
        text!(
            "settings-warnings-bounds",
            min = min,
            max = max,
            most = MAX_WARNINGS,
            typed = crate::language::as_typed(typed)
        )
    };
    let mut hours = typed
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<u32>().ok().filter(|h| WARNING_HOURS.contains(h)).ok_or_else(bounds))
        .collect::<Result<Vec<u32>, Text>>()?;
    hours.sort_unstable_by(|a, b| b.cmp(a));
    hours.dedup();
    match hours.len() {
        1..=MAX_WARNINGS => Ok(hours),
        _ => Err(bounds()),
    }
}

/// A player's warning hours: the default unless they set theirs ("" for none).
pub fn warnings_of(player: &PlayerRow) -> Vec<u32> {
    match player.warning_hours.as_deref() {
        None => DEFAULT_WARNINGS.to_vec(),
        Some(stored) => read_warnings(stored).unwrap_or_default(),
    }
}

/// When a turn ending at `deadline` next warns its player, after `now`: the earliest warning still to come (one
/// whose time has passed, while the bot was down, is not sent late: the next one will be).
pub fn next_warning(deadline: i64, now: i64, hours: &[u32]) -> Option<i64> {
    hours.iter().map(|&h| deadline - i64::from(h) * HOUR).filter(|&at| at > now).min()
}

/// The time zone an IANA name names (case-blind), from the database compiled in.
fn zone(name: &str) -> Option<TimeZone> {
    TimeZone::get(name).ok().filter(|tz| tz.iana_name().is_some())
}

/// The IANA names that contain what was typed (case-blind), the shortest first: for autocomplete.
pub fn zones_matching(typed: &str, limit: usize) -> Vec<String> {
    let typed = typed.trim().to_lowercase().replace(' ', "_");
    let mut names: Vec<String> = jiff::tz::db()
        .available()
        .map(|name| name.as_str().to_string())
        .filter(|name| name.to_lowercase().contains(&typed))
        .collect();
    names.sort_by_key(|name| (!name.to_lowercase().starts_with(&typed), name.len(), name.clone()));
    names.truncate(limit);
    names
}

/// `at` (Unix milliseconds) as a player reads it in their zone (`None`: UTC): "Tuesday at 14:05 (Europe/Paris)".
pub fn time_words(at: i64, zone_name: Option<&str>) -> Text {
    let tz = zone_name.and_then(zone).unwrap_or(TimeZone::UTC);
    let name = tz.iana_name().unwrap_or("UTC").to_string();
    let Ok(stamp) = jiff::Timestamp::from_millisecond(at) else { return Text::Said(String::new()) };
    let local = stamp.to_zoned_datetime(tz);
    let weekday = text!("clock-weekday", day = i64::from(local.weekday().to_monday_one_offset()));
    let time = format!("{:02}:{:02}", local.hour(), local.minute());
    text!("clock-at", weekday = weekday, time = time, zone = name)
}

impl Service {
    /// Sets the time zone `user`'s times are written in (`None`: back to UTC); returns its canonical name.
    pub async fn set_time_zone(&self, user: &User, zone_name: Option<&str>) -> Result<Option<String>, ServiceError> {
        let zone_name = match zone_name.map(str::trim).filter(|z| !z.is_empty()) {
            None => None,
            Some(typed) => {
                let unknown = || text!("settings-time-zone-unknown", zone = crate::language::as_typed(typed));
                let tz = zone(typed).ok_or_else(|| ServiceError::Settings(unknown()))?;
                tz.iana_name().map(String::from)
            }
        };
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user.id).await?;
        store::players::put(&mut tx, user.id, &PlayerRow { time_zone: zone_name.clone(), ..player }).await?;
        tx.commit().await?;
        Ok(zone_name)
    }

    /// Sets the hours before a turn runs out at which `user` is warned ("24 4 1", "off"; `None`: back to the
    /// default); returns them, the largest first. Turns already running keep their next warning.
    pub async fn set_warnings(&self, user: &User, typed: Option<&str>) -> Result<Vec<u32>, ServiceError> {
        let hours = typed.map(read_warnings).transpose().map_err(ServiceError::Settings)?;
        let stored = hours.as_ref().map(|h| h.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user.id).await?;
        let player = PlayerRow { warning_hours: stored, ..player };
        store::players::put(&mut tx, user.id, &player).await?;
        tx.commit().await?;
        Ok(warnings_of(&player))
    }
}

/// The words of a player's warnings: "12 and 1", or that there are none.
pub fn warnings_words(hours: &[u32]) -> Text {
    match hours.is_empty() {
        true => text!("settings-warnings-off"),
        false => text!("settings-warnings", hours = List::and(hours.iter().map(u32::to_string))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Lang;

    #[test]
    fn warning_hours_read_as_typed_largest_first() {
        assert_eq!(read_warnings("1 24 4"), Ok(vec![24, 4, 1]));
        assert_eq!(read_warnings("12,1,12"), Ok(vec![12, 1]));
        assert_eq!(read_warnings(" OFF "), Ok(vec![]));
        for bad in ["", "0", "73", "1 2 3 4", "soon"] {
            assert!(read_warnings(bad).is_err(), "{bad:?}");
        }
        assert_eq!(warnings_of(&PlayerRow::default()), [12, 1]);
        let none = PlayerRow { warning_hours: Some(String::new()), ..PlayerRow::default() };
        assert!(warnings_of(&none).is_empty());
    }

    #[test]
    fn the_next_warning_is_the_earliest_still_to_come() {
        let deadline = 100 * HOUR;
        assert_eq!(next_warning(deadline, 0, &[12, 1]), Some(88 * HOUR));
        assert_eq!(next_warning(deadline, 88 * HOUR, &[12, 1]), Some(99 * HOUR), "the 12-hour one was sent");
        assert_eq!(next_warning(deadline, 95 * HOUR, &[12, 1]), Some(99 * HOUR), "a late tick skips to the next");
        assert_eq!(next_warning(deadline, 99 * HOUR, &[12, 1]), None);
        assert_eq!(next_warning(deadline, 0, &[]), None);
    }

    /// Paris is UTC+2 in summer and UTC+1 in winter (the last Sundays of March and October change it).
    #[test]
    fn times_are_said_in_the_players_zone_across_daylight_saving_time() {
        let say = |at: i64, zone: Option<&str>, lang: Lang| lang.say(&time_words(at, zone));
        let july = 1_783_508_400_000; // Wednesday 8 July 2026, 11:00 UTC
        assert_eq!(say(july, Some("Europe/Paris"), Lang::En), "Wednesday at 13:00 (Europe/Paris)");
        assert_eq!(say(july, Some("europe/paris"), Lang::Fr), "mercredi à 13:00 (Europe/Paris)");
        assert_eq!(say(july, None, Lang::Nl), "woensdag om 11:00 (UTC)");
        let december = july + 150 * 24 * HOUR; // Saturday 5 December 2026, 11:00 UTC
        assert_eq!(say(december, Some("Europe/Paris"), Lang::En), "Saturday at 12:00 (Europe/Paris)");
        assert_eq!(say(december, Some("America/New_York"), Lang::En), "Saturday at 06:00 (America/New_York)");
        assert_eq!(zones_matching("paris", 25), ["Europe/Paris"]);
        assert_eq!(zones_matching("new_y", 25), ["America/New_York"]);
        assert_eq!(zones_matching("europe/", 3).len(), 3);
    }
}
