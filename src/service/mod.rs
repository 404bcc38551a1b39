//! The use cases, free of Discord: lobby, start, act, views, lists, export, and delivering effects.
//!
//! Every change runs in one write transaction that also writes its effects to the outbox; effects are delivered
//! after the commit ([`Service::pending`], [`Service::delivered`]). A game's state is its move log replayed; the
//! stored snapshot is a cache, which [`Service::audit`] compares with the replayed log (the tests run it). A change
//! reads its game locked (see [`crate::store`]), so that "the game moved on" checks stay exact with any number of
//! processes on one database; nothing here relies on a lock inside the process.
//!
//! Games plug in through one adapter each ([`game::adapter`], listed once in the registry, [`game::games`]): the
//! service works on any of them through the closed set [`game::any`] generates from the registry, typed, and knows
//! none by name.

pub mod analysis;
mod error;
pub mod game;
pub mod outbox;
mod pages;
pub mod players;
pub mod process;
pub mod puzzle;
pub mod ratings;
pub mod replay;
pub mod seat;
pub mod time;
pub mod tournament;
mod views;

/// A computer player's strength, as lobbies seat computers and seats are handed to them.
pub use crate::ai::Level;
/// The colours pictures are drawn in, as players and hosts choose them.
pub use crate::pictures::{Palette, Picture};
pub use analysis::judge::run_analyses;
pub use error::ServiceError;
pub use game::adapter::{Opt, Typed, MENU_OPTIONS};
pub use outbox::courier::{deliver_forever, Courier, Pace};
pub use outbox::delivery::Outcome;
pub use outbox::effect::{Controls, Effect, Ended, Invitation, Payload, Reach, Sent, Target};
pub use outbox::wake::Wake;
pub use pages::{is_token, link_line, History, Step, PICTURE_BYTES_KEPT, TOKEN_DIGITS};
pub use process::supervise::supervise;
pub use seat::computer::run_computers;
pub use seat::lobby::{Lobby, MAX_OPEN_LOBBIES};
pub use seat::play::TIMEOUTS_TO_RESIGN;
pub use seat::step::{Answer, Ask, Caller, Menu, PrivateView, Shown};
pub use seat::Acted;
pub use time::day::{hour_words, QuietHours, DAY_HOURS};
pub use time::digest::LISTED_GAMES;
pub use time::turn_clock::{run_turn_clock, Ticked};
pub use time::vacation::DAYS_A_YEAR;
pub use time::zones::{warnings_words, zones_matching, DEFAULT_WARNINGS, MAX_WARNINGS, WARNING_HOURS};
pub use time::{
    duration_words, TurnClock, CHOICE_LIMIT_HOURS, DEFAULT_CHOICE_LIMIT_HOURS, DEFAULT_TURN_LIMIT_DAYS, REMINDER_HOURS,
    TURN_LIMIT_DAYS,
};
pub use tournament::entry::{Organiser, Setup};
pub use tournament::view::{
    points_words, standings_table, RoundView, StandingLine, TableView, TournamentView, CROSS_TABLE_ENTRANTS,
};
pub use tournament::TournamentError;
pub use views::{Exported, GameSummary, Standing};

use crate::clock::Clock;
use crate::language::{Lang, List};
use crate::rules::{Due, Seat, SeatSet};
use crate::store::{self, GameRow, MoveRow, SeatRow, Store, StoreError, Tx};
use game::any::{AnyGame, Registration, Reported};
use game::Kind;
use std::sync::Arc;

/// A Discord user as the service knows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
}

/// Where a lobby was opened, and the language spoken there (the game's: its thread's, its pictures').
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub guild_id: Option<i64>,
    pub channel_id: i64,
    pub lang: Lang,
}

/// A game's options as chosen when its lobby opens: the game's own and the turn clock's.
pub trait GameOptions: serde::Serialize + Send + Sync {
    type Adapter: game::any::Listed<Options = Self>;
    fn clock(&self) -> &TurnClock;
}

