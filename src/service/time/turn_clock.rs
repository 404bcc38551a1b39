//! Waiting painlessly, stalling impossible: reminders to each player due, and turns that pass by themselves when
//! their limit runs out. Every seat has its own clock (several may be due at once), stored with it, so a restart
//! neither loses nor repeats them, and a reminder that fell due while the bot was down is sent once, the next one
//! counted from then.

use super::{duration_words, with_thread_link, TurnClock};
use crate::language::List;
use crate::rules::Seat;
use crate::service::time::day::PlayerTime;
use crate::service::time::digest::replaces_reminders;
use crate::service::time::vacation::reminder_every;
use crate::service::{Effect, Service, ServiceError, Table, Wake};
use crate::store::player_alarms::PlayerAlarm;
use crate::store::seats::{Alarm, AlarmClaim, TurnTimes};
use crate::store::{self, Tx};
use crate::text;
use std::sync::Arc;
use std::time::Duration;

/// What one [`Service::tick`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ticked {
    pub reminded: usize,
    /// Players warned that their turn runs out soon.
    pub warned: usize,
    pub timed_out: usize,
    /// Turns computer seats played.
    pub computer_moves: usize,
    /// Players sent what their quiet hours held, when they ended.
    pub released: usize,
    /// Daily digests sent.
    pub digests: usize,
    /// Tournament rounds started (and tournaments finished or left to their host).
    pub rounds: usize,
}

/// An alarm the turn clock rings: a seat's, or a player's own.
#[derive(Debug, Clone, Copy)]
enum Ring {
    Seat(Alarm),
    Player(PlayerAlarm),
}

impl Ticked {
    /// Where the count of what `ring` did goes.
    fn count(&mut self, ring: Ring) -> &mut usize {
        match ring {
            Ring::Seat(Alarm::Deadline | Alarm::ComputerTurn) => &mut self.timed_out,
            Ring::Seat(Alarm::Warning) => &mut self.warned,
            Ring::Seat(Alarm::Reminder) => &mut self.reminded,
            Ring::Player(PlayerAlarm::Release) => &mut self.released,
            Ring::Player(PlayerAlarm::Digest) => &mut self.digests,
        }
    }
}

