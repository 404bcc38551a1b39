//! Undos by agreement (issue 47): a player asks to take back their last move; every other person in the game
//! agrees with a button within a day (computers agree), and the rules refuse at once a move that cannot be taken
//! back fairly ([`crate::rules::undo`]). An undo done is an entry of the move log: the game's version moves
//! on (an undo and the next move race for it, and exactly one wins), the moves it took back no longer stand (the
//! record holds only those that do), and the thread shows the board again.

use crate::language::{List, Text};
use crate::rules::undo::UndoError;
use crate::rules::{Seat, SeatSet};
use crate::service::seat::FairPlayError;
use crate::service::seat::Undo;
use crate::service::{logged, Controls, Effect, Ended, Invitation, Service, ServiceError, Table, TurnClock, User};
use crate::store::undos::UndoOffer;
use crate::store::{self, StoreError, Tx};
use crate::text;

/// How long the other players have to agree to an undo: a day.
pub const UNDO_MS: i64 = 24 * 60 * 60 * 1000;

/// What an undo takes: the log's entries that no longer stand, and what they did, in words.
struct Taken {
    seqs: Vec<i64>,
    lines: Vec<Text>,
}

impl Service {
    /// `user` asks to take back their last move of `game_id`: done at once when nobody else is to agree (the others
    /// are computers), else the others are asked in the thread with Accept and Decline. Returns what `user` is told.
    pub async fn ask_undo(&self, game_id: i64, user: &User) -> Result<Text, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        let Some(seat) = table.seat_of(user.id).filter(|&s| table.remaining().contains(s)) else {
            return Err(Service::not_seated(&mut tx, &table, user.id).await?);
        };
        Service::undo_allowed(&mut tx, &table).await?;
        // A turn the clock played for the seat (Meridian's pass, Dragon Delta's programme) reads as any move of the
        // game: the seat's run of time-outs tells it.
        if store::seats::timeouts(&mut tx, game_id, i64::from(seat)).await? > 0 {
            return Err(refusal(&table, UndoError::NotAChoice));
        }
        let taken = Service::to_undo(&mut tx, &table, seat).await?;
        let waiting = table.people(agreeing(&table, seat));
        if waiting.is_empty() {
            self.undo_now(&mut tx, table, seat, taken).await?;
            tx.commit().await?;
            return Ok(text!("undo-you-took", game = game_id));
        }
        let (now, version) = (self.now(), table.row.version);
        // One still open is answered first: another player's would silently end, and the same player's again would
        // ping the others again.
        let waiting_one = store::undos::of_game(&mut tx, game_id).await?;
        if let Some(open) = waiting_one.filter(|o| o.version == version && now < o.expires_at) {
            if open.seat == i64::from(seat) {
                return Err(FairPlayError::AskedAlready { game: game_id }.into());
            }
            let name = table.seat_row(open.seat as Seat)?.name.clone();
            return Err(ServiceError::UndoWaiting { game: game_id, name });
        }
        let offer = UndoOffer { seat: i64::from(seat), version, agreed: 0, asked_at: now, expires_at: now + UNDO_MS };
        store::undos::ask(&mut tx, game_id, &offer).await?;
        let name = &table.seat_row(seat)?.name;
        let text = text!("undo-asked", name = name, game = game_id, lines = List::sentences(taken.lines));
        let invite = Effect::Invite { users: waiting, text, seat: None, undo: Some(version), to: None };
        self.push(&mut tx, game_id, version, &invite).await?;
        tx.commit().await?;
        Ok(text!("undo-you-asked", game = game_id))
    }

    /// `user` answers the undo asked at `version` of `game_id`: agrees (the last to agree takes the move back)
    /// or refuses (it ends). Returns what they are told.
    pub async fn answer_undo(
        &self,
        game_id: i64,
        version: i64,
        user: &User,
        agree: bool,
    ) -> Result<Text, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        let offer = store::undos::of_game(&mut tx, game_id).await?;
        // A move since the undo was asked ends it: what the others agreed to is no longer the game.
        let offer = offer.filter(|o| o.version == version && o.version == table.row.version);
        let (Some(offer), Some(seat)) = (offer, table.seat_of(user.id)) else {
            return Err(ServiceError::NoUndo(game_id));
        };
        let asker = offer.seat as Seat;
        if !agreeing(&table, asker).contains(seat) {
            return Err(ServiceError::NoUndo(game_id));
        }
        if self.now() >= offer.expires_at {
            return Err(ServiceError::UndoLapsed(game_id));
        }
        if !agree {
            store::undos::withdraw(&mut tx, game_id).await?;
            let asked = (Controls::Invitation(Invitation::Undo(version)), None);
            self.retire(&mut tx, (game_id, version), asked, Ended::Answered).await?;
            let (name, asker) = (&table.seat_row(seat)?.name, &table.seat_row(asker)?.name);
            let said = text!("undo-refused", name = name, asker = asker);
            self.push(&mut tx, game_id, version, &Effect::text(said)).await?;
            tx.commit().await?;
            return Ok(text!("undo-you-refused", game = game_id));
        }
        let agreed = offer.agreed | 1 << seat;
        let waiting: SeatSet = agreeing(&table, asker).iter().filter(|s| agreed & 1 << s == 0).collect();
        if !waiting.is_empty() {
            store::undos::agree(&mut tx, game_id, agreed).await?;
            tx.commit().await?;
            return Ok(text!("undo-you-agreed", game = game_id, waiting = table.names_of(waiting)));
        }
        let taken = Service::to_undo(&mut tx, &table, asker).await?;
        self.undo_now(&mut tx, table, asker, taken).await?;
        tx.commit().await?;
        Ok(text!("undo-you-took", game = game_id))
    }

    /// The moves that go when `seat` takes back its last move, as the rules answer, or their refusal.
    async fn to_undo(tx: &mut Tx, table: &Table, seat: Seat) -> Result<Taken, ServiceError> {
        let (row, kind) = (&table.row, table.game.kind());
        let moves = store::moves::of_game(tx, row.id, row.version).await?;
        let history = moves.iter().map(|m| logged(row, kind, m)).collect::<Result<Vec<_>, _>>()?;
        let start = Service::set_up(row, &table.seats)?;
        let automatic: SeatSet =
            table.seats.iter().filter(|s| s.computer.is_some() || s.resigned).map(|s| s.seat as Seat).collect();
        let gone = start.undo(&history, seat, automatic).map_err(|why| refusal(table, why))?;
        let (_, reported) = Service::replay_moves(row, &table.seats, &moves, |_, _| {})?;
        let lines = gone.iter().map(|&k| reported[k].line.clone()).collect();
        Ok(Taken { seqs: gone.iter().map(|&k| moves[k].seq).collect(), lines })
    }

    /// Takes back `taken`, asked by `seat`: logs it, moves the version on (refusing if another change moved it
    /// first), sets the clocks of the seats due again, and shows the board again in the thread.
    async fn undo_now(&self, tx: &mut Tx, mut table: Table, seat: Seat, taken: Taken) -> Result<(), ServiceError> {
        let (game_id, seen, now) = (table.row.id, table.row.version, self.now());
        let version = seen + 1;
        store::moves::undo(tx, game_id, version, i64::from(seat), &taken.seqs, now).await?;
        store::undos::withdraw(tx, game_id).await?;
        let asked = (Controls::Invitation(Invitation::Undo(seen)), None);
        self.retire(tx, (game_id, seen), asked, Ended::Answered).await?;
        let due_before = table.due();
        table.game = Service::replay(tx, &table.row, &table.seats, version).await?.0;
        if !store::games::advance(tx, game_id, seen, version, &table.game.snapshot(), now).await? {
            return Err(ServiceError::MovedOn { game: game_id, seen, now: version });
        }
        table.row.version = version;
        self.set_clocks(tx, &table, SeatSet::EMPTY, due_before).await?;
        self.retire_turns(tx, &table, (due_before, SeatSet::EMPTY), SeatSet::EMPTY, Ended::Undone).await?;
        let said = text!("undo-done", name = &table.seat_row(seat)?.name, lines = List::sentences(taken.lines));
        let due = table.due();
        let called: SeatSet = due.iter().filter(|&s| !due_before.contains(s)).collect();
        let turn = Service::turn_number(tx, &table.row).await?;
        let text = text!("play-to-play", lines = said, due = table.names_of(due), turn = turn);
        self.push(tx, game_id, version, &Effect::Board { text, next: table.people(called) }).await?;
        for seat in called.iter().filter(|&s| table.computer(s).is_none()) {
            let again = Some(text!("undo-your-turn"));
            let (user_id, note) = (table.seat_row(seat)?.user_id, self.your_turn(tx, &table, seat, again).await?);
            self.push(tx, game_id, version, &Effect::Hand { seat, user_id, note }).await?;
        }
        Ok(())
    }
}

