//! Tournaments: their entrants, each round's games (with what each entrant scored once a game ended) and byes. A
//! round starts in the transaction that moves `round` on by one ([`start_round`]), so it starts once whichever
//! process gets there first; on PostgreSQL the tournament is locked while that transaction decides.

use super::{execute, on, StoreError, Tx};
use crate::language::Lang;
use crate::tournament::Stage;

#[derive(Debug, Clone)]
struct Row {
    id: i64,
    kind: String,
    guild_id: i64,
    channel_id: i64,
    message_id: Option<i64>,
    thread_id: Option<i64>,
    host_id: i64,
    name: String,
    format: String,
    rounds: Option<i64>,
    options: String,
    lang: String,
    status: String,
    round: i64,
    starts_at: Option<i64>,
    page_token: String,
    created_at: i64,
    finished_at: Option<i64>,
}
from_row!(Row {
    id,
    kind,
    guild_id,
    channel_id,
    message_id,
    thread_id,
    host_id,
    name,
    format,
    rounds,
    options,
    lang,
    status,
    round,
    starts_at,
    page_token,
    created_at,
    finished_at
});

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub kind: String,
    pub guild_id: i64,
    pub channel_id: i64,
    pub message_id: Option<i64>,
    pub thread_id: Option<i64>,
    pub host_id: i64,
    pub name: String,
    /// [`crate::tournament::Format`]'s name.
    pub format: String,
    pub rounds: Option<i64>,
    /// The games' options as JSON.
    pub options: String,
    pub lang: Lang,
    pub stage: Stage,
    /// Rounds started.
    pub round: i64,
    pub starts_at: Option<i64>,
    pub page_token: String,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

impl TryFrom<Row> for TournamentRow {
    type Error = StoreError;

    fn try_from(r: Row) -> Result<TournamentRow, StoreError> {
        let lang = Lang::from_code(&r.lang)
            .ok_or_else(|| StoreError::Corrupt(format!("tournament #{} speaks {:?}", r.id, r.lang)))?;
        Ok(TournamentRow {
            id: r.id,
            kind: r.kind,
            guild_id: r.guild_id,
            channel_id: r.channel_id,
            message_id: r.message_id,
            thread_id: r.thread_id,
            host_id: r.host_id,
            name: r.name,
            format: r.format,
            rounds: r.rounds,
            options: r.options,
            lang,
            stage: Stage::named(&r.status)
                .ok_or_else(|| StoreError::Corrupt(format!("tournament #{}: unknown stage {:?}", r.id, r.status)))?,
            round: r.round,
            starts_at: r.starts_at,
            page_token: r.page_token,
            created_at: r.created_at,
            finished_at: r.finished_at,
        })
    }
}

/// What a new tournament needs.
#[derive(Debug, Clone)]
pub struct NewTournament<'a> {
    pub kind: &'a str,
    pub guild_id: i64,
    pub channel_id: i64,
    pub host_id: i64,
    pub name: &'a str,
    pub format: &'a str,
    pub rounds: Option<i64>,
    pub options: &'a str,
    pub lang: Lang,
    pub starts_at: Option<i64>,
    pub page_token: &'a str,
    pub now: i64,
}

const COLUMNS: &str = "id, kind, guild_id, channel_id, message_id, thread_id, host_id, name, format, rounds, options, \
                       lang, status, round, starts_at, page_token, created_at, finished_at";

pub async fn insert(conn: &mut Tx, t: NewTournament<'_>) -> Result<i64, StoreError> {
    let row: (i64,) = on!(conn, c => sqlx::query_as(
        "INSERT INTO tournaments (kind, guild_id, channel_id, host_id, name, format, rounds, options, lang, status, \
         starts_at, page_token, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10, $11, $12) \
         RETURNING id",
    )
    .bind(t.kind)
    .bind(t.guild_id)
    .bind(t.channel_id)
    .bind(t.host_id)
    .bind(t.name)
    .bind(t.format)
    .bind(t.rounds)
    .bind(t.options)
    .bind(t.lang.code())
    .bind(t.starts_at)
    .bind(t.page_token)
    .bind(t.now)
    .fetch_one(c)
    .await?);
    Ok(row.0)
}

/// A tournament; in a write transaction, locked until it ends (a round decides on the tournament it read).
pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<TournamentRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1{}", conn.locking(None, false));
    let row: Option<Row> = on!(conn, c => sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
    row.map(TournamentRow::try_from).transpose()
}

/// The tournament whose page this token opens.
pub async fn by_page_token(conn: &mut Tx, token: &str) -> Result<Option<TournamentRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE page_token = $1");
    let row: Option<Row> = on!(conn, c => sqlx::query_as(&sql).bind(token).fetch_optional(c).await?);
    row.map(TournamentRow::try_from).transpose()
}

