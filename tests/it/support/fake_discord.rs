//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST routes the bot uses and a gateway websocket (HELLO,
//! READY, heartbeats, INTERACTION_CREATE). It keeps every message, DM and interaction answer so tests can look.
//!
//! Serenity drops gateway events it cannot parse without a word, so every JSON shape sent here is checked against
//! serenity's own types in `fixtures_parse_as_serenity_types` (tests/it/meridian/discord.rs).
//!
//! Every request the bot sends is held to Discord's own description of its API ([`super::discord_api`]) and to its
//! limits: one that breaks either is refused as Discord would refuse it (400) and noted in [`State::violations`],
//! which the tests expect empty. With `FAKE_DISCORD_LOG=FILE`, every request and gateway frame is written to FILE as
//! one JSON line (see tests/README.md).

use super::discord_api;
use axum::body::Body;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Path, Request, State as AxState};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Notify};

pub const APP_ID: u64 = 900;
pub const GUILD_ID: u64 = 7;
pub const TIMESTAMP: &str = "2026-11-25T12:00:00.000000+00:00";
/// The permission bit a member needs to manage threads (Discord's `MANAGE_THREADS`).
pub const MANAGE_THREADS: u64 = 1 << 34;

/// A role of the server as Discord resolves a role option.
fn role_json(id: &str) -> Value {
    json!({"id": id, "name": format!("role {id}"), "color": 0,
           "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
           "hoist": false, "icon": null, "unicode_emoji": null, "position": 1, "permissions": "0", "managed": false,
           "mentionable": true, "flags": 0})
}

/// A user of the fake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: &'static str,
}

/// A slash command's option as Discord sends it: `kind` 3 a string, 4 an integer, 6 a user.
pub fn opt(name: &str, kind: u8, value: Value) -> Value {
    json!({"name": name, "type": kind, "value": value})
}

/// The service on the bot's own database in `dir`, to see what the bot did (and to judge a test's moves).
pub async fn referee(dir: &std::path::Path) -> meridian_bot::service::Service {
    use meridian_bot::service::Service;
    let store =
        meridian_bot::store::Store::open(&format!("sqlite://{}", dir.join("games.db").display())).await.unwrap();
    Service::new(store, Arc::new(meridian_bot::clock::SystemClock), Service::random_seeds())
}

pub const BOT: FakeUser = FakeUser { id: APP_ID, name: "meridian" };

pub fn user_json(u: FakeUser) -> Value {
    json!({"id": u.id.to_string(), "username": u.name, "discriminator": "0000", "global_name": u.name,
           "avatar": null, "bot": u == BOT})
}

/// A slash command as a user types it: `kind` 2 runs it, 4 asks for autocomplete.
pub struct Call<'a> {
    /// The game's root command: "meridian", "contrees".
    pub root: &'a str,
    pub kind: u8,
    pub channel: u64,
    pub user: FakeUser,
    pub sub: &'a str,
    pub options: Value,
    pub resolved: Value,
}

/// A file attached to a message, with its description (its alt text), as sent.
#[derive(Debug, Clone, Default)]
pub struct Attachment {
    pub id: u64,
    pub name: String,
    pub bytes: Vec<u8>,
    pub description: Option<String>,
}

/// What Discord takes in one request: the files of a message (10 MiB), and its payload beside them.
const UPLOAD_LIMIT: usize = 10 * 1024 * 1024 + 64 * 1024;

/// A message as the fake keeps it.
#[derive(Debug, Clone, Default)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    pub files: Vec<Attachment>,
    pub components: Value,
    pub ephemeral: bool,
    pub nonce: Option<String>,
    /// The payload's `allowed_mentions`, as sent.
    pub allowed_mentions: Option<Value>,
    /// Who the message pinged when it was created (`user:ID`, `role:ID`, `everyone`); edits ping nobody.
    pub pings: Vec<String>,
}

impl Msg {
    /// Whether it carries controls that may still be clicked: some, and not the one disabled button that replaces
    /// them once what they asked is over.
    pub fn has_live_controls(&self) -> bool {
        self.components != json!([]) && self.components[0]["components"][0]["disabled"] != json!(true)
    }
}

#[derive(Debug, Clone, Default)]
pub struct Interaction {
    pub channel_id: u64,
    /// For a click: the message clicked.
    pub clicked: Option<u64>,
    /// The message that answers it (created or, for clicks, the one clicked).
    pub original: Option<u64>,
    /// Answer types received, in order (4 message, 5 deferred, 6 acknowledge, 7 update, 8 autocomplete).
    pub answers: Vec<u64>,
    pub choices: Option<Value>,
    pub followups: Vec<u64>,
    /// The gateway session it was sent on (an index into [`State::sessions`]); `None`: no session ran its shard.
    pub session: Option<usize>,
    /// When the fake sent it, when the bot first answered, and when the answer had its content.
    #[allow(dead_code)] // read by benches/discord_load.rs, which times answers
    pub sent: Option<Instant>,
    pub first_answer: Option<Instant>,
    pub done: Option<Instant>,
}

#[derive(Default)]
pub struct State {
    next_id: u64,
    pub messages: Vec<Msg>,
    pub dm_channels: HashMap<u64, u64>,
    pub closed_dms: HashSet<u64>,
    pub interactions: HashMap<u64, Interaction>,
    /// Threads and their parent channels.
    pub threads: HashMap<u64, u64>,
    /// Members' nicknames on the server.
    pub nicks: HashMap<u64, String>,
    /// Each member's roles on the server.
    pub roles: HashMap<u64, Vec<u64>>,
    /// Threads archived, by the bot or by [`Fake::archive`] (Discord archiving an idle thread).
    pub archived: HashSet<u64>,
    /// Channels whose next post fails once with a server error.
    pub fail_next: HashSet<u64>,
    pub commands: Vec<Value>,
    pub users: HashMap<u64, FakeUser>,
    pub identified: usize,
    /// When each IDENTIFY Discord took came (one every [`IDENTIFY_EVERY`] at most: `max_concurrency` is 1 here).
    pub identifies: Vec<Instant>,
    /// The shards `/gateway/bot` recommends (0 counts as 1).
    pub recommended_shards: u64,
    /// Every gateway session that identified, in order.
    pub sessions: Vec<Session>,
    /// Every post that carried a nonce, sent again or not, with when it arrived: `(nonce, when)`.
    pub sends: Vec<(String, Instant)>,
    /// Channels in a server other than [`GUILD_ID`], with their server (a thread is in its parent's).
    pub guilds: HashMap<u64, u64>,
    /// A member's permission bits by `(channel, user id)`; a thread without its own entry has its parent's.
    pub permissions: HashMap<(u64, u64), u64>,
    /// Requests refused for breaking one of Discord's limits or its API's description, said; tests expect none.
    pub violations: Vec<String>,
    /// Statuses the next command registrations answer, in order, before one succeeds.
    pub registration_failures: VecDeque<u16>,
    /// Command registrations tried, failed ones included.
    pub registrations: usize,
    /// Channels whose posts never get an answer, and how many posts hang so.
    pub hung_channels: HashSet<u64>,
    pub hung: usize,
    /// Channels whose posts are answered only after a while (the post lands then), as when Discord is slow.
    pub slow_channels: HashMap<u64, std::time::Duration>,
    /// While set, followups fail as if the interaction's webhook were gone.
    pub fail_followups: bool,
    /// Channels where the bot may not open threads.
    pub no_threads: HashSet<u64>,
    /// While set, opening a thread waits (Discord slow to answer): what happens meanwhile can be tested.
    pub threads_held: bool,
    /// Each user's Discord language (`locale`), `en-US` unless set.
    pub locales: HashMap<u64, String>,
    /// Each server's language (`guild_locale`), `en-US` unless set.
    pub guild_locales: HashMap<u64, String>,
}

