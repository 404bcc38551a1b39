//! A player, across their games: the settings they choose and the words they read them in ([`settings`]: private
//! messages, reminders, and every setting shown at once), and the language they are written to in ([`languages`]:
//! chosen, or the one Discord says they use). Their time (zone, warnings, quiet hours, digest, vacation) is
//! [`crate::service::time`]'s.

pub(super) mod languages;
pub(super) mod settings;

use crate::service::{Service, ServiceError};
use crate::store::{self, players::PlayerRow};

impl Service {
    /// Changes what `change` changes of a player's row, in one transaction.
    async fn change_player(
        &self,
        user_id: i64,
        change: impl FnOnce(PlayerRow) -> PlayerRow,
    ) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user_id).await?;
        store::players::put(&mut tx, user_id, &change(player)).await?;
        tx.commit().await?;
        Ok(())
    }
}
