//! Game pages (issue 15) through their HTTP handlers, on real SQLite files: every route of a running and of a
//! finished game, pictures byte for byte the thread's, bad tokens and bad paths, and no secret on a running game's
//! page (deck order, unrevealed programmes), checked against the record exported afterwards. Then the server itself
//! on a socket (issue 27): clients that never read their answers or never ask, and players behind a proxy.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use meridian_bot::ai::Level;
use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::service::analysis::judge::{costliest, percent, Analysed};
use meridian_bot::service::game::games::{dragon_delta, meridian};
use meridian_bot::service::game::Kind;
use meridian_bot::service::ratings::Period;
use meridian_bot::service::{Payload, Place, Service, Target, User};
use meridian_bot::store::{Backend, Status};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

use crate::support::databases;
use crate::support::decoded::png_size;
use crate::support::playing;
use crate::support::{en, en_names};
use databases::{each_backend, TestDb};
use playing::{drain, play_meridian as play};

const CHANNEL: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
const PUBLIC_URL: &str = "https://games.example.org";
/// Seeds far from any number a page shows, so that finding one would mean a leak.
const FIRST_SEED: u64 = 9_876_543_210_123;

fn user(id: i64, name: &str) -> User {
    User { id, name: name.into() }
}

async fn service(db: &TestDb) -> Arc<Service> {
    let next = Arc::new(AtomicU64::new(FIRST_SEED));
    let seeds = Arc::new(move || next.fetch_add(1, Ordering::SeqCst));
    Arc::new(Service::new(db.open().await, Arc::new(FakeClock::at(1_700_000_000_000)), seeds).with_pages(PUBLIC_URL))
}

/// A service on a fresh SQLite file, with its page server's routes.
struct Site {
    _db: TestDb,
    svc: Arc<Service>,
    router: axum::Router,
}

async fn site() -> Site {
    let db = TestDb::new(Backend::Sqlite).await;
    let svc = service(&db).await;
    let router = meridian_bot::web::router(svc.clone(), Default::default());
    Site { _db: db, svc, router }
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }

    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", |v| v.to_str().unwrap())
    }
}

async fn call(router: &axum::Router, method: Method, path: &str) -> Answer {
    let request = Request::builder().method(method).uri(path).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let body = axum::body::to_bytes(body, usize::MAX).await.unwrap().to_vec();
    Answer { status: parts.status, headers: parts.headers, body }
}

async fn get(router: &axum::Router, path: &str) -> Answer {
    call(router, Method::GET, path).await
}

/// Text as the page writes it in HTML (as maud escapes it: an apostrophe stays one, every attribute being quoted).
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page's path from the link in a text (the thread's first post, `status`).
fn linked_page(text: &str) -> String {
    let at = text.find(PUBLIC_URL).unwrap_or_else(|| panic!("no link to the page in {text:?}"));
    let url = &text[at..];
    url[PUBLIC_URL.len()..url.find('>').unwrap()].to_string()
}

/// Ana and ben's Meridian game, started, its thread's first post read.
async fn meridian_game(svc: &Service) -> (i64, String) {
    let id = svc.open_lobby(CHANNEL, &user(1, "ana"), meridian::Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 555, 554).await.unwrap();
    svc.join(id, &user(2, "ben <b>&")).await.unwrap();
    svc.start(id, 1).await.unwrap();
    let first = drain(svc).await.into_iter().find(|p| p.text.contains(" begins.")).unwrap();
    assert!(first.text.contains(&format!("Every move, step by step: <{PUBLIC_URL}/g/")), "{}", first.text);
    (id, linked_page(&first.text))
}

/// The thread's board pictures in the order posted: one a version in Meridian, every move being pictured.
fn thread_boards(payloads: &[Payload]) -> Vec<Vec<u8>> {
    payloads
        .iter()
        .filter(|p| matches!(p.target, Target::Thread(_)))
        .flat_map(|p| p.files.iter().filter(|(name, _)| name == "board.png").map(|(_, picture)| picture.image.clone()))
        .collect()
}