impl State {
    /// What an interaction by `user` in `channel` says of languages: the user's, and the server's outside DMs.
    fn locales_json(&self, channel: u64, user: u64) -> Value {
        let locale = self.locales.get(&user).map_or("en-US", String::as_str);
        match self.is_dm(channel) {
            true => json!({"locale": locale}),
            false => json!({"locale": locale,
                            "guild_locale": self.guild_locales.get(&self.guild(channel)).map_or("en-US", String::as_str)}),
        }
    }
}

impl State {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        1_000_000 + self.next_id
    }

    pub fn message(&self, id: u64) -> Option<&Msg> {
        self.messages.iter().find(|m| m.id == id)
    }

    /// Messages posted in a channel (or thread), oldest first, without ephemeral ones.
    pub fn posts(&self, channel: u64) -> Vec<&Msg> {
        self.messages.iter().filter(|m| m.channel_id == channel && !m.ephemeral).collect()
    }

    pub fn is_dm(&self, channel: u64) -> bool {
        self.dm_channels.values().any(|&c| c == channel)
    }

    /// The server a channel is in: its own, its parent's for a thread, else [`GUILD_ID`].
    pub fn guild(&self, channel: u64) -> u64 {
        let channel = self.threads.get(&channel).copied().unwrap_or(channel);
        self.guilds.get(&channel).copied().unwrap_or(GUILD_ID)
    }

    /// A member's permission bits in a channel, as Discord sends them with an interaction there.
    pub fn permissions_in(&self, channel: u64, user: u64) -> u64 {
        let parent = self.threads.get(&channel).copied();
        let own = self.permissions.get(&(channel, user));
        own.or_else(|| parent.and_then(|p| self.permissions.get(&(p, user)))).copied().unwrap_or(0)
    }

    /// The DM channel with a user, opened if need be.
    fn dm_channel(&mut self, user: u64) -> u64 {
        let channel = 5_000_000 + user;
        self.dm_channels.insert(user, channel);
        channel
    }

    /// The message answering an interaction, once complete (not a "thinking…" placeholder).
    pub fn answer(&self, interaction: u64) -> Option<&Msg> {
        let i = &self.interactions[&interaction];
        let done = i.answers.iter().any(|&a| a == 4 || a == 7)
            || i.answers.contains(&5)
                && i.original
                    .and_then(|o| self.message(o))
                    .is_some_and(|m| !m.content.is_empty() || !m.files.is_empty())
            || !i.followups.is_empty();
        if !done {
            return None;
        }
        self.message(i.followups.last().copied().or(i.original)?)
    }

    /// Every picture (a PNG or a GIF) received without an alt text (an attachment's description): `(message id,
    /// file name)`.
    pub fn undescribed(&self) -> Vec<(u64, String)> {
        let pictures = self.messages.iter().flat_map(|m| m.files.iter().map(move |f| (m.id, f)));
        let picture = |name: &str| name.ends_with(".png") || name.ends_with(".gif");
        let bare = pictures.filter(|(_, f)| picture(&f.name) && f.description.as_deref().unwrap_or("").is_empty());
        bare.map(|(id, f)| (id, f.name.clone())).collect()
    }

    /// Messages the bot sent to a user's DMs.
    pub fn dms(&self, user: u64) -> Vec<&Msg> {
        match self.dm_channels.get(&user) {
            Some(&channel) => self.messages.iter().filter(|m| m.channel_id == channel).collect(),
            None => Vec::new(),
        }
    }
}

/// Discord takes one IDENTIFY in each 5 s (per `max_concurrency` bucket: one here); an earlier one is refused
/// (INVALID_SESSION) and noted as a violation. A tenth of a second is allowed for timers' jitter.
pub const IDENTIFY_EVERY: Duration = Duration::from_millis(4_900);

/// A gateway session: the shard it identified for, and whether its connection is still open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Session {
    pub shard: u64,
    pub total: u64,
    pub open: bool,
}

/// The shard Discord sends a server's events to; events outside servers (DMs) go to shard 0.
pub fn shard_of(guild: Option<u64>, total: u64) -> u64 {
    guild.map_or(0, |g| (g >> 22) % total.max(1))
}

/// An event for the gateway: the server it happened in (it decides the shard), and the frame.
type Event = (Option<u64>, String);

#[derive(Clone)]
struct Shared {
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    events: broadcast::Sender<Event>,
    base: String,
    /// The request log (`FAKE_DISCORD_LOG`), if asked for.
    log: Option<Arc<Mutex<std::fs::File>>>,
    started: Instant,
    /// While set, the gateway is down: its connections are dropped and new ones refused.
    gateway_down: tokio::sync::watch::Sender<bool>,
}

pub struct Fake {
    pub base: String,
    shared: Shared,
}

impl Fake {
    /// A fake on a free port of 127.0.0.1, writing its request log where `FAKE_DISCORD_LOG` says, if it does.
    pub async fn start() -> Fake {
        Fake::start_logging(std::env::var_os("FAKE_DISCORD_LOG").map(Into::into)).await
    }

