//! Buttons and menus: the lobby's Join / Leave / Start, an invitation's Join / Decline, and the private play
//! controls, the same for every game: the game's menus one after another (Meridian: card → meridian → action →
//! height → city; Contrées: land or spot by label), then a preview to confirm or go back. Custom ids carry the game,
//! the version the player saw and the values chosen so far, so controls keep working after a restart, and a click
//! whose choices another move changed is told the game has moved on.
//!
//! Clicks are acknowledged first and the message edited after: serenity 0.12's "update message" answer always
//! clears a message's images. Everything about a player's own move is answered privately (ephemeral), whether the
//! controls came by DM or from the thread's "My view" button.

use super::context::{clicker, explain, remember, Data, Error, Refusal};
use super::text::{fit, fit_label, pinging};
use crate::language::{capitalized, Lang, List, Text};
use crate::service::game::any::players;
use crate::service::{Answer, Ask, Caller, Invitation, Lobby, Menu, Service, MENU_OPTIONS};
use crate::text;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ButtonStyle, ChannelId, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateAttachment,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse, EditMessage, MessageId,
};

/// The lobby's text, in the game's language: who sits, who is invited, or that the game is on.
fn lobby_text(lobby: &Lobby) -> String {
    let (game, title, seated) = (lobby.game, lobby.title, List::and(&lobby.seated));
    let text = match lobby.started {
        true => text!("lobby-on", title = title, game = game, seated = seated),
        false => {
            let players = players(&lobby.players);
            let looking = text!("lobby-looking", title = title, game = game, players = players, seated = seated);
            match lobby.invited.is_empty() {
                true => looking,
                false => text!("lobby-looking-invited", looking = looking, invited = List::and(&lobby.invited)),
            }
        }
    };
    fit(&lobby.lang.say(&text), lobby.lang)
}

