//! Ratings in the service: a game rated in the transaction that finishes it, and `rerate`, which folds every rated
//! game's places again ([`crate::ratings`] says how).

use crate::ratings::reliability::Reliability;
use crate::ratings::{places_of, rate, Ledger, Model, Rated, Rating, Shown};
use crate::rules::ai::Level;
use crate::rules::{Seat, SeatSet};
use crate::service::game::Kind;
use crate::service::{Service, ServiceError, Table};
use crate::store::ratings::{self as stored, RatedRow};
use crate::store::seats::SeatRow;
use crate::store::{self, StoreError, Tx};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

/// One rated seat of a game: whose rating, its place.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub seat: Seat,
    pub who: Rated,
    pub name: String,
    pub place: u8,
}

/// The places a finished game rates, or `None` when it is not rated: no winner (an end by agreement), or fewer
/// than two rated players. Computers of one level share a rating, so only the best placed of them is rated (the
/// others are left out, as if they had not played); so are the seats in `short`, whose holders at the end are not
/// credited with their result ([`Service::uncredited`]).
pub fn placings(table: &Table, short: SeatSet) -> Option<Vec<Placed>> {
    let winners = table.winners();
    if winners.is_empty() {
        return None;
    }
    let places = places(table);
    let mut placed: Vec<Placed> = Vec::with_capacity(places.len());
    let mut by_place: Vec<(u8, usize)> = places.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    by_place.sort_unstable();
    for (place, i) in by_place {
        let seat = &table.seats[i];
        let Some(who) = rated(seat).filter(|_| !short.contains(seat.seat as Seat)) else { continue };
        if placed.iter().all(|p| p.who != who) {
            placed.push(Placed { seat: seat.seat as Seat, who, name: seat.name.clone(), place });
        }
    }
    placed.sort_unstable_by_key(|p| p.seat);
    (placed.len() >= 2).then_some(placed)
}

/// A finished game's places by seat, 0 the best: its winners, then the others by score (in games that keep
/// scores), those who resigned last.
pub fn places(table: &Table) -> Vec<u8> {
    let (_, ranking) = table.kind().rating();
    let mut resigned = SeatSet::EMPTY;
    table.seats.iter().filter(|s| s.resigned).for_each(|s| resigned.insert(s.seat as Seat));
    places_of(ranking, table.seats.len(), table.winners(), &table.game.scores(), resigned)
}

/// Whose rating a seat plays for: its person's, or its computer level's (`None`: a level that no longer reads).
fn rated(seat: &SeatRow) -> Option<Rated> {
    match seat.computer.as_deref().map(str::parse::<Level>) {
        Some(level) => level.ok().map(Rated::Computer),
        None => Some(Rated::Person(seat.user_id)),
    }
}

/// A rated player's rating before and after a game, for the result post.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub name: String,
    pub before: Shown,
    pub after: Shown,
}

impl Change {
    /// "+22", "-5", "±0".
    pub fn difference(&self) -> String {
        match self.after.points - self.before.points {
            0 => "±0".to_string(),
            d => format!("{d:+}"),
        }
    }
}

/// The server a game's ratings belong to: 0 for a game on none.
fn guild_of(table: &Table) -> i64 {
    table.row.guild_id.unwrap_or(0)
}

/// A rated seat's rating before its game.
fn before(row: &RatedRow) -> Rating {
    Rating {
        rating: row.rating_before,
        deviation: row.deviation_before,
        volatility: row.volatility_before,
        games: row.games_before,
    }
}

/// A rated seat's rating after its game.
fn after(row: &RatedRow) -> Rating {
    Rating {
        rating: row.rating_after,
        deviation: row.deviation_after,
        volatility: row.volatility_after,
        games: row.games_before + 1,
    }
}

fn rating_of(row: Option<&stored::RatingRow>, model: Model) -> Rating {
    row.map_or_else(
        || Rating::new(model),
        |r| Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility, games: r.games },
    )
}