    /// A fake writing every request and gateway frame to `log`, one JSON line each (appended), if given.
    pub async fn start_logging(log: Option<std::path::PathBuf>) -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (events, _) = broadcast::channel(4096);
        let log = log.map(|path| {
            let file = std::fs::OpenOptions::new().create(true).append(true).open(&path);
            Arc::new(Mutex::new(file.unwrap_or_else(|e| panic!("the request log {path:?}: {e}"))))
        });
        let shared = Shared {
            state: Arc::default(),
            changed: Arc::default(),
            events,
            base: base.clone(),
            log,
            started: Instant::now(),
            gateway_down: tokio::sync::watch::Sender::new(false),
        };
        let api = Router::new()
            .route("/gateway", get(gateway_url))
            .route("/gateway/bot", get(gateway_url))
            .route("/users/@me", get(|| async { Json(user_json(BOT)) }))
            .route("/applications/{app}/guilds/{guild}/commands", put(register))
            .route("/applications/{app}/commands", put(register))
            .route("/interactions/{id}/{token}/callback", post(callback))
            .route("/webhooks/{app}/{token}/messages/@original", get(get_original).patch(edit_original))
            .route("/webhooks/{app}/{token}", post(followup))
            .route("/users/@me/channels", post(create_dm))
            .route("/channels/{channel}", patch(edit_thread))
            .route("/channels/{channel}/messages", post(create_message))
            .route("/channels/{channel}/messages/{message}", patch(edit_message))
            .route("/channels/{channel}/messages/{message}/threads", post(create_thread))
            .fallback(|| async { StatusCode::NOT_FOUND })
            .layer(axum::middleware::from_fn_with_state(shared.clone(), as_discord_describes))
            // Discord takes uploads of up to 10 MiB a message (axum's default stops at 2): more is refused.
            .layer(axum::extract::DefaultBodyLimit::max(UPLOAD_LIMIT));
        let app = Router::new().nest("/api/v10", api).route("/ws", get(gateway)).with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Fake { base, shared }
    }

    /// The bot binary, set up to talk to this fake and keep its games (`games.db`) and log (`bot.log`) in `dir`.
    pub fn bot_command(&self, dir: &std::path::Path) -> tokio::process::Command {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(dir.join("bot.log")).unwrap();
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_meridian-bot"));
        command
            .arg("run")
            .current_dir(dir)
            .env("DISCORD_TOKEN", "fake-token")
            .env("DATABASE_URL", format!("sqlite://{}", dir.join("games.db").display()))
            .env("GUILD_ID", GUILD_ID.to_string())
            .env("DISCORD_API_BASE", &self.base)
            // Discord failing at start-up is waited out in milliseconds here, not seconds.
            .env("REGISTER_RETRY_MS", "5")
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("RUST_LOG", "info,serenity=warn")
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .kill_on_drop(true);
        command
    }

    /// The bot binary started as [`Fake::bot_command`] sets it up, its time read from `clock`.
    pub fn launch_on(&self, dir: &std::path::Path, clock: &TestClock) -> tokio::process::Child {
        let mut command = self.bot_command(dir);
        command.env("FAKE_CLOCK_FILE", &clock.path);
        command.spawn().unwrap()
    }

    /// Waits for the bot to have connected `times` times in all and registered its commands.
    pub async fn connected(&self, times: usize) {
        self.wait(30, "the bot to connect and register its commands", |s| {
            (s.identified >= times && !s.commands.is_empty()).then_some(())
        })
        .await;
    }

    pub fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.shared.state.lock().unwrap()
    }

    /// Waits until `check` finds something, up to `secs` seconds.
    pub async fn wait<T>(&self, secs: u64, what: &str, mut check: impl FnMut(&State) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let notified = self.shared.changed.notified();
            if let Some(found) = check(&self.state()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                // Payloads Discord would have refused are the likeliest reason.
                panic!("timed out waiting for {what} (refused payloads: {:?})", self.state().violations);
            }
        }
    }

    /// The language Discord says `user` uses (`fr`, `nl`, `en-US`, …).
    pub fn set_locale(&self, user: FakeUser, locale: &str) {
        self.state().locales.insert(user.id, locale.to_string());
    }

    /// The language Discord says a server uses.
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        self.state().guild_locales.insert(guild, locale.to_string());
    }

    pub fn close_dms(&self, user: FakeUser) {
        self.state().closed_dms.insert(user.id);
    }

    /// The requests refused so far for breaking Discord's limits or its API's description, taken: a test that sends
    /// bad requests on purpose takes them, so that the fake's end does not fail it.
    pub fn take_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.state().violations)
    }

    /// Makes the next post in `channel` fail once, as Discord does now and then (a 500).
    pub fn fail_next_post(&self, channel: u64) {
        self.state().fail_next.insert(channel);
    }

    /// Archives a thread, as Discord does to a thread idle for a week.
    pub fn archive(&self, thread: u64) {
        self.shared.with(|s| s.archived.insert(thread));
    }

    pub fn register_user(&self, u: FakeUser) {
        self.state().users.insert(u.id, u);
    }

    /// Puts a channel (and its threads) in another server than [`GUILD_ID`].
    pub fn set_guild(&self, channel: u64, guild: u64) {
        self.shared.with(|s| s.guilds.insert(channel, guild));
    }

    /// Gives `user` these permission bits in `channel` (and its threads without their own).
    pub fn set_permissions(&self, channel: u64, user: FakeUser, bits: u64) {
        self.shared.with(|s| s.permissions.insert((channel, user.id), bits));
    }

    /// Makes `thread` a thread of `parent`, as one opened earlier.
    pub fn add_thread(&self, thread: u64, parent: u64) {
        self.shared.with(|s| s.threads.insert(thread, parent));
    }

    /// A message in `channel` as if the bot had posted it earlier; returns its id.
    pub fn post_earlier(&self, channel: u64, content: &str) -> u64 {
        let shared = self.shared.clone();
        self.shared.with(|s| shared.create(s, channel, &json!({"content": content}), Vec::new()).id)
    }

    /// Gives `user` a role on the server.
    /// Gives a member a nickname on the server.
    pub fn set_nick(&self, user: FakeUser, nick: &str) {
        self.shared.with(|s| s.nicks.insert(user.id, nick.to_string()));
    }

    pub fn give_role(&self, user: FakeUser, role: u64) {
        self.shared.with(|s| s.roles.entry(user.id).or_default().push(role));
    }

    /// The DM channel with `user`, opened as the bot opens one, so a test can type commands there.
    pub fn open_dm(&self, user: FakeUser) -> u64 {
        self.register_user(user);
        self.shared.with(|s| s.dm_channel(user.id))
    }

    /// Makes the next command registrations answer these statuses, in order (e.g. two 503s, then success).
    pub fn fail_registrations(&self, statuses: &[u16]) {
        self.shared.with(|s| s.registration_failures.extend(statuses.iter().copied()));
    }

    /// Posts to `channel` get no answer from now on, as when Discord's side of a request is lost.
    pub fn hang(&self, channel: u64) {
        self.shared.with(|s| s.hung_channels.insert(channel));
    }

    /// Posts to `channel` are answered (and land) only `after` they arrive, from now on.
    pub fn slow(&self, channel: u64, after: std::time::Duration) {
        self.shared.with(|s| s.slow_channels.insert(channel, after));
    }

    /// Takes the gateway down (`true`: every connection dropped, new ones refused) or brings it back.
    pub fn gateway_down(&self, down: bool) {
        self.shared.gateway_down.send_replace(down);
    }

    /// Lets later posts to `channel` through; posts already hanging stay so.
    pub fn unhang(&self, channel: u64) {
        self.shared.with(|s| s.hung_channels.remove(&channel));
    }

    /// While on, followups get no answer: the connection drops (the bot's error then carries the request's URL).
    pub fn fail_followups(&self, on: bool) {
        self.shared.with(|s| s.fail_followups = on);
    }

    /// While `on`, requests to open a thread get no answer; they are answered once it is off again.
    pub fn hold_threads(&self, on: bool) {
        self.shared.with(|s| s.threads_held = on);
    }

    /// Refuses the bot threads in `channel` (Missing Access), as a server that does not let it create them.
    pub fn refuse_threads(&self, channel: u64) {
        self.shared.with(|s| s.no_threads.insert(channel));
    }

    /// Sends an event on the gateway, to the open sessions of the shard its server belongs to.
    fn dispatch(&self, t: &str, d: Value) {
        let guild = d["guild_id"].as_str().and_then(|g| g.parse().ok());
        if let Some(id) = d["id"].as_str().and_then(|i| i.parse::<u64>().ok()) {
            self.shared.with(|s| {
                let session = s.sessions.iter().position(|x| x.open && x.shard == shard_of(guild, x.total));
                if let Some(interaction) = s.interactions.get_mut(&id) {
                    interaction.session = session;
                }
            });
        }
        let _ = self.shared.events.send((guild, json!({"t": t, "d": d}).to_string()));
    }

    fn new_interaction(&self, channel: u64, clicked: Option<u64>) -> (u64, String) {
        let mut s = self.state();
        let id = s.id();
        let sent = Some(Instant::now());
        let interaction = Interaction { channel_id: channel, clicked, sent, ..Default::default() };
        s.interactions.insert(id, interaction);
        (id, format!("tok{id}"))
    }

    /// Where an interaction happens: a DM (no server, no member) or a server channel, with the member's permissions
    /// there.
    fn where_json(&self, channel: u64, user: FakeUser) -> Value {
        let s = self.state();
        if s.is_dm(channel) {
            json!({"channel_id": channel.to_string(), "user": user_json(user), "context": 1,
                   "channel": {"id": channel.to_string(), "type": 1}})
        } else {
            let thread = s.threads.contains_key(&channel);
            let permissions = s.permissions_in(channel, user.id).to_string();
            let roles: Vec<String> = s.roles.get(&user.id).into_iter().flatten().map(u64::to_string).collect();
            json!({"channel_id": channel.to_string(), "guild_id": s.guild(channel).to_string(), "context": 0,
                   "channel": {"id": channel.to_string(), "type": if thread { 11 } else { 0 }},
                   "member": {"user": user_json(user), "roles": roles, "joined_at": TIMESTAMP, "deaf": false,
                              "mute": false, "flags": 0, "permissions": permissions,
                              "nick": s.nicks.get(&user.id)}})
        }
    }

    /// The INTERACTION_CREATE payload of a slash command (or its autocomplete, `call.kind` 4). A `call.sub` of two
    /// words is a subcommand in a group (`settings vacation`).
    pub fn command_json(&self, id: u64, token: &str, call: Call<'_>) -> Value {
        let sub = match call.sub.split_once(' ') {
            Some((group, sub)) => json!({"type": 2, "name": group,
                                         "options": [{"type": 1, "name": sub, "options": call.options}]}),
            None => json!({"type": 1, "name": call.sub, "options": call.options}),
        };
        let guild = {
            let s = self.state();
            (!s.is_dm(call.channel)).then(|| s.guild(call.channel))
        };
        let mut d = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": call.kind, "token": token,
            "version": 1, "app_permissions": "2251799813685247", "entitlements": [], "authorizing_integration_owners": {}, "attachment_size_limit": 26214400,
            "data": {"id": "5000", "name": call.root, "type": 1, "options": [sub], "resolved": call.resolved},
        });
        if let Some(guild) = guild {
            d["data"]["guild_id"] = json!(guild.to_string());
        }
        merge(&mut d, self.where_json(call.channel, call.user));
        let locales = self.state().locales_json(call.channel, call.user.id);
        merge(&mut d, locales);
        d
    }

    /// Runs `/meridian SUB` as `user` in `channel`; returns the interaction id.
    pub fn slash(&self, channel: u64, user: FakeUser, sub: &str, options: Value) -> u64 {
        self.slash_under("meridian", channel, user, sub, options)
    }

    /// Runs `/ROOT SUB` as `user` in `channel`; returns the interaction id.
    pub fn slash_under(&self, root: &str, channel: u64, user: FakeUser, sub: &str, options: Value) -> u64 {
        self.register_user(user);
        let (id, token) = self.new_interaction(channel, None);
        // User options need their users resolved.
        let mut users = serde_json::Map::new();
        for o in options.as_array().into_iter().flatten().filter(|o| o["type"] == 6) {
            let uid: u64 = o["value"].as_str().unwrap().parse().unwrap();
            let u = self.state().users.get(&uid).copied().expect("register users before naming them");
            users.insert(uid.to_string(), user_json(u));
        }
        // And role options their roles.
        let roles: serde_json::Map<String, Value> = options
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| o["type"] == 8)
            .map(|o| o["value"].as_str().unwrap().to_string())
            .map(|id| (id.clone(), role_json(&id)))
            .collect();
        let mut resolved = if users.is_empty() { json!({}) } else { json!({"users": users}) };
        // With the members' data a server gives its users (their nicknames).
        let members: serde_json::Map<String, Value> = {
            let s = self.state();
            let nick = |id: &str| s.nicks.get(&id.parse::<u64>().unwrap()).cloned();
            let member = |id: &String| {
                json!({"roles": [], "joined_at": TIMESTAMP, "flags": 0, "nick": nick(id),
                                               "permissions": "0"})
            };
            users.keys().filter(|_| !s.is_dm(channel)).map(|id| (id.clone(), member(id))).collect()
        };
        if !members.is_empty() {
            resolved["members"] = Value::Object(members);
        }
        if !roles.is_empty() {
            resolved["roles"] = Value::Object(roles);
        }
        let call = Call { root, kind: 2, channel, user, sub, options, resolved };
        self.dispatch("INTERACTION_CREATE", self.command_json(id, &token, call));
        id
    }

    /// Asks for the autocomplete choices of the focused option of `/meridian SUB`; returns `(label, value)` pairs.
    pub async fn autocomplete(&self, channel: u64, user: FakeUser, sub: &str, options: Value) -> Vec<(String, Value)> {
        self.autocomplete_under("meridian", channel, user, sub, options).await
    }

    /// Asks for the autocomplete choices of the focused option of `/ROOT SUB`; returns `(label, value)` pairs.
    pub async fn autocomplete_under(
        &self,
        root: &str,
        channel: u64,
        user: FakeUser,
        sub: &str,
        options: Value,
    ) -> Vec<(String, Value)> {
        self.register_user(user);
        let (id, token) = self.new_interaction(channel, None);
        let call = Call { root, kind: 4, channel, user, sub, options, resolved: json!({}) };
        self.dispatch("INTERACTION_CREATE", self.command_json(id, &token, call));
        let choices = self.wait(10, "autocomplete choices", |s| s.interactions[&id].choices.clone()).await;
        choices
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["name"].as_str().unwrap().to_string(), c["value"].clone()))
            .collect()
    }

    pub fn component_json(
        &self,
        id: u64,
        token: &str,
        message: &Msg,
        user: FakeUser,
        custom_id: &str,
        values: Option<Vec<String>>,
    ) -> Value {
        let data = match values {
            Some(values) => json!({"custom_id": custom_id, "component_type": 3, "values": values}),
            None => json!({"custom_id": custom_id, "component_type": 2}),
        };
        let mut d = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": 3, "token": token, "version": 1,
            "app_permissions": "2251799813685247", "entitlements": [],
            "authorizing_integration_owners": {}, "attachment_size_limit": 26214400,
            "data": data, "message": message_json(message),
        });
        merge(&mut d, self.where_json(message.channel_id, user));
        let locales = self.state().locales_json(message.channel_id, user.id);
        merge(&mut d, locales);
        d
    }

    /// Clicks a button (`values` None) or picks in a menu on a message; returns the interaction id.
    pub fn click(&self, user: FakeUser, message: u64, custom_id: &str, values: Option<Vec<String>>) -> u64 {
        self.register_user(user);
        let msg = self.state().message(message).cloned().expect("clicked message exists");
        let (id, token) = self.new_interaction(msg.channel_id, Some(message));
        self.dispatch("INTERACTION_CREATE", self.component_json(id, &token, &msg, user, custom_id, values));
        id
    }

    /// Plays one move as `user` through the menus of their last DM with controls (the first option each time) until
    /// a preview, then Confirm; returns the preview, once the move is played.
    pub async fn play_by_dm(&self, user: FakeUser) -> Msg {
        let dm = self
            .wait(15, "a DM with controls", |s| {
                s.dms(user.id).into_iter().rev().find(|m| m.has_live_controls()).map(|m| m.id)
            })
            .await;
        let preview = self.choose_until_preview(user, dm, |_| 0).await;
        self.confirm(user, &preview).await;
        preview
    }

    /// Chooses in the menus of `message` as `user`, option `pick(count)` of each, until a preview comes; returns it.
    pub async fn choose_until_preview(&self, user: FakeUser, message: u64, pick: impl Fn(usize) -> usize) -> Msg {
        for _ in 0..8 {
            let (custom_id, value, before) = {
                let s = self.state();
                let m = s.message(message).unwrap();
                let menu = &m.components[0]["components"][0];
                let options = menu["options"].as_array().unwrap();
                let value = options[pick(options.len())]["value"].as_str().unwrap().to_string();
                (menu["custom_id"].as_str().unwrap().to_string(), value, m.components.clone())
            };
            let click = self.click(user, message, &custom_id, Some(vec![value]));
            let preview = self
                .wait(15, "the next menu or a preview", |s| {
                    let i = &s.interactions[&click];
                    if let Some(&f) = i.followups.last() {
                        return Some(s.message(f).cloned());
                    }
                    let now = &s.message(message).unwrap().components;
                    // Emptied: the preview is on its way.
                    (i.answers == [6] && *now != before && *now != json!([])).then_some(None)
                })
                .await;
            if let Some(preview) = preview {
                return preview;
            }
        }
        panic!("no preview after eight choices");
    }

    /// Clicks a preview's Confirm as `user` and waits for the move to be played.
    pub async fn confirm(&self, user: FakeUser, preview: &Msg) {
        let confirm = preview.components[0]["components"][0]["custom_id"].as_str().unwrap().to_string();
        let click = self.click(user, preview.id, &confirm, None);
        // Played: the preview says so (in its reader's language) and loses its buttons.
        self.wait(15, "the confirmed move", |s| {
            s.message(preview.id).filter(|m| m.components == json!([]) && m.content != preview.content).map(|_| ())
        })
        .await;
        assert!(self.state().interactions[&click].answers == [6]);
    }

    /// The invited `users` click Join on the invitation posted in `thread`; waits for each answer.
    pub async fn accept_invitation(&self, thread: u64, users: &[FakeUser]) {
        let (message, custom_id) = self
            .wait(15, "the invitation", |s| {
                s.posts(thread).iter().find_map(|m| {
                    let id = m.components[0]["components"][0]["custom_id"].as_str()?;
                    id.ends_with(":accept").then(|| (m.id, id.to_string()))
                })
            })
            .await;
        for &user in users {
            let click = self.click(user, message, &custom_id, None);
            self.answer(click).await;
        }
    }

    /// Waits for the message answering an interaction to be complete (not a "thinking…" placeholder).
    pub async fn answer(&self, interaction: u64) -> Msg {
        self.wait(15, "an interaction's answer", |s| s.answer(interaction).cloned()).await
    }
}

