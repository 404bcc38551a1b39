//! Moves, resignation and abandoning a game.

use super::meridian::describe;
use super::{Effect, Place, Service, ServiceError, Table};
use crate::rules::meridian::Move;
use crate::rules::{Seat, SeatSet};
use crate::store::{self, Conn, GameRow, MoveRow, Status, StoreError};

/// Turns in a row a player may let run out before the platform resigns them.
pub const TIMEOUTS_TO_RESIGN: i64 = 3;

/// What an accepted move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acted {
    /// The game's version after the move (and any automatic passes of resigned players).
    pub version: i64,
    /// The move in words, as posted in the thread.
    pub text: String,
    pub finished: bool,
    /// The interaction had already made this move: nothing new was done.
    pub duplicate: bool,
}

impl Service {
    /// Plays `mv` for `user_id` in a game they saw at version `seen`. `interaction` is the Discord interaction
    /// asking for it: the same interaction twice plays once.
    pub async fn act(
        &self,
        game_id: i64,
        user_id: i64,
        seen: i64,
        mv: &Move,
        interaction: Option<i64>,
    ) -> Result<Acted, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        if let Some(id) = interaction {
            if let Some((game, done)) = store::moves::by_interaction(&mut tx, id).await? {
                if game == game_id {
                    return Ok(Acted { version: done.seq, text: String::new(), finished: false, duplicate: true });
                }
            }
        }
        let table = self.active(&mut tx, game_id).await?;
        let seat = table.seat(user_id)?;
        if seen != table.row.version {
            return Err(ServiceError::MovedOn { game: game_id, seen, now: table.row.version });
        }
        if let Some(due) = table.game.to_move().filter(|&due| due != seat) {
            return Err(ServiceError::NotYourTurn(table.seat_row(due)?.name.clone()));
        }
        let acted = self.play_out(&mut tx, table, Some((seat, *mv, interaction)), Vec::new()).await?;
        store::seats::played(&mut tx, game_id, i64::from(seat)).await?;
        tx.commit().await?;
        Ok(acted)
    }

    /// Resigns `user_id` from a game: their turns pass automatically from now on and they cannot win. When one
    /// player is left, they win at once.
    pub async fn resign(&self, game_id: i64, user_id: i64) -> Result<Acted, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let mut table = self.active(&mut tx, game_id).await?;
        let seat = table.seat(user_id)?;
        store::seats::resign(&mut tx, game_id, i64::from(seat)).await?;
        table.resign(seat);
        let lines = vec![format!("{} resigned; their turns will pass by themselves", table.seat_row(seat)?.name)];
        let acted = self.play_out(&mut tx, table, None, lines).await?;
        tx.commit().await?;
        Ok(acted)
    }

    /// Abandons a lobby or a game: by its host, or by someone who may manage threads in `moderates`, the place
    /// where they asked, which must be the game's own channel or thread (Discord gives a member's permissions in
    /// the channel where a command is typed, and those say nothing about another channel or server).
    pub async fn abandon(&self, game_id: i64, user_id: i64, moderates: Option<Place>) -> Result<(), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if matches!(row.status, Status::Finished | Status::Abandoned) {
            return Err(ServiceError::GameOver(game_id));
        }
        let moderator = moderates.is_some_and(|place| {
            place.guild_id.is_some()
                && place.guild_id == row.guild_id
                && (place.channel_id == row.channel_id || Some(place.channel_id) == row.thread_id)
        });
        if row.host_id != user_id && !moderator {
            return Err(ServiceError::NotHostOrModerator(game_id));
        }
        store::games::set_status(&mut tx, game_id, Status::Abandoned, self.now()).await?;
        let text = format!("Game #{game_id} was abandoned. Nobody wins.");
        self.push(&mut tx, game_id, row.version, &Effect::Text { text }).await?;
        self.archive_thread(&mut tx, &row, row.version).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Once a game has ended and everything about it is said: archive its thread, out of the channel's list of
    /// active threads (Discord would do it after a week anyway).
    async fn archive_thread(&self, tx: &mut Conn, row: &GameRow, version: i64) -> Result<(), ServiceError> {
        if let Some(thread) = row.thread_id {
            self.push(tx, row.id, version, &Effect::Archive { thread }).await?;
        }
        Ok(())
    }

    /// A started game that is not over.
    async fn active(&self, tx: &mut Conn, game_id: i64) -> Result<Table, ServiceError> {
        let row = Service::row(tx, game_id).await?;
        match row.status {
            Status::Active => Service::table(tx, row).await,
            Status::Lobby => Err(ServiceError::NotStarted(game_id)),
            Status::Finished | Status::Abandoned => Err(ServiceError::GameOver(game_id)),
        }
    }

    /// Passes the turn of a player whose time ran out (their first face-up card is discarded, nothing placed). A
    /// player who lets [`TIMEOUTS_TO_RESIGN`] turns in a row run out is resigned, so that a game never stalls for
    /// ever waiting for someone who has left.
    pub(super) async fn time_out(&self, tx: &mut Conn, game_id: i64) -> Result<Option<Acted>, ServiceError> {
        let mut table = self.active(tx, game_id).await?;
        let Some((seat, pass)) = table.game.forced_pass() else { return Ok(None) };
        let name = table.seat_row(seat)?.name.clone();
        let mut lines = vec![format!("{name}'s time ran out")];
        if store::seats::timed_out(tx, game_id, i64::from(seat)).await? >= TIMEOUTS_TO_RESIGN {
            store::seats::resign(tx, game_id, i64::from(seat)).await?;
            table.resign(seat);
            lines.push(format!(
                "{name} let {TIMEOUTS_TO_RESIGN} turns in a row run out and is resigned; their turns will pass by \
                 themselves"
            ));
        }
        Ok(Some(self.play_out(tx, table, Some((seat, pass, None)), lines).await?))
    }

    /// Applies a player's move (if any), then passes for resigned players whose turn it is, logs every move,
    /// moves the version on and writes the effects: the board with the moves in words, the next player's hand, or
    /// the result.
    async fn play_out(
        &self,
        tx: &mut Conn,
        mut table: Table,
        first: Option<(Seat, Move, Option<i64>)>,
        mut lines: Vec<String>,
    ) -> Result<Acted, ServiceError> {
        let game_id = table.row.id;
        let names = table.names();
        let now = self.now();
        let mut version = table.row.version;
        let mut log = |seat: Seat, mv: &Move, interaction| {
            version += 1;
            MoveRow {
                seq: version,
                seat: i64::from(seat),
                action: serde_json::to_string(mv).expect("moves serialize"),
                played_at: now,
                interaction_id: interaction,
            }
        };
        let mut moves = Vec::new();
        if let Some((seat, mv, interaction)) = first {
            let played = table.game.play(seat, &mv).map_err(|e| ServiceError::Illegal(e.to_string()))?;
            lines.push(describe(&played, &names));
            moves.push(log(seat, &mv, interaction));
        }
        let standing: SeatSet = table.seats.iter().filter(|s| !s.resigned).map(|s| s.seat as Seat).collect();
        while let Some((seat, pass)) = table.game.forced_pass().filter(|&(s, _)| !standing.contains(s)) {
            if standing.len() <= 1 {
                break;
            }
            // A forced pass is always legal; a stored game where it is not does not read as a game.
            table.game.play(seat, &pass).map_err(|e| StoreError::Corrupt(format!("game #{game_id}: {e}")))?;
            lines.push(format!("{} (resigned) passed, discarding {}", table.seat_row(seat)?.name, pass.card));
            moves.push(log(seat, &pass, None));
        }
        for m in &moves {
            store::moves::append(tx, game_id, m).await?;
        }
        let snapshot = serde_json::to_string(&table.game).expect("states serialize");
        if !store::games::advance(tx, game_id, table.row.version, version, &snapshot, now).await? {
            return Err(ServiceError::MovedOn { game: game_id, seen: table.row.version, now: version });
        }
        // The seat to move next, unless the game is over.
        let next = table.game.to_move().filter(|_| standing.len() > 1);
        match next {
            None => store::games::set_clock(tx, game_id, None, None).await?,
            Some(next) if !moves.is_empty() => {
                let options = super::meridian::Options::of(&table.row)?;
                self.start_turn_clock(tx, game_id, table.seat_row(next)?.user_id, &options).await?;
            }
            Some(_) => {}
        }
        let mut text = lines.join(". ");
        let over = next.is_none();
        if let Some(next) = next.filter(|_| !moves.is_empty()) {
            let seat = table.seat_row(next)?;
            text.push_str(&format!(". {} to play.", seat.name));
            let user_id = seat.user_id;
            self.push(tx, game_id, version, &Effect::Board { text: text.clone(), next: Some(user_id) }).await?;
            let note = format!("Your turn in game #{game_id} (move {}).", version + 1);
            self.push(tx, game_id, version, &Effect::Hand { seat: next, user_id, note }).await?;
        } else if over {
            let winners = super::winners(&table.game, &table.seats);
            let names_of =
                |set: SeatSet| set.iter().filter_map(|s| names.get(usize::from(s)).cloned()).collect::<Vec<_>>();
            let scores: Vec<String> =
                table.game.scores().iter().zip(&names).map(|(score, name)| format!("{name} {score}")).collect();
            text.push_str(". The game is over.");
            store::games::set_status(tx, game_id, Status::Finished, now).await?;
            self.push(tx, game_id, version, &Effect::Board { text: text.clone(), next: None }).await?;
            let result = format!("Final scores: {}. Winner: {}.", scores.join(", "), names_of(winners).join(" and "));
            self.push(tx, game_id, version, &Effect::Result { text: result.clone(), user_id: None }).await?;
            for seat in &table.seats {
                let text = format!("Game #{game_id} is over. {result}");
                self.push(tx, game_id, version, &Effect::Result { text, user_id: Some(seat.user_id) }).await?;
            }
            self.archive_thread(tx, &table.row, version).await?;
        } else {
            // A resignation out of turn: nothing moved, so no new board and no second your-turn note.
            self.push(tx, game_id, version, &Effect::Text { text: text.clone() + "." }).await?;
        }
        Ok(Acted { version, text, finished: over, duplicate: false })
    }
}
