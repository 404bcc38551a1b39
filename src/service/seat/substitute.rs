//! Substitutes (issue 47): a seat passes from a player who must leave to one who takes it over, mid-game. The game's
//! host, the player leaving or a moderator of its channel offers the seat; the arriving player answers in the thread
//! (nobody is seated without asking) and, once they accept, takes the seat as it stands: its hand or programme (sent
//! to them privately), its clock (their own warnings, reminders and quiet hours from then on), its pledge. The
//! leaving player's controls stop working at once. Every substitution is kept: the game's record names it, and a seat's
//! result is credited only to whoever played at least half of its moves ([`crate::service::seat::fair_play`]). Nobody leaves a seat
//! they are playing without their own Accept: only an absent player is replaced without it, and is told.

use crate::language::Text;
use crate::rules::Seat;
use crate::service::seat::play::moderates_game;
use crate::service::seat::FairPlayError;
use crate::service::time::day::PlayerTime;
use crate::service::time::vacation::reminder_every;
use crate::service::time::with_thread_link;
use crate::service::{Controls, Effect, Ended, Invitation, Place, Service, ServiceError, Table, TurnClock, User};
use crate::store::seats::Alarm;
use crate::store::substitutions::{OfferRow, SubstitutionRow};
use crate::store::{self, SeatRow, Tx};
use crate::text;

