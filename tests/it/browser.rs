//! A game's page in a real headless Chromium (issue 15), driven over WebDriver (chromedriver): open the
//! page of a game one move from its end, step through every move by keys and buttons, check the board picture and
//! the move list change together and match the thread's pictures and the move log, then see the last move arrive
//! without a reload, and download the record it ends with.
//!
//! Needs the distribution's `chromium` and `chromium-driver`; `.ci/run` installs them and sets `REQUIRE_CHROMIUM=1`,
//! which turns their absence into a failure. Without them and without that variable, the test says so and passes.

use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::service::analysis::judge::{costliest, Analysed};
use meridian_bot::service::game::games::meridian;
use meridian_bot::service::game::Kind;
use meridian_bot::service::{Place, Service, Target, User};
use meridian_bot::store::{Backend, Status};
use serde_json::{json, Value};
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::databases;
use crate::support::playing;
use crate::support::webdriver::{Key, Session};
use crate::support::{en, en_names};
use databases::TestDb;
use playing::{drain, play_meridian as play};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHANNEL: Place = Place { guild_id: Some(7), channel_id: 100, lang: Lang::En };
/// Meridian with two players: 26 cards each, one a move.
const MOVES: i64 = 52;

fn user(id: i64, name: &str) -> User {
    User { id, name: name.into() }
}

/// FNV-1a: the same few lines here and in the page's script, to compare the bytes the browser got.
fn fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// A free port on 127.0.0.1 (the listener is dropped before chromedriver takes it).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Chromedriver, stopped when dropped.
pub(crate) struct Driver {
    _process: tokio::process::Child,
}

impl Driver {
    pub(crate) async fn start() -> (Driver, String) {
        let port = free_port();
        let child = tokio::process::Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        (Driver { _process: child }, format!("127.0.0.1:{port}"))
    }
}

/// A headless Chromium on its own throw-away profile, with no traffic of its own (this machine has no network).
pub(crate) async fn browser(driver: &str, profile: &Path) -> Session {
    let args = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1000",
    ];
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    Session::new(driver, json!({ "goog:chromeOptions": { "binary": CHROMIUM, "args": args } })).await
}

/// What the page shows now: the board's address and whether it is loaded, the marked move and its words, the
/// counter, the moves listed, the state line, and whether the record's link shows.
async fn shown(client: &Session) -> Value {
    let script = r##"
        const board = document.getElementById("board");
        const current = document.querySelectorAll("#moves li.current");
        return {
            src: board.getAttribute("src"),
            alt: board.alt,
            loaded: board.complete && board.naturalWidth > 0,
            current: Array.from(current).map((li) => Number(li.dataset.step)),
            line: current.length ? current[0].textContent : null,
            counter: document.getElementById("counter").textContent,
            listed: document.querySelectorAll("#moves li").length,
            state: document.getElementById("state").textContent,
            record: !document.getElementById("record").hidden,
            marker: window.stillTheSamePage === true,
        };"##;
    client.execute(script).await
}

