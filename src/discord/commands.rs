//! `/meridian …`: the slash commands.

use super::components::{hand_controls, lobby_message};
use super::text::{fit, fit_newest, quote};
use super::{Context, Error};
use crate::rules::meridian::record::BoardSpec;
use crate::rules::meridian::{Card, Move, Placement};
use crate::service::meridian::Options;
use crate::service::{Lobby, Place, Service, User};
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use std::collections::HashMap;

/// A refusal that comes from the Discord side (which game?), shown to the player as it is.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

/// Play Meridian: a game of islands, towers and pushing, over days.
#[poise::command(
    slash_command,
    subcommands(
        "start", "play", "pass", "hand", "board", "status", "games", "log", "resign", "abandon", "export", "stats",
        "settings", "rules"
    ),
    subcommand_required
)]
pub async fn meridian(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardChoice {
    #[name = "5 cities a meridian (2 or 4 players)"]
    Five,
    #[name = "4 cities a meridian (3 players)"]
    Four,
}

pub fn user(u: &serenity::User) -> User {
    User { id: u.id.get() as i64, name: u.global_name.clone().unwrap_or_else(|| u.name.clone()) }
}

/// The author's id as the service knows it.
fn author(ctx: Context<'_>) -> i64 {
    ctx.author().id.get() as i64
}

/// The server a command was typed in; `None` in a private conversation.
fn guild(ctx: Context<'_>) -> Option<i64> {
    ctx.guild_id().map(|g| g.get() as i64)
}

/// Answers the author privately.
async fn say(ctx: Context<'_>, text: impl AsRef<str>) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(fit(text.as_ref())).ephemeral(true)).await?;
    Ok(())
}

/// The game a command is about: the one named (if it may be seen from here: a game of this server, or in DMs one
/// the author sits in), the one whose thread this is, or the author's only game here.
async fn which_game(ctx: Context<'_>, game: Option<i64>) -> Result<i64, Error> {
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
        [] => Err(Refusal("You have no game in progress. Start one with /meridian start.".into()).into()),
        _ => Err(Refusal("You are in several games: use this in a game's thread, or give game:#.".into()).into()),
    }
}

