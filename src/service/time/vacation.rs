//! Vacations: a player away pauses the turn limits and reminders of all their games, at most 14 days a calendar
//! year, and the other players are told.

use crate::clock::{year_of, DAY, HOUR};
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
}
