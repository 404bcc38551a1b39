//! The games table.

use super::{execute, on, StoreError, Tx};
use crate::language::Lang;
use render::palette::Palette;

/// Where a game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Lobby,
    Active,
    Finished,
    Abandoned,
}

impl Status {
    pub const ALL: [Status; 4] = [Status::Lobby, Status::Active, Status::Finished, Status::Abandoned];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    fn parse(s: &str) -> Result<Status, StoreError> {
        Ok(match s {
            "lobby" => Status::Lobby,
            "active" => Status::Active,
            "finished" => Status::Finished,
            "abandoned" => Status::Abandoned,
            other => return Err(StoreError::Corrupt(format!("unknown game status {other:?}"))),
        })
    }
}

#[derive(Debug, Clone)]
struct Row {
    id: i64,
    kind: String,
    guild_id: Option<i64>,
    channel_id: i64,
    thread_id: Option<i64>,
    host_id: i64,
    status: String,
    options: String,
    seed: i64,
    version: i64,
    snapshot: Option<String>,
    snapshot_version: Option<i64>,
    lobby_message_id: Option<i64>,
    created_at: i64,
    updated_at: i64,
    page_token: Option<String>,
    starts_with_thread: bool,
    lang: String,
    colours: String,
}
from_row!(Row {
    id,
    kind,
    guild_id,
    channel_id,
    thread_id,
    host_id,
    status,
    options,
    seed,
    version,
    snapshot,
    snapshot_version,
    lobby_message_id,
    created_at,
    updated_at,
    page_token,
    starts_with_thread,
    lang,
    colours
});

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: i64,
    pub kind: String,
    pub guild_id: Option<i64>,
    pub channel_id: i64,
    pub thread_id: Option<i64>,
    pub host_id: i64,
    pub status: Status,
    /// The game's options as JSON.
    pub options: String,
    /// The seed its chance comes from (seat order, decks).
    pub seed: u64,
    pub version: i64,
    pub snapshot: Option<(i64, String)>,
    /// The lobby's message in its channel (in the thread's parent).
    pub lobby_message_id: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The unguessable part of the game's web page address.
    pub page_token: String,
    /// A lobby due to start before its thread was recorded: it starts once it is.
    pub starts_with_thread: bool,
    /// The game's language: its thread's, its pictures' and its page's.
    pub lang: Lang,
    /// The colours its thread's pictures and its page are drawn in (its host's choice), and its players' own
    /// unless they chose theirs.
    pub palette: Palette,
}

impl TryFrom<Row> for GameRow {
    type Error = StoreError;

    fn try_from(r: Row) -> Result<GameRow, StoreError> {
        Ok(GameRow {
            id: r.id,
            kind: r.kind,
            guild_id: r.guild_id,
            channel_id: r.channel_id,
            thread_id: r.thread_id,
            host_id: r.host_id,
            status: Status::parse(&r.status)?,
            options: r.options,
            // Stored bit for bit in a signed column.
            seed: r.seed as u64,
            version: r.version,
            snapshot: r.snapshot_version.zip(r.snapshot),
            lobby_message_id: r.lobby_message_id,
            created_at: r.created_at,
            updated_at: r.updated_at,
            page_token: r.page_token.ok_or_else(|| StoreError::Corrupt(format!("game #{} has no page token", r.id)))?,
            starts_with_thread: r.starts_with_thread,
            lang: Lang::from_code(&r.lang)
                .ok_or_else(|| StoreError::Corrupt(format!("game #{} speaks {:?}", r.id, r.lang)))?,
            palette: Palette::named(&r.colours)
                .ok_or_else(|| StoreError::Corrupt(format!("game #{} has colours {:?}", r.id, r.colours)))?,
        })
    }
}

/// What a new lobby needs.
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    pub kind: &'a str,
    pub guild_id: Option<i64>,
    pub channel_id: i64,
    pub host_id: i64,
    pub options: &'a str,
    pub seed: u64,
    /// The unguessable part of its web page's address.
    pub page_token: &'a str,
    pub lang: Lang,
    pub palette: Palette,
    pub now: i64,
}

const COLUMNS: &str = "id, kind, guild_id, channel_id, thread_id, host_id, status, options, seed, version, snapshot, \
                       snapshot_version, lobby_message_id, created_at, updated_at, page_token, \
                       starts_with_thread, lang, colours";

pub async fn insert(conn: &mut Tx, g: NewGame<'_>) -> Result<i64, StoreError> {
    let row: (i64,) = on!(conn, c => sqlx::query_as(
        "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, seed, created_at, updated_at, \
         page_token, lang, colours) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $7, $8, $9, $10) RETURNING id",
    )
    .bind(g.kind)
    .bind(g.guild_id)
    .bind(g.channel_id)
    .bind(g.host_id)
    .bind(g.options)
    .bind(g.seed as i64)
    .bind(g.now)
    .bind(g.page_token)
    .bind(g.lang.code())
    .bind(g.palette.name())
    .fetch_one(c)
    .await?);
    Ok(row.0)
}

/// A game; in a write transaction, locked until it ends (a move decides on the game it read).
pub async fn get(conn: &mut Tx, id: i64) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM games WHERE id = $1{}", conn.locking(None, false));
    let row: Option<Row> = on!(conn, c => sqlx::query_as(&sql).bind(id).fetch_optional(c).await?);
    row.map(GameRow::try_from).transpose()
}

/// The game whose web page this token opens.
pub async fn by_page_token(conn: &mut Tx, token: &str) -> Result<Option<GameRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM games WHERE page_token = $1");
    let row: Option<Row> = on!(conn, c => sqlx::query_as(&sql).bind(token).fetch_optional(c).await?);
    row.map(GameRow::try_from).transpose()
}

