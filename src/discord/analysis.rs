//! `/… analysis [game]`: a player's costliest moves in a finished game, privately, once the game is analysed.

use super::shared::{author, say, which_game};
use super::{Context, Error};
use crate::language::{List, Text};
use crate::service::analysis::{costliest, percent, Analysed, JudgedMove};
use crate::store::Status;
use crate::text;

fn line(judged: &JudgedMove) -> Text {
    text!(
        "discord-analysis-move",
        step = judged.step,
        before = percent(judged.before),
        after = percent(judged.after),
        best = judged.best_line.clone(),
        best_share = percent(judged.best)
    )
}

/// Your costliest moves in a finished game, privately, and what was best instead.
#[poise::command(slash_command)]
pub async fn analysis(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let id = which_game(ctx, game).await?;
    let service = &ctx.data().service;
    let table = service.game(id).await?;
    let moves = match service.analysis(id).await? {
        Analysed::None if table.row.status == Status::Active => {
            return say(ctx, text!("discord-analysis-none", game = id)).await
        }
        Analysed::None => return say(ctx, text!("discord-analysis-unavailable", game = id)).await,
        Analysed::Waiting => return say(ctx, text!("discord-analysis-waiting", game = id)).await,
        Analysed::Done(moves) => moves,
    };
    let Some(seat) = table.seat_of(author(ctx)) else {
        return say(ctx, text!("discord-analysis-not-player", game = id)).await;
    };
    let costly = costliest(&moves, seat);
    if costly.is_empty() {
        return say(ctx, text!("discord-analysis-clean", game = id)).await;
    }
    let lines = List::Lines(costly.into_iter().map(|m| line(m).into()).collect());
    say(ctx, text!("discord-analysis", game = id, lines = lines)).await
}
