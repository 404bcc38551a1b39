//! Replays: a game as its thread showed it, animated. The whole game comes with its result in the thread,
//! `/… replay` animates any part of a game of the server, and a player's catch-up by DM animates the moves since
//! their last turn. A replay shows only boards the thread showed, each drawn again from the move log as it was
//! posted (in the game's words and colours, its last turn pointed out): never a private view.

use crate::language::{Lang, Text};
use crate::pictures::words;
use crate::pictures::{Picture, Reader};
use crate::service::game::any::Reported;
use crate::service::outbox::positions::{last_turn, Position};
use crate::service::{Effect, Service, ServiceError};
use crate::store::{self, GameRow, SeatRow, Status};
use crate::text;
use render::animation::Animation;
use std::sync::Arc;

/// Discord's limit on the files one message uploads.
pub const UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// The most boards a catch-up shows: the newest (a player back after a long while reads the thread, or `replay`s).
pub const CATCH_UP_BOARDS: usize = 12;

/// What a catch-up's animation may take of a private note's upload: the rest is the hand's picture's.
pub const CATCH_UP_BYTES: usize = UPLOAD_BYTES / 2;

/// An animation, and what it shows: `frames` of the `boards` asked for (every one, or one in `every` when all of
/// them would not fit), from move `from` to move `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub picture: Picture,
    pub frames: usize,
    pub boards: usize,
    pub every: usize,
    pub from: usize,
    pub to: usize,
}

impl Replay {
    /// What the post says of it when it leaves boards out (`None`: every board is in it).
    pub fn thinned(&self) -> Option<Text> {
        (self.every > 1).then(|| text!("replay-thinned", every = self.every, boards = self.boards))
    }
}

