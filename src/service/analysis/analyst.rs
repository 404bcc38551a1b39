//! The analyses' own thread: finished games are judged on the thinking cores (a turn of [`THINKING`], as a
//! computer's move takes), but on one thread kept at the lowest priority the system gives (nice 19 on Linux, where a
//! thread's priority is its own; elsewhere it runs as any other). A judged move then takes a core only while nothing
//! else the bot does wants it, so an analysis does not slow the answers. Its own thread, because a pooled blocking
//! thread once lowered cannot be raised again for a drawing.

use crate::service::{Service, ServiceError, THINKING};
use std::sync::mpsc::Sender;
use std::sync::OnceLock;

/// Work sent to the analyses' thread.
type Job = Box<dyn FnOnce() + Send>;

/// The priority the analyses' thread runs at: the lowest there is.
#[cfg(target_os = "linux")]
const LOWEST: i32 = 19;

impl Service {
    /// Runs `f` on the analyses' thread once the thinking cores give a turn; `f` panicking is an internal error, and
    /// the thread lives on.
    pub(crate) async fn analysing<T: Send + 'static>(
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        let _turn = THINKING.turn().await;
        let (answer, answered) = tokio::sync::oneshot::channel();
        let job = move || _ = answer.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
        let lost = || ServiceError::Drawing("the analyses' thread is gone".into());
        analyst().send(Box::new(job)).map_err(|_| lost())?;
        answered.await.map_err(|_| lost())?.map_err(|_| ServiceError::Drawing("a judge panicked".into()))
    }
}

/// The analyses' thread, started on first use.
fn analyst() -> &'static Sender<Job> {
    static ANALYST: OnceLock<Sender<Job>> = OnceLock::new();
    ANALYST.get_or_init(|| {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let work = move || {
            lowest_priority();
            queue.into_iter().for_each(|job| job());
        };
        std::thread::Builder::new().name("analyses".into()).spawn(work).expect("a thread can be started");
        jobs
    })
}

/// Lowers the calling thread to [`LOWEST`]; a system that refuses leaves it as it was, which is only slower.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    if let Err(e) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), LOWEST) {
        tracing::warn!(error = %e, "analyses run at the usual priority");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn analyses_run_at_the_lowest_priority_and_the_rest_does_not() {
        let own = || rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap();
        // The priority the tests were started at (0, unless run under `nice`).
        let usual = own();
        assert_eq!(Service::analysing(own).await.unwrap(), LOWEST);
        assert_eq!(Service::thinking(own).await.unwrap(), usual, "a computer's move thinks as before");
        assert_eq!(own(), usual, "the runtime's threads");
    }

    #[tokio::test]
    async fn a_judge_that_panics_is_an_error_and_the_next_runs() {
        let failed = Service::analysing(|| panic!("a judge's bug")).await;
        assert!(matches!(failed, Err(ServiceError::Drawing(ref why)) if why == "a judge panicked"), "{failed:?}");
        assert_eq!(Service::analysing(|| 6 * 7).await.unwrap(), 42);
    }
}
