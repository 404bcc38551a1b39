//! Delivering the outbox: effects become messages (pictures drawn from the version they show), claimed before they
//! are sent and settled after: delivered, retried later, given up, or set aside when their data does not read.

use super::adapter::{Play, Reported};
use super::{Effect, Payload, Service, ServiceError, Target};
use crate::store::{self, OutboxRow, StoreError};
use std::sync::Arc;

/// A picture to attach, drawn off the async runtime.
async fn draw(name: &str, f: impl FnOnce() -> Vec<u8> + Send + 'static) -> Result<(String, Vec<u8>), ServiceError> {
    Ok((name.to_string(), Service::off_runtime(f).await?))
}

/// A board with `recent` moves pointed out, as an attachment.
async fn board(
    name: &str,
    game: Box<dyn Play>,
    names: Vec<String>,
    recent: Vec<Reported>,
) -> Result<(String, Vec<u8>), ServiceError> {
    draw(name, move || game.board_png(&names, &recent.iter().collect::<Vec<_>>())).await
}

/// The moves since `seat` last played (all of them if it has not yet), for a your-turn note.
fn since_last_turn(history: &[Reported], seat: u8) -> &[Reported] {
    let from = history.iter().rposition(|p| p.seat == seat).map_or(0, |i| i + 1);
    history.get(from..).unwrap_or_default()
}

/// The moves of the last turn: the last seat's moves at the end of the log (Contrées lays two lands a turn).
pub(super) fn last_turn(history: &[Reported]) -> &[Reported] {
    let Some(last) = history.last() else { return &[] };
    let from = history.iter().rposition(|p| p.seat != last.seat).map_or(0, |i| i + 1);
    &history[from..]
}

/// What became of one try at sending an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    /// Failed in a way that may pass (Discord down, no answer): try again later.
    Retry(String),
    /// Refused for good (Discord said no): trying again will not help.
    GiveUp(String),
}

impl Service {
    /// Up to `limit` undelivered effects due for a try, oldest first, every game's and not only each game's first
    /// (the runner goes game by game: [`Service::claim`]). For looking at what waits, as tests do.
    pub async fn pending(&self, limit: i64) -> Result<Vec<Payload>, ServiceError> {
        let rows = {
            let mut tx = self.store.read().await?;
            store::outbox::pending(&mut tx, self.now(), limit).await?
        };
        let mut payloads = Vec::with_capacity(rows.len());
        for row in &rows {
            payloads.push(self.payload(row).await?);
        }
        Ok(payloads)
    }

    /// The message an outbox row stands for, its pictures drawn from the game's version it shows.
    pub async fn payload(&self, row: &OutboxRow) -> Result<Payload, ServiceError> {
        let corrupt =
            |what: &str, e: &dyn std::fmt::Display| StoreError::Corrupt(format!("outbox {}: {what}: {e}", row.id));
        let effect: Effect = serde_json::from_str(&row.effect).map_err(|e| corrupt("effect", &e))?;
        let mut tx = self.store.read().await?;
        let game = Service::row(&mut tx, row.game_id).await?;
        let seats = store::seats::of_game(&mut tx, row.game_id).await?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let thread_id = game.thread_id.unwrap_or(game.channel_id);
        let thread = Target::Thread(thread_id);
        let direct = match &effect {
            Effect::Hand { user_id, .. } | Effect::Reminder { user_id, .. } => Some(*user_id),
            Effect::Result { user_id, .. } => *user_id,
            _ => None,
        };
        let dms_off = match direct {
            Some(user) => !store::players::get(&mut tx, user).await?.dms,
            None => false,
        };
        // Pictures show the game at the version the effect names (a lobby's effects have none).
        let pictured = matches!(effect, Effect::Board { .. } | Effect::Hand { .. } | Effect::Result { .. });
        let (state, history): (Option<Box<dyn Play>>, Vec<Reported>) = if pictured {
            let (state, history) = Service::replay(&mut tx, &game, &seats, row.version).await?;
            (Some(state), history)
        } else {
            (None, Vec::new())
        };
        drop(tx);
        let state = || state.clone().ok_or_else(|| corrupt("effect", &"no game to draw"));
        let mut mentions = Vec::new();
        let mut invitation = false;
        let (target, text, files) = match effect {
            Effect::Text { text, next } => {
                mentions = next;
                (thread, text, Vec::new())
            }
            Effect::Archive { thread } => (Target::Archive(thread), String::new(), Vec::new()),
            Effect::Reminder { user_id, text } => (Target::Direct(user_id), text, Vec::new()),
            Effect::Invite { users, text } => {
                mentions = users;
                invitation = true;
                (thread, text, Vec::new())
            }
            Effect::Board { text, next } => {
                mentions = next;
                let turn = last_turn(&history).to_vec();
                let drawn = board("board.png", state()?, names.clone(), turn).await?;
                // The same picture the game's page shows for this move: kept for it.
                self.pictures.put((row.game_id, row.version), names, Arc::new(drawn.1.clone()));
                (thread, text, vec![drawn])
            }
            Effect::Hand { seat, user_id, note } => {
                let state = state()?;
                let mut text = note;
                let mut files = Vec::new();
                let catch_up: Vec<Reported> = since_last_turn(&history, seat).to_vec();
                let (game, who) = (state.clone(), names.clone());
                if let Some(hand) = Service::off_runtime(move || game.private_png(&who, seat)).await? {
                    files.push(("hand.png".to_string(), hand));
                }
                if state.due().allows(seat) && !catch_up.is_empty() {
                    // What happened since their last turn, in words and on the board.
                    text.push_str("\nSince your last turn:");
                    for played in &catch_up {
                        text.push_str(&format!("\n• {}", played.line));
                    }
                    files.push(board("catch-up.png", state, names, catch_up).await?);
                } else if files.is_empty() {
                    // A game without hands shows its board.
                    files.push(board("board.png", state, names, Vec::new()).await?);
                }
                (Target::Direct(user_id), text, files)
            }
            Effect::Result { text, user_id } => {
                let state = state()?;
                let standing = seats.iter().filter(|s| !s.resigned).map(|s| s.seat as u8).collect();
                let winners = state.winners(standing);
                let png = draw("result.png", move || state.result_png(&names, winners));
                (user_id.map_or(thread, Target::Direct), text, vec![png.await?])
            }
        };
        Ok(Payload {
            outbox_id: row.id,
            game_id: row.game_id,
            target,
            thread: thread_id,
            text,
            files,
            mentions,
            invitation,
            dms_off,
            nonce: format!("o{}", row.id),
        })
    }