impl Service {
    /// Rates a game that finishes in `tx`, at `now`: its players' ratings after it become their latest. Returns
    /// the changes (none when the game is not rated). Public for the benches, which time it alone.
    pub async fn rate(&self, tx: &mut Tx, table: &Table, now: i64) -> Result<Vec<Change>, ServiceError> {
        let Some(placed) = placings(table, Service::uncredited(tx, table).await?) else { return Ok(Vec::new()) };
        let (guild, kind) = (guild_of(table), table.kind());
        let (model, _) = kind.rating();
        stored::lock(tx, guild, kind.name()).await?;
        let position = stored::next_position(tx, guild, kind.name()).await?;
        let keys: Vec<String> = placed.iter().map(|p| p.who.key()).collect();
        let known = stored::of_players(tx, guild, kind.name(), &keys).await?;
        let before: Vec<Rating> =
            keys.iter().map(|key| rating_of(known.iter().find(|r| &r.player == key), model)).collect();
        let places: Vec<u8> = placed.iter().map(|p| p.place).collect();
        let after = rate(model, &before, &places);
        let mut changes = Vec::with_capacity(placed.len());
        for ((p, old), new) in placed.iter().zip(&before).zip(&after) {
            let row = RatedRow::new(guild, kind.name(), &placing_of(table, p, position, now), old, new);
            stored::record(tx, &row, new.shown(model)).await?;
            changes.push(Change { name: p.name.clone(), before: Shown::of(old, model), after: Shown::of(new, model) });
        }
        Ok(changes)
    }

    /// Computes every rating again from the rated games' places, in their order, and rates the finished games
    /// that have none yet (finished before ratings existed) first, in the order they finished. Returns the number
    /// of rated games.
    pub async fn rerate(&self) -> Result<usize, ServiceError> {
        let mut tx = self.store.write().await?;
        // Finished games never rated: their places from the game itself, by server and kind.
        let mut fresh: BTreeMap<(i64, String), Vec<Vec<stored::Placing>>> = BTreeMap::new();
        for row in store::games::never_rated(&mut tx).await? {
            let finished_at = row.updated_at;
            let table = self.table(&mut tx, row).await?;
            let Some(placed) = placings(&table, Service::uncredited(&mut tx, &table).await?) else { continue };
            // Positions are given below.
            let game: Vec<stored::Placing> = placed.iter().map(|p| placing_of(&table, p, 0, finished_at)).collect();
            fresh.entry((guild_of(&table), table.kind().name().to_string())).or_default().push(game);
        }
        let kinds: BTreeSet<(i64, String)> =
            stored::rated_kinds(&mut tx).await?.into_iter().chain(fresh.keys().cloned()).collect();
        stored::clear_latest(&mut tx).await?;
        let mut count = 0;
        for (guild, kind) in kinds {
            let model = Kind::named(&kind)
                .ok_or_else(|| StoreError::Corrupt(format!("rated games of an unknown kind {kind:?}")))?
                .rating()
                .0;
            let rated = stored::placings(&mut tx, guild, &kind, i64::MIN).await?;
            let mut fresh = fresh.remove(&(guild, kind.clone())).unwrap_or_default();
            fresh.sort_by_key(|game| (game[0].finished_at, game[0].game_id));
            // The newly rated go before the first rated game, in the order they finished: no rated game moves.
            let start = rated.first().map_or(1, |r| r.position) - fresh.len() as i64;
            for (game, position) in fresh.iter_mut().zip(start..) {
                game.iter_mut().for_each(|seat| seat.position = position);
            }
            let mut seats = fresh.concat();
            seats.extend(rated);
            let mut fold = Fold::default();
            let changes = fold.play(model, &seats)?;
            let rows: Vec<RatedRow> = seats
                .iter()
                .zip(changes)
                .map(|(seat, (before, after))| RatedRow::new(guild, &kind, seat, &before, &after))
                .collect();
            count += fold.games;
            stored::record_all(&mut tx, &rows).await?;
            stored::latests(&mut tx, guild, &kind, &fold.latest(model)).await?;
        }
        tx.commit().await?;
        Ok(count)
    }
}

