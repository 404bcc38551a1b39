//! The commands every game has, registered under each game's root (hand, board, status, games, log, resign,
//! computer, substitute, rejoin, undo, abandon, export, rules). Inside a game's thread they act on that game, whichever root they were typed
//! under.

use super::context::{
    author, author_user, guild, lang, option_user, root_of, say, which_game, Context, Error, Refusal,
};
use super::controls::private_view;
use super::start::LevelChoice;
use super::text::{attachment, fit_newest, in_messages};
use crate::language::{Arg, Lang, List, Text};
use crate::service::{Level, Place, Service};
use crate::text;
use poise::serenity_prelude as serenity;
use poise::CreateReply;

/// Your cards (or the board, in games without), privately, with the controls to play on your turn.
#[poise::command(slash_command)]
pub async fn hand(ctx: Context<'_>, game: Option<i64>, text: Option<bool>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let user_id = author(ctx);
    let service = &ctx.data().service;
    let in_words = text.unwrap_or(false);
    let (said, mut picture, mut controls) = private_view(service, id, user_id, lang(ctx).await, in_words).await?;
    let last = said.len().saturating_sub(1);
    for (i, said) in said.into_iter().enumerate() {
        let mut reply = CreateReply::default().ephemeral(true).content(said);
        // The picture and the menus come with the last message, under all the words.
        if i == last {
            reply.attachments.extend(picture.take());
            reply.components = controls.take();
        }
        ctx.send(reply).await?;
    }
    Ok(())
}

/// The board as it stands (in words and privately with text:True, for a screen reader).
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>, game: Option<i64>, text: Option<bool>) -> Result<(), Error> {
    // Refusals (no such game, not started) come before the public defer: after it, Discord would show them to all.
    let id = which_game(ctx, game).await?;
    ctx.data().service.check_started(id).await?;
    if text.unwrap_or(false) {
        ctx.defer_ephemeral().await?;
        let lang = lang(ctx).await;
        for said in in_messages(&ctx.data().service.board_words(id, lang).await?, lang) {
            ctx.send(CreateReply::default().ephemeral(true).content(said)).await?;
        }
        return Ok(());
    }
    ctx.defer().await?;
    let picture = ctx.data().service.board_picture(id).await?;
    ctx.send(CreateReply::default().attachment(attachment(picture, "board.png"))).await?;
    Ok(())
}

/// Whose turn it is and the scores so far.
#[poise::command(slash_command)]
pub async fn status(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
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
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
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
pub async fn log(ctx: Context<'_>, count: Option<u8>, game: Option<i64>) -> Result<(), Error> {
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
pub async fn resign(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    ctx.data().service.resign(id, author(ctx)).await?;
    ctx.data().wake.changed();
    say(ctx, text!("discord-resigned", game = id)).await?;
    Ok(())
}

/// Hand a player's seat to a computer for the rest of the game (the host, or that player).
#[poise::command(slash_command)]
pub async fn computer(
    ctx: Context<'_>,
    player: serenity::User,
    level: Option<LevelChoice>,
    game: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let level = level.map_or(Level::DEFAULT, Level::from);
    let text = ctx.data().service.hand_to_computer(id, author(ctx), &option_user(ctx, &player), level).await?;
    ctx.data().wake.changed();
    say(ctx, text).await?;
    Ok(())
}

/// Where the author may manage threads, if they may: Discord gives a member's permissions in the channel where the
/// command was typed, so they count only there.
pub(super) fn moderating(ctx: Context<'_>) -> Option<Place> {
    let may_manage = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().and_then(|m| m.permissions).is_some_and(|p| p.manage_threads())
        }
        poise::Context::Prefix(_) => false,
    };
    let here = Place { guild_id: guild(ctx), channel_id: ctx.channel_id().get() as i64, lang: Lang::En };
    may_manage.then_some(here)
}

/// A substitute takes a player's seat, once they accept (the host, that player, or a thread manager).
#[poise::command(slash_command)]
pub async fn substitute(
    ctx: Context<'_>,
    player: serenity::User,
    new: serenity::User,
    game: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    if new.bot {
        return Err(Refusal(text!("discord-substitute-bot", name = new.name.clone())).into());
    }
    let said = ctx
        .data()
        .service
        .offer_seat(id, author(ctx), moderating(ctx), &option_user(ctx, &player), &option_user(ctx, &new))
        .await?;
    ctx.data().wake.changed();
    say(ctx, said).await?;
    Ok(())
}

/// Take back your seat from the computer playing it (the host agrees, if the host handed it over).
#[poise::command(slash_command)]
pub async fn rejoin(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let said = ctx.data().service.rejoin(id, &author_user(ctx).await).await?;
    ctx.data().wake.changed();
    say(ctx, said).await?;
    Ok(())
}

/// Ask to take back your last move: the other players agree within a day, if the rules allow it.
#[poise::command(slash_command)]
pub async fn undo(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let said = ctx.data().service.ask_undo(id, &author_user(ctx).await).await?;
    ctx.data().wake.changed();
    say(ctx, said).await?;
    Ok(())
}

/// End a game for everyone (its host, or someone who may manage threads in the game's channel).
#[poise::command(slash_command)]
pub async fn abandon(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    ctx.data().service.abandon(id, author(ctx), moderating(ctx)).await?;
    ctx.data().wake.changed();
    say(ctx, text!("discord-abandoned", game = id)).await?;
    Ok(())
}

/// The game as its thread showed it, animated (or moves from–to), privately.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    game: Option<i64>,
    #[min = 0] from: Option<i64>,
    #[min = 0] to: Option<i64>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let lang = lang(ctx).await;
    let replay = ctx.data().service.animation(id, (from, to), lang).await?;
    let mut said = lang.say(&text!("discord-replay", game = id, from = replay.from, to = replay.to));
    if let Some(thinned) = replay.thinned() {
        said = format!("{said}\n{}", lang.say(&thinned));
    }
    let picture = attachment(replay.picture, &format!("game-{id}.gif"));
    ctx.send(CreateReply::default().content(said).attachment(picture).ephemeral(true)).await?;
    Ok(())
}

/// The game's record as a JSON file (once the game is over).
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let record = ctx.data().service.export(id).await?;
    let file = serenity::CreateAttachment::bytes(record.json.into_bytes(), record.file_name);
    let said = lang(ctx).await.say(&text!("discord-record", game = id));
    ctx.send(CreateReply::default().content(said).attachment(file).ephemeral(true)).await?;
    Ok(())
}

/// How to play, in short, with an example board.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let front = root_of(ctx);
    let lang = lang(ctx).await;
    let picture = attachment(Service::example_picture(front.kind, lang).await?, "example.png");
    ctx.send(CreateReply::default().content(lang.word(front.rules)).attachment(picture).ephemeral(true)).await?;
    Ok(())
}
