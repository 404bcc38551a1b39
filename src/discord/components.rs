//! Buttons and menus: the lobby's Join / Leave / Start, an invitation's Join / Decline, and the private play
//! controls (card → meridian → action → height → city, then a preview to confirm or go back). Custom ids carry the
//! game and the version the player saw, so controls keep working after a restart and a stale click is told the game
//! has moved on.
//!
//! Clicks are acknowledged first and the message edited after: serenity 0.12's "update message" answer always
//! clears a message's images. Everything about a player's own move is answered privately (ephemeral), whether the
//! controls came by DM or from the thread's "My hand" button.

use super::deliver::pinging;
use super::text::fit;
use super::{explain, Data, Error};
use crate::rules::meridian::{Card, Move, Placement};
use crate::service::meridian::{MAX_PLAYERS, MIN_PLAYERS};
use crate::service::{Lobby, ServiceError};
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
        return format!("**Meridian #{game}**: {}. The game is on; see the thread.", lobby.seated.join(", "));
    }
    let mut text = format!(
        "**Meridian #{game}** is looking for players ({MIN_PLAYERS} to {MAX_PLAYERS}). Seated: {}.",
        lobby.seated.join(", ")
    );
    if !lobby.invited.is_empty() {
        text.push_str(&format!(" Invited: {} (they answer in the thread).", lobby.invited.join(", ")));
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

/// An invitation's buttons.
pub fn invitation_buttons(game: i64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(format!("lobby:{game}:accept")).label("Join").style(ButtonStyle::Primary),
        CreateButton::new(format!("lobby:{game}:decline")).label("Decline").style(ButtonStyle::Secondary),
    ])]
}

/// A move being chosen step by step: `mv:game:version:card:meridian:take-back:height`, `_` for not chosen yet and
/// `n` for "no take-back".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Draft {
    game: i64,
    version: i64,
    card: Option<Card>,
    meridian: Option<u8>,
    take_back: Option<Option<u8>>,
    height: Option<u8>,
}

fn slot<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "_".to_string(), |v| v.to_string())
}

impl Draft {
    fn id(&self) -> String {
        let tb = self.take_back.map(|t| t.map_or_else(|| "n".to_string(), |r| r.to_string()));
        format!(
            "mv:{}:{}:{}:{}:{}:{}",
            self.game,
            self.version,
            slot(self.card),
            slot(self.meridian),
            slot(tb),
            slot(self.height)
        )
    }

    fn parse(id: &str) -> Option<Draft> {
        let parts: Vec<&str> = id.split(':').collect();
        let [_, game, version, card, meridian, tb, height] = parts.as_slice() else { return None };
        let opt = |s: &str| (s != "_").then(|| s.to_string());
        Some(Draft {
            game: game.parse().ok()?,
            version: version.parse().ok()?,
            card: opt(card).map(|c| c.parse()).transpose().ok()?,
            meridian: opt(meridian).map(|m| m.parse()).transpose().ok()?,
            take_back: opt(tb).map(|t| if t == "n" { Ok(None) } else { t.parse().map(Some) }).transpose().ok()?,
            height: opt(height).map(|h| h.parse()).transpose().ok()?,
        })
    }

    fn agrees(&self, m: &Move) -> bool {
        self.card.is_none_or(|c| c == m.card)
            && self.meridian.is_none_or(|x| m.meridian == Some(x) && !m.is_pass())
            && self.take_back.is_none_or(|t| m.take_back == t)
            && self.height.is_none_or(|h| m.place.map(|p| p.height) == Some(h))
    }
}

/// What a choice leads to: the draft with one more part chosen, or a whole move.
enum Chosen {
    Draft(Draft),
    Move(Move),
}

