//! `/contrees …`: Contrées' own commands (start, lay, place, pass) under its root, beside the shared ones. Lands,
//! positions and spots are named by the labels on the pictures, and every option autocompletes legal labels only.

use super::context::{Context, Data, Error};
use super::start::{self, ColoursChoice, LanguageChoice, LevelChoice, UndoChoice};
use super::{commands, moves};
use crate::service::game::any::Listed;
use crate::service::game::games::contrees::{ContreesGame, Options};
use poise::serenity_prelude as serenity;

/// Play Contrées: lay a territory of hexagons, then take its lands with towers on their corners.
#[poise::command(slash_command)]
pub async fn contrees(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

impl super::Front for ContreesGame {
    const RULES: &'static str = "contrees-rules";
    fn root() -> poise::Command<Data, Error> {
        commands::root(contrees(), vec![start(), lay(), place(), pass()], Self::LISTED, Self::RULES)
    }
}

/// Open a game of Contrées here: a lobby for two, with the player you name invited.
#[poise::command(slash_command)]
// A slash command's options are its arguments.
#[allow(clippy::too_many_arguments)]
async fn start(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    expert: Option<bool>,
    #[min = 1]
    #[max = 14]
    turn_limit: Option<u32>,
    #[min = 1]
    #[max = 1]
    computer: Option<u32>,
    level: Option<LevelChoice>,
    language: Option<LanguageChoice>,
    colours: Option<ColoursChoice>,
    undo: Option<UndoChoice>,
    #[min = 0]
    #[max = 100]
    min_reliability: Option<u32>,
) -> Result<(), Error> {
    let clock = start::clock(turn_limit, undo, min_reliability);
    let computers = start::computers(computer, level);
    start::open(ctx, &[opponent], Options { expert: expert.unwrap_or(false), clock }, &computers, language, colours)
        .await
}

/// Which of the two lands is the white one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum White {
    First,
    Second,
}

// The moves' autocomplete: each option offers what the others leave legal.
moves::complete!(complete_first: words "first", complete_second: words "second", complete_spot: words "spot");

/// Phase 1: lay your two lands of this turn, by the labels on the board.
#[poise::command(slash_command)]
async fn lay(
    ctx: Context<'_>,
    #[autocomplete = "complete_first"] first: String,
    #[autocomplete = "complete_second"] second: String,
    white: Option<White>,
    game: Option<i64>,
) -> Result<(), Error> {
    let white = white.map(|w| match w {
        White::First => "first",
        White::Second => "second",
    });
    let typed = moves::command(ctx).with("first", Some(first)).with("second", Some(second)).with("white", white);
    moves::act(ctx, game, typed).await
}

/// Phase 2: build a tower on a free corner, by its label on the board.
#[poise::command(slash_command)]
async fn place(
    ctx: Context<'_>,
    #[autocomplete = "complete_spot"] spot: String,
    game: Option<i64>,
) -> Result<(), Error> {
    moves::act(ctx, game, moves::command(ctx).with("spot", Some(spot))).await
}

/// Phase 2: pass (only with no tower left or no corner open to you).
#[poise::command(slash_command)]
async fn pass(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    moves::act(ctx, game, moves::command(ctx)).await
}
