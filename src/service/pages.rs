//! A game's web page, read-only: its history move by move, exactly as public as its thread.
//!
//! A page is reached through the game's page token (128 random bits, stored with the game), never by its id. While
//! the game runs the page carries only what the thread says: the moves in words, the public board after each, the
//! charted standing (public by the rules: points on the board, land held, a pawn's way left) and who is due. The
//! record, with its secrets (deck order, programmes), is given only once the game is over, as `export` does.
//!
//! Pictures are the thread's: the board after move `k` with the last turn up to `k` pointed out. Drawing one takes
//! milliseconds, so the last ones drawn are kept ([`PICTURE_BYTES_KEPT`]), those drawn for the thread included (the
//! latest move, the one a link from the thread opens on): a position never changes once played, and a picture is
//! drawn again only when a seat's name changed (a seat handed to a computer).

use crate::language::{Lang, List, Text};
use crate::pictures::{Palette, Reader};
use crate::ratings::Shown;
use crate::rules::{Seat, SeatSet};
use crate::service::analysis::judge::{costliest, percent, JudgedMove};
use crate::service::{Service, ServiceError, Table};
use crate::store::{self, GameRow, MoveRow, SeatRow, Status, Tx};
use crate::text;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Bytes of pictures kept (a board is 150–350 kB: a few hundred pictures).
pub const PICTURE_BYTES_KEPT: usize = 64 << 20;

/// The hex digits of a page token: 128 bits.
pub const TOKEN_DIGITS: usize = 32;

/// The line that links to a game's page, in its thread's first post and in `status`.
pub fn link_line(url: &str) -> Text {
    // In angle brackets: Discord shows the link without a preview card.
    text!("page-link", url = format!("<{url}>"))
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
    /// The language of its words: the game's, or the one the page asked for.
    pub lang: Lang,
    pub game: i64,
    pub title: &'static str,
    /// `active`, `finished` or `abandoned`.
    pub status: &'static str,
    /// The game's version: it changes with every move and undo (what the page watches for).
    pub version: i64,
    /// The moves that stand: steps run from 0 (the set-up) to `last`.
    pub last: i64,
    pub players: Vec<String>,
    /// Each player's colour as the pictures draw it (`#rrggbb`), in seat order.
    pub colours: Vec<String>,
    /// The palette the page draws in (`standard` or `safe`): the game's, or the one the page asked for.
    pub palette: &'static str,
    /// What `Step::chart` measures, in words ("points").
    pub chart: String,
    pub steps: Vec<Step>,
    /// Who is due now ("ana and ben"), while the game runs.
    pub to_move: Option<String>,
    /// Who won, once it is over (not when it was abandoned).
    pub winners: Option<String>,
    /// The page's own address, when the bot serves pages under a public address: what a link to it unfurls to.
    pub page: Option<String>,
    /// Where the game is, in words: "ana to play.", "Over: ana won.", "Abandoned."
    pub state: String,
    /// Each player's standing now, in words, in seat order.
    pub standings: Vec<String>,
    /// Each player's rating when the game began, in words ("rated 1523"), in seat order; empty for a player
    /// not rated in this game (a computer whose level another seat of it carries, an unrated game).
    pub ratings: Vec<String>,
    /// Whether the game's analysis is still to come (queued or under way): the page then asks for it now and then.
    pub analysing: bool,
}

/// A game's analysis as its page's history needs it: the judged moves once done, and whether it is still to come.
struct Analysis {
    judged: Vec<JudgedMove>,
    analysing: bool,
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
    /// The move as the game's analysis judged it, once the game is over and analysed.
    pub judged: Option<StepJudged>,
    /// Its board's alt text, the position in short (the page's `alt` while the step is shown).
    pub alt: String,
    /// The game's version once it was played (0 for the set-up): what the step's board shows, which an undo
    /// and a new move later give another step of the same number (the page's addresses for pictures carry it, so
    /// that no cache shows the one taken back).
    pub version: i64,
}

