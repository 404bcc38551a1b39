//! `/settings`: a player's own settings across games (vacation, private messages, reminders, warnings, time zone,
//! quiet hours, digest, language, colours).

use super::context::{author, author_user, locale, say, Context, Error};
use super::start::{ColoursChoice, LanguageChoice};
use crate::language::{Lang, Text};
use crate::service::Palette;
use crate::service::{hour_words, warnings_words, zones_matching, MENU_OPTIONS};
use crate::text;

/// Your settings across games.
#[poise::command(
    slash_command,
    subcommands(
        "show",
        "vacation",
        "dms",
        "reminders",
        "warnings",
        "timezone",
        "quiet",
        "digest",
        "language",
        "colours"
    ),
    subcommand_required
)]
pub async fn settings(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Your settings, all of them.
#[poise::command(slash_command)]
async fn show(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    say(ctx, ctx.data().service.settings_shown(author(ctx), locale(ctx)).await?).await
}

/// Away for a while: your turn limits and reminders wait (at most 14 days a year).
#[poise::command(slash_command)]
async fn vacation(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 14]
    days: u32,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let until = ctx.data().service.vacation(&author_user(ctx).await, days).await?;
    ctx.data().wake.changed();
    say(ctx, text!("discord-vacation", until = format!("<t:{}:f>", until / 1000))).await
}

/// Private messages on or off (off: your turn is said in the thread, your hand shown privately).
#[poise::command(slash_command)]
async fn dms(ctx: Context<'_>, enabled: bool) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    ctx.data().service.settings(author(ctx), Some(enabled), None).await?;
    say(ctx, text!(if enabled { "discord-dms-on" } else { "discord-dms-off" })).await
}

/// How often you are reminded that it is your turn, in all your games.
#[poise::command(slash_command)]
async fn reminders(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 336]
    hours: u32,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    ctx.data().service.settings(author(ctx), None, Some(hours)).await?;
    say(ctx, text!("discord-reminders", hours = hours)).await
}

/// The language of your private messages and reminders (default: the one Discord says you use).
#[poise::command(slash_command)]
async fn language(ctx: Context<'_>, language: Option<LanguageChoice>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let chosen = language.map(Lang::from);
    ctx.data().service.choose_language(author(ctx), chosen).await?;
    let said = chosen.unwrap_or_else(|| locale(ctx));
    let text = Text::Said(said.say(&text!("discord-language", language = said.word("language-name"))));
    say(ctx, text).await
}

/// When you are warned before a turn runs out: hours before (default 12 and 1), or off.
#[poise::command(slash_command)]
async fn warnings(ctx: Context<'_>, hours: Option<String>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let hours = ctx.data().service.set_warnings(&author_user(ctx).await, hours.as_deref()).await?;
    say(ctx, warnings_words(&hours)).await
}

/// The time zone the times I write for you are in (default: UTC).
#[poise::command(slash_command)]
async fn timezone(ctx: Context<'_>, #[autocomplete = "complete_zone"] zone: Option<String>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let text = match ctx.data().service.set_time_zone(&author_user(ctx).await, zone.as_deref()).await? {
        Some(zone) => text!("settings-time-zone", zone = zone),
        None => text!("settings-time-zone-none"),
    };
    say(ctx, text).await
}

/// IANA time zones containing what is typed.
async fn complete_zone(_ctx: Context<'_>, partial: &str) -> Vec<String> {
    zones_matching(partial, MENU_OPTIONS)
}

/// Quiet hours: no private message from me between two hours of your day (left out: none).
#[poise::command(slash_command)]
async fn quiet(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 23]
    from: Option<u32>,
    #[min = 0]
    #[max = 23]
    to: Option<u32>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let text = match ctx.data().service.set_quiet(&author_user(ctx).await, from, to).await? {
        Some(q) => text!("settings-quiet", from = hour_words(q.from, 0), to = hour_words(q.to, 0)),
        None => text!("settings-quiet-off"),
    };
    say(ctx, text).await
}

/// One message a day listing the games waiting for you, instead of reminders (left out: off).
#[poise::command(slash_command)]
async fn digest(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 23]
    at: Option<u32>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let text = match ctx.data().service.set_digest(&author_user(ctx).await, at).await? {
        Some(hour) => text!("settings-digest", at = hour_words(hour, 0)),
        None => text!("settings-digest-off"),
    };
    say(ctx, text).await
}

/// The colours of the pictures sent to you: standard, or safe for colour-blind eyes.
#[poise::command(slash_command)]
async fn colours(ctx: Context<'_>, value: Option<ColoursChoice>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let chosen = value.map(Palette::from);
    ctx.data().service.choose_colours(author(ctx), chosen).await?;
    say(
        ctx,
        match chosen {
            Some(palette) => text!("settings-colours", colours = palette.name()),
            None => text!("settings-colours-game"),
        },
    )
    .await
}