/// Waits until the page shows move `step` with its picture loaded.
async fn at_step(client: &Session, step: i64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let now = shown(client).await;
        let board = now["src"].as_str().and_then(|s| s.split('?').next());
        let src_ok = board.is_some_and(|s| s.ends_with(&format!("/board/{step}")));
        if src_ok && now["loaded"] == true && now["current"] == json!([step]) {
            return now;
        }
        assert!(Instant::now() < deadline, "the page did not reach move {step}: {now}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The FNV-1a hash of the picture the page shows, fetched by the page itself.
async fn picture_hash(client: &Session) -> u32 {
    let script = r##"
        const done = arguments[arguments.length - 1];
        fetch(document.getElementById("board").src).then((r) => r.arrayBuffer()).then((b) => {
            let h = 0x811c9dc5;
            for (const x of new Uint8Array(b)) { h ^= x; h = Math.imul(h, 0x01000193) >>> 0; }
            done(h);
        });"##;
    client.execute_async(script).await.as_u64().unwrap() as u32
}

pub(crate) fn chromium_here() -> bool {
    let here = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !here {
        assert!(
            std::env::var_os("REQUIRE_CHROMIUM").is_none(),
            "REQUIRE_CHROMIUM is set but {CHROMIUM} or {CHROMEDRIVER} is missing"
        );
        eprintln!("skipped: no {CHROMIUM} and {CHROMEDRIVER} (bash .ci/run installs them)");
    }
    here
}

/// What axe-core (injected from `AXE_CORE`, the file `.ci/axe-core` fetches from the npm registry) finds against its
/// WCAG 2 A and AA rules on the open page, as `rule: help: where` lines; `None` where no axe-core is given (only
/// outside CI: with `REQUIRE_CHROMIUM` set it must be).
pub(crate) async fn accessibility_violations(client: &Session) -> Option<Vec<String>> {
    let Some(path) = std::env::var_os("AXE_CORE") else {
        assert!(std::env::var_os("REQUIRE_CHROMIUM").is_none(), "REQUIRE_CHROMIUM is set but AXE_CORE is not");
        eprintln!("accessibility not checked: no AXE_CORE (AXE_CORE=$(bash .ci/axe-core) checks it)");
        return None;
    };
    let axe = std::fs::read_to_string(path).expect("AXE_CORE names axe.min.js");
    client.execute(&format!("{axe}\nreturn null;")).await;
    let run = r##"
        const done = arguments[arguments.length - 1];
        axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })
            .then((r) => done(r.violations.map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target).join(", ")}`)))
            .catch((e) => done([`axe failed: ${e}`]));"##;
    let found = client.execute_async(run).await;
    Some(found.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stepping_through_a_game_in_chromium_and_seeing_the_last_move_arrive() {
    if !chromium_here() {
        return;
    }
    let db = TestDb::new(Backend::Sqlite).await;
    let next = Arc::new(AtomicU64::new(77));
    let seeds = Arc::new(move || next.fetch_add(1, Ordering::SeqCst));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let clock = Arc::new(FakeClock::at(1_700_000_000_000));
    let svc = Arc::new(Service::new(db.open().await, clock, seeds).with_pages(&base));
    tokio::spawn(meridian_bot::web::serve(listener, svc.clone(), Default::default()));

    // Ana and ben's game, one move from its end; the thread's pictures and words kept.
    let id = svc.open_lobby(CHANNEL, &user(1, "ana"), meridian::Options::default(), &[], &[]).await.unwrap();
    svc.set_thread(id, 555, 554).await.unwrap();
    svc.join(id, &user(2, "ben")).await.unwrap();
    svc.start(id, 1).await.unwrap();
    play(&svc, id, MOVES - 1).await;
    let posted = drain(&svc).await;
    let first = posted.iter().find(|p| p.text.contains(" begins.")).unwrap();
    let url = first.text.split('<').nth(1).and_then(|rest| rest.split('>').next()).unwrap().to_string();
    assert!(url.starts_with(&format!("{base}/g/")), "{url}");
    let boards: Vec<(u32, String)> = posted
        .iter()
        .filter(|p| matches!(p.target, Target::Thread(_)))
        .flat_map(|p| p.files.iter().filter(|(name, _)| name == "board.png"))
        .map(|(_, picture)| (fnv(&picture.image), picture.alt.clone()))
        .collect();
    assert_eq!(boards.len() as i64, MOVES, "the set-up and a picture a move but the last");
    let lines = svc.log(id, 100).await.unwrap();

    let (_driver, webdriver) = Driver::start().await;
    let profile = tempfile::tempdir().unwrap();
    let client = browser(&webdriver, profile.path()).await;
    client.goto(&url).await;
    client.wait_for("#game[data-ready]", Duration::from_secs(20)).await;
    client.execute("window.stillTheSamePage = true; return null;").await;

    // It opens at the latest move; the keys step.
    let last = MOVES - 1;
    let opened = at_step(&client, last).await;
    assert_eq!(opened["listed"], MOVES, "the set-up and 51 moves");
    assert_eq!(opened["counter"], format!("move {last} of {last}"));
    assert_eq!(opened["record"], false, "no record while the game runs");
    // Names follow a swatch of their colour as the pictures draw it (ana's orange), the page's policy (no style
    // attributes) notwithstanding.
    let colour = "return getComputedStyle(document.querySelector('#standings .swatch')).backgroundColor;";
    assert_eq!(client.execute(colour).await, "rgb(230, 159, 0)");
    // Tied at the set-up (no points each), the two players' lines still both show: side by side.
    let starts =
        "return [...document.querySelectorAll('#chart path.player')].map((p) => p.getAttribute('d').split(' ')[0]);";
    let starts = client.execute(starts).await;
    let y = |seat: usize| starts[seat].as_str().unwrap().split(',').nth(1).unwrap().parse::<f64>().unwrap();
    assert_eq!(y(0) - y(1), -3.0, "{starts}");
    client.press(Key::Home).await;
    at_step(&client, 0).await;
    client.press(Key::Right).await;
    at_step(&client, 1).await;
    client.press(Key::End).await;
    at_step(&client, last).await;
    client.press(Key::Left).await;
    at_step(&client, last - 1).await;
    client.click("first").await;

    // Every move with the Next button: the picture and the marked move change together, and match the thread's
    // picture and the move log's words.
    for step in 0..=last {
        if step > 0 {
            client.click("next").await;
        }
        let now = at_step(&client, step).await;
        let words = if step == 0 { "The game begins.".to_string() } else { en(&lines[step as usize - 1]) };
        assert_eq!(now["line"], words, "move {step}");
        let counter = if step == 0 { format!("set-up (of {last})") } else { format!("move {step} of {last}") };
        assert_eq!(now["counter"], counter);
        // The set-up was posted with the first post; move k's picture with move k.
        let (picture, alt) = &boards[step as usize];
        assert_eq!(picture_hash(&client).await, *picture, "the picture at move {step}");
        // Its alt text says the position shown, as the thread's picture did.
        assert_eq!(now["alt"], alt.as_str(), "the alt text at move {step}");
    }
    assert_eq!(client.execute("return document.getElementById('next').hasAttribute('disabled');").await, true);

    // The last move is played elsewhere: the open page shows it within a few polls, without a reload.
    play(&svc, id, 1).await;
    let table = svc.game(id).await.unwrap();
    assert_eq!(table.row().status, Status::Finished);
    let over = format!("Over: {} won.", en_names(table.names_of(table.winners())));
    let deadline = Instant::now() + Duration::from_secs(4 * u64::from(meridian_bot::web::POLL_SECONDS));
    let arrived = loop {
        let now = shown(&client).await;
        if now["listed"] == MOVES + 1 && now["current"] == json!([MOVES]) && now["loaded"] == true {
            break now;
        }
        assert!(Instant::now() < deadline, "the last move never showed: {now}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(arrived["marker"], true, "the same page, not a reload");
    assert_eq!(arrived["line"], en(&svc.log(id, 1).await.unwrap()[0]));
    assert_eq!(arrived["state"], over);
    assert_eq!(arrived["record"], true, "the record's link shows once the game is over");
    // A game that is over moves no more: the page asks only now and then, for its analysis (nothing asked in a
    // poll's period and a second).
    let asked =
        "return performance.getEntriesByType('resource').filter((e) => e.name.includes('version.json')).length;";
    let before = client.execute(asked).await;
    tokio::time::sleep(Duration::from_secs(u64::from(meridian_bot::web::POLL_SECONDS) + 1)).await;
    assert_eq!(client.execute(asked).await, before, "polling a finished game as often as a running one");
    // The analysis is stored: the open page shows its chart and marks each player's costliest moves, then asks no
    // more.
    assert_eq!(svc.analyse_finished().await.unwrap(), 1);
    let Analysed::Done(judged) = svc.analysis(id).await.unwrap() else { panic!("analysed") };
    let marked: usize = (0..2).map(|seat| costliest(&judged, seat).len()).sum();
    let analysis = "return [document.querySelectorAll('#analysis path.player').length, \
        document.querySelectorAll('#moves .costly').length, document.getElementById('analysis-title').hidden];";
    let deadline = Instant::now() + Duration::from_secs(4 * u64::from(meridian_bot::web::POLL_SECONDS));
    loop {
        let seen = client.execute(analysis).await;
        if seen == json!([2, marked, false]) {
            break;
        }
        assert!(Instant::now() < deadline, "the analysis never showed: {seen}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if let Some(dir) = std::env::var_os("SCREENSHOTS") {
        client.execute("document.getElementById('analysis-title').scrollIntoView(); return null;").await;
        std::fs::write(Path::new(&dir).join("analysis-page.png"), client.screenshot().await).unwrap();
    }
    let before = client.execute(asked).await;
    tokio::time::sleep(Duration::from_secs(2 * u64::from(meridian_bot::web::POLL_SECONDS) + 1)).await;
    assert_eq!(client.execute(asked).await, before, "still polling a game over and analysed");
    // Each chart's values as a table under it (issue 62): a row a step, a column a player, the chart's words.
    let tables = "return ['chart', 'analysis'].map((id) => { \
        const t = document.querySelector(`#${id} details.values`); \
        return [t.querySelector('summary').textContent, t.querySelectorAll('tbody tr').length, \
        t.querySelectorAll('thead th').length]; });";
    let shown = client.execute(tables).await;
    assert_eq!(shown[0], json!(["Points: the values as a table", MOVES + 1, 3]), "{shown}");
    assert_eq!((&shown[1][1], &shown[1][2]), (&json!(MOVES + 1), &json!(3)), "{shown}");
    // The page as a screen reader and a keyboard meet it (issue 62), its chart and analysis shown, then the
    // server's leaderboard.
    if let Some(found) = accessibility_violations(&client).await {
        assert_eq!(found, Vec::<String>::new(), "the game's page");
        let leaderboard = svc.leaderboard_url(CHANNEL.guild_id, Kind::Meridian).await.unwrap().unwrap();
        client.goto(&leaderboard).await;
        client.wait_for("h1", Duration::from_secs(20)).await;
        assert_eq!(accessibility_violations(&client).await.unwrap(), Vec::<String>::new(), "the leaderboard");
        client.goto(&url).await;
        client.wait_for("#game[data-ready]", Duration::from_secs(20)).await;
    }

    // The record, downloaded from the page's link, is the game's and replays to its end.
    let script = r##"
        const done = arguments[arguments.length - 1];
        fetch(document.querySelector("#record a").href).then((r) => r.text()).then(done);"##;
    let record = client.execute_async(script).await;
    let record = record.as_str().unwrap();
    assert_eq!(record, svc.export(id).await.unwrap().json);
    let replayed = serde_json::to_value(meridian_bot::replay::run(record, None).unwrap()).unwrap();
    assert_eq!((replayed["moves"].as_i64(), replayed["finished"].as_bool()), (Some(MOVES), Some(true)));

    // `#7` at the end of the address opens move 7.
    client.goto(&format!("{url}#7")).await;
    client.refresh().await;
    client.wait_for("#game[data-ready]", Duration::from_secs(20)).await;
    at_step(&client, 7).await;
    // Changing the address's move moves the page.
    client.execute("location.hash = '#3'; return null;").await;
    at_step(&client, 3).await;

    // The same page in French: its words, the state line and the picture's words (the board's address asks for
    // French); with SCREENSHOTS=dir, a picture of it for the docs.
    client.goto(&format!("{url}?lang=fr#7")).await;
    client.wait_for("#game[data-ready]", Duration::from_secs(20)).await;
    let french = at_step(&client, 7).await;
    assert_eq!(french["counter"], "coup 7 sur 52");
    let winners = meridian_bot::text!("play-lines", lines = table.names_of(table.winners()));
    assert_eq!(french["state"], Lang::Fr.say(&meridian_bot::text!("page-won", winners = winners)));
    // The address carries the move's version (an undo and a new move make another picture of the same move).
    assert!(french["src"].as_str().unwrap().ends_with("/board/7?v=7&lang=fr&colours=standard"), "{french}");
    assert_eq!(client.execute("return document.documentElement.lang;").await, "fr");
    if let Some(dir) = std::env::var_os("SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join("fr-page.png"), client.screenshot().await).unwrap();
    }

    // On a phone (390 × 844), nothing runs off the side of the page; the board keeps its own size in a frame that
    // scrolls sideways, so that its smallest words (the cities' labels) are at least 11 CSS pixels tall.
    client.set_window_size(390, 844).await;
    let fits = "const board = document.getElementById('board'); \
                return [document.documentElement.scrollWidth, window.innerWidth, \
                document.querySelector('.frame').getBoundingClientRect().right, \
                board.getBoundingClientRect().width / board.naturalWidth];";
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let sizes = client.execute(fits).await;
        let [scroll, inner, frame, scale] = [0, 1, 2, 3].map(|i| sizes[i].as_f64().unwrap());
        if scroll <= inner && frame <= inner && render::meridian::CITY_LABEL * scale as f32 >= 11.0 {
            break;
        }
        assert!(Instant::now() < deadline, "wider than a phone, or a board too small to read: {sizes}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if let Some(dir) = std::env::var_os("SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join("phone-page.png"), client.screenshot().await).unwrap();
    }
    client.close().await;
}
