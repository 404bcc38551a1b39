//! `/… tournament`: a server's tournaments of the game the command is typed under (create, join, withdraw, start,
//! standings), and the announcement's Join and Start buttons (`tour:tournament:action`). The announcement is the
//! message `create` answers with, in the channel; the tournament's thread is opened from it, and each round's games
//! open threads of their own in the same channel.

use super::context::{author, author_user, clicker, guild, lang, root_of, say, Context, Data, Error};
use super::shared::moderating;
use super::start::LevelChoice;
use super::text::{fit, pinging};
use crate::language::{Lang, List};
use crate::service::{standings_table, Organiser, Place, Service, Setup, TournamentView};
use crate::text;
use crate::tournament::{Format, Stage};
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ButtonStyle, ChannelId, ComponentInteraction, CreateActionRow, CreateButton, CreateInteractionResponse,
    EditMessage, MessageId,
};

/// Tournaments of this game on this server.
#[poise::command(
    slash_command,
    subcommands("create", "join", "withdraw", "start", "standings", "organisers"),
    subcommand_required
)]
pub async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A tournament's format, as `create` offers it.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    Swiss,
    RoundRobin,
}

/// Create a tournament here (for those who may manage threads here): players join until it starts.
#[poise::command(slash_command)]
// A slash command's options are its arguments.
#[allow(clippy::too_many_arguments)]
async fn create(
    ctx: Context<'_>,
    #[max_length = 60] name: String,
    format: FormatChoice,
    #[min = 1]
    #[max = 12]
    rounds: Option<u32>,
    #[min = 1]
    #[max = 14]
    turn_limit: Option<u32>,
    #[max_length = 16] starts: Option<String>,
    #[min = 1]
    #[max = 8]
    computers: Option<u32>,
    level: Option<LevelChoice>,
    #[min = 0]
    #[max = 100]
    min_reliability: Option<u32>,
) -> Result<(), Error> {
    // Its games open threads from messages in its channel: not in a thread.
    if super::start::in_thread(ctx) {
        return Err(super::context::Refusal(text!("tournament-not-in-a-thread")).into());
    }
    let service = &ctx.data().service;
    // Its thread and games speak the server's language, as a game's do (not its creator's own).
    let lang = super::start::server_lang(ctx).unwrap_or_default();
    let place = Place { guild_id: guild(ctx), channel_id: ctx.channel_id().get() as i64, lang };
    let starts_at = match starts {
        Some(typed) => Some(service.tournament_start(author(ctx), &typed).await?),
        None => None,
    };
    let format = match format {
        FormatChoice::Swiss => Format::Swiss,
        FormatChoice::RoundRobin => Format::RoundRobin,
    };
    let computers = super::start::computers(computers, level);
    let setup = Setup { name, format, rounds, starts_at, computers };
    let clock = super::start::clock(turn_limit, None, min_reliability);
    let kind = root_of(ctx).kind;
    // Refused before the public answer; written after it, within Discord's time.
    let who = organiser(ctx);
    service.may_create_tournament(place, &setup, (kind, &clock), &who).await?;
    ctx.defer().await?;
    let id = service.create_tournament(place, &author_user(ctx).await, &setup, (kind, clock), &who).await?;
    let view = service.tournament_view(id).await?;
    let reply =
        CreateReply::default().content(announcement(&view)).components(buttons(&view)).allowed_mentions(pinging(&[]));
    let message = ctx.send(reply).await?.into_message().await?;
    open_thread(ctx, id, &view, &message).await?;
    ctx.data().wake.changed();
    Ok(())
}

/// Opens the tournament's thread from its announcement; a tournament that cannot have one is forgotten, and its
/// announcement says so.
async fn open_thread(
    ctx: Context<'_>,
    id: i64,
    view: &TournamentView,
    message: &serenity::Message,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let thread =
        // A name (60 characters at most) fits a thread's 100.
        serenity::CreateThread::new(&view.name).auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match ctx.channel_id().create_thread_from_message(ctx.http(), message.id, thread).await {
        Ok(thread) => service.set_tournament_thread(id, thread.id.get() as i64, message.id.get() as i64).await?,
        Err(e) => {
            tracing::warn!(error = %e, "cannot open a tournament's thread");
            service.forget_tournament(id).await?;
            let gone = EditMessage::new().content(view.lang.say(&text!("tournament-no-thread"))).components(Vec::new());
            ChannelId::new(message.channel_id.get()).edit_message(ctx.http(), message.id, gone).await?;
        }
    }
    Ok(())
}