/// Each game's options hold the turn clock's as their `clock`.
macro_rules! game_options {
    ($($V:ident: $A:ty => ($G:ty, $Action:ty, $O:ty)),* $(,)?) => {
        $(impl GameOptions for $O {
            type Adapter = $A;
            fn clock(&self) -> &TurnClock {
                &self.clock
            }
        })*
    };
}
crate::games!(game_options);

/// A game loaded from the store: its row, seats and whole state, every secret in it. Its fields are the service's
/// own: the fronts ask the service what one seat may see and do ([`seat`]); only what referees whole games (the
/// tests) reads a table, through its accessors.
#[derive(Debug, Clone)]
pub struct Table {
    row: GameRow,
    seats: Vec<SeatRow>,
    game: AnyGame,
}

impl Table {
    pub fn row(&self) -> &GameRow {
        &self.row
    }

    pub fn seats(&self) -> &[SeatRow] {
        &self.seats
    }

    /// The whole game, every secret in it.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The game's state, typed (for tests and a game's own commands).
    pub fn state<G: Registration>(&self) -> Option<&G> {
        self.game.state::<G>()
    }

    pub fn kind(&self) -> Kind {
        self.game.kind()
    }

    /// The seat of a user, if they play here.
    pub fn seat_of(&self, user_id: i64) -> Option<Seat> {
        self.seats.iter().find(|s| s.user_id == user_id).map(|s| s.seat as Seat)
    }

    /// The seat of a user, or the refusal for someone who does not play here.
    pub fn seat(&self, user_id: i64) -> Result<Seat, ServiceError> {
        self.seat_of(user_id).ok_or(ServiceError::NotSeated(self.row.id))
    }

    /// Marks a seat resigned (the store is written by the caller).
    fn resign(&mut self, seat: Seat) {
        self.seats.iter_mut().filter(|s| s.seat == i64::from(seat)).for_each(|s| s.resigned = true);
    }

    /// The seats still in the game: those that have not resigned.
    pub fn remaining(&self) -> SeatSet {
        remaining(&self.seats)
    }

    /// Who is due: nobody once one player is left standing (they win).
    pub fn due(&self) -> SeatSet {
        match self.game.due() {
            Due::Seats(seats) if self.remaining().len() > 1 => seats,
            _ => SeatSet::EMPTY,
        }
    }

    /// Who wins (or would win now): the rules' leaders among the players who did not resign.
    pub fn winners(&self) -> SeatSet {
        self.game.winners(self.remaining())
    }

    /// Who sits in a seat the rules name; a seat nobody sits in means the stored game does not match its seats.
    pub fn seat_row(&self, seat: Seat) -> Result<&SeatRow, ServiceError> {
        self.seats
            .iter()
            .find(|s| s.seat == i64::from(seat))
            .ok_or_else(|| StoreError::Corrupt(format!("game #{} has no player in seat {seat}", self.row.id)).into())
    }

    /// The names of some seats, joined: "ana and ben".
    pub fn names_of(&self, seats: SeatSet) -> List {
        List::and(seats.iter().filter_map(|s| self.seat_row(s).ok().map(|r| r.name.clone())))
    }
}

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    seeds: Arc<dyn Fn() -> u64 + Send + Sync>,
    /// Where game pages are served ([`Service::with_pages`]), if they are.
    pages: Option<String>,
    pictures: pages::Pictures,
    positions: outbox::positions::Positions,
    /// The language Discord last said each player uses, as stored ([`Service::seen_locale`]).
    locales: std::sync::Mutex<std::collections::HashMap<i64, Lang>>,
    /// Period leaderboards, folded ([`ratings::PeriodBoards`]).
    periods: ratings::PeriodBoards,
    /// Games loaded so far ([`Service::games_loaded`]).
    loads: std::sync::atomic::AtomicU64,
    /// What the process's parts report of their state ([`process::health`]).
    health: process::health::Health,
}

