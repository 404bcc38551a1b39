//! Quiet hours (issue 46): no private message to a player while theirs last. What falls inside them (a your-turn
//! note, a reminder, a warning, a result, a digest, a notice or a question about their seat) is held, in the
//! transaction that wrote it, and when they end it is sent as one message: each game still waiting for them with its
//! time left as of then (a turn they played meanwhile is not mentioned), and each result, notice and question in
//! its own words (a question's buttons are in the thread, which asks it too). The thread's posts are not held, and turn limits keep running.

use crate::language::Arg;
use crate::service::time::day::{PlayerTime, QuietHours, DAY_HOURS};
use crate::service::time::digest::{game_line, listed};
use crate::service::time::vacation::reminder_every;
use crate::service::time::{hour_bounds, with_thread_link};
use crate::service::{Effect, Service, ServiceError, TurnClock, User};
use crate::store::seats::Alarm;
use crate::store::{self, held::HeldRow, players::PlayerRow, StoreError, Tx};
use crate::text;

impl Service {
    /// Until when a private message to `user_id` is held: the end of the quiet hours they are in now, if they take
    /// private messages (without, it is said in the thread, which is never held).
    pub(in crate::service) async fn held_until(&self, conn: &mut Tx, user_id: i64) -> Result<Option<i64>, StoreError> {
        let player = store::players::get(conn, user_id).await?;
        Ok(player.dms.then(|| PlayerTime::of(&player).quiet_ends(self.now())).flatten())
    }

    /// Sends `user_id` what was held for them during their quiet hours, as one message (none when all of it went
    /// stale); returns whether one was sent.
    pub(in crate::service) async fn release(
        &self,
        conn: &mut Tx,
        user_id: i64,
        now: i64,
    ) -> Result<bool, ServiceError> {
        let held = store::held::take(conn, user_id).await?;
        let lines = self.held_lines(conn, user_id, &held, now).await?;
        let Some(last) = held.last().filter(|_| !lines.is_empty()) else { return Ok(false) };
        let effect = Effect::Reminder { user_id, text: listed("quiet-held", lines) };
        let json = serde_json::to_string(&effect).expect("effects serialize"); // our own types, always JSON
        store::outbox::push(conn, last.game_id, last.version, &json, now).await?;
        Ok(true)
    }

    /// The lines of what was held: each result, and each game still waiting for the player (its time left as of
    /// `now`), once. The message stands for the reminders due with it: each listed game's next comes a full
    /// interval later.
    async fn held_lines(
        &self,
        conn: &mut Tx,
        user_id: i64,
        held: &[HeldRow],
        now: i64,
    ) -> Result<Vec<Arg>, ServiceError> {
        let player = store::players::get(conn, user_id).await?;
        let (time, awaiting) = (PlayerTime::of(&player), store::seats::awaiting(conn, user_id).await?);
        let (mut lines, mut listed) = (Vec::new(), Vec::new());
        for row in held {
            let Some(game) = store::games::get(conn, row.game_id).await? else { continue };
            match serde_json::from_str::<Effect>(&row.effect) {
                Ok(Effect::Result { text, .. } | Effect::Invite { text, .. }) => {
                    lines.push(with_thread_link(text, &game).into())
                }
                // A notice carries its thread's link already.
                Ok(Effect::Notice { text, .. }) => lines.push(text.into()),
                Ok(_) if listed.contains(&game.id) => {}
                Ok(_) => {
                    listed.push(game.id);
                    let seats: Vec<(i64, i64)> = awaiting
                        .iter()
                        .filter(|a| a.0 == game.id)
                        .map(|&(_, seat, deadline)| (seat, deadline))
                        .collect();
                    if let Some(&(_, deadline)) = seats.first() {
                        let head = Service::turn_head(conn, &game).await?;
                        lines.push(game_line((&game, head), self.page_url(&game), deadline, now, &time).into());
                    }
                    let every = reminder_every(&player, &TurnClock::of(&game)?);
                    for (seat, _) in seats {
                        store::seats::set_alarm(conn, game.id, seat, Alarm::Reminder, Some(now + every)).await?;
                    }
                }
                Err(e) => tracing::error!(game = row.game_id, error = %e, "a held message does not read; left out"),
            }
        }
        Ok(lines)
    }

    /// Sets `user`'s quiet hours, from and to (hours of the day in their zone), or none (neither given); returns
    /// them.
    pub async fn set_quiet(
        &self,
        user: &User,
        from: Option<u32>,
        to: Option<u32>,
    ) -> Result<Option<QuietHours>, ServiceError> {
        let refused = |text| Err(ServiceError::Settings(text));
        let quiet = match (from, to) {
            (None, None) => None,
            (Some(from), Some(to)) => Some(QuietHours { from, to }),
            _ => return refused(text!("settings-quiet-both")),
        };
        if let Some(hour) = [from, to].into_iter().flatten().find(|h| !DAY_HOURS.contains(h)) {
            return refused(hour_bounds(hour));
        }
        if let Some(q) = quiet.filter(|q| q.from == q.to) {
            return refused(text!("settings-quiet-same", hour = crate::service::time::day::hour_words(q.from, 0)));
        }
        let to_stored = |h: Option<u32>| h.map(i64::from);
        self.change_day(user, |p| PlayerRow { quiet_from: to_stored(from), quiet_to: to_stored(to), ..p }).await?;
        Ok(quiet)
    }

    /// Changes `user`'s settings with `change` and moves their alarms (digest, release of what is held, the next
    /// warning of each turn of theirs running) to where the new settings put them. Returns the settings as changed.
    pub(in crate::service) async fn change_day(
        &self,
        user: &User,
        change: impl FnOnce(PlayerRow) -> PlayerRow,
    ) -> Result<PlayerRow, ServiceError> {
        let mut tx = self.store.write().await?;
        let player = change(store::players::get(&mut tx, user.id).await?);
        store::players::put(&mut tx, user.id, &player).await?;
        let (time, now) = (PlayerTime::of(&player), self.now());
        store::player_alarms::set_digest(&mut tx, user.id, time.next_digest(now)).await?;
        store::held::release_at(&mut tx, user.id, time.quiet_ends(now).unwrap_or(now)).await?;
        for (game_id, seat, deadline) in store::seats::awaiting(&mut tx, user.id).await? {
            let warning = time.next_warning(deadline, now);
            store::seats::set_alarm(&mut tx, game_id, seat, Alarm::Warning, warning).await?;
        }
        tx.commit().await?;
        Ok(player)
    }
}
