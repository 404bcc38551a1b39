//! Opening a game: the lobby every game's start command opens in a channel, with its thread, and the choices start
//! commands share (computers' level, the game's language).

use super::context::{author_user, guild, option_user, Context, Error, Refusal};
use super::controls::{lobby_message, update_lobby_message};
use crate::language::Lang;
use crate::service::seat::{FairPlay, Undo};
use crate::service::Palette;
use crate::service::{GameOptions, Level, Lobby, Place, TurnClock, User};
use crate::text;
use poise::serenity_prelude as serenity;

/// A computer player's level, as a start command offers it.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    Easy,
    Normal,
    Strong,
}

impl From<LevelChoice> for Level {
    fn from(choice: LevelChoice) -> Level {
        match choice {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Normal => Level::Normal,
            LevelChoice::Strong => Level::Strong,
        }
    }
}

/// The computers a start command asks for: `count` of them at `level` (the default level when none is given).
pub fn computers(count: Option<u32>, level: Option<LevelChoice>) -> Vec<Level> {
    vec![level.map_or(Level::DEFAULT, Level::from); count.unwrap_or(0) as usize]
}

/// Whether a game's moves may be taken back, as a start command offers it.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum UndoChoice {
    Agreed,
    Off,
}

/// The turn clock a start command asks for: the turn limit, undos, and the reliability asked of those who join.
pub fn clock(turn_limit: Option<u32>, undo: Option<UndoChoice>, min_reliability: Option<u32>) -> TurnClock {
    let undo = undo.map(|u| match u {
        UndoChoice::Agreed => Undo::Agreed,
        UndoChoice::Off => Undo::Off,
    });
    TurnClock { turn_limit_days: turn_limit, fair_play: FairPlay { undo, min_reliability }, ..TurnClock::default() }
}

/// A language the bot speaks, as a command offers it: each in its own words.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    English,
    French,
    Dutch,
}

impl From<LanguageChoice> for Lang {
    fn from(choice: LanguageChoice) -> Lang {
        match choice {
            LanguageChoice::English => Lang::En,
            LanguageChoice::French => Lang::Fr,
            LanguageChoice::Dutch => Lang::Nl,
        }
    }
}

/// The colours pictures are drawn in, as a command offers them.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColoursChoice {
    Standard,
    Safe,
}

impl From<ColoursChoice> for Palette {
    fn from(choice: ColoursChoice) -> Palette {
        match choice {
            ColoursChoice::Standard => Palette::Standard,
            ColoursChoice::Safe => Palette::Safe,
        }
    }
}

/// The language of the server a command was typed in (`guild_locale`), mapped to the nearest the bot speaks.
pub(super) fn server_lang(ctx: Context<'_>) -> Option<Lang> {
    let poise::Context::Application(app) = ctx else { return None };
    app.interaction.guild_locale.as_deref().map(Lang::from_locale)
}