/// A rated game's players and places, as its rows keep them.
fn players_of<'r>(game_id: i64, seats: impl Iterator<Item = (&'r str, i64)>) -> Result<Vec<(Rated, u8)>, StoreError> {
    seats
        .map(|(player, place)| Some((Rated::of_key(player)?, u8::try_from(place).ok()?)))
        .collect::<Option<_>>()
        .ok_or_else(|| StoreError::Corrupt(format!("game #{game_id}: a rated seat does not read")))
}

/// Ratings folded from rated games' places, game after game, from nothing: `rerate`'s, and a period's leaderboard's
/// (kept between asks, [`PeriodBoards`]).
#[derive(Debug, Default)]
struct Fold {
    ledger: Ledger,
    /// Each player's name as last seen.
    names: HashMap<Rated, String>,
    /// The position of the last game folded in.
    through: Option<i64>,
    games: usize,
}

impl Fold {
    /// Folds in whole games' seats, in rating order; returns each seat's rating before and after its game.
    fn play(&mut self, model: Model, seats: &[stored::Placing]) -> Result<Vec<(Rating, Rating)>, StoreError> {
        let mut changes = Vec::with_capacity(seats.len());
        for game in seats.chunk_by(|a, b| a.game_id == b.game_id) {
            let players = players_of(game[0].game_id, game.iter().map(|r| (r.player.as_str(), r.place)))?;
            changes.extend(self.ledger.play(model, &players));
            game.iter().zip(&players).for_each(|(r, (who, _))| _ = self.names.insert(*who, r.name.clone()));
            self.through = Some(game[0].position);
            self.games += 1;
        }
        Ok(changes)
    }

    /// Every player's standing, best first (equal ratings by name).
    fn standings(&self, model: Model) -> Vec<Standing> {
        let mut all: Vec<(Shown, &str, &Rated, i64)> = self
            .ledger
            .ratings()
            .map(|(who, rating)| (Shown::of(rating, model), self.names[who].as_str(), who, rating.games))
            .collect();
        all.sort_unstable_by(|(a, name_a, who_a, _), (b, name_b, who_b, _)| {
            b.points.cmp(&a.points).then_with(|| name_a.cmp(name_b)).then_with(|| who_a.cmp(who_b))
        });
        let standing = |i: usize, (shown, name, who, games): (Shown, &str, &Rated, i64)| Standing {
            rank: i + 1,
            who: *who,
            name: name.to_string(),
            shown,
            games,
        };
        all.into_iter().enumerate().map(|(i, line)| standing(i, line)).collect()
    }

    /// Every player's latest rating, as the store keeps it.
    fn latest(&self, model: Model) -> Vec<stored::Latest> {
        self.ledger
            .ratings()
            .map(|(who, rating)| stored::Latest {
                player: who.key(),
                name: self.names[who].clone(),
                rating: *rating,
                shown: rating.shown(model),
            })
            .collect()
    }
}

/// Folded period leaderboards, kept between asks. A period starts at midnight (UTC), so that its board is folded
/// from scratch at most once a day and in between only extended by the games rated since: a kept fold holds while
/// its period starts at the same midnight and the first rated game is the same (`rerate` rates games finished
/// before ratings existed before it, and they may fall in the period). New games only come after it.
#[derive(Debug, Default)]
pub(super) struct PeriodBoards(Mutex<PeriodFolds>);

