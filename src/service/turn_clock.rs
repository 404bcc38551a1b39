//! Waiting painlessly, stalling impossible: reminders to the player to move, and turns that pass by themselves when
//! their limit runs out. Times are stored with the game, so a restart neither loses nor repeats them, and a
//! reminder that fell due while the bot was down is sent once, the next one counted from then.

use super::{Effect, Service, ServiceError};
use crate::store::{self, games::Alarm};

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

impl Service {
    /// Passes every turn whose limit ran out, then reminds every player due a reminder, as of the clock's now.
    /// Turns run out first, so nobody is reminded of a turn that has just passed. Works in batches, one transaction
    /// each, so that other requests are not held up for long.
    pub async fn tick(&self) -> Result<Ticked, ServiceError> {
        const BATCH: i64 = 100;
        let mut ticked = Ticked::default();
        let now = self.now();
        loop {
            let done = self.time_out_batch(now, BATCH).await?;
            ticked.timed_out += done;
            if done < BATCH as usize {
                break;
            }
        }
        loop {
            let done = self.remind_batch(now, BATCH).await?;
            ticked.reminded += done;
            if done < BATCH as usize {
                return Ok(ticked);
            }
        }
    }

    async fn time_out_batch(&self, now: i64, limit: i64) -> Result<usize, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let mut done = 0;
        for id in store::games::due(&mut tx, Alarm::Deadline, now, limit).await? {
            match self.time_out(&mut tx, id).await? {
                Some(_) => done += 1,
                None => store::games::set_clock(&mut tx, id, None, None).await?,
            }
        }
        tx.commit().await?;
        Ok(done)
    }

    async fn remind_batch(&self, now: i64, limit: i64) -> Result<usize, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let mut done = 0;
        for id in store::games::due(&mut tx, Alarm::Reminder, now, limit).await? {
            let row = Service::row(&mut tx, id).await?;
            let table = Service::table(&mut tx, row).await?;
            let Some(seat) = table.game.to_move() else {
                store::games::set_reminder(&mut tx, id, None).await?;
                continue;
            };
            let options = super::meridian::Options::of(&table.row)?;
            let user_id = table.seats[usize::from(seat)].user_id;
            let left = store::games::deadline(&mut tx, id).await?.map(|d| duration_words(d - now));
            let mut text = format!("Reminder: it is your turn in game #{id} (move {}).", table.row.version + 1);
            if let Some(left) = left {
                text.push_str(&format!(" Time left: {left}."));
            }
            if let (Some(guild), Some(thread)) = (table.row.guild_id, table.row.thread_id) {
                text.push_str(&format!("\nhttps://discord.com/channels/{guild}/{thread}"));
            }
            self.push(&mut tx, id, table.row.version, &Effect::Reminder { user_id, text }).await?;
            let (_, every) = self.turn_clock_of(&mut tx, user_id, &options).await?;
            store::games::set_reminder(&mut tx, id, Some(now + every)).await?;
            done += 1;
        }
        tx.commit().await?;
        Ok(done)
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
