//! The seats table: who plays in a game, in seat order.

use super::lease::{self, Work};
use super::{execute, on, StoreError, Tx};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: i64,
    pub user_id: i64,
    pub name: String,
    pub resigned: bool,
    /// The level a computer seat plays at (`easy`, `normal`, `strong`); `None` for a person.
    pub computer: Option<String>,
}
from_row!(SeatRow { seat, user_id, name, resigned, computer });

/// A game's seats in seat order.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Vec<SeatRow>, StoreError> {
    Ok(
        on!(conn, c => sqlx::query_as("SELECT seat, user_id, name, resigned, computer FROM seats WHERE game_id = $1 ORDER BY seat")
        .bind(game_id)
        .fetch_all(c)
        .await?),
    )
}

/// Seats a user (or a computer at a level) after the last seat.
pub async fn add(
    conn: &mut Tx,
    game_id: i64,
    user_id: i64,
    name: &str,
    computer: Option<&str>,
) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO seats (game_id, seat, user_id, name, computer) \
         VALUES ($1, (SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = $1), $2, $3, $4)",
        game_id,
        user_id,
        name,
        computer
    );
    Ok(())
}

pub async fn remove(conn: &mut Tx, game_id: i64, user_id: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM seats WHERE game_id = $1 AND user_id = $2", game_id, user_id);
    Ok(())
}

/// Replaces the seats with `seats`, numbered in the given order.
pub async fn replace(conn: &mut Tx, game_id: i64, seats: &[SeatRow]) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM seats WHERE game_id = $1", game_id);
    for (i, s) in seats.iter().enumerate() {
        execute!(
            conn,
            "INSERT INTO seats (game_id, seat, user_id, name, resigned, computer) VALUES ($1, $2, $3, $4, $5, $6)",
            game_id,
            i as i64,
            s.user_id,
            &s.name,
            s.resigned,
            &s.computer
        );
    }
    Ok(())
}

/// Sets columns of one seat: `set` is our own SQL (`resigned = TRUE`), never user input.
async fn set(conn: &mut Tx, game_id: i64, seat: i64, set: &str) -> Result<(), StoreError> {
    let sql = format!("UPDATE seats SET {set} WHERE game_id = $1 AND seat = $2");
    execute!(conn, &sql, game_id, seat);
    Ok(())
}

pub async fn resign(conn: &mut Tx, game_id: i64, seat: i64) -> Result<(), StoreError> {
    set(conn, game_id, seat, "resigned = TRUE").await
}

/// Hands a seat to a computer at `level`, named `name`, playing from now on (a seat resigned by the platform plays
/// again).
pub async fn hand_to_computer(
    conn: &mut Tx,
    game_id: i64,
    seat: i64,
    user_id: i64,
    name: &str,
    level: &str,
) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE seats SET user_id = $3, name = $4, computer = $5, resigned = FALSE, timeouts = 0, pledge = NULL, \
         pledge_version = NULL WHERE game_id = $1 AND seat = $2",
        game_id,
        seat,
        user_id,
        name,
        level
    );
    Ok(())
}

/// Hands a seat to a person (a substitute, or its player taking it back from a computer), who takes it as it
/// stands (its clock, its pledge); their run of time-outs starts afresh, and a seat the platform resigned plays again.
pub async fn substitute(conn: &mut Tx, game_id: i64, seat: i64, user_id: i64, name: &str) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE seats SET user_id = $3, name = $4, computer = NULL, timeouts = 0, resigned = FALSE \
         WHERE game_id = $1 AND seat = $2",
        game_id,
        seat,
        user_id,
        name
    );
    Ok(())
}

/// Counts a turn a player let run out; returns how many in a row now.
pub async fn timed_out(conn: &mut Tx, game_id: i64, seat: i64) -> Result<i64, StoreError> {
    let (count,): (i64,) = on!(conn, c => sqlx::query_as("UPDATE seats SET timeouts = timeouts + 1 WHERE game_id = $1 AND seat = $2 RETURNING timeouts")
            .bind(game_id)
            .bind(seat)
            .fetch_one(c)
            .await?);
    Ok(count)
}

/// How many turns in a row a seat let run out, up to now (none once its player has moved since).
pub async fn timeouts(conn: &mut Tx, game_id: i64, seat: i64) -> Result<i64, StoreError> {
    let (count,): (i64,) = on!(conn, c => sqlx::query_as("SELECT timeouts FROM seats WHERE game_id = $1 AND seat = $2")
        .bind(game_id)
        .bind(seat)
        .fetch_one(c)
        .await?);
    Ok(count)
}

