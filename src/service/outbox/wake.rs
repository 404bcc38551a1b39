//! Waking the background work after a change commits: the delivery of the effects it wrote, the computers it
//! made due, and the analysis of a game it ended. Each also looks for work every idle interval, so a wake-up lost
//! (another process's change) only waits. And stopping it: a process that is told to stop takes no new work, and
//! waits for what is in flight ([`Wake::stop`], [`Wake::stopped`]).

use crate::service::ServiceError;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};

#[derive(Debug)]
pub struct Wake {
    effects: Notify,
    computers: Notify,
    analyses: Notify,
    /// Set once the process stops.
    stopping: watch::Sender<bool>,
    /// The background loops still running.
    running: watch::Sender<usize>,
}

impl Default for Wake {
    fn default() -> Wake {
        let (effects, computers, analyses) = (Notify::new(), Notify::new(), Notify::new());
        Wake { effects, computers, analyses, stopping: watch::Sender::new(false), running: watch::Sender::new(0) }
    }
}

/// A background loop running: counted while it lives, so that a stopping process knows when all have ended.
pub(in crate::service) struct Running(Arc<Wake>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.send_modify(|n| *n -= 1);
    }
}

impl Wake {
    /// The process is stopping: each background loop takes no new work and ends once its work in flight is done
    /// (the delivery, once the sends under way are answered and recorded).
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    pub fn is_stopping(&self) -> bool {
        *self.stopping.borrow()
    }

    /// Returns once the process is stopping.
    pub(in crate::service) async fn stopping(&self) {
        let _ = self.stopping.subscribe().wait_for(|&stopping| stopping).await;
    }

    /// Returns once every background loop has ended.
    pub async fn stopped(&self) {
        let _ = self.running.subscribe().wait_for(|&running| running == 0).await;
    }

    /// Counts a background loop as running until the guard is dropped.
    pub(in crate::service) fn running(self: &Arc<Wake>) -> Running {
        self.running.send_modify(|n| *n += 1);
        Running(self.clone())
    }

    /// A change committed: its effects are to be delivered, any computer it made due is to move, and a game it
    /// ended is to be analysed.
    pub fn changed(&self) {
        self.effects.notify_one();
        self.computers.notify_one();
        self.analyses.notify_one();
    }

    /// Returns after the next change (or at once if one came since the last call).
    pub(in crate::service) async fn effects(&self) {
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
pub(in crate::service) enum Work {
    Computers,
    Analyses,
}

/// Runs `run` whenever `work` is woken and every `idle` besides, until the process stops; after a run that did
/// something (returned more than 0), wakes the rest and runs again at once, since what it did may have made more due.
/// Restarted if it panics.
pub(in crate::service) async fn keep_working<W, Fut>(
    name: &'static str,
    wake: Arc<Wake>,
    work: Work,
    idle: Duration,
    run: W,
) where
    W: Fn() -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Result<usize, ServiceError>> + Send + 'static,
{
    let _running = wake.running();
    crate::service::supervise(name, || {
        let (wake, run) = (wake.clone(), run.clone());
        async move {
            while !wake.is_stopping() {
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
                    _ = wake.stopping() => {}
                }
            }
        }
    })
    .await;
}
