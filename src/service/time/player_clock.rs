//! A player's own alarms, rung by the turn clock after the seats' ([`crate::service::Service::tick`]): the end of their quiet
//! hours, when what was held is sent ([`crate::service::time::quiet`]), and their daily digest ([`crate::service::time::digest`]). Claimed and
//! handled like a seat's: any number of processes share them, each player's in its own transaction, only the claim's
//! holder recording what it did.

use crate::service::{Service, ServiceError};
use crate::store::player_alarms::{self, PlayerAlarm, PlayerClaim};

impl Service {
    /// Claims up to `limit` players whose `alarm` rings by `now`, then handles each in its own transaction if it
    /// still rings (a claim that outlived its lease may find the work done). Returns the players claimed and, among
    /// them, those sent a message.
    pub(in crate::service) async fn player_alarm_batch(
        &self,
        alarm: PlayerAlarm,
        now: i64,
        limit: i64,
    ) -> Result<(usize, usize), ServiceError> {
        let by = self.store.instance();
        let claimed = {
            let mut tx = self.store.write().await?;
            let claimed = player_alarms::claim_due(&mut tx, alarm, now, limit, by).await?;
            tx.commit().await?;
            claimed
        };
        let mut done = 0;
        for claim in &claimed {
            let mut tx = self.store.write().await?;
            let handled = match player_alarms::alarm_held(&mut tx, claim, by, alarm, now).await? {
                None => {
                    Service::lost_player_alarm(claim);
                    continue;
                }
                Some(false) => Ok(false),
                Some(true) => match alarm {
                    PlayerAlarm::Release => self.release(&mut tx, claim.user_id, now).await,
                    PlayerAlarm::Digest => self.digest(&mut tx, claim.user_id, now).await,
                },
            };
            match super::alarm_ended(tx, claim, by, handled).await? {
                Ok(sent) => done += usize::from(sent),
                // Tried again when the claim's lease ends.
                Err(e) => {
                    tracing::error!(user = claim.user_id, error = e.detail(), "cannot ring a player's own alarm");
                    if e.is_internal() && !e.is_corrupt() {
                        return Err(e);
                    }
                }
            }
        }
        Ok((claimed.len(), done))
    }

    fn lost_player_alarm(claim: &PlayerClaim) {
        tracing::warn!(
            user = claim.user_id,
            "another process claimed this player's alarm after this one's lease ended; it is left to that process"
        );
    }
}
