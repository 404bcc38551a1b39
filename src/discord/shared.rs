//! What every game shares on Discord: finding the game a command is about, opening a lobby, playing a turn, and
//! the commands registered under every game's root (board, status, hand, log, resign, abandon, export, rules,
//! games, leaderboard, profile and stats, settings). Inside a game's thread they act on that game, whichever root they were typed under.

use super::components::{lobby_message, private_view, update_lobby_message};
use super::text::{fit, fit_newest};
use super::{Context, Data, Error};
use crate::ai::Level;
use crate::language::{Arg, Lang, List, Text};
use crate::service::adapter::{ActionOf, Adapter};
use crate::service::any::{AnyAction, Listed, Registration};
use crate::service::{GameOptions, Lobby, Place, Service, User};
use crate::text;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use std::collections::HashMap;

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

/// The language of the server a command was typed in (`guild_locale`), mapped to the nearest the bot speaks.
fn server_lang(ctx: Context<'_>) -> Option<Lang> {
    let poise::Context::Application(app) = ctx else { return None };
    app.interaction.guild_locale.as_deref().map(Lang::from_locale)
}

pub fn user(u: &serenity::User) -> User {
    User { id: u.id.get() as i64, name: u.global_name.clone().unwrap_or_else(|| u.name.clone()) }
}

/// The author's id as the service knows it.
pub fn author(ctx: Context<'_>) -> i64 {
    ctx.author().id.get() as i64
}

/// The game whose root a command was typed under (`/contrees rules`: Contrées).
pub fn root_of(ctx: Context<'_>) -> &'static super::Root {
    let root = ctx.parent_commands().first().map_or(ctx.command().name.as_str(), |c| c.name.as_str());
    super::GAMES.iter().find(|g| g.command == root).unwrap_or(&super::GAMES[0])
}

/// The server a command was typed in; `None` in a private conversation.
pub fn guild(ctx: Context<'_>) -> Option<i64> {
    ctx.guild_id().map(|g| g.get() as i64)
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
    let mine = service.games_of(author(ctx), guild(ctx)).await?;
    match mine.as_slice() {
        [only] => Ok(only.id),
        [] => {
            // Each game's start command, by its name in the reader's language.
            let starts = super::GAMES.iter().map(|g| {
                let (root, start) = (format!("cmd-{}", g.command), format!("cmd-{}-start", g.command));
                text!("discord-command", root = Text::new(&root), command = Text::new(&start))
            });
            Err(Refusal(text!("discord-no-game", starts = List::or(starts))).into())
        }
        _ => Err(Refusal(text!("discord-several-games")).into()),
    }
}

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

/// Opens a game of `options`' kind in this channel: a lobby to join, with `players` invited (bots and the host
/// left out), `computers` seated, and its thread. With computers and nobody invited, the game starts at once.
pub async fn open<O: GameOptions>(
    ctx: Context<'_>,
    players: &[Option<serenity::User>],
    options: O,
    computers: &[Level],
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    // Refused before the public defer and before anything is written: a game needs a server channel for its thread.
    let Some(guild_id) = guild(ctx) else {
        return Err(Refusal(text!("discord-start-in-a-server")).into());
    };
    if in_thread(ctx) {
        return Err(Refusal(text!("discord-start-not-in-a-thread")).into());
    }
    let host = user(ctx.author());
    let mut invited: Vec<User> = Vec::new();
    for player in players.iter().flatten().filter(|p| !p.bot).map(user) {
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
fn in_thread(ctx: Context<'_>) -> bool {
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

/// Plays `actions` (one turn) for the author at the version they see now, and says what happened. `actions` is
/// built from the game as it stands, by `build`.
pub async fn act<G: Registration>(
    ctx: Context<'_>,
    game: Option<i64>,
    build: impl FnOnce(&G) -> Result<Vec<ActionOf<G::Adapter>>, Error>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let service = &ctx.data().service;
    let table = service.game(id).await?;
    let Some(state) = table.state::<G>() else {
        let title = <G::Adapter as Adapter>::TITLE;
        return Err(Refusal(text!("discord-other-game", game = id, title = title)).into());
    };
    let actions = build(state)?;
    let version = table.row.version;
    let interaction = match ctx {
        poise::Context::Application(app) => Some(app.interaction.id.get() as i64),
        poise::Context::Prefix(_) => None,
    };
    let actions: Vec<AnyAction> = actions.into_iter().map(G::Adapter::wrap_action).collect();
    let acted = service.act_all(id, author(ctx), version, &actions, interaction).await?;
    ctx.data().wake.changed();
    let text =
        if acted.duplicate { text!("discord-already-played") } else { text!("discord-done", moves = acted.text) };
    say(ctx, text).await?;
    Ok(())
}

/// Your cards (or the board, in games without), privately, with the controls to play on your turn.
#[poise::command(slash_command)]
async fn hand(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let user_id = author(ctx);
    let service = &ctx.data().service;
    let (text, png, controls) = private_view(service, id, user_id, lang(ctx).await).await?;
    let mut reply = CreateReply::default().ephemeral(true).content(text).attachment(png);
    if let Some(controls) = controls {
        reply = reply.components(controls);
    }
    ctx.send(reply).await?;
    Ok(())
}

/// The board as it stands.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    // Refusals (no such game, not started) come before the public defer: after it, Discord would show them to all.
    let id = which_game(ctx, game).await?;
    ctx.data().service.game(id).await?;
    ctx.defer().await?;
    let png = ctx.data().service.board_png(id).await?;
    ctx.send(CreateReply::default().attachment(serenity::CreateAttachment::bytes(png, "board.png"))).await?;
    Ok(())
}

/// Whose turn it is and the scores so far.
#[poise::command(slash_command)]
async fn status(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let standing = ctx.data().service.standing(id).await?;
    let s = &standing.summary;
    let status = text!("discord-status", status = s.status.as_str());
    let mut head = text!("discord-status-line", game = s.id, status = status, moves = s.version);
    if let Some(next) = &s.to_move {
        head = text!("discord-status-to-play", line = head, due = next.clone());
        if let Some(left) = ctx.data().service.time_left(id).await? {
            head = text!("discord-status-time-left", line = head, left = crate::service::duration_words(left));
        }
    }
    let mut lines = vec![Arg::from(head)];
    for (name, standing) in &standing.players {
        lines.push(text!("discord-status-player", name = name, standing = standing.clone()).into());
    }
    if let Some(url) = &standing.page {
        lines.push(crate::service::link_line(url).into());
    }
    say(ctx, text!("play-lines", lines = List::Lines(lines))).await?;
    Ok(())
}

/// Your lobbies and games in progress.
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let mine = ctx.data().service.games_of(author(ctx), guild(ctx)).await?;
    let text = if mine.is_empty() {
        text!("discord-no-game-here")
    } else {
        let lines = mine.iter().map(|g| {
            let place = g.thread_id.map_or_else(|| format!("<#{}>", g.channel_id), |t| format!("<#{t}>"));
            let turn = match &g.to_move {
                Some(due) => text!("discord-games-to-play", due = due.clone()),
                None => text!("discord-status", status = g.status.as_str()),
            };
            let players = List::and(&g.players);
            text!("discord-games-line", game = g.id, place = place, players = players, turn = turn)
        });
        text!("play-lines", lines = List::Lines(lines.map(Arg::from).collect()))
    };
    say(ctx, text).await?;
    Ok(())
}

/// Moves `log` shows when not told how many.
pub const LOG_MOVES: u8 = 10;

/// The last moves in words.
#[poise::command(slash_command)]
async fn log(ctx: Context<'_>, count: Option<u8>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let lines = ctx.data().service.log(id, usize::from(count.unwrap_or(LOG_MOVES))).await?;
    let lang = lang(ctx).await;
    let text = if lines.is_empty() {
        lang.word("discord-no-moves")
    } else {
        let lines: Vec<String> = lines.iter().map(|l| lang.say(l)).collect();
        fit_newest(&lines, |earlier| lang.say(&text!("discord-log-earlier", count = earlier)))
    };
    say(ctx, Text::Said(text)).await?;
    Ok(())
}

/// Leave a game for good: you cannot win (your turns are played for you, or the game ends).
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    ctx.data().service.resign(id, author(ctx)).await?;
    ctx.data().wake.changed();
    say(ctx, text!("discord-resigned", game = id)).await?;
    Ok(())
}

/// Hand a player's seat to a computer for the rest of the game (the host, or that player).
#[poise::command(slash_command)]
async fn computer(
    ctx: Context<'_>,
    player: serenity::User,
    level: Option<LevelChoice>,
    game: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let level = level.map_or(Level::DEFAULT, Level::from);
    let text = ctx.data().service.hand_to_computer(id, author(ctx), &user(&player), level).await?;
    ctx.data().wake.changed();
    say(ctx, text).await?;
    Ok(())
}

/// End a game for everyone (its host, or someone who may manage threads in the game's channel).
#[poise::command(slash_command)]
async fn abandon(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    // Discord gives the member's permissions in the channel where this was typed: they count only there.
    let may_manage = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_threads())
        }
        poise::Context::Prefix(_) => false,
    };
    let here = Place { guild_id: guild(ctx), channel_id: ctx.channel_id().get() as i64, lang: Lang::En };
    ctx.data().service.abandon(id, author(ctx), may_manage.then_some(here)).await?;
    ctx.data().wake.changed();
    say(ctx, text!("discord-abandoned", game = id)).await?;
    Ok(())
}

