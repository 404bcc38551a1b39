//! The operator's endpoints, on their own listener (`OPS_ADDR`, never the public page server): `/healthz` (the
//! process answers), `/readyz` (200 while its database answers within a second, its gateway is connected and its
//! deliveries go out; 503 with the reasons as JSON otherwise) and `/metrics` (Prometheus's text format).
//!
//! Scope: GET requests on these three paths, nothing else; served with the page server's bounds
//! ([`super::limits`]) and a deadline for each answer.

use crate::service::process::health::Unready;
use crate::service::Service;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;
use tower_http::timeout::TimeoutLayer;

/// The histograms' buckets, in seconds: from a few milliseconds (a command answered) to a minute (a long think).
pub const BUCKETS_SECONDS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

#[derive(Clone)]
struct Ops {
    service: Arc<Service>,
    metrics: PrometheusHandle,
}

/// The operator's router.
pub fn router(service: Arc<Service>, metrics: PrometheusHandle) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readyz))
        .route("/metrics", get(scrape))
        .fallback(|| async { (StatusCode::NOT_FOUND, "Nothing here.\n") })
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, super::limits::TIMEOUT))
        .with_state(Ops { service, metrics })
}

async fn readyz(State(ops): State<Ops>) -> Response {
    let unready: Vec<Unready> = ops.service.unready().await;
    match unready.is_empty() {
        true => Json(serde_json::json!({"ready": true})).into_response(),
        false => (StatusCode::SERVICE_UNAVAILABLE, Json(serde_json::json!({"ready": false, "unready": unready})))
            .into_response(),
    }
}

async fn scrape(State(ops): State<Ops>) -> Response {
    if let Err(e) = ops.service.set_gauges().await {
        // The counters still tell: the database's gauges keep their last values.
        tracing::warn!(error = %e, "cannot read the metrics' gauges from the database");
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], ops.metrics.render()).into_response()
}
