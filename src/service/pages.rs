//! A game's web page, read-only: its history move by move, exactly as public as its thread.
//!
//! A page is reached through the game's page token (128 random bits, stored with the game), never by its id. While
//! the game runs the page carries only what the thread says: the moves in words, the public board after each, the
//! charted standing (public by the rules: points on the board, land held, a pawn's way left) and who is due. The
//! record, with its secrets (deck order, programmes), is given only once the game is over, as `export` does.
//!
//! Pictures are the thread's: the board after move `k` with the last turn up to `k` pointed out. Drawing one takes
//! milliseconds, so the last ones drawn are kept ([`PICTURES_KEPT`]), those drawn for the thread included (the
//! latest move, the one a link from the thread opens on): a position never changes once played, and a picture is
//! drawn again only when a seat's name changed (a seat handed to a computer).

use super::{games, Service, ServiceError, Table};
use crate::rules::Seat;
use crate::store::{self, Conn, GameRow, Status};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Pictures kept (about 60 kB each: some 30 MB at most).
pub const PICTURES_KEPT: usize = 512;

/// The hex digits of a page token: 128 bits.
pub const TOKEN_DIGITS: usize = 32;

/// The line that links to a game's page, in its thread's first post and in `status`.
pub fn link_line(url: &str) -> String {
    // In angle brackets: Discord shows the link without a preview card.
    format!("Every move, step by step: <{url}>")
}

