//! A tournament's rounds, which play themselves: the next one starts once every game of the last has ended (turn
//! limits and time-outs see that they do), and the tournament finishes after its last. A round is drawn from what
//! a read finds (a Swiss's pairing off the async runtime, outside any transaction), then starts in one transaction
//! that locks the tournament, finds it as read (the same round, stage and entrants), moves its round on by one,
//! starts its games and writes what to say: two processes on one database, or one restarted after a crash, start
//! it once (the one that commits first; the other finds the round moved and changes nothing).

use super::{entrant, format_of, kind_of_tournament, past, table_bounds};
use crate::language::{List, Text};
use crate::pictures::Palette;
use crate::ratings::Rated;
use crate::rules::ai::Level;
use crate::service::seat::fair_play::Credits;
use crate::service::tournament::view::{standing_lines, standings_table};
use crate::service::{Effect, Service, ServiceError};
use crate::store::tournaments::{self as stored, EntrantRow, TournamentRow};
use crate::store::{self, NewGame, SeatRow, Tx};
use crate::text;
use crate::tournament::standings::rounded;
use crate::tournament::{bye_points, points_by_place, round_robin, swiss, Draw, Entrant, Format, Past, Stage};

/// The host of a tournament's games: nobody. Nobody holds a host's powers over a game where points are at stake
/// (abandoning it, handing a seat over); the moderators of its channel do what a host would.
const NO_HOST: i64 = 0;

/// A Swiss's rounds when its host set none: enough for one entrant to win them all and stand alone (log₂ of the
/// entrants, rounded up), at least one.
fn swiss_rounds(entrants: usize) -> i64 {
    i64::from(entrants.max(2).next_power_of_two().trailing_zeros()).max(1)
}

/// What a tournament's next round is drawn from, as one read found it.
pub(in crate::service) struct Reading {
    t: TournamentRow,
    entrants: Vec<EntrantRow>,
    past: Past,
    /// Each entrant's rating, for a Swiss's draw (none for a round robin's, or when it finishes instead).
    ratings: Vec<f64>,
    /// Its rounds in all.
    rounds: i64,
}

impl Reading {
    /// Reads what the next round of `t` (as read in `tx`) is drawn from.
    pub(in crate::service) async fn read(tx: &mut Tx, t: TournamentRow) -> Result<Reading, ServiceError> {
        let entrants = stored::entrants(tx, t.id).await?;
        let past = past(tx, &t, &entrants).await?;
        let (bounds, format) = (table_bounds(kind_of_tournament(&t)?), format_of(&t)?);
        let rounds = t.rounds.unwrap_or_else(|| match format {
            Format::RoundRobin => round_robin::rounds(entrants.len(), bounds) as i64,
            Format::Swiss => swiss_rounds(entrants.len()),
        });
        let mut reading = Reading { t, entrants, past, ratings: Vec::new(), rounds };
        if format == Format::Swiss && !reading.finishes()? {
            reading.ratings = ratings(tx, &reading.t, &reading.entrants).await?;
        }
        Ok(reading)
    }

    /// Whether the tournament finishes rather than starting a round: after its last, or once too few play on.
    fn finishes(&self) -> Result<bool, ServiceError> {
        let min = table_bounds(kind_of_tournament(&self.t)?).0;
        Ok(self.t.round >= self.rounds || self.active().len() < min)
    }

    /// The entrants still playing.
    fn active(&self) -> Vec<Entrant> {
        self.entrants.iter().filter(|e| e.withdrawn_after.is_none()).map(entrant).collect()
    }

    /// The next round's draw: a Swiss's may search long (its pairing tries up to [`swiss`]'s steps), so it is made
    /// off the async runtime.
    fn draw(&self) -> Result<Draw, ServiceError> {
        let bounds = table_bounds(kind_of_tournament(&self.t)?);
        Ok(match format_of(&self.t)? {
            Format::Swiss => swiss::pair(&self.active(), &self.ratings, &self.past, bounds, bye_points(bounds.1)),
            Format::RoundRobin => {
                round_robin::draw(self.t.round as usize, self.entrants.len(), &self.active(), &self.past, bounds)
            }
        })
    }

    /// Whether the tournament is still as read: the same round and stage, the same entrants (none entered, left
    /// or withdrawn since).
    fn still(&self, t: &TournamentRow, entrants: &[EntrantRow]) -> bool {
        (t.round, t.stage) == (self.t.round, self.t.stage) && entrants == self.entrants
    }
}

impl Service {
    /// Starts the tournaments' rounds that are due (and the tournaments due to start by themselves) and finishes
    /// those whose last round is over, each in its own transaction. Returns how many moved on.
    pub(in crate::service) async fn advance_tournaments(&self) -> Result<usize, ServiceError> {
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
        let reading = {
            let mut tx = self.store.read().await?;
            let t = Service::tournament_row(&mut tx, id).await?;
            let due = match t.stage {
                Stage::Open => t.starts_at.is_some_and(|at| at <= self.now()),
                Stage::Running => round_over(&mut tx, &t).await?,
                Stage::Finished => false,
            };
            if !due {
                return Ok(false);
            }
            Reading::read(&mut tx, t).await?
        };
        let have = reading.entrants.len();
        if reading.t.stage == Stage::Open && have < table_bounds(kind_of_tournament(&reading.t)?).0 {
            return self.postpone(&reading).await;
        }
        self.next_round(reading).await
    }