/// The lobby's buttons (none once the game has started).
fn lobby_buttons(lobby: &Lobby) -> Vec<CreateActionRow> {
    if lobby.started {
        return Vec::new();
    }
    let game = lobby.game;
    let button = |action: &str, label: &str, style| {
        CreateButton::new(format!("lobby:{game}:{action}")).label(lobby.lang.word(label)).style(style)
    };
    vec![CreateActionRow::Buttons(vec![
        button("join", "button-join", ButtonStyle::Primary),
        button("leave", "button-leave", ButtonStyle::Secondary),
        button("start", "button-start", ButtonStyle::Success),
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

/// An invitation's buttons, in the game's language: Join and Decline a game (`lobby:game:…`), Accept and Decline a
/// seat (`seat:game:seat:…`) or a take-back (`undo:game:version:…`).
pub fn invitation_buttons(game: i64, invitation: Invitation, lang: Lang) -> Vec<CreateActionRow> {
    let (prefix, yes) = match invitation {
        Invitation::Game => (format!("lobby:{game}"), "button-join"),
        Invitation::Seat(seat) => (format!("seat:{game}:{seat}"), "button-accept"),
        Invitation::TakeBack(version) => (format!("undo:{game}:{version}"), "button-accept"),
    };
    let button = |action: &str, label: &str| CreateButton::new(format!("{prefix}:{action}")).label(lang.word(label));
    vec![CreateActionRow::Buttons(vec![
        button("accept", yes).style(ButtonStyle::Primary),
        button("decline", "button-decline").style(ButtonStyle::Secondary),
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
/// menu before, in `lang`.
fn menu_rows(game: i64, path: &[&str], menu: &Menu, lang: Lang) -> Vec<CreateActionRow> {
    let (version, prompt, options) = (menu.version, &menu.prompt, &menu.options);
    let back = path.split_last().map(|(_, before)| {
        let button = CreateButton::new(menu_id(game, version, 0, before))
            .label(lang.word("button-back"))
            .style(ButtonStyle::Secondary);
        CreateActionRow::Buttons(vec![button])
    });
    let rows = if back.is_some() { MESSAGE_ROWS - 1 } else { MESSAGE_ROWS };
    options
        .chunks(MENU_OPTIONS)
        .take(rows)
        .enumerate()
        .map(|(i, chunk)| {
            let menu = chunk
                .iter()
                .map(|o| CreateSelectMenuOption::new(fit_label(&lang.say(&o.label), lang), &o.value))
                .collect();
            let id = menu_id(game, version, i, path);
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id, CreateSelectMenuKind::String { options: menu })
                    .placeholder(fit_label(&lang.say(prompt), lang)),
            )
        })
        .chain(back)
        .collect()
}

/// What a player sees privately of a game (`hand` and the My view button): a note, their hand (or the board, in a
/// game without hands) and, when they are due, the first menu of their move.
pub async fn private_view(
    service: &Service,
    game: i64,
    user: i64,
    lang: Lang,
) -> Result<(String, CreateAttachment, Option<Vec<CreateActionRow>>), Error> {
    let view = service.private_view(&Caller { game, user, lang, interaction: None }).await?;
    let controls = view.menu.map(|menu| menu_rows(game, &[], &menu, lang));
    let file = if view.hand { "hand.png" } else { "board.png" };
    Ok((lang.say(&view.note), CreateAttachment::bytes(view.png, file), controls))
}

/// The first menu of a player's turn, when they are due, in their language.
pub async fn hand_controls(
    service: &Service,
    game: i64,
    user: i64,
    lang: Lang,
) -> Result<Option<Vec<CreateActionRow>>, Error> {
    let caller = Caller { game, user, lang, interaction: None };
    Ok(match service.step(&caller, Ask::Menus { seen: None, path: &[] }).await? {
        Answer::Menu(menu) if !menu.options.is_empty() => Some(menu_rows(game, &[], &menu, lang)),
        _ => None,
    })
}

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
            known @ ("lobby" | "seat" | "undo" | "hand" | "mv" | "ok" | "tour") => known,
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

/// Accept or Decline on the offer of a seat (`seat:game:seat:accept`) or on a take-back (`undo:game:version:accept`):
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
        _ => data.service.answer_take_back(game, number, &user, accept).await?,
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
    let (text, png, controls) = private_view(&data.service, game, click.user.id.get() as i64, lang).await?;
    let mut answer = private(text, lang).add_file(png);
    if let Some(controls) = controls {
        answer = answer.components(controls);
    }
    click.create_followup(&ctx.http, answer).await?;
    Ok(())
}

/// A menu's choice extends the path; Back (a button) shows the path's menu again. A whole move is previewed, to
/// confirm.
async fn menu_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> Result<(), Error> {
    let (http, id) = (&ctx.http, click.data.custom_id.as_str());
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let (game, version, mut path) = read_id(id, true).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
    let chosen = match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().map(String::as_str),
        _ => None,
    };
    path.extend(chosen);
    let caller = Caller { game, user: click.user.id.get() as i64, lang, interaction: Some(click.id.get() as i64) };
    match data.service.step(&caller, Ask::Menus { seen: Some(version), path: &path }).await? {
        Answer::Menu(menu) => {
            let mut edit = quiet_edit().components(menu_rows(game, &path, &menu, lang));
            if chosen.is_none() {
                // In place of the preview: the choices again, from the first.
                edit = edit.content(lang.say(&text!("discord-choose-again", game = game))).clear_attachments();
            }
            click.edit_response(http, edit).await?;
        }
        Answer::Preview { version, png, lines } => {
            click.edit_response(http, quiet_edit().components(Vec::new())).await?;
            click.create_followup(http, preview(game, version, &path, png, lines, lang)).await?;
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
    png: Vec<u8>,
    lines: Vec<Text>,
    lang: Lang,
) -> CreateInteractionResponseFollowup {
    let buttons = vec![CreateActionRow::Buttons(vec![
        CreateButton::new(confirm_id(game, version, path))
            .label(lang.word("button-confirm"))
            .style(ButtonStyle::Success),
        CreateButton::new(menu_id(game, version, 0, &[])).label(lang.word("button-back")).style(ButtonStyle::Secondary),
    ])];
    let moves = lines.into_iter().reduce(|first, then| text!("discord-then", first = first, then = then));
    let asked = lang.say(&text!("discord-confirm", moves = moves.unwrap_or(Text::Said(String::new()))));
    private(capitalized(&asked), lang).add_file(CreateAttachment::bytes(png, "preview.png")).components(buttons)
}

/// Confirm: plays the move the path leads to, once (a click Discord delivers twice plays once).
async fn confirm_click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &Data,
    lang: Lang,
) -> Result<(), Error> {
    let (http, id) = (&ctx.http, click.data.custom_id.as_str());
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let (game, version, path) = read_id(id, false).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
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

/// A private answer to a click, pinging nobody.
pub(super) fn private(text: String, lang: Lang) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new().ephemeral(true).allowed_mentions(pinging(&[])).content(fit(&text, lang))
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
