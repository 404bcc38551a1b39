//! The delivery runner: claims due effects, hands them to a [`Courier`] (Discord, or a test's), and settles them.
//!
//! Games are delivered side by side (at most [`Pace::games`] at once), each game's effects one after another in
//! order. A send that gets no answer within [`Pace::send_timeout`] counts as failed and is retried later, so one
//! hung request holds up only its own game. An outcome that cannot be written (the database is locked or
//! read-only) is kept in memory and written again before anything more of that game is claimed: it is never sent
//! twice by this process, however long the database stays unwritable.

use crate::service::outbox::delivery::Outcome;
use crate::service::{Payload, Service, Wake};
use crate::store::OutboxRow;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::task::JoinSet;

/// Sends one message where its payload says.
pub trait Courier: Send + Sync + 'static {
    fn send(&self, payload: &Payload) -> impl Future<Output = Outcome> + Send;
}

/// How deliveries are paced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// Games delivered at once.
    pub games: usize,
    /// A send with no answer after this has failed. Shorter than a claim's lease
    /// ([`crate::store::LEASE_MS`]), so no other try starts while one may still be under way.
    pub send_timeout: Duration,
    /// Due work (retries) is looked for at least this often.
    pub idle: Duration,
}

impl Pace {
    /// For Discord: eight games at once is well under its 50 requests a second, and a request that has not been
    /// answered in 20 seconds will not be.
    pub fn discord(idle: Duration) -> Pace {
        Pace { games: 8, send_timeout: Duration::from_secs(20), idle }
    }
}

/// Outcomes sent but not yet written.
type Unsettled = Arc<Mutex<Vec<(OutboxRow, Outcome)>>>;

/// Delivers effects until the process stops, woken by `wake` after a change wrote some; restarted if it panics
/// (outcomes not yet written survive the restart). Once the process is stopping it claims nothing more, lets the
/// sends under way finish and records their outcomes, then ends.
pub async fn deliver_forever<C: Courier>(service: Arc<Service>, courier: Arc<C>, wake: Arc<Wake>, pace: Pace) {
    let _running = wake.running();
    let unsettled: Unsettled = Arc::default();
    crate::service::supervise("delivery", || {
        deliver(service.clone(), courier.clone(), wake.clone(), pace, unsettled.clone())
    })
    .await;
}

/// A running worker: its game, and whether it is on a retry.
struct Busy {
    game: i64,
    retry: bool,
}

async fn deliver<C: Courier>(
    service: Arc<Service>,
    courier: Arc<C>,
    wake: Arc<Wake>,
    pace: Pace,
    unsettled: Unsettled,
) {
    let mut workers = JoinSet::new();
    let mut busy: HashMap<tokio::task::Id, Busy> = HashMap::new();
    let spawn = |workers: &mut JoinSet<()>, busy: &mut HashMap<_, _>, row: OutboxRow| {
        let who = Busy { game: row.game_id, retry: row.attempts > 1 };
        let work =
            deliver_game(service.clone(), courier.clone(), (unsettled.clone(), wake.clone()), row, pace.send_timeout);
        busy.insert(workers.spawn(work).id(), who);
    };
    loop {
        let waiting: Vec<(OutboxRow, Outcome)> = std::mem::take(&mut *lock(&unsettled));
        for (row, outcome) in waiting {
            match service.settle(&row, &outcome).await {
                Ok(next) => next.into_iter().for_each(|row| spawn(&mut workers, &mut busy, row)),
                Err(_) => lock(&unsettled).push((row, outcome)),
            }
        }
        let skip: Vec<i64> =
            busy.values().map(|b| b.game).chain(lock(&unsettled).iter().map(|(r, _)| r.game_id)).collect();
        let stopping = wake.is_stopping();
        if stopping && busy.is_empty() && lock(&unsettled).is_empty() {
            return;
        }
        let free = if stopping { 0 } else { pace.games.saturating_sub(busy.len()) };
        // Retries never take the last slot: a new move's board always finds one.
        let retries = busy.values().filter(|b| b.retry).count();
        let retry_room = (pace.games - 1).saturating_sub(retries);
        if free > 0 {
            match service.claim(free, retry_room, &skip).await {
                Ok(rows) => rows.into_iter().for_each(|row| spawn(&mut workers, &mut busy, row)),
                Err(e) => tracing::warn!(error = %e, "cannot claim deliveries; nothing is sent until the database \
                                                       can be written"),
            }
        }
        tokio::select! {
            Some(done) = workers.join_next_with_id() => match done {
                Ok((id, ())) => drop(busy.remove(&id)),
                Err(e) => {
                    let game = busy.remove(&e.id()).map(|b| b.game);
                    tracing::error!(game, error = %e, "a delivery panicked; its effect is tried again after its lease");
                }
            },
            _ = wake.effects() => {}
            _ = tokio::time::sleep(pace.idle) => {}
            _ = wake.stopping(), if !stopping => {}
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A worker that panicked while holding it left a plain list behind: still good to use.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Delivers a game's effects one after another, from `first` while the next one is due and the process is not
/// stopping (the next one, claimed, is then released with the process's claims).
async fn deliver_game<C: Courier>(
    service: Arc<Service>,
    courier: Arc<C>,
    (unsettled, wake): (Unsettled, Arc<Wake>),
    first: OutboxRow,
    timeout: Duration,
) {
    let mut next = Some(first);
    while let Some(row) = next.take() {
        let outcome = match service.payload(&row).await {
            Ok(payload) => match tokio::time::timeout(timeout, courier.send(&payload)).await {
                Ok(outcome) => outcome,
                Err(_) => Outcome::Retry(format!("no answer in {} s", timeout.as_secs_f32())),
            },
            Err(e) if e.is_corrupt() => {
                if let Err(e) = service.set_aside(&row, &e).await {
                    tracing::error!(outbox = row.id, error = %e, "cannot set aside an effect; tried again later");
                }
                return;
            }
            // The database, busy or away for a while: tried again later, like a send that failed.
            Err(e) => Outcome::Retry(e.detail()),
        };
        match service.settle(&row, &outcome).await {
            Ok(then) => next = then.filter(|_| !wake.is_stopping()),
            Err(e) => {
                tracing::error!(outbox = row.id, error = %e, "cannot record a delivery; kept to record later, not sent \
                                                              again");
                lock(&unsettled).push((row, outcome));
            }
        }
    }
}