fn merge(into: &mut Value, from: Value) {
    if let (Some(a), Value::Object(b)) = (into.as_object_mut(), from) {
        a.extend(b);
    }
}

/// An attachment's media type, as Discord tells it from the file's name.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("gif") => "image/gif",
        Some("json") => "application/json",
        _ => "image/png",
    }
}

pub fn message_json(m: &Msg) -> Value {
    let attachments: Vec<Value> = m
        .files
        .iter()
        .map(|Attachment { id, name, bytes, description }| {
            json!({"id": id.to_string(), "filename": name, "size": bytes.len(), "url": format!("https://cdn.invalid/{id}/{name}"),
                   "proxy_url": format!("https://cdn.invalid/{id}/{name}"), "content_type": content_type(name),
                   "description": description})
        })
        .collect();
    json!({
        "id": m.id.to_string(), "channel_id": m.channel_id.to_string(), "author": user_json(BOT),
        "content": m.content, "timestamp": TIMESTAMP, "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": attachments, "embeds": [],
        "pinned": false, "type": 0, "components": m.components, "flags": if m.ephemeral { 64 } else { 0 },
        "nonce": m.nonce,
    })
}

pub fn thread_json(id: u64, parent: u64, archived: bool) -> Value {
    guild_thread_json(id, parent, GUILD_ID, archived)
}

