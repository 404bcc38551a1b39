//! The page server's routes, all GET (HEAD answers alike):
//!
//! | path | answer |
//! | --- | --- |
//! | `/g/{token}` | the game's page (HTML; its script and style are `/g/page.js` and `/g/page.css`) |
//! | `/g/{token}/history.json` | the game's history: [`crate::service::History`] |
//! | `/g/{token}/version.json` | `{"version": moves and undos so far, "over": bool, "analysing": bool}`, what an open page polls |
//! | `/g/{token}/board/{step}` | the board after move `step` (0: the set-up) as a PNG, as the thread showed it |
//! | `/g/{token}/record.json` | the game's record, once it is over (403 before: it holds the secrets) |
//! | `/r/{token}` | a server's leaderboard in one game (HTML), all time: the token is its own, like a game's |
//! | `/t/{token}` | a tournament's page (HTML): standings, cross-table, each round's games linked to theirs |
//!
//! Every address a page uses is relative to `/g/`, so the server may sit under a path behind a proxy. Answers
//! carry no referrer (a page's address is its key), forbid framing and inline code, and ask robots to stay away.

use super::{limits, Peer};
use crate::language::Lang;
use crate::service::Palette;
use crate::service::{Service, ServiceError};
use axum::extract::{FromRequestParts, MatchedPath, Path, RawQuery, Request, State};
use axum::http::{header, request::Parts, HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use tokio::sync::Semaphore;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::{GovernorError, GovernorLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// Every answer's headers: no referrer leaks a page's address, no framing, no code but the page's own script.
const SECURITY: [(&str, &str); 5] = [
    ("referrer-policy", "no-referrer"),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("x-robots-tag", "noindex, nofollow"),
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; \
         frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
];

struct Web {
    service: Arc<Service>,
    in_flight: Semaphore,
    /// Each client's line: its requests are answered [`limits::REQUESTS_PER_CLIENT`] at a time.
    lines: std::sync::Mutex<std::collections::HashMap<IpAddr, Arc<Semaphore>>>,
    proxies: Arc<limits::Proxies>,
}

impl Web {
    /// `client`'s line, made when it has none.
    fn line(&self, client: IpAddr) -> Arc<Semaphore> {
        let mut lines = self.lines.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        lines.entry(client).or_insert_with(|| Arc::new(Semaphore::new(limits::REQUESTS_PER_CLIENT))).clone()
    }

    /// Forgets `client`'s line once nobody is in it (the map's and the caller's are the only hands on it).
    fn leave(&self, client: IpAddr, line: &Arc<Semaphore>) {
        let mut lines = self.lines.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if Arc::strong_count(line) == 2 {
            lines.remove(&client);
        }
    }
}

/// A request in its client's line: leaves it when done, or when dropped on the way (its client went away).
struct InLine<'a> {
    web: &'a Web,
    client: IpAddr,
    line: Arc<Semaphore>,
}

impl Drop for InLine<'_> {
    fn drop(&mut self) {
        self.web.leave(self.client, &self.line);
    }
}

type Shared = State<Arc<Web>>;

/// Whom a request counts against, for the rate limit: see [`limits::Proxies::requester`].
#[derive(Clone)]
struct Requester(Arc<limits::Proxies>);

impl KeyExtractor for Requester {
    type Key = IpAddr;

    fn extract<T>(&self, request: &axum::http::Request<T>) -> Result<IpAddr, GovernorError> {
        // Without its connection's address (a test calling the routes directly), a request is nobody in particular.
        let peer = request.extensions().get::<Peer>().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.0.ip());
        Ok(self.0.requester(peer, request.headers()))
    }
}

