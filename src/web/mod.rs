//! Game pages on the web: a read-only page per game, served by the bot itself (axum over hyper, HTTP/1.1).
//!
//! Off unless `WEB_ADDR` (where to listen) and `PUBLIC_URL` (the address players reach it by) are set; a process
//! with `PUBLIC_URL` alone links to pages another process serves. A page
//! is the game's history move by move (see [`crate::service::History`]): as public as the game's thread while the
//! game runs, with its record to download once it is over. Pages are found only by their game's unguessable token.
//!
//! Scope: this server answers GET requests for game pages and nothing else. It does not speak TLS: put it behind a
//! reverse proxy for HTTPS (on this machine, or named in `TRUSTED_PROXIES`: requests are then counted by the client
//! it forwards). Everything is bounded ([`limits`]): connections in all (sized by the process's file limit) and per
//! address, requests per client and per connection, requests in flight, how long headers, answers and idle
//! connections may take, how much of its answers a connection holds for its client (a small send buffer) and how
//! long it may leave them untaken, and the length of an address.

pub mod limits;
pub mod ops;
mod pages;
mod routes;
mod tournament;

use crate::service::Service;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;

pub use pages::POLL_SECONDS;
pub use routes::router;

/// The client's address, as the connection came in.
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub SocketAddr);

/// Serves game pages on `listener` until the process ends, believing `proxies` about whom they forward.
pub async fn serve(listener: TcpListener, service: Arc<Service>, proxies: limits::Proxies) {
    serve_within(listener, service, proxies, limits::Deadlines::default()).await
}

/// [`serve`], with other deadlines for connections (tests shorten them).
pub async fn serve_within(
    listener: TcpListener,
    service: Arc<Service>,
    proxies: limits::Proxies,
    deadlines: limits::Deadlines,
) {
    let trusted = Arc::new(proxies);
    serve_router(listener, router(service, trusted.clone()), trusted, deadlines).await
}

/// Serves `router` on `listener` until the process ends, with every bound of [`limits`]: the game pages, and the
/// operator's endpoints ([`ops`]).
pub async fn serve_router(
    listener: TcpListener,
    router: axum::Router,
    trusted: Arc<limits::Proxies>,
    deadlines: limits::Deadlines,
) {
    let connections = limits::Connections::default();
    tracing::debug!(limit = connections.limit(), "connections allowed at once");
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, mostly: wait for some to close rather than spin.
                tracing::warn!(error = %e, "cannot accept a page connection");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        // A trusted proxy's connections carry many clients: they are counted in all only, their requests each by
        // its client.
        let client = Some(limits::client(peer.ip())).filter(|_| !trusted.trusts(peer.ip()));
        let Some(open) = connections.open(client) else {
            continue; // dropped: too many open from there, or in all
        };
        // A client that stops reading fills a small buffer soon, and its writes wait: see [`limits::WriteDeadline`].
        if let Err(e) = socket2::SockRef::from(&stream).set_send_buffer_size(limits::SEND_BUFFER_BYTES) {
            tracing::debug!(error = %e, "cannot size a connection's send buffer");
        }
        let router = router.clone();
        tokio::spawn(async move {
            let answered = std::sync::atomic::AtomicUsize::new(0);
            let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(Peer(peer));
                let last =
                    answered.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1 >= limits::REQUESTS_PER_CONNECTION;
                let answer = tower::ServiceExt::oneshot(router.clone(), request);
                async move {
                    let mut answer = answer.await?;
                    if last {
                        let close = axum::http::HeaderValue::from_static("close");
                        answer.headers_mut().insert(axum::http::header::CONNECTION, close);
                    }
                    Ok::<_, std::convert::Infallible>(answer)
                }
            });
            // The header deadline also closes a connection left waiting for its next request (hyper starts it as
            // soon as it waits for one); the write deadline, one whose client does not take its answers.
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(deadlines.headers)
                .max_buf_size(limits::READ_BUFFER_BYTES)
                .serve_connection(TokioIo::new(limits::WriteDeadline::new(stream, deadlines.write)), service)
                .await;
            if let Err(e) = served {
                tracing::debug!(error = %e, "a page connection ended badly");
            }
            drop(open);
        });
    }
}