/// The game's record as a JSON file (once the game is over).
#[poise::command(slash_command)]
async fn export(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let kind = ctx.data().service.game(id).await?.kind().name();
    let json = ctx.data().service.export(id).await?;
    let file = serenity::CreateAttachment::bytes(json.into_bytes(), format!("{kind}-{id}.json"));
    let said = lang(ctx).await.say(&text!("discord-record", game = id));
    ctx.send(CreateReply::default().content(said).attachment(file).ephemeral(true)).await?;
    Ok(())
}

/// Your settings across games.
#[poise::command(slash_command, subcommands("vacation", "dms", "reminders", "language"), subcommand_required)]
async fn settings(_: Context<'_>) -> Result<(), Error> {
    Ok(())
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
    let until = ctx.data().service.vacation(&user(ctx.author()), days).await?;
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

/// How to play, in short, with an example board.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let front = root_of(ctx);
    let lang = lang(ctx).await;
    let png = Service::example_png(front.kind, lang).await?;
    let picture = serenity::CreateAttachment::bytes(png, "example.png");
    ctx.send(CreateReply::default().content(lang.word(front.rules)).attachment(picture).ephemeral(true)).await?;
    Ok(())
}

/// The commands every game has, registered under each game's root.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![
        hand(),
        board(),
        status(),
        games(),
        log(),
        resign(),
        computer(),
        abandon(),
        export(),
        super::ratings::leaderboard(),
        super::ratings::profile(),
        super::ratings::stats(),
        super::analysis::analysis(),
        settings(),
        rules(),
    ]
}

/// A game's root command: its own commands, then the shared ones.
pub fn root(
    mut root: poise::Command<Data, Error>,
    own: Vec<poise::Command<Data, Error>>,
) -> poise::Command<Data, Error> {
    root.subcommands = own.into_iter().chain(commands()).collect();
    root.subcommand_required = true;
    root
}