/// A move as the analysis judged it, for a page: its mover's share of the win (0–1) before it and after it;
/// `costly`, in words (with the best move), when it is among its player's costliest (those `/… analysis` shows them).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepJudged {
    pub before: f64,
    pub after: f64,
    pub costly: Option<String>,
}

/// Pictures drawn lately, by game and step, with the names they show: at most so many bytes of them.
pub(super) struct Pictures {
    bytes_kept: usize,
    map: Mutex<PictureMap>,
}

impl Default for Pictures {
    fn default() -> Pictures {
        Pictures::keeping(PICTURE_BYTES_KEPT)
    }
}

/// A picture kept: the names it shows, its PNG, and when it was last used.
type Kept = (Vec<String>, Arc<Vec<u8>>, u64);

/// A picture's game, version, and who it is drawn for (language and colours).
pub(super) type Drawn = (i64, i64, Reader);

#[derive(Default)]
struct PictureMap {
    /// By game, version and reader.
    drawn: HashMap<Drawn, Kept>,
    /// Their bytes, in all.
    bytes: usize,
    /// Counts uses: the entry used longest ago goes first.
    tick: u64,
}

impl Pictures {
    fn keeping(bytes_kept: usize) -> Pictures {
        Pictures { bytes_kept, map: Mutex::default() }
    }

    pub(super) fn get(&self, key: Drawn, names: &[String]) -> Option<Arc<Vec<u8>>> {
        let mut map = self.map.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.tick += 1;
        let tick = map.tick;
        let (shown, png, used) = map.drawn.get_mut(&key)?;
        *used = tick;
        (shown == names).then(|| png.clone())
    }

    pub(super) fn put(&self, key: Drawn, names: Vec<String>, png: Arc<Vec<u8>>) {
        let mut map = self.map.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        map.tick += 1;
        let tick = map.tick;
        map.bytes += png.len();
        if let Some((_, old, _)) = map.drawn.insert(key, (names, png, tick)) {
            map.bytes -= old.len();
        }
        while map.bytes > self.bytes_kept {
            // A scan of a few hundred entries, on a miss only: cheaper than the drawing it follows.
            let Some(oldest) = map.drawn.iter().min_by_key(|(_, (_, _, used))| *used).map(|(k, _)| *k) else { break };
            if let Some((_, gone, _)) = map.drawn.remove(&oldest) {
                map.bytes -= gone.len();
            }
        }
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
    async fn paged(conn: &mut Tx, token: &str) -> Result<GameRow, ServiceError> {
        if !is_token(token) {
            return Err(ServiceError::NoSuchPage);
        }
        match store::games::by_page_token(conn, token).await? {
            Some(row) if row.status != Status::Lobby => Ok(row),
            _ => Err(ServiceError::NoSuchPage),
        }
    }

    /// How far the game of a page is (what a page polls for): its version, whether it is over, and whether its
    /// analysis is still to come (queued or under way).
    pub async fn page_version(&self, token: &str) -> Result<(i64, bool, bool), ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::paged(&mut tx, token).await?;
        let analysing = store::analyses::waiting(&mut tx, row.id).await?;
        Ok((row.version, row.status != Status::Active, analysing))
    }