/// Open a game here: a lobby to join, with the players you name invited.
#[poise::command(slash_command)]
async fn start(
    ctx: Context<'_>,
    #[description = "Invite this player (the game starts when everyone invited has joined)"] player2: Option<
        serenity::User,
    >,
    #[description = "Invite a third player"] player3: Option<serenity::User>,
    #[description = "Invite a fourth player"] player4: Option<serenity::User>,
    #[description = "Board side (default: the one for the number of players)"] board: Option<BoardChoice>,
    #[description = "Days a player has for a turn before it passes by itself (1 to 14, default 3)"]
    #[min = 1]
    #[max = 14]
    turn_limit: Option<u32>,
) -> Result<(), Error> {
    // Refused before the public defer and before anything is written: a game needs a server channel for its thread.
    let Some(guild_id) = guild(ctx) else {
        return Err(
            Refusal("Games are played in a server's channel, each in its own thread: start one there.".into()).into()
        );
    };
    if in_thread(ctx) {
        return Err(Refusal(
            "This is a thread: start a game from the channel itself, and it gets a thread of its own.".into(),
        )
        .into());
    }
    let host = user(ctx.author());
    let mut invited: Vec<User> = Vec::new();
    for player in [player2, player3, player4].iter().flatten().filter(|p| !p.bot).map(user) {
        if player.id != host.id && !invited.contains(&player) {
            invited.push(player);
        }
    }
    let board = board.map(|b| {
        BoardSpec::Name(match b {
            BoardChoice::Five => "standard-5".into(),
            BoardChoice::Four => "standard-4".into(),
        })
    });
    let service = &ctx.data().service;
    let place = Place { guild_id: Some(guild_id), channel_id: ctx.channel_id().get() as i64 };
    let options = Options { board, turn_limit_days: turn_limit, reminder_hours: None };
    // Refusals (caps, options) come before the public defer; the lobby is written after it, within Discord's time.
    service.may_open_lobby(place, &host, &options, &invited).await?;
    ctx.defer().await?;
    let id = service.open_lobby(place, &host, options, &invited).await?;
    let lobby = Lobby {
        game: id,
        seated: vec![host.name.clone()],
        invited: invited.iter().map(|u| u.name.clone()).collect(),
        started: false,
        channel_id: place.channel_id,
        message_id: None,
    };
    match lobby_and_thread(ctx, &lobby).await {
        Ok((thread, message)) => service.set_thread(id, thread, message).await?,
        Err(e) => {
            // No message or no thread: nothing anyone can join. The lobby goes, and does not count against the host.
            service.forget_lobby(id).await?;
            return Err(e);
        }
    }
    ctx.data().wake.notify_one();
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
            serenity::CreateThread::new(format!("Meridian #{}", lobby.game))
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await;
    match thread {
        Ok(thread) => Ok((thread.id.get() as i64, message.id.get() as i64)),
        Err(e) => {
            tracing::warn!(error = %e, "cannot open a game's thread");
            let gone = serenity::EditMessage::new()
                .content(format!("Meridian #{} could not open its thread here.", lobby.game))
                .components(Vec::new());
            if let Err(e) = message.edit(ctx, gone).await {
                tracing::warn!(error = %e, "cannot take a lobby's buttons away");
            }
            Err(Refusal(
                "I cannot open a thread in this channel: let me Create Public Threads and Send Messages in Threads \
                 here, then start again."
                    .into(),
            )
            .into())
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
fn typed_options(ctx: Context<'_>) -> HashMap<String, String> {
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

/// Legal moves of the author that agree with the other options typed so far (all but `this`).
async fn matching_moves(ctx: Context<'_>, this: &str) -> Vec<Move> {
    let typed = typed_options(ctx);
    let game = typed.get("game").and_then(|g| g.parse().ok());
    let Ok(id) = which_game(ctx, game).await else { return Vec::new() };
    let Ok(moves) = ctx.data().service.legal_moves(id, author(ctx)).await else { return Vec::new() };
    let agrees = |name: &str, value: Option<String>| {
        name == this || typed.get(name).is_none_or(|t| t.is_empty() || value.as_deref() == Some(t.as_str()))
    };
    // A new tower's height and city depend on whether a tower is taken back first: none unless one is given.
    let placing = this == "height" || this == "row";
    let no_take_back = placing && typed.get("take_back").is_none_or(|t| t.is_empty());
    moves
        .into_iter()
        .filter(|m| {
            !(no_take_back && m.take_back.is_some())
                && agrees("card", Some(m.card.to_string()))
                && agrees("meridian", m.meridian.map(|x| x.to_string()))
                && agrees("take_back", m.take_back.map(|x| x.to_string()))
                && agrees("height", m.place.map(|p| p.height.to_string()))
                && agrees("row", m.place.map(|p| p.row.to_string()))
        })
        .collect()
}

fn distinct<T: PartialEq>(values: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for v in values {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

async fn complete_card(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let moves = matching_moves(ctx, "card").await;
    let playing = ctx.command().name == "play";
    cards_offered(&moves, playing).into_iter().filter(|c| c.starts_with(partial)).collect()
}

/// The cards `card:` offers: under `play`, those with a move that places or takes back a tower (a card that can
/// only be passed would leave `meridian:` with nothing to offer); under `pass`, every face-up card.
fn cards_offered(moves: &[Move], playing: bool) -> Vec<String> {
    distinct(moves.iter().filter(|m| !(playing && m.is_pass())).map(|m| m.card.to_string()))
}

async fn complete_meridian(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let moves = matching_moves(ctx, "meridian").await;
    distinct(moves.iter().filter(|m| !m.is_pass()).filter_map(|m| m.meridian))
        .into_iter()
        .map(|m| serenity::AutocompleteChoice::new(format!("meridian {m}"), i64::from(m)))
        .collect()
}

async fn complete_take_back(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let moves = matching_moves(ctx, "take_back").await;
    distinct(moves.iter().filter_map(|m| m.take_back.zip(m.meridian)))
        .into_iter()
        .map(|(row, m)| serenity::AutocompleteChoice::new(format!("your tower at {m}.{row}"), i64::from(row)))
        .collect()
}

async fn complete_height(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let moves = matching_moves(ctx, "height").await;
    let mut heights = distinct(moves.iter().filter_map(|m| m.place.map(|p| p.height)));
    heights.sort_unstable();
    heights
        .into_iter()
        .take(25)
        .map(|h| serenity::AutocompleteChoice::new(format!("{h} floors"), i64::from(h)))
        .collect()
}

async fn complete_row(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let moves = matching_moves(ctx, "row").await;
    let mut cities = distinct(moves.iter().filter_map(|m| m.place.zip(m.meridian)).map(|(p, m)| (m, p.row)));
    cities.sort_unstable();
    cities.into_iter().map(|(m, r)| serenity::AutocompleteChoice::new(format!("city {m}.{r}"), i64::from(r))).collect()
}

fn parse_card(card: &str) -> Result<Card, Error> {
    card.parse::<Card>().map_err(|_| {
        Refusal(format!("There is no card {}: cards are 1 to 10, 1-2-3, 4-5-6-7 and 8-9-10.", quote(card))).into()
    })
}

fn small(value: Option<i64>, what: &str) -> Result<Option<u8>, Error> {
    value.map(|v| u8::try_from(v).map_err(|_| Refusal(format!("{what} {v} is out of range")).into())).transpose()
}

/// Plays `mv` for the author at the version they see now, and says what happened.
async fn act(ctx: Context<'_>, game: Option<i64>, mv: Move) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let service = &ctx.data().service;
    let version = service.game(id).await?.row.version;
    let interaction = match ctx {
        poise::Context::Application(app) => Some(app.interaction.id.get() as i64),
        poise::Context::Prefix(_) => None,
    };
    let acted = service.act(id, author(ctx), version, &mv, interaction).await?;
    ctx.data().wake.notify_one();
    let text = if acted.duplicate { "Already played.".to_string() } else { format!("Done: {}", acted.text) };
    say(ctx, text).await?;
    Ok(())
}

/// Play a card: take back and/or place a tower on a meridian it allows.
#[poise::command(slash_command)]
async fn play(
    ctx: Context<'_>,
    #[description = "One of your face-up cards"]
    #[autocomplete = "complete_card"]
    card: String,
    #[description = "A meridian the card allows"]
    #[autocomplete = "complete_meridian"]
    meridian: i64,
    #[description = "Row of your own tower to take back first"]
    #[autocomplete = "complete_take_back"]
    take_back: Option<i64>,
    #[description = "Floors of the new tower"]
    #[autocomplete = "complete_height"]
    height: Option<i64>,
    #[description = "Row of the city for the new tower"]
    #[autocomplete = "complete_row"]
    row: Option<i64>,
    #[description = "Game number (default: this thread's game)"] game: Option<i64>,
) -> Result<(), Error> {
    let place = match (small(height, "height")?, small(row, "row")?) {
        (Some(height), Some(row)) => Some(Placement { height, row }),
        (None, None) => None,
        _ => return Err(Refusal("A new tower needs both a height and a row.".into()).into()),
    };
    let take_back = small(take_back, "row")?;
    if place.is_none() && take_back.is_none() {
        return Err(Refusal(
            "Give a height and a row to place a tower, or take_back; to pass use /meridian pass.".into(),
        )
        .into());
    }
    let mv = Move { card: parse_card(&card)?, meridian: small(Some(meridian), "meridian")?, take_back, place };
    act(ctx, game, mv).await
}

/// Pass: discard a face-up card and place nothing.
#[poise::command(slash_command)]
async fn pass(
    ctx: Context<'_>,
    #[description = "The face-up card to discard"]
    #[autocomplete = "complete_card"]
    card: String,
    #[description = "Game number (default: this thread's game)"] game: Option<i64>,
) -> Result<(), Error> {
    act(ctx, game, Move::pass(parse_card(&card)?)).await
}

/// Your cards, privately, with the controls to play when it is your turn.
#[poise::command(slash_command)]
async fn hand(ctx: Context<'_>, #[description = "Game number"] game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let user_id = author(ctx);
    let service = &ctx.data().service;
    let png = service.hand_png(id, user_id).await?;
    let mut reply = CreateReply::default()
        .ephemeral(true)
        .content(format!("Your cards in game #{id}."))
        .attachment(serenity::CreateAttachment::bytes(png, "hand.png"));
    if let Some((version, moves)) = service.turn(id, user_id).await? {
        reply = reply.components(hand_controls(id, version, &moves));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// The board as it stands.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>, #[description = "Game number"] game: Option<i64>) -> Result<(), Error> {
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
async fn status(ctx: Context<'_>, #[description = "Game number"] game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let standing = ctx.data().service.standing(id).await?;
    let s = &standing.summary;
    let mut text = format!("Game #{} ({}) after {} moves.", s.id, s.status.as_str(), s.version);
    if let Some(next) = &s.to_move {
        text.push_str(&format!(" {next} to play."));
        if let Some(left) = ctx.data().service.time_left(id).await? {
            text.push_str(&format!(" Time left for this turn: {}.", crate::service::duration_words(left)));
        }
    }
    for (name, score, reserve) in &standing.players {
        text.push_str(&format!("\n• {name}: {score} points, {reserve} floors in reserve"));
    }
    say(ctx, text).await?;
    Ok(())
}

/// Your lobbies and games in progress.
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let mine = ctx.data().service.games_of(author(ctx), guild(ctx)).await?;
    let text = if mine.is_empty() {
        "You have no game in progress here.".to_string()
    } else {
        mine.iter()
            .map(|g| {
                let place = g.thread_id.map_or_else(|| format!("<#{}>", g.channel_id), |t| format!("<#{t}>"));
                let turn = g.to_move.as_ref().map_or_else(|| g.status.as_str().to_string(), |n| format!("{n} to play"));
                format!("• #{} {place}: {}; {turn}", g.id, g.players.join(", "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    say(ctx, text).await?;
    Ok(())
}

/// The last moves in words.
#[poise::command(slash_command)]
async fn log(
    ctx: Context<'_>,
    #[description = "How many moves (default 10)"] count: Option<u8>,
    #[description = "Game number"] game: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let lines = ctx.data().service.log(id, usize::from(count.unwrap_or(10))).await?;
    let text = if lines.is_empty() {
        "No moves yet.".to_string()
    } else {
        fit_newest(&lines, |earlier| format!("…{earlier} earlier moves left out (they do not fit one message)."))
    };
    say(ctx, text).await?;
    Ok(())
}

/// Leave a game for good: your turns pass by themselves and you cannot win.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>, #[description = "Game number"] game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    ctx.data().service.resign(id, author(ctx)).await?;
    ctx.data().wake.notify_one();
    say(ctx, format!("You resigned from game #{id}.")).await?;
    Ok(())
}

/// End a game for everyone (its host, or someone who may manage threads in the game's channel).
#[poise::command(slash_command)]
async fn abandon(ctx: Context<'_>, #[description = "Game number"] game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    // Discord gives the member's permissions in the channel where this was typed: they count only there.
    let may_manage = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_threads())
        }
        poise::Context::Prefix(_) => false,
    };
    let here = Place { guild_id: guild(ctx), channel_id: ctx.channel_id().get() as i64 };
    ctx.data().service.abandon(id, author(ctx), may_manage.then_some(here)).await?;
    ctx.data().wake.notify_one();
    say(ctx, format!("Game #{id} is abandoned.")).await?;
    Ok(())
}

/// The game's record as a JSON file (once the game is over).
#[poise::command(slash_command)]
async fn export(ctx: Context<'_>, #[description = "Game number"] game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let json = ctx.data().service.export(id).await?;
    let file = serenity::CreateAttachment::bytes(json.into_bytes(), format!("meridian-{id}.json"));
    ctx.send(CreateReply::default().content(format!("The record of game #{id}.")).attachment(file).ephemeral(true))
        .await?;
    Ok(())
}

/// Your settings across games.
#[poise::command(slash_command, subcommands("vacation", "dms", "reminders"), subcommand_required)]
async fn settings(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Away for a while: your turn limits and reminders wait (at most 14 days a year).
#[poise::command(slash_command)]
async fn vacation(
    ctx: Context<'_>,
    #[description = "How many days (1 to 14)"]
    #[min = 1]
    #[max = 14]
    days: u32,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let until = ctx.data().service.vacation(&user(ctx.author()), days).await?;
    ctx.data().wake.notify_one();
    say(ctx, format!("Enjoy your break. Your games wait for you until <t:{}:f>.", until / 1000)).await
}

/// Private messages on or off (off: your turn is said in the thread, your hand shown privately).
#[poise::command(slash_command)]
async fn dms(ctx: Context<'_>, #[description = "Send me private messages"] enabled: bool) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    ctx.data().service.settings(author(ctx), Some(enabled), None).await?;
    let text = if enabled {
        "I will send your hands and turns by DM."
    } else {
        "No more DMs: I will tell you in the game's thread."
    };
    say(ctx, text).await
}

/// How often you are reminded that it is your turn, in all your games.
#[poise::command(slash_command)]
async fn reminders(
    ctx: Context<'_>,
    #[description = "Hours between reminders (1 to 336)"]
    #[min = 1]
    #[max = 336]
    hours: u32,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    ctx.data().service.settings(author(ctx), None, Some(hours)).await?;
    say(ctx, format!("You will be reminded every {hours} hours when it is your turn.")).await
}

/// A player's finished games on this server: played, won, average score.
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let who = player.as_ref().unwrap_or(ctx.author());
    let stats = ctx.data().service.stats(guild(ctx), who.id.get() as i64).await?;
    let name = user(who).name;
    let text = match stats.average_score {
        None => format!("{name} has not finished a game here yet."),
        Some(average) => {
            let games = if stats.played == 1 { "game" } else { "games" };
            format!(
                "{name}: {} finished {games} here, {} won, {average:.1} points on average.",
                stats.played, stats.won
            )
        }
    };
    say(ctx, text).await
}

const RULES: &str = "**Meridian** in short. Each turn, play one of your two face-up cards and choose a meridian \
it allows (1–10, or a range). On it you may **place** a tower (floors from your reserve), **take back** one of \
yours, **both**, or **pass**. Towers on a meridian have different heights, tallest to the north; an empty \
meridian's first tower has 2 floors or more; one tower per player per meridian (two with 2 players). Placing on \
another player's tower pushes it (and the towers behind it) one city north if yours is shorter, south if taller, \
never off the board. When all cards are played, each island goes to the player with the strongest garrison there \
(1 per tower, 2 on a capital ★); its cities are their points. Ties: most floors left. A turn not played in time \
passes by itself; three in a row, and the player is resigned.";

/// How to play, in short, with an example board.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let png = Service::example_png().await?;
    let picture = serenity::CreateAttachment::bytes(png, "example.png");
    ctx.send(CreateReply::default().content(RULES).attachment(picture).ephemeral(true)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::cards_offered;
    use crate::rules::meridian::state::shuffled_decks;
    use crate::rules::meridian::{Board, Meridian};
    use crate::rules::seed::Shuffler;

    /// Over random games: `play` offers exactly the face-up cards with a legal move that places or takes back, and
    /// `pass` every face-up card; positions where a card can only be passed do occur (and `play` leaves it out).
    #[test]
    fn play_offers_only_cards_that_can_do_something() {
        let mut pass_only = 0;
        for seed in 0..60 {
            let mut game = Meridian::new(Board::standard_for(2), shuffled_decks(2, seed)).unwrap();
            let mut chooser = Shuffler::new(seed);
            while let Some(seat) = game.to_move() {
                let legal = game.legal_moves();
                let mut face_up: Vec<String> =
                    game.players()[usize::from(seat)].face_up.iter().map(|c| c.to_string()).collect();
                face_up.sort();
                face_up.dedup();
                let mut passing = cards_offered(&legal, false);
                passing.sort();
                assert_eq!(passing, face_up);
                let playing = cards_offered(&legal, true);
                for card in &face_up {
                    let acts = legal.iter().any(|m| m.card.to_string() == *card && !m.is_pass());
                    assert_eq!(playing.contains(card), acts, "{card} under play");
                    pass_only += usize::from(!acts);
                }
                let mv = legal[chooser.below(legal.len() as u64) as usize];
                game.play(seat, &mv).unwrap();
            }
        }
        assert!(pass_only > 0, "no position had a card that can only be passed");
    }
}