#[tokio::test]
async fn every_route_of_a_running_then_a_finished_game() {
    let Site { _db, svc, router } = site().await;
    let (id, page) = meridian_game(&svc).await;
    let token = page.strip_prefix("/g/").unwrap().to_string();
    assert_eq!(token.len(), 32);
    play(&svc, id, 10).await;
    let posted = drain(&svc).await;

    // The page: the moves in words, marked up safely, and who is due.
    let answer = get(&router, &page).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), "text/html; charset=utf-8");
    assert_eq!(answer.header("referrer-policy"), "no-referrer");
    assert!(answer.header("content-security-policy").contains("script-src 'self'"));
    assert_eq!(answer.header("cache-control"), "no-store");
    let html = answer.text();
    let lines: Vec<String> = svc.log(id, 100).await.unwrap().iter().map(en).collect();
    assert_eq!(lines.len(), 10);
    for line in &lines {
        assert!(html.contains(&html_text(line)), "{line:?} missing from the page");
    }
    assert!(html.contains("ben &lt;b&gt;&amp;") && !html.contains("ben <b>"), "a name is text, never markup");
    let table = svc.game(id).await.unwrap();
    let due = en_names(table.names_of(table.due()));
    assert!(html.contains(&html_text(&format!("{due} to play."))));
    // Asked in other colours, the page keeps them: its first board and its links to the other languages ask for them.
    let safe = get(&router, &format!("{page}?colours=safe")).await.text();
    assert!(safe.contains("/board/10?v=10&amp;lang=en&amp;colours=safe\""), "the first board in them");
    assert!(safe.contains("href=\"?lang=fr&amp;colours=safe\""), "the French page in them");
    assert!(html.contains("href=\"?lang=fr&amp;colours=standard\""), "the game's colours kept as well");

    // Its history: every step, the thread's words, the charted score after each, whose turn.
    let history = get(&router, &format!("{page}/history.json")).await.json();
    assert_eq!(history["version"], 10);
    assert_eq!(history["status"], "active");
    assert_eq!(history["analysing"], false, "a running game has no analysis to come");
    assert_eq!(history["title"], "Meridian");
    assert_eq!(history["chart"], "points");
    assert_eq!(history["players"], serde_json::json!(table.names()));
    assert_eq!(history["to_move"], due.as_str());
    assert_eq!(history["winners"], serde_json::Value::Null);
    assert_eq!(history["state"], format!("{due} to play."));
    let steps = history["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 11);
    assert_eq!(steps[0]["line"], "The game begins.");
    let said: Vec<&str> = steps[1..].iter().map(|s| s["line"].as_str().unwrap()).collect();
    assert_eq!(said, lines);
    let scores: Vec<serde_json::Value> = table.game().scores().iter().map(|&s| f64::from(s).into()).collect();
    assert_eq!(steps[10]["chart"], serde_json::Value::Array(scores));
    assert_eq!(steps[0]["chart"], serde_json::json!([0.0, 0.0]));
    let texts: Vec<&str> = posted.iter().filter(|p| p.text.contains(" to play.")).map(|p| p.text.as_str()).collect();
    for (line, text) in said.iter().zip(&texts) {
        assert!(text.starts_with(line), "the page says {line:?}, the thread said {text:?}");
    }

    // Each step's alt text is that of the thread's picture of the same move; the page opens with the last one's.
    let alts: Vec<&str> = posted
        .iter()
        .filter(|p| matches!(p.target, Target::Thread(_)))
        .flat_map(|p| p.files.iter().filter(|(name, _)| name == "board.png").map(|(_, picture)| picture.alt.as_str()))
        .collect();
    let stepped: Vec<&str> = steps[1..].iter().map(|s| s["alt"].as_str().unwrap()).collect();
    assert_eq!(stepped, alts);
    assert!(alts[9].starts_with("Meridian, move 11: "), "{}", alts[9]);
    assert!(html.contains(&format!("alt=\"{}\"", html_text(alts[9]))), "the board's alt text in the page");

    // A link to the page unfurls to the game, its players, whose turn and the scores, and the board now: at its
    // public address, which answers with the thread's last board.
    let meta = |property: &str| {
        let tag =
            html.split(&format!("property=\"{property}\" content=\"")).nth(1).unwrap_or_else(|| panic!("{property}"));
        tag.split('"').next().unwrap().replace("&amp;", "&")
    };
    assert_eq!(meta("og:title"), "Meridian — game #1: ana and ben &lt;b&gt;&");
    assert_eq!(meta("og:url"), format!("{PUBLIC_URL}{page}"));
    assert!(meta("og:description").starts_with(&format!("{due} to play. ")), "{}", meta("og:description"));
    assert_eq!(meta("og:image:alt").replace("&lt;", "<").replace("&gt;", ">"), alts[9]);
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    let image = meta("og:image");
    let path = image.strip_prefix(PUBLIC_URL).unwrap_or_else(|| panic!("{image} is absolute, on the public address"));
    let unfurled = get(&router, path).await;
    assert_eq!((unfurled.status, unfurled.header("content-type")), (StatusCode::OK, "image/png"));
    assert!(unfurled.body == *thread_boards(&posted).last().unwrap(), "the thread's last board");

    // Every board: the thread's picture for that move, byte for byte.
    let boards = thread_boards(&posted);
    assert_eq!(boards.len(), 10, "one picture a move");
    for (k, thread) in (1..=10).zip(&boards) {
        let answer = get(&router, &format!("{page}/board/{k}")).await;
        assert_eq!(answer.status, StatusCode::OK, "board {k}");
        assert_eq!(answer.header("content-type"), "image/png");
        assert!(answer.body == *thread, "board {k} differs from the thread's");
        assert_eq!(png_size(&answer.body), (1200, 800));
    }
    let setup = get(&router, &format!("{page}/board/0")).await;
    assert_eq!(setup.status, StatusCode::OK);
    assert_ne!(setup.body, boards[0], "the set-up is not the board after the first move");
    let again = get(&router, &format!("{page}/board/0")).await;
    assert_eq!(again.body, setup.body, "drawn again or kept, the same picture");

    // Moves that are not there, and steps that are not numbers.
    let past = get(&router, &format!("{page}/board/11")).await;
    assert_eq!(past.status, StatusCode::NOT_FOUND);
    assert_eq!(past.text(), format!("Game #{id} has no move 11: it is at move 10."));
    for bad in ["-1", "+1", "1.0", "x", "99999999999999999999", "%20"] {
        let answer = get(&router, &format!("{page}/board/{bad}")).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "board/{bad}");
    }

    // What an open page polls, and the record: not while the game runs.
    let version = get(&router, &format!("{page}/version.json")).await;
    assert_eq!(version.json(), serde_json::json!({"version": 10, "over": false, "analysing": false}));
    assert_eq!(version.header("cache-control"), "no-store");
    let record = get(&router, &format!("{page}/record.json")).await;
    assert_eq!(record.status, StatusCode::FORBIDDEN);
    assert_eq!(
        record.text(),
        format!("A game's record holds its secrets, so game #{id} can be exported once it is over.")
    );

    // `status` links to the same page.
    let standing = svc.standing(id).await.unwrap();
    assert_eq!(standing.page, Some(format!("{PUBLIC_URL}{page}")));

    // The script and style the page loads.
    for (asset, kind) in [("/g/page.js", "text/javascript"), ("/g/page.css", "text/css")] {
        let answer = get(&router, asset).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert!(answer.header("content-type").starts_with(kind));
    }

    // Played to the end: the winners, and the record to download, which replays to the same game.
    play(&svc, id, 1000).await;
    let table = svc.game(id).await.unwrap();
    assert_eq!(table.row().status, Status::Finished);
    let history = get(&router, &format!("{page}/history.json")).await.json();
    assert_eq!(history["status"], "finished");
    assert_eq!(history["version"], 52);
    assert_eq!(history["to_move"], serde_json::Value::Null);
    let winners = en_names(table.names_of(table.winners()));
    assert_eq!(history["winners"], winners.as_str());
    assert_eq!(history["state"], format!("Over: {winners} won."));
    assert_eq!(
        get(&router, &format!("{page}/version.json")).await.json(),
        serde_json::json!({"version": 52, "over": true, "analysing": true}),
        "over, its analysis to come"
    );
    assert!(history["steps"].as_array().unwrap().iter().all(|s| s["judged"].is_null()), "nothing judged yet");
    assert_eq!(history["analysing"], true);
    // Analysed: the page polls no more, and every move with a choice carries its chances, each player's costliest
    // marked in words (those `/… analysis` shows them).
    assert_eq!(svc.analyse_finished().await.unwrap(), 1);
    assert_eq!(
        get(&router, &format!("{page}/version.json")).await.json(),
        serde_json::json!({"version": 52, "over": true, "analysing": false})
    );
    let history = get(&router, &format!("{page}/history.json")).await.json();
    assert_eq!(history["analysing"], false);
    let steps = history["steps"].as_array().unwrap();
    let Analysed::Done(judged) = svc.analysis(id).await.unwrap() else { panic!("analysed") };
    for m in &judged {
        let shown = &steps[m.step as usize]["judged"];
        assert_eq!((shown["before"].as_f64(), shown["after"].as_f64()), (Some(m.before), Some(m.after)));
    }
    let marked: Vec<(usize, &str)> =
        steps.iter().enumerate().filter_map(|(k, s)| Some((k, s["judged"]["costly"].as_str()?))).collect();
    let mut expected: Vec<i64> = (0..2).flat_map(|seat| costliest(&judged, seat)).map(|m| m.step).collect();
    expected.sort_unstable();
    assert_eq!(marked.iter().map(|&(k, _)| k as i64).collect::<Vec<_>>(), expected);
    let (k, words) = marked[0];
    let m = judged.iter().find(|m| m.step == k as i64).unwrap();
    assert!(
        words.starts_with(&format!("A costly move: {} % → {} %; best was ", percent(m.before), percent(m.after))),
        "{words}"
    );
    let record = get(&router, &format!("{page}/record.json")).await;
    assert_eq!(record.status, StatusCode::OK);
    assert_eq!(record.header("content-disposition"), format!("attachment; filename=\"game-{id}.json\""));
    assert_eq!(record.text(), svc.export(id).await.unwrap().json);
    let replayed = meridian_bot::replay::run(&record.text(), None).unwrap();
    let replayed = serde_json::to_value(&replayed).unwrap();
    assert_eq!(replayed["moves"], 52);
    assert_eq!(replayed["finished"], true);
    let html = get(&router, &page).await.text();
    assert!(html.contains(&html_text(&format!("Over: {winners} won."))));
}

