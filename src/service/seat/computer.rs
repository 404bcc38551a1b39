//! Computer seats: a computer takes a seat when a lobby opens, or in place of a player (the host's choice, or the
//! player's own), and plays its turns through the same path as a person's: logged, posted and exported alike.
//!
//! A computer seat's turn clock runs out the moment it becomes due (a deadline of now, no reminder). The change that
//! made it due wakes [`run_computers`] once committed ([`Wake`]), which claims every computer seat due as the turn
//! clock claims a person's (one process plays each, a restart loses nothing) and plays them all at once: each
//! search runs on the thinking cores, off the async runtime, on the game as it stands, and its choice is played if
//! the game has not moved on meanwhile in a way that makes it illegal. The turn clock's tick plays any left over
//! (a wake-up lost, another process's change). A computer gets no DMs and no mentions.

use crate::ai::{Level, Player};
use crate::language::{Lang, Text};
use crate::rules::{Seat, SeatSet};
use crate::service::outbox::wake::{keep_working, Work};
use crate::service::seat::Turn;
use crate::service::{Effect, Service, ServiceError, Table, Wake};
use crate::store::seats::{Alarm, AlarmClaim, TurnTimes};
use crate::store::{self, SeatRow, Status, StoreError, Tx};
use crate::text;
use std::sync::Arc;
use std::time::Duration;

/// A computer seat's user id (negative: never a Discord user's) and name, in the game's language (a name is
/// stored as it is, like a person's): "Computer (normal)", or "Computer 2 (normal)" when a lobby seats several.
pub(in crate::service) fn seat(n: usize, number: Option<usize>, level: Level, lang: Lang) -> (i64, String) {
    let level = text!("computer-level", level = level.name());
    let name = match number {
        Some(k) => text!("computer-numbered", number = k, level = level),
        None => text!("computer", level = level),
    };
    (-(n as i64), lang.say(&name))
}

impl Table {
    /// The level of the computer in `seat`, if a computer sits there.
    pub fn computer(&self, seat: Seat) -> Option<Level> {
        level(self.seat_row(seat).ok()?)
    }

    /// Whether `seat` may play `actions` as the game stands: due, and each action legal after the ones before.
    fn applies(&self, seat: Seat, actions: &[crate::service::game::any::AnyAction]) -> bool {
        let (mut game, names) = (self.game.clone(), self.names());
        self.due().contains(seat) && actions.iter().all(|action| game.apply(seat, action, &names).is_ok())
    }

    /// The people (not computers) among `seats`, by user id: whom to mention or write to.
    pub fn people(&self, seats: SeatSet) -> Vec<i64> {
        seats.iter().filter_map(|s| self.seat_row(s).ok()).filter(|r| r.computer.is_none()).map(|r| r.user_id).collect()
    }
}

/// The level of the computer sitting in a seat, if one does.
fn level(row: &SeatRow) -> Option<Level> {
    row.computer.as_deref()?.parse().ok()
}

/// The seed of a computer's decision at its `standing`-th move of the record (the moves that stand, not the log's
/// length, which undos lengthen): [`crate::ai::decision_seed`], with the seat mixed in so that computers due at
/// once (Dragon Delta's programmes) draw differently. The same position gets the same reply however often a move
/// before it is taken back and played again.
fn decision_seed(seed: u64, standing: usize, seat: Seat) -> u64 {
    crate::ai::decision_seed(seed, standing as u64) ^ u64::from(seat) << 56
}

/// Plays computer seats the moment they are due, woken by every change, and looks every `idle` besides, until the
/// process ends; wakes the delivery after it played. Restarted if it panics.
pub async fn run_computers(service: Arc<Service>, wake: Arc<Wake>, idle: Duration) {
    let play = move || {
        let service = service.clone();
        async move { service.computer_moves(service.now()).await }
    };
    keep_working("computers", wake, Work::Computers, idle, play).await;
}

