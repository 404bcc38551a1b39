//! Whether private messages reach a player, as Discord last answered: a refusal (they closed their DMs) is recorded,
//! so that the thread's post calls them with a ping instead, until a private message reaches them again; and the
//! one explanation a game gives them of why their turns come in its thread.

use crate::service::{Service, ServiceError};
use crate::store;

impl Service {
    /// Discord refused a private message to `user` (they closed their DMs), or (`reached`) took one.
    pub async fn dms_answered(&self, user: i64, reached: bool) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let at = (!reached).then(|| self.now());
        store::players::set_dms_closed_at(&mut tx, user, at).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether the effect `outbox_id` is the one that tells `user`, in `game`'s thread, why their turns come there:
    /// the first to ask in that game (and the same effect asking again after a retry).
    pub async fn explains_dms(&self, game: i64, user: i64, outbox_id: i64) -> Result<bool, ServiceError> {
        let mut tx = self.store.write().await?;
        let first = store::players::explain_dms_once(&mut tx, game, user, outbox_id).await?;
        tx.commit().await?;
        Ok(first)
    }
}
