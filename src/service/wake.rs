//! Waking the background work after a change commits: the delivery of the effects it wrote, the computers it
//! made due, and the analysis of a game it ended. Each also looks for work every idle interval, so a wake-up lost
//! (another process's change) only waits.

use super::ServiceError;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
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

    /// Returns after the next change (or at once if one came since the last call) for `work`.
    async fn woken(&self, work: Work) {
        match work {
            Work::Computers => self.computers.notified().await,
            Work::Analyses => self.analyses.notified().await,
        }
    }
}

/// Background work a change wakes, besides the delivery.
#[derive(Debug, Clone, Copy)]
pub(super) enum Work {
    Computers,
    Analyses,
}

/// Runs `run` whenever `work` is woken and every `idle` besides, until the process ends; after a run that did
/// something (returned more than 0), wakes the rest and runs again at once, since what it did may have made more due.
/// Restarted if it panics.
pub(super) async fn keep_working<W, Fut>(name: &'static str, wake: Arc<Wake>, work: Work, idle: Duration, run: W)
where
    W: Fn() -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Result<usize, ServiceError>> + Send + 'static,
{
    super::supervise(name, || {
        let (wake, run) = (wake.clone(), run.clone());
        async move {
            loop {
                match run().await {
                    Ok(done) if done > 0 => {
                        wake.changed();
                        continue;
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(task = name, error = %e, "background work failed"),
                }
                tokio::select! {
                    _ = wake.woken(work) => {}
                    _ = tokio::time::sleep(idle) => {}
                }
            }
        }
    })
    .await;
}