/// Games in a channel (or one of its threads), newest first.
pub async fn in_channel(conn: &mut Tx, channel_id: i64) -> Result<Vec<GameRow>, StoreError> {
    let rows: Vec<Row> = on!(conn, c => sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM games WHERE channel_id = $1 OR thread_id = $1 ORDER BY id DESC LIMIT 100"
    ))
    .bind(channel_id)
    .fetch_all(c)
    .await?);
    rows.into_iter().map(GameRow::try_from).collect()
}

/// The game whose thread this is.
pub async fn by_thread(conn: &mut Tx, thread_id: i64) -> Result<Option<GameRow>, StoreError> {
    let row: Option<Row> = on!(conn, c => sqlx::query_as(&format!("SELECT {COLUMNS} FROM games WHERE thread_id = $1"))
        .bind(thread_id)
        .fetch_optional(c)
        .await?);
    row.map(GameRow::try_from).transpose()
}

/// Every game a user sits in with one of these statuses, on one server (`Some`) or anywhere (`None`), newest
/// first.
pub async fn of_user(
    conn: &mut Tx,
    user_id: i64,
    guild_id: Option<i64>,
    statuses: &[Status],
) -> Result<Vec<GameRow>, StoreError> {
    // Statuses are our own constants, never user input.
    let statuses: Vec<String> = statuses.iter().map(|s| format!("'{}'", s.as_str())).collect();
    let rows: Vec<Row> = on!(conn, c => sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id = $1) \
         AND ($2 IS NULL OR guild_id = $2) AND status IN ({}) ORDER BY id DESC",
        statuses.join(", ")
    ))
    .bind(user_id)
    .bind(guild_id)
    .fetch_all(c)
    .await?);
    rows.into_iter().map(GameRow::try_from).collect()
}

/// The finished games with no rated seats (finished before ratings existed, or not rated), oldest first.
pub async fn never_rated(conn: &mut Tx) -> Result<Vec<GameRow>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM games WHERE status = 'finished' \
         AND NOT EXISTS (SELECT 1 FROM rated WHERE rated.game_id = games.id) ORDER BY id"
    );
    let rows: Vec<Row> = on!(conn, c => sqlx::query_as(&sql)
            .fetch_all(c)
            .await?);
    rows.into_iter().map(GameRow::try_from).collect()
}

/// Lobbies a host has open on a server.
pub async fn open_lobbies(conn: &mut Tx, host_id: i64, guild_id: Option<i64>) -> Result<i64, StoreError> {
    let (count,): (i64,) = on!(conn, c => sqlx::query_as(
        "SELECT COUNT(*) FROM games WHERE host_id = $1 AND status = 'lobby' \
         AND (guild_id = $2 OR guild_id IS NULL AND $2 IS NULL)",
    )
    .bind(host_id)
    .bind(guild_id)
    .fetch_one(c)
    .await?);
    Ok(count)
}

/// Records the game's thread and the lobby's message (in the thread's parent channel).
pub async fn set_thread(conn: &mut Tx, id: i64, thread_id: i64, message_id: i64, now: i64) -> Result<(), StoreError> {
    execute!(
        conn,
        "UPDATE games SET thread_id = $2, lobby_message_id = $3, updated_at = $4 WHERE id = $1",
        id,
        thread_id,
        message_id,
        now
    );
    Ok(())
}

/// Sets the colours of the game's thread and page (its host's choice at start).
pub async fn set_palette(conn: &mut Tx, id: i64, palette: Palette) -> Result<(), StoreError> {
    execute!(conn, "UPDATE games SET colours = $2 WHERE id = $1", id, palette.name());
    Ok(())
}

/// Marks a lobby to start as soon as its thread is recorded (everyone was in before it was).
pub async fn start_with_thread(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    execute!(conn, "UPDATE games SET starts_with_thread = TRUE WHERE id = $1", id);
    Ok(())
}

/// Deletes a game with everything of it (its seats, invitations, effects).
pub async fn delete(conn: &mut Tx, id: i64) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM games WHERE id = $1", id);
    Ok(())
}

/// Sets a game aside: its stored state or options no longer read. Its turn clock stops; it is kept as it is.
pub async fn set_aside(conn: &mut Tx, id: i64, why: &str) -> Result<(), StoreError> {
    execute!(conn, "UPDATE games SET set_aside = $2 WHERE id = $1", id, why);
    super::seats::stop_clocks(conn, id).await
}

pub async fn set_status(conn: &mut Tx, id: i64, status: Status, now: i64) -> Result<(), StoreError> {
    execute!(conn, "UPDATE games SET status = $2, updated_at = $3 WHERE id = $1", id, status.as_str(), now);
    Ok(())
}

/// Moves the game from version `from` to `to` with a fresh snapshot. False when the game was not at `from`.
pub async fn advance(conn: &mut Tx, id: i64, from: i64, to: i64, snapshot: &str, now: i64) -> Result<bool, StoreError> {
    let done = execute!(
        conn,
        "UPDATE games SET version = $3, snapshot = $4, snapshot_version = $3, updated_at = $5 \
         WHERE id = $1 AND version = $2",
        id,
        from,
        to,
        snapshot,
        now
    );
    Ok(done == 1)
}

/// Ids of the games that have a snapshot.
pub async fn with_snapshot(conn: &mut Tx) -> Result<Vec<i64>, StoreError> {
    let ids: Vec<(i64,)> = on!(conn, c => sqlx::query_as("SELECT id FROM games WHERE snapshot IS NOT NULL ORDER BY id").fetch_all(c).await?);
    Ok(ids.into_iter().map(|(id,)| id).collect())
}