/// A player moved: their run of time-outs is over.
pub async fn played(conn: &mut Tx, game_id: i64, seat: i64) -> Result<(), StoreError> {
    set(conn, game_id, seat, "timeouts = 0").await
}

/// A seat's turn clock: when its turn began, runs out, and when its player is reminded next.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnTimes {
    pub since: Option<i64>,
    pub deadline: Option<i64>,
    pub remind: Option<i64>,
}

impl TurnTimes {
    /// A clock that does not run: the seat is not due.
    pub const STOPPED: TurnTimes = TurnTimes { since: None, deadline: None, remind: None };
}

/// Sets a seat's turn clock (`None`: never); its warning stops (a running clock sets it again: [`set_alarm`]).
pub async fn set_clock(conn: &mut Tx, game_id: i64, seat: i64, times: TurnTimes) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE seats SET due_since = $3, deadline_at = $4, remind_at = $5, warn_at = NULL \
         WHERE game_id = $1 AND seat = $2",
        game_id,
        seat,
        times.since,
        times.deadline,
        times.remind
    );
    Ok(())
}

/// When a seat's current turn began, if it is due.
pub async fn due_since(conn: &mut Tx, game_id: i64, seat: i64) -> Result<Option<i64>, StoreError> {
    let since: Option<Option<i64>> = on!(conn, c => sqlx::query_scalar("SELECT due_since FROM seats WHERE game_id = $1 AND seat = $2")
            .bind(game_id)
            .bind(seat)
            .fetch_optional(c)
            .await?);
    Ok(since.flatten())
}

/// Stops every seat's clock in a game.
pub async fn stop_clocks(conn: &mut Tx, game_id: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE seats SET due_since = NULL, deadline_at = NULL, remind_at = NULL, warn_at = NULL WHERE game_id = $1",
        game_id
    );
    Ok(())
}

/// Sets when a seat's `alarm` (its reminder or its warning) rings next (`None`: not again).
pub async fn set_alarm(
    conn: &mut Tx,
    game_id: i64,
    seat: i64,
    alarm: Alarm,
    at: Option<i64>,
) -> Result<(), StoreError> {
    let sql = format!("UPDATE seats SET {} = $3 WHERE game_id = $1 AND seat = $2", alarm.column());
    execute!(conn, &sql, game_id, seat, at);
    Ok(())
}

/// A time a seat's turn clock keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alarm {
    /// A person's turn runs out.
    Deadline,
    /// A person is reminded.
    Reminder,
    /// A person is warned that their turn runs out soon.
    Warning,
    /// A computer's turn: due the moment it starts, played at once.
    ComputerTurn,
}

impl Alarm {
    fn column(self) -> &'static str {
        match self {
            Alarm::Deadline | Alarm::ComputerTurn => "deadline_at",
            Alarm::Reminder => "remind_at",
            Alarm::Warning => "warn_at",
        }
    }

    /// Whose seats ring this alarm.
    fn seats(self) -> &'static str {
        match self {
            Alarm::Deadline | Alarm::Reminder | Alarm::Warning => "s.computer IS NULL",
            Alarm::ComputerTurn => "s.computer IS NOT NULL",
        }
    }
}

/// A seat's alarm claimed by one process ([`super::lease`]): whose, and the claim's token (the seat's count of
/// claims).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlarmClaim {
    pub game_id: i64,
    pub seat: i64,
    pub token: i64,
}

/// Seats' alarms are leased work: a claim holds all of one seat's.
pub const ALARMS: Work = Work {
    until: "alarm_leased_until",
    by: "alarm_leased_by",
    token: "alarm_claim",
    ..Work::leased("seats", &["game_id", "seat"])
};
crate::leased!(AlarmClaim: ALARMS, [game_id, seat], token);

/// The seats of active games (not set aside) whose `alarm` is due by `$1` and not claimed by a process still within
/// its lease, as SQL from `FROM` on.
fn due_seats(conn: &Tx, alarm: Alarm) -> String {
    format!(
        "FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE g.status = 'active' AND g.set_aside IS NULL AND s.{column} <= $1 AND {whose} AND {free}",
        column = alarm.column(),
        whose = alarm.seats(),
        free = ALARMS.free(conn, Some("s"))
    )
}

/// Whether any seat's `alarm` is due by `now` and unclaimed: a look that needs no write transaction.
pub async fn any_due(conn: &mut Tx, alarm: Alarm, now: i64) -> Result<bool, StoreError> {
    let sql = format!("SELECT EXISTS (SELECT 1 {})", due_seats(conn, alarm));
    let (due,): (bool,) = on!(conn, c => sqlx::query_as(&sql).bind(now).persistent(false).fetch_one(c).await?);
    Ok(due)
}

