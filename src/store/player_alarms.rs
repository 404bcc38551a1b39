//! A player's own alarms, across their games: their daily digest, and the end of their quiet hours (when the
//! private messages held during them are released). Claimed like a seat's alarms ([`super::seats::claim_due`]): a
//! lease on the player's row ([`super::lease`]).

use super::lease::{self, Work};
use super::{execute, on, StoreError, Tx};

/// A time a player's own clock keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerAlarm {
    /// Their daily digest is due (`players.digest_next_at`).
    Digest,
    /// Their quiet hours ended with messages held (`held_messages.release_at`).
    Release,
}

impl PlayerAlarm {
    /// The condition, on a players row, that the alarm rings by `$1`.
    fn rings(self) -> &'static str {
        match self {
            PlayerAlarm::Digest => "digest_next_at <= $1",
            PlayerAlarm::Release => "user_id IN (SELECT h.user_id FROM held_messages h WHERE h.release_at <= $1)",
        }
    }
}

/// A player's alarm claimed by one process: whose, and the claim's token (the row's count of claims).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerClaim {
    pub user_id: i64,
    pub token: i64,
}

/// Players' own alarms are leased work, in the columns of seats' alarms: a claim holds both of one player's.
pub const ALARMS: Work = Work { table: "players", key: &["user_id"], ..super::seats::ALARMS };
crate::leased!(PlayerClaim: ALARMS, [user_id], token);

/// Claims, for the process named `by`, up to `limit` players whose `alarm` is due by `now` (the service's clock) and
/// not claimed by a process within its lease; rows another process is claiming at this moment are left to it.
pub async fn claim_due(
    conn: &mut Tx,
    alarm: PlayerAlarm,
    now: i64,
    limit: i64,
    by: &str,
) -> Result<Vec<PlayerClaim>, StoreError> {
    // The digest's earliest first, along its index; released messages in any order (walking the players in id order
    // instead would read them all, 4 ms among 30,000 on SQLite, where their held messages' index finds them).
    let order = match alarm {
        PlayerAlarm::Digest => " ORDER BY digest_next_at",
        PlayerAlarm::Release => "",
    };
    let sql = format!(
        "SELECT user_id FROM players WHERE {} AND {}{order} LIMIT $2{}",
        alarm.rings(),
        ALARMS.free(conn, None),
        conn.locking(None, true)
    );
    let due: Vec<(i64,)> =
        on!(conn, c => sqlx::query_as(&sql).bind(now).bind(limit).persistent(false).fetch_all(c).await?);
    let claimed = lease::claim_each(conn, &ALARMS, due.into_iter().map(|(user_id,)| [user_id]).collect(), by).await?;
    Ok(claimed.into_iter().map(|([user_id], token)| PlayerClaim { user_id, token }).collect())
}

/// Whether `claim` still holds its player, locking their row for the rest of the transaction: `None` when it was
/// lost, else whether the `alarm` still rings at `now` (another process may have handled it meanwhile).
pub async fn alarm_held(
    conn: &mut Tx,
    claim: &PlayerClaim,
    by: &str,
    alarm: PlayerAlarm,
    now: i64,
) -> Result<Option<bool>, StoreError> {
    lease::holds(conn, claim, by, alarm.rings(), now).await
}

/// Sets when a player's next digest comes (`None`: never).
pub async fn set_digest(conn: &mut Tx, user_id: i64, at: Option<i64>) -> Result<(), StoreError> {
    execute!(conn, "UPDATE players SET digest_next_at = $2 WHERE user_id = $1", user_id, at);
    Ok(())
}
