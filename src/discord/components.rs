//! Answering clicks on buttons and menus: the lobby's Join / Leave / Start, an invitation's Join / Decline, a
//! seat's or undo's Accept / Decline, "My view", and the private play controls ([`super::controls`] builds them):
//! the game's menus one after another, then a preview to confirm or go back. A click whose choices another move
//! changed is told the game has moved on.
//!
//! Clicks are acknowledged first and the message edited after: serenity 0.12's "update message" answer always
//! clears a message's images. Everything about a player's own move is answered privately (ephemeral), whether the
//! controls came by DM or from the thread's "My view" button.

use super::context::{clicker, explain, remember, Data, Error, Refusal};
use super::controls::{
    confirm_id, lobby_buttons, lobby_text, menu_id, menu_rows, private, private_view, read_id, update_lobby_message,
    MOVE_MENU,
};
use super::text::{attachment, fit, pinging};
use crate::language::{capitalized, Lang, Text};
use crate::service::{Answer, Ask, Caller, Lobby, Picture, Service};
use crate::text;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse,
};

/// The language to answer a click in: the one its player chose, else their Discord's (remembered for their
/// private messages).
async fn clicked_language(click: &ComponentInteraction, data: &Data) -> Lang {
    let (user, locale) = (click.user.id.get() as i64, Lang::from_locale(&click.locale));
    remember(data.service.clone(), user, locale);
    data.service.speaks(user, locale).await.unwrap_or(locale)
}

/// Handles clicks and menu choices; everything else is poise's.
pub async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), Error> {
    // A server's name, as Discord tells it (at connection, and when renamed): private messages say it.
    let named = match event {
        serenity::FullEvent::GuildCreate { guild, .. } => Some((guild.id, &guild.name)),
        serenity::FullEvent::GuildUpdate { new_data, .. } => Some((new_data.id, &new_data.name)),
        _ => None,
    };
    if let Some((guild, name)) = named {
        data.service.server_named(guild.get() as i64, name).await?;
    }
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event {
        let (started, lang) = (std::time::Instant::now(), clicked_language(click, data).await);
        let clicked = on_click(ctx, click, data, lang).await;
        // Counted as commands are, by the kind of control (`button:seat`, `button:mv`…).
        let kind = match click.data.custom_id.split(':').next().unwrap_or_default() {
            known @ ("lobby" | "seat" | "undo" | "hand" | "mv" | "ok" | "tour" | "pz") => known,
            _ => "other",
        };
        let control = format!("button:{kind}");
        let outcome = clicked.as_ref().map_or_else(super::context::outcome, |()| "ok");
        metrics::counter!("meridian_interactions_total", "command" => control.clone(), "outcome" => outcome)
            .increment(1);
        metrics::histogram!("meridian_interaction_seconds", "command" => control)
            .record(started.elapsed().as_secs_f64());
        if let Err(error) = clicked {
            let answer = private(explain(&error, lang), lang);
            // The click was acknowledged already; the refusal goes as a follow-up.
            if let Err(e) = click.create_followup(&ctx.http, answer).await {
                tracing::warn!(error = %e, "could not answer a failed click");
            }
        }
    }
    Ok(())
}

/// A click's custom id is `kind:game:…`; each kind has its handler.
async fn on_click(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data, lang: Lang) -> Result<(), Error> {
    let id = click.data.custom_id.as_str();
    let mut parts = id.splitn(4, ':');
    let (kind, game) = (parts.next().unwrap_or(""), parts.next().and_then(|g| g.parse::<i64>().ok()).unwrap_or(0));
    match kind {
        "lobby" => lobby_click(ctx, click, data, game, parts.next(), lang).await,
        "seat" | "undo" => answer_click(ctx, click, data, (kind, game), parts.next().zip(parts.next()), lang).await,
        "hand" => hand_click(ctx, click, data, game, lang).await,
        "mv" => menu_click(ctx, click, data, lang).await,
        "ok" => confirm_click(ctx, click, data, lang).await,
        "tour" => super::tournament::click(ctx, click, data, game, parts.next(), lang).await,
        "pz" => super::puzzle::click(ctx, click, data, lang).await,
        _ => {
            let answer = CreateInteractionResponseMessage::new()
                .content(lang.word("discord-button-gone"))
                .ephemeral(true)
                .allowed_mentions(pinging(&[]));
            Ok(click.create_response(&ctx.http, CreateInteractionResponse::Message(answer)).await?)
        }
    }
}

