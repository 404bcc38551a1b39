//! The ratings tables: each rated game's places and the ratings they led to (`rated`), each player's latest rating
//! (`ratings`, a cache of their last `rated` row) and the leaderboards' page tokens.

use super::{execute, on, Backend, StoreError, Tx};
use crate::ratings::Rating;

/// One seat of a rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedRow {
    pub game_id: i64,
    pub seat: i64,
    pub guild_id: i64,
    pub kind: String,
    pub player: String,
    pub name: String,
    pub place: i64,
    pub position: i64,
    pub finished_at: i64,
    pub rating_before: f64,
    pub deviation_before: f64,
    pub volatility_before: f64,
    pub games_before: i64,
    pub rating_after: f64,
    pub deviation_after: f64,
    pub volatility_after: f64,
}
from_row!(RatedRow {
    game_id,
    seat,
    guild_id,
    kind,
    player,
    name,
    place,
    position,
    finished_at,
    rating_before,
    deviation_before,
    volatility_before,
    games_before,
    rating_after,
    deviation_after,
    volatility_after
});

impl RatedRow {
    /// One seat of a rated game of a server and kind, with its ratings before and after.
    pub fn new(guild_id: i64, kind: &str, seat: &Placing, before: &Rating, after: &Rating) -> RatedRow {
        RatedRow {
            game_id: seat.game_id,
            seat: seat.seat,
            guild_id,
            kind: kind.to_string(),
            player: seat.player.clone(),
            name: seat.name.clone(),
            place: seat.place,
            position: seat.position,
            finished_at: seat.finished_at,
            rating_before: before.rating,
            deviation_before: before.deviation,
            volatility_before: before.volatility,
            games_before: before.games,
            rating_after: after.rating,
            deviation_after: after.deviation,
            volatility_after: after.volatility,
        }
    }
}

const RATED: &str = "game_id, seat, guild_id, kind, player, name, place, position, finished_at, rating_before, \
                     deviation_before, volatility_before, games_before, rating_after, deviation_after, volatility_after";

/// A player's latest rating on a server in one kind of game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub player: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub shown: i64,
}
from_row!(RatingRow { player, name, rating, deviation, volatility, games, shown });

const RATING: &str = "player, name, rating, deviation, volatility, games, shown";

/// Holds the rating of a server's games of one kind until the transaction ends: two games finishing at once are
/// rated one after the other, each from the ratings the other left. SQLite's write transaction holds the whole
/// database already.
pub async fn lock(conn: &mut Tx, guild_id: i64, kind: &str) -> Result<(), StoreError> {
    if conn.backend() == Backend::Postgres {
        execute!(conn, "SELECT pg_advisory_xact_lock(hashtextextended($1, $2))", kind, guild_id);
    }
    Ok(())
}

/// The position the next rated game of a server and kind takes.
pub async fn next_position(conn: &mut Tx, guild_id: i64, kind: &str) -> Result<i64, StoreError> {
    let (last,): (Option<i64>,) = on!(conn, c => sqlx::query_as("SELECT MAX(position) FROM rated WHERE guild_id = $1 AND kind = $2")
            .bind(guild_id)
            .bind(kind)
            .fetch_one(c)
            .await?);
    Ok(last.unwrap_or(0) + 1)
}

/// The latest ratings of `players` (those who have one).
pub async fn of_players(
    conn: &mut Tx,
    guild_id: i64,
    kind: &str,
    players: &[String],
) -> Result<Vec<RatingRow>, StoreError> {
    let mut found = Vec::with_capacity(players.len());
    for player in players {
        found.extend(of_player(conn, guild_id, kind, player).await?);
    }
    Ok(found)
}

pub async fn of_player(
    conn: &mut Tx,
    guild_id: i64,
    kind: &str,
    player: &str,
) -> Result<Option<RatingRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(&format!(
        "SELECT {RATING} FROM ratings WHERE guild_id = $1 AND kind = $2 AND player = $3"
    ))
    .bind(guild_id)
    .bind(kind)
    .bind(player)
    .fetch_optional(c)
    .await?))
}

/// Records one seat of a rated game and makes its rating after the player's latest.
pub async fn record(conn: &mut Tx, row: &RatedRow, shown: i64) -> Result<(), StoreError> {
    record_all(conn, std::slice::from_ref(row)).await?;
    let rating = Rating {
        rating: row.rating_after,
        deviation: row.deviation_after,
        volatility: row.volatility_after,
        games: row.games_before + 1,
    };
    let latest = Latest { player: row.player.clone(), name: row.name.clone(), rating, shown };
    latests(conn, row.guild_id, &row.kind, &[latest]).await
}

/// Values one statement binds at most: a quarter of SQLite's limit (32,766), an eighth of PostgreSQL's (65,535).
const VALUES_A_STATEMENT: usize = 8_192;

