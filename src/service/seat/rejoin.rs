//! Taking a seat back from a computer (issue 47): a player whose seat went to a computer while the game runs takes it
//! back with `rejoin`, at once when they handed it over themselves, else once the host who handed it over agrees (a
//! button in the thread). They take it as it stands, as a substitute would ([`Service::substitute`]). A player who
//! resigned never comes back ([`crate::service::seat::fair_play`]).

use crate::language::Text;
use crate::service::seat::FairPlayError;
use crate::service::{Effect, Service, ServiceError, User};
use crate::store;
use crate::store::substitutions::{OfferRow, SubstitutionRow};
use crate::text;

impl Service {
    /// `user` takes back their seat of `game_id` from the computer playing it. Returns what they are told.
    pub async fn rejoin(&self, game_id: i64, user: &User) -> Result<Text, ServiceError> {
        let mut tx = self.store.write().await?;
        let table = self.active(&mut tx, game_id).await?;
        if table.seat_of(user.id).is_some() {
            return Err(ServiceError::PlaysAlready { game: game_id, name: user.name.clone() });
        }
        if store::substitutions::resigned_of(&mut tx, game_id).await?.contains(&user.id) {
            return Err(FairPlayError::Resigned { game: game_id, name: user.name.clone() }.into());
        }
        let left = store::substitutions::last_from(&mut tx, game_id, user.id).await?;
        // The seat must still be with the computer it went to (not passed on to a substitute since).
        let Some((left, by)) = left.filter(|(h, _)| {
            table.seats.iter().any(|s| s.seat == h.seat && s.user_id == h.to_user && s.computer.is_some())
        }) else {
            return Err(ServiceError::NoSeatToRejoin(game_id));
        };
        let (seat, computer) = (left.seat, left.to_name.clone());
        Service::may_substitute(&mut tx, game_id, seat as u8).await?;
        self.none_standing(&mut tx, game_id, user.id).await?;
        self.count_request(&mut tx, game_id, user.id).await?;
        if by == user.id {
            let substitution = SubstitutionRow {
                seat,
                version: table.row.version,
                from_user: left.to_user,
                from_name: computer,
                to_user: user.id,
                to_name: user.name.clone(),
            };
            self.substitute(&mut tx, &table, &substitution, user.id).await?;
            tx.commit().await?;
            return Ok(text!("rejoin-you-took", game = game_id));
        }
        let host = table.row.host_id;
        let offer = OfferRow {
            from_user: left.to_user,
            to_user: user.id,
            by_user: user.id,
            answerer: Some(host),
            to_name: Some(user.name.clone()),
            awaits_leaving: false,
            arriving_agreed: false,
            holder_resigned: false,
            made_at: self.now(),
        };
        store::substitutions::offer(&mut tx, game_id, seat, &offer).await?;
        let text = text!("rejoin-asked", player = &user.name, game = game_id, computer = &computer);
        let invite = Effect::Invite { users: vec![host], text, seat: Some(seat as u8), undo: None, to: None };
        self.push(&mut tx, game_id, table.row.version, &invite).await?;
        tx.commit().await?;
        Ok(text!("rejoin-you-asked", game = game_id))
    }
}
