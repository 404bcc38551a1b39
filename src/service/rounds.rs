//! A tournament's rounds, which play themselves: the next one starts once every game of the last has ended (turn
//! limits and time-outs see that they do), and the tournament finishes after its last. A round starts in one
//! transaction that moves the tournament's round on by one, draws it, starts its games and writes what to say:
//! two processes on one database, or one restarted after a crash, start it once (the one that commits first; the
//! other finds the round moved and changes nothing).

use super::tournament::{format_of, kind_of_tournament, table_bounds};
use super::tournament_view::{standing_lines, standings_table};
use super::{Effect, Service, ServiceError};
use crate::language::List;
use crate::ratings::Rated;
use crate::rules::ai::Level;
use crate::store::tournaments::{self as stored, EntrantRow, TournamentGameRow, TournamentRow};
use crate::store::{self, NewGame, SeatRow, StoreError, Tx};
use crate::text;
use crate::tournament::standings::rounded;
use crate::tournament::{bye_points, points_by_place, round_robin, swiss, Entrant, Format, Past, Played, Stage};
use std::collections::HashMap;

/// The host of a tournament's games: nobody. Nobody holds a host's powers over a game where points are at stake
/// (abandoning it, handing a seat over); the moderators of its channel do what a host would.
const NO_HOST: i64 = 0;

/// A Swiss's rounds when its host set none: enough for one entrant to win them all and stand alone (log₂ of the
/// entrants, rounded up), at least one.
fn swiss_rounds(entrants: usize) -> i64 {
    i64::from(entrants.max(2).next_power_of_two().trailing_zeros()).max(1)
}

impl Service {
    /// Starts the tournaments' rounds that are due (and the tournaments due to start by themselves) and finishes
    /// those whose last round is over, each in its own transaction. Returns how many moved on.
    pub(super) async fn advance_tournaments(&self) -> Result<usize, ServiceError> {
        let due = {
            let mut tx = self.store.read().await?;
            stored::due(&mut tx, self.now()).await?
        };
        let mut moved = 0;
        for id in due {
            match self.advance_tournament(id).await {
                Ok(true) => moved += 1,
                Ok(false) => {}
                Err(e) => tracing::error!(tournament = id, error = %e.detail(), "cannot start a tournament's round"),
            }
        }
        Ok(moved)
    }

    async fn advance_tournament(&self, id: i64) -> Result<bool, ServiceError> {
        let mut tx = self.store.write().await?;
        let t = Service::tournament_row(&mut tx, id).await?;
        let moved = match t.stage {
            Stage::Open if t.starts_at.is_some_and(|at| at <= self.now()) => {
                let have = stored::entrants(&mut tx, id).await?.len();
                if have < table_bounds(kind_of_tournament(&t)?).0 {
                    // Too few to play: it waits for entries and its host's start.
                    stored::postpone(&mut tx, id).await?;
                    tracing::info!(tournament = id, have, "a tournament due to start has too few entrants");
                    true
                } else {
                    self.next_round(&mut tx, &t).await?
                }
            }
            Stage::Running if round_over(&mut tx, &t).await? => self.next_round(&mut tx, &t).await?,
            _ => false,
        };
        if moved {
            tx.commit().await?;
        }
        Ok(moved)
    }

    /// Starts the tournament's next round, or finishes it after its last (or once too few play on). False when
    /// another transaction did it first.
    pub(super) async fn next_round(&self, tx: &mut Tx, t: &TournamentRow) -> Result<bool, ServiceError> {
        let kind = kind_of_tournament(t)?;
        let bounds = table_bounds(kind);
        let entrants = stored::entrants(tx, t.id).await?;
        let past = past(tx, t, &entrants).await?;
        let (count, format) = (entrants.len(), format_of(t)?);
        let rounds = t.rounds.unwrap_or_else(|| match format {
            Format::RoundRobin => round_robin::rounds(count, bounds) as i64,
            Format::Swiss => swiss_rounds(count),
        });
        let active: Vec<Entrant> = entrants.iter().filter(|e| e.withdrawn_after.is_none()).map(entrant).collect();
        if t.round >= rounds || active.len() < bounds.0 {
            return self.finish_tournament(tx, t, &entrants, &past).await;
        }
        let draw = match format {
            Format::Swiss => {
                let ratings = ratings(tx, t, &entrants).await?;
                swiss::pair(&active, &ratings, &past, bounds, bye_points(bounds.1))
            }
            Format::RoundRobin => round_robin::draw(t.round as usize, count, &active, &past, bounds),
        };
        // The standings the round starts from (none before the first).
        let standings = match t.round {
            0 => None,
            _ => Some(standings_table(&standing_lines(&entrants, &past, bye_points(bounds.1)).1, t.lang)),
        };
        if !stored::start_round(tx, t.id, t.round, rounds).await? {
            return Ok(false);
        }
        let round = t.round + 1;
        let mut games = Vec::with_capacity(draw.tables.len());
        for (i, table) in draw.tables.iter().enumerate() {
            let seated: Vec<&EntrantRow> = table.iter().map(|&e| &entrants[e]).collect();
            games.push(self.seat_table(tx, t, (round, i + 1), &seated).await?);
        }
        for &e in &draw.byes {
            stored::add_bye(tx, t.id, round, e as i64).await?;
        }
        let byes = List::and(draw.byes.iter().map(|&e| entrants[e].name.clone()));
        let (count, games_count) = (draw.byes.len(), games.len());
        let begins = text!(
            "tournament-round-begins",
            name = &t.name,
            round = round,
            rounds = rounds,
            games = games_count,
            byes = byes,
            count = count
        );
        let text = match standings {
            Some(table) => text!("play-lines", lines = List::Lines(vec![begins.into(), table.into()])),
            None => begins,
        };
        let herald = self.tell_tournament(tx, t, text).await?;
        // Every round: the announcement shows the round under way (and from the first, without its buttons).
        self.announce_again(tx, t, herald).await?;
        Ok(true)
    }