impl Service {
    /// The versions whose boards `row`'s thread showed, oldest first: its board posts and its result's, those
    /// delivered, or with `upto` (an effect's id) every one up to it.
    async fn shown(&self, row: &GameRow, upto: Option<i64>) -> Result<Vec<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        let posts = store::outbox::boards_and_results(&mut tx, row.id).await?;
        let mut versions: Vec<i64> = Vec::new();
        for (id, version, effect, delivered) in posts {
            let in_thread = matches!(
                serde_json::from_str(&effect),
                Ok(Effect::Board { .. } | Effect::Result { user_id: None, .. })
            );
            let counted = upto.map_or(delivered, |last| id <= last);
            if in_thread && counted && versions.last() != Some(&version) {
                versions.push(version);
            }
        }
        Ok(versions)
    }

    /// The positions at `versions`, replayed from the move log.
    async fn positions(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        versions: &[i64],
    ) -> Result<Vec<Arc<Position>>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut out = Vec::with_capacity(versions.len());
        for &version in versions {
            out.push(self.position(&mut tx, row, seats, version).await?);
        }
        Ok(out)
    }

    /// The boards at `positions` as the thread showed them, animated in `reader`'s colours, within `budget` bytes
    /// ([`thinned_to_fit`]); its alt text in `lang`.
    async fn animate(
        positions: Vec<Arc<Position>>,
        names: Vec<String>,
        (reader, lang): (Reader, Lang),
        budget: usize,
    ) -> Result<Replay, ServiceError> {
        Service::off_runtime(move || {
            let (gif, kept, every) = thinned_to_fit(positions.len(), budget, |kept| {
                let mut animation: Option<Animation> = None;
                for position in kept.iter().map(|&k| &positions[k]) {
                    let turn = position.history.len() - last_turn(&position.history).len();
                    let recent: Vec<&Reported> = position.history[turn..].iter().collect();
                    let board = position.game.board_canvas(&names, &recent, reader);
                    animation
                        .get_or_insert_with(|| Animation::new(board.width(), board.height()))
                        .frame(&board.indexed());
                }
                animation.expect("a board at least").finish()
            });
            let (first, last) = (&positions[kept[0]], &positions[kept[kept.len() - 1]]);
            let (from, to, frames) = (first.history.len(), last.history.len(), kept.len());
            let last_said = last.game.board_alt(&names, lang);
            let said = text!("replay-alt", frames = frames, from = from, to = to, last = last_said);
            let alt = words::alt(&[lang.say(&said)]);
            Replay { picture: Picture { image: gif, alt }, frames, boards: positions.len(), every, from, to }
        })
        .await
    }

    /// The whole game as its thread showed it, for its result's post (the effect `upto`): every board up to it, in
    /// the game's words and colours, within `budget` bytes.
    pub(in crate::service) async fn whole_game(
        &self,
        game: &GameRow,
        seats: &[SeatRow],
        upto: i64,
        budget: usize,
    ) -> Result<Replay, ServiceError> {
        let versions = self.shown(game, Some(upto)).await?;
        let positions = self.positions(game, seats, &versions).await?;
        let names = seats.iter().map(|s| s.name.clone()).collect();
        let reader = Reader { lang: game.lang, palette: game.palette };
        Service::animate(positions, names, (reader, game.lang), budget).await
    }

    /// A player's catch-up: the boards the thread showed up to the effect `upto` since their last move (counted:
    /// `since` moves stood then), their own move's first when the thread showed it, the newest [`CATCH_UP_BOARDS`]
    /// of them, in `reader`'s words and colours, within `budget` bytes; `None` with fewer than two.
    pub(in crate::service) async fn catch_up(
        &self,
        (game, seats): (&GameRow, &[SeatRow]),
        upto: i64,
        since: usize,
        reader: Reader,
        budget: usize,
    ) -> Result<Option<Replay>, ServiceError> {
        let mut versions = Vec::new();
        {
            let shown = self.shown(game, Some(upto)).await?;
            let mut tx = self.store.read().await?;
            // From the newest back to the player's own move, at most so many.
            for version in shown.into_iter().rev().take(CATCH_UP_BOARDS) {
                if store::moves::standing(&mut tx, game.id, version).await? < since {
                    break;
                }
                versions.push(version);
            }
            versions.reverse();
        }
        if versions.len() < 2 {
            return Ok(None);
        }
        let positions = self.positions(game, seats, &versions).await?;
        let names = seats.iter().map(|s| s.name.clone()).collect();
        Ok(Some(Service::animate(positions, names, (reader, reader.lang), budget).await?))
    }

    /// Moves `from` to `to` (the whole game without them) of game `game_id` as its thread showed them: only boards
    /// posted there, in the game's words and colours; the alt text in `lang`.
    pub async fn animation(
        &self,
        game_id: i64,
        (from, to): (Option<i64>, Option<i64>),
        lang: Lang,
    ) -> Result<Replay, ServiceError> {
        let table = self.game(game_id).await?;
        let (game, seats) = (&table.row, &table.seats);
        if game.status == Status::Lobby {
            return Err(ServiceError::NotStarted(game_id));
        }
        let last = {
            let mut tx = self.store.read().await?;
            store::moves::standing(&mut tx, game_id, game.version).await? as i64
        };
        let (from, to) = (from.unwrap_or(0), to.unwrap_or(last));
        if !(0 <= from && from <= to && to <= last) {
            return Err(ServiceError::NoSuchMoves { game: game_id, from, to, last });
        }
        let versions = self.shown(game, None).await?;
        let positions = self.positions(game, seats, &versions).await?;
        let within = |p: &Arc<Position>| (from..=to).contains(&(p.history.len() as i64));
        let positions: Vec<Arc<Position>> = positions.into_iter().filter(within).collect();
        if positions.is_empty() {
            return Err(ServiceError::NoBoardShown { game: game_id, from, to });
        }
        let names = table.names();
        let reader = Reader { lang: game.lang, palette: game.palette };
        Service::animate(positions, names, (reader, lang), UPLOAD_BYTES).await
    }
}

/// What `animate` makes of `boards` boards (their indices kept, in order) within `budget` bytes: every board, else
/// one in two, in three, … counted back from the last (always kept), until it fits or one is left: the animation,
/// the boards kept, and one in how many.
fn thinned_to_fit(boards: usize, budget: usize, animate: impl Fn(&[usize]) -> Vec<u8>) -> (Vec<u8>, Vec<usize>, usize) {
    let mut every = 1;
    loop {
        let mut kept: Vec<usize> = (0..boards).rev().step_by(every).collect();
        kept.reverse();
        let made = animate(&kept);
        if made.len() <= budget || kept.len() <= 1 {
            return (made, kept, every);
        }
        every += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ten bytes a board: all ten boards fit in 100 bytes; in 60, one in two (five); in 35, one in four (three,
    /// counted back from the last); in 5, the last alone, though it does not fit.
    #[test]
    fn boards_are_thinned_until_they_fit_the_last_always_kept() {
        let kept = |budget| {
            let (made, kept, every) = thinned_to_fit(10, budget, |kept| vec![0u8; 10 * kept.len()]);
            (made.len(), kept, every)
        };
        assert_eq!(kept(100), (100, (0..10).collect(), 1));
        assert_eq!(kept(60), (50, vec![1, 3, 5, 7, 9], 2));
        assert_eq!(kept(35), (30, vec![1, 5, 9], 4));
        assert_eq!(kept(5), (10, vec![9], 10));
    }
}