/// `rows` rows of `columns` placeholders each: `($1, $2), ($3, $4)` on PostgreSQL, `(?, ?), (?, ?)` on SQLite, whose
/// driver looks each named parameter up by a walk of all the statement's names (quadratic: seconds a statement).
fn placeholders(backend: Backend, rows: usize, columns: usize) -> String {
    let value = |v: usize| match backend {
        Backend::Postgres => format!("${v}"),
        Backend::Sqlite => "?".to_string(),
    };
    let row = |r: usize| format!("({})", (1..=columns).map(|v| value(r * columns + v)).collect::<Vec<_>>().join(", "));
    (0..rows).map(row).collect::<Vec<_>>().join(", ")
}

/// Records seats of rated games, many to a statement; a seat recorded already gets its ratings anew (`rerate`,
/// which writes every seat: only the rating columns change, so no index is touched).
pub async fn record_all(conn: &mut Tx, rows: &[RatedRow]) -> Result<(), StoreError> {
    for batch in rows.chunks(VALUES_A_STATEMENT / 16) {
        let sql = format!(
            "INSERT INTO rated ({RATED}) VALUES {} ON CONFLICT (game_id, seat) DO UPDATE SET \
             rating_before = excluded.rating_before, deviation_before = excluded.deviation_before, \
             volatility_before = excluded.volatility_before, games_before = excluded.games_before, \
             rating_after = excluded.rating_after, deviation_after = excluded.deviation_after, \
             volatility_after = excluded.volatility_after",
            placeholders(conn.backend(), batch.len(), 16)
        );
        on!(conn, c => {
            let mut query = sqlx::query(&sql);
            for row in batch {
                query = query
                    .bind(row.game_id)
                    .bind(row.seat)
                    .bind(row.guild_id)
                    .bind(&row.kind)
                    .bind(&row.player)
                    .bind(&row.name)
                    .bind(row.place)
                    .bind(row.position)
                    .bind(row.finished_at)
                    .bind(row.rating_before)
                    .bind(row.deviation_before)
                    .bind(row.volatility_before)
                    .bind(row.games_before)
                    .bind(row.rating_after)
                    .bind(row.deviation_after)
                    .bind(row.volatility_after);
            }
            query.execute(c).await?.rows_affected()
        });
    }
    Ok(())
}

/// A game's rated seats, in seat order (none when it was not rated).
pub async fn of_game(conn: &mut Tx, game_id: i64) -> Result<Vec<RatedRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(&format!("SELECT {RATED} FROM rated WHERE game_id = $1 ORDER BY seat"))
        .bind(game_id)
        .fetch_all(c)
        .await?))
}

/// The best `limit` ratings of a server in one kind, best first (equal ratings by name).
pub async fn top(conn: &mut Tx, guild_id: i64, kind: &str, limit: i64) -> Result<Vec<RatingRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(&format!(
        "SELECT {RATING} FROM ratings WHERE guild_id = $1 AND kind = $2 ORDER BY shown DESC, name, player LIMIT $3"
    ))
    .bind(guild_id)
    .bind(kind)
    .bind(limit)
    .fetch_all(c)
    .await?))
}

/// How many players of a server and kind are rated above `shown`.
pub async fn above(conn: &mut Tx, guild_id: i64, kind: &str, shown: i64) -> Result<i64, StoreError> {
    let (count,): (i64,) = on!(conn, c => sqlx::query_as(
        "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND kind = $2 AND shown > $3"
    )
    .bind(guild_id)
    .bind(kind)
    .bind(shown)
    .fetch_one(c)
    .await?);
    Ok(count)
}

/// A player's rated games of one kind on a server, oldest first.
pub async fn history(conn: &mut Tx, guild_id: i64, kind: &str, player: &str) -> Result<Vec<RatedRow>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(&format!(
        "SELECT {RATED} FROM rated WHERE guild_id = $1 AND kind = $2 AND player = $3 ORDER BY position"
    ))
    .bind(guild_id)
    .bind(kind)
    .bind(player)
    .fetch_all(c)
    .await?))
}

/// One seat of a rated game, as the ratings are folded from the places.
#[derive(Debug, Clone, PartialEq)]
pub struct Placing {
    pub game_id: i64,
    pub seat: i64,
    pub player: String,
    pub name: String,
    pub place: i64,
    pub position: i64,
    pub finished_at: i64,
}
from_row!(Placing { game_id, seat, player, name, place, position, finished_at });

/// The position of a server's first rated game of one kind (through an index).
pub async fn first_position(conn: &mut Tx, guild_id: i64, kind: &str) -> Result<Option<i64>, StoreError> {
    let (first,): (Option<i64>,) = on!(conn, c => sqlx::query_as("SELECT MIN(position) FROM rated WHERE guild_id = $1 AND kind = $2")
        .bind(guild_id)
        .bind(kind)
        .fetch_one(c)
        .await?);
    Ok(first)
}