/// The menu for the first unchosen part of `draft`.
fn step(draft: &Draft, legal: &[Move]) -> Vec<CreateActionRow> {
    let fits: Vec<&Move> = legal.iter().filter(|m| draft.agrees(m)).collect();
    let mut options: Vec<(String, String)> = Vec::new();
    let mut add = |label: String, value: String| {
        if !options.iter().any(|(_, v)| *v == value) {
            options.push((label, value));
        }
    };
    let placeholder = if draft.card.is_none() {
        for m in &fits {
            add(format!("Card {}", m.card), m.card.to_string());
        }
        "Choose a card"
    } else if draft.meridian.is_none() {
        for m in fits.iter().filter(|m| !m.is_pass()) {
            let meridian = m.meridian.unwrap_or_default();
            add(format!("Meridian {meridian}"), meridian.to_string());
        }
        add("Pass (place nothing)".into(), "pass".into());
        "Choose a meridian, or pass"
    } else if draft.take_back.is_none() {
        let m = draft.meridian.unwrap_or_default();
        for mv in &fits {
            match (mv.take_back, mv.place) {
                (None, Some(_)) => add("Place a new tower".into(), "n".into()),
                (Some(r), None) => add(format!("Take back your tower at {m}.{r}"), format!("t{r}")),
                (Some(r), Some(_)) => add(format!("Take back {m}.{r}, then place a new tower"), format!("p{r}")),
                (None, None) => {}
            }
        }
        "Choose what to do"
    } else if draft.height.is_none() {
        let mut heights: Vec<u8> = fits.iter().filter_map(|m| m.place.map(|p| p.height)).collect();
        heights.sort_unstable();
        heights.dedup();
        for h in heights {
            add(format!("{h} floors"), h.to_string());
        }
        "Choose the height"
    } else {
        let m = draft.meridian.unwrap_or_default();
        for mv in &fits {
            if let Some(p) = mv.place {
                add(format!("City {m}.{}", p.row), p.row.to_string());
            }
        }
        "Choose the city"
    };
    // Menus hold 25 options; a message holds 5 rows.
    options
        .chunks(25)
        .take(5)
        .enumerate()
        .map(|(i, chunk)| {
            let menu = chunk.iter().map(|(label, value)| CreateSelectMenuOption::new(label, value)).collect();
            let id = format!("{}:{i}", draft.id());
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id, CreateSelectMenuKind::String { options: menu }).placeholder(placeholder),
            )
        })
        .collect()
}

/// Applies the value chosen in a menu to the draft; a whole move when that completes it. A value that does not
/// fit leaves the draft as it was (its menu is shown again).
fn choose(mut draft: Draft, value: &str) -> Chosen {
    let card = draft.card;
    if card.is_none() {
        draft.card = value.parse().ok();
    } else if draft.meridian.is_none() {
        match card.filter(|_| value == "pass") {
            Some(card) => return Chosen::Move(Move::pass(card)),
            None => draft.meridian = value.parse().ok(),
        }
    } else if draft.take_back.is_none() {
        let row = |s: &str| s[1..].parse::<u8>().ok();
        match (value.chars().next(), card) {
            (Some('n'), _) => draft.take_back = Some(None),
            (Some('t'), Some(card)) => {
                return Chosen::Move(Move { card, meridian: draft.meridian, take_back: row(value), place: None })
            }
            (Some('p'), _) => draft.take_back = Some(row(value)),
            _ => {}
        }
    } else if draft.height.is_none() {
        draft.height = value.parse().ok();
    } else if let (Some(card), Some(height), Ok(row)) = (card, draft.height, value.parse::<u8>()) {
        let place = Some(Placement { height, row });
        return Chosen::Move(Move { card, meridian: draft.meridian, take_back: draft.take_back.flatten(), place });
    }
    Chosen::Draft(draft)
}

/// The first menu of a player's turn.
pub fn hand_controls(game: i64, version: i64, legal: &[Move]) -> Vec<CreateActionRow> {
    step(&Draft { game, version, ..Draft::default() }, legal)
}