    /// Starts one game of a round (its `(round, table)`), its players seated from the tournament's entrants: its
    /// thread opened first, then the game as any begins.
    async fn seat_table(
        &self,
        tx: &mut Tx,
        t: &TournamentRow,
        (round, table): (i64, usize),
        seated: &[&EntrantRow],
    ) -> Result<i64, ServiceError> {
        let new = NewGame {
            kind: &t.kind,
            guild_id: Some(t.guild_id),
            channel_id: t.channel_id,
            host_id: NO_HOST,
            options: &t.options,
            seed: (self.seeds)(),
            page_token: &super::pages::new_token(),
            lang: t.lang,
            now: self.now(),
        };
        let id = store::games::insert(tx, new).await?;
        for e in seated {
            store::seats::add(tx, id, e.user_id, &e.name, e.computer.as_deref()).await?;
        }
        stored::add_game(tx, t.id, round, id).await?;
        let players = List::and(seated.iter().map(|e| e.name.clone()));
        let text =
            text!("tournament-table", name = &t.name, round = round, table = table, game = id, players = players);
        let name = t.lang.say(&text!("tournament-thread-name", name = &t.name, round = round, game = id));
        let users = seated.iter().filter(|e| e.computer.is_none()).map(|e| e.user_id).collect();
        self.push(tx, id, 0, &Effect::Thread { text, name, users }).await?;
        let row = Service::row(tx, id).await?;
        let (seats, game) = Service::seats_in_order(tx, &row).await?;
        self.begin(tx, id, seats, game).await?;
        Ok(id)
    }

    /// Finishes a tournament after its last round: the final standings in its thread.
    async fn finish_tournament(
        &self,
        tx: &mut Tx,
        t: &TournamentRow,
        entrants: &[EntrantRow],
        past: &Past,
    ) -> Result<bool, ServiceError> {
        if !stored::finish(tx, t.id, self.now()).await? {
            return Ok(false);
        }
        let (_, lines) = standing_lines(entrants, past, bye_points(table_bounds(kind_of_tournament(t)?).1));
        let best = lines.first().map(|l| rounded(l.points));
        let winners: Vec<String> =
            lines.iter().take_while(|l| Some(rounded(l.points)) == best).map(|l| l.name.clone()).collect();
        let (count, winners) = (winners.len(), List::and(winners));
        let over = text!("tournament-finished", name = &t.name, winners = winners, count = count);
        let standings = standings_table(&lines, t.lang);
        let text = text!("play-lines", lines = List::Lines(vec![over.into(), standings.into()]));
        let herald = self.tell_tournament(tx, t, text).await?;
        self.announce_again(tx, t, herald).await?;
        // Out of the channel's list of active threads, as a finished game's is; a later post reopens it.
        if let Some((herald, thread)) = herald.zip(t.thread_id) {
            self.push(tx, herald, 0, &Effect::Archive { thread }).await?;
        }
        Ok(true)
    }

    /// Says `text` in the tournament's thread. Every line goes through the outbox of the tournament's first game,
    /// whose effects are delivered in order, so the rounds are announced in order however long each round's own
    /// games take to deliver. Returns that game (none before the first round).
    async fn tell_tournament(
        &self,
        tx: &mut Tx,
        t: &TournamentRow,
        text: crate::language::Text,
    ) -> Result<Option<i64>, ServiceError> {
        let Some(herald) = stored::games(tx, t.id).await?.first().map(|g| g.game_id) else { return Ok(None) };
        self.push(tx, herald, 0, &Effect::Tournament { tournament: t.id, text }).await?;
        Ok(Some(herald))
    }

