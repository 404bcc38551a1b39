//! A player's day (issue 46): the times their settings fix in their own zone, worked out across changes of
//! daylight-saving time by the IANA database compiled in (jiff). When their quiet hours are, when each warning before
//! a turn runs out comes (moved before quiet hours rather than into them), and when their daily digest comes (at
//! their hour, or when quiet hours end if that hour is quiet). Pure: the service stores and rings what this decides.

use crate::language::Text;
use crate::service::time::zones::{warnings_of, zone};
use crate::store::players::PlayerRow;
use crate::text;
use jiff::tz::TimeZone;
use jiff::{civil::Date, Timestamp, ZonedDateTime};
use std::ops::RangeInclusive;

/// The hours of a day, as `settings quiet` and `settings digest` take them.
pub const DAY_HOURS: RangeInclusive<u32> = 0..=23;
/// A warning that would fall in quiet hours comes this long before they begin (the turn clock looks every few
/// seconds: well before, whatever it is doing).
pub const BEFORE_QUIET_MS: i64 = 15 * 60_000;

/// Quiet hours: from `from`:00 to `to`:00 in the player's zone, over midnight when `to` is the smaller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuietHours {
    pub from: u32,
    pub to: u32,
}

impl QuietHours {
    fn hold(self, hour: u32) -> bool {
        match self.from < self.to {
            true => (self.from..self.to).contains(&hour),
            false => hour >= self.from || hour < self.to,
        }
    }
}

/// What a player's settings fix in their day.
#[derive(Debug, Clone)]
pub struct PlayerTime {
    zone: TimeZone,
    quiet: Option<QuietHours>,
    digest: Option<u32>,
    warnings: Vec<u32>,
}

fn hour_of(stored: Option<i64>) -> Option<u32> {
    stored.and_then(|h| u32::try_from(h).ok()).filter(|h| DAY_HOURS.contains(h))
}

impl PlayerTime {
    pub fn of(player: &PlayerRow) -> PlayerTime {
        let quiet = hour_of(player.quiet_from).zip(hour_of(player.quiet_to)).map(|(from, to)| QuietHours { from, to });
        PlayerTime {
            zone: player.time_zone.as_deref().and_then(zone).unwrap_or(TimeZone::UTC),
            quiet: quiet.filter(|q| q.from != q.to),
            digest: hour_of(player.digest_hour),
            warnings: warnings_of(player),
        }
    }

    fn local(&self, at: i64) -> ZonedDateTime {
        let stamp = Timestamp::from_millisecond(at).unwrap_or(Timestamp::UNIX_EPOCH);
        stamp.to_zoned_datetime(self.zone.clone())
    }

    /// `hour`:00 on `date` in the player's zone (a time skipped by daylight-saving time: just after the skip).
    fn at_hour(&self, date: Date, hour: u32) -> Option<i64> {
        let at = date.at(hour as i8, 0, 0, 0).to_zoned_datetime(self.zone.clone()).ok()?;
        Some(at.timestamp().as_millisecond())
    }

    /// The first `hour`:00 in the player's zone after `after`.
    fn next_at_hour(&self, after: i64, hour: u32) -> i64 {
        let mut date = self.local(after).date();
        loop {
            match self.at_hour(date, hour) {
                Some(at) if at > after => return at,
                _ => date = date.tomorrow().unwrap_or(date),
            }
        }
    }

    /// The last `hour`:00 in the player's zone at or before `at`.
    fn last_at_hour(&self, at: i64, hour: u32) -> i64 {
        let mut date = self.local(at).date();
        loop {
            match self.at_hour(date, hour) {
                Some(then) if then <= at => return then,
                _ => date = date.yesterday().unwrap_or(date),
            }
        }
    }

    /// When the quiet hours `at` falls in end; `None` when it falls in none.
    pub fn quiet_ends(&self, at: i64) -> Option<i64> {
        let quiet = self.quiet.filter(|q| q.hold(self.local(at).hour() as u32))?;
        Some(self.next_at_hour(at, quiet.to))
    }

    /// When the quiet hours `at` falls in began; `None` when it falls in none.
    fn quiet_began(&self, at: i64) -> Option<i64> {
        let quiet = self.quiet.filter(|q| q.hold(self.local(at).hour() as u32))?;
        Some(self.last_at_hour(at, quiet.from))
    }

