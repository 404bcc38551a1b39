//! `/meridian …`: Meridian's own commands (start, play, pass, with autocomplete of legal values only) under its
//! root, beside the shared ones.

use super::context::{Context, Data, Error};
use super::start::{self, ColoursChoice, LanguageChoice, LevelChoice, UndoChoice};
use super::{commands, moves};
use crate::service::game::any::Listed;
use crate::service::game::games::meridian::{MeridianGame, Options};
use poise::serenity_prelude as serenity;

/// Play Meridian: a game of islands, towers and pushing, over days.
#[poise::command(slash_command)]
pub async fn meridian(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

impl super::Front for MeridianGame {
    const RULES: &'static str = "meridian-rules";
    fn root() -> poise::Command<Data, Error> {
        commands::root(meridian(), vec![start(), play(), pass()], Self::LISTED, Self::RULES)
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardChoice {
    Five,
    Four,
}

/// Open a game of Meridian here: a lobby to join, with the players you name invited.
#[poise::command(slash_command)]
// A slash command's options are its arguments.
#[allow(clippy::too_many_arguments)]
async fn start(
    ctx: Context<'_>,
    player2: Option<serenity::User>,
    player3: Option<serenity::User>,
    player4: Option<serenity::User>,
    board: Option<BoardChoice>,
    #[min = 1]
    #[max = 14]
    turn_limit: Option<u32>,
    #[min = 1]
    #[max = 3]
    computer: Option<u32>,
    level: Option<LevelChoice>,
    language: Option<LanguageChoice>,
    colours: Option<ColoursChoice>,
    undo: Option<UndoChoice>,
    #[min = 0]
    #[max = 100]
    min_reliability: Option<u32>,
) -> Result<(), Error> {
    let board = board.map(|b| match b {
        BoardChoice::Five => "standard-5",
        BoardChoice::Four => "standard-4",
    });
    let clock = start::clock(turn_limit, undo, min_reliability);
    let players = [player2, player3, player4];
    start::open(ctx, &players, Options::new(board, clock), &start::computers(computer, level), language, colours).await
}

// The moves' autocomplete: each option offers what the others leave legal.
moves::complete!(
    complete_card: words "card",
    complete_meridian: numbers "meridian",
    complete_take_back: numbers "take_back",
    complete_height: numbers "height",
    complete_row: numbers "row",
);

/// Play a card: take back and/or place a tower on a meridian it allows.
#[poise::command(slash_command)]
async fn play(
    ctx: Context<'_>,
    #[autocomplete = "complete_card"] card: String,
    #[autocomplete = "complete_meridian"] meridian: i64,
    #[autocomplete = "complete_take_back"] take_back: Option<i64>,
    #[autocomplete = "complete_height"] height: Option<i64>,
    #[autocomplete = "complete_row"] row: Option<i64>,
    game: Option<i64>,
) -> Result<(), Error> {
    let typed = moves::command(ctx).with("card", Some(card)).with("meridian", Some(meridian));
    let typed = typed.with("take_back", take_back).with("height", height).with("row", row);
    moves::act(ctx, game, typed).await
}

/// Pass: discard a face-up card and place nothing.
#[poise::command(slash_command)]
async fn pass(
    ctx: Context<'_>,
    #[autocomplete = "complete_card"] card: String,
    game: Option<i64>,
) -> Result<(), Error> {
    moves::act(ctx, game, moves::command(ctx).with("card", Some(card))).await
}