impl Service {
    /// Plays every computer seat due at `now`, all at once: each claimed, thought on the thinking cores and played
    /// in its own transaction. Returns the turns played.
    pub(in crate::service) async fn computer_moves(&self, now: i64) -> Result<usize, ServiceError> {
        const BATCH: i64 = 32;
        // Woken by every change: most find no computer due, and a look needs no write lock.
        if !store::seats::any_due(&mut self.store.read().await?, Alarm::ComputerTurn, now).await? {
            return Ok(0);
        }
        let mut played = 0;
        loop {
            let claimed = {
                let mut tx = self.store.write().await?;
                let claimed =
                    store::seats::claim_due(&mut tx, Alarm::ComputerTurn, now, BATCH, self.store.instance()).await?;
                tx.commit().await?;
                claimed
            };
            let turns = claimed.iter().map(|claim| async move {
                match self.computer_at(claim.game_id, claim.seat).await? {
                    Some(level) => self.computer_turn(claim, level, now).await,
                    // No computer sits there any more: its alarm is left to lapse with the claim.
                    None => Ok(false),
                }
            });
            for (claim, turn) in claimed.iter().zip(futures_util::future::join_all(turns).await) {
                match turn {
                    Ok(moved) => played += usize::from(moved),
                    Err(e) => self.set_aside_or_fail(claim, e).await?,
                }
            }
            if claimed.len() < BATCH as usize {
                return Ok(played);
            }
        }
    }

    /// The level of the computer in a seat, if a computer sits there.
    pub(in crate::service) async fn computer_at(&self, id: i64, seat: i64) -> Result<Option<Level>, ServiceError> {
        let mut tx = self.store.read().await?;
        let seats = store::seats::of_game(&mut tx, id).await?;
        Ok(seats.iter().find(|s| s.seat == seat).and_then(level))
    }

    /// Plays a computer seat's turn, claimed as due at `now`. Returns whether it played.
    pub(in crate::service) async fn computer_turn(
        &self,
        claim: &AlarmClaim,
        level: Level,
        now: i64,
    ) -> Result<bool, ServiceError> {
        let id = claim.game_id;
        let seat = Seat::try_from(claim.seat).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let seen = {
            let mut tx = self.store.read().await?;
            let row = Service::row(&mut tx, id).await?;
            match row.status {
                Status::Active => {
                    let standing = store::moves::standing(&mut tx, id, row.version).await?;
                    Some((self.table(&mut tx, row).await?, standing))
                }
                _ => None,
            }
        };
        let chosen = match seen.filter(|(t, _)| t.due().contains(seat)) {
            Some((table, standing)) => {
                let (version, seed) = (table.row.version, decision_seed(table.row.seed, standing, seat));
                let game = table.game;
                let actions = Service::thinking(move || game.choose(seat, Player::Computer(level), seed)).await?;
                Some((version, actions))
            }
            None => None,
        };
        let mut tx = self.store.write().await?;
        let played = self.play_computer(&mut tx, claim, seat, now, chosen).await?;
        if played.is_some() {
            store::lease::release(&mut tx, claim, self.store.instance()).await?;
            tx.commit().await?;
        }
        Ok(played == Some(true))
    }