    /// When a turn ending at `deadline` next warns its player, after `now`: the earliest warning still to come, a
    /// warning that would fall in quiet hours coming [`BEFORE_QUIET_MS`] before they begin. One whose time has passed
    /// (while the bot was down, or before a turn that began in quiet hours) is not sent late: the next one will be.
    pub fn next_warning(&self, deadline: i64, now: i64) -> Option<i64> {
        let moved = |at: i64| self.quiet_began(at).map_or(at, |began| began - BEFORE_QUIET_MS);
        self.warnings.iter().map(|&h| moved(deadline - i64::from(h) * crate::clock::HOUR)).filter(|&at| at > now).min()
    }

    /// When the player's next daily digest comes after `after`: at their hour, or when quiet hours end if it is
    /// quiet then; `None` without a digest.
    pub fn next_digest(&self, after: i64) -> Option<i64> {
        let at = self.next_at_hour(after, self.digest?);
        Some(self.quiet_ends(at).unwrap_or(at))
    }

    /// The player's quiet hours and digest hour, as set.
    pub fn quiet(&self) -> Option<QuietHours> {
        self.quiet
    }

    pub fn digest(&self) -> Option<u32> {
        self.digest
    }

    /// `at` (Unix milliseconds) as the player reads it in their zone: "Tuesday at 14:05 (Europe/Paris)".
    pub fn words(&self, at: i64) -> Text {
        let local = self.local(at);
        let weekday = text!("clock-weekday", day = i64::from(local.weekday().to_monday_one_offset()));
        let name = self.zone.iana_name().unwrap_or("UTC").to_string();
        text!("clock-at", weekday = weekday, time = hour_words(local.hour() as u32, local.minute() as u32), zone = name)
    }
}