    /// Brings the tournament's announcement up to date (through the outbox of `herald`, its first game), if it has
    /// one.
    async fn announce_again(&self, tx: &mut Tx, t: &TournamentRow, herald: Option<i64>) -> Result<(), ServiceError> {
        if let Some(herald) = herald.filter(|_| t.message_id.is_some()) {
            self.push(tx, herald, 0, &Effect::Announce { tournament: t.id }).await?;
        }
        Ok(())
    }

    /// Records the thread a tournament's game was given (its first effect opened it) and the message it opened from.
    pub async fn game_thread_opened(&self, game_id: i64, thread: i64, message: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        store::games::set_thread(&mut tx, game_id, thread, message, self.now()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records what each entrant scored in a tournament's game that ends in `tx` (nothing for another game): by
    /// their `places` (0 the best), as [`points_by_place`] counts them. A seat counts for the entrant who first held
    /// it, and only if they hold it at the end: one handed to a computer or a substitute scores last for them, as if
    /// they had resigned (points are for games played).
    pub(super) async fn tournament_result(
        &self,
        tx: &mut Tx,
        game_id: i64,
        seats: &[SeatRow],
        places: &[u8],
    ) -> Result<(), ServiceError> {
        if stored::of_game(tx, game_id).await?.is_none() {
            return Ok(());
        }
        let handovers = store::handovers::of_game(tx, game_id).await?;
        let entrant = |s: &SeatRow| handovers.iter().find(|h| h.seat == s.seat).map_or(s.user_id, |h| h.from_user);
        let places: Vec<u8> =
            seats.iter().zip(places).map(|(s, &place)| if entrant(s) == s.user_id { place } else { u8::MAX }).collect();
        let results: Vec<(i64, f64)> = seats.iter().map(entrant).zip(points_by_place(&places)).collect();
        let json = serde_json::to_string(&results).expect("numbers serialize");
        stored::record_results(tx, game_id, &json).await?;
        Ok(())
    }
}

/// An entrant's number.
fn entrant(e: &EntrantRow) -> Entrant {
    e.entrant as Entrant
}

/// Whether every game of the tournament's current round has ended.
async fn round_over(tx: &mut Tx, t: &TournamentRow) -> Result<bool, ServiceError> {
    Ok(stored::games(tx, t.id).await?.iter().all(|g| g.round != t.round || g.status != "active"))
}

/// The tournament's games over and byes, by entrant.
pub(super) async fn past(tx: &mut Tx, t: &TournamentRow, entrants: &[EntrantRow]) -> Result<Past, ServiceError> {
    let by_user: HashMap<i64, Entrant> = entrants.iter().map(|e| (e.user_id, entrant(e))).collect();
    let mut past = Past::default();
    for game in stored::games(tx, t.id).await? {
        let Some(results) = results_of(&game)? else { continue };
        let players = results.into_iter().filter_map(|(user, points)| Some((*by_user.get(&user)?, points))).collect();
        past.games.push(Played { players });
    }
    past.byes = stored::byes(tx, t.id).await?.into_iter().map(|(_, e)| e as Entrant).collect();
    Ok(past)
}

/// What each entrant (by user id) scored in a tournament's game, once it has ended.
pub(super) fn results_of(game: &TournamentGameRow) -> Result<Option<Vec<(i64, f64)>>, StoreError> {
    let Some(results) = &game.results else { return Ok(None) };
    serde_json::from_str(results)
        .map(Some)
        .map_err(|e| StoreError::Corrupt(format!("tournament game #{}'s results: {e}", game.game_id)))
}

/// Each entrant's rating in the tournament's game on its server (the starting rating if they have none), by entrant.
async fn ratings(tx: &mut Tx, t: &TournamentRow, entrants: &[EntrantRow]) -> Result<Vec<f64>, ServiceError> {
    let rated = |e: &EntrantRow| match e.computer.as_deref().map(str::parse::<Level>) {
        Some(Ok(level)) => Rated::Computer(level),
        _ => Rated::Person(e.user_id),
    };
    let keys: Vec<String> = entrants.iter().map(|e| rated(e).key()).collect();
    let known = store::ratings::of_players(tx, t.guild_id, &t.kind, &keys).await?;
    let shown =
        |key: &String| known.iter().find(|r| &r.player == key).map_or(crate::ratings::START, |r| r.shown as f64);
    Ok(keys.iter().map(shown).collect())
}
