//! The use cases, free of Discord: lobby, start, act, views, lists, export, and delivering effects.
//!
//! Every change runs in one write transaction that also writes its effects to the outbox; effects are delivered
//! after the commit ([`Service::pending`], [`Service::delivered`]). A game's state is its move log replayed; the
//! stored snapshot is a cache, which [`Service::audit`] compares with the replayed log (the tests run it). One writer at a time: SQLite has one anyway, and
//! taking turns in the process keeps "the game moved on" checks exact.
//!
//! Game kinds plug in through [`Kind`]: Meridian now; Contrées and Dragon Delta add a variant each.

mod courier;
mod delivery;
pub mod effect;
mod error;
mod lobby;
pub mod meridian;
mod play;
mod supervise;
mod turn_clock;
mod vacation;
mod views;

pub use courier::{deliver_forever, Courier, Pace};
pub use delivery::Outcome;
pub use effect::{Effect, Payload, Target};
pub use error::ServiceError;
pub use lobby::{Lobby, MAX_OPEN_LOBBIES};
pub use play::{Acted, TIMEOUTS_TO_RESIGN};
pub use supervise::supervise;
pub use turn_clock::{duration_words, run_turn_clock, Ticked};
pub use views::{GameSummary, Standing, Stats};

use crate::clock::Clock;
use crate::rules::meridian::{Meridian, Played, Record};
use crate::store::{self, Conn, GameRow, SeatRow, Store, StoreError};
use std::sync::Arc;

/// A Discord user as the service knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
}

/// Where a lobby was opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild_id: Option<i64>,
    pub channel_id: i64,
}

/// The games the service knows how to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Meridian,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Meridian => "meridian",
        }
    }

    fn of(row: &GameRow) -> Result<Kind, StoreError> {
        match row.kind.as_str() {
            "meridian" => Ok(Kind::Meridian),
            other => Err(StoreError::Corrupt(format!("game #{} is of unknown kind {other:?}", row.id))),
        }
    }
}

/// A game loaded from the store: its row, seats and state.
#[derive(Debug, Clone)]
pub struct Table {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub game: Meridian,
}

/// Who wins (or would win now): the leaders among the players who did not resign (§5 tie-breaks applied).
/// Seats the game does not have (stored seats that do not match it) are left out.
pub fn winners(game: &Meridian, seats: &[SeatRow]) -> crate::rules::SeatSet {
    let in_game = |s: &&SeatRow| usize::try_from(s.seat).is_ok_and(|seat| seat < game.players().len());
    game.leaders_among(seats.iter().filter(in_game).filter(|s| !s.resigned).map(|s| s.seat as u8).collect())
}

impl Table {
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The seat of a user, if they play here.
    pub fn seat_of(&self, user_id: i64) -> Option<u8> {
        self.seats.iter().find(|s| s.user_id == user_id).map(|s| s.seat as u8)
    }

    /// The seat of a user, or the refusal for someone who does not play here.
    pub fn seat(&self, user_id: i64) -> Result<u8, ServiceError> {
        self.seat_of(user_id).ok_or(ServiceError::NotSeated(self.row.id))
    }

    /// Marks a seat resigned (the store is written by the caller).
    fn resign(&mut self, seat: u8) {
        self.seats.iter_mut().filter(|s| s.seat == i64::from(seat)).for_each(|s| s.resigned = true);
    }

    /// Who sits in a seat the rules name; a seat nobody sits in means the stored game does not match its seats.
    pub fn seat_row(&self, seat: u8) -> Result<&SeatRow, ServiceError> {
        self.seats
            .iter()
            .find(|s| s.seat == i64::from(seat))
            .ok_or_else(|| StoreError::Corrupt(format!("game #{} has no player in seat {seat}", self.row.id)).into())
    }
}

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    seeds: Arc<dyn Fn() -> u64 + Send + Sync>,
    writer: tokio::sync::Mutex<()>,
}

impl Service {
    /// `seeds` draws the seed of each new game (seat order and decks come from it).
    pub fn new(store: Store, clock: Arc<dyn Clock>, seeds: Arc<dyn Fn() -> u64 + Send + Sync>) -> Service {
        Service { store, clock, seeds, writer: tokio::sync::Mutex::new(()) }
    }

    /// Seeds from the operating system's randomly keyed hasher.
    pub fn random_seeds() -> Arc<dyn Fn() -> u64 + Send + Sync> {
        use std::hash::{BuildHasher, RandomState};
        Arc::new(|| RandomState::new().hash_one(0u8))
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// A game's row, or the player-facing error.
    async fn row(conn: &mut Conn, id: i64) -> Result<GameRow, ServiceError> {
        store::games::get(conn, id).await?.ok_or(ServiceError::NoSuchGame(id))
    }

    /// Loads a started game at its current version: from the snapshot when it is current, else by replay.
    async fn table(conn: &mut Conn, row: GameRow) -> Result<Table, ServiceError> {
        let seats = store::seats::of_game(conn, row.id).await?;
        let game = match &row.snapshot {
            Some((version, json)) if *version == row.version => serde_json::from_str(json)
                .map_err(|e| StoreError::Corrupt(format!("snapshot of game #{}: {e}", row.id)))?,
            _ => Service::replay(conn, &row, &seats, row.version).await?.0,
        };
        Ok(Table { row, seats, game })
    }

    /// The game replayed from its log up to `version`, with what each move did.
    async fn replay(
        conn: &mut Conn,
        row: &GameRow,
        seats: &[SeatRow],
        version: i64,
    ) -> Result<(Meridian, Vec<Played>), ServiceError> {
        Ok(meridian::replay(&Service::record(conn, row, seats, version).await?)?)
    }

    /// The game's record up to `version`: its set-up (by seed) and the moves of its log.
    async fn record(conn: &mut Conn, row: &GameRow, seats: &[SeatRow], version: i64) -> Result<Record, ServiceError> {
        Kind::of(row)?;
        let moves = store::moves::of_game(conn, row.id, version).await?;
        let options = meridian::Options::of(row)?;
        let names = seats.iter().map(|s| s.name.clone()).collect();
        Ok(meridian::record(names, &options, row.seed, &moves)?)
    }

    /// Draws off the async runtime: pictures take milliseconds of CPU. At most one core less than the machine has
    /// draws at once, so that answering interactions always finds a core. A drawing that panics is an internal
    /// error.
    pub(crate) async fn draw<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, ServiceError> {
        static DRAWING: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
        let drawing = DRAWING.get_or_init(|| {
            // Read once: on Linux it reads the cgroup's files.
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1))
        });
        let _turn = drawing.acquire().await.expect("the drawing semaphore is never closed");
        tokio::task::spawn_blocking(f).await.map_err(|e| ServiceError::Drawing(e.to_string()))
    }

    /// Writes an effect to the outbox, in the caller's transaction.
    async fn push(&self, conn: &mut Conn, game_id: i64, version: i64, effect: &Effect) -> Result<(), StoreError> {
        let json = serde_json::to_string(effect).expect("effects serialize"); // our own types, always JSON
        store::outbox::push(conn, game_id, version, &json, self.now()).await?;
        Ok(())
    }
}