/// A thread in a given server (its parent channel's).
pub fn guild_thread_json(id: u64, parent: u64, guild: u64, archived: bool) -> Value {
    json!({"id": id.to_string(), "type": 11, "guild_id": guild.to_string(), "parent_id": parent.to_string(),
           "name": format!("thread {id}"), "owner_id": APP_ID.to_string(), "message_count": 0, "member_count": 1,
           "thread_metadata": {"archived": archived, "auto_archive_duration": 10080, "archive_timestamp": TIMESTAMP,
                               "locked": false}})
}

pub fn dm_json(channel: u64, u: FakeUser) -> Value {
    json!({"id": channel.to_string(), "type": 1, "last_message_id": null, "recipients": [user_json(u)]})
}

/// The server a session is told of after READY (GUILD_CREATE, as the `GUILDS` intent brings): what a bot learns of a
/// server without asking, its name among it.
pub fn guild_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "name": name, "icon": null, "splash": null, "discovery_splash": null,
           "owner_id": "1", "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
           "roles": [], "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
           "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null, "vanity_url_code": null,
           "description": null, "banner": null, "premium_tier": 0, "preferred_locale": "en-US",
           "public_updates_channel_id": null, "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
           "joined_at": TIMESTAMP, "large": false, "unavailable": false, "member_count": 2, "voice_states": [],
           "members": [], "channels": [], "threads": [], "presences": [], "stage_instances": [],
           "guild_scheduled_events": []})
}

/// The name the fake gives the test server.
pub const GUILD_NAME: &str = "Board Games Club";

pub fn ready_json(base: &str, shard: [u64; 2]) -> Value {
    json!({"v": 10, "user": user_json(BOT), "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
           "session_id": "fake-session", "resume_gateway_url": base.replace("http", "ws") + "/ws",
           "shard": shard, "application": {"id": APP_ID.to_string(), "flags": 0}})
}

/// Every request to the API: written to the request log, then held to Discord's description of its API. A route
/// Discord does not have, or a body not as Discord describes it, is refused as Discord refuses a bad form (400,
/// Invalid Form Body, with the reason) and noted for the test.
async fn as_discord_describes(AxState(sh): AxState<Shared>, req: Request, next: Next) -> Response {
    let (parts, bytes) = req.into_parts();
    let bytes = axum::body::to_bytes(bytes, usize::MAX).await.unwrap();
    let mut copy = Request::new(Body::from(bytes.clone()));
    *copy.headers_mut() = parts.headers.clone();
    // The upload limit the router sets goes with the copy read here.
    *copy.extensions_mut() = parts.extensions.clone();
    let (payload, files) = body(copy).await;
    let path = parts.uri.path().strip_prefix(discord_api::PREFIX).unwrap_or(parts.uri.path());
    let files: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    sh.log(json!({"http": parts.method.as_str(), "path": path, "body": payload, "files": files}));
    if let Err(why) = discord_api::api().check(parts.method.as_str(), path, Some(&payload)) {
        sh.with(|s| s.violations.push(why.clone()));
        let errors = json!({"_errors": [{"code": "SCHEMA_INVALID", "message": why}]});
        let body = json!({"code": 50035, "message": "Invalid Form Body", "errors": errors});
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    }
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// A request body: JSON, or multipart with `payload_json` and files.
async fn body(req: Request) -> (Value, Vec<(String, Vec<u8>)>) {
    let multipart =
        req.headers().get("content-type").and_then(|c| c.to_str().ok()).is_some_and(|c| c.starts_with("multipart/"));
    if !multipart {
        let bytes = axum::body::to_bytes(req.into_body(), usize::MAX).await.unwrap();
        return (serde_json::from_slice(&bytes).unwrap_or(Value::Null), Vec::new());
    }
    let mut parts = Multipart::from_request(req, &()).await.unwrap();
    let (mut payload, mut files) = (Value::Null, Vec::new());
    while let Some(field) = parts.next_field().await.unwrap() {
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.file_name().map(str::to_string);
        let bytes = field.bytes().await.unwrap().to_vec();
        if name == "payload_json" {
            payload = serde_json::from_slice(&bytes).unwrap();
        } else {
            files.push((file_name.unwrap_or(name), bytes));
        }
    }
    (payload, files)
}

impl Shared {
    /// Writes one line to the request log, if there is one: what happened, with this fake's address and the
    /// milliseconds since it started.
    fn log(&self, mut line: Value) {
        let Some(log) = &self.log else { return };
        line["fake"] = json!(self.base);
        line["ms"] = json!(self.started.elapsed().as_millis() as u64);
        use std::io::Write;
        // One write per line, to a file opened for appending: lines of fakes running at once do not mix.
        let _ = log.lock().unwrap().write_all(format!("{line}\n").as_bytes());
    }

    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let out = f(&mut self.state.lock().unwrap());
        self.changed.notify_waiters();
        out
    }

    /// Stores a new message from a payload; returns its JSON.
    fn create(&self, s: &mut State, channel: u64, payload: &Value, files: Vec<(String, Vec<u8>)>) -> Msg {
        let id = s.id();
        let files = attached(s, payload, files);
        let (allowed_mentions, pings) = mentions(payload);
        let msg = Msg {
            id,
            channel_id: channel,
            content: payload["content"].as_str().unwrap_or_default().to_string(),
            files,
            components: payload.get("components").cloned().unwrap_or(json!([])),
            ephemeral: payload["flags"].as_u64().unwrap_or(0) & 64 != 0,
            nonce: payload["nonce"].as_str().map(str::to_string),
            allowed_mentions,
            pings,
        };
        s.messages.push(msg.clone());
        msg
    }
}

