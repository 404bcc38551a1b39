//! The process: reads its [`Config`] once, opens the store, starts the game pages' server and the turn clock, and runs
//! the Discord front on the one [`Service`] they share, until Ctrl-C or SIGTERM; then stops cleanly.

use crate::clock::{Clock, FileClock, SystemClock};
use crate::config::{redacted_url, Config};
use crate::service::{Service, Wake};
use crate::store::Store;
use anyhow::Context as _;
use std::sync::Arc;
use std::time::Duration;

/// How often the turn clock and the delivery loop look for due work besides being woken; a test moving time through
/// a file (`FAKE_CLOCK_FILE`) looks often, so that it never waits.
const IDLE: Duration = Duration::from_secs(5);
const IDLE_ON_A_FILE_CLOCK: Duration = Duration::from_millis(50);
/// How long a stopping process waits for the sends and the work under way before it lets go of them.
pub const STOP_GRACE: Duration = Duration::from_secs(10);

/// Runs the bot until Ctrl-C or SIGTERM, then stops cleanly: the gateway closed, no new work taken, the sends under
/// way finished (for [`STOP_GRACE`] at most) and recorded, and the process's claims released, so that a restart (or
/// another process) delivers what was left at once.
pub async fn run(config: Config) -> anyhow::Result<()> {
    // A process's claims carry its shards: the one process running these shards after a restart is its next run.
    let instance = config.shards.map_or_else(|| "all shards".to_string(), |s| format!("shards {s}"));
    let store = Store::open(&config.database.url).await?.named(&instance);
    tracing::info!(
        backend = store.backend().name(),
        database = %redacted_url(&config.database.url),
        schema = store.schema_version().await?,
        shards = %instance,
        "store open"
    );
    let (clock, idle): (Arc<dyn Clock>, Duration) = match &config.clock_file {
        Some(path) => {
            let clock = FileClock::open(path).with_context(|| format!("FAKE_CLOCK_FILE {}", path.display()))?;
            tracing::warn!(file = %path.display(), "time comes from a file (FAKE_CLOCK_FILE): for tests only");
            (Arc::new(clock), IDLE_ON_A_FILE_CLOCK)
        }
        None => (Arc::new(SystemClock), IDLE),
    };
    let mut service = Service::new(store, clock, Service::random_seeds());
    // Listening before Discord connects: a taken or bad address stops the bot at once, saying so.
    let mut pages = None;
    if let Some(public_url) = &config.public_url {
        service = service.with_pages(public_url);
        if let Some(addr) = config.web_addr {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("cannot listen for game pages on WEB_ADDR {addr}"))?;
            tracing::info!(%addr, %public_url, "serving game pages");
            pages = Some((listener, config.proxies.clone()));
        }
    }
    let ops = match config.ops_addr {
        Some(addr) => Some(ops_listener(addr).await?),
        None => None,
    };
    let service = Arc::new(service);
    if let Some((listener, proxies)) = pages {
        tokio::spawn(crate::web::serve(listener, service.clone(), proxies));
    }
    if let Some((listener, metrics)) = ops {
        let router = crate::web::ops::router(service.clone(), metrics);
        let trusted = Arc::new(crate::web::limits::Proxies::default());
        tokio::spawn(crate::web::serve_router(listener, router, trusted, Default::default()));
    }
    let released = service.release_claims().await?;
    if released > 0 {
        tracing::info!(released, "work claimed before a restart (deliveries, turn clocks, analyses) is due again");
    }
    let wake = Arc::new(Wake::default());
    tokio::spawn(crate::service::run_turn_clock(service.clone(), wake.clone(), idle));
    tokio::spawn(crate::service::run_computers(service.clone(), wake.clone(), idle));
    tokio::spawn(crate::service::run_analyses(service.clone(), wake.clone(), idle));
    let ran = crate::discord::run(&config, service.clone(), wake.clone(), idle).await;
    stop(&service, &wake).await?;
    ran
}

/// Once the Discord front has stopped: no new work taken, the work under way finished (for [`STOP_GRACE`] at most),
/// the process's claims released.
async fn stop(service: &Service, wake: &Wake) -> anyhow::Result<()> {
    wake.stop();
    if tokio::time::timeout(STOP_GRACE, wake.stopped()).await.is_err() {
        tracing::warn!(grace_seconds = STOP_GRACE.as_secs(), "work still under way when stopping: let go of");
    }
    let released = service.release_claims().await?;
    tracing::info!(released, "stopped");
    Ok(())
}

/// The operator's listener on `addr` (`OPS_ADDR`), and the metrics' recorder, installed for the whole process.
async fn ops_listener(
    addr: std::net::SocketAddr,
) -> anyhow::Result<(tokio::net::TcpListener, metrics_exporter_prometheus::PrometheusHandle)> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen for the operator's endpoints on OPS_ADDR {addr}"))?;
    let metrics = metrics_exporter_prometheus::PrometheusBuilder::new()
        .set_buckets(crate::web::ops::BUCKETS_SECONDS)?
        .install_recorder()?;
    // Histograms' samples are folded in at each scrape, and here besides, so that they never pile up unscraped.
    let upkeep = metrics.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            upkeep.run_upkeep();
        }
    });
    tracing::info!(%addr, "serving health, readiness and metrics");
    Ok((listener, metrics))
}

/// Computes every rating again from the store at `database_url` (`meridian-bot rerate`): after a rating model's
/// settings change, or once after upgrading, to rate the games finished before ratings existed.
pub async fn rerate(database_url: &str) -> anyhow::Result<usize> {
    let store = Store::open(database_url).await?;
    let service = Service::new(store, Arc::new(SystemClock), Service::random_seeds());
    Ok(service.rerate().await?)
}
