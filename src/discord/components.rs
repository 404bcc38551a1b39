//! Buttons and menus: the lobby's Join / Leave / Start, an invitation's Join / Decline, and the private play
//! controls, the same for every game: the game's menus one after another (Meridian: card → meridian → action →
//! height → city; Contrées: land or spot by label), then a preview to confirm or go back. Custom ids carry the game,
//! the version the player saw and the values chosen so far, so controls keep working after a restart, and a click
//! whose choices another move changed is told the game has moved on.
//!
//! Clicks are acknowledged first and the message edited after: serenity 0.12's "update message" answer always
//! clears a message's images. Everything about a player's own move is answered privately (ephemeral), whether the
//! controls came by DM or from the thread's "My view" button.

use super::deliver::pinging;
use super::text::fit;
use super::{explain, Data, Error};
use crate::service::adapter::{Choice, Opt, MENU_OPTIONS};
use crate::service::words::and_list;
use crate::service::{Lobby, Service};
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ButtonStyle, ChannelId, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateAttachment,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse, EditMessage, MessageId,
};

/// The lobby's text: who sits, who is invited, or that the game is on.
fn lobby_text(lobby: &Lobby) -> String {
    let game = lobby.game;
    if lobby.started {
        return format!("**{} #{game}**: {}. The game is on; see the thread.", lobby.title, and_list(&lobby.seated));
    }
    let (min, max) = (lobby.players.start(), lobby.players.end());
    let players = if min == max { format!("{min}") } else { format!("{min} to {max}") };
    let mut text =
        format!("**{} #{game}** is looking for players ({players}). Seated: {}.", lobby.title, and_list(&lobby.seated));
    if !lobby.invited.is_empty() {
        text.push_str(&format!(" Invited: {} (they answer in the thread).", and_list(&lobby.invited)));
    }
    fit(&text)
}

/// The lobby's buttons (none once the game has started).
fn lobby_buttons(lobby: &Lobby) -> Vec<CreateActionRow> {
    if lobby.started {
        return Vec::new();
    }
    let game = lobby.game;
    let button = |action: &str, label: &str, style| {
        CreateButton::new(format!("lobby:{game}:{action}")).label(label).style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        button("join", "Join", ButtonStyle::Primary),
        button("leave", "Leave", ButtonStyle::Secondary),
        button("start", "Start", ButtonStyle::Success),
    ])]
}

/// The lobby message: who is seated and invited, and the buttons. It pings nobody: invitations are said in the
/// thread.
pub fn lobby_message(lobby: &Lobby) -> CreateReply {
    CreateReply::default().content(lobby_text(lobby)).components(lobby_buttons(lobby)).allowed_mentions(pinging(&[]))
}

/// Brings a lobby's message in its channel up to date (its game has started elsewhere: an answer in the thread, a
/// lobby of computers).
pub async fn update_lobby_message(http: &serenity::Http, lobby: &Lobby) {
    let Some(message) = lobby.message_id else { return };
    let edit =
        EditMessage::new().content(lobby_text(lobby)).components(lobby_buttons(lobby)).allowed_mentions(pinging(&[]));
    let channel = ChannelId::new(lobby.channel_id as u64);
    if let Err(e) = channel.edit_message(http, MessageId::new(message as u64), edit).await {
        tracing::warn!(game = lobby.game, error = %e, "could not update a lobby's message");
    }
}

/// An invitation's buttons.
pub fn invitation_buttons(game: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("lobby:{game}:accept")).label("Join").style(ButtonStyle::Primary),
        CreateButton::new(format!("lobby:{game}:decline")).label("Decline").style(ButtonStyle::Secondary),
    ])]
}

/// A message holds 5 rows.
const MESSAGE_ROWS: usize = 5;

/// A menu's custom id: `mv:game:version:row:values chosen so far…` (the value chosen in it is appended).
fn menu_id(game: i64, version: i64, row: usize, path: &[&str]) -> String {
    path.iter().fold(format!("mv:{game}:{version}:{row}"), |id, value| format!("{id}:{value}"))
}

/// The Confirm button of a whole move: `ok:game:version:values…`.
fn confirm_id(game: i64, version: i64, path: &[&str]) -> String {
    path.iter().fold(format!("ok:{game}:{version}"), |id, value| format!("{id}:{value}"))
}

/// Reads `kind:game:version[:row]:values…`: the game, the version and the values.
fn read_id(id: &str, with_row: bool) -> Option<(i64, i64, Vec<&str>)> {
    let mut parts = id.split(':').skip(1);
    let game = parts.next()?.parse().ok()?;
    let version = parts.next()?.parse().ok()?;
    if with_row {
        parts.next()?;
    }
    Some((game, version, parts.filter(|p| !p.is_empty()).collect()))
}