impl Service {
    /// `seeds` draws the seed of each new game (seat order and decks come from it).
    pub fn new(store: Store, clock: Arc<dyn Clock>, seeds: Arc<dyn Fn() -> u64 + Send + Sync>) -> Service {
        Service {
            store,
            clock,
            seeds,
            pages: None,
            pictures: pages::Pictures::default(),
            positions: outbox::positions::Positions::default(),
            locales: Default::default(),
            periods: Default::default(),
            loads: Default::default(),
            health: Default::default(),
        }
    }

    /// How many times this service has loaded a game's state (from its snapshot or its log): each interaction about
    /// a move loads its game once.
    pub fn games_loaded(&self) -> u64 {
        self.loads.load(std::sync::atomic::Ordering::Relaxed)
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
    async fn row(conn: &mut Tx, id: i64) -> Result<GameRow, ServiceError> {
        store::games::get(conn, id).await?.ok_or(ServiceError::NoSuchGame(id))
    }

    /// Loads a started game at its current version: from the snapshot when it is current, else by replay. Counted
    /// ([`Service::games_loaded`]).
    async fn table(&self, conn: &mut Tx, row: GameRow) -> Result<Table, ServiceError> {
        self.loads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let seats = store::seats::of_game(conn, row.id).await?;
        let game = match &row.snapshot {
            Some((version, json)) if *version == row.version => kind_of(&row)?
                .restore(json)
                .map_err(|e| StoreError::Corrupt(format!("snapshot of game #{}: {e}", row.id)))?,
            _ => Service::replay(conn, &row, &seats, row.version).await?.0,
        };
        Ok(Table { row, seats, game })
    }

    /// The game replayed from its log up to `version`, with what each move did.
    async fn replay(
        conn: &mut Tx,
        row: &GameRow,
        seats: &[SeatRow],
        version: i64,
    ) -> Result<(AnyGame, Vec<Reported>), ServiceError> {
        let moves = store::moves::of_game(conn, row.id, version).await?;
        Service::replay_moves(row, seats, &moves, |_, _| {})
    }

    /// `row`'s game replayed through `moves`, with what each did; `each` sees the game after the set-up and after
    /// each move (with what it did and when).
    fn replay_moves(
        row: &GameRow,
        seats: &[SeatRow],
        moves: &[MoveRow],
        mut each: impl FnMut(&AnyGame, Option<(&Reported, i64)>),
    ) -> Result<(AnyGame, Vec<Reported>), ServiceError> {
        let mut game = Service::set_up(row, seats)?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let mut history = Vec::with_capacity(moves.len());
        each(&game, None);
        Service::apply_moves(row, &mut game, &names, moves, &mut history, each)?;
        Ok((game, history))
    }

    /// Applies `moves` of `row`'s log to `game`, pushing what each did to `history`; `each` sees the game after
    /// each move.
    fn apply_moves(
        row: &GameRow,
        game: &mut AnyGame,
        names: &[String],
        moves: &[MoveRow],
        history: &mut Vec<Reported>,
        mut each: impl FnMut(&AnyGame, Option<(&Reported, i64)>),
    ) -> Result<(), ServiceError> {
        for m in moves {
            let (seat, action) = logged(row, game.kind(), m)?;
            let played = game.apply(seat, &action, names).map_err(|e| misplayed(row, m, &e))?;
            each(game, Some((&played, m.played_at)));
            history.push(played);
        }
        Ok(())
    }

    /// Who a game's thread pictures are drawn for: its language, its colours (its host's).
    fn game_reader(row: &GameRow) -> crate::pictures::Reader {
        Service::reader_or_game(row, None, None)
    }

    /// A reader of `row`'s game in `lang` and `palette`, the game's own where they are not given (a player who
    /// never chose, a page that did not ask).
    fn reader_or_game(row: &GameRow, lang: Option<Lang>, palette: Option<Palette>) -> crate::pictures::Reader {
        crate::pictures::Reader { lang: lang.unwrap_or(row.lang), palette: palette.unwrap_or(row.palette) }
    }

    /// `row`'s game before any move.
    fn set_up(row: &GameRow, seats: &[SeatRow]) -> Result<AnyGame, StoreError> {
        kind_of(row)?
            .start(&row.options, row.seed, seats.len())
            .map_err(|e| StoreError::Corrupt(format!("game #{} does not set up: {e}", row.id)))
    }

    /// Draws off the async runtime: pictures take milliseconds of CPU. At most one core less than the machine has
    /// draws at once, so that answering interactions always finds a core. A drawing that panics is an internal
    /// error.
    pub(crate) async fn off_runtime<T: Send + 'static>(
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ServiceError> {
        static DRAWING: Cores = Cores::new();
        let started = std::time::Instant::now();
        let done = DRAWING.run(f).await;
        metrics::histogram!("meridian_drawing_seconds").record(started.elapsed().as_secs_f64());
        done
    }

    /// Thinks off the async runtime (a computer's move: up to a second or two of CPU), on cores of its own: at most
    /// one core less than the machine has thinks at once, and pictures never wait for a computer's thinking.
    pub(crate) async fn thinking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, ServiceError> {
        let started = std::time::Instant::now();
        let done = THINKING.run(f).await;
        metrics::histogram!("meridian_thinking_seconds").record(started.elapsed().as_secs_f64());
        done
    }

    /// Writes an effect to the outbox, in the caller's transaction.
    async fn push(&self, conn: &mut Tx, game_id: i64, version: i64, effect: &Effect) -> Result<(), StoreError> {
        let json = serde_json::to_string(effect).expect("effects serialize"); // our own types, always JSON
                                                                              // A private message in its player's quiet hours is held until they end ([`quiet`]).
        if let Some(user_id) = effect.direct() {
            if let Some(release_at) = self.held_until(conn, user_id).await? {
                return store::held::hold(conn, user_id, (game_id, version, &json), self.now(), release_at).await;
            }
        }
        store::outbox::push(conn, game_id, version, &json, self.now()).await?;
        Ok(())
    }
}

/// Among `seats`, those that have not resigned.
fn remaining(seats: &[SeatRow]) -> SeatSet {
    seats.iter().filter(|s| !s.resigned).map(|s| s.seat as Seat).collect()
}

/// A move of `row`'s log as its seat and action.
fn logged(row: &GameRow, kind: Kind, m: &MoveRow) -> Result<(Seat, game::any::AnyAction), StoreError> {
    let seat = Seat::try_from(m.seat).map_err(|e| misplayed(row, m, &e))?;
    Ok((seat, kind.action(&m.action).map_err(|e| misplayed(row, m, &e))?))
}

/// A move of `row`'s log that does not read or does not replay.
fn misplayed(row: &GameRow, m: &MoveRow, e: &dyn std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("game #{} does not replay: move {}: {e}", row.id, m.seq))
}

