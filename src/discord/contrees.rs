//! `/contrees …`: Contrées' own commands (start, lay, place, pass) under its root, beside the shared ones. Lands,
//! positions and spots are named by the labels on the pictures, and every option autocompletes legal labels only.

use super::shared::{self, author, typed_options, which_game, Refusal};
use super::text::quote;
use super::{Context, Data, Error};
use crate::rules::contrees::{Action, Contrees, MoveError};
use crate::service::any;
use crate::service::games::contrees::{ContreesGame, Options};
use crate::service::{ServiceError, TurnClock};
use crate::text;
use poise::serenity_prelude as serenity;

/// Play Contrées: lay a territory of hexagons, then take its lands with towers on their corners.
#[poise::command(slash_command)]
pub async fn contrees(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

impl super::Front for ContreesGame {
    const COMMAND: &'static str = "contrees";
    const RULES: &'static str = "contrees-rules";
    fn root() -> poise::Command<Data, Error> {
        shared::root(contrees(), vec![start(), lay(), place(), pass()])
    }
}

/// Open a game of Contrées here: a lobby for two, with the player you name invited.
#[poise::command(slash_command)]
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
    level: Option<shared::LevelChoice>,
    language: Option<shared::LanguageChoice>,
) -> Result<(), Error> {
    let clock = TurnClock { turn_limit_days: turn_limit, ..TurnClock::default() };
    let computers = shared::computers(computer, level);
    shared::open(ctx, &[opponent], Options { expert: expert.unwrap_or(false), clock }, &computers, language).await
}

/// Which of the two lands is the white one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum White {
    First,
    Second,
}

/// The rule a land broke, said as the service says a refused move (in the game's words: labels of the board).
fn refused(game: &Contrees, error: MoveError) -> Error {
    ServiceError::Illegal(any::refused::<ContreesGame>(game, error)).into()
}

/// The lands of this turn from their labels: each label read on the territory as it is when that land is laid (so
/// each land is laid on a copy to read the next label; the move itself is played by the service).
fn lands(game: &Contrees, labels: &[&str], white: Option<White>) -> Result<Vec<Action>, Error> {
    let Some(seat) = game.to_move() else { return Err(Refusal(text!("discord-game-over")).into()) };
    if game.phase() == 2 {
        return Err(Refusal(text!("contrees-lands-laid")).into());
    }
    let mut after = game.clone();
    let mut actions = Vec::new();
    for (i, label) in labels.iter().take(game.lands_this_turn()).enumerate() {
        let land =
            after.position_at(label).ok_or_else(|| Refusal(text!("contrees-no-free-place", label = quote(label))))?;
        let white = matches!((white, i), (Some(White::First), 0) | (Some(White::Second), 1));
        let action = Action::Land { land, white };
        after.play(seat, &action).map_err(|e| refused(&after, e))?;
        actions.push(action);
    }
    Ok(actions)
}

/// The game's state, for autocomplete (nothing when it cannot be read).
async fn state(ctx: Context<'_>) -> Option<Contrees> {
    let game = typed_options(ctx).get("game").and_then(|g| g.parse().ok());
    let id = which_game(ctx, game).await.ok()?;
    let table = ctx.data().service.game(id).await.ok()?;
    if !table.due().contains(table.seat_of(author(ctx))?) {
        return None;
    }
    table.state::<Contrees>().cloned()
}

/// Labels starting with what was typed, case-blind, at most 25 (Discord's limit).
fn offered(labels: impl Iterator<Item = String>, partial: &str) -> Vec<String> {
    let partial = partial.trim().to_uppercase();
    labels.filter(|l| l.starts_with(&partial)).take(25).collect()
}

async fn complete_first(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let Some(game) = state(ctx).await else { return Vec::new() };
    offered(game.open_places().into_iter().map(|p| p.label), partial)
}

/// The places for the second land, once the first is laid where `first:` says.
async fn complete_second(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let Some(mut game) = state(ctx).await else { return Vec::new() };
    let first = typed_options(ctx).get("first").cloned().unwrap_or_default();
    let (Some(seat), Some(land)) = (game.to_move(), game.position_at(&first)) else { return Vec::new() };
    let laid = [false, true].into_iter().any(|white| game.play(seat, &Action::Land { land, white }).is_ok());
    if !laid {
        return Vec::new();
    }
    offered(game.open_places().into_iter().map(|p| p.label), partial)
}

async fn complete_spot(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let Some(game) = state(ctx).await else { return Vec::new() };
    offered(game.open_spots().into_iter().map(|s| s.0), partial)
}

/// Phase 1: lay your two lands of this turn, by the labels on the board.
#[poise::command(slash_command)]
async fn lay(
    ctx: Context<'_>,
    #[autocomplete = "complete_first"] first: String,
    #[autocomplete = "complete_second"] second: String,
    white: Option<White>,
    game: Option<i64>,
) -> Result<(), Error> {
    shared::act::<Contrees>(ctx, game, |state| lands(state, &[&first, &second], white)).await
}

/// Phase 2: build a tower on a free corner, by its label on the board.
#[poise::command(slash_command)]
async fn place(
    ctx: Context<'_>,
    #[autocomplete = "complete_spot"] spot: String,
    game: Option<i64>,
) -> Result<(), Error> {
    shared::act::<Contrees>(ctx, game, |state| {
        let at = state.spot_at(&spot).ok_or_else(|| Refusal(text!("contrees-no-corner", spot = quote(&spot))))?;
        Ok(vec![Action::tower(at)])
    })
    .await
}

/// Phase 2: pass (only with no tower left or no corner open to you).
#[poise::command(slash_command)]
async fn pass(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    shared::act::<Contrees>(ctx, game, |_| Ok(vec![Action::PASS])).await
}