    /// Leaves a tournament due to start by itself with too few entrants to its host's start: it waits for entries.
    async fn postpone(&self, reading: &Reading) -> Result<bool, ServiceError> {
        let mut tx = self.store.write().await?;
        let t = Service::tournament_row(&mut tx, reading.t.id).await?;
        if !reading.still(&t, &stored::entrants(&mut tx, t.id).await?) || t.starts_at.is_none() {
            return Ok(false);
        }
        stored::postpone(&mut tx, t.id).await?;
        tx.commit().await?;
        tracing::info!(
            tournament = t.id,
            have = reading.entrants.len(),
            "a tournament due to start has too few entrants"
        );
        Ok(true)
    }

    /// Starts the tournament's next round, or finishes it after its last (or once too few play on), from what
    /// `reading` found: the draw made off the async runtime and outside any transaction, then the round written in
    /// a transaction of its own that locks the tournament, only if it is still as read. False when it is not (an
    /// entry, a withdrawal, or another process starting the round meanwhile): the caller's next look tries again.
    pub(in crate::service) async fn next_round(&self, reading: Reading) -> Result<bool, ServiceError> {
        let (reading, draw) = match reading.finishes()? {
            true => (reading, None),
            false => {
                let (reading, draw) = Service::thinking(move || {
                    let draw = reading.draw();
                    (reading, draw)
                })
                .await?;
                (reading, Some(draw?))
            }
        };
        let mut tx = self.store.write().await?;
        let t = Service::tournament_row(&mut tx, reading.t.id).await?;
        let entrants = stored::entrants(&mut tx, t.id).await?;
        if !reading.still(&t, &entrants) {
            return Ok(false);
        }
        let moved = match draw {
            Some(draw) => self.start_round(&mut tx, &t, &reading, &draw).await?,
            None => self.finish_tournament(&mut tx, &t, &entrants, &reading.past).await?,
        };
        if moved {
            tx.commit().await?;
        }
        Ok(moved)
    }

    /// Starts the next round of `t` (as locked in `tx`, still as `reading` found it) with `draw`: its games, its
    /// byes, and what to say of it (in the tournament's thread, and on its announcement, brought up to date: it
    /// names the round under way). False when another transaction started it first.
    async fn start_round(
        &self,
        tx: &mut Tx,
        t: &TournamentRow,
        reading: &Reading,
        draw: &Draw,
    ) -> Result<bool, ServiceError> {
        let entrants = &reading.entrants;
        if !stored::start_round(tx, t.id, t.round, reading.rounds).await? {
            return Ok(false);
        }
        let round = t.round + 1;
        for (i, table) in draw.tables.iter().enumerate() {
            let seated: Vec<&EntrantRow> = table.iter().map(|&e| &entrants[e]).collect();
            self.seat_table(tx, t, (round, i + 1), &seated).await?;
        }
        for &e in &draw.byes {
            stored::add_bye(tx, t.id, round, e as i64).await?;
        }
        let text = round_begins(t, reading, draw)?;
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
    ) -> Result<(), ServiceError> {
        let new = NewGame {
            kind: &t.kind,
            guild_id: Some(t.guild_id),
            channel_id: t.channel_id,
            host_id: NO_HOST,
            options: &t.options,
            seed: (self.seeds)(),
            page_token: &crate::service::pages::new_token(),
            lang: t.lang,
            palette: Palette::Standard,
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
        Ok(())
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
    async fn tell_tournament(&self, tx: &mut Tx, t: &TournamentRow, text: Text) -> Result<Option<i64>, ServiceError> {
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
    /// it, and only if they are credited with its result (at least half of its moves were theirs, and they did not
    /// resign it to someone else: [`Credits::person`]); otherwise it scores last for them, below a resignation.
    pub(in crate::service) async fn tournament_result(
        &self,
        tx: &mut Tx,
        game_id: i64,
        seats: &[SeatRow],
        places: &[u8],
    ) -> Result<(), ServiceError> {
        if stored::of_game(tx, game_id).await?.is_none() {
            return Ok(());
        }
        let row = Service::row(tx, game_id).await?;
        let credits = Credits::of(tx, &row).await?;
        let substitutions = store::substitutions::of_game(tx, game_id).await?;
        let entrant = |s: &SeatRow| substitutions.iter().find(|h| h.seat == s.seat).map_or(s.user_id, |h| h.from_user);
        let credited: Vec<u8> = seats
            .iter()
            .zip(places)
            .map(|(seat, &place)| if credits.person(seat, entrant(seat)) { place } else { u8::MAX })
            .collect();
        let results: Vec<(i64, f64)> = seats.iter().map(entrant).zip(points_by_place(&credited)).collect();
        let json = serde_json::to_string(&results).expect("numbers serialize");
        stored::record_results(tx, game_id, &json).await?;
        Ok(())
    }
}

/// What the tournament's thread says as the next round of `t` begins with `draw`: its games and byes, and the
/// standings it starts from (none before the first).
fn round_begins(t: &TournamentRow, reading: &Reading, draw: &Draw) -> Result<Text, ServiceError> {
    let entrants = &reading.entrants;
    let byes = List::and(draw.byes.iter().map(|&e| entrants[e].name.clone()));
    let begins = text!(
        "tournament-round-begins",
        name = &t.name,
        round = t.round + 1,
        rounds = reading.rounds,
        games = draw.tables.len(),
        byes = byes,
        count = draw.byes.len()
    );
    if t.round == 0 {
        return Ok(begins);
    }
    let bye = bye_points(table_bounds(kind_of_tournament(t)?).1);
    let table = standings_table(&standing_lines(entrants, &reading.past, bye).1, t.lang);
    Ok(text!("play-lines", lines = List::Lines(vec![begins.into(), table.into()])))
}

/// Whether every game of the tournament's current round has ended.
async fn round_over(tx: &mut Tx, t: &TournamentRow) -> Result<bool, ServiceError> {
    Ok(stored::games(tx, t.id).await?.iter().all(|g| g.round != t.round || g.status != "active"))
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
