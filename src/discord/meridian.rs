//! `/meridian …`: Meridian's own commands (start, play, pass, with autocomplete of legal values only) under its
//! root, beside the shared ones.

use super::shared::{self, author, lang, typed_options, which_game, Refusal};
use super::text::quote;
use super::{Context, Data, Error};
use crate::rules::meridian::record::BoardSpec;
use crate::rules::meridian::{Card, Meridian, Move, Placement};
use crate::service::games::meridian::{MeridianGame, Options};
use crate::service::TurnClock;
use crate::text;
use poise::serenity_prelude as serenity;

/// Play Meridian: a game of islands, towers and pushing, over days.
#[poise::command(slash_command)]
pub async fn meridian(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

impl super::Front for MeridianGame {
    const COMMAND: &'static str = "meridian";
    const RULES: &'static str = "meridian-rules";
    fn root() -> poise::Command<Data, Error> {
        shared::root(meridian(), vec![start(), play(), pass()])
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
    level: Option<shared::LevelChoice>,
    language: Option<shared::LanguageChoice>,
) -> Result<(), Error> {
    let board = board.map(|b| {
        BoardSpec::Name(match b {
            BoardChoice::Five => "standard-5".into(),
            BoardChoice::Four => "standard-4".into(),
        })
    });
    let clock = TurnClock { turn_limit_days: turn_limit, ..TurnClock::default() };
    shared::open(
        ctx,
        &[player2, player3, player4],
        Options { board, clock },
        &shared::computers(computer, level),
        language,
    )
    .await
}

/// Legal moves of the author that agree with the other options typed so far (all but `this`).
async fn matching_moves(ctx: Context<'_>, this: &str) -> Vec<Move> {
    let typed = typed_options(ctx);
    let game = typed.get("game").and_then(|g| g.parse().ok());
    let Ok(id) = which_game(ctx, game).await else { return Vec::new() };
    let Ok(moves) = ctx.data().service.legal_moves::<Meridian>(id, author(ctx)).await else { return Vec::new() };
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
    let lang = lang(ctx).await;
    let moves = matching_moves(ctx, "meridian").await;
    distinct(moves.iter().filter(|m| !m.is_pass()).filter_map(|m| m.meridian))
        .into_iter()
        .map(|m| serenity::AutocompleteChoice::new(lang.say(&text!("meridian-meridian", meridian = m)), i64::from(m)))
        .collect()
}

async fn complete_take_back(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let lang = lang(ctx).await;
    let moves = matching_moves(ctx, "take_back").await;
    distinct(moves.iter().filter_map(|m| m.take_back.zip(m.meridian)))
        .into_iter()
        .map(|(row, m)| {
            let label = lang.say(&text!("meridian-your-tower", city = format!("{m}.{row}")));
            serenity::AutocompleteChoice::new(label, i64::from(row))
        })
        .collect()
}

async fn complete_height(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let lang = lang(ctx).await;
    let moves = matching_moves(ctx, "height").await;
    let mut heights = distinct(moves.iter().filter_map(|m| m.place.map(|p| p.height)));
    heights.sort_unstable();
    heights
        .into_iter()
        .take(25)
        .map(|h| serenity::AutocompleteChoice::new(lang.say(&text!("meridian-floors", floors = h)), i64::from(h)))
        .collect()
}

async fn complete_row(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let lang = lang(ctx).await;
    let moves = matching_moves(ctx, "row").await;
    let mut cities = distinct(moves.iter().filter_map(|m| m.place.zip(m.meridian)).map(|(p, m)| (m, p.row)));
    cities.sort_unstable();
    let city = |m: u8, r: u8| lang.say(&text!("meridian-city", city = format!("{m}.{r}")));
    cities.into_iter().map(|(m, r)| serenity::AutocompleteChoice::new(city(m, r), i64::from(r))).collect()
}

fn parse_card(card: &str) -> Result<Card, Error> {
    card.parse::<Card>().map_err(|_| Refusal(text!("meridian-no-such-card", card = quote(card))).into())
}

fn small(value: Option<i64>, what: &str) -> Result<Option<u8>, Error> {
    let out_of_range = |v: i64| Refusal(text!("meridian-out-of-range", what = what, value = v)).into();
    value.map(|v| u8::try_from(v).map_err(|_| out_of_range(v))).transpose()
}

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
    let place = match (small(height, "height")?, small(row, "row")?) {
        (Some(height), Some(row)) => Some(Placement { height, row }),
        (None, None) => None,
        _ => return Err(Refusal(text!("meridian-height-and-row")).into()),
    };
    let take_back = small(take_back, "row")?;
    if place.is_none() && take_back.is_none() {
        return Err(Refusal(text!("meridian-nothing-to-do")).into());
    }
    let mv = Move { card: parse_card(&card)?, meridian: small(Some(meridian), "meridian")?, take_back, place };
    shared::act::<Meridian>(ctx, game, |_| Ok(vec![mv])).await
}

/// Pass: discard a face-up card and place nothing.
#[poise::command(slash_command)]
async fn pass(
    ctx: Context<'_>,
    #[autocomplete = "complete_card"] card: String,
    game: Option<i64>,
) -> Result<(), Error> {
    let mv = Move::pass(parse_card(&card)?);
    shared::act::<Meridian>(ctx, game, |_| Ok(vec![mv])).await
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
