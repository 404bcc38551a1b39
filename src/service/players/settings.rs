//! A player's settings: private messages on or off, their reminder interval and the colours of their pictures, and
//! every setting of theirs in words, one a line (`/settings show`).

use crate::clock::{year_of, DAY};
use crate::language::{Arg, Lang, List, Text};
use crate::pictures::Palette;
use crate::service::time::day::{hour_words, PlayerTime};
use crate::service::time::vacation::DAYS_A_YEAR;
use crate::service::time::zones::warnings_of;
use crate::service::time::{reminder_bounds, REMINDER_HOURS};
use crate::service::{Service, ServiceError};
use crate::store::{self, players::PlayerRow};
use crate::text;

impl Service {
    /// Changes a player's settings: private messages on or off, their reminder interval (hours).
    pub async fn settings(
        &self,
        user_id: i64,
        dms: Option<bool>,
        reminder_hours: Option<u32>,
    ) -> Result<(), ServiceError> {
        if let Some(h) = reminder_hours.filter(|h| !REMINDER_HOURS.contains(h)) {
            return Err(ServiceError::Settings(reminder_bounds(h)));
        }
        self.change_player(user_id, |player| PlayerRow {
            dms: dms.unwrap_or(player.dms),
            reminder_hours: reminder_hours.map(i64::from).or(player.reminder_hours),
            ..player
        })
        .await
    }

    /// Every setting of `user_id`'s, in words, one a line: private messages, reminders, warnings, time zone,
    /// language (`locale`: the one Discord says they use) and vacation.
    pub async fn settings_shown(&self, user_id: i64, locale: Lang) -> Result<Text, ServiceError> {
        let mut tx = self.store.read().await?;
        let player = store::players::get(&mut tx, user_id).await?;
        let now = self.now();
        let on = if player.dms { "yes" } else { "no" };
        let reminders = match player.reminder_hours {
            Some(hours) => text!("settings-shown-reminders", hours = hours),
            None => text!("settings-shown-reminders-game"),
        };
        let hours = warnings_of(&player);
        let warnings = match hours.is_empty() {
            true => text!("settings-shown-warnings-off"),
            false => text!("settings-shown-warnings", hours = List::and(hours.iter().map(u32::to_string))),
        };
        let zone = player.time_zone.clone().unwrap_or_else(|| "UTC".into());
        let time = PlayerTime::of(&player);
        let quiet = match time.quiet() {
            Some(q) => text!("settings-shown-quiet", from = hour_words(q.from, 0), to = hour_words(q.to, 0)),
            None => text!("settings-shown-quiet-off"),
        };
        let digest = match time.digest() {
            Some(hour) => text!("settings-shown-digest", at = hour_words(hour, 0)),
            None => text!("settings-shown-digest-off"),
        };
        let lang = player.lang().unwrap_or(locale);
        let vacation = match player.vacation_until.filter(|&until| until > now) {
            Some(until) => text!("settings-shown-vacation", until = format!("<t:{}:f>", until / 1000)),
            None => {
                let used = if player.vacation_year == Some(year_of(now)) { player.vacation_used_ms } else { 0 };
                text!("settings-shown-no-vacation", left = (DAYS_A_YEAR * DAY - used) / DAY)
            }
        };
        let lines = [
            text!("settings-shown-dms", on = on),
            reminders,
            warnings,
            text!("settings-shown-zone", zone = zone),
            quiet,
            digest,
            text!("settings-shown-language", language = lang.word("language-name")),
            match player.palette() {
                Some(palette) => text!("settings-shown-colours", colours = palette.name()),
                None => text!("settings-shown-colours-game"),
            },
            vacation,
        ];
        Ok(text!("settings-shown", lines = List::Lines(lines.into_iter().map(Arg::from).collect())))
    }

    /// The colours a player chose for the pictures sent to them (`None`: each game's).
    pub async fn choose_colours(&self, user_id: i64, chosen: Option<Palette>) -> Result<(), ServiceError> {
        self.change_player(user_id, |player| PlayerRow { colours: chosen.map(|p| p.name().to_string()), ..player })
            .await
    }
}