/// Runs the turn clock until the process ends, every `idle`; wakes the delivery runner when it wrote effects.
/// Restarted if it panics.
pub async fn run_turn_clock(service: Arc<Service>, wake: Arc<Wake>, idle: Duration) {
    let _running = wake.running();
    crate::service::supervise("turn clock", || {
        let (service, wake) = (service.clone(), wake.clone());
        async move {
            while !wake.is_stopping() {
                match service.tick().await {
                    Ok(ticked) => {
                        service.ticked();
                        if ticked != Ticked::default() {
                            wake.changed();
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "cannot check turn limits and reminders"),
                }
                tokio::select! {
                    _ = tokio::time::sleep(idle) => {}
                    _ = wake.stopping() => {}
                }
            }
        }
    })
    .await;
}

impl Service {
    /// Plays the computers due (as [`crate::service::run_computers`] does the moment they are due: here in case a wake-up
    /// was lost), passes every turn whose limit ran out, sends what quiet hours held, warns and reminds every player
    /// due, sends the digests due, then starts the tournament rounds due, as of the clock's now. Turns run out first, so nobody is reminded of a turn
    /// that has just passed. Claims work in batches and does each seat's (and player's) in its own transaction, so
    /// that other requests are not held up for long and other processes share the work.
    pub async fn tick(&self) -> Result<Ticked, ServiceError> {
        const BATCH: i64 = 100;
        // What quiet hours held goes before the reminders due with it, and stands for them.
        const RINGS: [Ring; 5] = [
            Ring::Seat(Alarm::Deadline),
            Ring::Player(PlayerAlarm::Release),
            Ring::Seat(Alarm::Warning),
            Ring::Seat(Alarm::Reminder),
            Ring::Player(PlayerAlarm::Digest),
        ];
        let now = self.now();
        let mut ticked = Ticked { computer_moves: self.computer_moves(now).await?, ..Ticked::default() };
        for ring in RINGS {
            loop {
                let (handled, done) = match ring {
                    Ring::Seat(alarm) => self.alarm_batch(alarm, now, BATCH).await?,
                    Ring::Player(alarm) => self.player_alarm_batch(alarm, now, BATCH).await?,
                };
                *ticked.count(ring) += done;
                if handled < BATCH as usize {
                    break;
                }
            }
        }
        // Last: a game that has just timed out may have ended its round.
        ticked.rounds = self.advance_tournaments().await?;
        Ok(ticked)
    }

    /// Claims up to `limit` seats whose `alarm` is due (any number of processes share them, each seat claimed by
    /// one), then handles each in its own transaction with its game locked, if it is still due: a claim that
    /// outlived its lease may find the work done by another process. A game whose stored data no longer reads is
    /// rolled back, logged once and set aside, and the others go on.
    /// Returns the seats claimed and, among them, those that timed out or were reminded.
    async fn alarm_batch(&self, alarm: Alarm, now: i64, limit: i64) -> Result<(usize, usize), ServiceError> {
        let by = self.store.instance();
        let claimed = {
            let mut tx = self.store.write().await?;
            let claimed = store::seats::claim_due(&mut tx, alarm, now, limit, by).await?;
            tx.commit().await?;
            claimed
        };
        let mut done = 0;
        for claim in &claimed {
            let (id, seat) = (claim.game_id, claim.seat);
            let mut tx = self.store.write().await?;
            let handled = match Service::row(&mut tx, id).await {
                Ok(_) => match store::seats::alarm_held(&mut tx, claim, by, alarm, now).await? {
                    None => {
                        Service::lost_alarm(claim);
                        continue;
                    }
                    Some(false) => Ok(false),
                    Some(true) => match alarm {
                        // (A computer's turn is played by `computer_moves`; claimed here, it would pass like a person's.)
                        Alarm::Deadline | Alarm::ComputerTurn => self.time_out_or_stop(&mut tx, id, seat).await,
                        Alarm::Reminder => self.remind(&mut tx, id, seat, now).await,
                        Alarm::Warning => self.warn(&mut tx, id, seat, now).await,
                    },
                },
                Err(e) => Err(e),
            };
            match super::alarm_ended(tx, claim, by, handled).await? {
                Ok(acted) => done += usize::from(acted),
                Err(e) => self.set_aside_or_fail(claim, e).await?,
            }
        }
        Ok((claimed.len(), done))
    }

    /// A seat's alarm claimed by another process after this one's lease ran out: that process handles it.
    pub(in crate::service) fn lost_alarm(claim: &AlarmClaim) {
        tracing::warn!(
            game = claim.game_id,
            seat = claim.seat,
            "another process claimed this seat's alarm after this one's lease ended; it is left to that process"
        );
    }

    /// After a seat's alarm failed: the database failing (busy, unreachable) is tried again once the claim's lease
    /// ends; a game whose data does not read, or that its own rules refuse to move on, would fail every time, so it
    /// is set aside, logged once, and the others go on.
    pub(in crate::service) async fn set_aside_or_fail(
        &self,
        claim: &AlarmClaim,
        e: ServiceError,
    ) -> Result<(), ServiceError> {
        if !e.is_corrupt() && e.is_internal() {
            return Err(e);
        }
        tracing::error!(game = claim.game_id, error = e.detail(), "a game that cannot go on is set aside");
        let mut tx = self.store.write().await?;
        store::games::set_aside(&mut tx, claim.game_id, &e.detail()).await?;
        store::lease::release(&mut tx, claim, self.store.instance()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Plays the turn of a seat whose time ran out; a seat with no turn to play has its clock stopped.
    async fn time_out_or_stop(&self, conn: &mut Tx, id: i64, seat: i64) -> Result<bool, ServiceError> {
        let seat = Seat::try_from(seat).map_err(|e| store::StoreError::Corrupt(e.to_string()))?;
        let timed_out = self.time_out(conn, id, seat).await?.is_some();
        if !timed_out {
            store::seats::set_clock(conn, id, i64::from(seat), TurnTimes::STOPPED).await?;
        }
        Ok(timed_out)
    }

    /// Reminds a seat's player that they are due, and sets their next reminder.
    async fn remind(&self, conn: &mut Tx, id: i64, seat: i64, now: i64) -> Result<bool, ServiceError> {
        let row = Service::row(conn, id).await?;
        let table = self.table(conn, row).await?;
        let Some(seat) = Seat::try_from(seat).ok().filter(|&s| table.due().contains(s)) else {
            store::seats::set_alarm(conn, id, seat, Alarm::Reminder, None).await?;
            return Ok(false);
        };
        let user_id = table.seat_row(seat)?.user_id;
        let player = store::players::get(conn, user_id).await?;
        let every = reminder_every(&player, &TurnClock::of(&table.row)?);
        store::seats::set_alarm(conn, id, i64::from(seat), Alarm::Reminder, Some(now + every)).await?;
        if replaces_reminders(&player) {
            return Ok(false);
        }
        let head = text!("clock-reminder", head = Service::turn_head(conn, &table.row).await?);
        let due = Service::due_line(conn, &table.row, seat).await?;
        let lines = std::iter::once(head).chain(due).map(Into::into).collect();
        let text = with_thread_link(text!("play-lines", lines = List::Lines(lines)), &table.row);
        self.push(conn, id, table.row.version, &Effect::Reminder { user_id, text }).await?;
        Ok(true)
    }

    /// Warns a seat's player that their turn runs out soon (at its time in their zone), and sets their next warning
    /// and reminder.
    async fn warn(&self, conn: &mut Tx, id: i64, seat: i64, now: i64) -> Result<bool, ServiceError> {
        let row = Service::row(conn, id).await?;
        let table = self.table(conn, row).await?;
        let deadline = store::seats::deadlines(conn, id).await?.into_iter().find(|&(s, _)| s == seat);
        let (Some(seat), Some((_, deadline))) =
            (Seat::try_from(seat).ok().filter(|&s| table.due().contains(s)), deadline)
        else {
            store::seats::set_alarm(conn, id, seat, Alarm::Warning, None).await?;
            return Ok(false);
        };
        let user_id = table.seat_row(seat)?.user_id;
        let player = store::players::get(conn, user_id).await?;
        let time = PlayerTime::of(&player);
        let (left, at) = (duration_words(deadline - now), time.words(deadline));
        let head = Service::turn_head(conn, &table.row).await?;
        let text = text!("clock-warning", head = head, left = left, at = at);
        self.push(conn, id, table.row.version, &Effect::Reminder { user_id, text: with_thread_link(text, &table.row) })
            .await?;
        let next = time.next_warning(deadline, now);
        store::seats::set_alarm(conn, id, i64::from(seat), Alarm::Warning, next).await?;
        // A warning counts as a reminder: the next one comes a full interval after it, never with it.
        let every = reminder_every(&player, &TurnClock::of(&table.row)?);
        store::seats::set_alarm(conn, id, i64::from(seat), Alarm::Reminder, Some(now + every)).await?;
        Ok(true)
    }

    /// Starts a seat's turn: a full turn limit (or choice limit) and reminder interval from now, or from when its
    /// player is back from a vacation. A choice's reminder comes halfway at the latest, so that it comes at all.
    pub(in crate::service) async fn start_turn_clock(
        &self,
        conn: &mut Tx,
        table: &Table,
        seat: Seat,
    ) -> Result<(), ServiceError> {
        let clock = TurnClock::of(&table.row)?;
        // A computer is due at once and needs no reminder.
        if table.computer(seat).is_some() {
            let times = TurnTimes { since: Some(self.now()), deadline: Some(self.now()), remind: None };
            store::seats::set_clock(conn, table.row.id, i64::from(seat), times).await?;
            return Ok(());
        }
        let user_id = table.seat_row(seat)?.user_id;
        let (start, every) = self.turn_clock_of(conn, user_id, &clock).await?;
        let (limit, every) = match table.game.is_choice(seat) {
            true => (clock.choice_limit_ms(), every.min(clock.choice_limit_ms() / 2)),
            false => (clock.turn_limit_ms(), every),
        };
        let (deadline, remind) = (start + limit, start + every);
        let times = TurnTimes { since: Some(start), deadline: Some(deadline), remind: Some(remind) };
        store::seats::set_clock(conn, table.row.id, i64::from(seat), times).await?;
        let time = PlayerTime::of(&store::players::get(conn, user_id).await?);
        let warn = time.next_warning(deadline, self.now());
        store::seats::set_alarm(conn, table.row.id, i64::from(seat), Alarm::Warning, warn).await?;
        Ok(())
    }

    /// How long the player due (the first, when several are) has left, if the game has a running turn.
    pub async fn time_left(&self, game_id: i64) -> Result<Option<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        let deadlines = store::seats::deadlines(&mut tx, game_id).await?;
        Ok(deadlines.into_iter().map(|(_, d)| d - self.now()).min())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations_in_words() {
        use crate::clock::{DAY, HOUR};
        use crate::language::Lang;
        use crate::service::time::duration_words;
        let w = |ms| Lang::En.say(&duration_words(ms));
        assert_eq!(w(0), "less than an hour");
        assert_eq!(w(HOUR), "1 hour");
        assert_eq!(w(26 * HOUR), "1 day 2 hours");
        assert_eq!(w(3 * DAY + 59_000), "3 days");
    }
}
