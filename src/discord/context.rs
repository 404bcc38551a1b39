//! What every command and handler shares: the [`Data`] and [`Context`] types, and the helpers that read an
//! interaction (who typed it, in which language, about which game) and answer it. Everything else of the Discord
//! front builds on this file, which builds on nothing of it but its words ([`super::text`]).

use super::text::fit;
use crate::language::{Lang, List, Text};
use crate::service::{Caller, Service, ServiceError, User, Wake};
use crate::text;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use std::collections::HashMap;
use std::sync::Arc;

/// What every command and event handler can reach.
pub struct Data {
    pub service: Arc<Service>,
    /// Wakes the delivery of effects and the computers after a change.
    pub wake: Arc<Wake>,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What a game's root command carries (in poise's `custom_data`), so that a command typed under it knows its game.
pub struct RootData {
    pub kind: crate::service::game::Kind,
    /// Its rules in short, for `rules`: a message of the catalogues.
    pub rules: &'static str,
}

/// A refusal that comes from the Discord side (which game?), said to the player in their language.
#[derive(Debug)]
pub struct Refusal(pub Text);

crate::said_in_english!(Refusal, |refusal: &Refusal| refusal.0.clone());

/// The language Discord says the one who typed a command uses (its `locale`).
pub fn locale(ctx: Context<'_>) -> Lang {
    Lang::from_locale(ctx.locale().unwrap_or_default())
}

/// The language to answer the one who typed a command in: the one they chose (`settings language`), else their
/// Discord's. Asked once per command (or autocomplete) and kept with it.
pub async fn lang(ctx: Context<'_>) -> Lang {
    if let Some(lang) = ctx.invocation_data::<Lang>().await {
        return *lang;
    }
    let lang = ctx.data().service.speaks(author(ctx), locale(ctx)).await.unwrap_or_else(|_| locale(ctx));
    ctx.set_invocation_data(lang).await;
    lang
}

/// A person as the service knows them, named as the server shows them: their nickname there (`nick`), else their
/// global display name, else their user name.
pub fn named(u: &serenity::User, nick: Option<&str>) -> User {
    let name = nick.map(str::to_string).or_else(|| u.global_name.clone()).unwrap_or_else(|| u.name.clone());
    User { id: u.id.get() as i64, name }
}

/// The one who typed a command, named as the server shows them (the interaction carries their member data).
pub async fn author_user(ctx: Context<'_>) -> User {
    let member = ctx.author_member().await;
    named(ctx.author(), member.as_ref().and_then(|m| m.nick.as_deref()))
}

/// A user given as a command's option, named as the server shows them (the interaction's resolved member data).
pub fn option_user(ctx: Context<'_>, u: &serenity::User) -> User {
    let nick = match ctx {
        poise::Context::Application(app) => {
            app.interaction.data.resolved.members.get(&u.id).and_then(|m| m.nick.clone())
        }
        poise::Context::Prefix(_) => None,
    };
    named(u, nick.as_deref())
}

/// The one who clicked, named as the server shows them.
pub fn clicker(click: &serenity::ComponentInteraction) -> User {
    named(&click.user, click.member.as_ref().and_then(|m| m.nick.as_deref()))
}

/// The author's id as the service knows it.
pub fn author(ctx: Context<'_>) -> i64 {
    ctx.author().id.get() as i64
}

/// The game whose root a command was typed under (`/contrees rules`: Contrées).
pub fn root_of<'a>(ctx: Context<'a>) -> &'a RootData {
    let root = ctx.parent_commands().first().copied().unwrap_or(ctx.command());
    root.custom_data.downcast_ref::<RootData>().expect("every root command carries its game")
}

/// The server a command was typed in; `None` in a private conversation.
pub fn guild(ctx: Context<'_>) -> Option<i64> {
    ctx.guild_id().map(|g| g.get() as i64)
}

/// The interaction a command came in, if it came in one.
pub fn interaction(ctx: Context<'_>) -> Option<i64> {
    match ctx {
        poise::Context::Application(app) => Some(app.interaction.id.get() as i64),
        poise::Context::Prefix(_) => None,
    }
}