/// The page server's routes, with its limits on requests (connections are limited by [`super::serve`]):
/// [`limits::BURST`] requests per client then [`limits::PER_SECOND`], [`limits::REQUESTS`] at once,
/// [`limits::TIMEOUT`] each, [`limits::URI_BYTES`] of address; and the security headers on every answer.
pub fn router(service: Arc<Service>, proxies: Arc<limits::Proxies>) -> Router {
    let (in_flight, lines) = (Semaphore::new(limits::REQUESTS), std::sync::Mutex::default());
    let web = Arc::new(Web { service, in_flight, lines, proxies: proxies.clone() });
    let rate = GovernorConfigBuilder::default()
        .per_millisecond(u64::from(1000 / limits::PER_SECOND))
        .burst_size(limits::BURST)
        .key_extractor(Requester(proxies))
        .finish()
        .expect("a rate and a burst above zero");
    // Clients whose buckets are full again are forgotten every minute, while the server lasts: the counts stay as
    // many as the clients of the last few seconds.
    let counts = Arc::downgrade(rate.limiter());
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(async move {
            loop {
                tokio::time::sleep(FORGET_EVERY).await;
                let Some(counts) = counts.upgrade() else { break };
                counts.retain_recent();
            }
        });
    }
    let mut router = Router::new()
        .route("/", get(home))
        .route("/g/page.js", get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }))
        .route("/g/page.css", get(|| async { asset("text/css; charset=utf-8", STYLE) }))
        .route("/g/{token}", get(page))
        .route("/g/{token}/history.json", get(history))
        .route("/g/{token}/version.json", get(version))
        .route("/g/{token}/board/{step}", get(board))
        .route("/g/{token}/record.json", get(record))
        .route("/r/{token}", get(leaderboard))
        .route("/t/{token}", get(tournament))
        .fallback(|| async { text(StatusCode::NOT_FOUND, "Nothing here.") })
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, limits::TIMEOUT))
        .layer(middleware::from_fn_with_state(web.clone(), guard))
        .layer(GovernorLayer::new(rate).error_handler(slow_down))
        .layer(middleware::from_fn(counted));
    for (name, value) in SECURITY {
        router = router
            .layer(SetResponseHeaderLayer::overriding(HeaderName::from_static(name), HeaderValue::from_static(value)));
    }
    router.with_state(web)
}

/// Counts each answer by its route (the pattern, never a token) and status, for the operator's metrics.
async fn counted(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or_else(|| "other".into(), |p| p.as_str().to_owned());
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!("meridian_page_requests_total", "route" => route, "status" => status).increment(1);
    response
}

/// How often the rate limit forgets clients that have not asked for a while.
const FORGET_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// A client over its rate: when to come back.
fn slow_down(error: GovernorError) -> Response {
    let wait = match error {
        GovernorError::TooManyRequests { wait_time, .. } => wait_time.max(1),
        _ => 1,
    };
    let mut response = text(StatusCode::TOO_MANY_REQUESTS, "Too many requests: wait a moment.");
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait));
    response
}

/// Refuses long addresses; answers each client's requests [`limits::REQUESTS_PER_CLIENT`] at a time (the others
/// wait their turn, [`limits::TIMEOUT`] at most), so that a few clients cannot take every one of the
/// [`limits::REQUESTS`] answered at once; refuses more than those.
async fn guard(State(web): Shared, request: Request, next: Next) -> Response {
    let length = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if length > limits::URI_BYTES {
        return text(StatusCode::URI_TOO_LONG, "That address is too long.");
    }
    let busy = || text(StatusCode::SERVICE_UNAVAILABLE, "Busy; try again in a moment.");
    let client = request.extensions().get::<Peer>().map(|peer| web.proxies.requester(peer.0.ip(), request.headers()));
    let Some(client) = client else {
        // Not from a connection (the router asked directly, as the tests do): the limit in all only.
        let Ok(_answering) = web.in_flight.try_acquire() else { return busy() };
        return next.run(request).await;
    };
    let in_line = InLine { web: &web, client, line: web.line(client) };
    let answer = match tokio::time::timeout(limits::TIMEOUT, in_line.line.clone().acquire_owned()).await {
        Ok(Ok(_turn)) => match web.in_flight.try_acquire() {
            Ok(_answering) => next.run(request).await,
            Err(_) => busy(),
        },
        _ => busy(),
    };
    drop(in_line);
    answer
}

/// A route's path parameters; any that cannot be read (bytes that are not UTF-8, say) make the one answer every
/// unknown page gets, so no wrong token is told apart from another.
struct Found<T>(T);

impl<T, S> FromRequestParts<S> for Found<T>
where
    T: serde::de::DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Found<T>, Response> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(found)) => Ok(Found(found)),
            Err(_) => Err(failed(ServiceError::NoSuchPage)),
        }
    }
}

