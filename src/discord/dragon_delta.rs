//! `/delta …`: Dragon Delta's own commands (start, program) under its root, beside the shared ones. A programme can
//! also be built with clicks in the DM every player gets when programmes are due; each choice while the round
//! resolves comes by DM (or the thread's "My view" button) as menus of the labels on the board.

use super::shared::{self, author, typed_options, which_game, Refusal};
use super::text::quote;
use super::{Context, Data, Error};
use crate::rules::dragon_delta::card::{Card, PROGRAMME};
use crate::rules::dragon_delta::{Action, DragonDelta};
use crate::service::adapter::Choice;
use crate::service::games::dragon_delta::{DragonDeltaGame, Options};
use crate::service::TurnClock;
use crate::text;
use poise::serenity_prelude as serenity;

/// Play Dragon Delta: race your pawn across the river, programming five cards in secret each round.
#[poise::command(slash_command)]
pub async fn delta(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

impl super::Front for DragonDeltaGame {
    const COMMAND: &'static str = "delta";
    const RULES: &'static str = "dd-rules";
    fn root() -> poise::Command<Data, Error> {
        shared::root(delta(), vec![start(), program()])
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
    level: Option<shared::LevelChoice>,
    language: Option<shared::LanguageChoice>,
) -> Result<(), Error> {
    let clock = TurnClock { turn_limit_days: turn_limit, choice_limit_hours: choice_limit, ..TurnClock::default() };
    let computers = shared::computers(computer, level);
    shared::open(ctx, &[player2, player3, player4, player5, player6], Options { clock }, &computers, language).await
}

/// The cards of a typed programme: names separated by spaces or commas.
fn words(text: &str) -> Vec<&str> {
    text.split([' ', ',']).filter(|w| !w.is_empty()).collect()
}

fn programme(text: &str) -> Result<Action, Error> {
    let cards = words(text)
        .into_iter()
        .map(|w| {
            w.to_lowercase().parse::<Card>().map_err(|_| Refusal(text!("dd-unknown-card", card = quote(w))).into())
        })
        .collect::<Result<Vec<Card>, Error>>()?;
    let program: [Card; PROGRAMME] =
        cards.try_into().map_err(|cards: Vec<Card>| Refusal(text!("dd-programme-length", count = cards.len())))?;
    Ok(Action::Program { program })
}

/// The programmes typed so far, completed by each card the author may still add (from the programme menus).
async fn complete_cards(ctx: Context<'_>, partial: &str) -> Vec<String> {
    let game = typed_options(ctx).get("game").and_then(|g| g.parse().ok());
    let Ok(id) = which_game(ctx, game).await else { return Vec::new() };
    let typed = words(partial);
    // The last word may be half typed: complete it unless it is a whole card followed by a separator.
    let ends_whole = partial.ends_with([' ', ',']);
    let (done, half) = match typed.split_last() {
        Some((last, rest)) if !ends_whole => (rest.to_vec(), last.to_lowercase()),
        _ => (typed.clone(), String::new()),
    };
    let service = &ctx.data().service;
    let Ok(Some((_, Choice::Menu { options, .. }))) = service.choices(id, author(ctx), None, &done).await else {
        return Vec::new();
    };
    let prefix: String = done.iter().map(|w| format!("{w} ")).collect();
    options
        .into_iter()
        .filter(|o| o.value.starts_with(&half))
        .take(25)
        .map(|o| format!("{prefix}{}", o.value))
        .collect()
}

/// Lay your programme for this round: five cards in order (final once laid).
#[poise::command(slash_command)]
async fn program(
    ctx: Context<'_>,
    #[autocomplete = "complete_cards"] cards: String,
    game: Option<i64>,
) -> Result<(), Error> {
    let action = programme(&cards)?;
    shared::act::<DragonDelta>(ctx, game, |_| Ok(vec![action])).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_programmes_read_by_name_with_spaces_or_commas() {
        let Action::Program { program } = programme("stone, plank Dragon-red move move-2").unwrap() else { panic!() };
        assert_eq!(program.map(|c| c.to_string()), ["stone", "plank", "dragon-red", "move", "move-2"]);
        let short = programme("stone plank").unwrap_err().to_string();
        assert!(short.contains("not 2"), "{short}");
        let unknown = programme("stone plank fly move jump").unwrap_err().to_string();
        assert!(unknown.starts_with("There is no card \"fly\": the cards are stone"), "{unknown}");
    }
}
