//! Long-running tasks that outlive a panic: the delivery runner and the turn clock.

use std::future::Future;
use std::time::Duration;

/// How long a task that panicked waits before it starts again (a panic at once again does not spin).
pub const RESTART_WAIT: Duration = Duration::from_secs(1);

/// Runs `task` in its own Tokio task, again after [`RESTART_WAIT`] whenever it panics (logged with `name`);
/// returns when it returns.
pub async fn supervise<F, Fut>(name: &'static str, mut task: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    loop {
        match tokio::spawn(task()).await {
            Ok(()) => return,
            Err(e) if e.is_panic() => {
                let panic = e.into_panic();
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                tracing::error!(task = name, panic = why, "panicked; starting again");
                tokio::time::sleep(RESTART_WAIT).await;
            }
            Err(_) => return,
        }
    }
}
