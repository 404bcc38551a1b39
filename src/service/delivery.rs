//! Delivering the outbox: effects become messages (pictures drawn from the version they show), and are marked
//! delivered, or failed to be retried.

use super::meridian::describe;
use super::{Effect, Payload, Service, ServiceError, Target};
use crate::pictures;
use crate::rules::meridian::{Meridian, Played};
use crate::store;

/// A picture to attach, drawn off the async runtime.
async fn draw(name: &str, f: impl FnOnce() -> Vec<u8> + Send + 'static) -> (String, Vec<u8>) {
    (name.to_string(), Service::draw(f).await)
}

/// A board with `recent` moves pointed out, as an attachment.
async fn board(name: &str, state: Meridian, names: Vec<String>, recent: Vec<Played>) -> (String, Vec<u8>) {
    draw(name, move || {
        let recent: Vec<&Played> = recent.iter().collect();
        render::meridian::board_png(&pictures::board(&state, &names, &recent))
    })
    .await
}

/// The moves since `seat` last played (all of them if it has not yet), for a your-turn note.
fn since_last_turn(history: &[Played], seat: u8) -> &[Played] {
    let from = history.iter().rposition(|p| p.seat == seat).map_or(0, |i| i + 1);
    &history[from..]
}

impl Service {
    /// Up to `limit` undelivered effects due for a try, oldest first, ready to send.
    pub async fn pending(&self, limit: i64) -> Result<Vec<Payload>, ServiceError> {
        let mut tx = self.store.read().await?;
        let rows = store::outbox::pending(&mut tx, self.now(), limit).await?;
        let mut payloads = Vec::with_capacity(rows.len());
        for row in rows {
            let effect: Effect = serde_json::from_str(&row.effect)
                .map_err(|e| store::StoreError::Corrupt(format!("outbox {}: {e}", row.id)))?;
            if matches!(effect, Effect::Archive { .. })
                && store::outbox::earlier_undelivered(&mut tx, row.game_id, row.id).await?
            {
                // A post still to come (waiting for a retry) would reopen the thread: archive after it.
                continue;
            }
            let game = Service::row(&mut tx, row.game_id).await?;
            let seats = store::seats::of_game(&mut tx, row.game_id).await?;
            let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
            let thread_id = game.thread_id.unwrap_or(game.channel_id);
            let thread = Target::Thread(thread_id);
            // Text-only effects need no state, but replaying costs microseconds and keeps this one path.
            let (state, history): (Meridian, Vec<Played>) =
                Service::replay(&mut tx, &game, &seats, row.version).await?;
            let mut mention = None;
            let (target, text, files) = match effect {
                Effect::Text { text } => (thread, text, Vec::new()),
                Effect::Archive { thread } => (Target::Archive(thread), String::new(), Vec::new()),
                Effect::Reminder { user_id, text } => (Target::Direct(user_id), text, Vec::new()),
                Effect::Board { text, next } => {
                    mention = next;
                    let last = history.last().cloned().into_iter().collect();
                    (thread, text, vec![board("board.png", state, names, last).await])
                }
                Effect::Hand { seat, user_id, note } => {
                    let mut text = note;
                    let mut files = Vec::new();
                    let catch_up: Vec<Played> = since_last_turn(&history, seat).to_vec();
                    if state.to_move() == Some(seat) && !catch_up.is_empty() {
                        // What happened since their last turn, in words and on the board.
                        text.push_str("\nSince your last turn:");
                        for played in &catch_up {
                            text.push_str(&format!("\n• {}", describe(played, &names)));
                        }
                        files.push(board("catch-up.png", state.clone(), names.clone(), catch_up).await);
                    }
                    let hand =
                        draw("hand.png", move || render::meridian::hand_png(&pictures::hand(&state, &names, seat)));
                    files.insert(0, hand.await);
                    (Target::Direct(user_id), text, files)
                }
                Effect::Result { text, user_id } => {
                    let winners: Vec<u8> = super::winners(&state, &seats).iter().collect();
                    let png = draw("result.png", move || {
                        render::meridian::result_png(&pictures::result(&state, &names, &winners))
                    });
                    (user_id.map_or(thread, Target::Direct), text, vec![png.await])
                }
            };
            let dms_off = match target {
                Target::Direct(user) => !store::players::get(&mut tx, user).await?.dms,
                Target::Thread(_) | Target::Archive(_) => false,
            };
            let nonce = format!("outbox-{}", row.id);
            payloads.push(Payload {
                outbox_id: row.id,
                game_id: row.game_id,
                target,
                thread: thread_id,
                text,
                files,
                mention,
                dms_off,
                nonce,
            });
        }
        Ok(payloads)
    }

    /// Marks an effect delivered: it is never sent again.
    pub async fn delivered(&self, outbox_id: i64) -> Result<(), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        store::outbox::delivered(&mut tx, outbox_id, self.now()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records a failed delivery: the effect is tried again later, waiting longer each time, and given up after
    /// [`store::outbox::MAX_ATTEMPTS`] tries.
    pub async fn failed(&self, outbox_id: i64, error: &str) -> Result<(), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let attempts = store::outbox::failed(&mut tx, outbox_id, error, self.now()).await?;
        tx.commit().await?;
        if attempts >= store::outbox::MAX_ATTEMPTS {
            tracing::error!(outbox = outbox_id, error, "delivery given up after {attempts} tries");
        }
        Ok(())
    }
}