    /// Plays what a computer chose at version `chosen.0`, in the caller's transaction, if its claim still holds,
    /// its seat is still due and the game has not moved on; a seat no longer due has its clock stopped. Returns
    /// whether it played, or `None` when the claim was lost to another process (which then plays the seat).
    async fn play_computer(
        &self,
        tx: &mut Tx,
        claim: &AlarmClaim,
        seat: Seat,
        now: i64,
        chosen: Option<(i64, Vec<crate::service::game::any::AnyAction>)>,
    ) -> Result<Option<bool>, ServiceError> {
        let id = claim.game_id;
        let row = Service::row(tx, id).await?;
        match store::seats::alarm_held(tx, claim, self.store.instance(), Alarm::ComputerTurn, now).await? {
            None => {
                Service::lost_alarm(claim);
                return Ok(None);
            }
            Some(false) => return Ok(Some(false)),
            Some(true) if row.status != Status::Active => return Ok(Some(false)),
            Some(true) => {}
        }
        let table = self.table(tx, row).await?;
        // Its player took the seat back meanwhile: their own clock runs.
        if table.computer(seat).is_none() {
            return Ok(Some(false));
        }
        if !table.due().contains(seat) {
            store::seats::set_clock(tx, id, i64::from(seat), TurnTimes::STOPPED).await?;
            return Ok(Some(false));
        }
        // Chosen on another version: played if it still applies (computers due at once in one game, as Dragon
        // Delta's programmes, think at once and see nothing of each other's choices), else thought again.
        let Some((_, mut actions)) =
            chosen.filter(|(version, actions)| *version == table.row.version || table.applies(seat, actions))
        else {
            return Ok(Some(false));
        };
        // A search that finds nothing (it should not) plays what a time-out would.
        if actions.is_empty() {
            actions = Service::forced(tx, &table, seat).await?;
        }
        let turn = Turn { seat, actions, interaction: None, resigns: false, ran_out: false };
        self.play_out(tx, table, Some(turn), Vec::new()).await?;
        Ok(Some(true))
    }

    /// Hands `player`'s seat to a computer at `level`, asked by `by`: the host, or the player themselves. A player
    /// the platform resigned (their turns passed for them) may be replaced; in a game whose rules took a resigned
    /// player's part out (Contrées ends, Dragon Delta's pawn leaves the river), nobody can. Returns what the thread
    /// is told.
    pub async fn hand_to_computer(
        &self,
        game_id: i64,
        by: i64,
        player: &crate::service::User,
        level: Level,
    ) -> Result<Text, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        if by != table.row.host_id && by != player.id {
            return Err(ServiceError::NotHostOrPlayer(game_id));
        }
        let seat = table
            .seat_of(player.id)
            .ok_or_else(|| ServiceError::NotAPlayer { game: game_id, name: player.name.clone() })?;
        let old = table.seat_row(seat)?.clone();
        if old.computer.is_some() {
            return Err(ServiceError::ComputerAlready(old.name));
        }
        if old.resigned && table.game.resignation(seat).is_some() {
            return Err(ServiceError::SeatGone { game: game_id, name: old.name });
        }
        Service::may_substitute(&mut tx, game_id, seat).await?;
        // An id no computer of this game has had: one given back when its player took the seat back stays taken
        // in the game's substitutions.
        let substitutions = store::substitutions::of_game(&mut tx, game_id).await?;
        let ids = table.seats.iter().map(|s| s.user_id).chain(substitutions.iter().map(|h| h.to_user));
        let n = (1 - ids.min().unwrap_or(0).min(0)) as usize;
        let (user_id, computer) = seat_for(n, level, &old.name, table.row.lang);
        store::seats::hand_to_computer(&mut tx, game_id, i64::from(seat), user_id, &computer, level.name()).await?;
        let substitution = store::substitutions::SubstitutionRow {
            seat: i64::from(seat),
            version: table.row.version,
            from_user: old.user_id,
            from_name: old.name.clone(),
            to_user: user_id,
            to_name: computer.clone(),
        };
        store::substitutions::add(&mut tx, game_id, &substitution, by, self.now()).await?;
        let table = Table { seats: store::seats::of_game(&mut tx, game_id).await?, ..table };
        if table.due().contains(seat) {
            self.start_turn_clock(&mut tx, &table, seat).await?;
        }
        let text = text!("computer-took-seat", who = &old.name, computer = &computer);
        self.push(&mut tx, game_id, table.row.version, &Effect::text(text.clone())).await?;
        tx.commit().await?;
        Ok(text)
    }
}

/// A computer taking over `player`'s seat: "Computer (normal) for ana".
fn seat_for(n: usize, level: Level, player: &str, lang: Lang) -> (i64, String) {
    let (user_id, name) = seat(n, None, level, lang);
    (user_id, lang.say(&text!("computer-for", computer = name, player = player)))
}