/// Who typed a command, as the service judges who may create tournaments: where they may manage threads, and
/// their roles.
fn organiser(ctx: Context<'_>) -> Organiser {
    let roles = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().map(|m| m.roles.clone()).unwrap_or_default()
        }
        poise::Context::Prefix(_) => Vec::new(),
    };
    Organiser { moderates: moderating(ctx), roles: roles.into_iter().map(|r| r.get() as i64).collect() }
}

/// Name the role whose members may create tournaments here too (for server managers).
#[poise::command(slash_command)]
async fn organisers(ctx: Context<'_>, role: Option<serenity::Role>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let manages = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
        }
        poise::Context::Prefix(_) => false,
    };
    let place = Place { guild_id: guild(ctx), channel_id: ctx.channel_id().get() as i64, lang: Lang::En };
    let id = role.as_ref().map(|r| r.id.get() as i64);
    ctx.data().service.set_organiser_role(place, id, manages).await?;
    match role {
        Some(role) => say(ctx, text!("tournament-organisers", role = format!("<@&{}>", role.id))).await,
        None => say(ctx, text!("tournament-organisers-none")).await,
    }
}

/// The tournament a command means (`tournament`: its number; else this thread's, else the newest here).
async fn which(ctx: Context<'_>, tournament: Option<i64>) -> Result<i64, Error> {
    let place = Place { guild_id: guild(ctx), channel_id: ctx.channel_id().get() as i64, lang: Lang::En };
    Ok(ctx.data().service.tournament_here(root_of(ctx).kind, place, tournament).await?)
}

/// Enter the tournament (its games start by themselves, each in its own thread).
#[poise::command(slash_command)]
async fn join(ctx: Context<'_>, tournament: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which(ctx, tournament).await?;
    ctx.data().service.enter_tournament(id, &author_user(ctx).await, guild(ctx)).await?;
    let view = refresh(ctx.http(), ctx.data(), id).await?;
    say(ctx, text!("tournament-entered", name = &view.name, tournament = id)).await
}

/// Leave the tournament: later rounds leave you out, and your seat in a game still running resigns.
#[poise::command(slash_command)]
async fn withdraw(ctx: Context<'_>, tournament: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which(ctx, tournament).await?;
    ctx.data().service.withdraw_from_tournament(id, author(ctx)).await?;
    ctx.data().wake.changed();
    let view = refresh(ctx.http(), ctx.data(), id).await?;
    say(ctx, text!("tournament-withdrew", name = &view.name)).await
}

/// Start the tournament now (its host, or someone who may manage threads in its channel).
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>, tournament: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which(ctx, tournament).await?;
    ctx.data().service.start_tournament(id, author(ctx), moderating(ctx)).await?;
    ctx.data().wake.changed();
    let view = refresh(ctx.http(), ctx.data(), id).await?;
    say(ctx, text!("tournament-started", name = &view.name)).await
}

/// The standings, with Buchholz and Sonneborn-Berger, and the tournament's page.
#[poise::command(slash_command)]
async fn standings(ctx: Context<'_>, tournament: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which(ctx, tournament).await?;
    let view = ctx.data().service.tournament_view(id).await?;
    let lang = lang(ctx).await;
    let mut lines = vec![view.state().into(), standings_table(&view.standings, lang).into()];
    lines.extend(view.url.as_deref().map(|url| crate::service::link_line(url).into()));
    let text = lang.say(&text!("play-lines", lines = List::Lines(lines)));
    ctx.send(CreateReply::default().content(fit(&text, lang)).ephemeral(true).allowed_mentions(pinging(&[]))).await?;
    Ok(())
}

/// The announcement, in the tournament's language, within a message's length.
fn announcement(view: &TournamentView) -> String {
    fit(&view.lang.say(&view.announcement()), view.lang)
}

