//! The operator's HTTP endpoint at `SCHOCKEN_METRICS_ADDR` (e.g. `127.0.0.1:9187`):
//! `/metrics` in Prometheus' text format and `/health` (200 while the database answers, 503
//! otherwise). It stops with the process.

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use bot_core::service::{Service, Stop};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tracing::{debug, info, warn};

/// The environment variable naming the address to serve on.
pub const ADDR_VAR: &str = "SCHOCKEN_METRICS_ADDR";

/// The address from the environment, if one is set; a wrong one is an error.
pub fn addr_from_env() -> Result<Option<SocketAddr>, String> {
    match std::env::var(ADDR_VAR) {
        Ok(text) if !text.trim().is_empty() => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| format!("{ADDR_VAR}: `{text}` is no address (e.g. 127.0.0.1:9187)")),
        _ => Ok(None),
    }
}

/// Binds `addr` (an error if it is taken) and serves until the process stops.
pub async fn serve(
    addr: SocketAddr,
    service: Arc<Service>,
    mut stop: Stop,
) -> std::io::Result<tokio::task::JoinHandle<()>> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    info!(addr = %listener.local_addr()?, "serving /metrics and /health");
    let app = Router::new()
        .route("/metrics", get(metrics))
        .route("/health", get(health))
        .with_state(service);
    Ok(tokio::spawn(async move {
        let stopped = async move { stop.stopped().await };
        if let Err(e) = axum::serve(listener, app)
            .with_graceful_shutdown(stopped)
            .await
        {
            warn!(error = %e, "the metrics endpoint stopped");
        }
    }))
}

async fn metrics(State(service): State<Arc<Service>>) -> impl IntoResponse {
    // While the database is gone the count keeps its last value (the outage is said once).
    if service.store_unreachable().is_none() {
        match service.count_open_tables().await {
            Ok(n) => service.metrics().set_tables_open(n),
            Err(e) if e.is_unreachable() => debug!(error = %e, "could not count the open tables"),
            Err(e) => warn!(error = %e, "could not count the open tables"),
        }
    }
    service.note_outage_length();
    // Counted now: between two housekeeping passes the places come and go.
    let places = i64::try_from(service.places_in_memory()).unwrap_or(i64::MAX);
    service.metrics().set_places_in_memory(places);
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        service.metrics().text(),
    )
}

async fn health(State(service): State<Arc<Service>>) -> impl IntoResponse {
    if let Some(why) = service.store_unreachable() {
        // Known at once (a full disk still answers the ping below).
        return (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n"));
    }
    match tokio::time::timeout(Duration::from_secs(2), service.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n".to_string()),
        _ => (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database does not answer\n".to_string(),
        ),
    }
}