/// The files of a request as attachments, each with a new id and the description its payload gives it: new files
/// are listed in `attachments` by their number (`files[N]`), in order.
fn attached(s: &mut State, payload: &Value, files: Vec<(String, Vec<u8>)>) -> Vec<Attachment> {
    let listed = payload["attachments"].as_array().cloned().unwrap_or_default();
    let description = |n: usize| {
        // A kept attachment's id is a string (a snowflake); a new one's, its number.
        let new = listed.iter().find(|a| a["id"].as_u64() == Some(n as u64));
        new.and_then(|a| a["description"].as_str()).map(str::to_string)
    };
    files
        .into_iter()
        .enumerate()
        .map(|(n, (name, bytes))| Attachment { id: s.id(), name, bytes, description: description(n) })
        .collect()
}

/// Applies an edit payload to a stored message: new content and components; attachments kept unless listed.
fn edit(s: &mut State, id: u64, payload: &Value, files: Vec<(String, Vec<u8>)>) -> Option<Msg> {
    let new = attached(s, payload, files);
    let msg = s.messages.iter_mut().find(|m| m.id == id)?;
    if let Some(content) = payload.get("content").and_then(Value::as_str) {
        msg.content = content.to_string();
    }
    if let Some(components) = payload.get("components").filter(|c| !c.is_null()) {
        msg.components = components.clone();
    }
    if let Some(keep) = payload.get("attachments").and_then(Value::as_array) {
        let kept: Vec<String> = keep.iter().filter_map(|a| a["id"].as_str().map(str::to_string)).collect();
        msg.files.retain(|f| kept.contains(&f.id.to_string()));
    }
    msg.files.extend(new);
    Some(msg.clone())
}

/// A payload's `allowed_mentions` as sent, and who it pings by Discord's rules: every user, role, `@everyone` and
/// `@here` in the content if it has none; else users and roles listed in it or whose kind is in its `parse`, and
/// `@everyone`/`@here` only with `everyone` in `parse`.
fn mentions(payload: &Value) -> (Option<Value>, Vec<String>) {
    let allowed = payload.get("allowed_mentions").filter(|a| !a.is_null());
    let parses = |kind: &str| allowed.is_none_or(|a| list(&a["parse"]).iter().any(|p| p.as_str() == Some(kind)));
    let listed = |key: &str, id: &str| allowed.is_some_and(|a| list(&a[key]).iter().any(|x| x.as_str() == Some(id)));
    let content = payload["content"].as_str().unwrap_or_default();
    let mut pings: Vec<String> = Vec::new();
    let mut rest = content;
    while let Some(at) = rest.find("<@") {
        rest = &rest[at + 2..];
        let (kind, key, digits) = match rest.strip_prefix('&') {
            Some(role) => ("role", "roles", role),
            None => ("user", "users", rest.strip_prefix('!').unwrap_or(rest)),
        };
        let len = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if len == 0 || !digits[len..].starts_with('>') {
            continue;
        }
        let id = &digits[..len];
        let ping = format!("{kind}:{id}");
        if (parses(key) || listed(key, id)) && !pings.contains(&ping) {
            pings.push(ping);
        }
    }
    if (content.contains("@everyone") || content.contains("@here")) && parses("everyone") {
        pings.push("everyone".to_string());
    }
    (allowed.cloned(), pings)
}

