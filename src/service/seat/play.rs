//! Moves, resignation and abandoning a game.

use super::{Acted, Turn};
use crate::language::{Arg, List, Text};
use crate::rules::{Seat, SeatSet};
use crate::service::game::adapter::Voice;
use crate::service::game::any::{AnyAction, AnyGame};
use crate::service::pages::link_line;
use crate::service::seat::step::Opened;
use crate::service::{Controls, Effect, Ended, Place, Service, ServiceError, Table};
use crate::store::seats::TurnTimes;
use crate::store::{self, GameRow, MoveRow, Status, StoreError, Tx};
use crate::text;

/// Turns in a row a player may let run out before the platform resigns them.
pub const TIMEOUTS_TO_RESIGN: i64 = 3;

impl Service {
    /// Plays `action` for `user_id` in a game they saw at version `seen`. `interaction` is the Discord interaction
    /// asking for it: the same interaction twice plays once.
    pub async fn act<A: Clone + Into<AnyAction>>(
        &self,
        game_id: i64,
        user_id: i64,
        seen: i64,
        action: &A,
        interaction: Option<i64>,
    ) -> Result<Acted, ServiceError> {
        self.act_all(game_id, user_id, seen, std::slice::from_ref(action), interaction).await
    }

    /// Plays several actions of one turn at once (Contrées' two lands): all of them, or none if one is refused.
    pub async fn act_all<A: Clone + Into<AnyAction>>(
        &self,
        game_id: i64,
        user_id: i64,
        seen: i64,
        actions: &[A],
        interaction: Option<i64>,
    ) -> Result<Acted, ServiceError> {
        let actions: Vec<AnyAction> = actions.iter().cloned().map(Into::into).collect();
        let mut moving = match self.open_move(game_id, user_id, interaction).await? {
            Opened::Moving(moving) => moving,
            Opened::Done(acted) => return Ok(acted),
        };
        Service::still_open(&mut moving.tx, &moving.table, moving.seat, seen).await?;
        Service::must_be_due(&moving.table, moving.seat)?;
        self.commit_move(moving, actions).await
    }

    /// Whether what `seat` saw at version `seen` still holds: the same version, or later moves of other seats only
    /// (a seat's own turn played for it by a time-out makes what it saw stale), each a choice made at the same time
    /// as its own (another seat's programme), so that what it may choose is as it was. Decided from the log alone:
    /// a click after another seat's move loads its game once, like any other.
    pub(in crate::service) async fn still_open(
        conn: &mut Tx,
        table: &Table,
        seat: Seat,
        seen: i64,
    ) -> Result<(), ServiceError> {
        let now = table.row.version;
        let moved_on = ServiceError::MovedOn { game: table.row.id, seen, now };
        if seen == now {
            return Ok(());
        }
        // Not due now: their choice went with the move that took their turn.
        if !(0..now).contains(&seen) || !table.due().contains(seat) {
            return Err(moved_on);
        }
        // An undo since may have taken back moves that stood then: what they saw is not the game now.
        if store::moves::undone_since(conn, table.row.id, seen).await? {
            return Err(moved_on);
        }
        // Only other seats' choices made at the same time as theirs (programmes) leave what they may choose as it
        // was: the moves that stand since say so, read from the log, with no need to see the game again.
        let since = store::moves::of_game(conn, table.row.id, now).await?;
        let kind = table.game.kind();
        let untouched = since.iter().filter(|m| m.seq > seen).all(|m| {
            let other = Seat::try_from(m.seat).ok().filter(|&s| s != seat);
            other.zip(kind.action(&m.action).ok()).is_some_and(|(s, action)| table.game.stands_alone(s, &action))
        });
        match untouched {
            true => Ok(()),
            false => Err(moved_on),
        }
    }

