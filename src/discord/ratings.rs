//! Ratings on Discord: `/… leaderboard [period]` and `/… profile [player]` (`stats` as before, now the profile),
//! for the game whose root they were typed under, on the server they were typed in.

use super::context::{guild, option_user, root_of, say, Context, Error};
use crate::language::{List, Text};
use crate::ratings::{Rated, Shown};
use crate::service::game::Kind;
use crate::service::ratings::{Leaderboard, Period, Standing, LEADERBOARD_TOP};
use crate::service::seat::fair_play::reliability_words;
use crate::text;
use poise::serenity_prelude as serenity;

/// How far back a leaderboard looks, as the command offers it.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PeriodChoice {
    AllTime,
    Month,
    Year,
}

/// The periods' lengths in days.
pub const MONTH_DAYS: u16 = 30;
pub const YEAR_DAYS: u16 = 365;

impl From<PeriodChoice> for Period {
    fn from(choice: PeriodChoice) -> Period {
        match choice {
            PeriodChoice::AllTime => Period::AllTime,
            PeriodChoice::Month => Period::Days(MONTH_DAYS),
            PeriodChoice::Year => Period::Days(YEAR_DAYS),
        }
    }
}

fn line(standing: &Standing) -> Text {
    text!(
        "discord-leaderboard-line",
        rank = standing.rank,
        name = &standing.name,
        rating = standing.shown.to_string(),
        games = standing.games
    )
}

/// The leaderboard in words.
pub fn leaderboard_text(kind: Kind, period: Period, board: &Leaderboard) -> Text {
    let period = match period {
        Period::AllTime => text!("discord-leaderboard-all-time"),
        Period::Days(days) => text!("discord-leaderboard-days", days = days),
    };
    if board.top.is_empty() {
        return text!("discord-leaderboard-empty", game = kind.title(), period = period);
    }
    let mut lines: Vec<Text> = board.top.iter().map(line).collect();
    lines.extend(board.own.iter().map(line));
    text!(
        "discord-leaderboard",
        game = kind.title(),
        period = period,
        lines = List::Lines(lines.into_iter().map(Into::into).collect())
    )
}

/// The server's best players in this game, and your own place.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>, period: Option<PeriodChoice>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let (kind, period) = (root_of(ctx).kind, period.map_or(Period::AllTime, Period::from));
    let caller = Rated::Person(ctx.author().id.get() as i64);
    let service = &ctx.data().service;
    let board = service.leaderboard(guild(ctx), kind, period, LEADERBOARD_TOP, Some(caller)).await?;
    let text = leaderboard_text(kind, period, &board);
    match service.leaderboard_url(guild(ctx), kind).await? {
        Some(url) => say(ctx, text!("discord-leaderboard-page", leaderboard = text, url = format!("<{url}>"))).await,
        None => say(ctx, text).await,
    }
}

/// A player's rating in this game, its history, games, wins, favourite opponents and recent games.
#[poise::command(slash_command)]
pub async fn profile(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    show_profile(ctx, player).await
}

/// The profile, under the name players knew before ratings.
#[poise::command(slash_command)]
pub async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    show_profile(ctx, player).await
}

async fn show_profile(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let who = player.as_ref().unwrap_or(ctx.author());
    let (kind, name) = (root_of(ctx).kind, option_user(ctx, who).name);
    let profile = ctx.data().service.profile(guild(ctx), kind, Rated::Person(who.id.get() as i64)).await?;
    let mut after = vec![reliability_words(&profile.reliability).into()];
    let puzzles = profile.puzzles;
    if puzzles.tried > 0 {
        let (solved, tried, streak) = (puzzles.solved, puzzles.tried, puzzles.streak);
        after.push(text!("discord-profile-puzzles", solved = solved, tried = tried, streak = streak).into());
    }
    let Some((rating, rank)) = profile.rating else {
        let none = text!("discord-profile-none", name = name, game = kind.title());
        return say(ctx, text!("play-lines", lines = List::Lines([vec![none.into()], after].concat()))).await;
    };
    let history = profile.history.iter().map(Shown::to_string).collect::<Vec<_>>().join(" → ");
    let opponents: Vec<Text> = profile
        .opponents
        .iter()
        .map(|(name, games)| text!("discord-profile-opponent", name = name, games = *games))
        .collect();
    let recent: Vec<Text> = profile
        .recent
        .iter()
        .map(|game| {
            let (before, after) = (game.change.before.to_string(), game.change.after.to_string());
            let line = text!(
                "discord-profile-game",
                game = game.game_id,
                place = game.place,
                before = before,
                after = after,
                change = game.change.difference()
            );
            match &game.page {
                Some(url) => text!("discord-profile-game-page", line = line, url = format!("<{url}>")),
                None => line,
            }
        })
        .collect();
    let text = text!(
        "discord-profile",
        name = name,
        game = kind.title(),
        rating = rating.to_string(),
        rank = rank,
        games = profile.games,
        wins = profile.wins,
        history = history,
        opponents = List::Commas(opponents.into_iter().map(Into::into).collect()),
        recent = List::Lines(recent.into_iter().map(Into::into).collect())
    );
    say(ctx, text!("play-lines", lines = List::Lines([vec![text.into()], after].concat()))).await
}
