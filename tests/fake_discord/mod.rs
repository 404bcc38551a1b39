//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST routes the bot uses and a gateway websocket (HELLO,
//! READY, heartbeats, INTERACTION_CREATE). It keeps every message, DM and interaction answer so tests can look.
//!
//! Serenity drops gateway events it cannot parse without a word, so every JSON shape sent here is checked against
//! serenity's own types in `fixtures_parse_as_serenity_types` (tests/discord_e2e.rs).
#![allow(dead_code)] // each test uses its own part

use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Path, Request, State as AxState};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Notify};

pub const APP_ID: u64 = 900;
pub const GUILD_ID: u64 = 7;
pub const TIMESTAMP: &str = "2026-11-25T12:00:00.000000+00:00";

/// A user of the fake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: &'static str,
}

pub const BOT: FakeUser = FakeUser { id: APP_ID, name: "meridian" };

pub fn user_json(u: FakeUser) -> Value {
    json!({"id": u.id.to_string(), "username": u.name, "discriminator": "0000", "global_name": u.name,
           "avatar": null, "bot": u == BOT})
}

/// A slash command as a user types it: `kind` 2 runs it, 4 asks for autocomplete.
pub struct Call<'a> {
    pub kind: u8,
    pub channel: u64,
    pub user: FakeUser,
    pub sub: &'a str,
    pub options: Value,
    pub resolved: Value,
}

/// A message as the fake keeps it.
#[derive(Debug, Clone)]
pub struct Msg {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    /// `(attachment id, file name, bytes)`.
    pub files: Vec<(u64, String, Vec<u8>)>,
    pub components: Value,
    pub ephemeral: bool,
    pub nonce: Option<String>,
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
    /// When the fake sent it, when the bot first answered, and when the answer had its content.
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
    /// Threads archived, by the bot or by [`Fake::archive`] (Discord archiving an idle thread).
    pub archived: HashSet<u64>,
    /// Channels whose next post fails once with a server error.
    pub fail_next: HashSet<u64>,
    pub commands: Vec<Value>,
    pub users: HashMap<u64, FakeUser>,
    pub identified: usize,
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

    /// Messages the bot sent to a user's DMs.
    pub fn dms(&self, user: u64) -> Vec<&Msg> {
        match self.dm_channels.get(&user) {
            Some(&channel) => self.messages.iter().filter(|m| m.channel_id == channel).collect(),
            None => Vec::new(),
        }
    }
}

#[derive(Clone)]
struct Shared {
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    events: broadcast::Sender<String>,
    base: String,
}

pub struct Fake {
    pub base: String,
    shared: Shared,
}

