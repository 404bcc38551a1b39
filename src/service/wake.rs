//! Waking the background work after a change commits: the delivery of the effects it wrote, and the computers it
//! made due. Each also looks for work every idle interval, so a wake-up lost (another process's change) only waits.

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Wake {
    effects: Notify,
    computers: Notify,
}

impl Wake {
    /// A change committed: its effects are to be delivered, and any computer it made due is to move.
    pub fn changed(&self) {
        self.effects.notify_one();
        self.computers.notify_one();
    }

    /// Returns after the next change (or at once if one came since the last call).
    pub(super) async fn effects(&self) {
        self.effects.notified().await
    }

    /// Returns after the next change (or at once if one came since the last call).
    pub(super) async fn computers(&self) {
        self.computers.notified().await
    }
}
