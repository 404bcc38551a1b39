//! Delivering the outbox: effects become messages (pictures drawn from the version they show), and are marked
//! delivered, or failed to be retried.

use super::{Effect, Payload, Service, ServiceError, Target};
use crate::pictures;
use crate::store;

impl Service {
    /// Up to `limit` undelivered effects due for a try, oldest first, ready to send.
    pub async fn pending(&self, limit: i64) -> Result<Vec<Payload>, ServiceError> {
        let mut tx = self.store.read().await?;
        let rows = store::outbox::pending(&mut tx, self.now(), limit).await?;
        let mut payloads = Vec::with_capacity(rows.len());
        for row in rows {
            let effect: Effect = serde_json::from_str(&row.effect)
                .map_err(|e| store::StoreError::Corrupt(format!("outbox {}: {e}", row.id)))?;
            let game = Service::row(&mut tx, row.game_id).await?;
            let seats = store::seats::of_game(&mut tx, row.game_id).await?;
            let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
            let thread = Target::Thread(game.thread_id.unwrap_or(game.channel_id));
            let (state, last) = match effect {
                Effect::Text { .. } | Effect::Reminder { .. } => (None, None),
                _ => {
                    let (state, last) = Service::replay(&mut tx, &game, &seats, row.version).await?;
                    (Some(state), last)
                }
            };
            let mention = match effect {
                Effect::Board { next, .. } => next,
                _ => None,
            };
            let (target, text, png) = match effect {
                Effect::Text { text } => (thread, text, None),
                Effect::Reminder { user_id, text } => (Target::Direct(user_id), text, None),
                Effect::Board { text, .. } => {
                    let state = state.expect("replayed");
                    let png = tokio::task::spawn_blocking(move || {
                        let recent: Vec<_> = last.iter().collect();
                        render::meridian::board_png(&pictures::board(&state, &names, &recent))
                    });
                    (thread, text, Some(png.await.expect("drawing does not panic")))
                }
                Effect::Hand { seat, user_id, note } => {
                    let state = state.expect("replayed");
                    let png = tokio::task::spawn_blocking(move || {
                        render::meridian::hand_png(&pictures::hand(&state, &names, seat))
                    });
                    (Target::Direct(user_id), note, Some(png.await.expect("drawing does not panic")))
                }
                Effect::Result { text } => {
                    let state = state.expect("replayed");
                    let png = tokio::task::spawn_blocking(move || {
                        render::meridian::result_png(&pictures::result(&state, &names))
                    });
                    (thread, text, Some(png.await.expect("drawing does not panic")))
                }
            };
            let nonce = format!("outbox-{}", row.id);
            payloads.push(Payload { outbox_id: row.id, game_id: row.game_id, target, text, png, mention, nonce });
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