/// Join, Leave, Start or Decline on a lobby or an invitation.
async fn lobby_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    game: i64,
    action: Option<&str>,
    lang: Lang,
) -> Result<(), Error> {
    let (http, service, user) = (&ctx.http, &data.service, clicker(click));
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let lobby = match action {
        Some("join" | "accept") => service.join(game, &user).await?,
        Some("leave") => service.leave(game, user.id).await?,
        Some("decline") => service.decline(game, &user).await?,
        Some("start") => service.start(game, user.id).await?,
        _ => return Ok(()),
    };
    data.wake.changed();
    if lobby.message_id.is_none_or(|m| m == click.message.id.get() as i64) {
        return show_latest_lobby(click, http, service, lobby).await;
    }
    // An answer to an invitation, in the thread: the lobby's message in the channel says it too.
    update_lobby_message(http, &lobby).await;
    let said = match action {
        Some("decline") => text!("discord-declined", game = game),
        _ if lobby.started => text!("discord-joined-started", game = game),
        _ => text!("discord-joined", game = game),
    };
    click.create_followup(http, private(lang.say(&said), lang)).await?;
    Ok(())
}

/// Accept or Decline on the offer of a seat (`seat:game:seat:accept`) or on an undo (`undo:game:version:accept`):
/// answered privately, the thread told.
async fn answer_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    (kind, game): (&str, i64),
    number_and_action: Option<(&str, &str)>,
    lang: Lang,
) -> Result<(), Error> {
    click.create_response(&ctx.http, CreateInteractionResponse::Acknowledge).await?;
    let (number, action) = number_and_action.unwrap_or_default();
    let Ok(number) = number.parse::<i64>() else { return Ok(()) };
    let (user, accept) = (clicker(click), action == "accept");
    let said = match (kind, u8::try_from(number)) {
        ("seat", Ok(seat)) => data.service.answer_seat(game, seat, &user, accept).await?,
        ("seat", Err(_)) => return Ok(()),
        _ => data.service.answer_undo(game, number, &user, accept).await?,
    };
    data.wake.changed();
    click.create_followup(&ctx.http, private(lang.say(&said), lang)).await?;
    Ok(())
}

/// Edits a clicked lobby's message to show `lobby`, then reads it again until what the message shows is the latest:
/// clicks on one lobby are answered side by side, and an edit carrying an older lobby (one Join) may land after the
/// newer one (both) unless the last to edit checks. Bounded: each round means another click changed it meanwhile.
async fn show_latest_lobby(
    click: &ComponentInteraction,
    http: &serenity::Http,
    service: &Service,
    mut lobby: Lobby,
) -> Result<(), Error> {
    for _ in 0..LOBBY_EDITS {
        let edit = quiet_edit().content(lobby_text(&lobby)).components(lobby_buttons(&lobby));
        click.edit_response(http, edit).await?;
        match service.show_lobby(lobby.game).await {
            Ok(latest) if latest != lobby => lobby = latest,
            _ => break, // Shown as it is (or gone: nothing more to show).
        }
    }
    Ok(())
}

/// Edits of a clicked lobby's message at most, one per change made meanwhile by other clicks.
const LOBBY_EDITS: usize = 4;

/// The thread's My view button: the player's private view, with the controls of their move.
async fn hand_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    game: i64,
    lang: Lang,
) -> Result<(), Error> {
    click.defer_ephemeral(&ctx.http).await?;
    let (said, picture, controls) = private_view(&data.service, game, click.user.id.get() as i64, lang, false).await?;
    let mut answer = private(said.concat(), lang).add_files(picture);
    if let Some(controls) = controls {
        answer = answer.components(controls);
    }
    click.create_followup(&ctx.http, answer).await?;
    Ok(())
}