/// The rows of one menu (more than 25 options take several rows), and after a first choice a Back button to the
/// menu before.
fn menu_rows(game: i64, version: i64, path: &[&str], prompt: &str, options: &[Opt]) -> Vec<CreateActionRow> {
    let back = path.split_last().map(|(_, before)| {
        let button = CreateButton::new(menu_id(game, version, 0, before)).label("Back").style(ButtonStyle::Secondary);
        CreateActionRow::Buttons(vec![button])
    });
    let rows = if back.is_some() { MESSAGE_ROWS - 1 } else { MESSAGE_ROWS };
    options
        .chunks(MENU_OPTIONS)
        .take(rows)
        .enumerate()
        .map(|(i, chunk)| {
            let menu = chunk.iter().map(|o| CreateSelectMenuOption::new(fit_label(&o.label), &o.value)).collect();
            let id = menu_id(game, version, i, path);
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id, CreateSelectMenuKind::String { options: menu })
                    .placeholder(fit_label(prompt)),
            )
        })
        .chain(back)
        .collect()
}

/// Discord's 100 characters for a label.
fn fit_label(text: &str) -> String {
    super::text::fit_in(text, 100)
}

/// What a player sees privately of a game (`hand` and the My view button): a note, their hand (or the board, in a
/// game without hands) and, when they are due, the first menu of their move.
pub async fn private_view(
    service: &Service,
    game: i64,
    user_id: i64,
) -> Result<(String, CreateAttachment, Option<Vec<CreateActionRow>>), Error> {
    let (png, hand) = service.hand_png(game, user_id).await?;
    let text = if hand { format!("Your cards in game #{game}.") } else { format!("The board of game #{game}.") };
    Ok((text, CreateAttachment::bytes(png, "hand.png"), hand_controls(service, game, user_id).await?))
}

/// The first menu of a player's turn, when they are due.
pub async fn hand_controls(service: &Service, game: i64, user_id: i64) -> Result<Option<Vec<CreateActionRow>>, Error> {
    Ok(match service.choices(game, user_id, None, &[]).await? {
        Some((version, Choice::Menu { prompt, options })) if !options.is_empty() => {
            Some(menu_rows(game, version, &[], &prompt, &options))
        }
        _ => None,
    })
}

/// Handles clicks and menu choices; everything else is poise's.
pub async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent, data: &Data) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } = event {
        if let Err(error) = on_click(ctx, click, data).await {
            let answer = private(explain(&error));
            // The click was acknowledged already; the refusal goes as a follow-up.
            if let Err(e) = click.create_followup(&ctx.http, answer).await {
                tracing::warn!(error = %e, "could not answer a failed click");
            }
        }
    }
    Ok(())
}

