//! Setting a player a puzzle: the one due to come back first, else the newest they never tried; shown as its mover
//! saw the game then, with the first menu of the move.

use super::{back_at, Among, Asked, Next, Puzzle, PuzzleRecord};
use crate::language::Lang;
use crate::rules::Seat;
use crate::service::game::adapter::Choice;
use crate::service::game::any::{AnyAction, AnyGame};
use crate::service::game::Kind;
use crate::service::{Caller, Menu, Service, ServiceError};
use crate::store::puzzles::PuzzleRow;
use crate::store::{self, GameRow, Tx};
use crate::text;

/// A puzzle's position: its row, its game's, the game as it stood before the move, and the players' names.
pub(super) struct Position {
    pub puzzle: PuzzleRow,
    pub row: GameRow,
    pub game: AnyGame,
    pub names: Vec<String>,
}

impl Position {
    pub fn seat(&self) -> Seat {
        self.puzzle.seat as Seat
    }

    /// Every choice the mover had, with its chance, in the game's order.
    pub fn choices(&self) -> Result<Vec<(AnyAction, f64)>, ServiceError> {
        let corrupt = |e: &dyn std::fmt::Display| {
            store::StoreError::Corrupt(format!("puzzle {}/{}: {e}", self.puzzle.game_id, self.puzzle.seq))
        };
        let stored: Vec<(serde_json::Value, f64)> =
            serde_json::from_str(&self.puzzle.choices).map_err(|e| corrupt(&e))?;
        let kind = self.game.kind();
        let read = stored.into_iter().map(|(action, chance)| Ok((kind.action(&action.to_string())?, chance)));
        Ok(read.collect::<Result<_, serde_json::Error>>().map_err(|e| corrupt(&e))?)
    }

    /// The menu after the values `path` chosen, or the move they complete; `None`: a value no menu offers.
    pub fn choose(&self, path: &[&str]) -> Option<Choice<AnyAction>> {
        self.game.choices(self.seat(), path)
    }

    /// A menu of the puzzle's move (its version: the puzzle's move).
    pub fn menu(&self, prompt: crate::language::Text, options: Vec<crate::service::Opt>) -> Menu {
        Menu { version: self.puzzle.seq, prompt, options }
    }
}

impl Service {
    /// A puzzle of a game of `kind` for `user` among `among` (in `lang`): [`Service::next_puzzle`], shown.
    pub async fn puzzle(&self, user: i64, kind: Kind, among: Among, lang: Lang) -> Result<Asked, ServiceError> {
        let (game_id, seq) = match self.next_puzzle(user, kind, among).await? {
            Next::Puzzle(game_id, seq) => (game_id, seq),
            Next::NoneNow { back_at } => return Ok(Asked::NoneNow { back_at }),
        };
        let mut tx = self.store.read().await?;
        let position = self.puzzle_position(&mut tx, game_id, seq).await?;
        Ok(Asked::Puzzle(Box::new(self.puzzle_shown(&mut tx, position, user, lang).await?)))
    }

    /// Which puzzle of a game of `kind` `user` is set next among `among`: the failed one due back first, else the
    /// newest never tried.
    pub async fn next_puzzle(&self, user: i64, kind: Kind, among: Among) -> Result<Next, ServiceError> {
        let mut tx = self.store.read().await?;
        let ((own, guild), now) = (among.split(), self.now());
        let failed = store::puzzles::failed(&mut tx, (user, own), kind.name(), guild).await?;
        let returns = failed.iter().map(|f| (back_at(f.failed, f.last_at), (f.game_id, f.seq)));
        let (due, later): (Vec<_>, Vec<_>) = returns.partition(|(at, _)| *at <= now);
        let next = match due.iter().min() {
            Some(&(_, puzzle)) => Some(puzzle),
            None => store::puzzles::fresh(&mut tx, (user, own), kind.name(), guild).await?,
        };
        Ok(match next {
            Some((game_id, seq)) => Next::Puzzle(game_id, seq),
            None => Next::NoneNow { back_at: later.iter().map(|(at, _)| *at).min() },
        })
    }

    /// `user`'s puzzles solved, tried and their streak, read in the caller's transaction.
    pub(in crate::service) async fn puzzle_record(tx: &mut Tx, user: i64) -> Result<PuzzleRecord, ServiceError> {
        let (solved, tried, streak) = store::puzzles::record(tx, user).await?;
        Ok(PuzzleRecord { solved, tried, streak })
    }

    /// Puzzle `seq` of game `game_id` and its position, replayed off the async runtime.
    pub(super) async fn puzzle_position(&self, tx: &mut Tx, game_id: i64, seq: i64) -> Result<Position, ServiceError> {
        let missing = ServiceError::NoSuchPuzzle { game: game_id, seq };
        let puzzle = store::puzzles::get(tx, game_id, seq).await?.ok_or(missing)?;
        let row = Service::row(tx, game_id).await?;
        let seats = store::seats::of_game(tx, game_id).await?;
        let mut moves = store::moves::of_game(tx, game_id, row.version).await?;
        moves.truncate(seq.saturating_sub(1) as usize);
        let names = seats.iter().map(|s| s.name.clone()).collect();
        let replayed = row.clone();
        let (game, _) =
            Service::off_runtime(move || Service::replay_moves(&replayed, &seats, &moves, |_, _| {})).await??;
        Ok(Position { puzzle, row, game, names })
    }

    /// How `user` is shown `position`: the board then and its mover's hand, in `user`'s language and colours.
    async fn puzzle_shown(
        &self,
        tx: &mut Tx,
        position: Position,
        user: i64,
        lang: Lang,
    ) -> Result<Puzzle, ServiceError> {
        let caller = Caller { game: position.row.id, user, lang, interaction: None };
        let reader = Service::reader(tx, &caller, &position.row).await?;
        let (game_id, seq, seat) = (position.row.id, position.puzzle.seq, position.seat());
        let menu = match position.choose(&[]) {
            Some(Choice::Menu { prompt, options }) if !options.is_empty() => position.menu(prompt, options),
            _ => return Err(ServiceError::NoSuchPuzzle { game: game_id, seq }),
        };
        let (title, mover) = (position.game.kind().title(), position.names[usize::from(seat)].clone());
        let note = text!("puzzle-find", title = title, game = game_id, seq = seq, player = mover);
        let (board, hand) = Service::off_runtime(move || {
            let (game, names) = (&position.game, &position.names);
            (game.board_picture(names, &[], reader), game.private_picture(names, seat, reader))
        })
        .await?;
        Ok(Puzzle { game_id, seq, note, board, hand, menu })
    }
}