#[tokio::test]
async fn bad_tokens_and_bad_paths_open_nothing() {
    let Site { _db, svc, router } = site().await;
    let (id, page) = meridian_game(&svc).await;
    let token = page.strip_prefix("/g/").unwrap();
    // A lobby has a token too, but no page until it starts.
    let lobby = svc.open_lobby(CHANNEL, &user(3, "cy"), meridian::Options::default(), &[], &[]).await.unwrap();
    let mut conn = svc.store().read().await.unwrap();
    let lobby_token = meridian_bot::store::games::get(&mut conn, lobby).await.unwrap().unwrap().page_token;
    drop(conn);
    assert_ne!(lobby_token, token);
    let mut flipped = token.to_string();
    flipped.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    let no_page = "There is no such game page.";
    for bad in [
        format!("/g/{flipped}"),
        format!("/g/{}", token.to_uppercase()),
        format!("/g/{}", &token[..31]),
        format!("/g/{token}0"),
        format!("/g/{id}"),
        format!("/g/{lobby_token}"),
        format!("/g/{flipped}/history.json"),
        format!("/g/{flipped}/board/0"),
        format!("/g/{flipped}/record.json"),
        format!("/g/{flipped}/version.json"),
        "/g/%27%20OR%201=1--".to_string(),
        // Bytes that are no text at all are one more wrong token.
        "/g/%FF".to_string(),
        "/g/%FF/version.json".to_string(),
        "/g/%C3%28/board/0".to_string(),
        format!("/g/{token}/board/%FF"),
    ] {
        let answer = get(&router, &bad).await;
        assert_eq!((answer.status, answer.text()), (StatusCode::NOT_FOUND, no_page.to_string()), "{bad}");
    }
    for bad in ["/g", "/g/", "/games/1", "/g/x/y/z", "/../etc/passwd", "/g/page.html"] {
        let answer = get(&router, bad).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{bad}");
        assert_eq!(answer.header("x-content-type-options"), "nosniff");
    }
    assert_eq!(get(&router, "/").await.status, StatusCode::OK);
    let long = format!("{page}/board/{}", "1".repeat(300));
    assert_eq!(get(&router, &long).await.status, StatusCode::URI_TOO_LONG);
    for method in [Method::POST, Method::PUT, Method::DELETE] {
        assert_eq!(call(&router, method.clone(), &page).await.status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
    }
    assert_eq!(call(&router, Method::HEAD, &page).await.status, StatusCode::OK);
    // Nothing was changed by any of it.
    assert_eq!(svc.game(id).await.unwrap().row().version, 0);
}

#[tokio::test]
async fn one_address_flooding_is_slowed_down() {
    let Site { _db, svc, router } = site().await;
    let (_, page) = meridian_game(&svc).await;
    let (burst, rate) = (f64::from(meridian_bot::web::limits::BURST), f64::from(meridian_bot::web::limits::PER_SECOND));
    let start = std::time::Instant::now();
    let mut answered = 0;
    let refused = loop {
        let answer = get(&router, &format!("{page}/version.json")).await;
        if answer.status != StatusCode::OK {
            break answer;
        }
        answered += 1;
        assert!(answered < 100_000, "never slowed down");
    };
    // The burst, and what the rate gave back while it was spent.
    let allowed = burst + rate * start.elapsed().as_secs_f64();
    assert!(answered as f64 >= burst && answered as f64 <= allowed + 1.0, "{answered} answered, {allowed} allowed");
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.header("retry-after"), "1");
    assert_eq!(refused.text(), "Too many requests: wait a moment.");
    assert_eq!(refused.header("x-content-type-options"), "nosniff", "a refusal has the security headers too");
    // One count for every route: the page and its pictures are refused as well. Each is asked right after a refusal
    // (the rate gives a request back every 50 ms, and a busy machine may spend that on the request before).
    for path in [page.clone(), format!("{page}/board/0"), format!("{page}/history.json")] {
        while get(&router, &format!("{page}/version.json")).await.status == StatusCode::OK {}
        assert_eq!(get(&router, &path).await.status, StatusCode::TOO_MANY_REQUESTS, "{path}");
    }
}