/// "09:05".
pub fn hour_words(hour: u32, minute: u32) -> String {
    format!("{hour:02}:{minute:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::HOUR;
    use crate::language::Lang;

    fn player(zone: Option<&str>, quiet: Option<(i64, i64)>, digest: Option<i64>, warnings: &str) -> PlayerTime {
        PlayerTime::of(&PlayerRow {
            time_zone: zone.map(String::from),
            quiet_from: quiet.map(|q| q.0),
            quiet_to: quiet.map(|q| q.1),
            digest_hour: digest,
            warning_hours: Some(warnings.into()),
            ..PlayerRow::default()
        })
    }

    /// Unix milliseconds of a UTC date and hour.
    fn utc(y: i16, m: i8, d: i8, h: i8) -> i64 {
        jiff::civil::date(y, m, d).at(h, 0, 0, 0).to_zoned_datetime(TimeZone::UTC).unwrap().timestamp().as_millisecond()
    }

    #[test]
    fn the_next_warning_is_the_earliest_still_to_come() {
        let utc_player = player(None, None, None, "12 1");
        let deadline = 100 * HOUR;
        assert_eq!(utc_player.next_warning(deadline, 0), Some(88 * HOUR));
        assert_eq!(utc_player.next_warning(deadline, 88 * HOUR), Some(99 * HOUR), "the 12-hour one was sent");
        assert_eq!(utc_player.next_warning(deadline, 95 * HOUR), Some(99 * HOUR), "a late tick skips to the next");
        assert_eq!(utc_player.next_warning(deadline, 99 * HOUR), None);
        assert_eq!(player(None, None, None, "").next_warning(deadline, 0), None);
    }

    /// Paris is UTC+1 in winter and UTC+2 in summer; the clocks change on the last Sundays of March (29 March
    /// 2026, 02:00 -> 03:00) and October (25 October 2026, 03:00 -> 02:00), both inside quiet hours 22-8.
    #[test]
    fn quiet_hours_in_paris_across_daylight_saving_time() {
        let paris = player(Some("Europe/Paris"), Some((22, 8)), Some(9), "12 1");
        // Saturday 28 March, 22:00 CET is 21:00 UTC; Sunday 29 March, 08:00 CEST is 06:00 UTC.
        assert_eq!(paris.quiet_ends(utc(2026, 3, 28, 20)), None, "21:00 in Paris");
        assert_eq!(paris.quiet_ends(utc(2026, 3, 28, 21)), Some(utc(2026, 3, 29, 6)));
        assert_eq!(paris.quiet_ends(utc(2026, 3, 29, 5)), Some(utc(2026, 3, 29, 6)), "07:00 in Paris");
        assert_eq!(paris.quiet_ends(utc(2026, 3, 29, 6)), None, "08:00 in Paris");
        // Saturday 24 October, 22:00 CEST is 20:00 UTC; Sunday 25 October, 08:00 CET is 07:00 UTC.
        assert_eq!(paris.quiet_ends(utc(2026, 10, 24, 19)), None);
        assert_eq!(paris.quiet_ends(utc(2026, 10, 24, 20)), Some(utc(2026, 10, 25, 7)));
        assert_eq!(paris.quiet_ends(utc(2026, 10, 25, 6)), Some(utc(2026, 10, 25, 7)), "07:00 in Paris");
        assert_eq!(paris.quiet_ends(utc(2026, 10, 25, 7)), None);
        // The digest at 09:00 Paris time, whatever the season.
        assert_eq!(paris.next_digest(utc(2026, 3, 28, 12)), Some(utc(2026, 3, 29, 7)));
        assert_eq!(paris.next_digest(utc(2026, 10, 24, 12)), Some(utc(2026, 10, 25, 8)));
        // A digest hour inside quiet hours comes when they end.
        let early = player(Some("Europe/Paris"), Some((22, 8)), Some(6), "12 1");
        assert_eq!(early.next_digest(utc(2026, 3, 28, 12)), Some(utc(2026, 3, 29, 6)));
        // Quiet hours that do not cross midnight.
        let siesta = player(Some("Europe/Paris"), Some((13, 15)), None, "12 1");
        assert_eq!(siesta.quiet_ends(utc(2026, 7, 8, 11)), Some(utc(2026, 7, 8, 13)), "13:00 in Paris");
        assert_eq!(siesta.quiet_ends(utc(2026, 7, 8, 13)), None);
    }

    #[test]
    fn a_warning_that_would_fall_in_quiet_hours_comes_before_they_begin() {
        let paris = player(Some("Europe/Paris"), Some((22, 8)), None, "12 1");
        // A turn ending on Sunday 29 March at 12:00 Paris time (10:00 UTC): its 12-hour warning (Sunday 00:00 Paris)
        // comes on Saturday at 21:45 Paris time (20:45 UTC), its 1-hour one at 11:00 as due.
        let deadline = utc(2026, 3, 29, 10);
        let first = utc(2026, 3, 28, 20) + 45 * 60_000;
        assert_eq!(paris.next_warning(deadline, utc(2026, 3, 28, 0)), Some(first));
        assert_eq!(paris.next_warning(deadline, first), Some(utc(2026, 3, 29, 9)));
        // A turn that began in quiet hours: the 12-hour warning, moved before them, has passed; the next comes.
        assert_eq!(paris.next_warning(deadline, utc(2026, 3, 28, 23)), Some(utc(2026, 3, 29, 9)));
        assert_eq!(Lang::En.say(&paris.words(first)), "Saturday at 21:45 (Europe/Paris)");
    }

    #[test]
    fn times_are_said_in_the_players_zone() {
        let say = |at: i64, zone: Option<&str>, lang: Lang| lang.say(&player(zone, None, None, "").words(at));
        let july = utc(2026, 7, 8, 11);
        assert_eq!(say(july, Some("Europe/Paris"), Lang::En), "Wednesday at 13:00 (Europe/Paris)");
        assert_eq!(say(july, Some("europe/paris"), Lang::Fr), "mercredi à 13:00 (Europe/Paris)");
        assert_eq!(say(july, None, Lang::Nl), "woensdag om 11:00 (UTC)");
        let december = utc(2026, 12, 5, 11);
        assert_eq!(say(december, Some("Europe/Paris"), Lang::En), "Saturday at 12:00 (Europe/Paris)");
        assert_eq!(say(december, Some("America/New_York"), Lang::En), "Saturday at 06:00 (America/New_York)");
    }
}