/// A new page token from the system's random source.
pub(super) fn new_token() -> String {
    let mut bits = [0u8; TOKEN_DIGITS / 2];
    getrandom::fill(&mut bits).expect("the system's random source answers");
    bits.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` has a page token's shape (checked before the database is asked).
pub fn is_token(text: &str) -> bool {
    text.len() == TOKEN_DIGITS && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A game's history, as its page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct History {
    pub game: i64,
    pub title: &'static str,
    /// `active`, `finished` or `abandoned`.
    pub status: &'static str,
    /// Moves played: steps run from 0 (the set-up) to `version`.
    pub version: i64,
    pub players: Vec<String>,
    /// What `Step::chart` measures, in words ("points").
    pub chart: &'static str,
    pub steps: Vec<Step>,
    /// Who is due now ("ana and ben"), while the game runs.
    pub to_move: Option<String>,
    /// Who won, once it is over.
    pub winners: Option<String>,
    /// Each player's standing now, in words, in seat order.
    pub standings: Vec<String>,
}

/// The game after one move (or the set-up, the first step).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// Who moved (`None` for the set-up).
    pub seat: Option<Seat>,
    /// The move in words, as the thread said it.
    pub line: String,
    /// When, in Unix milliseconds (`None` for the set-up).
    pub at: Option<i64>,
    /// Each seat's charted value after it.
    pub chart: Vec<Option<f64>>,
}

/// Pictures drawn lately, by game and step, with the names they show.
#[derive(Default)]
pub(super) struct Pictures(Mutex<PictureMap>);

/// A picture kept: the names it shows, its PNG, and when it was last used.
type Kept = (Vec<String>, Arc<Vec<u8>>, u64);

#[derive(Default)]
struct PictureMap {
    /// By game and step.
    drawn: HashMap<(i64, i64), Kept>,
    /// Counts uses: the entry used longest ago goes first.
    tick: u64,
}

impl Pictures {
    pub(super) fn get(&self, key: (i64, i64), names: &[String]) -> Option<Arc<Vec<u8>>> {
        let mut map = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.tick += 1;
        let tick = map.tick;
        let (shown, png, used) = map.drawn.get_mut(&key)?;
        *used = tick;
        (shown == names).then(|| png.clone())
    }

    pub(super) fn put(&self, key: (i64, i64), names: Vec<String>, png: Arc<Vec<u8>>) {
        let mut map = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.tick += 1;
        if map.drawn.len() >= PICTURES_KEPT && !map.drawn.contains_key(&key) {
            // A scan of a few hundred entries, on a miss only: cheaper than the drawing it follows.
            if let Some(oldest) = map.drawn.iter().min_by_key(|(_, (_, _, used))| *used).map(|(k, _)| *k) {
                map.drawn.remove(&oldest);
            }
        }
        let tick = map.tick;
        map.drawn.insert(key, (names, png, tick));
    }
}

impl Service {
    /// Sets the address the game pages are served under (`https://games.example.org`): the thread's first post
    /// and `status` link to them. Without it, pages may still be served, but nothing links to them.
    pub fn with_pages(mut self, public_url: &str) -> Service {
        self.pages = Some(public_url.trim_end_matches('/').to_string());
        self
    }

    /// The address of a game's page, when pages are served.
    pub(super) fn page_url(&self, row: &GameRow) -> Option<String> {
        self.pages.as_ref().map(|base| format!("{base}/g/{}", row.page_token))
    }

    /// The started game a page token opens.
    async fn paged(conn: &mut Conn, token: &str) -> Result<GameRow, ServiceError> {
        if !is_token(token) {
            return Err(ServiceError::NoSuchPage);
        }
        match store::games::by_page_token(conn, token).await? {
            Some(row) if row.status != Status::Lobby => Ok(row),
            _ => Err(ServiceError::NoSuchPage),
        }
    }

    /// How far the game of a page is: its version and whether it is over (what a page polls for).
    pub async fn page_version(&self, token: &str) -> Result<(i64, bool), ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::paged(&mut tx, token).await?;
        Ok((row.version, row.status != Status::Active))
    }

    /// The history a page shows, every move of it.
    pub async fn page_history(&self, token: &str) -> Result<History, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::paged(&mut tx, token).await?;
        let seats = store::seats::of_game(&mut tx, row.id).await?;
        let kind = games::kind(&row.kind)?;
        let played = store::moves::of_game(&mut tx, row.id, row.version).await?;
        drop(tx);
        let mut steps = Vec::with_capacity(played.len() + 1);
        let (game, _) = Service::replay_moves(&row, &seats, &played, |game, played| {
            steps.push(Step {
                seat: played.map(|(p, _)| p.seat),
                line: played.map_or_else(|| "The game begins.".to_string(), |(p, _)| p.line.clone()),
                at: played.map(|(_, at)| at),
                chart: game.chart(),
            })
        })?;
        let over = row.status != Status::Active;
        let table = Table { row, seats, kind, game };
        let players = table.names();
        Ok(History {
            game: table.row.id,
            title: kind.title(),
            status: table.row.status.as_str(),
            version: table.row.version,
            chart: kind.chart(),
            steps,
            to_move: Some(table.names_of(table.due())).filter(|n| !over && !n.is_empty()),
            winners: over.then(|| table.names_of(table.winners())).filter(|n| !n.is_empty()),
            standings: table.seats.iter().map(|s| table.game.standing(s.seat as Seat)).collect(),
            players,
        })
    }

    /// The public board after move `step` (0: the set-up), as the thread showed it: the last turn pointed out.
    pub async fn page_board(&self, token: &str, step: i64) -> Result<Arc<Vec<u8>>, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::paged(&mut tx, token).await?;
        if !(0..=row.version).contains(&step) {
            return Err(ServiceError::NoSuchMove { game: row.id, step, last: row.version });
        }
        let seats = store::seats::of_game(&mut tx, row.id).await?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        if let Some(png) = self.pictures.get((row.id, step), &names) {
            return Ok(png);
        }
        let played = store::moves::of_game(&mut tx, row.id, step).await?;
        drop(tx);
        let (game, history) = Service::replay_moves(&row, &seats, &played, |_, _| {})?;
        let shown = names.clone();
        let png = Service::off_runtime(move || {
            let turn: Vec<_> = super::delivery::last_turn(&history).iter().collect();
            game.board_png(&shown, &turn)
        })
        .await?;
        let png = Arc::new(png);
        self.pictures.put((row.id, step), names, png.clone());
        Ok(png)
    }

    /// The record of a page's game (shared/spec/record.md), once it is over: it holds every secret.
    pub async fn page_record(&self, token: &str) -> Result<(i64, String), ServiceError> {
        let id = {
            let mut tx = self.store.read().await?;
            Service::paged(&mut tx, token).await?.id
        };
        Ok((id, self.export(id).await?))
    }
}
