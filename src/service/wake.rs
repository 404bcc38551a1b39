//! Waking the background work after a change commits: the delivery of the effects it wrote, the computers it
//! made due, and the analysis of a game it ended. Each also looks for work every idle interval, so a wake-up lost
//! (another process's change) only waits.

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Wake {
    effects: Notify,
    computers: Notify,
    analyses: Notify,
}

impl Wake {
    /// A change committed: its effects are to be delivered, any computer it made due is to move, and a game it
    /// ended is to be analysed.
    pub fn changed(&self) {
        self.effects.notify_one();
        self.computers.notify_one();
        self.analyses.notify_one();
    }

    /// Returns after the next change (or at once if one came since the last call).
    pub(super) async fn effects(&self) {
        self.effects.notified().await
    }

    /// Returns after the next change (or at once if one came since the last call).
    pub(super) async fn computers(&self) {
        self.computers.notified().await
    }

    /// Returns after the next change (or at once if one came since the last call).
    pub(super) async fn analyses(&self) {
        self.analyses.notified().await
    }
}