fn text(status: StatusCode, body: impl IntoResponse) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

/// Kept an hour: the page's script and style, and a position's picture (a position never changes once played; a
/// renamed seat redraws it, hence not for ever).
const LASTING: (header::HeaderName, &str) = (header::CACHE_CONTROL, "public, max-age=3600");

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), LASTING], body).into_response()
}

/// A refusal in words, with its status; internal failures are logged and said plainly.
fn failed(error: ServiceError) -> Response {
    let status = match &error {
        ServiceError::NoSuchPage | ServiceError::NoSuchMove { .. } => StatusCode::NOT_FOUND,
        ServiceError::ExportTooEarly(_) => StatusCode::FORBIDDEN,
        e if e.is_internal() => {
            tracing::error!(error = %e.detail(), "a game page failed");
            return text(StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong on our side.");
        }
        _ => StatusCode::BAD_REQUEST,
    };
    text(status, error.to_string())
}

/// Never cached: the game moves on.
const FRESH: (header::HeaderName, &str) = (header::CACHE_CONTROL, "no-store");

async fn home() -> Response {
    text(StatusCode::OK, "Game pages are reached by the links the bot posts in each game's thread.")
}

/// The language a page asks for (`?lang=fr`); anything else is the game's own.
fn asked(query: &Option<String>) -> Option<Lang> {
    query.as_deref()?.split('&').find_map(|pair| pair.strip_prefix("lang=").and_then(Lang::from_code))
}

/// The colours a page asks for (`?colours=safe`); anything else is the game's own.
fn colours(query: &Option<String>) -> Option<Palette> {
    query.as_deref()?.split('&').find_map(|pair| pair.strip_prefix("colours=").and_then(Palette::named))
}

async fn page(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.page_history(&token, asked(&query), colours(&query)).await {
        Ok(history) => ([FRESH], Html(super::pages::game(&token, &history).into_string())).into_response(),
        Err(e) => failed(e),
    }
}

async fn history(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.page_history(&token, asked(&query), colours(&query)).await {
        Ok(history) => ([FRESH], Json(history)).into_response(),
        Err(e) => failed(e),
    }
}

async fn version(State(web): Shared, Found(token): Found<String>) -> Response {
    match web.service.page_version(&token).await {
        Ok((version, over, analysing)) => {
            ([FRESH], Json(serde_json::json!({ "version": version, "over": over, "analysing": analysing })))
                .into_response()
        }
        Err(e) => failed(e),
    }
}

async fn board(
    State(web): Shared,
    Found((token, step)): Found<(String, String)>,
    RawQuery(query): RawQuery,
) -> Response {
    // Only plain digits: no sign, no spaces, nothing an integer parser would also take.
    let Some(step) = step.parse::<i64>().ok().filter(|_| step.bytes().all(|b| b.is_ascii_digit())) else {
        return text(StatusCode::NOT_FOUND, "A move is numbered 0 (the set-up), 1, 2, …");
    };
    match web.service.page_board(&token, step, asked(&query), colours(&query)).await {
        Ok(png) => ([(header::CONTENT_TYPE, "image/png"), LASTING], png.to_vec()).into_response(),
        Err(e) => failed(e),
    }
}

async fn record(State(web): Shared, Found(token): Found<String>) -> Response {
    match web.service.page_record(&token).await {
        Ok((game, record)) => {
            let file = format!("attachment; filename=\"game-{game}.json\"");
            let headers = [
                (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
                (header::CONTENT_DISPOSITION, HeaderValue::from_str(&file).expect("a plain file name")),
            ];
            (headers, record).into_response()
        }
        Err(e) => failed(e),
    }
}

async fn leaderboard(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.leaderboard_page(&token).await {
        Ok((kind, board, reliability)) => {
            let lang = asked(&query).unwrap_or_default();
            ([FRESH], Html(super::pages::leaderboard(kind, &board, &reliability, lang).into_string())).into_response()
        }
        Err(e) => failed(e),
    }
}

async fn tournament(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.tournament_page(&token).await {
        Ok(view) => {
            let lang = asked(&query).unwrap_or(view.lang);
            ([FRESH], Html(super::tournament::html(&view, lang).into_string())).into_response()
        }
        Err(e) => failed(e),
    }
}
