//! Analyses of finished games (issue 29): when a game ends, its analysis is queued in the same transaction; a
//! background runner ([`run_analyses`]) claims it, replays the game and judges every move that had a choice on the
//! thinking cores at the lowest priority (`analyst`; [`judge_move`]: the game's judge, seeing everything, since the
//! game is over; the same code as `analyse`'s), then stores the judged moves, posts one line in the game's thread
//! and archives it again, all in one transaction and only while its claim holds. Nothing is analysed before a game
//! ends, and a restart neither loses an analysis (the claim is released, or its lease runs out) nor repeats one
//! (only the claim's holder may mark it done).

use super::Judging;
use crate::language::Text;
use crate::rules::Seat;
use crate::service::game::any::{AnyAction, AnyGame};
use crate::service::outbox::wake::{keep_working, Work};
use crate::service::puzzle::found::{puzzle_at, Found};
use crate::service::{logged, misplayed, Effect, Service, ServiceError, Wake};
use crate::store::analyses::{AnalysedMove, Analysis, AnalysisClaim};
use crate::store::puzzles::PuzzleRow;
use crate::store::{self, GameRow, MoveRow, SeatRow, Status, StoreError};
use crate::text;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The moves of a player's the `analysis` command shows (and the page marks): the costliest.
pub const COSTLIEST_SHOWN: usize = 3;
/// What a move must cost its mover (a share of the win, 0–1) to be counted costly: ten points, what two runs of the
/// analysis with different seeds disagreed by on a move's cost at most 19 times in 20 while Dragon Delta's judge
/// still drew at random. No judge draws now and two runs agree exactly (`check-analysis`); a cost under ten points
/// of chance stays a nuance rather than a mistake to show (README).
pub const COSTLY_FROM: f64 = 0.10;
/// How long an analysis judges before it extends its claim's lease again: a quarter of the lease, so that a move
/// judged slowly on a busy machine still finds it held.
const RENEW_AFTER: Duration = Duration::from_millis(store::LEASE_MS as u64 / 4);
/// Tries of a game's analysis before it is given up (a game that does not replay fails on every try).
pub const ANALYSIS_TRIES: i64 = 3;

/// `moves[step]`, the `step`th move (from 0) of a finished game whose moves are `moves`, judged in `game` as it stood
/// before it, as `judging` says, with the best move; `None` when its seat had no choice. CPU work: off the async
/// runtime.
pub fn judge_move(
    game: &AnyGame,
    step: usize,
    moves: &[(Seat, AnyAction)],
    names: &[String],
    judging: Judging,
) -> Option<(JudgedMove, AnyAction)> {
    let judgement = game.judge(moves, names, step, judging)?;
    let judged = JudgedMove {
        step: step as i64 + 1,
        seat: moves[step].0,
        before: judgement.before,
        after: judgement.after,
        best: judgement.best,
        best_line: judgement.best_line,
    };
    Some((judged, judgement.best_action))
}

/// A game's moves judged, and the puzzles they make, to be stored together.
#[derive(Debug, Default)]
struct Judged {
    moves: Vec<AnalysedMove>,
    puzzles: Vec<PuzzleRow>,
}

impl Judged {
    /// Adds the judgement of move `m` of game `game_id`, and the puzzle it makes (a move the rules played by
    /// themselves makes none: nobody chose it).
    fn add(&mut self, game_id: i64, m: &MoveRow, judgement: &JudgedMove, puzzle: Option<Found>) {
        self.moves.push(AnalysedMove {
            // Its number among the moves that stand (its log entry's, unless an undo came before).
            seq: judgement.step,
            seat: m.seat,
            share_before: judgement.before,
            share_after: judgement.after,
            share_best: judgement.best,
            best_line: serde_json::to_string(&judgement.best_line).expect("texts serialize"),
        });
        if let (Some(found), Some(user_id)) = (puzzle, m.user_id) {
            let (seq, seat, choices, played) = (judgement.step, m.seat, found.choices_json(), found.played as i64);
            self.puzzles.push(PuzzleRow { game_id, seq, seat, user_id, choices, played });
        }
    }
}

/// A judged move as players read it.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedMove {
    /// The move's number in the game (1 for the first move), among the moves that stand.
    pub step: i64,
    pub seat: Seat,
    /// The mover's share of the win (0–1) before the move, after it, and after the best move.
    pub before: f64,
    pub after: f64,
    pub best: f64,
    /// The best move, in words.
    pub best_line: Text,
}

impl JudgedMove {
    /// What the move cost its mover against the best one (never below nothing).
    pub fn cost(&self) -> f64 {
        (self.best - self.after).max(0.0)
    }

