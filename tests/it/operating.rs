//! What an operator runs the bot with (issue 48): `meridian-bot backup` copies the SQLite database while games are
//! played, and a fresh bot on the copy carries them on; SIGTERM stops the bot cleanly in the middle of a send, and a
//! restart sends the rest at once, nothing lost and nothing twice.

use crate::support::fake_discord::{opt, referee, Fake, FakeUser, TestClock};
use crate::support::playing::play_random;
use meridian_bot::clock::FakeClock;
use meridian_bot::language::Lang;
use meridian_bot::rules::seed::Shuffler;
use meridian_bot::service::game::games::meridian;
use meridian_bot::service::{Place, Service, User};
use meridian_bot::store::{Status, Store};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const PLACE: Place = Place { guild_id: Some(700), channel_id: 100, lang: Lang::En };
const GAMES: i64 = 12;

async fn service(url: &str) -> Service {
    let clock = FakeClock::at(1_790_000_000_000);
    Service::new(Store::open(url).await.unwrap(), Arc::new(clock), Arc::new(|| 47))
}

/// `meridian-bot backup file` with the database at `url`: its exit status and what it printed.
fn backup(url: &str, file: &Path) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot"))
        .arg("backup")
        .arg(file)
        .env("DATABASE_URL", url)
        .output()
        .unwrap();
    (out.status.code(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// `meridian-bot ARGS` with these variables only, in an empty folder (no `.env`): its exit status and what it printed.
fn bot_with(vars: &[(&str, &str)], args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot"));
    let out = command.args(args).env_clear().envs(vars.iter().copied()).current_dir(dir.path()).output().unwrap();
    (out.status.code(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// Settings are read from the environment, a blank one as unset (a copied .env.example leaves DISCORD_TOKEN blank);
/// a wrong one stops the bot at once, with status 2, saying which and how it should look; `run --help` lists them
/// all without showing a secret.
#[test]
fn settings_come_from_the_environment() {
    let token = "DISCORD_TOKEN is not set. Create an application in Discord's developer portal";
    let (status, said) = bot_with(&[("DISCORD_TOKEN", " "), ("GUILD_ID", "")], &[]);
    assert_eq!(status, Some(2));
    assert!(
        said.starts_with("error: invalid value '' for '--discord-token <DISCORD_TOKEN>': ") && said.contains(token),
        "{said}"
    );
    let (status, said) = bot_with(&[("DISCORD_TOKEN", "x"), ("GUILD_ID", ""), ("SHARDS", "4/4")], &["run"]);
    assert_eq!(status, Some(2));
    assert!(
        said.starts_with("error: invalid value '4/4' for '--shards <SHARDS>': SHARDS must look like 0-1/4"),
        "{said}"
    );
    let secrets = [("DISCORD_TOKEN", "MTk4.secret"), ("DATABASE_URL", "postgres://bot:hunter2@db/games")];
    let (status, said) = bot_with(&secrets, &["run", "--help"]);
    assert_eq!(status, Some(0));
    assert!(!said.contains("secret") && !said.contains("hunter2"), "{said}");
    let listed = ["DISCORD_TOKEN", "DATABASE_URL", "GUILD_ID", "DISCORD_API_BASE", "FAKE_CLOCK_FILE", "SHARDS"];
    let more = ["WEB_ADDR", "PUBLIC_URL", "TRUSTED_PROXIES", "REGISTER_RETRY_MS", "OPS_ADDR", "LOG_FORMAT"];
    for name in listed.into_iter().chain(more) {
        assert!(said.contains(&format!("[env: {name}")), "{name} in {said}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_games_are_played_carries_them_on() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let svc = Arc::new(service(&url).await);
    let mut ids = Vec::new();
    for g in 0..GAMES {
        let host = User { id: 2 * g + 1, name: format!("h{g}") };
        let id = svc.open_lobby(PLACE, &host, meridian::Options::default(), &[], &[]).await.unwrap();
        svc.set_thread(id, 10_000 + id, 20_000 + id).await.unwrap();
        svc.join(id, &User { id: 2 * g + 2, name: format!("g{g}") }).await.unwrap();
        svc.start(id, host.id).await.unwrap();
        ids.push(id);
    }
    // Moves keep coming in every game while the copy is taken.
    let playing = Arc::new(AtomicBool::new(true));
    let load = tokio::spawn({
        let (svc, ids, playing) = (svc.clone(), ids.clone(), playing.clone());
        async move {
            let (mut chooser, mut moves) = (Shuffler::new(9), 0);
            while playing.load(Ordering::Relaxed) {
                for &id in &ids {
                    moves += usize::from(play_random(&svc, id, None, &mut chooser).await.is_some());
                }
            }
            moves
        }
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let file = dir.path().join("copy.db");
    let (code, said) = tokio::task::spawn_blocking({
        let (url, file) = (url.clone(), file.clone());
        move || backup(&url, &file)
    })
    .await
    .unwrap();
    assert_eq!((code, said.trim()), (Some(0), format!("copied to {}", file.display()).as_str()));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    playing.store(false, Ordering::Relaxed);
    let moves = load.await.unwrap();
    assert!(moves > 2 * GAMES as usize, "moves were played around the copy: {moves}");

    // Never over a file, nor for PostgreSQL; the copy is its owner's alone, as the database.
    let size = std::fs::metadata(&file).unwrap().len();
    let (code, said) = backup(&url, &file);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.starts_with("backup failed: ") && said.contains("exists"), "{said}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), size, "the copy is as it was");
    // A database that is not there is not made (a mistyped DATABASE_URL copies nothing).
    let missing = dir.path().join("missing.db");
    let (code, said) = backup(&format!("sqlite://{}", missing.display()), &dir.path().join("none.db"));
    assert_eq!(code, Some(1), "{said}");
    assert!(!missing.exists() && !dir.path().join("none.db").exists(), "{said}");
    let (code, said) = backup("postgres://nobody@127.0.0.1:1/none", &dir.path().join("pg.db"));
    assert_eq!(code, Some(2), "{said}");
    assert_eq!(said.trim(), "backup: backups copy a SQLite database; for PostgreSQL use pg_dump (see the README)");
    assert!(!dir.path().join("pg.db").exists());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
    }

    // A fresh bot on the copy: every game as it was at one moment (its snapshot its log's), each carried on to
    // its end.
    let copy = service(&format!("sqlite://{}", file.display())).await;
    assert_eq!(copy.audit().await.unwrap(), Vec::<i64>::new());
    let mut chooser = Shuffler::new(10);
    for &id in &ids {
        let (then, now) = (copy.game(id).await.unwrap(), svc.game(id).await.unwrap());
        assert!(then.row().version <= now.row().version, "game #{id}: the copy is not ahead of the database");
        while play_random(&copy, id, None, &mut chooser).await.is_some() {}
        assert_eq!(copy.game(id).await.unwrap().row().status, Status::Finished, "game #{id}");
    }
}

const ANA: FakeUser = FakeUser { id: 11, name: "ana" };
const BEN: FakeUser = FakeUser { id: 12, name: "ben" };

/// Sends SIGTERM to a running bot.
fn terminate(bot: &tokio::process::Child) {
    let pid = bot.id().expect("running").to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
}

/// Effects of game #1 not delivered, and claims on them.
async fn undelivered(referee: &Service) -> (i64, i64) {
    let mut tx = referee.store().read().await.unwrap();
    let sql = "SELECT COUNT(*), COUNT(leased_by) FROM outbox WHERE game_id = 1 AND delivered_at IS NULL";
    meridian_bot::on!(tx, c => sqlx::query_as::<_, (i64, i64)>(sql).fetch_one(c).await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_delivery_stops_cleanly_and_a_restart_sends_the_rest_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let clock = TestClock::new(dir.path(), 1_790_000_000_000);
    let bot = fake.launch_on(dir.path(), &clock);
    fake.connected(1).await;
    for u in [ANA, BEN] {
        fake.register_user(u);
    }
    fake.answer(fake.slash_under(
        "contrees",
        100,
        ANA,
        "start",
        serde_json::json!([opt("opponent", 6, serde_json::json!("12"))]),
    ))
    .await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    fake.wait(15, "the first board", |s| (s.posts(thread).len() > 1).then_some(())).await;
    let before = fake.state().posts(thread).len();

    // A whole turn (two lands) played: a board after each land, then the other player's note. The thread answers
    // slowly, so the first board's post is under way when the bot is told to stop.
    fake.slow(thread, Duration::from_millis(1500));
    let referee = referee(dir.path()).await;
    let mover = referee.game(1).await.unwrap().due().iter().next().unwrap();
    for _ in 0..2 {
        let table = referee.game(1).await.unwrap();
        let land = table.game().legal(mover)[0].clone();
        referee.act(1, table.seats()[usize::from(mover)].user_id, table.row().version, &land, None).await.unwrap();
    }
    // Seats are drawn at random: the other player is whoever sits in the other seat.
    let other = referee.game(1).await.unwrap().seats()[usize::from(1 - mover)].user_id as u64;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let told = Instant::now();
    terminate(&bot);
    let mut bot = bot;
    let status = tokio::time::timeout(Duration::from_secs(12), bot.wait()).await.expect("stopped").unwrap();
    assert_eq!(status.code(), Some(0));
    // It waited for the post under way (a second more), recorded it, and let go of the rest.
    assert!(told.elapsed() >= Duration::from_millis(900), "stopped after {:?}", told.elapsed());
    assert_eq!(fake.state().posts(thread).len(), before + 1);
    let (left, claimed) = undelivered(&referee).await;
    assert!(left >= 2 && claimed == 0, "the rest ({left}) is left, unclaimed ({claimed})");
    assert!(fake.state().dms(other).iter().all(|m| !m.content.contains("(turn 2)")));

    // Started again: the rest goes out at once (no lease to wait for), each once.
    let again = Instant::now();
    let _bot = fake.launch_on(dir.path(), &clock);
    fake.wait(15, "the rest delivered", |s| {
        (s.posts(thread).len() == before + 2 && s.dms(other).iter().any(|m| m.content.contains("(turn 2)")))
            .then_some(())
    })
    .await;
    assert!(again.elapsed() < Duration::from_secs(10), "well before a claim's one-minute lease: {:?}", again.elapsed());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(undelivered(&referee).await, (0, 0));
    let s = fake.state();
    let posts: Vec<&str> = s.posts(thread)[before..].iter().map(|m| m.content.as_str()).collect();
    assert_eq!(posts.len(), 2, "{posts:?}");
    assert_ne!(posts[0], posts[1]);
    assert_eq!(s.dms(other).iter().filter(|m| m.content.contains("(turn 2)")).count(), 1);
}

/// Asks `path` of the bot's operator's address until `want` holds of the status and body, for `secs` at most.
async fn until(ops: &str, path: &str, secs: u64, want: impl Fn(u16, &serde_json::Value) -> bool) -> serde_json::Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let (status, _, body) = crate::support::http_get(ops, path).await;
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null);
        if want(status, &body) {
            return body;
        }
        assert!(Instant::now() < deadline, "{path}: still {status} {body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The value of the one sample `name{labels}` in a Prometheus text scrape, if there is one.
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape.lines().find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

/// `OPS_ADDR`: alive; ready once connected; unready, the gateway named, while Discord's gateway is down, and ready
/// again once it is back; after a lobby and a game, metrics that read as Prometheus text, with the series an
/// operator graphs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_readiness_and_metrics_on_the_operators_address() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start().await;
    let ops = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().to_string();
    let _bot = fake.bot_command(dir.path()).env("OPS_ADDR", &ops).spawn().unwrap();
    fake.connected(1).await;
    let (status, _, body) = crate::support::http_get(&ops, "/healthz").await;
    assert_eq!((status, body.as_slice()), (200, &b"ok\n"[..]));
    let ready = until(&ops, "/readyz", 10, |status, _| status == 200).await;
    assert_eq!(ready, serde_json::json!({"ready": true}));

    fake.gateway_down(true);
    let down = until(&ops, "/readyz", 10, |status, _| status == 503).await;
    assert_eq!(down, serde_json::json!({"ready": false, "unready": ["gateway"]}));
    fake.gateway_down(false);
    until(&ops, "/readyz", 60, |status, _| status == 200).await;
    assert_eq!(crate::support::http_get(&ops, "/nothing").await.0, 404);

    // A lobby, a game started from it, the board, and a command refused (no move yet to undo).
    for u in [ANA, BEN] {
        fake.register_user(u);
    }
    let start = serde_json::json!([opt("opponent", 6, serde_json::json!("12"))]);
    fake.answer(fake.slash_under("contrees", 100, ANA, "start", start)).await;
    let thread = fake.wait(15, "the game's thread", |s| s.threads.keys().next().copied()).await;
    fake.accept_invitation(thread, &[BEN]).await;
    fake.wait(15, "the first board", |s| (s.posts(thread).len() > 1).then_some(())).await;
    fake.answer(fake.slash_under("contrees", 100, BEN, "board", serde_json::json!([]))).await;
    fake.answer(fake.slash_under("contrees", thread, ANA, "undo", serde_json::json!([]))).await;
    let (status, head, body) = crate::support::http_get(&ops, "/metrics").await;
    assert_eq!(status, 200);
    assert!(head.contains("text/plain; version=0.0.4"), "{head}");
    let scrape = String::from_utf8(body).unwrap();
    // Every line a comment or a sample: a name, its labels, a number.
    for line in scrape.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line}"));
        assert!(value.parse::<f64>().is_ok(), "{line}");
        assert!(series.starts_with("meridian_"), "{line}");
    }
    let count = |series: &str| sample(&scrape, series).unwrap_or_else(|| panic!("no {series} in\n{scrape}"));
    assert_eq!(count(r#"meridian_interactions_total{command="contrees start",outcome="ok"}"#), 1.0);
    assert_eq!(count(r#"meridian_interactions_total{command="contrees board",outcome="ok"}"#), 1.0);
    assert_eq!(count(r#"meridian_interactions_total{command="contrees undo",outcome="refused"}"#), 1.0);
    assert_eq!(count(r#"meridian_interactions_total{command="button:lobby",outcome="ok"}"#), 1.0);
    assert_eq!(count(r#"meridian_games{kind="contrees",status="active"}"#), 1.0);
    assert!(count(r#"meridian_deliveries_total{outcome="sent"}"#) >= 2.0);
    assert!(count("meridian_database_connections") >= 1.0);
    assert_eq!(count("meridian_gateway_shards_connected"), 1.0);
    for family in ["meridian_interaction_seconds", "meridian_drawing_seconds"] {
        assert!(scrape.contains(&format!("# TYPE {family} histogram")), "{family} in\n{scrape}");
    }
    for gauge in
        ["meridian_outbox_effects", "meridian_outbox_oldest_due_age_seconds", "meridian_turn_clock_lag_seconds"]
    {
        assert!(sample(&scrape, gauge).is_some(), "{gauge} in\n{scrape}");
    }
}

/// Readiness on both backends, through the service: the gateway until it reports; then ready until a deliverable
/// message has waited more than two minutes (not at two exactly), and ready again once it is delivered.
#[tokio::test]
async fn readiness_names_stalled_deliveries() {
    use crate::support::databases::each_backend;
    use crate::support::playing::{drain, started};
    use meridian_bot::service::process::health::{Unready, DELIVERY_STALL_MS};
    each_backend(|db| async move {
        let clock = FakeClock::at(1_790_000_000_000);
        let svc = Service::new(db.open().await, Arc::new(clock.clone()), Arc::new(|| 47));
        assert_eq!(svc.unready().await, [Unready::Gateway]);
        svc.report_gateway(1, 1);
        assert_eq!(svc.unready().await, []);
        started(&svc, PLACE, meridian::Options::default(), &[1, 2]).await;
        clock.advance(DELIVERY_STALL_MS);
        assert_eq!(svc.unready().await, []);
        clock.advance(1);
        assert_eq!(svc.unready().await, [Unready::Deliveries]);
        drain(&svc).await;
        assert_eq!(svc.unready().await, []);
    })
    .await;
}