/// Texts a page serves for a game: its page and its history.
async fn page_texts(router: &axum::Router, page: &str) -> String {
    let html = get(router, page).await;
    let history = get(router, &format!("{page}/history.json")).await;
    assert_eq!((html.status, history.status), (StatusCode::OK, StatusCode::OK));
    format!("{}\n{}", html.text(), history.text())
}

#[tokio::test]
async fn a_running_meridian_games_page_shows_no_deck() {
    let Site { _db, svc, router } = site().await;
    let (id, page) = meridian_game(&svc).await;
    play(&svc, id, 6).await;
    let shown = page_texts(&router, &page).await;
    // Over (abandoned), the record tells the decks: the cards still face down at move 6 were never on the page.
    svc.abandon(id, 1, None).await.unwrap();
    let history = get(&router, &format!("{page}/history.json")).await.json();
    assert_eq!((history["status"].as_str(), history["state"].as_str()), (Some("abandoned"), Some("Abandoned.")));
    assert_eq!(history["winners"], serde_json::Value::Null, "nobody won an abandoned game");
    let record: serde_json::Value = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
    let seed = svc.game(id).await.unwrap().row().seed;
    assert!(!shown.contains(&seed.to_string()), "the seed");
    for deck in record["decks"].as_array().unwrap() {
        let cards: Vec<&str> = deck.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
        // Two face up at the start, one turned up a move of the seat's (3 each): the rest is face down.
        let hidden = &cards[5..];
        for run in hidden.windows(3) {
            for joined in [run.join("\",\""), run.join(", "), run.join(" ")] {
                assert!(!shown.contains(&joined), "the deck's order {joined:?} shows");
            }
        }
    }
    for word in ["deck", "seed", "hand", "face_down"] {
        assert!(!shown.to_lowercase().contains(&format!("\"{word}")), "{word}");
    }
}