/// Each server, kind and period's fold, with what it holds for (the period's start, the first rated game's
/// position) and when it was last asked for.
type PeriodFolds = HashMap<(i64, &'static str, u16), ((i64, i64), Fold, u64)>;

/// Period leaderboards kept at most (the least recently asked for goes first).
const PERIOD_BOARDS_KEPT: usize = 64;

impl PeriodBoards {
    /// The kept fold of a period if it holds for `window`, or a fresh one.
    fn take(&self, key: (i64, &'static str, u16), window: (i64, i64)) -> Fold {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match kept.remove(&key) {
            Some((held, fold, _)) if held == window => fold,
            _ => Fold::default(),
        }
    }

    fn keep(&self, key: (i64, &'static str, u16), window: (i64, i64), fold: Fold) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let asked = kept.values().map(|&(_, _, asked)| asked + 1).max().unwrap_or(0);
        if kept.len() >= PERIOD_BOARDS_KEPT {
            if let Some(oldest) = kept.iter().min_by_key(|(_, &(_, _, asked))| asked).map(|(&key, _)| key) {
                kept.remove(&oldest);
            }
        }
        kept.insert(key, (window, fold, asked));
    }
}

/// One seat of a game rated at `position`, as the ratings fold it.
fn placing_of(table: &Table, placed: &Placed, position: i64, finished_at: i64) -> stored::Placing {
    stored::Placing {
        game_id: table.row.id,
        seat: i64::from(placed.seat),
        player: placed.who.key(),
        name: placed.name.clone(),
        place: i64::from(placed.place),
        position,
        finished_at,
    }
}

/// How far back a leaderboard looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Period {
    #[default]
    AllTime,
    /// The games that finished in the last so many days, rated from scratch.
    Days(u16),
}

/// Players a leaderboard lists on Discord, before the caller's own line.
pub const LEADERBOARD_TOP: usize = 10;
/// Players a leaderboard's web page lists.
pub const LEADERBOARD_PAGE: usize = 50;

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// 1 for the best.
    pub rank: usize,
    pub who: Rated,
    pub name: String,
    pub shown: Shown,
    pub games: i64,
}

/// A server's best players in one game, and the caller's own line when they are rated but not among them.
#[derive(Debug, Clone, PartialEq)]
pub struct Leaderboard {
    pub top: Vec<Standing>,
    pub own: Option<Standing>,
}

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

impl Service {
    /// The `limit` best of a server (`None`: games on no server) in one kind of game over `period`, with the line
    /// of `caller`.
    pub async fn leaderboard(
        &self,
        guild_id: Option<i64>,
        kind: Kind,
        period: Period,
        limit: usize,
        caller: Option<Rated>,
    ) -> Result<Leaderboard, ServiceError> {
        let board = Board { guild: guild_id.unwrap_or(0), kind, limit, caller };
        match period {
            Period::AllTime => self.all_time_board(board).await,
            Period::Days(days) => self.period_board(board, days).await,
        }
    }

    /// The leaderboard of every game rated: the stored ratings.
    async fn all_time_board(&self, board: Board) -> Result<Leaderboard, ServiceError> {
        let (Board { guild, kind, limit, caller }, model) = (board, board.kind.rating().0);
        let mut tx = self.store.read().await?;
        let standing = |rank: usize, row: &stored::RatingRow| Standing {
            rank,
            who: Rated::of_key(&row.player).unwrap_or(Rated::Person(0)),
            name: row.name.clone(),
            shown: Shown::of(&rating_of(Some(row), model), model),
            games: row.games,
        };
        let top = stored::top(&mut tx, guild, kind.name(), limit as i64).await?;
        let top: Vec<Standing> = top.iter().enumerate().map(|(i, row)| standing(i + 1, row)).collect();
        let own = match caller {
            Some(who) if top.iter().all(|s| s.who != who) => {
                match stored::of_player(&mut tx, guild, kind.name(), &who.key()).await? {
                    Some(row) => {
                        let above = stored::above(&mut tx, guild, kind.name(), row.shown).await?;
                        Some(standing(above as usize + 1, &row))
                    }
                    None => None,
                }
            }
            _ => None,
        };
        Ok(Leaderboard { top, own })
    }