/// The tournament of a game on a server whose thread this is (its own, or one of its games'), else the newest not
/// over there (one of this channel first), else the newest at all.
pub async fn here(
    conn: &mut Tx,
    kind: &str,
    guild_id: i64,
    channel_id: i64,
) -> Result<Option<TournamentRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE kind = $1 AND guild_id = $2 \
         ORDER BY COALESCE(thread_id = $3, FALSE) DESC, \
         id IN (SELECT t.tournament_id FROM tournament_games AS t JOIN games AS g ON g.id = t.game_id \
                WHERE g.thread_id = $3) DESC, \
         status IN ('open', 'running') DESC, channel_id = $3 DESC, id DESC LIMIT 1"
    );
    let row: Option<Row> =
        on!(conn, c => sqlx::query_as(&sql).bind(kind).bind(guild_id).bind(channel_id).fetch_optional(c).await?);
    row.map(TournamentRow::try_from).transpose()
}

/// Tournaments that may have a round to start at `now`: running ones, and open ones due to start by themselves.
pub async fn due(conn: &mut Tx, now: i64) -> Result<Vec<i64>, StoreError> {
    let ids: Vec<(i64,)> = on!(conn, c => sqlx::query_as(
        "SELECT id FROM tournaments WHERE status = 'running' \
         AND NOT EXISTS (SELECT 1 FROM tournament_games AS t JOIN games AS g ON g.id = t.game_id \
             WHERE t.tournament_id = tournaments.id AND t.round = tournaments.round AND g.status = 'active') \
         OR status = 'open' AND starts_at <= $1 ORDER BY id",
    )
    .bind(now)
    .fetch_all(c)
    .await?);
    Ok(ids.into_iter().map(|(id,)| id).collect())
}

/// Records the announcement's message and the thread opened from it.
pub async fn set_thread(conn: &mut Tx, id: i64, thread_id: i64, message_id: i64) -> Result<(), StoreError> {
    execute!(conn, "UPDATE tournaments SET thread_id = $2, message_id = $3 WHERE id = $1", id, thread_id, message_id);
    Ok(())
}

/// Deletes a tournament that never got its announcement (Discord refused it).
pub async fn delete(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM tournaments WHERE id = $1", id);
    Ok(())
}

/// Moves a tournament from `round` rounds started to one more, with its rounds (a round robin's are drawn when it
/// starts). False when another transaction started that round first.
pub async fn start_round(conn: &mut Tx, id: i64, round: i64, rounds: i64) -> Result<bool, StoreError> {
    let done = execute!(
        conn,
        "UPDATE tournaments SET round = $2 + 1, rounds = $3, status = 'running' \
         WHERE id = $1 AND round = $2 AND status IN ('open', 'running')",
        id,
        round,
        rounds
    );
    Ok(done == 1)
}

/// Leaves a tournament due to start by itself to its host's start instead (it had too few entrants when due).
pub async fn postpone(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    execute!(conn, "UPDATE tournaments SET starts_at = NULL WHERE id = $1", id);
    Ok(())
}

/// Ends a tournament after its last round. False when it had ended already.
pub async fn finish(conn: &mut Tx, id: i64, now: i64) -> Result<bool, StoreError> {
    let done = execute!(
        conn,
        "UPDATE tournaments SET status = 'finished', finished_at = $2 WHERE id = $1 AND status = 'running'",
        id,
        now
    );
    Ok(done == 1)
}

/// An entrant as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantRow {
    pub entrant: i64,
    pub user_id: i64,
    pub name: String,
    /// A computer's level.
    pub computer: Option<String>,
    pub withdrawn_after: Option<i64>,
}
from_row!(EntrantRow { entrant, user_id, name, computer, withdrawn_after });

/// A tournament's entrants in entry order.
pub async fn entrants(conn: &mut Tx, id: i64) -> Result<Vec<EntrantRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT entrant, user_id, name, computer, withdrawn_after FROM tournament_entrants \
         WHERE tournament_id = $1 ORDER BY entrant",
    )
    .bind(id)
    .fetch_all(c)
    .await?))
}

/// Enters a player (or a computer, with its level) last.
pub async fn enter(conn: &mut Tx, id: i64, user_id: i64, name: &str, computer: Option<&str>) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO tournament_entrants (tournament_id, entrant, user_id, name, computer) \
         SELECT $1, COUNT(*), $2, $3, $4 FROM tournament_entrants WHERE tournament_id = $1",
        id,
        user_id,
        name,
        computer
    );
    Ok(())
}

/// Takes an entrant out before the first round; those entered after move up one.
pub async fn leave(conn: &mut Tx, id: i64, entrant: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND entrant = $2", id, entrant);
    let later: Vec<(i64,)> = on!(conn, c => sqlx::query_as(
        "SELECT entrant FROM tournament_entrants WHERE tournament_id = $1 AND entrant > $2 ORDER BY entrant",
    )
    .bind(id)
    .bind(entrant)
    .fetch_all(c)
    .await?);
    for (e,) in later {
        execute!(
            conn,
            "UPDATE tournament_entrants SET entrant = $3 WHERE tournament_id = $1 AND entrant = $2",
            id,
            e,
            e - 1
        );
    }
    Ok(())
}

