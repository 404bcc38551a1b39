//! The page server's routes, all GET (HEAD answers alike):
//!
//! | path | answer |
//! | --- | --- |
//! | `/g/{token}` | the game's page (HTML; its script and style are `/g/page.js` and `/g/page.css`) |
//! | `/g/{token}/history.json` | the game's history: [`crate::service::History`] |
//! | `/g/{token}/version.json` | `{"version": moves and take-backs so far, "over": bool, "analysing": bool}`, what an open page polls |
//! | `/g/{token}/board/{step}` | the board after move `step` (0: the set-up) as a PNG, as the thread showed it |
//! | `/g/{token}/record.json` | the game's record, once it is over (403 before: it holds the secrets) |
//! | `/r/{token}` | a server's leaderboard in one game (HTML), all time: the token is its own, like a game's |
//! | `/t/{token}` | a tournament's page (HTML): standings, cross-table, each round's games linked to theirs |
//!
//! Every address a page uses is relative to `/g/`, so the server may sit under a path behind a proxy. Answers
//! carry no referrer (a page's address is its key), forbid framing and inline code, and ask robots to stay away.

use super::{limits, Peer};
use crate::language::{capitalized, Lang, List};
use crate::ratings::reliability::Reliability;
use crate::service::game::any::Kind;
use crate::service::ratings::Leaderboard;
use crate::service::seat::fair_play::reliability_short;
use crate::service::{History, Service, ServiceError};
use crate::text;
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

/// How often an open page asks whether the game moved on, in seconds.
pub const POLL_SECONDS: u32 = 3;

const PAGE: &str = include_str!("page.html");
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
fn asked(query: Option<String>) -> Option<Lang> {
    query?.split('&').find_map(|pair| pair.strip_prefix("lang=").and_then(Lang::from_code))
}

async fn page(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.page_history(&token, asked(query)).await {
        Ok(history) => ([FRESH], Html(html(&token, &history))).into_response(),
        Err(e) => failed(e),
    }
}

async fn history(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.page_history(&token, asked(query)).await {
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
    match web.service.page_board(&token, step, asked(query)).await {
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
            let lang = asked(query).unwrap_or_default();
            ([FRESH], Html(leaderboard_html(kind, &board, &reliability, lang))).into_response()
        }
        Err(e) => failed(e),
    }
}

async fn tournament(State(web): Shared, Found(token): Found<String>, RawQuery(query): RawQuery) -> Response {
    match web.service.tournament_page(&token).await {
        Ok(view) => {
            let lang = asked(query).unwrap_or(view.lang);
            ([FRESH], Html(super::tournament::html(&view, lang))).into_response()
        }
        Err(e) => failed(e),
    }
}

/// A leaderboard page: a table of the best, their ratings, rated games and turns in time, in `lang`.
fn leaderboard_html(kind: Kind, board: &Leaderboard, reliability: &[Option<Reliability>], lang: Lang) -> String {
    let title = escape(&lang.say(&text!("web-leaderboard-title", game = kind.title())));
    let rows: String = board
        .top
        .iter()
        .zip(reliability)
        .map(|(s, r)| {
            let name = escape(&s.name);
            let in_time = r.as_ref().map_or(String::new(), |r| escape(&lang.say(&reliability_short(r))));
            format!(
                "<tr><td>{}</td><td>{name}</td><td>{}</td><td>{}</td><td>{in_time}</td></tr>",
                s.rank, s.shown, s.games
            )
        })
        .collect();
    let word = |id: &str| escape(&lang.word(id));
    let note = escape(&lang.say(&text!("web-leaderboard-note", games = crate::ratings::SETTLED_AFTER)));
    format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <link rel=\"stylesheet\" href=\"../g/page.css\"></head><body><main><h1>{title}</h1>\
         <table><thead><tr><th>#</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>{rows}</tbody>\
         </table>\
         <p>{note}</p></main></body></html>",
        lang.code(),
        word("web-leaderboard-player"),
        word("web-leaderboard-rating"),
        word("web-leaderboard-games"),
        word("web-leaderboard-in-time"),
    )
}

