//! A player's own alarms, across their games: their daily digest, and the end of their quiet hours (when the
//! private messages held during them are released). Claimed like a seat's alarms ([`super::seats::claim_due`]): a
//! lease on the player's row, judged by the database's clock, and a token (the row's count of claims) that only its
//! holder can settle with.

use super::{on, StoreError, Tx, LEASE_MS};

/// A time a player's own clock keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerAlarm {
    /// Their daily digest is due (`players.digest_next_at`).
    Digest,
    /// Their quiet hours ended with messages held (`held_messages.release_at`).
    Release,
}

impl PlayerAlarm {
    /// The condition, on the players row `p`, that the alarm rings by `$1`.
    fn rings(self) -> &'static str {
        match self {
            PlayerAlarm::Digest => "p.digest_next_at <= $1",
            PlayerAlarm::Release => "p.user_id IN (SELECT h.user_id FROM held_messages h WHERE h.release_at <= $1)",
        }
    }
}

/// A player's alarm claimed by one process: whose, and the claim's token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerClaim {
    pub user_id: i64,
    pub token: i64,
}

/// Whether a player's alarm is due by `$1` and not claimed by a process still within its lease, as a condition on `p`.
fn due(conn: &Tx, alarm: PlayerAlarm) -> String {
    format!("{} AND (p.alarm_leased_until IS NULL OR p.alarm_leased_until <= {})", alarm.rings(), conn.clock())
}

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
        PlayerAlarm::Digest => " ORDER BY p.digest_next_at",
        PlayerAlarm::Release => "",
    };
    let sql = format!(
        "SELECT p.user_id FROM players p WHERE {}{order} LIMIT $2{}",
        due(conn, alarm),
        conn.locking(None, true)
    );
    let due: Vec<(i64,)> =
        on!(conn, c => sqlx::query_as(&sql).bind(now).bind(limit).persistent(false).fetch_all(c).await?);
    let claim = format!(
        "UPDATE players SET alarm_leased_until = {} + $2, alarm_leased_by = $3, alarm_claim = alarm_claim + 1 \
         WHERE user_id = $1 RETURNING alarm_claim",
        conn.clock()
    );
    let mut claims = Vec::with_capacity(due.len());
    for (user_id,) in due {
        let (token,): (i64,) =
            on!(conn, c => sqlx::query_as(&claim).bind(user_id).bind(LEASE_MS).bind(by).fetch_one(c).await?);
        claims.push(PlayerClaim { user_id, token });
    }
    Ok(claims)
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
    let sql = format!(
        "SELECT {} FROM players p WHERE p.user_id = $2 AND p.alarm_leased_by = $3 AND p.alarm_claim = $4{}",
        alarm.rings(),
        conn.locking(None, false)
    );
    let row: Option<(Option<bool>,)> = on!(conn, c => sqlx::query_as(&sql)
        .bind(now)
        .bind(claim.user_id)
        .bind(by)
        .bind(claim.token)
        .fetch_optional(c)
        .await?);
    Ok(row.map(|(due,)| due.unwrap_or(false)))
}

/// Ends a claim on a player's alarm, if it still holds the player.
pub async fn release_alarm(conn: &mut Tx, claim: &PlayerClaim) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query(
        "UPDATE players SET alarm_leased_until = NULL, alarm_leased_by = NULL WHERE user_id = $1 AND alarm_claim = $2",
    )
    .bind(claim.user_id)
    .bind(claim.token)
    .execute(c)
    .await?
    .rows_affected());
    Ok(())
}

/// Releases the player alarm claims of the process named `by`: at start-up, its previous run is gone.
pub async fn release_alarm_claims(conn: &mut Tx, by: &str) -> Result<u64, StoreError> {
    super::seats::release_claims_in(conn, "players", by).await
}

/// Sets when a player's next digest comes (`None`: never).
pub async fn set_digest(conn: &mut Tx, user_id: i64, at: Option<i64>) -> Result<(), StoreError> {
    on!(conn, c => sqlx::query("UPDATE players SET digest_next_at = $2 WHERE user_id = $1")
        .bind(user_id)
        .bind(at)
        .execute(c)
        .await?
        .rows_affected());
    Ok(())
}