    pub(in crate::service) fn from_row(row: AnalysedMove) -> Result<JudgedMove, StoreError> {
        let corrupt = |e: &dyn std::fmt::Display| StoreError::Corrupt(format!("an analysed move: {e}"));
        Ok(JudgedMove {
            step: row.seq,
            seat: Seat::try_from(row.seat).map_err(|e| corrupt(&e))?,
            before: row.share_before,
            after: row.share_after,
            best: row.share_best,
            best_line: serde_json::from_str(&row.best_line).map_err(|e| corrupt(&e))?,
        })
    }
}

/// Where a game's analysis stands, as the service tells it.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysed {
    /// None: the game is not over, or none will come (it was abandoned, ended before analyses existed, or could not
    /// be analysed).
    None,
    /// Queued or under way.
    Waiting,
    /// Every move that had a choice, in order.
    Done(Vec<JudgedMove>),
}

/// A game's analysis as one of its players reads it (`/… analysis`).
#[derive(Debug, Clone, PartialEq)]
pub enum PlayersAnalysis {
    /// The game goes on: it is analysed once it ends.
    NotOver,
    /// None will come (abandoned, ended before analyses existed, or could not be analysed).
    Unavailable,
    Waiting,
    /// The one asking did not play in the game.
    NotPlayer,
    /// Their costliest moves ([`costliest`]); none: nothing of theirs was costly.
    Costliest(Vec<JudgedMove>),
}

/// A share of the win (0–1) as a whole percentage, as players read it.
pub fn percent(share: f64) -> i64 {
    (share * 100.0).round() as i64
}

/// `seat`'s costliest moves among `moves` that cost at least [`COSTLY_FROM`], at most [`COSTLIEST_SHOWN`], costliest
/// first (earlier first among equals).
pub fn costliest(moves: &[JudgedMove], seat: Seat) -> Vec<&JudgedMove> {
    let mut own: Vec<&JudgedMove> = moves.iter().filter(|m| m.seat == seat && m.cost() >= COSTLY_FROM).collect();
    own.sort_by(|a, b| b.cost().total_cmp(&a.cost()).then(a.step.cmp(&b.step)));
    own.truncate(COSTLIEST_SHOWN);
    own
}

/// Analyses the finished games waiting whenever woken (a game's end is a change) and every `idle` besides, until the
/// process ends ([`keep_working`]).
pub async fn run_analyses(service: Arc<Service>, wake: Arc<Wake>, idle: Duration) {
    let analyse = move || {
        let service = service.clone();
        async move { service.analyse_finished().await }
    };
    keep_working("analyses", wake, Work::Analyses, idle, analyse).await;
}

impl Service {
    /// Analyses every finished game waiting, one after another. Returns how many it stored.
    pub async fn analyse_finished(&self) -> Result<usize, ServiceError> {
        // Woken by every change: most find nothing waiting, and a look needs no write lock.
        if !store::analyses::any_to_do(&mut self.store.read().await?).await? {
            return Ok(0);
        }
        let mut done = 0;
        loop {
            let claim = {
                let mut tx = self.store.write().await?;
                let claim = store::analyses::claim_next(&mut tx, self.store.instance()).await?;
                tx.commit().await?;
                claim
            };
            let Some(claim) = claim else { return Ok(done) };
            match self.analyse(claim).await {
                Ok(stored) => done += usize::from(stored),
                // Its claim runs out and it is tried again, up to a point: a game that does not replay never will.
                Err(e) => {
                    tracing::error!(game = claim.game_id, tries = claim.token, error = %e, "cannot analyse a game");
                    if claim.token >= ANALYSIS_TRIES {
                        let mut tx = self.store.write().await?;
                        store::analyses::give_up(&mut tx, claim, self.store.instance(), self.now()).await?;
                        tx.commit().await?;
                    }
                }
            }
        }
    }