/// Withdraws an entrant once `round` rounds have started.
pub async fn withdraw(conn: &mut Tx, id: i64, entrant: i64, round: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE tournament_entrants SET withdrawn_after = $3 WHERE tournament_id = $1 AND entrant = $2",
        id,
        entrant,
        round
    );
    Ok(())
}

/// A game of a tournament: its round (1 first), its status, and what each entrant scored once it ended (JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentGameRow {
    pub game_id: i64,
    pub round: i64,
    pub status: String,
    pub results: Option<String>,
    pub page_token: Option<String>,
}
from_row!(TournamentGameRow { game_id, round, status, results, page_token });

/// A tournament's games, round by round.
pub async fn games(conn: &mut Tx, id: i64) -> Result<Vec<TournamentGameRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT t.game_id, t.round, g.status, t.results, g.page_token FROM tournament_games AS t \
         JOIN games AS g ON g.id = t.game_id WHERE t.tournament_id = $1 ORDER BY t.round, t.game_id",
    )
    .bind(id)
    .fetch_all(c)
    .await?))
}

pub async fn add_game(conn: &mut Tx, id: i64, round: i64, game_id: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO tournament_games (game_id, tournament_id, round) VALUES ($1, $2, $3)",
        game_id,
        id,
        round
    );
    Ok(())
}

/// Who sits at each of a tournament's games: `(game, user, name)`, game by game in seat order.
pub async fn seated(conn: &mut Tx, id: i64) -> Result<Vec<(i64, i64, String)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT s.game_id, s.user_id, s.name FROM seats AS s JOIN tournament_games AS t ON t.game_id = s.game_id \
         WHERE t.tournament_id = $1 ORDER BY s.game_id, s.seat",
    )
    .bind(id)
    .fetch_all(c)
    .await?))
}

/// The game of the tournament's round `round` that `user_id` sits in and that still runs, if any.
pub async fn running_game_of(conn: &mut Tx, id: i64, round: i64, user_id: i64) -> Result<Option<i64>, StoreError> {
    let row: Option<(i64,)> = on!(conn, c => sqlx::query_as(
        "SELECT t.game_id FROM tournament_games AS t JOIN games AS g ON g.id = t.game_id \
         JOIN seats AS s ON s.game_id = t.game_id \
         WHERE t.tournament_id = $1 AND t.round = $2 AND g.status = 'active' AND s.user_id = $3",
    )
    .bind(id)
    .bind(round)
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    Ok(row.map(|(game,)| game))
}

/// The tournament a game belongs to and its round, if it is a tournament's.
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Option<(i64, i64)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as("SELECT tournament_id, round FROM tournament_games WHERE game_id = $1")
        .bind(game_id)
        .fetch_optional(c)
        .await?))
}

/// Records what each entrant scored in a tournament's game that has ended (JSON), in the transaction that ends it.
pub async fn record_results(conn: &mut Tx, game_id: i64, results: &str) -> Result<(), StoreError> {
    execute!(conn, "UPDATE tournament_games SET results = $2 WHERE game_id = $1", game_id, results);
    Ok(())
}

/// A tournament's byes: `(round, entrant)`.
pub async fn byes(conn: &mut Tx, id: i64) -> Result<Vec<(i64, i64)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT round, entrant FROM tournament_byes WHERE tournament_id = $1 ORDER BY round, entrant",
    )
    .bind(id)
    .fetch_all(c)
    .await?))
}

pub async fn add_bye(conn: &mut Tx, id: i64, round: i64, entrant: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO tournament_byes (tournament_id, round, entrant) VALUES ($1, $2, $3)",
        id,
        round,
        entrant
    );
    Ok(())
}

/// The role whose members may create tournaments on a server, if it names one.
pub async fn organiser_role(conn: &mut Tx, guild_id: i64) -> Result<Option<i64>, StoreError> {
    let row: Option<(i64,)> = on!(conn, c => sqlx::query_as("SELECT role_id FROM tournament_organisers WHERE guild_id = $1")
        .bind(guild_id)
        .fetch_optional(c)
        .await?);
    Ok(row.map(|(role,)| role))
}

/// Names (or, with none, forgets) the role whose members may create tournaments on a server.
pub async fn set_organiser_role(conn: &mut Tx, guild_id: i64, role: Option<i64>) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM tournament_organisers WHERE guild_id = $1", guild_id);
    if let Some(role) = role {
        execute!(conn, "INSERT INTO tournament_organisers (guild_id, role_id) VALUES ($1, $2)", guild_id, role);
    }
    Ok(())
}
