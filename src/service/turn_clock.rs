//! Waiting painlessly, stalling impossible: reminders to the player to move, and turns that pass by themselves when
//! their limit runs out. Times are stored with the game, so a restart neither loses nor repeats them, and a
//! reminder that fell due while the bot was down is sent once, the next one counted from then.

use super::{Effect, Service, ServiceError};
use crate::store::{self, games::Alarm, Conn};
use sqlx::Connection;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// What one [`Service::tick`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ticked {
    pub reminded: usize,
    pub timed_out: usize,
}

/// "2 days 5 hours", "3 hours", "less than an hour".
pub fn duration_words(ms: i64) -> String {
    let hours = ms.max(0) / super::meridian::HOUR_MS;
    let (days, hours) = (hours / 24, hours % 24);
    let unit = |n: i64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match (days, hours) {
        (0, 0) => "less than an hour".into(),
        (0, h) => unit(h, "hour"),
        (d, 0) => unit(d, "day"),
        (d, h) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

/// Runs the turn clock until the process ends, every `idle`; wakes the delivery runner when it wrote effects.
/// Restarted if it panics.
pub async fn run_turn_clock(service: Arc<Service>, wake: Arc<Notify>, idle: Duration) {
    super::supervise("turn clock", || {
        let (service, wake) = (service.clone(), wake.clone());
        async move {
            loop {
                match service.tick().await {
                    Ok(ticked) if ticked != Ticked::default() => wake.notify_one(),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "cannot check turn limits and reminders"),
                }
                tokio::time::sleep(idle).await;
            }
        }
    })
    .await;
}

impl Service {
    /// Passes every turn whose limit ran out, then reminds every player due a reminder, as of the clock's now.
    /// Turns run out first, so nobody is reminded of a turn that has just passed. Works in batches, one transaction
    /// each, so that other requests are not held up for long.
    pub async fn tick(&self) -> Result<Ticked, ServiceError> {
        const BATCH: i64 = 100;
        let mut ticked = Ticked::default();
        let now = self.now();
        loop {
            let (handled, done) = self.alarm_batch(Alarm::Deadline, now, BATCH).await?;
            ticked.timed_out += done;
            if handled < BATCH as usize {
                break;
            }
        }
        loop {
            let (handled, done) = self.alarm_batch(Alarm::Reminder, now, BATCH).await?;
            ticked.reminded += done;
            if handled < BATCH as usize {
                return Ok(ticked);
            }
        }
    }

    /// Handles the games whose `alarm` is due, each in its own savepoint: a game whose stored data no longer
    /// reads is rolled back, logged once and set aside, and the others go on.
    /// Returns the games handled and, among them, those that timed out or were reminded.
    async fn alarm_batch(&self, alarm: Alarm, now: i64, limit: i64) -> Result<(usize, usize), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let (mut handled_games, mut done) = (0, 0);
        for id in store::games::due(&mut tx, alarm, now, limit).await? {
            handled_games += 1;
            let mut game = tx.begin().await?;
            let handled = match alarm {
                Alarm::Deadline => self.time_out_or_stop(&mut game, id).await,
                Alarm::Reminder => self.remind(&mut game, id, now).await,
            };
            match handled {
                Ok(acted) => {
                    game.commit().await?;
                    done += usize::from(acted);
                }
                // The database failing (busy, unreachable) is tried again at the next tick; a game whose data does
                // not read, or that its own rules refuse to move on, would fail every time.
                Err(e) if e.is_corrupt() || !e.is_internal() => {
                    game.rollback().await?;
                    tracing::error!(game = id, error = e.detail(), "a game that cannot go on is set aside");
                    store::games::set_aside(&mut tx, id, &e.detail()).await?;
                }
                Err(e) => return Err(e),
            }
        }
        tx.commit().await?;
        Ok((handled_games, done))
    }

    /// Passes the turn that ran out; a game with no turn to pass has its clock stopped.
    async fn time_out_or_stop(&self, conn: &mut Conn, id: i64) -> Result<bool, ServiceError> {
        let timed_out = self.time_out(conn, id).await?.is_some();
        if !timed_out {
            store::games::set_clock(conn, id, None, None).await?;
        }
        Ok(timed_out)
    }

    /// Reminds the player to move, and sets their next reminder.
    async fn remind(&self, conn: &mut Conn, id: i64, now: i64) -> Result<bool, ServiceError> {
        let row = Service::row(conn, id).await?;
        let table = Service::table(conn, row).await?;
        let Some(seat) = table.game.to_move() else {
            store::games::set_reminder(conn, id, None).await?;
            return Ok(false);
        };
        let options = super::meridian::Options::of(&table.row)?;
        let user_id = table.seat_row(seat)?.user_id;
        let left = store::games::deadline(conn, id).await?.map(|d| duration_words(d - now));
        let mut text = format!("Reminder: it is your turn in game #{id} (move {}).", table.row.version + 1);
        if let Some(left) = left {
            text.push_str(&format!(" Time left: {left}."));
        }
        if let (Some(guild), Some(thread)) = (table.row.guild_id, table.row.thread_id) {
            text.push_str(&format!("\nhttps://discord.com/channels/{guild}/{thread}"));
        }
        self.push(conn, id, table.row.version, &Effect::Reminder { user_id, text }).await?;
        let (_, every) = self.turn_clock_of(conn, user_id, &options).await?;
        store::games::set_reminder(conn, id, Some(now + every)).await?;
        Ok(true)
    }

    /// Starts the turn of `user_id`: a full turn limit and reminder interval from now, or from when they are back
    /// from a vacation.
    pub(super) async fn start_turn_clock(
        &self,
        conn: &mut store::Conn,
        game_id: i64,
        user_id: i64,
        options: &super::meridian::Options,
    ) -> Result<(), ServiceError> {
        let (start, every) = self.turn_clock_of(conn, user_id, options).await?;
        store::games::set_clock(conn, game_id, Some(start + options.turn_limit_ms()), Some(start + every)).await?;
        Ok(())
    }

    /// How long the player to move has left, if the game has a running turn.
    pub async fn time_left(&self, game_id: i64) -> Result<Option<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(store::games::deadline(&mut tx, game_id).await?.map(|d| d - self.now()))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations_in_words() {
        use super::duration_words as w;
        assert_eq!(w(0), "less than an hour");
        assert_eq!(w(3_600_000), "1 hour");
        assert_eq!(w(26 * 3_600_000), "1 day 2 hours");
        assert_eq!(w(72 * 3_600_000 + 59_000), "3 days");
    }
}