#[tokio::test]
async fn a_running_dragon_delta_games_page_shows_no_unrevealed_programme() {
    let Site { _db, svc, router } = site().await;
    let ana = user(1, "ana");
    let id = svc.open_lobby(CHANNEL, &ana, dragon_delta::Options::default(), &[], &[Level::Easy]).await.unwrap();
    assert!(svc.set_thread(id, 555, 554).await.unwrap().started);
    let page = linked_page(&drain(&svc).await.into_iter().find(|p| p.text.contains(" begins.")).unwrap().text);
    // The computer lays its programme; ana has not: it stays face down.
    assert_eq!(svc.tick().await.unwrap().computer_moves, 1);
    let shown = page_texts(&router, &page).await;
    let history = get(&router, &format!("{page}/history.json")).await.json();
    assert_eq!(history["version"], 1);
    assert_eq!(history["chart"], "way left to the goal (%)");
    assert_eq!(history["steps"][1]["chart"], serde_json::json!([100.0, 100.0]), "both pawns at home");
    // Players are named in their pawns' colours (two players: white and black), not the seats' orange and blue.
    assert_eq!(history["colours"], serde_json::json!(["#ffffff", "#2e2e33"]));
    let line = history["steps"][1]["line"].as_str().unwrap();
    assert!(line.starts_with("Computer (easy) ") && line.contains("programme"), "{line}");
    svc.abandon(id, 1, None).await.unwrap();
    let record: serde_json::Value = serde_json::from_str(&svc.export(id).await.unwrap().json).unwrap();
    let laid: Vec<&str> =
        record["moves"][0]["program"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(laid.len(), 5);
    for card in &laid {
        // "plank" and "move" are also words of the standings ("planks 1, 2 … in reserve"): look for the card as a
        // card, quoted or listed.
        for shape in [format!("\"{card}\""), format!("{card},"), format!(": {card}")] {
            assert!(!shown.contains(&shape), "{shape:?} of the unrevealed programme shows");
        }
    }
    assert!(!shown.contains("\"program"), "no programme field");
}

/// Games stored before pages existed get a token each when the bot is upgraded (migration 13), on both backends:
/// 32 hex digits, all different.
#[tokio::test]
async fn an_upgrade_gives_every_stored_game_its_own_token() {
    each_backend(upgraded).await;
}

async fn upgraded(db: TestDb) {
    let before = databases::migrator_upto(db.backend, 12).await;
    let games = "INSERT INTO games (id, kind, channel_id, host_id, status, options, seed, created_at, updated_at) \
                 VALUES (1, 'meridian', 100, 1, 'finished', '{}', 5, 0, 0), (2, 'meridian', 100, 1, 'active', '{}', 6, \
                 0, 0), (3, 'contrees', 100, 1, 'lobby', '{}', 7, 0, 0)";
    // The schema as it was at migration 12, with three games in it, on either backend.
    macro_rules! old_schema {
        ($pool:expr) => {{
            let pool = $pool;
            before.run(&pool).await.unwrap();
            sqlx::query(games).execute(&pool).await.unwrap();
            pool.close().await;
        }};
    }
    match db.backend {
        Backend::Sqlite => {
            let options = db.url().parse::<sqlx::sqlite::SqliteConnectOptions>().unwrap().create_if_missing(true);
            old_schema!(sqlx::SqlitePool::connect_with(options).await.unwrap())
        }
        Backend::Postgres => old_schema!(sqlx::PgPool::connect(db.url()).await.unwrap()),
    }
    let store = db.open().await;
    let mut conn = store.read().await.unwrap();
    let mut tokens = Vec::new();
    for id in 1..=3 {
        tokens.push(meridian_bot::store::games::get(&mut conn, id).await.unwrap().unwrap().page_token);
    }
    drop(conn);
    for token in &tokens {
        assert!(meridian_bot::service::is_token(token), "{token}");
    }
    tokens.sort();
    tokens.dedup();
    assert_eq!(tokens.len(), 3, "each its own");
}

/// The page server on 127.0.0.1, trusting a proxy at 127.0.0.9 only: every other 127.x.y.z address is a client of
/// its own (Linux answers the whole 127/8 on the loopback). Its connections' deadlines are [`DEADLINES`].
async fn server(svc: &Arc<Service>) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let proxies = meridian_bot::web::limits::Proxies::parse(PROXY).unwrap();
    tokio::spawn(meridian_bot::web::serve_within(listener, svc.clone(), proxies, DEADLINES));
    addr
}

