//! Taking Discord's identify slots in turn with every process on the same database: the gateway takes one IDENTIFY
//! per 5 s, and processes started at once would otherwise each pace only their own shards.

use crate::service::{Service, ServiceError};
use crate::store;
use std::time::Duration;

/// Between two identifies: Discord's 5 s, and a margin for a shard that connects a little late.
pub const IDENTIFY_SPACING: Duration = Duration::from_secs(6);

impl Service {
    /// Reserves the identifies of `shards` shards, [`IDENTIFY_SPACING`] apart, after those every other process
    /// reserved; returns how long to wait before the first.
    pub async fn identify_slots(&self, shards: u32) -> Result<Duration, ServiceError> {
        let spacing = IDENTIFY_SPACING.as_millis() as i64;
        let mut tx = self.store.write().await?;
        let wait = store::identify::reserve(&mut tx, i64::from(shards), spacing).await?;
        tx.commit().await?;
        Ok(Duration::from_millis(wait.max(0) as u64))
    }
}