    /// The history a page shows, every move of it (replayed off the async runtime: a long game is thousands of
    /// moves), in `lang` and `palette` (`None`: the game's).
    pub async fn page_history(
        &self,
        token: &str,
        lang: Option<Lang>,
        palette: Option<Palette>,
    ) -> Result<History, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::paged(&mut tx, token).await?;
        let reader = Service::reader_or_game(&row, lang, palette);
        let seats = store::seats::of_game(&mut tx, row.id).await?;
        let played = store::moves::of_game(&mut tx, row.id, row.version).await?;
        let ratings = Service::start_ratings(&mut tx, &row, &seats).await?;
        let analysis = store::analyses::of_game(&mut tx, row.id).await?;
        let analysing = analysis == store::analyses::Analysis::Waiting;
        let judged = match analysis {
            store::analyses::Analysis::Done(rows) => {
                rows.into_iter().map(JudgedMove::from_row).collect::<Result<_, _>>()?
            }
            _ => Vec::new(),
        };
        drop(tx);
        let analysis = Analysis { judged, analysing };
        let page = self.page_url(&row);
        let mut history =
            Service::off_runtime(move || history(row, seats, &played, &ratings, &analysis, reader)).await??;
        history.page = page;
        Ok(history)
    }

    /// The public board after move `step` (0: the set-up; moves taken back are not counted), as the thread showed
    /// it: the last turn pointed out; its words in `lang`, its colours in `palette` (`None`: the game's).
    pub async fn page_board(
        &self,
        token: &str,
        step: i64,
        lang: Option<Lang>,
        palette: Option<Palette>,
    ) -> Result<Arc<Vec<u8>>, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::paged(&mut tx, token).await?;
        let standing = store::moves::of_game(&mut tx, row.id, row.version).await?;
        let last = standing.len() as i64;
        if !(0..=last).contains(&step) {
            return Err(ServiceError::NoSuchMove { game: row.id, step, last });
        }
        // The game as it stood once that move was played: at its entry of the log.
        let version = match step {
            0 => 0,
            k => standing[k as usize - 1].seq,
        };
        let seats = store::seats::of_game(&mut tx, row.id).await?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        // In the game's colours, as its thread shows it, unless the page asked for others.
        let reader = Service::reader_or_game(&row, lang, palette);
        let key = (row.id, version, reader);
        if let Some(png) = self.pictures.get(key, &names) {
            return Ok(png);
        }
        let played = store::moves::of_game(&mut tx, row.id, version).await?;
        drop(tx);
        let shown = names.clone();
        let png = Service::off_runtime(move || {
            let (game, history) = Service::replay_moves(&row, &seats, &played, |_, _| {})?;
            let turn: Vec<_> = crate::service::outbox::positions::last_turn(&history).iter().collect();
            Ok::<_, ServiceError>(game.board_picture(&shown, &turn, reader).image)
        })
        .await??;
        let png = Arc::new(png);
        self.pictures.put(key, names, png.clone());
        Ok(png)
    }

    /// The record of a page's game (shared/spec/record.md), once it is over: it holds every secret.
    pub async fn page_record(&self, token: &str) -> Result<(i64, String), ServiceError> {
        let id = {
            let mut tx = self.store.read().await?;
            Service::paged(&mut tx, token).await?.id
        };
        Ok((id, self.export(id).await?.json))
    }
}

/// Marks each step the analysis judged with its mover's chances, and the costliest of each of `seats` in words.
fn mark_judged(steps: &mut [Step], judged: &[JudgedMove], seats: usize, lang: Lang) {
    let costly: Vec<&JudgedMove> = (0..seats as Seat).flat_map(|seat| costliest(judged, seat)).collect();
    for m in judged {
        let Some(step) = usize::try_from(m.step).ok().and_then(|k| steps.get_mut(k)) else { continue };
        let costly = costly.iter().any(|c| c.step == m.step).then(|| {
            let (before, after) = (percent(m.before), percent(m.after));
            lang.say(&text!("page-costly", before = before, after = after, best = m.best_line.clone()))
        });
        step.judged = Some(StepJudged { before: m.before, after: m.after, costly });
    }
}