/// The server's deadlines, shortened from 10 s each so that the tests that wait for them are short.
const DEADLINES: meridian_bot::web::limits::Deadlines =
    meridian_bot::web::limits::Deadlines { headers: Duration::from_secs(2), write: Duration::from_secs(2) };

const PROXY: &str = "127.0.0.9";

/// A connection to `server` from `from`, its receiving buffer as small as the system allows when `small`.
async fn connect(server: std::net::SocketAddr, from: &str, small: bool) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    if small {
        socket.set_recv_buffer_size(1024).unwrap();
    }
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(server).await.unwrap()
}

/// One request on a kept-alive connection, with extra header lines; its status and body, or `None` when the
/// server closed the connection instead of answering.
async fn ask(stream: &mut tokio::net::TcpStream, path: &str, headers: &str) -> Option<(u16, Vec<u8>)> {
    use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
    let request = format!("GET {path} HTTP/1.1\r\nHost: games.example.org\r\n{headers}\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut reader = tokio::io::BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).await.ok().filter(|&n| n > 0)?;
    let status = line.split(' ').nth(1)?.parse().ok()?;
    let mut length = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).await.ok().filter(|&n| n > 0)?;
        if line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().ok()?;
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).await.ok()?;
    Some((status, body))
}

/// Asks for `path` on a new connection from `from`: its status, or `None` when the connection was refused.
async fn ask_once(server: std::net::SocketAddr, from: &str, path: &str) -> Option<u16> {
    let mut stream = connect(server, from, false).await;
    ask(&mut stream, path, "").await.map(|(status, _)| status)
}