/// Text safe inside HTML, attribute values included.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The words the page's script says, with `{step}`, `{last}` and `{chart}` for it to fill: as JSON, safe inside
/// the page's `<script type="application/json">` (it is data, never run).
fn script_words(lang: Lang) -> String {
    let holes = |id: &str| {
        let said = text!(id, step = "{step}", last = "{last}", chart = "{chart}", title = "{title}", game = "{game}");
        (id.to_string(), serde_json::Value::from(lang.say(&said)))
    };
    let ids = ["web-board-alt-setup", "web-board-alt", "web-counter-setup", "web-counter", "web-chart-title"];
    let more = ["web-at-setup", "web-after-move", "web-title"];
    let words: serde_json::Map<String, serde_json::Value> = ids.into_iter().chain(more).map(holes).collect();
    serde_json::Value::Object(words).to_string().replace('<', "\\u003c")
}

/// Links to the page in each language, the one shown marked.
pub(super) fn language_links(shown: Lang) -> String {
    let link = |lang: Lang| {
        let (code, name) = (lang.code(), escape(&capitalized(&lang.word("language-name"))));
        let current = if lang == shown { " aria-current=\"page\"" } else { "" };
        format!("<a href=\"?lang={code}\" hreflang=\"{code}\" lang=\"{code}\"{current}>{name}</a>")
    };
    Lang::ALL.into_iter().map(link).collect::<Vec<_>>().join(" · ")
}

/// The page, complete without its script (the move list, the last board, who is due), in the history's language;
/// the script then adds stepping, the chart and live updates.
fn html(token: &str, history: &History) -> String {
    let lang = history.lang;
    let moves: String = history
        .steps
        .iter()
        .enumerate()
        .map(|(k, step)| format!("<li data-step=\"{k}\">{}</li>", escape(&step.line)))
        .collect();
    let title = lang.say(&text!("web-title", title = history.title, game = history.game));
    let word = |id: &str| escape(&lang.word(id));
    let players = lang.say(&text!("play-lines", lines = List::and(&history.players)));
    let alt = lang.say(&text!("web-board-alt", step = history.last));
    let counter = lang.say(&text!("web-counter", step = history.last, last = history.last));
    // The chart's name begins the title (as the script writes it too).
    let chart = lang.say(&text!("web-chart-title", chart = capitalized(&history.chart)));
    let mut values = vec![
        ("lang", lang.code().to_string()),
        ("languages", language_links(lang)),
        ("words", script_words(lang)),
        ("title", escape(&title)),
        ("players", escape(&players)),
        ("token", escape(token)),
        ("poll", POLL_SECONDS.to_string()),
        ("last", history.last.to_string()),
        ("last-version", history.steps.last().map_or(0, |s| s.version).to_string()),
        ("state", escape(&history.state)),
        ("moves", moves),
        ("board-alt", escape(&alt)),
        ("counter", escape(&counter)),
        ("chart-title", escape(&chart)),
    ];
    for id in PAGE_WORDS {
        values.push((id, word(id)));
    }
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    fill(PAGE, &values)
}

/// The page's words with no argument, each a `{placeholder}` of page.html named as its message.
const PAGE_WORDS: [&str; 15] = [
    "web-languages",
    "web-moves-nav",
    "web-first",
    "web-first-title",
    "web-previous",
    "web-previous-title",
    "web-next",
    "web-next-title",
    "web-last",
    "web-last-title",
    "web-moves",
    "web-standing",
    "web-record",
    "web-record-note",
    "web-analysis",
];

/// `template` with each `{name}` replaced by its value, in one pass: a value is never read as a placeholder.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        rest = &rest[open..];
        let value = rest.find('}').and_then(|close| Some((values.iter().find(|(n, _)| *n == &rest[1..close])?, close)));
        match value {
            Some(((_, value), close)) => {
                out.push_str(value);
                rest = &rest[close + 1..];
            }
            None => {
                out.push('{');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_value_is_never_read_as_a_placeholder() {
        let page = super::fill("<h1>{title}</h1>{moves}{other}", &[("title", "{moves}"), ("moves", "<li>1</li>")]);
        assert_eq!(page, "<h1>{moves}</h1><li>1</li>{other}");
    }

    #[test]
    fn names_cannot_write_html() {
        assert_eq!(super::escape(r#"<b>"ana" & 'ben'</b>"#), "&lt;b&gt;&quot;ana&quot; &amp; &#39;ben&#39;&lt;/b&gt;");
    }
}
