//! The Discord front: a root command per game (`/meridian …`, `/contrees …`), each with its own commands and the
//! shared ones, lobby buttons, private play controls, and delivery of the service's effects. Thin on purpose: parse,
//! ask the [`Service`] what the player's seat may see and do, send what it says. It holds no game, no store type
//! and no rules type: a move typed or clicked goes to the service as typed ([`crate::service::Typed`], the menus'
//! values), and comes back as a menu, a preview, the move played or a refusal.
//!
//! A game's command module (its root, start and move commands, its rules text) implements [`Front`] for its
//! adapter; `GAMES` lists them from the registry ([`crate::games!`]).
//!
//! Every interaction is answered within Discord's 3 seconds: commands that touch the database or draw defer first.
//! Refusals are ephemeral and name the rule and what may be done now (a command that answers in public checks what can
//! be refused before it defers, since Discord shows the first answer after a public defer to everyone); internal
//! errors are logged and answered "nothing was changed".
//!
//! Its files build on one another one way, each on those before it: [`text`] (fitting words to Discord's limits)
//! and `context` (the [`Data`] and [`Context`] types, reading an interaction, answering it); `components` (buttons,
//! menus, lobby messages); `start` (lobbies), `moves` (typed moves, autocomplete), `deliver`, `ratings` and
//! `analysis`; `shared` (the commands every game has) and `settings` (a player's own, a root of its own); `commands` (a game's root with them) and
//! `localize` (their words); each game's command module; this file (the games' list, [`run`]).

mod analysis;
mod commands;
mod components;
mod context;
mod contrees;
mod controls;
mod deliver;
mod dragon_delta;
mod localize;
mod meridian;
mod moves;
mod puzzle;
mod ratings;
mod settings;
mod shared;
mod start;
pub mod text;
mod tournament;

pub use context::{Context, Data, Error};
pub use localize::discord_name;

use crate::config::Config;
use crate::service::game::any::Listed;
use crate::service::{Service, Wake};
use poise::serenity_prelude as serenity;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// Tries at registering the commands at start-up after the first: waiting [`Config::register_wait`] (one second by
/// default), doubling each time, Discord failing for half a minute is waited out; after that the bot stops (non-zero)
/// rather than sit connected with no commands.
const REGISTER_RETRIES: u32 = 5;

/// A game on Discord, implemented by its command module for its adapter.
pub trait Front: Listed {
    /// Its rules in short, for `rules`.
    const RULES: &'static str;
    /// Its root command, with its own commands and the shared ones.
    fn root() -> poise::Command<Data, Error>;
}

macro_rules! roots {
    ($($V:ident: $A:ty => ($G:ty, $Action:ty, $O:ty)),* $(,)?) => {
        /// Every game's root command, in the registry's order.
        const GAMES: &[fn() -> poise::Command<Data, Error>] = &[$(<$A as Front>::root),*];
    };
}
crate::games!(roots);

/// Runs the Discord front on `service` until Ctrl-C or SIGTERM: registers the commands, answers interactions and
/// delivers the service's effects (woken by `wake`, looking for work every `idle` besides).
pub async fn run(config: &Config, service: Arc<Service>, wake: Arc<Wake>, idle: Duration) -> anyhow::Result<()> {
    let guild = config.guild_id;
    let register_wait = config.register_wait;
    // Set when start-up cannot go on: the bot stops and says why.
    let fatal: Arc<Mutex<Option<String>>> = Arc::default();
    let own = service.clone();
    let stop = Arc::new(Notify::new());
    let (setup_fatal, setup_stop) = (fatal.clone(), stop.clone());
    let framework = poise::Framework::builder()
        .options(options())
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                if let Err(e) = register(ctx, &framework.options().commands, guild, register_wait).await {
                    let why =
                        format!("cannot register the slash commands with Discord: {}", text::redact(&e.to_string()));
                    *setup_fatal.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(why.clone());
                    setup_stop.notify_one();
                    return Err(anyhow::anyhow!(why));
                }
                tracing::info!(user = %ready.user.name, "connected; commands registered");
                let courier = Arc::new(deliver::Discord { http: ctx.http.clone(), service: service.clone() });
                let pace = crate::service::Pace::discord(idle);
                tokio::spawn(crate::service::deliver_forever(service.clone(), courier, wake.clone(), pace));
                Ok(Data { service, wake })
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http(config), serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shards = client.shard_manager.clone();
    let expected = config.shards.map_or(0, |s| (s.last - s.first + 1) as usize);
    tokio::spawn(report_gateway(shards.clone(), own.clone(), expected));
    let (stopping, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        tokio::select! {
            _ = shutdown_signal() => tracing::info!("shutting down"),
            _ = stop.notified() => {}
        }
        let _ = stopping.send(true);
        close_shards(&shards).await;
    });
    start_shards(&mut client, config, &own, stopped).await?;
    let why = fatal.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    match why {
        Some(why) => Err(anyhow::anyhow!(why)),
        None => Ok(()),
    }
}

/// Discord's HTTP API, or the address `API_BASE` names (the tests' fake Discord).
fn http(config: &Config) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // The rate limiter talks to Discord directly whatever the proxy says: off, for tests.
        http = http.proxy(base.as_str()).ratelimiter_disabled(true);
    }
    http.build()
}

