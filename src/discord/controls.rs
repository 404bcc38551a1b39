//! What the bot's messages carry for players to click, the same for every game: the lobby's text and its Join /
//! Leave / Start, an invitation's Join / Decline, the private play controls (the game's menus one after another, then
//! a preview to confirm), and a private answer. Custom ids carry the game, the version the player saw and the values
//! chosen so far, so controls keep working after a restart ([`super::components`] answers the clicks).

use super::context::Error;
use super::text::{attachment, fit, fit_label, in_messages, pinging};
use crate::language::{Lang, List};
use crate::service::game::any::players;
use crate::service::{Answer, Ask, Caller, Invitation, Lobby, Menu, Service, Shown, MENU_OPTIONS};
use crate::text;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAttachment, CreateButton, CreateInteractionResponseFollowup,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage, MessageId,
};

/// The lobby's text, in the game's language: who sits, who is invited, or that the game is on.
pub(super) fn lobby_text(lobby: &Lobby) -> String {
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
pub(super) fn lobby_buttons(lobby: &Lobby) -> Vec<CreateActionRow> {
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
/// seat (`seat:game:seat:…`) or an undo (`undo:game:version:…`).
pub fn invitation_buttons(game: i64, invitation: Invitation, lang: Lang) -> Vec<CreateActionRow> {
    let (prefix, yes) = match invitation {
        Invitation::Game => (format!("lobby:{game}"), "button-join"),
        Invitation::Seat(seat) => (format!("seat:{game}:{seat}"), "button-accept"),
        Invitation::Undo(version) => (format!("undo:{game}:{version}"), "button-accept"),
    };
    let button = |action: &str, label: &str| CreateButton::new(format!("{prefix}:{action}")).label(lang.word(label));
    vec![CreateActionRow::Buttons(vec![
        button("accept", yes).style(ButtonStyle::Primary),
        button("decline", "button-decline").style(ButtonStyle::Secondary),
    ])]
}

/// A message holds 5 rows.
const MESSAGE_ROWS: usize = 5;

/// What a menu chooses: a move of a game being played (`mv`), or of a puzzle (`pz`, its version the puzzle's move).
pub(super) const MOVE_MENU: &str = "mv";
pub(super) const PUZZLE_MENU: &str = "pz";

/// A menu's custom id: `kind:game:version:row:values chosen so far…` (the value chosen in it is appended), `kind`
/// [`MOVE_MENU`] or [`PUZZLE_MENU`].
pub(super) fn menu_id(kind: &str, game: i64, version: i64, row: usize, path: &[&str]) -> String {
    path.iter().fold(format!("{kind}:{game}:{version}:{row}"), |id, value| format!("{id}:{value}"))
}

/// The Confirm button of a whole move: `ok:game:version:values…`.
pub(super) fn confirm_id(game: i64, version: i64, path: &[&str]) -> String {
    path.iter().fold(format!("ok:{game}:{version}"), |id, value| format!("{id}:{value}"))
}

/// Reads `kind:game:version[:row]:values…`: the game, the version and the values.
pub(super) fn read_id(id: &str, with_row: bool) -> Option<(i64, i64, Vec<&str>)> {
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
pub(super) fn menu_rows(kind: &str, game: i64, path: &[&str], menu: &Menu, lang: Lang) -> Vec<CreateActionRow> {
    let (version, prompt, options) = (menu.version, &menu.prompt, &menu.options);
    let back = path.split_last().map(|(_, before)| {
        let button = CreateButton::new(menu_id(kind, game, version, 0, before))
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
            let id = menu_id(kind, game, version, i, path);
            CreateActionRow::SelectMenu(
                CreateSelectMenu::new(id, CreateSelectMenuKind::String { options: menu })
                    .placeholder(fit_label(&lang.say(prompt), lang)),
            )
        })
        .chain(back)
        .collect()
}

/// What a player sees privately of a game (`hand` and the My view button): a note, their hand (or the board, in a
/// game without hands) as a picture or `in_words` (after the note, as many messages as the words take) and, when
/// they are due, the first menu of their move (for the last message).
pub async fn private_view(
    service: &Service,
    game: i64,
    user: i64,
    lang: Lang,
    in_words: bool,
) -> Result<(Vec<String>, Option<CreateAttachment>, Option<Vec<CreateActionRow>>), Error> {
    let view = service.private_view(&Caller { game, user, lang, interaction: None }, in_words).await?;
    let controls = view.menu.map(|menu| menu_rows(MOVE_MENU, game, &[], &menu, lang));
    let note = lang.say(&view.note);
    Ok(match view.shown {
        Shown::Picture(picture) => {
            let file = if view.hand { "hand.png" } else { "board.png" };
            (vec![note], Some(attachment(picture, file)), controls)
        }
        Shown::Words(lines) => (in_messages(&[vec![note], lines].concat(), lang), None, controls),
    })
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
        Answer::Menu(menu) if !menu.options.is_empty() => Some(menu_rows(MOVE_MENU, game, &[], &menu, lang)),
        _ => None,
    })
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
        let id = menu_id(MOVE_MENU, 12, 7, 1, &["4-5-6-7", "6", "n"]);
        assert_eq!(id, "mv:12:7:1:4-5-6-7:6:n");
        assert_eq!(read_id(&id, true), Some((12, 7, vec!["4-5-6-7", "6", "n"])));
        assert_eq!(menu_id(MOVE_MENU, 12, 7, 0, &[]), "mv:12:7:0");
        assert_eq!(read_id("mv:12:7:0", true), Some((12, 7, vec![])));
        let ok = confirm_id(12, 7, &["B", "B3", "C2"]);
        assert_eq!(ok, "ok:12:7:B:B3:C2");
        assert_eq!(read_id(&ok, false), Some((12, 7, vec!["B", "B3", "C2"])));
        assert_eq!(read_id("mv:x", true), None);
    }
}