/// A click's custom id is `kind:game:…`; each kind has its handler.
async fn on_click(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) -> Result<(), Error> {
    let id = click.data.custom_id.as_str();
    let mut parts = id.splitn(4, ':');
    let (kind, game) = (parts.next().unwrap_or(""), parts.next().and_then(|g| g.parse::<i64>().ok()).unwrap_or(0));
    match kind {
        "lobby" => lobby_click(ctx, click, data, game, parts.next()).await,
        "hand" => hand_click(ctx, click, data, game).await,
        "mv" => menu_click(ctx, click, data).await,
        "ok" => confirm_click(ctx, click, data).await,
        _ => {
            let answer = CreateInteractionResponseMessage::new()
                .content("This button is no longer in use.")
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
) -> Result<(), Error> {
    let (http, service, user) = (&ctx.http, &data.service, super::shared::user(&click.user));
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let lobby = match action {
        Some("join" | "accept") => service.join(game, &user).await?,
        Some("leave") => service.leave(game, user.id).await?,
        Some("decline") => service.decline(game, &user).await?,
        Some("start") => service.start(game, user.id).await?,
        _ => return Ok(()),
    };
    data.wake.notify_one();
    if lobby.message_id.is_none_or(|m| m == click.message.id.get() as i64) {
        let edit = quiet_edit().content(lobby_text(&lobby)).components(lobby_buttons(&lobby));
        click.edit_response(http, edit).await?;
        return Ok(());
    }
    // An answer to an invitation, in the thread: the lobby's message in the channel says it too.
    update_lobby_message(http, &lobby).await;
    let said = match action {
        Some("decline") => format!("You declined game #{game}."),
        _ if lobby.started => format!("You joined game #{game}, and it has started."),
        _ => format!("You joined game #{game}; it starts when everyone invited has joined."),
    };
    click.create_followup(http, private(said)).await?;
    Ok(())
}

/// The thread's My view button: the player's private view, with the controls of their move.
async fn hand_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    game: i64,
) -> Result<(), Error> {
    click.defer_ephemeral(&ctx.http).await?;
    let (text, png, controls) = private_view(&data.service, game, click.user.id.get() as i64).await?;
    let mut answer = private(text).add_file(png);
    if let Some(controls) = controls {
        answer = answer.components(controls);
    }
    click.create_followup(&ctx.http, answer).await?;
    Ok(())
}

fn nothing_to_choose(game: i64) -> Error {
    super::shared::Refusal(format!("You have nothing to choose in game #{game} now.")).into()
}

/// A menu's choice extends the path; Back (a button) shows the path's menu again. A whole move is previewed, to
/// confirm.
async fn menu_click(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) -> Result<(), Error> {
    let (http, id, user) = (&ctx.http, click.data.custom_id.as_str(), click.user.id.get() as i64);
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let (game, version, mut path) = read_id(id, true).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
    let chosen = match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().map(String::as_str),
        _ => None,
    };
    path.extend(chosen);
    match data.service.choices(game, user, Some(version), &path).await? {
        None => Err(nothing_to_choose(game)),
        Some((_, Choice::Menu { prompt, options })) => {
            let mut edit = quiet_edit().components(menu_rows(game, version, &path, &prompt, &options));
            if chosen.is_none() {
                // In place of the preview: the choices again, from the first.
                edit = edit.content(format!("Your move in game #{game}: choose again.")).clear_attachments();
            }
            click.edit_response(http, edit).await?;
            Ok(())
        }
        Some((_, Choice::Done(actions))) => {
            let (png, lines) = data.service.preview_png(game, user, actions).await?;
            let buttons = vec![CreateActionRow::Buttons(vec![
                CreateButton::new(confirm_id(game, version, &path)).label("Confirm").style(ButtonStyle::Success),
                CreateButton::new(menu_id(game, version, 0, &[])).label("Back").style(ButtonStyle::Secondary),
            ])];
            click.edit_response(http, quiet_edit().components(Vec::new())).await?;
            let preview = private(format!("Your move: {}. Confirm?", lines.join(", then ")))
                .add_file(CreateAttachment::bytes(png, "preview.png"))
                .components(buttons);
            click.create_followup(http, preview).await?;
            Ok(())
        }
    }
}

/// Confirm: plays the move the path leads to, once (a click Discord delivers twice plays once).
async fn confirm_click(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) -> Result<(), Error> {
    let (http, id, user, service) =
        (&ctx.http, click.data.custom_id.as_str(), click.user.id.get() as i64, &data.service);
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let (game, version, path) = read_id(id, false).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
    let interaction = click.id.get() as i64;
    if service.already_played(interaction).await? {
        click.edit_response(http, quiet_edit().content("Already played.").components(Vec::new())).await?;
        return Ok(());
    }
    let Some((_, Choice::Done(actions))) = service.choices(game, user, Some(version), &path).await? else {
        return Err(nothing_to_choose(game));
    };
    let acted = service.act_all(game, user, version, &actions, Some(interaction)).await?;
    data.wake.notify_one();
    let text = if acted.duplicate { "Already played.".to_string() } else { format!("Played: {}", acted.text) };
    click.edit_response(http, quiet_edit().content(fit(&text)).components(Vec::new())).await?;
    Ok(())
}

/// An edit of a click's message, pinging nobody.
fn quiet_edit() -> EditInteractionResponse {
    EditInteractionResponse::new().allowed_mentions(pinging(&[]))
}

/// A private answer to a click, pinging nobody.
fn private(text: String) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new().ephemeral(true).allowed_mentions(pinging(&[])).content(fit(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_carry_the_game_the_version_and_the_values_chosen() {
        let id = menu_id(12, 7, 1, &["4-5-6-7", "6", "n"]);
        assert_eq!(id, "mv:12:7:1:4-5-6-7:6:n");
        assert_eq!(read_id(&id, true), Some((12, 7, vec!["4-5-6-7", "6", "n"])));
        assert_eq!(menu_id(12, 7, 0, &[]), "mv:12:7:0");
        assert_eq!(read_id("mv:12:7:0", true), Some((12, 7, vec![])));
        let ok = confirm_id(12, 7, &["B", "B3", "C2"]);
        assert_eq!(ok, "ok:12:7:B:B3:C2");
        assert_eq!(read_id(&ok, false), Some((12, 7, vec!["B", "B3", "C2"])));
        assert_eq!(read_id("mv:x", true), None);
    }
}