/// The author asking about their seat in `game`, in their language.
pub async fn caller(ctx: Context<'_>, game: i64) -> Caller {
    Caller { game, user: author(ctx), lang: lang(ctx).await, interaction: interaction(ctx) }
}

/// Answers the author privately, in their language.
pub async fn say(ctx: Context<'_>, text: Text) -> Result<(), Error> {
    let lang = lang(ctx).await;
    ctx.send(CreateReply::default().content(fit(&lang.say(&text), lang)).ephemeral(true)).await?;
    Ok(())
}

/// The game a command is about: the one named (if it may be seen from here: a game of this server, or in DMs one
/// the author sits in), the one whose thread this is, or the author's only game here.
pub async fn which_game(ctx: Context<'_>, game: Option<i64>) -> Result<i64, Error> {
    let service = &ctx.data().service;
    if let Some(id) = game {
        return Ok(service.find(id, guild(ctx), author(ctx)).await?);
    }
    if let Some(id) = service.game_in_thread(ctx.channel_id().get() as i64).await? {
        return Ok(id);
    }
    let mine = service.game_ids_of(author(ctx), guild(ctx)).await?;
    match mine.as_slice() {
        [only] => Ok(*only),
        [] => {
            // Each game's start command, by its name in the reader's language.
            let starts = ctx.framework().options().commands.iter().map(|root| {
                let (root, start) = (format!("cmd-{}", root.name), format!("cmd-{}-start", root.name));
                text!("discord-command", root = Text::new(&root), command = Text::new(&start))
            });
            Err(Refusal(text!("discord-no-game", starts = List::or(starts))).into())
        }
        _ => Err(Refusal(text!("discord-several-games")).into()),
    }
}

/// The options of the command being typed, by name (for autocomplete, which sees them all).
pub fn typed_options(ctx: Context<'_>) -> HashMap<String, String> {
    let poise::Context::Application(app) = ctx else { return HashMap::new() };
    let mut out = HashMap::new();
    let mut stack: Vec<&serenity::CommandDataOption> = app.interaction.data.options.iter().collect();
    while let Some(option) = stack.pop() {
        use serenity::CommandDataOptionValue as V;
        match &option.value {
            V::SubCommand(inner) | V::SubCommandGroup(inner) => stack.extend(inner.iter()),
            V::String(s) => drop(out.insert(option.name.clone(), s.clone())),
            V::Integer(i) => drop(out.insert(option.name.clone(), i.to_string())),
            V::Autocomplete { value, .. } => drop(out.insert(option.name.clone(), value.clone())),
            _ => {}
        }
    }
    out
}

/// Remembers the language Discord says a player uses ([`Service::seen_locale`]), in the background: it may wait for
/// the database's writer, and the answer must not.
pub fn remember(service: Arc<Service>, user: i64, locale: Lang) {
    tokio::spawn(async move {
        if let Err(e) = service.seen_locale(user, locale).await {
            tracing::warn!(error = %e.detail(), "could not remember a player's language");
        }
    });
}

/// What a player reads when a request fails, in their language: the refusal itself, or "nothing was changed" for
/// our own failures.
/// What became of a request that failed, for the metrics: `refused` (the player is told why) or `failed` (a fault).
pub fn outcome(error: &Error) -> &'static str {
    let refused = error.downcast_ref::<Refusal>().is_some()
        || error.downcast_ref::<ServiceError>().is_some_and(|e| !e.is_internal());
    if refused {
        "refused"
    } else {
        "failed"
    }
}

pub fn explain(error: &Error, lang: Lang) -> String {
    if let Some(refusal) = error.downcast_ref::<Refusal>() {
        return lang.say(&refusal.0);
    }
    match error.downcast_ref::<ServiceError>() {
        Some(e) if !e.is_internal() => lang.say(&e.text()),
        _ => {
            tracing::error!(error = %format!("{error:#}"), "request failed");
            lang.word("error-internal")
        }
    }
}