/// The commands, the one error handler, what runs before each command, and the clicks' handler.
fn options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands(),
        on_error: |error| Box::pin(on_error(error)),
        // Every command says the language of the one who typed it: remembered for their private messages.
        pre_command: |ctx| Box::pin(remember_language(ctx)),
        post_command: |ctx| Box::pin(answered(ctx, "ok")),
        event_handler: |ctx, event, _framework, data| Box::pin(components::on_event(ctx, event, data)),
        // Answers ping nobody unless they say so.
        allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
        ..Default::default()
    }
}

/// Every game's root, then `/settings` (a player's own, across games: under a root of its own, it leaves each game's
/// room under Discord's words per command), with their words in the three languages.
fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands: Vec<_> = GAMES.iter().map(|root| root()).chain([settings::settings()]).collect();
    for id in localize::localize(&mut commands) {
        tracing::error!(id, "a command's words are missing from the catalogue, or are no name Discord takes");
    }
    commands
}

/// Registers the commands, trying again [`REGISTER_RETRIES`] times, after `first_wait` then twice as long each
/// time, while Discord fails to answer (5xx, network); a refusal (4xx) is final at once.
async fn register(
    ctx: &serenity::Context,
    commands: &[poise::Command<Data, Error>],
    guild: Option<u64>,
    first_wait: Duration,
) -> Result<(), serenity::Error> {
    let mut waits = (0..REGISTER_RETRIES).map(|i| first_wait * 2u32.pow(i));
    loop {
        let registered = match guild {
            Some(id) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await,
            None => poise::builtins::register_globally(ctx, commands).await,
        };
        let error = match registered {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        match waits.next() {
            Some(wait) if !deliver::refused(&error) => {
                tracing::warn!(error = %error, "cannot register the slash commands; trying \
                               again in {} s", wait.as_secs_f32());
                tokio::time::sleep(wait).await;
            }
            _ => return Err(error),
        }
    }
}

/// Remembers the language Discord says a player uses, off the interaction's way; starts the command's clock.
async fn remember_language(ctx: Context<'_>) {
    ctx.set_invocation_data(std::time::Instant::now()).await;
    context::remember(ctx.data().service.clone(), context::author(ctx), context::locale(ctx));
}

/// Counts an answered command by its name and outcome, with how long it took.
async fn answered(ctx: Context<'_>, outcome: &'static str) {
    let command = ctx.command().qualified_name.clone();
    let took = ctx.invocation_data::<std::time::Instant>().await.map(|started| started.elapsed().as_secs_f64());
    metrics::counter!("meridian_interactions_total", "command" => command.clone(), "outcome" => outcome).increment(1);
    if let Some(seconds) = took {
        metrics::histogram!("meridian_interaction_seconds", "command" => command).record(seconds);
    }
}

/// Runs this process's shards once the identify slots it takes come (processes started at once take them in turn,
/// through the database), until they end. Told to stop before its shards run, the process stops; once they run,
/// they are closed ([`close_shards`]).
async fn start_shards(
    client: &mut serenity::Client,
    config: &Config,
    service: &Service,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let (first, count, total) = match config.shards {
        Some(shards) => (shards.first, shards.last - shards.first + 1, shards.total),
        None => {
            let recommended = client.http.get_bot_gateway().await?.shards;
            (0, recommended, recommended)
        }
    };
    let wait = service.identify_slots(count).await?;
    if !wait.is_zero() {
        tracing::info!(wait_ms = wait.as_millis() as u64, "waiting for the identify slots other processes took");
    }
    tokio::select! {
        _ = tokio::time::sleep(wait) => {}
        _ = stopped.wait_for(|&stopping| stopping) => return Ok(()),
    }
    let started = client.start_shard_range(first..first + count - 1, total); // the range's end included
    tokio::select! {
        ran = started => ran?,
        // A shard that never came up to be closed: the process goes all the same.
        _ = async { let _ = stopped.wait_for(|&stopping| stopping).await; tokio::time::sleep(CLOSE_WAIT).await } => {}
    }
    Ok(())
}

/// How long a stopping process waits for its shards to close.
const CLOSE_WAIT: Duration = Duration::from_secs(6);

/// Closes the gateway's shards: once one runs, for a shard still connecting has no runner yet and shutting down none
/// does nothing (within [`CLOSE_WAIT`]).
async fn close_shards(shards: &serenity::ShardManager) {
    let until = tokio::time::Instant::now() + CLOSE_WAIT;
    while shards.runners.lock().await.is_empty() && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    shards.shutdown_all().await;
}

/// Reports every second how many of this process's gateway shards are connected, for its readiness probe.
async fn report_gateway(shards: Arc<serenity::ShardManager>, service: Arc<Service>, expected: usize) {
    let mut expected = expected;
    loop {
        let (connected, running) = {
            let runners = shards.runners.lock().await;
            let connected = runners.values().filter(|r| r.stage == serenity::ConnectionStage::Connected).count();
            (connected, runners.len())
        };
        // Started without a range, the process learns its shards from Discord: as many as it ever ran.
        expected = expected.max(running);
        service.report_gateway(connected, expected);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("signal handler");
        tokio::select! {
            _ = ctrl_c => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}

/// The one error handler: refusals answered ephemerally, the rest logged.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            answered(ctx, context::outcome(&error)).await;
            let lang = context::lang(ctx).await;
            let explained = text::fit(&context::explain(&error, lang), lang);
            let reply = poise::CreateReply::default().content(explained).ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                tracing::warn!(error = %e, "could not answer a failed command");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}