    /// Resigns `user_id` from a game. Games whose rules know resigning record it as their move (Contrées ends);
    /// in the others the player's turns are played for them from now on and they cannot win. When one player is
    /// left, they win at once.
    pub async fn resign(&self, game_id: i64, user_id: i64) -> Result<Acted, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        let seat = table.seat(user_id)?;
        let acted = self.resign_seat(&mut tx, table, seat, Vec::new(), Vec::new()).await?;
        tx.commit().await?;
        Ok(acted)
    }

    /// Resigns a seat after playing `forced` for it (a turn that ran out), saying `lines` first.
    pub(in crate::service) async fn resign_seat(
        &self,
        tx: &mut Tx,
        mut table: Table,
        seat: Seat,
        mut lines: Vec<Text>,
        forced: Vec<AnyAction>,
    ) -> Result<Acted, ServiceError> {
        let game_id = table.row.id;
        store::seats::resign(tx, game_id, i64::from(seat)).await?;
        // Final for the person: whoever holds the seat later, they never play this game again.
        store::substitutions::resigned(tx, game_id, table.seat_row(seat)?.user_id).await?;
        table.resign(seat);
        if table.game.resignation(seat).is_none() {
            lines.push(text!("play-resigned", who = &table.seat_row(seat)?.name));
        }
        let ran_out = !forced.is_empty();
        let turn = Turn { seat, actions: forced, interaction: None, resigns: true, ran_out };
        self.play_out(tx, table, Some(turn), lines).await
    }

    /// Abandons a lobby or a game: by its host, or by someone who may manage threads in `moderates`, the place
    /// where they asked, which must be the game's own channel or thread (Discord gives a member's permissions in
    /// the channel where a command is typed, and those say nothing about another channel or server).
    pub async fn abandon(&self, game_id: i64, user_id: i64, moderates: Option<Place>) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if matches!(row.status, Status::Finished | Status::Abandoned) {
            return Err(ServiceError::GameOver(game_id));
        }
        if row.host_id != user_id && !moderates_game(moderates, &row) {
            return Err(ServiceError::NotHostOrModerator(game_id));
        }
        store::games::set_status(&mut tx, game_id, Status::Abandoned, self.now()).await?;
        // Nobody wins: in a tournament, those still playing share the points, ahead of those who resigned.
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let places: Vec<u8> = seats.iter().map(|s| u8::from(s.resigned)).collect();
        self.tournament_result(&mut tx, game_id, &seats, &places).await?;
        self.push(&mut tx, game_id, row.version, &Effect::text(text!("play-abandoned", game = game_id))).await?;
        self.retire_all(&mut tx, &row).await?;
        self.archive_thread(&mut tx, &row, row.version).await?;
        tx.commit().await?;
        Ok(())
    }

    /// An abandoned game's live controls go (its players' menus, an invitation's buttons), and its lobby's message
    /// says it was abandoned.
    async fn retire_all(&self, tx: &mut Tx, row: &GameRow) -> Result<(), ServiceError> {
        let (game_id, version) = (row.id, row.version);
        self.retire(tx, (game_id, version), (Controls::Turn, None), Ended::Over).await?;
        let invitation = (Controls::Invitation(crate::service::Invitation::Game), None);
        self.retire(tx, (game_id, version), invitation, Ended::Closed).await?;
        if has_lobby_message(tx, row).await? {
            let abandoned = text!("lobby-abandoned", title = crate::service::kind_of(row)?.title(), game = game_id);
            self.push(tx, game_id, version, &Effect::Lobby { text: self.with_links(abandoned, row) }).await?;
        }
        Ok(())
    }

    /// Once a game has ended and everything about it is said: archive its thread, out of the channel's list of
    /// active threads (Discord would do it after a week anyway).
    async fn archive_thread(&self, tx: &mut Tx, row: &GameRow, version: i64) -> Result<(), ServiceError> {
        if let Some(thread) = row.thread_id {
            self.push(tx, row.id, version, &Effect::Archive { thread }).await?;
        }
        Ok(())
    }

    /// A started game that is not over.
    pub(in crate::service) async fn active(&self, tx: &mut Tx, game_id: i64) -> Result<Table, ServiceError> {
        let row = Service::row(tx, game_id).await?;
        match row.status {
            Status::Active => self.table(tx, row).await,
            Status::Lobby => Err(ServiceError::NotStarted(game_id)),
            Status::Finished | Status::Abandoned => Err(ServiceError::GameOver(game_id)),
        }
    }

    /// Plays the turn of a seat whose time ran out: the game's forced action (Meridian passes, Contrées lays the
    /// lowest-labelled lands or places nothing, Dragon Delta lays the default programme or takes a choice's first
    /// option). A player who lets [`TIMEOUTS_TO_RESIGN`] turns in a row run out (choices within a turn do not count)
    /// is resigned, so that a game never stalls for ever waiting for someone who has left.
    pub(in crate::service) async fn time_out(
        &self,
        tx: &mut Tx,
        game_id: i64,
        seat: Seat,
    ) -> Result<Option<Acted>, ServiceError> {
        let table = self.active(tx, game_id).await?;
        if !table.due().contains(seat) {
            return Ok(None);
        }
        let name = table.seat_row(seat)?.name.clone();
        let mut lines = vec![text!("play-time-ran-out", who = &name)];
        let actions = Service::forced(tx, &table, seat).await?;
        // A choice within a turn (Dragon Delta's resolution) that runs out is made for its player, but only turns
        // count towards resigning: a player away for a few days misses one round, not the game.
        let turn = !table.game.is_choice(seat);
        if turn && store::seats::timed_out(tx, game_id, i64::from(seat)).await? >= TIMEOUTS_TO_RESIGN {
            lines.push(text!("play-timed-out-resigned", who = &name, turns = TIMEOUTS_TO_RESIGN));
            return Ok(Some(self.resign_seat(tx, table, seat, lines, actions).await?));
        }
        let turn = Turn { seat, actions, interaction: None, resigns: false, ran_out: true };
        Ok(Some(self.play_out(tx, table, Some(turn), lines).await?))
    }

    /// The actions the game plays for `seat` whose time ran out (the rest of its turn, keeping to what it pledged),
    /// checked.
    pub(in crate::service) async fn forced(
        conn: &mut Tx,
        table: &Table,
        seat: Seat,
    ) -> Result<Vec<AnyAction>, ServiceError> {
        let pledged = Service::pledged(conn, table, seat).await?;
        let mut game = table.game.clone();
        let names = table.names();
        let actions = game.timeout(seat, pledged.as_deref());
        for action in &actions {
            game.apply(seat, action, &names).map_err(|e| Service::refused_forced(table, &e))?;
        }
        Ok(actions)
    }

    /// A forced action is always legal; a stored game where it is not does not read as a game.
    fn refused_forced(table: &Table, e: &dyn std::fmt::Display) -> ServiceError {
        StoreError::Corrupt(format!("game #{}: a forced action is refused: {e}", table.row.id)).into()
    }

    /// Applies a seat's actions (if any), then plays for resigned seats that are due, logs every action, moves the
    /// version on and writes the effects: the board with the moves in words, a note to each seat now due, or the
    /// result. Each seat's clock starts when it becomes due (or is due again after acting) and stops when it is no
    /// longer due; a seat that stays due keeps its clock.
    pub(in crate::service) async fn play_out(
        &self,
        tx: &mut Tx,
        mut table: Table,
        first: Option<Turn>,
        lines: Vec<Text>,
    ) -> Result<Acted, ServiceError> {
        let due_before = table.due();
        let mut moves = Moves::new(&table, self.now(), lines);
        if let Some(turn) = first {
            let since = store::seats::due_since(tx, table.row.id, i64::from(turn.seat)).await?;
            moves.play_turn(&mut table, turn, since.map(|since| (moves.now - since).max(0)))?;
        }
        moves.play_for_others(&mut table)?;
        self.save(tx, &mut table, &moves, due_before).await?;
        let over = table.due().is_empty();
        match over {
            true => self.finish(tx, &table, &moves).await?,
            false => self.announce(tx, &table, &moves, due_before).await?,
        };
        Ok(Acted { version: moves.version, text: moves.told(), finished: over, duplicate: false })
    }

    /// Logs the moves, moves the game's version on (refusing if another change moved it first), and starts or stops
    /// each seat's clock.
    async fn save(
        &self,
        tx: &mut Tx,
        table: &mut Table,
        moves: &Moves,
        due_before: SeatSet,
    ) -> Result<(), ServiceError> {
        let game_id = table.row.id;
        for m in &moves.rows {
            store::moves::append(tx, game_id, m).await?;
        }
        let (seen, now) = (table.row.version, moves.version);
        if !store::games::advance(tx, game_id, seen, now, &table.game.snapshot(), moves.now).await? {
            return Err(ServiceError::MovedOn { game: game_id, seen, now });
        }
        table.row.version = now;
        self.set_clocks(tx, table, moves.acted, due_before).await?;
        self.retire_turns(tx, table, (due_before, moves.acted), moves.ran_out, Ended::Played).await
    }

    /// Retires the your-turn menus of each player whose turn ended: no longer due, or due again after acting (a new
    /// note comes). `ran_out`: the seats whose turn the clock played; the others' ended as `ended` says.
    pub(in crate::service) async fn retire_turns(
        &self,
        tx: &mut Tx,
        table: &Table,
        (due_before, acted): (SeatSet, SeatSet),
        ran_out: SeatSet,
        ended: Ended,
    ) -> Result<(), ServiceError> {
        let due = table.due();
        for seat in due_before.iter().filter(|&s| !due.contains(s) || acted.contains(s)) {
            if table.computer(seat).is_some() {
                continue;
            }
            let ended = if ran_out.contains(seat) { Ended::RanOut } else { ended };
            let menus = (Controls::Turn, Some(table.seat_row(seat)?.user_id));
            self.retire(tx, (table.row.id, table.row.version), menus, ended).await?;
        }
        Ok(())
    }

    /// Stops the clock of each seat no longer due and starts it for each seat newly due, or due again after
    /// acting (in `acted`); a seat that stays due keeps its clock.
    pub(in crate::service) async fn set_clocks(
        &self,
        tx: &mut Tx,
        table: &Table,
        acted: SeatSet,
        due_before: SeatSet,
    ) -> Result<(), ServiceError> {
        let due = table.due();
        for seat in table.seats.iter().map(|s| s.seat as Seat) {
            if !due.contains(seat) {
                store::seats::set_clock(tx, table.row.id, i64::from(seat), TurnTimes::STOPPED).await?;
            } else if acted.contains(seat) || !due_before.contains(seat) {
                self.start_turn_clock(tx, table, seat).await?;
            }
        }
        Ok(())
    }

    /// Says what the moves did in the thread (with the board when it changed) and calls the seats newly due (or due
    /// again after acting).
    async fn announce(
        &self,
        tx: &mut Tx,
        table: &Table,
        moves: &Moves,
        due_before: SeatSet,
    ) -> Result<(), ServiceError> {
        let (game_id, version) = (table.row.id, moves.version);
        let said = moves.said();
        if moves.rows.is_empty() {
            // A resignation out of turn: nothing moved, so no new board and no second your-turn note.
            return Ok(self.push(tx, game_id, version, &Effect::text(text!("play-said", lines = said))).await?);
        }
        let due = table.due();
        // Seats newly due (or due again after acting) get a note; the others are still choosing.
        let called: SeatSet = due.iter().filter(|&s| moves.acted.contains(s) || !due_before.contains(s)).collect();
        let turn = Service::turn_number(tx, &table.row).await?;
        let text = text!("play-to-play", lines = said, due = table.names_of(due), turn = turn);
        let next = table.people(called);
        let effect = match moves.pictured {
            true => Effect::Board { text: text.clone(), next },
            // The board is as it was: words only, calling those newly due (a pass calls the next player; a
            // programme laid while others choose calls nobody).
            false => Effect::Text { text: text.clone(), next },
        };
        self.push(tx, game_id, version, &effect).await?;
        for seat in called.iter().filter(|&s| table.computer(s).is_none()) {
            let (user_id, note) = (table.seat_row(seat)?.user_id, self.your_turn(tx, table, seat, None).await?);
            self.push(tx, game_id, version, &Effect::Hand { seat, user_id, note }).await?;
        }
        Ok(())
    }

    /// Ends the game after the moves: one post in the thread (the last moves, the result and the ratings, with the
    /// final board), the result to every player, the lobby's message rewritten with it, and the thread archived.
    async fn finish(&self, tx: &mut Tx, table: &Table, moves: &Moves) -> Result<(), ServiceError> {
        let (game_id, version) = (table.row.id, moves.version);
        let said = moves.said();
        store::games::set_status(tx, game_id, Status::Finished, moves.now).await?;
        store::seats::stop_clocks(tx, game_id).await?;
        self.tournament_result(tx, game_id, &table.seats, &crate::service::ratings::places(table)).await?;
        store::analyses::queue(tx, game_id, moves.now).await?;
        let result = self.result_words(tx, table, moves.now).await?;
        let text = text!("play-game-over", lines = said, result = result.clone());
        self.push(tx, game_id, version, &Effect::Result { text, user_id: None }).await?;
        let title = table.game.kind().title();
        for seat in table.seats.iter().filter(|s| s.computer.is_none()) {
            let text = text!("play-over-to-player", title = title, game = game_id, result = result.clone());
            self.push(tx, game_id, version, &Effect::Result { text, user_id: Some(seat.user_id) }).await?;
        }
        if has_lobby_message(tx, &table.row).await? {
            let over = text!("lobby-over", title = title, game = game_id, result = result);
            self.push(tx, game_id, version, &Effect::Lobby { text: self.with_links(over, &table.row) }).await?;
        }
        self.archive_thread(tx, &table.row, version).await
    }

    /// A finished game's result in words: its winners, its scores (a race, Dragon Delta, keeps none) and the
    /// ratings it changed.
    async fn result_words(&self, tx: &mut Tx, table: &Table, now: i64) -> Result<Text, ServiceError> {
        let winners = table.names_of(table.winners());
        let scores: Vec<Arg> = (table.game.scores().iter().zip(table.names()))
            .map(|(score, name)| text!("play-score", who = name, score = *score).into())
            .collect();
        let result = match scores.is_empty() {
            true => text!("play-winner", winners = winners),
            false => text!("play-final-scores", scores = List::Commas(scores), winners = winners),
        };
        let changes = self.rate(tx, table, now).await?;
        if changes.is_empty() {
            return Ok(result);
        }
        let provisional = changes.iter().any(|c| c.after.provisional);
        let changes = changes.iter().map(|c| {
            let id = if c.after.provisional { "play-rating-change-provisional" } else { "play-rating-change" };
            let (before, after) = (c.before.points, c.after.points);
            Arg::from(text!(id, who = &c.name, before = before, after = after, change = c.difference()))
        });
        let changes = List::Commas(changes.collect());
        Ok(match provisional {
            true => {
                let games = crate::ratings::SETTLED_AFTER;
                text!("play-with-provisional-ratings", result = result, changes = changes, games = games)
            }
            false => text!("play-with-ratings", result = result, changes = changes),
        })
    }

    /// `text`, then the links to the game's thread and page (those it has).
    fn with_links(&self, text: Text, row: &GameRow) -> Text {
        let text = crate::service::time::with_thread_link(text, row);
        match self.page_url(row) {
            Some(url) => text!("play-lines", lines = List::Lines(vec![text.into(), link_line(&url).into()])),
            None => text,
        }
    }
}