    /// A period's leaderboard: its games folded from scratch, as `rerate` folds them all, from its first day's
    /// midnight; kept and extended by the games rated since (thousands of games: off the async runtime).
    async fn period_board(&self, board: Board, days: u16) -> Result<Leaderboard, ServiceError> {
        let (Board { guild, kind, limit, caller }, model) = (board, board.kind.rating().0);
        let mut tx = self.store.read().await?;
        let since = (self.now().div_euclid(DAY_MS) - i64::from(days)) * DAY_MS;
        let nothing = Leaderboard { top: Vec::new(), own: None };
        let Some(first) = stored::first_position(&mut tx, guild, kind.name()).await? else { return Ok(nothing) };
        let (key, window) = ((guild, kind.name(), days), (since, first));
        let mut fold = self.periods.take(key, window);
        let from = match fold.through {
            Some(last) => last + 1,
            None => match stored::first_since(&mut tx, guild, kind.name(), since).await? {
                Some(from) => from,
                None => return Ok(nothing),
            },
        };
        let rows = stored::placings(&mut tx, guild, kind.name(), from).await?;
        drop(tx);
        let (fold, mut all) = Service::off_runtime(move || -> Result<_, StoreError> {
            fold.play(model, &rows)?;
            let all = fold.standings(model);
            Ok((fold, all))
        })
        .await??;
        self.periods.keep(key, window, fold);
        let own = caller
            .filter(|who| all.iter().take(limit).all(|s| s.who != *who))
            .and_then(|who| all.iter().find(|s| s.who == who).cloned());
        all.truncate(limit);
        Ok(Leaderboard { top: all, own })
    }
}

/// What a leaderboard is asked for: the server (0: games on none), the kind of game, how many and for whom.
#[derive(Debug, Clone, Copy)]
struct Board {
    guild: i64,
    kind: Kind,
    limit: usize,
    caller: Option<Rated>,
}

/// Recent games a profile lists, and the favourite opponents and rating points it shows.
pub const PROFILE_RECENT: usize = 5;
pub const PROFILE_OPPONENTS: usize = 3;
pub const PROFILE_HISTORY: usize = 10;

/// A player's record in one game on a server.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// Their rating now and their place on the leaderboard; `None` before their first rated game.
    pub rating: Option<(Shown, usize)>,
    pub games: usize,
    pub wins: usize,
    /// Their rating after each of their last [`PROFILE_HISTORY`] games, oldest first.
    pub history: Vec<Shown>,
    /// Those they met most: name and games together.
    pub opponents: Vec<(String, i64)>,
    /// Their last [`PROFILE_RECENT`] games, newest first.
    pub recent: Vec<Recent>,
    /// Their turns in time and speed on the server, in every game.
    pub reliability: crate::ratings::reliability::Reliability,
    /// Their puzzles (issue 64), in every game: solved, tried and their streak.
    pub puzzles: crate::service::puzzle::PuzzleRecord,
}

/// One game of a profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Recent {
    pub game_id: i64,
    /// 1 for first.
    pub place: i64,
    pub change: Change,
    pub page: Option<String>,
}

impl Service {
    /// `who`'s record in `kind` on a server (`None`: games on no server).
    pub async fn profile(&self, guild_id: Option<i64>, kind: Kind, who: Rated) -> Result<Profile, ServiceError> {
        let (guild, model) = (guild_id.unwrap_or(0), kind.rating().0);
        let mut tx = self.store.read().await?;
        let key = who.key();
        let history = stored::history(&mut tx, guild, kind.name(), &key).await?;
        let rating = match stored::of_player(&mut tx, guild, kind.name(), &key).await? {
            Some(row) => {
                let above = stored::above(&mut tx, guild, kind.name(), row.shown).await?;
                Some((Shown::of(&rating_of(Some(&row), model), model), above as usize + 1))
            }
            None => None,
        };
        let mut recent = Vec::with_capacity(PROFILE_RECENT);
        for row in history.iter().rev().take(PROFILE_RECENT) {
            let page = store::games::get(&mut tx, row.game_id).await?.and_then(|game| self.page_url(&game));
            let change = Change {
                name: row.name.clone(),
                before: Shown::of(&before(row), model),
                after: Shown::of(&after(row), model),
            };
            recent.push(Recent { game_id: row.game_id, place: row.place + 1, change, page });
        }
        let opponents = stored::opponents(&mut tx, guild, kind.name(), &key, PROFILE_OPPONENTS as i64)
            .await?
            .into_iter()
            .map(|(_, name, together)| (name, together))
            .collect();
        let (reliability, puzzles) = match who {
            Rated::Person(id) => {
                (Service::reliability_in(&mut tx, guild, &[id]).await?[0], Service::puzzle_record(&mut tx, id).await?)
            }
            Rated::Computer(_) => Default::default(),
        };
        Ok(Profile {
            reliability,
            puzzles,
            rating,
            games: history.len(),
            wins: history.iter().filter(|row| row.place == 0).count(),
            history: history
                .iter()
                .rev()
                .take(PROFILE_HISTORY)
                .rev()
                .map(|row| Shown::of(&after(row), model))
                .collect(),
            opponents,
            recent,
        })
    }
}