/// Join and Start while it takes entries; none after.
fn buttons(view: &TournamentView) -> Vec<CreateActionRow> {
    if view.stage != Stage::Open {
        return Vec::new();
    }
    let button = |action: &str, label: &str, style| {
        CreateButton::new(format!("tour:{}:{action}", view.id)).label(view.lang.word(label)).style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        button("join", "button-join", ButtonStyle::Primary),
        button("start", "button-start", ButtonStyle::Success),
    ])]
}

/// Brings the announcement up to date after a command or a click; returns the tournament as it now stands (an
/// announcement that cannot be edited is logged: the answer goes on).
async fn refresh(http: &serenity::Http, data: &Data, id: i64) -> Result<TournamentView, Error> {
    let view = data.service.tournament_view(id).await?;
    if let Err(e) = edit_announcement(http, &view).await {
        tracing::warn!(tournament = id, error = %e, "could not update a tournament's announcement");
    }
    Ok(view)
}

/// Brings the announcement up to date for the courier (its stage changed without a click); a tournament that
/// cannot be read (the database is away) is an I/O error: tried again.
pub async fn bring_up_to_date(http: &serenity::Http, service: &Service, id: i64) -> Result<(), serenity::Error> {
    let view = service.tournament_view(id).await;
    edit_announcement(http, &view.map_err(|e| serenity::Error::Io(std::io::Error::other(e.detail())))?).await
}

/// Edits the announcement to show `view`.
async fn edit_announcement(http: &serenity::Http, view: &TournamentView) -> Result<(), serenity::Error> {
    let Some(message) = view.message_id else { return Ok(()) };
    let edit = EditMessage::new().content(announcement(view)).components(buttons(view)).allowed_mentions(pinging(&[]));
    ChannelId::new(view.channel_id as u64).edit_message(http, MessageId::new(message as u64), edit).await?;
    Ok(())
}

/// Join or Start on an announcement: answered privately, the announcement brought up to date.
pub async fn click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    id: i64,
    action: Option<&str>,
    lang: Lang,
) -> Result<(), Error> {
    click.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await?;
    let (user, guild_id) = (clicker(click), click.guild_id.map(|g| g.get() as i64));
    let said = match action {
        Some("join") => {
            data.service.enter_tournament(id, &user, guild_id).await?;
            "tournament-entered"
        }
        Some("start") => {
            let may = click.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_threads());
            let here = Place { guild_id, channel_id: click.channel_id.get() as i64, lang };
            data.service.start_tournament(id, user.id, may.then_some(here)).await?;
            data.wake.changed();
            "tournament-started"
        }
        _ => return Ok(()),
    };
    let view = refresh(&ctx.http, data, id).await?;
    let text = lang.say(&text!(said, name = &view.name, tournament = id));
    click.create_followup(&ctx.http, super::controls::private(text, lang)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::service::tournament::entry::{MAX_NAME_CHARS, MAX_SWISS_ROUNDS, MAX_TOURNAMENT_COMPUTERS};
    use crate::service::TURN_LIMIT_DAYS;
    use serde_json::{json, Value};

    /// poise takes an option's bounds as literals: they are the checks' own constants.
    #[test]
    fn the_create_commands_bounds_are_the_checks_own() {
        let group = serde_json::to_value(super::tournament().create_as_slash_command().unwrap()).unwrap();
        let subcommands = group["options"].as_array().unwrap();
        let create = subcommands.iter().find(|c| c["name"] == "create").unwrap();
        let bound = |name: &str, key: &str| -> Value {
            let options = create["options"].as_array().unwrap();
            options.iter().find(|o| o["name"] == name).unwrap()[key].clone()
        };
        // Discord's bounds are numbers (poise writes them as floats).
        let number = |v: Value| v.as_f64().unwrap();
        assert_eq!(number(bound("rounds", "max_value")), f64::from(MAX_SWISS_ROUNDS));
        assert_eq!(number(bound("computers", "max_value")), f64::from(MAX_TOURNAMENT_COMPUTERS));
        assert_eq!(bound("name", "max_length"), json!(MAX_NAME_CHARS));
        assert_eq!(number(bound("turn_limit", "max_value")), f64::from(*TURN_LIMIT_DAYS.end()));
        let most = crate::ratings::reliability::MAX_MIN_RELIABILITY;
        assert_eq!(number(bound("min_reliability", "max_value")), f64::from(most));
    }
}
