//! What an operator's probes and graphs ask of one process (`OPS_ADDR`): whether it is ready (its database answers,
//! its gateway is connected, its deliveries go out) and the numbers a scrape reads at that moment. The gateway's
//! state is the Discord front's to report; the counters and histograms are recorded where things happen, through
//! the `metrics` facade.

use crate::service::{Service, ServiceError};
use crate::store::{self, gauges::Gauges};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long the database may take to answer a readiness probe.
pub const DATABASE_PROBE: Duration = Duration::from_secs(1);
/// A deliverable effect due for longer than this means deliveries are stalled.
pub const DELIVERY_STALL_MS: i64 = 2 * 60 * 1000;

/// The process's own state, as its parts report it.
#[derive(Debug, Default)]
pub struct Health {
    /// The gateway's shards: how many are connected, of how many (`None` until the front first reports).
    gateway: Mutex<Option<(usize, usize)>>,
    /// When the turn clock last finished a tick.
    ticked: Mutex<Option<Instant>>,
}

/// Why a process is not ready: the parts that fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unready {
    /// The database did not answer within [`DATABASE_PROBE`].
    Database,
    /// Not every gateway shard is connected.
    Gateway,
    /// An effect has waited to be delivered longer than [`DELIVERY_STALL_MS`].
    Deliveries,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Service {
    /// The Discord front reports its gateway: `connected` shards of `total`.
    pub fn report_gateway(&self, connected: usize, total: usize) {
        *lock(&self.health.gateway) = Some((connected, total));
        metrics::gauge!("meridian_gateway_shards_connected").set(connected as f64);
    }

    /// The turn clock finished a tick.
    pub(in crate::service) fn ticked(&self) {
        *lock(&self.health.ticked) = Some(Instant::now());
    }

    /// What keeps this process from being ready (nothing: it is). It asks the database two small questions
    /// ([`store::gauges::readiness`]), not the scrape's gauges: a probe comes every few seconds.
    pub async fn unready(&self) -> Vec<Unready> {
        let mut why = Vec::new();
        let oldest_due = match tokio::time::timeout(DATABASE_PROBE, self.readiness()).await {
            Ok(Ok(due)) => Some(due),
            _ => None,
        };
        if oldest_due.is_none() {
            why.push(Unready::Database);
        }
        if !matches!(*lock(&self.health.gateway), Some((connected, total)) if total > 0 && connected == total) {
            why.push(Unready::Gateway);
        }
        if oldest_due.flatten().is_some_and(|due| self.now() - due > DELIVERY_STALL_MS) {
            why.push(Unready::Deliveries);
        }
        why
    }

    /// Since when the longest-waiting deliverable effect has been due, if any (the database answering).
    async fn readiness(&self) -> Result<Option<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(store::gauges::readiness(&mut tx, self.now()).await?)
    }

    async fn read_gauges(&self) -> Result<Gauges, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(store::gauges::read(&mut tx, self.now()).await?)
    }

    /// Sets the gauges a scrape reads from the database and the process (the counters and histograms are kept as
    /// things happen).
    pub async fn set_gauges(&self) -> Result<(), ServiceError> {
        let gauges = self.read_gauges().await?;
        metrics::gauge!("meridian_outbox_effects").set(gauges.outbox_depth as f64);
        let age = gauges.oldest_due.map_or(0, |due| (self.now() - due).max(0));
        metrics::gauge!("meridian_outbox_oldest_due_age_seconds").set(age as f64 / 1000.0);
        // Every kind and status, so that one no game has any more reads 0 rather than its last count.
        for kind in crate::service::game::Kind::ALL.iter().map(|k| k.name()) {
            for status in crate::store::Status::ALL.map(crate::store::Status::as_str) {
                let count = gauges.games.iter().find(|(k, s, _)| k == kind && s == status).map_or(0, |g| g.2);
                metrics::gauge!("meridian_games", "kind" => kind, "status" => status).set(count as f64);
            }
        }
        metrics::gauge!("meridian_computer_turns_waiting").set(gauges.computer_turns as f64);
        metrics::gauge!("meridian_analyses_waiting").set(gauges.analyses as f64);
        let (in_use, size) = self.store.connections();
        metrics::gauge!("meridian_database_connections_in_use").set(f64::from(in_use));
        metrics::gauge!("meridian_database_connections").set(f64::from(size));
        if let Some(ticked) = *lock(&self.health.ticked) {
            metrics::gauge!("meridian_turn_clock_lag_seconds").set(ticked.elapsed().as_secs_f64());
        }
        Ok(())
    }
}
