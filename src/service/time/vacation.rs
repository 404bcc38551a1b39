//! Vacations: a player away pauses the turn limits and reminders of all their games, at most 14 days a calendar
//! year, and the other players are told.

use crate::clock::{year_of, DAY, HOUR};
use crate::language::{Arg, Lang, List, Text};
use crate::pictures::Palette;
use crate::service::time::day::{hour_words, PlayerTime};
use crate::service::time::zones::warnings_of;
use crate::service::time::{reminder_bounds, REMINDER_HOURS};
use crate::service::{Effect, Service, ServiceError, TurnClock, User};
use crate::store::{self, players::PlayerRow, Status};
use crate::text;

pub const DAYS_A_YEAR: i64 = 14;

/// How long between `player`'s reminders in a game of `clock`: their own interval, else the game's.
pub(in crate::service) fn reminder_every(player: &PlayerRow, clock: &TurnClock) -> i64 {
    player.reminder_hours.map_or(clock.reminder_ms(), |h| h * HOUR)
}

impl Service {
    /// Starts (or lengthens) `user`'s vacation by `days`. Returns when it ends.
    pub async fn vacation(&self, user: &User, days: u32) -> Result<i64, ServiceError> {
        let days = i64::from(days);
        if !(1..=DAYS_A_YEAR).contains(&days) {
            return Err(ServiceError::Settings(text!("vacation-bounds", max = DAYS_A_YEAR)));
        }
        let now = self.now();
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user.id).await?;
        let year = year_of(now);
        let used = if player.vacation_year == Some(year) { player.vacation_used_ms } else { 0 };
        let length = days * DAY;
        if used + length > DAYS_A_YEAR * DAY {
            let left = (DAYS_A_YEAR * DAY - used) / DAY;
            return Err(ServiceError::Settings(text!("vacation-left", left = left)));
        }
        let until = now.max(player.vacation_until.unwrap_or(0)) + length;
        let row = PlayerRow {
            vacation_until: Some(until),
            vacation_year: Some(year),
            vacation_used_ms: used + length,
            ..player
        };
        store::players::put(&mut tx, user.id, &row).await?;
        for game in store::games::of_user(&mut tx, user.id, None, &[Status::Active]).await? {
            // Locked (newest first, as every transaction touching several games does) before its clocks move, so
            // that a move under way finishes first and then sees the vacation.
            let game = Service::row(&mut tx, game.id).await?;
            let (id, version) = (game.id, game.version);
            // Only a running clock moves (a seat that is not due has none).
            for seat in store::seats::of_game(&mut tx, id).await?.iter().filter(|s| s.user_id == user.id) {
                store::seats::delay_clock(&mut tx, id, seat.seat, length).await?;
            }
            let text = text!("vacation-said", who = &user.name, days = days);
            self.push(&mut tx, id, version, &Effect::text(text)).await?;
        }
        tx.commit().await?;
        Ok(until)
    }

    /// When `user_id`'s turn clock may start (now, or the end of their vacation), and their reminder interval.
    pub(in crate::service) async fn turn_clock_of(
        &self,
        conn: &mut store::Tx,
        user_id: i64,
        clock: &TurnClock,
    ) -> Result<(i64, i64), ServiceError> {
        let player = store::players::get(conn, user_id).await?;
        let start = self.now().max(player.vacation_until.unwrap_or(0));
        Ok((start, reminder_every(&player, clock)))
    }

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
        let mut tx = self.store.write().await?;
        let mut player = store::players::get(&mut tx, user_id).await?;
        player.dms = dms.unwrap_or(player.dms);
        player.reminder_hours = reminder_hours.map(i64::from).or(player.reminder_hours);
        store::players::put(&mut tx, user_id, &player).await?;
        tx.commit().await?;
        Ok(())
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

    /// The language a player chose for their private messages and reminders (`None`: the one Discord says they use).
    pub async fn choose_language(&self, user_id: i64, chosen: Option<Lang>) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user_id).await?;
        let row = PlayerRow { chosen_lang: chosen.map(|l| l.code().to_string()), ..player };
        store::players::put(&mut tx, user_id, &row).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The colours a player chose for the pictures sent to them (`None`: each game's).
    pub async fn choose_colours(&self, user_id: i64, chosen: Option<Palette>) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user_id).await?;
        let row = PlayerRow { colours: chosen.map(|p| p.name().to_string()), ..player };
        store::players::put(&mut tx, user_id, &row).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The language to answer a player in: the one they chose, else `locale` (the one Discord says they use now).
    pub async fn speaks(&self, user_id: i64, locale: Lang) -> Result<Lang, ServiceError> {
        let mut tx = self.store.read().await?;
        let chosen = store::players::get(&mut tx, user_id).await?.chosen_lang;
        Ok(chosen.as_deref().and_then(Lang::from_code).unwrap_or(locale))
    }

    /// Remembers the language Discord says a player uses (every interaction says it), for the messages sent to them
    /// later: written only when it changed.
    pub async fn seen_locale(&self, user_id: i64, lang: Lang) -> Result<(), ServiceError> {
        let known = |locales: &std::collections::HashMap<i64, Lang>| locales.get(&user_id) == Some(&lang);
        if known(&self.locales.lock().unwrap_or_else(std::sync::PoisonError::into_inner)) {
            return Ok(());
        }
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user_id).await?;
        if player.locale_lang.as_deref() != Some(lang.code()) {
            let row = PlayerRow { locale_lang: Some(lang.code().to_string()), ..player };
            store::players::put(&mut tx, user_id, &row).await?;
            tx.commit().await?;
        }
        self.locales.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(user_id, lang);
        Ok(())
    }
}