impl Fake {
    pub async fn start() -> Fake {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (events, _) = broadcast::channel(4096);
        let shared = Shared { state: Arc::default(), changed: Arc::default(), events, base: base.clone() };
        let api = Router::new()
            .route("/gateway", get(gateway_url))
            .route("/gateway/bot", get(gateway_url))
            .route("/users/@me", get(|| async { Json(user_json(BOT)) }))
            .route("/applications/{app}/guilds/{guild}/commands", put(register))
            .route("/applications/{app}/commands", put(register))
            .route("/interactions/{id}/{token}/callback", post(callback))
            .route("/webhooks/{app}/{token}/messages/@original", get(get_original).patch(edit_original))
            .route("/webhooks/{app}/{token}", post(followup))
            .route("/users/@me/channels", post(open_dm))
            .route("/channels/{channel}", patch(edit_thread))
            .route("/channels/{channel}/messages", post(create_message))
            .route("/channels/{channel}/messages/{message}", patch(edit_message))
            .route("/channels/{channel}/messages/{message}/threads", post(create_thread));
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
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("RUST_LOG", "info,serenity=warn")
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .kill_on_drop(true);
        command
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
                panic!("timed out waiting for {what}");
            }
        }
    }

    pub fn close_dms(&self, user: FakeUser) {
        self.state().closed_dms.insert(user.id);
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

    fn dispatch(&self, t: &str, d: Value) {
        let _ = self.shared.events.send(json!({"t": t, "d": d}).to_string());
    }

    fn new_interaction(&self, channel: u64, clicked: Option<u64>) -> (u64, String) {
        let mut s = self.state();
        let id = s.id();
        let sent = Some(Instant::now());
        let interaction = Interaction { channel_id: channel, clicked, sent, ..Default::default() };
        s.interactions.insert(id, interaction);
        (id, format!("tok{id}"))
    }

    fn where_json(&self, channel: u64, user: FakeUser) -> Value {
        let dm = self.state().dm_channels.values().any(|&c| c == channel);
        if dm {
            json!({"channel_id": channel.to_string(), "user": user_json(user), "context": 1,
                   "channel": {"id": channel.to_string(), "type": 1}})
        } else {
            let thread = self.state().threads.contains_key(&channel);
            json!({"channel_id": channel.to_string(), "guild_id": GUILD_ID.to_string(), "context": 0,
                   "channel": {"id": channel.to_string(), "type": if thread { 11 } else { 0 }},
                   "member": {"user": user_json(user), "roles": [], "joined_at": TIMESTAMP, "deaf": false,
                              "mute": false, "flags": 0, "permissions": "0"}})
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
        let mut d = json!({
            "id": id.to_string(), "application_id": APP_ID.to_string(), "type": call.kind, "token": token,
            "version": 1, "app_permissions": "2251799813685247", "locale": "en-US", "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {}, "attachment_size_limit": 26214400,
            "data": {"id": "5000", "name": "meridian", "type": 1, "guild_id": GUILD_ID.to_string(),
                     "options": [sub], "resolved": call.resolved},
        });
        merge(&mut d, self.where_json(call.channel, call.user));
        d
    }

    /// Runs `/meridian SUB` as `user` in `channel`; returns the interaction id.
    pub fn slash(&self, channel: u64, user: FakeUser, sub: &str, options: Value) -> u64 {
        self.register_user(user);
        let (id, token) = self.new_interaction(channel, None);
        // User options need their users resolved.
        let mut users = serde_json::Map::new();
        for o in options.as_array().into_iter().flatten().filter(|o| o["type"] == 6) {
            let uid: u64 = o["value"].as_str().unwrap().parse().unwrap();
            let u = self.state().users.get(&uid).copied().expect("register users before naming them");
            users.insert(uid.to_string(), user_json(u));
        }
        let resolved = if users.is_empty() { json!({}) } else { json!({"users": users}) };
        let call = Call { kind: 2, channel, user, sub, options, resolved };
        self.dispatch("INTERACTION_CREATE", self.command_json(id, &token, call));
        id
    }

    /// Asks for the autocomplete choices of the focused option; returns `(label, value)` pairs.
    pub async fn autocomplete(&self, channel: u64, user: FakeUser, sub: &str, options: Value) -> Vec<(String, Value)> {
        self.register_user(user);
        let (id, token) = self.new_interaction(channel, None);
        let call = Call { kind: 4, channel, user, sub, options, resolved: json!({}) };
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
            "app_permissions": "2251799813685247", "locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {}, "attachment_size_limit": 26214400,
            "data": data, "message": message_json(message),
        });
        merge(&mut d, self.where_json(message.channel_id, user));
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

    /// Waits for the message answering an interaction to be complete (not a "thinking…" placeholder).
    pub async fn answer(&self, interaction: u64) -> Msg {
        self.wait(15, "an interaction's answer", |s| {
            let i = &s.interactions[&interaction];
            let done = i.answers.iter().any(|&a| a == 4 || a == 7)
                || i.answers.contains(&5)
                    && i.original
                        .and_then(|o| s.message(o))
                        .is_some_and(|m| !m.content.is_empty() || !m.files.is_empty())
                || !i.followups.is_empty();
            if !done {
                return None;
            }
            let id = i.followups.last().copied().or(i.original)?;
            s.message(id).cloned()
        })
        .await
    }
}

fn merge(into: &mut Value, from: Value) {
    if let (Some(a), Value::Object(b)) = (into.as_object_mut(), from) {
        a.extend(b);
    }
}