/// Claims, for the process named `by`, up to `limit` seats of active games (not set aside) whose `alarm` is due by
/// `now` (the service's clock: turns are the game's time) and not claimed by a process still within its lease, the
/// earliest first; rows another process is claiming at this moment are left to it (PostgreSQL).
pub async fn claim_due(
    conn: &mut Tx,
    alarm: Alarm,
    now: i64,
    limit: i64,
    by: &str,
) -> Result<Vec<AlarmClaim>, StoreError> {
    let sql = format!(
        "SELECT s.game_id, s.seat {} ORDER BY s.{} LIMIT $2{}",
        due_seats(conn, alarm),
        alarm.column(),
        conn.locking(Some("s"), true)
    );
    // Planned afresh each time (not a prepared statement): PostgreSQL's cached generic plan guesses a third of all
    // seats due and scans them all, 55 ms among 10,000 games where the real plan takes a fraction of one.
    let due: Vec<(i64, i64)> =
        on!(conn, c => sqlx::query_as(&sql).bind(now).bind(limit).persistent(false).fetch_all(c).await?);
    let claimed = lease::claim_each(conn, &ALARMS, due.into_iter().map(|(game, seat)| [game, seat]).collect(), by);
    Ok(claimed.await?.into_iter().map(|([game_id, seat], token)| AlarmClaim { game_id, seat, token }).collect())
}

/// Whether `claim` still holds its seat, locking the seat for the rest of the transaction: `None` when it was lost,
/// else whether the `alarm` is still due at `now` (another process may have handled it while this claim's lease had
/// run out).
pub async fn alarm_held(
    conn: &mut Tx,
    claim: &AlarmClaim,
    by: &str,
    alarm: Alarm,
    now: i64,
) -> Result<Option<bool>, StoreError> {
    lease::holds(conn, claim, by, &format!("{} <= $1", alarm.column()), now).await
}

/// When each running seat's turn runs out: `(seat, deadline)`, in seat order.
pub async fn deadlines(conn: &mut Tx, game_id: i64) -> Result<Vec<(i64, i64)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT seat, deadline_at FROM seats WHERE game_id = $1 AND deadline_at IS NOT NULL ORDER BY seat",
    )
    .bind(game_id)
    .fetch_all(c)
    .await?))
}

/// The seats of `user_id` whose turn is running in active games (not set aside), and when each runs out: `(game,
/// seat, deadline)`, the soonest first.
pub async fn awaiting(conn: &mut Tx, user_id: i64) -> Result<Vec<(i64, i64, i64)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT s.game_id, s.seat, s.deadline_at FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.user_id = $1 AND s.computer IS NULL AND s.deadline_at IS NOT NULL AND g.status = 'active' \
         AND g.set_aside IS NULL ORDER BY s.deadline_at, s.game_id, s.seat",
    )
    .bind(user_id)
    .fetch_all(c)
    .await?))
}

/// Pushes back a seat's clock by `ms` (its player is away).
pub async fn delay_clock(conn: &mut Tx, game_id: i64, seat: i64, ms: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE seats SET deadline_at = deadline_at + $3, remind_at = remind_at + $3, warn_at = warn_at + $3 \
         WHERE game_id = $1 AND seat = $2",
        game_id,
        seat,
        ms
    );
    Ok(())
}

/// The value a seat chose at a step whose first choice is final, and the game's version it was chosen at.
pub async fn pledge(conn: &mut Tx, game_id: i64, seat: i64) -> Result<Option<(i64, String)>, StoreError> {
    let row: Option<(Option<i64>, Option<String>)> = on!(conn, c => sqlx::query_as("SELECT pledge_version, pledge FROM seats WHERE game_id = $1 AND seat = $2")
            .bind(game_id)
            .bind(seat)
            .fetch_optional(c)
            .await?);
    Ok(row.and_then(|(version, value)| version.zip(value)))
}

/// Records a seat's final choice at `version`, unless one was recorded at `version` already (false then).
pub async fn set_pledge(conn: &mut Tx, game_id: i64, seat: i64, version: i64, value: &str) -> Result<bool, StoreError> {
    let done = execute!(
        conn,
        "UPDATE seats SET pledge = $3, pledge_version = $4 \
         WHERE game_id = $1 AND seat = $2 AND (pledge_version IS NULL OR pledge_version <> $4)",
        game_id,
        seat,
        value,
        version
    );
    Ok(done == 1)
}
