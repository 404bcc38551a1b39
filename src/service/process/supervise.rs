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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    #[tokio::test]
    async fn a_task_that_panics_is_started_again() {
        let runs = Arc::new(AtomicUsize::new(0));
        let counted = runs.clone();
        super::supervise("test", move || {
            let runs = counted.clone();
            async move {
                if runs.fetch_add(1, Ordering::SeqCst) < 2 {
                    panic!("a bug");
                }
            }
        })
        .await;
        assert_eq!(runs.load(Ordering::SeqCst), 3, "two panics, then a run to its end");
    }
}
