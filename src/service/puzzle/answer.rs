//! Answering a puzzle through its game's menus: the move chosen is read against the chances stored with the
//! analysis, never judged again; the answer is kept once, and a failed puzzle comes back later.

use super::set::Position;
use super::{back_at, solves, Answered, Chosen};
use crate::language::Text;
use crate::service::game::adapter::Choice;
use crate::service::game::any::AnyAction;
use crate::service::{Service, ServiceError};
use crate::store;
use crate::text;

impl Service {
    /// The menu after the values `path` chosen for puzzle `seq` of game `game_id`, or, once they complete a move, its
    /// answer, for `user` asking in server `guild` (`None`: a DM). A puzzle is answered by its own player from
    /// anywhere, and by anyone on its game's server; one solved, or failed and not due back yet, is not answered
    /// again.
    pub async fn puzzle_choice(
        &self,
        user: i64,
        guild: Option<i64>,
        (game_id, seq): (i64, i64),
        path: &[&str],
    ) -> Result<Chosen, ServiceError> {
        let position = {
            let mut tx = self.store.read().await?;
            self.puzzle_position(&mut tx, game_id, seq).await?
        };
        let (own, here) = (position.puzzle.user_id == user, guild.is_some() && position.row.guild_id == guild);
        if !(own && guild.is_none() || here) {
            return Err(ServiceError::NoSuchPuzzle { game: game_id, seq });
        }
        match position.choose(path) {
            None => Err(no_such_choice(&position)),
            Some(Choice::Menu { prompt, options }) => Ok(Chosen::Menu(position.menu(prompt, options))),
            Some(Choice::Done(actions)) => self.answer(user, position, &actions[0]).await.map(Chosen::Answered),
        }
    }

    /// Keeps `user`'s answer `chosen` to `position`'s puzzle, if it may be answered now, and says it.
    async fn answer(&self, user: i64, position: Position, chosen: &AnyAction) -> Result<Answered, ServiceError> {
        let (game_id, seq) = (position.puzzle.game_id, position.puzzle.seq);
        let choices = position.choices()?;
        let at = choices.iter().position(|(action, _)| action == chosen).ok_or_else(|| no_such_choice(&position))?;
        let chances: Vec<f64> = choices.iter().map(|(_, chance)| *chance).collect();
        let solved = solves(&chances, at);
        let now = self.now();
        let mut tx = self.store.write().await?;
        // Locked, so that two clicks at once keep one answer.
        store::puzzles::get(&mut tx, game_id, seq).await?;
        let before = store::puzzles::answers(&mut tx, user, game_id, seq).await?;
        if before.solved {
            return Err(ServiceError::PuzzleSolved { game: game_id, seq });
        }
        if let Some(last) = before.last_at.filter(|&last| back_at(before.failed, last) > now) {
            return Err(ServiceError::PuzzleNotDue { back_at: back_at(before.failed, last) });
        }
        store::puzzles::answer(&mut tx, user, (game_id, seq), now, solved).await?;
        tx.commit().await?;
        let best = (0..choices.len()).max_by(|&a, &b| chances[a].total_cmp(&chances[b]).then(b.cmp(&a))).unwrap_or(at);
        let said =
            |k: usize| -> Result<(Text, f64), ServiceError> { Ok((said(&position, &choices[k].0)?, chances[k])) };
        Ok(Answered {
            solved,
            best: said(best)?,
            played: said(position.puzzle.played as usize)?,
            chosen: said(at)?,
            back_at: (!solved).then(|| back_at(before.failed + 1, now)),
        })
    }
}

/// A choice that is none of `position`'s puzzle's moves.
fn no_such_choice(position: &Position) -> ServiceError {
    let (game, seq) = (position.puzzle.game_id, position.puzzle.seq);
    ServiceError::Unread(text!("puzzle-no-such-choice", game = game, seq = seq))
}

/// `action` in words, as its mover would read it played in `position`.
fn said(position: &Position, action: &AnyAction) -> Result<Text, ServiceError> {
    let preview = position.game.preview(position.seat(), std::slice::from_ref(action), &position.names);
    let played = preview.map_err(ServiceError::Illegal)?.played;
    let (game, seq) = (position.puzzle.game_id, position.puzzle.seq);
    Ok(played.into_iter().next().ok_or(ServiceError::NoSuchPuzzle { game, seq })?.line)
}
