//! Players' time (issue 46): each player's time zone, in which the times the bot writes for them are said
//! ([`crate::service::time::day`]), and the warnings they get before a turn (or a choice) runs out: by default 12 hours and 1 hour
//! before, or at the hours they set. A warning is a seat's alarm like its reminder (`warn_at`, claimed with the seat's
//! lease), so it is sent once across restarts and processes, and it stops with the seat's clock when its player acts.

use crate::language::{List, Text};
use crate::service::{Service, ServiceError, User};
use crate::store::players::PlayerRow;
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

/// The time zone an IANA name names (case-blind), from the database compiled in.
pub(in crate::service) fn zone(name: &str) -> Option<TimeZone> {
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
        // The digest's hour and quiet hours are in the zone: their alarms move with it.
        let zone = zone_name.clone();
        self.change_day(user, |player| PlayerRow { time_zone: zone, ..player }).await?;
        Ok(zone_name)
    }

    /// Sets the hours before a turn runs out at which `user` is warned ("24 4 1", "off"; `None`: back to the
    /// default); returns them, the largest first. Turns already running are warned at the new hours.
    pub async fn set_warnings(&self, user: &User, typed: Option<&str>) -> Result<Vec<u32>, ServiceError> {
        let hours = typed.map(read_warnings).transpose().map_err(ServiceError::Settings)?;
        let stored = hours.as_ref().map(|h| h.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        let player = self.change_day(user, |player| PlayerRow { warning_hours: stored, ..player }).await?;
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
    fn zones_are_found_by_part_of_their_name() {
        assert_eq!(zones_matching("paris", 25), ["Europe/Paris"]);
        assert_eq!(zones_matching("new_y", 25), ["America/New_York"]);
        assert_eq!(zones_matching("europe/", 3).len(), 3);
    }
}