/// `row`'s history through `played`, its moves.
fn history(
    row: GameRow,
    seats: Vec<SeatRow>,
    played: &[MoveRow],
    ratings: &[Option<Shown>],
    analysis: &Analysis,
    reader: Reader,
) -> Result<History, ServiceError> {
    let lang = reader.lang;
    let judged = &analysis.judged;
    let mut steps = Vec::with_capacity(played.len() + 1);
    let shown: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    let (game, _) = Service::replay_moves(&row, &seats, played, |game, played| {
        steps.push(Step {
            alt: game.board_alt(&shown, lang),
            seat: played.map(|(p, _)| p.seat),
            line: played.map_or_else(|| lang.word("page-begins"), |(p, _)| lang.say(&p.line)),
            at: played.map(|(_, at)| at),
            chart: game.chart(),
            judged: None,
            version: 0,
        })
    })?;
    for (step, played) in steps.iter_mut().skip(1).zip(played) {
        step.version = played.seq;
    }
    mark_judged(&mut steps, judged, seats.len(), lang);
    let kind = game.kind();
    let table = Table { row, seats, game };
    let status = table.row.status;
    let names = |seats: SeatSet| Some(seats).filter(|s| !s.is_empty()).map(|s| table.names_of(s));
    let to_move = names(table.due()).filter(|_| status == Status::Active);
    let winners = names(table.winners()).filter(|_| status == Status::Finished);
    let state = match (status, &winners, &to_move) {
        (Status::Abandoned, _, _) => text!("page-abandoned"),
        (_, Some(winners), _) => text!("page-won", winners = winners.clone()),
        (Status::Finished, None, _) => text!("page-over"),
        (_, _, Some(due)) => text!("page-to-play", due = due.clone()),
        _ => Text::Said(String::new()),
    };
    let say = |list: Option<List>| list.map(|l| lang.say(&text!("play-lines", lines = l)));
    Ok(History {
        lang,
        game: table.row.id,
        title: kind.title(),
        status: status.as_str(),
        version: table.row.version,
        last: steps.len() as i64 - 1,
        players: table.names(),
        palette: reader.palette.name(),
        colours: table
            .game
            .colours(reader.palette)
            .iter()
            .map(|c| format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2))
            .collect(),
        chart: lang.word(kind.chart()),
        steps,
        to_move: say(to_move),
        winners: say(winners),
        state: lang.say(&state),
        standings: table.game.standings().iter().map(|s| lang.say(s)).collect(),
        ratings: ratings
            .iter()
            .map(|r| r.map_or_else(String::new, |r| lang.say(&text!("page-rating", rating = r.to_string()))))
            .collect(),
        analysing: analysis.analysing,
        page: None,
    })
}

#[cfg(test)]
mod tests {
    use super::Pictures;
    use crate::language::Lang;
    use crate::pictures::{Palette, Reader};
    use std::sync::Arc;

    const L: Reader = Reader { lang: Lang::En, palette: Palette::Standard };

    #[test]
    fn pictures_are_kept_within_their_bytes_the_least_used_going_first() {
        let pictures = Pictures::keeping(100);
        let names = vec!["ana".to_string(), "ben".to_string()];
        let png = |byte: u8| Arc::new(vec![byte; 40]);
        pictures.put((1, 0, L), names.clone(), png(0));
        pictures.put((1, 1, L), names.clone(), png(1));
        assert_eq!(pictures.get((1, 0, L), &names), Some(png(0)), "used: (1, 1) is now the least used");
        pictures.put((2, 0, L), names.clone(), png(2));
        assert_eq!(pictures.get((1, 1, L), &names), None, "over 100 bytes: the least used went");
        assert_eq!(pictures.get((1, 0, L), &names), Some(png(0)));
        assert_eq!(pictures.get((2, 0, L), &names), Some(png(2)));
        let renamed = vec!["ana".to_string(), "Computer (normal) for ben".to_string()];
        assert_eq!(pictures.get((1, 0, L), &renamed), None, "a picture showing old names is drawn again");
        pictures.put((1, 0, L), renamed.clone(), png(3));
        assert_eq!(pictures.get((1, 0, L), &renamed), Some(png(3)));
    }
}