    /// Judges the moves of `claim`'s game and stores them, if the claim still holds. Returns whether it stored.
    async fn analyse(&self, claim: AnalysisClaim) -> Result<bool, ServiceError> {
        let (row, seats, moves) = {
            let mut tx = self.store.read().await?;
            let row = Service::row(&mut tx, claim.game_id).await?;
            let seats = store::seats::of_game(&mut tx, row.id).await?;
            let moves = store::moves::of_game(&mut tx, row.id, row.version).await?;
            (row, seats, moves)
        };
        let Some(judged) = self.judge_all(claim, &row, &seats, &moves).await? else { return Ok(false) };
        let mut tx = self.store.write().await?;
        if !store::analyses::finish(&mut tx, claim, self.store.instance(), self.now(), &judged.moves).await? {
            // Claimed since by another process (this one's lease ran out): it stores its own.
            return Ok(false);
        }
        for puzzle in &judged.puzzles {
            store::puzzles::add(&mut tx, puzzle).await?;
        }
        let line = match self.page_url(&row) {
            Some(url) => text!("analysis-ready-page", game = row.id, url = format!("<{url}>")),
            None => text!("analysis-ready", game = row.id),
        };
        self.push(&mut tx, row.id, row.version, &Effect::text(line)).await?;
        // The post reopened the thread: it was archived when the game ended, and is again.
        if let Some(thread) = row.thread_id {
            self.push(&mut tx, row.id, row.version, &Effect::Archive { thread }).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Every move of `row`'s game that had a choice, judged on the game as it stood before it: each on the thinking
    /// cores by itself, so that computers due meanwhile wait for one move's judging at most, not a whole game's; the
    /// claim's lease extended after a move once [`RENEW_AFTER`] has passed since it last was (a write a move would
    /// queue behind every move played meanwhile). `None` when the claim was lost meanwhile (another process took it
    /// over).
    async fn judge_all(
        &self,
        claim: AnalysisClaim,
        row: &GameRow,
        seats: &[SeatRow],
        moves: &[MoveRow],
    ) -> Result<Option<Judged>, ServiceError> {
        let mut game = Service::set_up(row, seats)?;
        let names: Arc<Vec<String>> = Arc::new(seats.iter().map(|s| s.name.clone()).collect());
        let played: Arc<Vec<(Seat, AnyAction)>> =
            Arc::new(moves.iter().map(|m| logged(row, game.kind(), m)).collect::<Result<_, _>>()?);
        let (mut judged, mut renewed) = (Judged::default(), Instant::now());
        for (k, m) in moves.iter().enumerate() {
            let (before, all, named) = (game.clone(), played.clone(), names.clone());
            let judge = move || {
                let (judgement, _) = judge_move(&before, k, &all, &named, Judging::BOT)?;
                let puzzle = puzzle_at(&before, k, &all, judgement.cost(), Judging::BOT);
                Some((judgement, puzzle))
            };
            if let Some((judgement, puzzle)) = Service::analysing(judge).await? {
                judged.add(row.id, m, &judgement, puzzle);
                if renewed.elapsed() >= RENEW_AFTER {
                    let mut tx = self.store.write().await?;
                    if !store::lease::extend(&mut tx, &claim, self.store.instance()).await? {
                        return Ok(None);
                    }
                    tx.commit().await?;
                    renewed = Instant::now();
                }
            }
            let (seat, action) = &played[k];
            game.apply(*seat, action, &names).map_err(|e| misplayed(row, m, &e))?;
        }
        Ok(Some(judged))
    }

    /// A game's analysis as `user_id` reads it: their costliest moves once it is done (the game is not loaded).
    pub async fn analysis_for(&self, game_id: i64, user_id: i64) -> Result<PlayersAnalysis, ServiceError> {
        let mut tx = self.store.read().await?;
        let status = Service::row(&mut tx, game_id).await?.status;
        let moves = match Service::analysed(&mut tx, game_id).await? {
            Analysed::None if status == Status::Lobby => return Err(ServiceError::NotStarted(game_id)),
            Analysed::None if status == Status::Active => return Ok(PlayersAnalysis::NotOver),
            Analysed::None => return Ok(PlayersAnalysis::Unavailable),
            Analysed::Waiting => return Ok(PlayersAnalysis::Waiting),
            Analysed::Done(moves) => moves,
        };
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let Some(seat) = seats.iter().find(|s| s.user_id == user_id).map(|s| s.seat as Seat) else {
            return Ok(PlayersAnalysis::NotPlayer);
        };
        Ok(PlayersAnalysis::Costliest(costliest(&moves, seat).into_iter().cloned().collect()))
    }

    /// Where a game's analysis stands, with its judged moves once done.
    pub async fn analysis(&self, game_id: i64) -> Result<Analysed, ServiceError> {
        let mut tx = self.store.read().await?;
        Service::row(&mut tx, game_id).await?;
        Service::analysed(&mut tx, game_id).await
    }

    /// [`Service::analysis`], in the caller's transaction.
    async fn analysed(tx: &mut store::Tx, game_id: i64) -> Result<Analysed, ServiceError> {
        Ok(match store::analyses::of_game(tx, game_id).await? {
            Analysis::None => Analysed::None,
            Analysis::Waiting => Analysed::Waiting,
            Analysis::Done(rows) => {
                Analysed::Done(rows.into_iter().map(JudgedMove::from_row).collect::<Result<_, _>>()?)
            }
        })
    }
}