/// The moves one change plays, as they are played: their rows for the log, their lines for the thread and for the
/// player whose turn it is, who acted, and whether any changed the board.
struct Moves {
    names: Vec<String>,
    now: i64,
    /// The game's version after the moves so far.
    version: i64,
    rows: Vec<MoveRow>,
    lines: Vec<Text>,
    /// The lines as told to the player whose turn was played: their own moves in the second person.
    told: Vec<Text>,
    acted: SeatSet,
    /// The seats whose turn the clock played.
    ran_out: SeatSet,
    pictured: bool,
}

impl Moves {
    fn new(table: &Table, now: i64, lines: Vec<Text>) -> Moves {
        let (version, acted, told) = (table.row.version, SeatSet::EMPTY, lines.clone());
        let (rows, ran_out, pictured) = (Vec::new(), SeatSet::EMPTY, false);
        Moves { names: table.names(), now, version, rows, lines, told, acted, ran_out, pictured }
    }

    /// The lines so far, one sentence after another.
    fn said(&self) -> Text {
        text!("play-lines", lines = List::sentences(self.lines.iter().cloned()))
    }

    /// The lines so far as told to the player whose turn was played.
    fn told(&self) -> Text {
        text!("play-lines", lines = List::sentences(self.told.iter().cloned()))
    }

