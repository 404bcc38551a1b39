//! Controls that outlive their question (a your-turn note's menus once the turn is played, an invitation's buttons
//! once answered) are retired: each message sent with controls is recorded, and when what it asks is over an effect
//! replaces its controls by one disabled button saying what became of them, through the outbox, after the effects
//! before it (so after the message itself went out).

use crate::service::{Controls, Effect, Ended, Sent, Service, ServiceError};
use crate::store::{self, Tx};

impl Service {
    /// Records a message sent with live controls (a your-turn note's menus, an invitation's buttons), to be retired
    /// when what it asks is over.
    pub async fn sent_live(
        &self,
        game: i64,
        controls: Controls,
        user: Option<i64>,
        sent: Sent,
    ) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        store::live_controls::record(&mut tx, sent, game, &controls.key(), user).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets messages whose controls were retired.
    pub async fn retired(&self, sent: &[Sent]) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        store::live_controls::forget(&mut tx, sent).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Retires a game's `controls` (those sent to `user`, when given) as `ended`, if any may be live: recorded as
    /// sent, or in an effect still to deliver (a message is recorded before its effect is marked delivered, so a
    /// game with nothing left to deliver has recorded all it sent).
    pub(in crate::service) async fn retire(
        &self,
        tx: &mut Tx,
        (game_id, version): (i64, i64),
        (controls, user_id): (Controls, Option<i64>),
        ended: Ended,
    ) -> Result<(), ServiceError> {
        let live = !store::live_controls::of_game(tx, game_id, &controls.key(), user_id).await?.is_empty();
        if live || store::outbox::has_open(tx, game_id).await? {
            self.push(tx, game_id, version, &Effect::Retire { controls, user_id, ended }).await?;
        }
        Ok(())
    }
}
