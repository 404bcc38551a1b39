//! The Discord front: `/meridian …` commands, lobby buttons, private hands with play controls, and delivery of the
//! service's effects. Thin on purpose: parse, call the [`Service`], send what it says.
//!
//! Every interaction is answered within Discord's 3 seconds: commands that touch the database or draw defer first.
//! Refusals are ephemeral and name the rule (a command that answers in public checks what can be refused before it
//! defers, since Discord shows the first answer after a public defer to everyone); internal errors are logged and
//! answered "nothing was changed".

mod commands;
mod components;
pub mod config;
mod deliver;

use crate::clock::{Clock, FileClock, SystemClock};
use crate::service::{Service, ServiceError};
use crate::store::Store;
use anyhow::Context as _;
use config::Config;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// What every command and event handler can reach.
pub struct Data {
    pub service: Arc<Service>,
    /// Wakes the delivery loop after a change wrote effects.
    pub wake: Arc<Notify>,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Runs the bot until Ctrl-C or SIGTERM.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let store = Store::open(&config.database_url).await?;
    let (clock, idle): (Arc<dyn Clock>, Duration) = match &config.clock_file {
        // A test moves time by writing the file: look for due work often, so that it never waits.
        Some(path) => {
            let clock = FileClock::open(path).with_context(|| format!("FAKE_CLOCK_FILE {}", path.display()))?;
            tracing::warn!(file = %path.display(), "time comes from a file (FAKE_CLOCK_FILE): for tests only");
            (Arc::new(clock), Duration::from_millis(50))
        }
        None => (Arc::new(SystemClock), Duration::from_secs(5)),
    };
    let service = Arc::new(Service::new(store, clock, Service::random_seeds()));
    let wake = Arc::new(Notify::new());
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // The rate limiter talks to Discord directly whatever the proxy says: off, for tests.
        http = http.proxy(base.as_str()).ratelimiter_disabled(true);
    }
    let guild = config.guild_id;
    let (setup_service, setup_wake) = (service.clone(), wake.clone());
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::meridian()],
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |ctx, event, _framework, data| Box::pin(components::on_event(ctx, event, data)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(id) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(user = %ready.user.name, "connected; commands registered");
                tokio::spawn(deliver::run(ctx.http.clone(), setup_service.clone(), setup_wake.clone(), idle));
                Ok(Data { service: setup_service, wake: setup_wake })
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    client.start().await?;
    Ok(())
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

/// What a player reads when a request fails: the refusal itself, or "nothing was changed" for our own failures.
pub fn explain(error: &Error) -> String {
    if let Some(refusal) = error.downcast_ref::<commands::Refusal>() {
        return refusal.to_string();
    }
    match error.downcast_ref::<ServiceError>() {
        Some(e) if !e.is_internal() => e.to_string(),
        _ => {
            tracing::error!(error = %format!("{error:#}"), "request failed");
            "Something went wrong on our side; nothing was changed.".to_string()
        }
    }
}

/// The one error handler: refusals answered ephemerally, the rest logged.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let reply = poise::CreateReply::default().content(explain(&error)).ephemeral(true);
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