/// The position of a server's first rated game of one kind that finished at or after `since` (through an index, but
/// reading every game since: kept folds spare it, [`crate::service::ratings`]).
pub async fn first_since(conn: &mut Tx, guild_id: i64, kind: &str, since: i64) -> Result<Option<i64>, StoreError> {
    let (first,): (Option<i64>,) = on!(conn, c => sqlx::query_as(
        "SELECT MIN(position) FROM rated WHERE guild_id = $1 AND kind = $2 AND finished_at >= $3"
    )
    .bind(guild_id)
    .bind(kind)
    .bind(since)
    .fetch_one(c)
    .await?);
    Ok(first)
}

/// Every seat of a server's rated games of one kind from position `from` on, in rating order (through an index).
pub async fn placings(conn: &mut Tx, guild_id: i64, kind: &str, from: i64) -> Result<Vec<Placing>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT game_id, seat, player, name, place, position, finished_at FROM rated \
         WHERE guild_id = $1 AND kind = $2 AND position >= $3 ORDER BY position, seat"
    )
    .bind(guild_id)
    .bind(kind)
    .bind(from)
    .fetch_all(c)
    .await?))
}

/// Every server and kind with rated games.
pub async fn rated_kinds(conn: &mut Tx) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as("SELECT DISTINCT guild_id, kind FROM rated ORDER BY guild_id, kind")
        .fetch_all(c)
        .await?))
}

/// Forgets every player's latest rating, for `rerate` to write them again ([`latests`]).
pub async fn clear_latest(conn: &mut Tx) -> Result<(), StoreError> {
    execute!(conn, "DELETE FROM ratings");
    Ok(())
}

/// A player's latest rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Latest {
    pub player: String,
    pub name: String,
    pub rating: Rating,
    /// The number shown, for the leaderboard's order.
    pub shown: i64,
}

/// Makes these ratings their players' latest on a server in one kind, many to a statement.
pub async fn latests(conn: &mut Tx, guild_id: i64, kind: &str, rows: &[Latest]) -> Result<(), StoreError> {
    for batch in rows.chunks(VALUES_A_STATEMENT / 9) {
        let sql = format!(
            "INSERT INTO ratings (guild_id, kind, player, name, rating, deviation, volatility, games, shown) VALUES {} \
             ON CONFLICT (guild_id, kind, player) DO UPDATE SET name = excluded.name, rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, \
             shown = excluded.shown",
            placeholders(conn.backend(), batch.len(), 9)
        );
        on!(conn, c => {
            let mut query = sqlx::query(&sql);
            for row in batch {
                query = query
                    .bind(guild_id)
                    .bind(kind)
                    .bind(&row.player)
                    .bind(&row.name)
                    .bind(row.rating.rating)
                    .bind(row.rating.deviation)
                    .bind(row.rating.volatility)
                    .bind(row.rating.games)
                    .bind(row.shown);
            }
            query.execute(c).await?.rows_affected()
        });
    }
    Ok(())
}

/// The token of a server's leaderboard page for one kind, made with `fresh` the first time it is asked for.
pub async fn leaderboard_token(conn: &mut Tx, guild_id: i64, kind: &str, fresh: &str) -> Result<String, StoreError> {
    execute!(
        conn,
        "INSERT INTO leaderboards (guild_id, kind, token) VALUES ($1, $2, $3) ON CONFLICT (guild_id, kind) DO NOTHING",
        guild_id,
        kind,
        fresh
    );
    let (token,): (String,) = on!(conn, c => sqlx::query_as("SELECT token FROM leaderboards WHERE guild_id = $1 AND kind = $2")
            .bind(guild_id)
            .bind(kind)
            .fetch_one(c)
            .await?);
    Ok(token)
}

/// The server and kind whose leaderboard this token opens.
pub async fn by_leaderboard_token(conn: &mut Tx, token: &str) -> Result<Option<(i64, String)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as("SELECT guild_id, kind FROM leaderboards WHERE token = $1")
        .bind(token)
        .fetch_optional(c)
        .await?))
}

/// Those a player met most in rated games of one kind on a server: their key, latest name and games together.
pub async fn opponents(
    conn: &mut Tx,
    guild_id: i64,
    kind: &str,
    player: &str,
    limit: i64,
) -> Result<Vec<(String, String, i64)>, StoreError> {
    Ok(on!(conn, c => sqlx::query_as(
        "SELECT o.player, MAX(o.name), COUNT(*) AS together FROM rated me \
         JOIN rated o ON o.game_id = me.game_id AND o.seat <> me.seat \
         WHERE me.guild_id = $1 AND me.kind = $2 AND me.player = $3 \
         GROUP BY o.player ORDER BY together DESC, MAX(o.name), o.player LIMIT $4"
    )
    .bind(guild_id)
    .bind(kind)
    .bind(player)
    .bind(limit)
    .fetch_all(c)
    .await?))
}
