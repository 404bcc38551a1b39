//! A game's typed move commands and their autocomplete, the same for every game: the command's options go to the
//! service as typed ([`Typed`]), and the service answers for the author's seat (the move played, a refusal, or the
//! legal values to offer). No game's rules are read here.

use super::context::{caller, lang, root_of, say, typed_options, which_game, Context, Error};
use super::text::fit_label;
use crate::service::{Answer, Ask, Opt, Typed};
use crate::text;
use poise::serenity_prelude as serenity;

/// The command typed, as the service reads it: the game of its root and its name, its options to be added.
pub fn command(ctx: Context<'_>) -> Typed {
    Typed::new(root_of(ctx).kind, &ctx.command().name)
}

/// The command being typed, for autocomplete: with every option given so far, as typed.
fn typed(ctx: Context<'_>) -> Typed {
    let options = typed_options(ctx).into_iter().filter(|(name, _)| name != "game");
    options.fold(command(ctx), |typed, (name, value)| typed.with(&name, Some(value)))
}

/// Plays the move the author typed (`typed`: the command with its options), and says what happened.
pub async fn act(ctx: Context<'_>, game: Option<i64>, typed: Typed) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let acted = match ctx.data().service.step(&caller(ctx, id).await, Ask::Typed(&typed)).await? {
        Answer::Played(acted) => acted,
        other => anyhow::bail!("a typed move was answered with no move: {other:?}"),
    };
    ctx.data().wake.changed();
    let text =
        if acted.duplicate { text!("discord-already-played") } else { text!("discord-played", moves = acted.text) };
    say(ctx, text).await
}

/// The legal values of the option `option` for the author, given what is typed (nothing when the game cannot be
/// found or read: autocomplete has no way to say why).
async fn offered(ctx: Context<'_>, option: &str) -> Vec<Opt> {
    let game = typed_options(ctx).get("game").and_then(|g| g.parse().ok());
    let Ok(id) = which_game(ctx, game).await else { return Vec::new() };
    let caller = caller(ctx, id).await;
    ctx.data().service.complete(&caller, &typed(ctx), option).await.unwrap_or_default()
}

/// Autocomplete callbacks (poise names each by its function): `complete!(complete_card: words "card", …)` answers
/// option `card` with [`words`].
macro_rules! complete {
    ($($name:ident: $how:ident $option:literal),* $(,)?) => {
        $(async fn $name(ctx: Context<'_>, _partial: &str) -> Vec<serenity::AutocompleteChoice> {
            moves::$how(ctx, $option).await
        })*
    };
}
pub(super) use complete;

/// Autocomplete of a text option: its values, each named in the author's language.
pub async fn words(ctx: Context<'_>, option: &str) -> Vec<serenity::AutocompleteChoice> {
    let lang = lang(ctx).await;
    let offered = offered(ctx, option).await.into_iter();
    offered.map(|o| serenity::AutocompleteChoice::new(fit_label(&lang.say(&o.label), lang), o.value)).collect()
}

/// Autocomplete of a number option: its values as numbers, each named in the author's language.
pub async fn numbers(ctx: Context<'_>, option: &str) -> Vec<serenity::AutocompleteChoice> {
    let lang = lang(ctx).await;
    let offered = offered(ctx, option).await.into_iter();
    let numbered = offered.filter_map(|o| Some((o.value.parse::<i64>().ok()?, fit_label(&lang.say(&o.label), lang))));
    numbered.map(|(value, name)| serenity::AutocompleteChoice::new(name, value)).collect()
}