    /// Claims the first due effect of up to `limit` games, at most `retries` of them tried before, games in `skip`
    /// left out (being delivered, or waiting for their last outcome to be written): each try is counted and
    /// leased in one commit before anything is sent, so that if the database cannot be written nothing is sent.
    pub async fn claim(&self, limit: usize, retries: usize, skip: &[i64]) -> Result<Vec<OutboxRow>, ServiceError> {
        let mut tx = self.store.write().await?;
        let now = self.now();
        let mut rows = store::outbox::heads(&mut tx, now, limit, skip).await?;
        let first_retry = rows.iter().enumerate().filter(|(_, r)| r.attempts > 0).nth(retries).map(|(i, _)| i);
        if let Some(i) = first_retry {
            // Retries come after first tries (the query's order); those beyond the room wait for the next round.
            rows.truncate(i);
        }
        for row in &mut rows {
            store::outbox::claim(&mut tx, row, self.store.instance()).await?;
        }
        tx.commit().await?;
        Ok(rows)
    }

    /// Writes what became of a claimed effect, if this process still holds the claim. When it was delivered, the
    /// game's next effect (if due) is claimed in the same commit and returned, so that a game's effects go out one
    /// after another. A claim lost to another process (this one outlived its lease) is logged, and nothing more of
    /// that game is sent here: the other process goes on with it.
    pub async fn settle(&self, row: &OutboxRow, outcome: &Outcome) -> Result<Option<OutboxRow>, ServiceError> {
        let mut tx = self.store.write().await?;
        let (now, by) = (self.now(), self.store.instance());
        let mut next = None;
        let held = match outcome {
            Outcome::Delivered => {
                let held = store::outbox::delivered(&mut tx, row, by, now).await?;
                if let Some(mut head) = store::outbox::head_of(&mut tx, row.game_id, now).await?.filter(|_| held) {
                    store::outbox::claim(&mut tx, &mut head, by).await?;
                    next = Some(head);
                }
                held
            }
            Outcome::Retry(error) => match store::outbox::failed(&mut tx, row, by, error, now).await? {
                Some(attempts) if attempts >= store::outbox::MAX_ATTEMPTS => {
                    tracing::error!(outbox = row.id, error, "delivery given up after {attempts} tries");
                    true
                }
                Some(_) => {
                    tracing::warn!(outbox = row.id, error, "delivery failed; will retry");
                    true
                }
                None => false,
            },
            Outcome::GiveUp(error) => {
                tracing::warn!(outbox = row.id, error, "delivery refused by Discord; given up");
                store::outbox::give_up(&mut tx, row, by, error).await?
            }
        };
        tx.commit().await?;
        if !held {
            Service::lost_claim(row);
        }
        Ok(next)
    }

    fn lost_claim(row: &OutboxRow) {
        tracing::warn!(
            outbox = row.id,
            game = row.game_id,
            "another process claimed this effect after this one's lease ended; its outcome here is not recorded, and \
             nothing more of this game is sent here"
        );
    }

    /// Sets aside an effect that cannot be sent (its data does not read, or its picture cannot be drawn): logged
    /// once, kept in the outbox, never tried again, and no longer holding back the game's later effects.
    pub async fn set_aside(&self, row: &OutboxRow, why: &ServiceError) -> Result<(), ServiceError> {
        let why = why.detail();
        let mut tx = self.store.write().await?;
        let held = store::outbox::set_aside(&mut tx, row, self.store.instance(), &why).await?;
        tx.commit().await?;
        match held {
            true => {
                tracing::error!(outbox = row.id, game = row.game_id, why, "an effect that cannot be sent is set aside")
            }
            false => Service::lost_claim(row),
        }
        Ok(())
    }

    /// Releases the claims (effects to send, alarms) of this process's previous run, which is gone, so that its
    /// work is not held back for a lease. Other processes' claims are theirs until their lease ends.
    pub async fn release_claims(&self) -> Result<u64, ServiceError> {
        let mut tx = self.store.write().await?;
        let by = self.store.instance();
        let released =
            store::outbox::release_claims(&mut tx, by).await? + store::seats::release_alarm_claims(&mut tx, by).await?;
        tx.commit().await?;
        Ok(released)
    }

    /// Marks an effect that nobody is delivering delivered, for tests and tools that drain the outbox themselves:
    /// it is never sent again. Refused (as corrupt data would be) while a process holds a claim on it.
    pub async fn delivered(&self, outbox_id: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        if !store::outbox::delivered_unclaimed(&mut tx, outbox_id, self.now()).await? {
            return Err(StoreError::Corrupt(format!("outbox {outbox_id} is claimed or gone")).into());
        }
        tx.commit().await?;
        Ok(())
    }
}
