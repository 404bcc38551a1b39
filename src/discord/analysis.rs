//! `/… analysis [game]`: a player's costliest moves in a finished game, privately, once the game is analysed.

use super::context::{author, say, which_game, Context, Error};
use crate::language::{List, Text};
use crate::service::analysis::judge::{percent, JudgedMove, PlayersAnalysis};
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
    let costly = match ctx.data().service.analysis_for(id, author(ctx)).await? {
        PlayersAnalysis::NotOver => return say(ctx, text!("discord-analysis-none", game = id)).await,
        PlayersAnalysis::Unavailable => return say(ctx, text!("discord-analysis-unavailable", game = id)).await,
        PlayersAnalysis::Waiting => return say(ctx, text!("discord-analysis-waiting", game = id)).await,
        PlayersAnalysis::NotPlayer => return say(ctx, text!("discord-analysis-not-player", game = id)).await,
        PlayersAnalysis::Costliest(costly) if costly.is_empty() => {
            return say(ctx, text!("discord-analysis-clean", game = id)).await
        }
        PlayersAnalysis::Costliest(costly) => costly,
    };
    let lines = List::Lines(costly.iter().map(|m| line(m).into()).collect());
    say(ctx, text!("discord-analysis", game = id, lines = lines)).await
}
