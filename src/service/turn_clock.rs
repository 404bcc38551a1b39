//! Waiting painlessly, stalling impossible: reminders to the player to move, and turns that pass by themselves when
//! their limit runs out. Times are stored with the game, so a restart neither loses nor repeats them, and a
//! reminder that fell due while the bot was down is sent once, the next one counted from then.

use super::{Effect, Service, ServiceError};
use crate::store;

/// What one [`Service::tick`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ticked {
    pub reminded: usize,
    pub timed_out: usize,
}

/// "2 days 5 hours", "3 hours", "less than an hour".
pub fn duration_words(ms: i64) -> String {
    let hours = ms.max(0) / 3_600_000;
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
    /// Passes every turn whose limit ran out and reminds every player due a reminder, as of the clock's now.
    pub async fn tick(&self) -> Result<Ticked, ServiceError> {
        let mut ticked = Ticked::default();
        let now = self.now();
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        for id in store::games::timed_out(&mut tx, now, 100).await? {
            if self.time_out(&mut tx, id).await?.is_some() {
                ticked.timed_out += 1;
            }
        }
        for id in store::games::to_remind(&mut tx, now, 100).await? {
            let row = Service::row(&mut tx, id).await?;
            let table = Service::table(&mut tx, row).await?;
            let options: super::meridian::Options = serde_json::from_str(&table.row.options)
                .map_err(|e| store::StoreError::Corrupt(format!("options: {e}")))?;
            let Some(seat) = table.game.to_move() else { continue };
            let user_id = table.seats[usize::from(seat)].user_id;
            let left = store::games::deadline(&mut tx, id).await?.map(|d| duration_words(d - now));
            let text = format!(
                "Reminder: it is your turn in game #{id} (move {}).{}",
                table.row.version + 1,
                left.map(|l| format!(" Time left: {l}.")).unwrap_or_default()
            );
            self.push(&mut tx, id, table.row.version, &Effect::Reminder { user_id, text }).await?;
            store::games::set_reminder(&mut tx, id, Some(now + options.reminder_ms())).await?;
            ticked.reminded += 1;
        }
        tx.commit().await?;
        Ok(ticked)
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
