//! `/delta …`: Dragon Delta's own commands (start, program) under its root, beside the shared ones. A programme can
//! also be built with clicks in the DM every player gets when programmes are due; each choice while the round
//! resolves comes by DM (or the thread's "My view" button) as menus of the labels on the board.

use super::context::{Context, Data, Error};
use super::start::{self, ColoursChoice, LanguageChoice, LevelChoice, UndoChoice};
use super::{commands, moves};
use crate::service::game::any::Listed;
use crate::service::game::games::dragon_delta::{DragonDeltaGame, Options};
use crate::service::TurnClock;
use poise::serenity_prelude as serenity;

/// Play Dragon Delta: race your pawn across the river, programming five cards in secret each round.
#[poise::command(slash_command)]
pub async fn delta(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

impl super::Front for DragonDeltaGame {
    const RULES: &'static str = "dd-rules";
    fn root() -> poise::Command<Data, Error> {
        commands::root(delta(), vec![start(), program()], Self::LISTED, Self::RULES)
    }
}

/// Open a game of Dragon Delta here: a lobby to join, with the players you name invited.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
async fn start(
    ctx: Context<'_>,
    player2: Option<serenity::User>,
    player3: Option<serenity::User>,
    player4: Option<serenity::User>,
    player5: Option<serenity::User>,
    player6: Option<serenity::User>,
    #[min = 1]
    #[max = 14]
    turn_limit: Option<u32>,
    #[min = 1]
    #[max = 72]
    choice_limit: Option<u32>,
    #[min = 1]
    #[max = 5]
    computer: Option<u32>,
    level: Option<LevelChoice>,
    language: Option<LanguageChoice>,
    colours: Option<ColoursChoice>,
    undo: Option<UndoChoice>,
    #[min = 0]
    #[max = 100]
    min_reliability: Option<u32>,
) -> Result<(), Error> {
    let clock = TurnClock { choice_limit_hours: choice_limit, ..start::clock(turn_limit, undo, min_reliability) };
    let computers = start::computers(computer, level);
    start::open(ctx, &[player2, player3, player4, player5, player6], Options { clock }, &computers, language, colours)
        .await
}

// The moves' autocomplete: each option offers what the others leave legal.
moves::complete!(complete_cards: words "cards");

/// Lay your programme for this round: five cards in order (final once laid).
#[poise::command(slash_command)]
async fn program(
    ctx: Context<'_>,
    #[autocomplete = "complete_cards"] cards: String,
    game: Option<i64>,
) -> Result<(), Error> {
    moves::act(ctx, game, moves::command(ctx).with("cards", Some(cards))).await
}