impl Service {
    /// Refuses undos in a game where they are off: a tournament's, or one its host opened without them.
    async fn undo_allowed(tx: &mut Tx, table: &Table) -> Result<(), ServiceError> {
        let game = table.row.id;
        if store::tournaments::of_game(tx, game).await?.is_some() {
            return Err(FairPlayError::UndoOff { game, tournament: true }.into());
        }
        if TurnClock::of(&table.row)?.fair_play.undo == Some(Undo::Off) {
            return Err(FairPlayError::UndoOff { game, tournament: false }.into());
        }
        Ok(())
    }
}

/// The seats whose players must agree to `asker`'s undo: every other person still in the game.
fn agreeing(table: &Table, asker: Seat) -> SeatSet {
    let people = table.seats.iter().filter(|s| s.computer.is_none() && !s.resigned);
    people.map(|s| s.seat as Seat).filter(|&s| s != asker).collect()
}

/// The rules' refusal of an undo, in the game's words.
fn refusal(table: &Table, why: UndoError) -> ServiceError {
    let game = table.row.id;
    let why = match why {
        UndoError::GameOver => return ServiceError::GameOver(game),
        UndoError::NoMove(_) => text!("undo-no-move"),
        UndoError::MovedSince(seat) => {
            text!("undo-moved-since", name = table.seat_row(seat).map_or(String::new(), |r| r.name.clone()))
        }
        UndoError::CardTurned => text!("undo-card-turned"),
        UndoError::ProgrammesRevealed => text!("undo-programmes-revealed"),
        UndoError::NotAChoice => text!("undo-not-a-choice"),
        UndoError::Unreplayable(k) => {
            return StoreError::Corrupt(format!("game #{game} does not replay at move {}", k + 1)).into()
        }
    };
    ServiceError::UndoRefused { game, why }
}
