//! `/… puzzle [from]`: a position from one of your own finished games (or, `from: server`, from this server's) where
//! the move played cost 20 points of chance or more, privately, to find the better move with the game's own menus
//! (`pz:` controls, answered here: the answer is read from the analysis, never judged again).

use super::context::{author, guild, lang, root_of, say, Context, Error, Refusal};
use super::controls::{menu_rows, read_id, PUZZLE_MENU};
use super::text::{attachment, fit};
use crate::language::{Lang, Text};
use crate::service::analysis::judge::percent;
use crate::service::puzzle::{Among, Answered, Asked, Chosen, PUZZLE_FROM};
use crate::text;
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{
    ComponentInteraction, ComponentInteractionDataKind, CreateInteractionResponse, EditInteractionResponse,
};

/// Whose games a puzzle comes from, as the command offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FromChoice {
    Mine,
    Server,
}

/// A position from your own finished games where a better move was there to find, privately.
#[poise::command(slash_command)]
pub async fn puzzle(ctx: Context<'_>, from: Option<FromChoice>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let among = match (from, guild(ctx)) {
        (Some(FromChoice::Server), Some(server)) => Among::Server(server),
        (Some(FromChoice::Server), None) => Err(Refusal(text!("puzzle-server-in-dm")))?,
        (_, server) => Among::Own(server),
    };
    let lang = lang(ctx).await;
    let set = ctx.data().service.puzzle(author(ctx), root_of(ctx).kind, among, lang).await?;
    let puzzle = match set {
        Asked::Puzzle(puzzle) => puzzle,
        Asked::NoneNow { back_at: None } => return say(ctx, text!("puzzle-none", points = percent(PUZZLE_FROM))).await,
        Asked::NoneNow { back_at: Some(at) } => {
            return say(ctx, text!("puzzle-none-back", back = Text::timestamp(at, 'R'))).await
        }
    };
    let mut reply = CreateReply::default().ephemeral(true).content(fit(&lang.say(&puzzle.note), lang));
    reply = reply.attachment(attachment(puzzle.board, "board.png"));
    if let Some(hand) = puzzle.hand {
        reply = reply.attachment(attachment(hand, "hand.png"));
    }
    let rows = menu_rows(PUZZLE_MENU, puzzle.game_id, &[], &puzzle.menu, lang);
    ctx.send(reply.components(rows)).await?;
    Ok(())
}

/// A choice in a puzzle's menus (`pz:game:seq:row:values…`): the next menu in place, or the answer.
pub async fn click(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    data: &super::Data,
    lang: Lang,
) -> Result<(), Error> {
    let http = &ctx.http;
    click.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let id = click.data.custom_id.as_str();
    let (game, seq, mut path) = read_id(id, true).ok_or_else(|| anyhow::anyhow!("bad id {id}"))?;
    if let ComponentInteractionDataKind::StringSelect { values } = &click.data.kind {
        path.extend(values.first().map(String::as_str));
    }
    let (user, server) = (click.user.id.get() as i64, click.guild_id.map(|g| g.get() as i64));
    let edit = match data.service.puzzle_choice(user, server, (game, seq), &path).await? {
        Chosen::Menu(menu) => {
            EditInteractionResponse::new().components(menu_rows(PUZZLE_MENU, game, &path, &menu, lang))
        }
        Chosen::Answered(answered) => {
            EditInteractionResponse::new().content(fit(&lang.say(&answer(&answered)), lang)).components(Vec::new())
        }
    };
    click.edit_response(http, edit).await?;
    Ok(())
}

/// The answer in words: solved or not, the move chosen, the best and the one played, each with its chance, and
/// when a failed puzzle comes back.
fn answer(answered: &Answered) -> Text {
    let (chosen, best, played) = (&answered.chosen, &answered.best, &answered.played);
    let said = text!(
        if answered.solved { "puzzle-solved" } else { "puzzle-failed" },
        chosen = chosen.0.clone(),
        chosen_chance = percent(chosen.1),
        best = best.0.clone(),
        best_chance = percent(best.1),
        played = played.0.clone(),
        played_chance = percent(played.1)
    );
    match answered.back_at {
        Some(back) => said.with("back", Text::timestamp(back, 'R')),
        None => said,
    }
}