/// A whole move, packed for the Confirm button: `ok:game:version:<move JSON>`.
fn confirm_id(game: i64, version: i64, mv: &Move) -> String {
    format!("ok:{game}:{version}:{}", serde_json::to_string(mv).expect("moves serialize"))
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

async fn on_click(ctx: &serenity::Context, click: &ComponentInteraction, data: &Data) -> Result<(), Error> {
    let http = &ctx.http;
    let id = click.data.custom_id.as_str();
    let user = super::commands::user(&click.user);
    let service = &data.service;
    let chosen = match &click.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let mut parts = id.splitn(4, ':');
    let (kind, game) = (parts.next().unwrap_or(""), parts.next().and_then(|g| g.parse::<i64>().ok()).unwrap_or(0));
    match kind {
        "lobby" => {
            click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
            let action = parts.next();
            let lobby = match action {
                Some("join" | "accept") => service.join(game, &user).await?,
                Some("leave") => service.leave(game, user.id).await?,
                Some("decline") => service.decline(game, &user).await?,
                Some("start") => service.start(game, user.id).await?,
                _ => return Ok(()),
            };
            data.wake.notify_one();
            let on_lobby = lobby.message_id.is_none_or(|m| m == click.message.id.get() as i64);
            if on_lobby {
                let edit = quiet_edit().content(lobby_text(&lobby)).components(lobby_buttons(&lobby));
                click.edit_response(http, edit).await?;
            } else {
                // An answer to an invitation, in the thread: the lobby's message in the channel says it too.
                if let Some(message) = lobby.message_id {
                    let edit = EditMessage::new()
                        .content(lobby_text(&lobby))
                        .components(lobby_buttons(&lobby))
                        .allowed_mentions(pinging(&[]));
                    let channel = ChannelId::new(lobby.channel_id as u64);
                    if let Err(e) = channel.edit_message(http, MessageId::new(message as u64), edit).await {
                        tracing::warn!(game, error = %e, "could not update a lobby's message");
                    }
                }
                let said = match action {
                    Some("decline") => format!("You declined game #{game}."),
                    _ if lobby.started => format!("You joined game #{game}, and it has started."),
                    _ => format!("You joined game #{game}; it starts when everyone invited has joined."),
                };
                click.create_followup(http, private(said)).await?;
            }
        }
        "hand" => {
            click.defer_ephemeral(http).await?;
            let png = service.hand_png(game, user.id).await?;
            let mut answer =
                private(format!("Your cards in game #{game}.")).add_file(CreateAttachment::bytes(png, "hand.png"));
            if let Some((version, legal)) = service.turn(game, user.id).await? {
                answer = answer.components(hand_controls(game, version, &legal));
            }
            click.create_followup(http, answer).await?;
        }
        "mv" => {
            click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
            let draft =
                id.rsplit_once(':').and_then(|(d, _)| Draft::parse(d)).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
            let legal = current_turn(service, draft.game, draft.version, user.id).await?;
            let version = draft.version;
            let Some(value) = chosen else {
                // Back, from a preview: the choices again, from the first, in place of the preview.
                let edit = quiet_edit()
                    .content(format!("Your move in game #{}: choose again.", draft.game))
                    .clear_attachments()
                    .components(step(&draft, &legal));
                click.edit_response(http, edit).await?;
                return Ok(());
            };
            match choose(draft.clone(), &value) {
                Chosen::Draft(next) => {
                    let rows = step(&next, &legal);
                    click.edit_response(http, quiet_edit().components(rows)).await?;
                }
                Chosen::Move(mv) => {
                    let png = service.preview_png(draft.game, user.id, mv).await?;
                    let buttons = vec![CreateActionRow::Buttons(vec![
                        CreateButton::new(confirm_id(draft.game, version, &mv))
                            .label("Confirm")
                            .style(ButtonStyle::Success),
                        CreateButton::new(Draft { game: draft.game, version, ..Draft::default() }.id() + ":0")
                            .label("Back")
                            .style(ButtonStyle::Secondary),
                    ])];
                    click.edit_response(http, quiet_edit().components(Vec::new())).await?;
                    let preview = private(format!("Your move: {mv}. Confirm?"))
                        .add_file(CreateAttachment::bytes(png, "preview.png"))
                        .components(buttons);
                    click.create_followup(http, preview).await?;
                }
            }
        }
        "ok" => {
            click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
            let (version, json) = parts.next().zip(parts.next()).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
            let version: i64 = version.parse()?;
            let mv: Move = serde_json::from_str(json)?;
            let acted = service.act(game, user.id, version, &mv, Some(click.id.get() as i64)).await?;
            data.wake.notify_one();
            let text = if acted.duplicate { "Already played.".to_string() } else { format!("Played: {}", acted.text) };
            let edit = quiet_edit().content(fit(&text)).components(Vec::new());
            click.edit_response(http, edit).await?;
        }
        _ => {
            click
                .create_response(
                    http,
                    CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new()
                            .content("This button is no longer in use.")
                            .ephemeral(true)
                            .allowed_mentions(pinging(&[])),
                    ),
                )
                .await?;
        }
    }
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

/// The player's legal moves if the game is still at the version their controls were made for.
async fn current_turn(
    service: &crate::service::Service,
    game: i64,
    seen: i64,
    user_id: i64,
) -> Result<Vec<Move>, Error> {
    match service.turn(game, user_id).await? {
        Some((version, legal)) if version == seen => Ok(legal),
        _ => Err(ServiceError::MovedOn { game, seen, now: service.game(game).await?.row.version }.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drafts_round_trip_through_custom_ids() {
        let d = Draft {
            game: 12,
            version: 7,
            card: "4-5-6-7".parse().ok(),
            meridian: Some(6),
            take_back: Some(None),
            height: None,
        };
        assert_eq!(d.id(), "mv:12:7:4-5-6-7:6:n:_");
        assert_eq!(Draft::parse(&d.id()), Some(d.clone()));
        let t = Draft { take_back: Some(Some(3)), height: Some(2), ..d };
        assert_eq!(Draft::parse(&t.id()), Some(t));
        assert!(Draft::parse("mv:x").is_none());
    }
}