/// The kind of game a row stores; a kind no game is registered as means the row does not read.
fn kind_of(row: &GameRow) -> Result<Kind, StoreError> {
    Kind::named(&row.kind)
        .ok_or_else(|| StoreError::Corrupt(format!("game #{}: unknown game kind {:?}", row.id, row.kind)))
}

/// The thinking cores: computers' moves and analyses ([`analyst`]) take turns of them.
static THINKING: Cores = Cores::new();

/// A share of the machine's cores for blocking work: one less than it has, at least one.
struct Cores(std::sync::OnceLock<tokio::sync::Semaphore>);

impl Cores {
    const fn new() -> Cores {
        Cores(std::sync::OnceLock::new())
    }

    /// Runs `f` on a blocking thread once a core is free; `f` panicking is an internal error.
    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Result<T, ServiceError> {
        let _turn = self.turn().await;
        tokio::task::spawn_blocking(f).await.map_err(|e| ServiceError::Drawing(e.to_string()))
    }

    /// A core's turn, held until dropped.
    async fn turn(&self) -> tokio::sync::SemaphorePermit<'_> {
        let cores = self.0.get_or_init(|| {
            // Read once: on Linux it reads the cgroup's files.
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1))
        });
        cores.acquire().await.expect("the semaphore is never closed")
    }
}