/// Acknowledges a click on a move's controls and reads their id: the game, the version they were last checked at,
/// and the path chosen (`with_row`: the id ends with the menu's row, read as [`read_id`] does).
async fn acknowledged<'c>(
    http: &serenity::Http,
    click: &'c ComponentInteraction,
    with_row: bool,
) -> Result<(i64, i64, Vec<&'c str>), Error> {
    let id = click.data.custom_id.as_str();
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    read_id(id, with_row).ok_or_else(|| anyhow::anyhow!("bad id {id}"))
}

/// A menu's choice extends the path; Back (a button) shows the path's menu again. A whole move is previewed, to
/// confirm.
async fn menu_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> Result<(), Error> {
    let http = &ctx.http;
    let (game, version, mut path) = acknowledged(http, click, true).await?;
    let chosen = match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().map(String::as_str),
        _ => None,
    };
    path.extend(chosen);
    let caller = Caller { game, user: click.user.id.get() as i64, lang, interaction: Some(click.id.get() as i64) };
    match data.service.step(&caller, Ask::Menus { seen: Some(version), path: &path }).await? {
        Answer::Menu(menu) => {
            let mut edit = quiet_edit().components(menu_rows(MOVE_MENU, game, &path, &menu, lang));
            if chosen.is_none() {
                // In place of the preview: the choices again, from the first.
                edit = edit.content(lang.say(&text!("discord-choose-again", game = game))).clear_attachments();
            }
            click.edit_response(http, edit).await?;
        }
        Answer::Preview { version, picture, lines } => {
            click.edit_response(http, quiet_edit().components(Vec::new())).await?;
            click.create_followup(http, preview(game, version, &path, picture, lines, lang)).await?;
        }
        Answer::Nothing | Answer::Played(_) => Err(Refusal(text!("error-nothing-to-choose", game = game)))?,
    }
    Ok(())
}

/// A whole move to confirm: its picture and its lines, with Confirm and Back.
fn preview(
    game: i64,
    version: i64,
    path: &[&str],
    picture: Picture,
    lines: Vec<Text>,
    lang: Lang,
) -> CreateInteractionResponseFollowup {
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(confirm_id(game, version, path))
            .label(lang.word("button-confirm"))
            .style(ButtonStyle::Success),
        CreateButton::new(menu_id(MOVE_MENU, game, version, 0, &[]))
            .label(lang.word("button-back"))
            .style(ButtonStyle::Secondary),
    ])];
    let moves = lines.into_iter().reduce(|first, then| text!("discord-then", first = first, then = then));
    let asked = lang.say(&text!("discord-confirm", moves = moves.unwrap_or(Text::Said(String::new()))));
    private(capitalized(&asked), lang).add_file(attachment(picture, "preview.png")).components(buttons)
}

/// Confirm: plays the move the path leads to, once (a click Discord delivers twice plays once).
async fn confirm_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> Result<(), Error> {
    let http = &ctx.http;
    let (game, version, path) = acknowledged(http, click, false).await?;
    let caller = Caller { game, user: click.user.id.get() as i64, lang, interaction: Some(click.id.get() as i64) };
    let Answer::Played(acted) = data.service.step(&caller, Ask::Confirm { seen: version, path: &path }).await? else {
        return Err(Refusal(text!("error-nothing-to-choose", game = game)).into());
    };
    data.wake.changed();
    let text =
        if acted.duplicate { text!("discord-already-played") } else { text!("discord-played", moves = acted.text) };
    click.edit_response(http, quiet_edit().content(fit(&lang.say(&text), lang)).components(Vec::new())).await?;
    Ok(())
}

/// An edit of a click's message, pinging nobody.
fn quiet_edit() -> EditInteractionResponse {
    EditInteractionResponse::new().allowed_mentions(pinging(&[]))
}