    /// A line said alike in the thread and to the player whose turn was played.
    fn say(&mut self, line: Text) {
        self.told.push(line.clone());
        self.lines.push(line);
    }

    /// Logs `action` of `seat`, played by `by` (its holder, or the clock for them) or by the rules themselves.
    fn log(&mut self, seat: Seat, action: &AnyAction, by: Option<&By>) {
        self.version += 1;
        let (seq, action, played_at) = (self.version, action.to_json(), self.now);
        self.rows.push(MoveRow {
            seq,
            seat: i64::from(seat),
            action,
            played_at,
            interaction_id: by.and_then(|b| b.interaction),
            user_id: by.map(|b| b.user_id),
            ran_out: by.is_some_and(|b| b.ran_out),
            waited_ms: by.and_then(|b| b.waited_ms),
        });
    }

    /// A seat's turn, its player due for `waited` ms (the interaction that asked and the wait go with its first
    /// action), then its resignation in the game's own record when it resigns, asked of the game as it is then.
    fn play_turn(&mut self, table: &mut Table, turn: Turn, waited: Option<i64>) -> Result<(), ServiceError> {
        let Turn { seat, actions, interaction, resigns, ran_out } = turn;
        let user_id = table.seat_row(seat)?.user_id;
        let mut by = By { user_id, ran_out, interaction, waited_ms: waited.filter(|_| !actions.is_empty()) };
        self.acted.insert(seat);
        if ran_out {
            self.ran_out.insert(seat);
        }
        let count = actions.len();
        let mut actions = actions.into_iter();
        let mut i = 0;
        let resignation = |game: &AnyGame, i| game.resignation(seat).filter(|_| resigns && i == count);
        while let Some(action) = actions.next().or_else(|| resignation(&table.game, i)) {
            let played = table.game.apply(seat, &action, &self.names).map_err(ServiceError::Illegal)?;
            self.pictured |= played.pictured;
            self.told.push(table.game.describe(&played, &self.names, Voice::Done));
            self.lines.push(played.line);
            self.log(seat, &action, Some(&by));
            (by.interaction, by.waited_ms) = (None, None);
            i += 1;
        }
        Ok(())
    }

