//! Replays: a game as its thread showed it, animated. The whole game comes with its result in the thread,
//! `/… replay` animates any part of a game of the server, and a player's catch-up by DM animates the moves since
//! their last turn. A replay shows only boards the thread showed, never a private view: each drawn again from the
//! moves that stand, its last turn pointed out, in one pass off the async runtime; in the game's words and colours
//! (a catch-up in its reader's).

use crate::language::{Lang, Text};
use crate::pictures::words;
use crate::pictures::{Picture, Reader};
use crate::service::game::any::{AnyGame, Reported};
use crate::service::outbox::positions::last_turn;
use crate::service::{Effect, Service, ServiceError};
use crate::store::{self, GameRow, SeatRow, Status};

use crate::text;
use render::animation::Animation;

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

/// A board the thread showed: the game then, the moves that stood, and those of the last turn (pointed out).
struct Shown {
    game: AnyGame,
    moves: usize,
    turn: Vec<Reported>,
}

impl Service {
    /// The boards `row`'s thread showed, oldest first: its board posts and its result's, up to the effect `upto`
    /// (without it, those delivered). Each is the game after the moves that stand now up to the post's version (a
    /// board shown before an undo shows the game as it stands), replayed once, off the async runtime.
    async fn shown(&self, row: &GameRow, seats: &[SeatRow], upto: Option<i64>) -> Result<Vec<Shown>, ServiceError> {
        let (posts, mut moves) = {
            let mut tx = self.store.read().await?;
            let posts = store::outbox::boards_and_results(&mut tx, row.id, upto.unwrap_or(i64::MAX)).await?;
            (posts, store::moves::of_game(&mut tx, row.id, row.version).await?)
        };
        let mut counts: Vec<usize> = Vec::new();
        for (version, effect, delivered) in posts {
            let in_thread = matches!(
                serde_json::from_str(&effect),
                Ok(Effect::Board { .. } | Effect::Result { user_id: None, .. })
            );
            let count = moves.iter().take_while(|m| m.seq <= version).count();
            if in_thread && (delivered || upto.is_some()) && counts.last() != Some(&count) {
                counts.push(count);
            }
        }
        // Replayed as far as the last board shown, not to the game's end.
        moves.truncate(counts.last().copied().unwrap_or(0));
        let (row, seats) = (row.clone(), seats.to_vec());
        Service::off_runtime(move || {
            let (mut shown, mut history) = (Vec::with_capacity(counts.len()), Vec::new());
            Service::replay_moves(&row, &seats, &moves, |game, played| {
                history.extend(played.map(|(p, _)| p.clone()));
                if counts.get(shown.len()) == Some(&history.len()) {
                    shown.push(Shown { game: game.clone(), moves: history.len(), turn: last_turn(&history).to_vec() });
                }
            })?;
            Ok(shown)
        })
        .await?
    }

    /// `shown`'s boards animated in `reader`'s colours, within `budget` bytes ([`thinned_to_fit`]); its alt text in
    /// `lang`.
    async fn animate(
        shown: Vec<Shown>,
        names: Vec<String>,
        (reader, lang): (Reader, Lang),
        budget: usize,
    ) -> Result<Replay, ServiceError> {
        Service::off_runtime(move || {
            let (gif, kept, every) = thinned_to_fit(shown.len(), budget, |kept| {
                let mut animation: Option<Animation> = None;
                for board in kept.iter().map(|&k| &shown[k]) {
                    let turn: Vec<&Reported> = board.turn.iter().collect();
                    let canvas = board.game.board_canvas(&names, &turn, reader);
                    animation
                        .get_or_insert_with(|| Animation::new(canvas.width(), canvas.height()))
                        .frame(&canvas.indexed());
                }
                animation.expect("a board at least").finish()
            });
            let (first, last) = (&shown[kept[0]], &shown[kept[kept.len() - 1]]);
            let (from, to, frames) = (first.moves, last.moves, kept.len());
            let last_said = last.game.board_alt(&names, lang);
            let said = text!("replay-alt", frames = frames, from = from, to = to, last = last_said);
            let alt = words::alt(&[lang.say(&said)]);
            Replay { picture: Picture { image: gif, alt }, frames, boards: shown.len(), every, from, to }
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
        let shown = self.shown(game, seats, Some(upto)).await?;
        let names = seats.iter().map(|s| s.name.clone()).collect();
        Service::animate(shown, names, (Service::game_reader(game), game.lang), budget).await
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
        let mut shown = self.shown(game, seats, Some(upto)).await?;
        shown.retain(|s| s.moves >= since);
        let newest = shown.split_off(shown.len().saturating_sub(CATCH_UP_BOARDS));
        if newest.len() < 2 {
            return Ok(None);
        }
        let names = seats.iter().map(|s| s.name.clone()).collect();
        Ok(Some(Service::animate(newest, names, (reader, reader.lang), budget).await?))
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
        let mut shown = self.shown(game, seats, None).await?;
        shown.retain(|s| (from..=to).contains(&(s.moves as i64)));
        if shown.is_empty() {
            return Err(ServiceError::NoBoardShown { game: game_id, from, to });
        }
        Service::animate(shown, table.names(), (Service::game_reader(game), lang), UPLOAD_BYTES).await
    }
}

/// What `animate` makes of `boards` boards (their indices kept, in order) within `budget` bytes: every board, else
/// one in two, in three, … counted back from the last (always kept), until it fits or one is left: the animation,
/// the boards kept, and one in how many. An animation that is too big skips straight to the thinning its size
/// asks for (its bytes grow with its boards), so that a long game is not drawn again for every step.
fn thinned_to_fit(boards: usize, budget: usize, animate: impl Fn(&[usize]) -> Vec<u8>) -> (Vec<u8>, Vec<usize>, usize) {
    let mut every = 1;
    loop {
        let mut kept: Vec<usize> = (0..boards).rev().step_by(every).collect();
        kept.reverse();
        let made = animate(&kept);
        if made.len() <= budget || kept.len() <= 1 {
            return (made, kept, every);
        }
        let asked = (every * made.len()).div_ceil(budget.max(1));
        every = asked.max(every + 1).min(boards.max(1));
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