fn list(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// Fails if a text field is longer than Discord allows (in characters, as Discord counts).
fn at_most(v: &Value, key: &str, max: usize) -> Result<(), String> {
    let n = v[key].as_str().map_or(0, |t| t.chars().count());
    if n > max {
        return Err(format!("{key} of {n} characters (at most {max})"));
    }
    Ok(())
}

/// Discord's limits on a message payload (new message, interaction answer, followup or edit).
fn limits(payload: &Value) -> Result<(), String> {
    at_most(payload, "content", 2000)?;
    at_most(payload, "nonce", 25)?;
    let rows = list(&payload["components"]);
    if rows.len() > 5 {
        return Err(format!("{} action rows (at most 5)", rows.len()));
    }
    for component in rows.iter().flat_map(|row| list(&row["components"])) {
        at_most(component, "custom_id", 100)?;
        at_most(component, "label", 100)?;
        at_most(component, "placeholder", 150)?;
        let options = list(&component["options"]);
        if options.len() > 25 {
            return Err(format!("a menu of {} options (at most 25)", options.len()));
        }
        for option in options {
            at_most(option, "label", 100)?;
            at_most(option, "value", 100)?;
            at_most(option, "description", 100)?;
        }
    }
    Ok(())
}

/// Discord's limits on autocomplete choices.
fn choice_limits(choices: &Value) -> Result<(), String> {
    let choices = list(choices);
    if choices.len() > 25 {
        return Err(format!("{} autocomplete choices (at most 25)", choices.len()));
    }
    for choice in choices {
        at_most(choice, "name", 100)?;
        at_most(choice, "value", 100)?;
    }
    Ok(())
}

/// Refuses a payload that broke a limit as Discord does (nothing stored), and notes the violation for the test.
fn refused(s: &mut State, route: &str, check: Result<(), String>) -> Option<Response> {
    let why = check.err()?;
    s.violations.push(format!("{route}: {why}"));
    Some(discord_error(400, 50035, "Invalid Form Body"))
}

/// An error answer as Discord words it (`errors` comes with Invalid Form Body).
fn discord_error(status: u16, code: u64, message: &str) -> Response {
    let status = StatusCode::from_u16(status).expect("an HTTP status");
    let mut body = json!({"code": code, "message": message});
    if code == 50035 {
        body["errors"] = json!({});
    }
    (status, Json(body)).into_response()
}

async fn gateway_url(AxState(sh): AxState<Shared>) -> Json<Value> {
    let shards = sh.with(|s| s.recommended_shards.max(1));
    Json(json!({"url": sh.base.replace("http", "ws") + "/ws", "shards": shards,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}))
}

async fn register(AxState(sh): AxState<Shared>, req: Request) -> Response {
    let (payload, _) = body(req).await;
    sh.with(|s| {
        s.registrations += 1;
        match s.registration_failures.pop_front() {
            Some(status) if status >= 500 => discord_error(status, 0, "Service Unavailable"),
            Some(status) => discord_error(status, 50035, "Invalid Form Body"),
            None => {
                s.commands = payload.as_array().cloned().unwrap_or_default();
                Json(json!([])).into_response()
            }
        }
    })
}

async fn callback(AxState(sh): AxState<Shared>, Path((id, _token)): Path<(u64, String)>, req: Request) -> Response {
    let (payload, files) = body(req).await;
    let kind = payload["type"].as_u64().unwrap_or(0);
    let data = payload.get("data").cloned().unwrap_or(json!({}));
    sh.with(|s| {
        let Some(i) = s.interactions.get(&id).cloned() else { return StatusCode::NOT_FOUND.into_response() };
        if !i.answers.is_empty() && kind != 8 {
            // An interaction is answered once; Discord refuses a second answer.
            return StatusCode::BAD_REQUEST.into_response();
        }
        let check = if kind == 8 { choice_limits(&data["choices"]) } else { limits(&data) };
        if let Some(refusal) = refused(s, &format!("answer (type {kind}) to interaction {id}"), check) {
            return refusal;
        }
        let original = match kind {
            4 | 5 => Some(sh.create(s, i.channel_id, &data, files).id),
            6 => i.clicked,
            7 => i.clicked.and_then(|m| edit(s, m, &data, files).map(|m| m.id)),
            _ => None,
        };
        let entry = s.interactions.get_mut(&id).unwrap();
        entry.answers.push(kind);
        let now = Some(Instant::now());
        entry.first_answer = entry.first_answer.or(now);
        if matches!(kind, 4 | 7 | 8) {
            entry.done = entry.done.or(now);
        }
        entry.original = original.or(entry.original);
        if kind == 8 {
            entry.choices = Some(data["choices"].clone());
        }
        StatusCode::NO_CONTENT.into_response()
    })
}

fn interaction_of(s: &State, token: &str) -> Option<u64> {
    token.strip_prefix("tok")?.parse().ok().filter(|id| s.interactions.contains_key(id))
}

async fn get_original(AxState(sh): AxState<Shared>, Path((_app, token)): Path<(u64, String)>) -> Response {
    sh.with(|s| {
        let msg = interaction_of(s, &token).and_then(|i| s.interactions[&i].original).and_then(|m| s.message(m));
        match msg {
            Some(m) => Json(message_json(m)).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    })
}

async fn edit_original(
    AxState(sh): AxState<Shared>,
    Path((_app, token)): Path<(u64, String)>,
    req: Request,
) -> Response {
    let (payload, files) = body(req).await;
    sh.with(|s| {
        let Some(i) = interaction_of(s, &token) else { return StatusCode::NOT_FOUND.into_response() };
        let Some(original) = s.interactions[&i].original else { return StatusCode::NOT_FOUND.into_response() };
        if let Some(refusal) = refused(s, &format!("edit of interaction {i}'s answer"), limits(&payload)) {
            return refusal;
        }
        let entry = s.interactions.get_mut(&i).unwrap();
        entry.done = entry.done.or(Some(Instant::now()));
        match edit(s, original, &payload, files) {
            Some(m) => Json(message_json(&m)).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    })
}

async fn followup(AxState(sh): AxState<Shared>, Path((_app, token)): Path<(u64, String)>, req: Request) -> Response {
    let (payload, files) = body(req).await;
    if sh.with(|s| s.fail_followups) {
        // The connection drops without an answer (the handler's task ends in a panic, outside the state's lock):
        // the bot's HTTP client fails with the request's URL, token included, in its error.
        panic!("the fake drops a followup's connection");
    }
    sh.with(|s| {
        let Some(i) = interaction_of(s, &token) else { return StatusCode::NOT_FOUND.into_response() };
        if let Some(refusal) = refused(s, &format!("followup to interaction {i}"), limits(&payload)) {
            return refusal;
        }
        let interaction = &s.interactions[&i];
        // Discord's rule: the first followup after a deferred answer fills in its "thinking…" message, public or
        // private as the defer was, whatever the followup's own flags say.
        let placeholder =
            interaction.original.filter(|_| interaction.answers == [5] && interaction.followups.is_empty());
        let channel = interaction.channel_id;
        let msg = match placeholder {
            Some(original) => {
                let mut payload = payload.clone();
                payload.as_object_mut().map(|p| p.remove("flags"));
                edit(s, original, &payload, files).expect("the placeholder exists");
                // Filling the placeholder gives it its first content: it pings as a new message does.
                let filled = s.messages.iter_mut().find(|m| m.id == original).expect("the placeholder exists");
                (filled.allowed_mentions, filled.pings) = mentions(&payload);
                filled.clone()
            }
            None => sh.create(s, channel, &payload, files),
        };
        let entry = s.interactions.get_mut(&i).unwrap();
        entry.followups.push(msg.id);
        entry.done = entry.done.or(Some(Instant::now()));
        Json(message_json(&msg)).into_response()
    })
}

async fn create_dm(AxState(sh): AxState<Shared>, Json(payload): Json<Value>) -> Json<Value> {
    let user: u64 = payload["recipient_id"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0);
    sh.with(|s| {
        let channel = s.dm_channel(user);
        let u = s.users.get(&user).copied().unwrap_or(FakeUser { id: user, name: "someone" });
        Json(dm_json(channel, u))
    })
}

async fn create_message(AxState(sh): AxState<Shared>, Path(channel): Path<u64>, req: Request) -> Response {
    let (payload, files) = body(req).await;
    let hang = sh.with(|s| {
        let hang = s.hung_channels.contains(&channel);
        s.hung += usize::from(hang);
        hang
    });
    if hang {
        // No answer, ever (the state lock is already released).
        return std::future::pending().await;
    }
    if let Some(after) = sh.with(|s| s.slow_channels.get(&channel).copied()) {
        tokio::time::sleep(after).await;
    }
    sh.with(|s| {
        if let Some(refusal) = refused(s, &format!("post in {channel}"), limits(&payload)) {
            return refusal;
        }
        let closed = s.dm_channels.iter().any(|(u, &c)| c == channel && s.closed_dms.contains(u));
        if closed {
            return discord_error(403, 50007, "Cannot send messages to this user");
        }
        if s.fail_next.remove(&channel) {
            return discord_error(500, 0, "500: Internal Server Error");
        }
        if s.archived.contains(&channel) {
            // The strict reading: a post does not reopen an archived thread by itself.
            return discord_error(400, 50083, "Thread is archived");
        }
        let nonce = payload["nonce"].as_str();
        if payload["enforce_nonce"] == true {
            let same = |m: &&Msg| m.channel_id == channel && m.nonce.as_deref() == nonce;
            if let Some(same) = s.messages.iter().find(same) {
                let same = message_json(same);
                s.sends.push((nonce.unwrap_or_default().to_string(), Instant::now()));
                return Json(same).into_response();
            }
        }
        if let Some(nonce) = nonce {
            s.sends.push((nonce.to_string(), Instant::now()));
        }
        let msg = sh.create(s, channel, &payload, files);
        Json(message_json(&msg)).into_response()
    })
}

async fn edit_message(
    AxState(sh): AxState<Shared>,
    Path((_channel, message)): Path<(u64, u64)>,
    req: Request,
) -> Response {
    let (payload, files) = body(req).await;
    sh.with(|s| {
        if let Some(refusal) = refused(s, &format!("edit of message {message}"), limits(&payload)) {
            return refusal;
        }
        match edit(s, message, &payload, files) {
            Some(m) => Json(message_json(&m)).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        }
    })
}

async fn create_thread(
    AxState(sh): AxState<Shared>,
    Path((channel, message)): Path<(u64, u64)>,
    Json(payload): Json<Value>,
) -> Response {
    if sh.with(|s| s.no_threads.contains(&channel)) {
        return discord_error(403, 50001, "Missing Access");
    }
    while sh.with(|s| s.threads_held) {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    if payload["auto_archive_duration"] != 10080 {
        // Not Discord's rule, the test's: a game's thread should stay open as long as Discord allows.
        return discord_error(400, 50035, "the fake wants auto_archive_duration 10080");
    }
    sh.with(|s| {
        // As Discord does: a thread opened from a message has the message's id, and a message opens one thread.
        if s.threads.contains_key(&message) {
            return discord_error(400, 160004, "A thread has already been created for this message");
        }
        s.threads.insert(message, channel);
        Json(guild_thread_json(message, channel, s.guild(channel), false)).into_response()
    })
}

/// Modify Channel, for threads: archive or reopen.
async fn edit_thread(AxState(sh): AxState<Shared>, Path(channel): Path<u64>, Json(payload): Json<Value>) -> Response {
    sh.with(|s| {
        let Some(&parent) = s.threads.get(&channel) else { return StatusCode::NOT_FOUND.into_response() };
        match payload["archived"].as_bool() {
            Some(true) => s.archived.insert(channel),
            Some(false) => s.archived.remove(&channel),
            None => false,
        };
        Json(guild_thread_json(channel, parent, s.guild(parent), s.archived.contains(&channel))).into_response()
    })
}

async fn gateway(AxState(sh): AxState<Shared>, ws: WebSocketUpgrade) -> Response {
    if *sh.gateway_down.borrow() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| session(sh, socket))
}

/// A test whose bot sent a request Discord would refuse fails when its fake ends, whatever else it checked.
impl Drop for Fake {
    fn drop(&mut self) {
        let violations = std::mem::take(&mut self.shared.state.lock().unwrap_or_else(|e| e.into_inner()).violations);
        if !std::thread::panicking() {
            assert!(violations.is_empty(), "the bot sent requests Discord would refuse: {violations:#?}");
        }
    }
}

/// Whether an IDENTIFY comes sooner than Discord takes one after the last it took (then noted as a violation);
/// else it is taken, now.
fn too_soon(sh: &Shared) -> bool {
    sh.with(|s| {
        let now = Instant::now();
        if let Some(since) = s.identifies.last().map(|&t| now - t).filter(|&d| d < IDENTIFY_EVERY) {
            s.violations
                .push(format!("IDENTIFY {:.2} s after the last one: Discord takes one per 5 s", since.as_secs_f64()));
            return true;
        }
        s.identifies.push(now);
        false
    })
}

/// Marks a session closed when its connection ends, however it ends.
struct Open(Shared, Option<usize>);

impl Drop for Open {
    fn drop(&mut self) {
        if let Some(i) = self.1 {
            self.0.with(|s| s.sessions[i].open = false);
        }
    }
}

/// One gateway connection: HELLO, READY on IDENTIFY (for the shard it names, `[id, total]`), heartbeat ACKs, and
/// every dispatched event of its shard.
async fn session(sh: Shared, mut socket: WebSocket) {
    let mut open = Open(sh.clone(), None);
    let mut shard = [0, 1];
    let mut events = sh.events.subscribe();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
    sh.log(json!({"gateway": "to the bot", "frame": hello}));
    if socket.send(WsMessage::Text(hello.to_string().into())).await.is_err() {
        return;
    }
    let mut seq = 0u64;
    let mut ready = false;
    let mut down = sh.gateway_down.subscribe();
    loop {
        tokio::select! {
            // Dropped without a close frame, as a connection lost.
            _ = async { down.wait_for(|&down| down).await.map(|_| ()) } => return,
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                let WsMessage::Text(text) = message else { continue };
                let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                sh.log(json!({"gateway": "from the bot", "frame": frame}));
                match frame["op"].as_u64() {
                    Some(2) if too_soon(&sh) => {
                        let invalid = json!({"op": 9, "d": false});
                        sh.log(json!({"gateway": "to the bot", "frame": invalid}));
                        if socket.send(WsMessage::Text(invalid.to_string().into())).await.is_err() { return; }
                    }
                    Some(2) => {
                        seq += 1;
                        if let Some([id, total]) = frame["d"]["shard"].as_array().and_then(|a| {
                            Some([a.first()?.as_u64()?, a.get(1)?.as_u64()?])
                        }) {
                            shard = [id, total];
                        }
                        let d = ready_json(&sh.base, shard);
                        let out = json!({"op": 0, "t": "READY", "s": seq, "d": d});
                        sh.log(json!({"gateway": "to the bot", "frame": out}));
                        if socket.send(WsMessage::Text(out.to_string().into())).await.is_err() { return; }
                        if shard_of(Some(GUILD_ID), shard[1]) == shard[0] {
                            seq += 1;
                            let d = guild_json(GUILD_ID, GUILD_NAME);
                            let out = json!({"op": 0, "t": "GUILD_CREATE", "s": seq, "d": d});
                            sh.log(json!({"gateway": "to the bot", "frame": out}));
                            if socket.send(WsMessage::Text(out.to_string().into())).await.is_err() { return; }
                        }
                        ready = true;
                        open.1 = Some(sh.with(|s| {
                            s.identified += 1;
                            s.sessions.push(Session { shard: shard[0], total: shard[1], open: true });
                            s.sessions.len() - 1
                        }));
                    }
                    Some(1) => {
                        let ack = json!({"op": 11});
                        sh.log(json!({"gateway": "to the bot", "frame": ack}));
                        if socket.send(WsMessage::Text(ack.to_string().into())).await.is_err() { return; }
                    }
                    _ => {}
                }
            }
            event = events.recv(), if ready => {
                let Ok((guild, event)) = event else { continue };
                if shard_of(guild, shard[1]) != shard[0] {
                    continue;
                }
                let mut frame: Value = serde_json::from_str(&event).unwrap();
                seq += 1;
                frame["op"] = json!(0);
                frame["s"] = json!(seq);
                sh.log(json!({"gateway": "to the bot", "frame": frame}));
                if socket.send(WsMessage::Text(frame.to_string().into())).await.is_err() { return; }
            }
        }
    }
}

/// The time a bot reads from a file (`FAKE_CLOCK_FILE`), moved by the test.
pub struct TestClock {
    pub path: std::path::PathBuf,
}

impl TestClock {
    pub fn new(dir: &std::path::Path, now: i64) -> TestClock {
        let clock = TestClock { path: dir.join("now") };
        clock.set(now);
        clock
    }

    /// Sets the time, whole (written aside, then renamed over the old one).
    pub fn set(&self, now: i64) {
        let aside = self.path.with_extension("new");
        std::fs::write(&aside, now.to_string()).unwrap();
        std::fs::rename(&aside, &self.path).unwrap();
    }
}