/// Clients that pipeline requests for pictures and never read the answers fill their connections' buffers: each
/// is dropped within the write deadline, and their address's connections come back; other addresses are served
/// all along.
#[tokio::test]
async fn clients_that_never_read_are_dropped_and_their_slots_come_back() {
    use meridian_bot::web::limits::CONNECTIONS_PER_ADDRESS;
    use tokio::io::AsyncWriteExt;
    let deadline = DEADLINES.write;
    let Site { _db, svc, router: _ } = site().await;
    let (_, page) = meridian_game(&svc).await;
    let addr = server(&svc).await;
    let slow = "127.0.0.2";
    let pipelined = format!("GET {page}/board/0 HTTP/1.1\r\nHost: games.example.org\r\n\r\n").repeat(40);
    let mut stuck = Vec::new();
    for _ in 0..CONNECTIONS_PER_ADDRESS {
        let mut stream = connect(addr, slow, true).await;
        stream.write_all(pipelined.as_bytes()).await.unwrap();
        stuck.push(stream);
    }
    let started = std::time::Instant::now();
    // Full from there (once every stuck connection is counted) …
    let mut refused = false;
    while !refused && started.elapsed() < deadline / 2 {
        refused = ask_once(addr, slow, &format!("{page}/version.json")).await.is_none();
    }
    assert!(refused, "a seventeenth connection from the slow address was served");
    // … while another address is served at once.
    assert_eq!(ask_once(addr, "127.0.0.3", &format!("{page}/version.json")).await, Some(200));
    // Within the write deadline (and a little), the slow address is served again.
    let served_again = loop {
        if ask_once(addr, slow, &format!("{page}/version.json")).await == Some(200) {
            break started.elapsed();
        }
        assert!(started.elapsed() < deadline + Duration::from_secs(5), "the slots never came back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(served_again > deadline / 2, "served again after {served_again:?}: the connections were never stuck");
    drop(stuck);
}

/// The attack of issue 48, as a stranger would mount it: 32 addresses with 16 connections each (512: every
/// connection the server once allowed), pipelining requests without end and never reading, their receiving buffers
/// as the system sizes them. Another address is served all along; each attacking connection is dropped while it
/// keeps sending, within the write deadline once its small send buffer is full or after its last request; and once
/// they stop, every attacking address is served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thirty_two_addresses_pipelining_and_never_reading_hold_nothing() {
    use meridian_bot::web::limits::CONNECTIONS_PER_ADDRESS;
    use std::sync::atomic::AtomicBool;
    use tokio::io::AsyncWriteExt;
    // Every attacking connection is dropped within this, however fast it sends.
    const BOUND: Duration = Duration::from_secs(12);
    let Site { _db, svc, router: _ } = site().await;
    let (_, page) = meridian_game(&svc).await;
    let addr = server(&svc).await;
    let pipelined = format!("GET {page}/board/0 HTTP/1.1\r\nHost: games.example.org\r\n\r\n").repeat(8);
    let sending = Arc::new(AtomicBool::new(true));
    let started = std::time::Instant::now();
    let mut attackers = Vec::new();
    for a in 1..=32 {
        for _ in 0..CONNECTIONS_PER_ADDRESS {
            let (pipelined, sending, from) = (pipelined.clone(), sending.clone(), format!("127.0.1.{a}"));
            attackers.push(tokio::spawn(async move {
                let mut stream = connect(addr, &from, false).await;
                while sending.load(Ordering::Relaxed) {
                    if stream.write_all(pipelined.as_bytes()).await.is_err() {
                        return Some(started.elapsed());
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                None
            }));
        }
    }
    // Meanwhile another address is served, again and again.
    let version = format!("{page}/version.json");
    while started.elapsed() < Duration::from_secs(3) {
        assert_eq!(ask_once(addr, "127.0.2.1", &version).await, Some(200), "after {:?}", started.elapsed());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    // Each attacking connection is dropped by the server while it keeps sending.
    let mut dropped = Vec::new();
    for attacker in attackers {
        let left = BOUND.saturating_sub(started.elapsed());
        let ended = tokio::time::timeout(left, attacker).await.expect("an attacking connection still held").unwrap();
        dropped.push(ended.expect("dropped while sending"));
    }
    sending.store(false, Ordering::Relaxed);
    assert_eq!(dropped.len(), 32 * CONNECTIONS_PER_ADDRESS);
    // Every attacking address is served again.
    for a in 1..=32 {
        assert_eq!(ask_once(addr, &format!("127.0.1.{a}"), &version).await, Some(200), "127.0.1.{a}");
    }
}

/// A connection that asks nothing, first or after an answer, is closed after the header deadline.
#[tokio::test]
async fn idle_connections_are_closed() {
    use tokio::io::AsyncReadExt;
    let Site { _db, svc, router: _ } = site().await;
    let (_, page) = meridian_game(&svc).await;
    let addr = server(&svc).await;
    let mut silent = connect(addr, "127.0.0.4", false).await;
    let mut answered = connect(addr, "127.0.0.5", false).await;
    assert_eq!(ask(&mut answered, &format!("{page}/version.json"), "").await.map(|a| a.0), Some(200));
    let started = std::time::Instant::now();
    for stream in [&mut silent, &mut answered] {
        let mut byte = [0; 1];
        let closed = tokio::time::timeout(DEADLINES.headers + Duration::from_secs(3), stream.read(&mut byte)).await;
        assert!(matches!(closed, Ok(Ok(0)) | Ok(Err(_))), "still open after {:?}: {closed:?}", started.elapsed());
    }
}

/// 32 players behind one trusted reverse proxy, each on a connection of their own, 62 requests each (1,984 in
/// all): every one is answered, each player counted by the address the proxy forwards. The same from an address
/// that is not trusted is one client: its connections beyond 16 are dropped and its requests beyond the burst
/// refused.
#[tokio::test]
async fn players_behind_a_trusted_proxy_are_each_counted_alone() {
    use meridian_bot::web::limits::{BURST, CONNECTIONS_PER_ADDRESS};
    let Site { _db, svc, router: _ } = site().await;
    let (_, page) = meridian_game(&svc).await;
    let addr = server(&svc).await;
    let players = |from: &'static str| {
        let page = page.clone();
        (0..32).map(move |player| {
            let page = page.clone();
            tokio::spawn(async move {
                let mut stream = connect(addr, from, false).await;
                let forwarded = format!("X-Forwarded-For: 198.51.100.{player}\r\n");
                let mut statuses = Vec::new();
                for _ in 0..62 {
                    match ask(&mut stream, &format!("{page}/version.json"), &forwarded).await {
                        Some((status, _)) => statuses.push(status),
                        None => break,
                    }
                }
                statuses
            })
        })
    };
    let mut served = 0;
    for player in players(PROXY).collect::<Vec<_>>() {
        let statuses = player.await.unwrap();
        assert_eq!(statuses, vec![200; 62]);
        served += statuses.len();
    }
    assert_eq!(served, 32 * 62);
    let (mut answered, mut refused, mut dropped) = (0, 0, 0);
    for player in players("127.0.0.8").collect::<Vec<_>>() {
        let statuses = player.await.unwrap();
        dropped += usize::from(statuses.is_empty());
        answered += statuses.iter().filter(|&&s| s == 200).count();
        refused += statuses.iter().filter(|&&s| s == 429).count();
    }
    assert_eq!(dropped, 32 - CONNECTIONS_PER_ADDRESS, "one address: 16 connections");
    assert!(answered >= BURST as usize && answered < BURST as usize + 100, "{answered} answered");
    assert_eq!(answered + refused, CONNECTIONS_PER_ADDRESS * 62);
}

/// A server's leaderboard page: reached by the link the leaderboard gives, listing the rated players with their
/// ratings (names escaped), each game's page showing the ratings its players began with; another server's players
/// never appear, and a wrong token gets the one answer every unknown page gets.
#[tokio::test]
async fn a_leaderboard_page_lists_the_servers_rated_players() {
    let Site { _db, svc, router } = site().await;
    let kind = Kind::named("meridian").unwrap();
    let (id, page) = meridian_game(&svc).await;
    let before = String::from_utf8(get(&router, &format!("{page}/history.json")).await.body).unwrap();
    assert!(before.contains(r#""ratings":["rated 1500?","rated 1500?"]"#), "{before}");
    svc.resign(id, 2).await.unwrap();
    // The same two on another server.
    let there = Place { guild_id: Some(8), channel_id: 300, lang: Lang::En };
    let other = svc.open_lobby(there, &user(1, "ana"), meridian::Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(other, 10_001, 10_002).await.unwrap();
    svc.join(other, &user(3, "cy")).await.unwrap();
    svc.start(other, 1).await.unwrap();
    svc.resign(other, 1).await.unwrap();

    let url = svc.leaderboard_url(CHANNEL.guild_id, kind).await.unwrap().unwrap();
    assert_eq!(svc.leaderboard_url(CHANNEL.guild_id, kind).await.unwrap().unwrap(), url, "one page per server");
    assert_ne!(svc.leaderboard_url(there.guild_id, kind).await.unwrap().unwrap(), url);
    let path = url.strip_prefix(PUBLIC_URL).unwrap();
    let answer = get(&router, path).await;
    assert_eq!(answer.status, StatusCode::OK);
    let html = String::from_utf8(answer.body).unwrap();
    let board = svc.leaderboard(CHANNEL.guild_id, kind, Period::AllTime, 50, None).await.unwrap();
    assert_eq!(board.top.len(), 2);
    for s in &board.top {
        // Each player's turns in time on this server, as the profile reads them.
        let person = s.who.person().unwrap();
        let reliability = svc.reliability(CHANNEL.guild_id.unwrap(), &[person]).await.unwrap()[0];
        let in_time = Lang::En.say(&meridian_bot::service::seat::fair_play::reliability_short(&reliability));
        let (name, shown) = (html_text(&s.name), &s.shown);
        let row = format!("<tr><td>{}</td><td>{name}</td><td>{shown}</td><td>1</td><td>{in_time}</td></tr>", s.rank);
        assert!(html.contains(&row), "{row} in {html}");
    }
    assert!(html.contains("<td>ana</td><td>1578?</td>") && !html.contains("cy"), "{html}");
    // The finished game's page shows what each player began with.
    let after = String::from_utf8(get(&router, &format!("{page}/history.json")).await.body).unwrap();
    assert!(after.contains(r#""ratings":["rated 1500?","rated 1500?"]"#), "{after}");
    let token = path.strip_prefix("/r/").unwrap();
    let mut flipped = token.to_string();
    flipped.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    for bad in [format!("/r/{flipped}"), format!("/r/{}", &token[..31]), "/r/%FF".to_string()] {
        let answer = get(&router, &bad).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{bad}");
        assert_eq!(answer.body, b"There is no such game page.", "{bad}");
    }
}