    /// Plays for resigned seats that are due, while someone is left to play against, and plays at once an action
    /// with one possible outcome.
    fn play_for_others(&mut self, table: &mut Table) -> Result<(), ServiceError> {
        let remaining = table.remaining();
        loop {
            let due = table.due();
            let (seat, actions, automatic) = match due.iter().find(|&s| !remaining.contains(s)) {
                Some(seat) => (seat, table.game.timeout(seat, None), false),
                None => match due.iter().find_map(|s| Some((s, table.game.automatic(s)?))) {
                    Some((seat, action)) => (seat, vec![action], true),
                    None => return Ok(()),
                },
            };
            if actions.is_empty() {
                return Ok(());
            }
            for action in actions {
                let played =
                    table.game.apply(seat, &action, &self.names).map_err(|e| Service::refused_forced(table, &e))?;
                self.pictured = true;
                self.say(match automatic {
                    true => text!("play-only-outcome", line = played.line),
                    false => text!("play-for-resigned", line = played.line),
                });
                self.log(seat, &action, None);
            }
            self.acted.insert(seat);
        }
    }
}

/// Who played a logged move: the seat's holder (or the clock for them, when their time ran out); the interaction
/// that asked and how long they had been due go with a turn's first move only.
struct By {
    user_id: i64,
    ran_out: bool,
    interaction: Option<i64>,
    waited_ms: Option<i64>,
}

/// Whether someone who may manage threads in `place` (where they asked: Discord gives a member's permissions in the
/// channel where a command is typed) moderates the game of `row`: only in its own channel or thread.
pub(in crate::service) fn moderates_game(place: Option<Place>, row: &GameRow) -> bool {
    place.is_some_and(|place| {
        place.guild_id.is_some()
            && place.guild_id == row.guild_id
            && (place.channel_id == row.channel_id || Some(place.channel_id) == row.thread_id)
    })
}

/// Whether the game's lobby message is, or will be, there to edit: a tournament's game records the message it opened
/// from only once its opening is delivered, which may come after a quick end (the edit, delivered after it in the
/// game's order, finds it then).
async fn has_lobby_message(tx: &mut Tx, row: &GameRow) -> Result<bool, ServiceError> {
    Ok(row.lobby_message_id.is_some() || store::tournaments::of_game(tx, row.id).await?.is_some())
}