/// Opens a game of `options`' kind in this channel: a lobby to join, with `players` invited (bots and the host
/// left out), `computers` seated, and its thread. With computers and nobody invited, the game starts at once.
pub async fn open<O: GameOptions>(
    ctx: Context<'_>,
    players: &[Option<serenity::User>],
    options: O,
    computers: &[Level],
    language: Option<LanguageChoice>,
    colours: Option<ColoursChoice>,
) -> Result<(), Error> {
    // Refused before the public defer and before anything is written: a game needs a server channel for its thread.
    let Some(guild_id) = guild(ctx) else {
        return Err(Refusal(text!("discord-start-in-a-server")).into());
    };
    if in_thread(ctx) {
        return Err(Refusal(text!("discord-start-not-in-a-thread")).into());
    }
    let host = author_user(ctx).await;
    let mut invited: Vec<User> = Vec::new();
    for player in players.iter().flatten().filter(|p| !p.bot).map(|p| option_user(ctx, p)) {
        if player.id != host.id && !invited.contains(&player) {
            invited.push(player);
        }
    }
    let service = &ctx.data().service;
    // The game speaks the language chosen at its start, else the server's, else English.
    let lang = language.map(Lang::from).or_else(|| server_lang(ctx)).unwrap_or_default();
    let place = Place { guild_id: Some(guild_id), channel_id: ctx.channel_id().get() as i64, lang };
    // Refusals (caps, options) come before the public defer; the lobby is written after it, within Discord's time.
    service.may_open_lobby(place, &host, &options, &invited, computers).await?;
    ctx.defer().await?;
    let id = service.open_lobby(place, &host, options, &invited, computers).await?;
    // Before its thread is recorded, so before it can start: the thread's first picture is in them.
    // Should that fail, the lobby goes, as it does below with no thread: nothing anyone can join is left.
    if let Some(colours) = colours {
        if let Err(e) = service.choose_game_colours(id, host.id, colours.into()).await {
            service.forget_lobby(id).await?;
            return Err(e.into());
        }
    }
    let lobby = service.show_lobby(id).await?;
    match lobby_and_thread(ctx, &lobby).await {
        Ok((thread, message)) => {
            let lobby = service.set_thread(id, thread, message).await?;
            if lobby.started {
                update_lobby_message(ctx.http(), &lobby).await;
            }
        }
        Err(e) => {
            // No message or no thread: nothing anyone can join. The lobby goes, and does not count against the host.
            service.forget_lobby(id).await?;
            return Err(e);
        }
    }
    ctx.data().wake.changed();
    Ok(())
}

/// Posts a lobby's message and opens the game's thread from it; returns the thread and the message. Without a
/// thread, the message says so and loses its buttons.
async fn lobby_and_thread(ctx: Context<'_>, lobby: &Lobby) -> Result<(i64, i64), Error> {
    let mut message = ctx.send(lobby_message(lobby)).await?.into_message().await?;
    let thread = ctx
        .channel_id()
        .create_thread_from_message(
            ctx.http(),
            message.id,
            serenity::CreateThread::new(format!("{} #{}", lobby.title, lobby.game))
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await;
    match thread {
        Ok(thread) => Ok((thread.id.get() as i64, message.id.get() as i64)),
        Err(e) => {
            tracing::warn!(error = %e, "cannot open a game's thread");
            let gone = serenity::EditMessage::new()
                .content(lobby.lang.say(&text!("discord-no-thread", title = lobby.title, game = lobby.game)))
                .components(Vec::new());
            if let Err(e) = message.edit(ctx, gone).await {
                tracing::warn!(error = %e, "cannot take a lobby's buttons away");
            }
            Err(Refusal(text!("discord-thread-permissions")).into())
        }
    }
}

/// Whether the command was typed in a thread.
pub(super) fn in_thread(ctx: Context<'_>) -> bool {
    use serenity::ChannelType as T;
    match ctx {
        poise::Context::Application(app) => app
            .interaction
            .channel
            .as_ref()
            .is_some_and(|c| matches!(c.kind, T::PublicThread | T::PrivateThread | T::NewsThread)),
        poise::Context::Prefix(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::ratings::reliability::MAX_MIN_RELIABILITY;

    /// poise takes an option's bounds as literals: every start command's minimum reliability is bounded by the
    /// check's own constant.
    #[test]
    fn every_start_commands_minimum_reliability_is_the_checks_own() {
        for root in super::super::GAMES {
            let command = serde_json::to_value(root().create_as_slash_command().unwrap()).unwrap();
            let start = command["options"].as_array().unwrap().iter().find(|c| c["name"] == "start").unwrap();
            let options = start["options"].as_array().unwrap();
            let bound = options.iter().find(|o| o["name"] == "min_reliability").unwrap()["max_value"].as_f64();
            assert_eq!(bound, Some(f64::from(MAX_MIN_RELIABILITY)), "{}", command["name"]);
        }
    }
}