impl Service {
    /// Offers `leaving`'s seat to `arriving`, asked by `by` (the host, `leaving`, or someone who may manage threads
    /// in `moderates`, the place where they asked); the thread asks `arriving`, with Accept and Decline. A player who
    /// is playing must accept too (asked privately and in the thread); one who is absent ([`Service::absent`]) is
    /// told privately. Returns what the asker is told.
    pub async fn offer_seat(
        &self,
        game_id: i64,
        by: i64,
        moderates: Option<Place>,
        leaving: &User,
        arriving: &User,
    ) -> Result<Text, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        if by != table.row.host_id && by != leaving.id && !moderates_game(moderates, &table.row) {
            return Err(ServiceError::MayNotSubstitute(game_id));
        }
        let seat = person_seat(&table, leaving)?;
        Service::may_take_seat(&mut tx, &table, arriving).await?;
        Service::may_substitute(&mut tx, game_id, seat).await?;
        self.none_standing(&mut tx, game_id, by).await?;
        self.count_request(&mut tx, game_id, by).await?;
        let awaits_leaving = by != leaving.id && !self.absent(&mut tx, &table, seat).await?;
        let offer = OfferRow {
            from_user: leaving.id,
            to_user: arriving.id,
            by_user: by,
            answerer: None,
            to_name: Some(arriving.name.clone()),
            awaits_leaving,
            arriving_agreed: false,
            holder_resigned: table.seat_row(seat)?.resigned,
            made_at: self.now(),
        };
        store::substitutions::offer(&mut tx, game_id, i64::from(seat), &offer).await?;
        let text = text!("substitute-asked", game = game_id, leaving = &leaving.name, arriving = &arriving.name);
        let invite = Effect::Invite { users: vec![arriving.id], text, seat: Some(seat), undo: None, to: None };
        self.push(&mut tx, game_id, table.row.version, &invite).await?;
        if by != leaving.id {
            self.ask_leaving(&mut tx, &table, seat, (leaving, arriving), awaits_leaving).await?;
        }
        tx.commit().await?;
        Ok(match awaits_leaving {
            true => {
                text!("substitute-offered-both", game = game_id, leaving = &leaving.name, arriving = &arriving.name)
            }
            false => text!("substitute-offered", game = game_id, leaving = &leaving.name, arriving = &arriving.name),
        })
    }

    /// Tells the player leaving a seat that someone else offered it: asks their Accept, privately and in the thread,
    /// when they are playing; else tells them privately that it was offered while they were away.
    async fn ask_leaving(
        &self,
        tx: &mut Tx,
        table: &Table,
        seat: Seat,
        (leaving, arriving): (&User, &User),
        consent: bool,
    ) -> Result<(), ServiceError> {
        let (game, version) = (table.row.id, table.row.version);
        if !consent {
            let text =
                text!("substitute-while-away", title = table.kind().title(), game = game, arriving = &arriving.name);
            let told = Effect::Notice { user_id: leaving.id, text: with_thread_link(text, &table.row) };
            return Ok(self.push(tx, game, version, &told).await?);
        }
        let (title, names) = (table.kind().title(), (&leaving.name, &arriving.name));
        let text = text!("substitute-asked-leaving", title = title, game = game, leaving = names.0, arriving = names.1);
        let users = vec![leaving.id];
        let invite =
            Effect::Invite { users: users.clone(), text: text.clone(), seat: Some(seat), undo: None, to: None };
        self.push(tx, game, version, &invite).await?;
        let private = Effect::Invite { users, text, seat: Some(seat), undo: None, to: Some(leaving.id) };
        Ok(self.push(tx, game, version, &private).await?)
    }

    /// `user` answers the offer of `seat`: the player asked to take it over (or the host asked to let its player
    /// take it back from a computer), or the player asked to give it up; accepts or turns it down. The seat changes
    /// hands once everyone asked has accepted, if the offer still stands: made within a day, its seat with the same
    /// holder, not resigned since. Returns what they are told.
    pub async fn answer_seat(&self, game_id: i64, seat: Seat, user: &User, accept: bool) -> Result<Text, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        let offer = store::substitutions::offer_of(&mut tx, game_id, i64::from(seat)).await?;
        let holder = table.seat_row(seat)?.clone();
        let leaving = |o: &OfferRow| o.awaits_leaving && o.from_user == user.id;
        let Some(offer) = offer.filter(|o| o.answered_by() == user.id || leaving(o)) else {
            return Err(ServiceError::NoSeatOffer(game_id));
        };
        if !crate::service::seat::fair_play::standing(&offer, self.now()) {
            return Err(FairPlayError::OfferLapsed { game: game_id }.into());
        }
        if offer.from_user != holder.user_id || (holder.resigned && !offer.holder_resigned) {
            return Err(FairPlayError::OfferStale { game: game_id }.into());
        }
        let arriving = User { id: offer.to_user, name: offer.to_name.clone().unwrap_or_else(|| user.name.clone()) };
        if !accept {
            return self.turned_down(tx, &table, (seat, &holder), &offer, user).await;
        }
        let (by_leaving, rejoin) = (leaving(&offer), offer.answerer.is_some());
        // The other side has still to accept: this one's Accept is kept.
        if (by_leaving && !offer.arriving_agreed) || (!by_leaving && offer.awaits_leaving) {
            store::substitutions::agreed(&mut tx, game_id, i64::from(seat), by_leaving).await?;
            tx.commit().await?;
            return Ok(text!("substitute-you-agreed", game = game_id));
        }
        store::substitutions::withdraw(&mut tx, game_id, i64::from(seat)).await?;
        let asked = (Controls::Invitation(Invitation::Seat(seat)), None);
        self.retire(&mut tx, (game_id, table.row.version), asked, Ended::Answered).await?;
        if !rejoin {
            Service::may_take_seat(&mut tx, &table, &arriving).await?;
        }
        let substitution = SubstitutionRow {
            seat: i64::from(seat),
            version: table.row.version,
            from_user: holder.user_id,
            from_name: holder.name.clone(),
            to_user: arriving.id,
            to_name: arriving.name.clone(),
        };
        self.substitute(&mut tx, &table, &substitution, offer.by_user).await?;
        tx.commit().await?;
        Ok(match (rejoin, by_leaving) {
            (true, _) => text!("rejoin-you-let", game = game_id, player = &arriving.name),
            (false, true) => text!("substitute-you-let", game = game_id, arriving = &arriving.name),
            (false, false) => text!("substitute-you-took", game = game_id, leaving = &holder.name),
        })
    }

    /// An offer of `seat` turned down by `user`: it ends, and the thread is told who would not.
    async fn turned_down(
        &self,
        mut tx: Tx,
        table: &Table,
        (seat, holder): (Seat, &SeatRow),
        offer: &OfferRow,
        user: &User,
    ) -> Result<Text, ServiceError> {
        let game_id = table.row.id;
        store::substitutions::withdraw(&mut tx, game_id, i64::from(seat)).await?;
        let asked = (Controls::Invitation(Invitation::Seat(seat)), None);
        self.retire(&mut tx, (game_id, table.row.version), asked, Ended::Answered).await?;
        let arriving = offer.to_name.clone().unwrap_or_else(|| user.name.clone());
        let said = match (offer.answerer.is_some(), user.id == offer.from_user) {
            (true, _) => text!("rejoin-declined", player = &arriving),
            (false, true) => text!("substitute-kept", leaving = &holder.name),
            (false, false) => text!("substitute-declined", arriving = &arriving, leaving = &holder.name),
        };
        self.push(&mut tx, game_id, table.row.version, &Effect::text(said)).await?;
        tx.commit().await?;
        Ok(text!("substitute-you-declined", game = game_id))
    }

    /// Seats `substitution`'s arriving player (a person) in its seat and says so: in the thread, and privately to them
    /// with the seat's hand and controls; the seat's clock goes on under their own settings. From a computer, it is
    /// its player taking it back.
    pub(in crate::service) async fn substitute(
        &self,
        tx: &mut Tx,
        table: &Table,
        substitution: &SubstitutionRow,
        by: i64,
    ) -> Result<(), ServiceError> {
        let (game_id, seat, now) = (table.row.id, substitution.seat, self.now());
        let rejoin = table.computer(seat as Seat).is_some();
        store::seats::substitute(tx, game_id, seat, substitution.to_user, &substitution.to_name).await?;
        store::substitutions::add(tx, game_id, substitution, by, now).await?;
        let menus = (Controls::Turn, Some(substitution.from_user));
        self.retire(tx, (game_id, table.row.version), menus, Ended::Substituted).await?;
        let table = Table { seats: store::seats::of_game(tx, game_id).await?, ..table.clone() };
        let deadline = store::seats::deadlines(tx, game_id).await?.into_iter().find(|&(s, _)| s == seat);
        match deadline {
            // A computer's turn has no time limit: its player's starts now.
            Some(_) if rejoin => self.start_turn_clock(tx, &table, seat as Seat).await?,
            Some((_, deadline)) => {
                let player = store::players::get(tx, substitution.to_user).await?;
                let warning = PlayerTime::of(&player).next_warning(deadline, now);
                store::seats::set_alarm(tx, game_id, seat, Alarm::Warning, warning).await?;
                let every = reminder_every(&player, &TurnClock::of(&table.row)?);
                store::seats::set_alarm(tx, game_id, seat, Alarm::Reminder, Some(now + every)).await?;
            }
            // A seat the platform had resigned plays again: its turn starts now.
            None if table.due().contains(seat as Seat) => self.start_turn_clock(tx, &table, seat as Seat).await?,
            None => {}
        }
        let (leaving, arriving) = (&substitution.from_name, &substitution.to_name);
        let (said, note) = match rejoin {
            true => (
                text!("rejoin-took", player = arriving),
                text!("rejoin-your-seat", title = table.kind().title(), game = game_id),
            ),
            false => (
                text!("substitute-took", arriving = arriving, leaving = leaving),
                text!("substitute-your-seat", title = table.kind().title(), game = game_id, leaving = leaving),
            ),
        };
        self.push(tx, game_id, table.row.version, &Effect::text(said)).await?;
        let hand = Effect::Hand { seat: seat as Seat, user_id: substitution.to_user, note };
        self.push(tx, game_id, table.row.version, &hand).await?;
        Ok(())
    }

    /// The refusal of `user_id`, who holds no seat of `table`'s game: that their seat changed hands (to whoever
    /// holds it now), if it did.
    pub(in crate::service) async fn not_seated(
        tx: &mut Tx,
        table: &Table,
        user_id: i64,
    ) -> Result<ServiceError, ServiceError> {
        let game = table.row.id;
        let substitutions = store::substitutions::of_game(tx, game).await?;
        let Some(left) = substitutions.iter().rev().find(|h| h.from_user == user_id) else {
            return Ok(ServiceError::NotSeated(game));
        };
        let to = table.seats.iter().find(|s| s.seat == left.seat).map_or(left.to_name.clone(), |s| s.name.clone());
        Ok(ServiceError::SeatChangedHands { game, to })
    }
}

/// The seat `user` plays in person (not handed to a computer, still in the game).
fn person_seat(table: &Table, user: &User) -> Result<Seat, ServiceError> {
    let game = table.row.id;
    let seat = table.seat_of(user.id).ok_or_else(|| ServiceError::NotAPlayer { game, name: user.name.clone() })?;
    let row = table.seat_row(seat)?;
    if row.resigned && table.game.resignation(seat).is_some() {
        return Err(ServiceError::SeatGone { game, name: row.name.clone() });
    }
    Ok(seat)
}