impl Service {
    /// Each seat's rating when its game began, for the game's page: the rating before it for a rated game, and
    /// for a game still running the player's rating now (what the game's result will start from).
    pub(super) async fn start_ratings(
        tx: &mut Tx,
        row: &crate::store::GameRow,
        seats: &[SeatRow],
    ) -> Result<Vec<Option<Shown>>, ServiceError> {
        let Some(kind) = Kind::named(&row.kind) else { return Ok(vec![None; seats.len()]) };
        let model = kind.rating().0;
        let rated_rows = stored::of_game(tx, row.id).await?;
        let mut shown = Vec::with_capacity(seats.len());
        for seat in seats {
            let Some(who) = rated(seat) else {
                shown.push(None);
                continue;
            };
            let rating = match rated_rows.iter().find(|r| r.seat == seat.seat) {
                Some(r) => Some(before(r)),
                None if row.status == crate::store::Status::Active => {
                    let now = stored::of_player(tx, row.guild_id.unwrap_or(0), kind.name(), &who.key()).await?;
                    Some(rating_of(now.as_ref(), model))
                }
                None => None,
            };
            shown.push(rating.map(|r| Shown::of(&r, model)));
        }
        Ok(shown)
    }
}

impl Service {
    /// The address of a server's leaderboard page for one game (made the first time it is asked for), when pages
    /// are served.
    pub async fn leaderboard_url(&self, guild_id: Option<i64>, kind: Kind) -> Result<Option<String>, ServiceError> {
        let Some(base) = self.pages.as_ref() else { return Ok(None) };
        let mut tx = self.store.write().await?;
        let token =
            stored::leaderboard_token(&mut tx, guild_id.unwrap_or(0), kind.name(), &crate::service::pages::new_token())
                .await?;
        tx.commit().await?;
        Ok(Some(format!("{base}/r/{token}")))
    }

    /// The game and leaderboard (all time, the best [`LEADERBOARD_PAGE`]) a leaderboard page's token opens.
    /// A leaderboard's page: its game, its best, and each one's reliability (none for computers).
    pub async fn leaderboard_page(
        &self,
        token: &str,
    ) -> Result<(Kind, Leaderboard, Vec<Option<Reliability>>), ServiceError> {
        if !crate::service::pages::is_token(token) {
            return Err(ServiceError::NoSuchPage);
        }
        let found = stored::by_leaderboard_token(&mut self.store.read().await?, token).await?;
        let Some((guild, kind)) = found else { return Err(ServiceError::NoSuchPage) };
        let kind = Kind::named(&kind).ok_or(ServiceError::NoSuchPage)?;
        let guild = Some(guild).filter(|&g| g != 0);
        let board = self.leaderboard(guild, kind, Period::AllTime, LEADERBOARD_PAGE, None).await?;
        let people: Vec<i64> = board.top.iter().filter_map(|s| s.who.person()).collect();
        // Found in the people's order, which is the board's without its computers.
        let mut found = self.reliability(guild.unwrap_or(0), &people).await?.into_iter();
        let reliability = board.top.iter().map(|s| s.who.person().and_then(|_| found.next())).collect();
        Ok((kind, board, reliability))
    }
}
