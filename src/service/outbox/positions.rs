//! Positions replayed for delivery, kept: a game's effects are delivered in order of version, several at each
//! version (the board, each player's note), so each position is replayed from the nearest one kept at or before it
//! rather than from the set-up, and a second effect at the same version replays nothing. Positions come from the
//! move log, which never changes below a game's version; one showing other names (a seat handed to a computer) is
//! replayed afresh, since the lines of its moves name the players.

use crate::service::game::any::{AnyGame, Reported};
use crate::service::{Service, ServiceError};
use crate::store::{self, GameRow, SeatRow, StoreError, Tx};
use std::sync::{Arc, Mutex};

/// Positions kept, over all games: enough for every game whose effects are being delivered at once.
const POSITIONS_KEPT: usize = 64;

/// A game after `version` moves, with what each move did.
pub(in crate::service) struct Position {
    game_id: i64,
    pub version: i64,
    names: Vec<String>,
    pub game: AnyGame,
    pub history: Vec<Reported>,
}

/// The positions kept, the most recently used last (the least recently used goes first).
#[derive(Default)]
pub(in crate::service) struct Positions(Mutex<Vec<Arc<Position>>>);

impl Positions {
    /// The kept position of `game_id` showing `names` nearest at or before `version`, now the most recently used.
    fn nearest(&self, game_id: i64, version: i64, names: &[String]) -> Option<Arc<Position>> {
        let mut kept = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (at, _) = kept
            .iter()
            .enumerate()
            .filter(|(_, p)| p.game_id == game_id && p.version <= version && p.names == names)
            .max_by_key(|(_, p)| p.version)?;
        let position = kept.remove(at);
        kept.push(position.clone());
        Some(position)
    }

    fn keep(&self, position: Arc<Position>) {
        let mut kept = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.retain(|p| !(p.game_id == position.game_id && p.version == position.version));
        if kept.len() >= POSITIONS_KEPT {
            kept.remove(0);
        }
        kept.push(position);
    }
}

impl Service {
    /// `row`'s game after `version` moves, with what each did: from the nearest position kept, else replayed from
    /// the set-up.
    pub(in crate::service) async fn position(
        &self,
        conn: &mut Tx,
        row: &GameRow,
        seats: &[SeatRow],
        version: i64,
    ) -> Result<Arc<Position>, ServiceError> {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let nearest = self.positions.nearest(row.id, version, &names);
        if let Some(position) = nearest.as_ref().filter(|p| p.version == version) {
            return Ok(position.clone());
        }
        if version > row.version {
            let why = format!("game #{} has no version {version} in its log", row.id);
            return Err(StoreError::Corrupt(why).into());
        }
        let moves = store::moves::of_game(conn, row.id, version).await?;
        // An undo since the position kept took back some of its moves: it is no step on the way.
        let on_the_way = |from: &Position| moves.iter().filter(|m| m.seq <= from.version).count() == from.history.len();
        let (game, history) = match nearest.filter(|from| on_the_way(from)) {
            Some(from) => {
                let (mut game, mut history) = (from.game.clone(), from.history.clone());
                let since: Vec<_> = moves.into_iter().filter(|m| m.seq > from.version).collect();
                Service::apply_moves(row, &mut game, &names, &since, &mut history, |_, _| {})?;
                (game, history)
            }
            None => Service::replay_moves(row, seats, &moves, |_, _| {})?,
        };
        let position = Arc::new(Position { game_id: row.id, version, names, game, history });
        self.positions.keep(position.clone());
        Ok(position)
    }
}

/// The moves of the last turn: the last seat's moves at the end of the log (Contrées lays two lands a turn).
pub(in crate::service) fn last_turn(history: &[Reported]) -> &[Reported] {
    let Some(last) = history.last() else { return &[] };
    let from = history.iter().rposition(|p| p.seat != last.seat).map_or(0, |i| i + 1);
    &history[from..]
}