pub fn message_json(m: &Msg) -> Value {
    let attachments: Vec<Value> = m
        .files
        .iter()
        .map(|(id, name, bytes)| {
            json!({"id": id.to_string(), "filename": name, "size": bytes.len(), "url": format!("https://cdn.invalid/{id}/{name}"),
                   "proxy_url": format!("https://cdn.invalid/{id}/{name}"), "content_type": "image/png"})
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
    json!({"id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "parent_id": parent.to_string(),
           "name": format!("thread {id}"), "owner_id": APP_ID.to_string(), "message_count": 0, "member_count": 1,
           "thread_metadata": {"archived": archived, "auto_archive_duration": 10080, "archive_timestamp": TIMESTAMP,
                               "locked": false}})
}

pub fn dm_json(channel: u64, u: FakeUser) -> Value {
    json!({"id": channel.to_string(), "type": 1, "last_message_id": null, "recipients": [user_json(u)]})
}

pub fn ready_json(base: &str) -> Value {
    json!({"v": 10, "user": user_json(BOT), "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
           "session_id": "fake-session", "resume_gateway_url": base.replace("http", "ws") + "/ws",
           "shard": [0, 1], "application": {"id": APP_ID.to_string(), "flags": 0}})
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
    fn with<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let out = f(&mut self.state.lock().unwrap());
        self.changed.notify_waiters();
        out
    }

    /// Stores a new message from a payload; returns its JSON.
    fn create(&self, s: &mut State, channel: u64, payload: &Value, files: Vec<(String, Vec<u8>)>) -> Msg {
        let id = s.id();
        let files = files.into_iter().map(|(name, bytes)| (s.id(), name, bytes)).collect();
        let msg = Msg {
            id,
            channel_id: channel,
            content: payload["content"].as_str().unwrap_or_default().to_string(),
            files,
            components: payload.get("components").cloned().unwrap_or(json!([])),
            ephemeral: payload["flags"].as_u64().unwrap_or(0) & 64 != 0,
            nonce: payload["nonce"].as_str().map(str::to_string),
        };
        s.messages.push(msg.clone());
        msg
    }
}

/// Applies an edit payload to a stored message: new content and components; attachments kept unless listed.
fn edit(s: &mut State, id: u64, payload: &Value, files: Vec<(String, Vec<u8>)>) -> Option<Msg> {
    let new_ids: Vec<u64> = files.iter().map(|_| s.id()).collect();
    let msg = s.messages.iter_mut().find(|m| m.id == id)?;
    if let Some(content) = payload.get("content").and_then(Value::as_str) {
        msg.content = content.to_string();
    }
    if let Some(components) = payload.get("components").filter(|c| !c.is_null()) {
        msg.components = components.clone();
    }
    if let Some(keep) = payload.get("attachments").and_then(Value::as_array) {
        let kept: Vec<String> = keep.iter().filter_map(|a| a["id"].as_str().map(str::to_string)).collect();
        msg.files.retain(|(fid, _, _)| kept.contains(&fid.to_string()));
    }
    msg.files.extend(new_ids.into_iter().zip(files).map(|(fid, (name, bytes))| (fid, name, bytes)));
    Some(msg.clone())
}

async fn gateway_url(AxState(sh): AxState<Shared>) -> Json<Value> {
    Json(json!({"url": sh.base.replace("http", "ws") + "/ws", "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}))
}

async fn register(AxState(sh): AxState<Shared>, req: Request) -> Json<Value> {
    let (payload, _) = body(req).await;
    sh.with(|s| s.commands = payload.as_array().cloned().unwrap_or_default());
    Json(json!([]))
}

async fn callback(AxState(sh): AxState<Shared>, Path((id, _token)): Path<(u64, String)>, req: Request) -> StatusCode {
    let (payload, files) = body(req).await;
    let kind = payload["type"].as_u64().unwrap_or(0);
    let data = payload.get("data").cloned().unwrap_or(json!({}));
    sh.with(|s| {
        let Some(i) = s.interactions.get(&id).cloned() else { return StatusCode::NOT_FOUND };
        if !i.answers.is_empty() && kind != 8 {
            // An interaction is answered once; Discord refuses a second answer.
            return StatusCode::BAD_REQUEST;
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
        StatusCode::NO_CONTENT
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
    sh.with(|s| {
        let Some(i) = interaction_of(s, &token) else { return StatusCode::NOT_FOUND.into_response() };
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
                edit(s, original, &payload, files).expect("the placeholder exists")
            }
            None => sh.create(s, channel, &payload, files),
        };
        let entry = s.interactions.get_mut(&i).unwrap();
        entry.followups.push(msg.id);
        entry.done = entry.done.or(Some(Instant::now()));
        Json(message_json(&msg)).into_response()
    })
}

async fn open_dm(AxState(sh): AxState<Shared>, Json(payload): Json<Value>) -> Json<Value> {
    let user: u64 = payload["recipient_id"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0);
    sh.with(|s| {
        let channel = 5_000_000 + user;
        s.dm_channels.insert(user, channel);
        let u = s.users.get(&user).copied().unwrap_or(FakeUser { id: user, name: "someone" });
        Json(dm_json(channel, u))
    })
}

async fn create_message(AxState(sh): AxState<Shared>, Path(channel): Path<u64>, req: Request) -> Response {
    let (payload, files) = body(req).await;
    sh.with(|s| {
        let closed = s.dm_channels.iter().any(|(u, &c)| c == channel && s.closed_dms.contains(u));
        if closed {
            let error = json!({"message": "Cannot send messages to this user", "code": 50007});
            return (StatusCode::FORBIDDEN, Json(error)).into_response();
        }
        if s.fail_next.remove(&channel) {
            let error = json!({"message": "500: Internal Server Error", "code": 0});
            return (StatusCode::INTERNAL_SERVER_ERROR, Json(error)).into_response();
        }
        if s.archived.contains(&channel) {
            // The strict reading: a post does not reopen an archived thread by itself.
            let error = json!({"message": "Thread is archived", "code": 50083});
            return (StatusCode::BAD_REQUEST, Json(error)).into_response();
        }
        let nonce = payload["nonce"].as_str();
        if payload["enforce_nonce"] == true {
            if let Some(same) = s.messages.iter().find(|m| m.channel_id == channel && m.nonce.as_deref() == nonce) {
                return Json(message_json(same)).into_response();
            }
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
    sh.with(|s| match edit(s, message, &payload, files) {
        Some(m) => Json(message_json(&m)).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    })
}

async fn create_thread(
    AxState(sh): AxState<Shared>,
    Path((channel, _message)): Path<(u64, u64)>,
    Json(payload): Json<Value>,
) -> Response {
    if payload["auto_archive_duration"] != 10080 {
        // Not Discord's rule, the test's: a game's thread should stay open as long as Discord allows.
        let error = json!({"message": "the fake wants auto_archive_duration 10080", "code": 50035});
        return (StatusCode::BAD_REQUEST, Json(error)).into_response();
    }
    sh.with(|s| {
        let id = s.id();
        s.threads.insert(id, channel);
        Json(thread_json(id, channel, false)).into_response()
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
        Json(thread_json(channel, parent, s.archived.contains(&channel))).into_response()
    })
}

async fn gateway(AxState(sh): AxState<Shared>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(sh, socket))
}

/// One gateway connection: HELLO, READY on IDENTIFY, heartbeat ACKs, and every dispatched event.
async fn session(sh: Shared, mut socket: WebSocket) {
    let mut events = sh.events.subscribe();
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string();
    if socket.send(WsMessage::Text(hello.into())).await.is_err() {
        return;
    }
    let mut seq = 0u64;
    let mut ready = false;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(message)) = incoming else { return };
                let WsMessage::Text(text) = message else { continue };
                let frame: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                match frame["op"].as_u64() {
                    Some(2) => {
                        seq += 1;
                        let d = ready_json(&sh.base);
                        let out = json!({"op": 0, "t": "READY", "s": seq, "d": d}).to_string();
                        if socket.send(WsMessage::Text(out.into())).await.is_err() { return; }
                        ready = true;
                        sh.with(|s| s.identified += 1);
                    }
                    Some(1) => {
                        let ack = json!({"op": 11}).to_string();
                        if socket.send(WsMessage::Text(ack.into())).await.is_err() { return; }
                    }
                    _ => {}
                }
            }
            event = events.recv(), if ready => {
                let Ok(event) = event else { continue };
                let mut frame: Value = serde_json::from_str(&event).unwrap();
                seq += 1;
                frame["op"] = json!(0);
                frame["s"] = json!(seq);
                if socket.send(WsMessage::Text(frame.to_string().into())).await.is_err() { return; }
            }
        }
    }
}
