//! `check-analysis`: how far the analysis can be trusted, measured over games of computers of one level (so that
//! both sides of every chance are in the data). Each game is analysed twice, with two seeds:
//! - **repeatable**: in how many seats both runs name the same costliest move (or both none), how far apart the two
//!   chance-to-win curves are at the median move, and how far apart a move's cost is (the noise the "costly"
//!   threshold must stand above);
//! - **calibrated**: of the games whose mover was judged a chance in a tenth (0–10%, …) before a move, the share
//!   the mover won. Each player of a game counts once in each tenth their chance passed through (their moves there
//!   weighed equally): a game gives one outcome per player, however many of their moves it held.
//!
//! With `fit`, each game is analysed once, the judge's own shares are measured (no calibration) and the knots of a
//! calibration printed.

use super::judge_game;
use crate::ai::{Calibration, Level, Player};
use crate::offline;
use crate::rules::{Seat, SeatSet};
use crate::service::analysis::judge::{costliest, JudgedMove};
use crate::service::analysis::Judging;
use crate::service::game::any::Recorded;
use crate::service::game::Kind;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What to measure.
#[derive(Debug, Clone, Copy)]
pub struct Check {
    pub kind: Kind,
    pub players: usize,
    pub games: usize,
    /// The level of every computer playing.
    pub level: Level,
    /// Game `i` is dealt from `seed + i`.
    pub seed: u64,
    /// The two analyses' seeds.
    pub seeds: [u64; 2],
    /// Playouts a move; `None`: the game's own.
    pub playouts: Option<u32>,
    /// Whether to measure the judge's own shares, uncalibrated (to fit a calibration).
    pub raw: bool,
    pub threads: usize,
}

/// One game analysed twice.
struct Twice {
    runs: [Vec<JudgedMove>; 2],
    winners: SeatSet,
    seats: usize,
    /// How long the first analysis took, in seconds.
    seconds: f64,
}

/// What a check measured.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// Games analysed (games called off are left out).
    pub games: usize,
    /// Seats, those where both runs name the same costliest move or both none, and those where a run names one.
    pub seats: usize,
    pub agreeing: usize,
    pub naming: usize,
    /// For each judged move: how far apart the runs put the mover's chance before it, and its cost; sorted.
    pub curve_gaps: Vec<f64>,
    pub cost_gaps: Vec<f64>,
    /// Each move of the first run's.
    pub outcomes: Vec<Outcome>,
    /// How long each game's analysis took, in seconds; sorted.
    pub seconds: Vec<f64>,
}

/// A judged move and how its mover's game ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The mover's chance before it.
    pub judged: f64,
    /// The mover's share of the win in the end.
    pub won: f64,
    /// Who moved: a number of their own per player of each game.
    pub player: usize,
}

/// The games whose movers were judged a chance within one tenth.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tenth {
    pub moves: usize,
    /// Players of a game with a move there: each counts once, their moves there weighed equally.
    pub games: usize,
    /// The mean chance judged, the judge's own share it was read from (the same but while fitting), and the share
    /// those players won.
    pub judged: f64,
    pub share: f64,
    pub won: f64,
}

/// How many times a fit sorts the moves again by the chances its last map reads ([`Checked::fit`]).
const FIT_ROUNDS: usize = 6;

impl Check {
    /// Plays and analyses the games on [`Check::threads`] threads.
    pub fn run(self) -> Result<Checked, String> {
        let next = AtomicUsize::new(0);
        let done = Mutex::new(Vec::new());
        let failed = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..self.threads.max(1) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= self.games || failed.lock().expect("no panics").is_some() {
                        return;
                    }
                    match self.twice(self.seed.wrapping_add(i as u64)) {
                        Ok(twice) => done.lock().expect("no panics").extend(twice),
                        Err(e) => *failed.lock().expect("no panics") = Some(e),
                    }
                });
            }
        });
        if let Some(e) = failed.into_inner().expect("no panics") {
            return Err(e);
        }
        Ok(Checked::of(done.into_inner().expect("no panics")))
    }

    /// The game dealt from `seed`, played and analysed twice; `None` when it was called off.
    fn twice(&self, seed: u64) -> Result<Option<Twice>, String> {
        let players = vec![Player::Computer(self.level); self.players];
        let played = offline::play(self.kind, &players, seed, |_, _| {})?;
        if played.winners.is_empty() {
            return Ok(None);
        }
        let start = self.kind.start(offline::DEFAULT_OPTIONS, seed, self.players).map_err(|e| e.to_string())?;
        let recorded = Recorded { start, names: offline::names(&players), moves: played.moves };
        let judging = |seed| Judging { seed, playouts: self.playouts, calibrated: !self.raw };
        let started = Instant::now();
        let first = judge_game(&recorded, judging(self.seeds[0]))?;
        let seconds = started.elapsed().as_secs_f64();
        let second = match self.raw {
            true => first.clone(),
            false => judge_game(&recorded, judging(self.seeds[1]))?,
        };
        let moves = |run: Vec<_>| run.into_iter().map(|(m, _)| m).collect();
        Ok(Some(Twice { runs: [moves(first), moves(second)], winners: played.winners, seats: self.players, seconds }))
    }
}

impl Checked {
    fn of(games: Vec<Twice>) -> Checked {
        let mut checked = Checked { games: games.len(), ..Checked::default() };
        for game in &games {
            checked.add(game);
        }
        checked.curve_gaps.sort_by(f64::total_cmp);
        checked.cost_gaps.sort_by(f64::total_cmp);
        checked.seconds.sort_by(f64::total_cmp);
        checked
    }

    fn add(&mut self, game: &Twice) {
        let [a, b] = &game.runs;
        let first_player = self.seats;
        for seat in 0..game.seats as Seat {
            let named = |run: &[JudgedMove]| costliest(run, seat).first().map(|m| m.step);
            let (first, second) = (named(a), named(b));
            self.seats += 1;
            self.agreeing += usize::from(first == second);
            self.naming += usize::from(first.is_some() || second.is_some());
        }
        for (x, y) in a.iter().zip(b) {
            self.curve_gaps.push((x.before - y.before).abs());
            self.cost_gaps.push((x.cost() - y.cost()).abs());
        }
        let share = |seat| match game.winners.contains(seat) {
            true => 1.0 / game.winners.len() as f64,
            false => 0.0,
        };
        let outcome = |m: &JudgedMove| Outcome {
            judged: m.before,
            won: share(m.seat),
            player: first_player + usize::from(m.seat),
        };
        self.outcomes.extend(a.iter().map(outcome));
        self.seconds.push(game.seconds);
    }

    /// The value below which a share `q` (0–1) of `sorted` lies.
    pub fn quantile(sorted: &[f64], q: f64) -> f64 {
        match sorted.len() {
            0 => 0.0,
            n => sorted[((n - 1) as f64 * q).round() as usize],
        }
    }

    /// The players' games by the tenths their chances lay in (1 in the last).
    pub fn tenths(&self) -> [Tenth; 10] {
        self.tenths_through(&[])
    }

    /// The players' games by the tenths of the chances `knots` read from their shares ([`Calibration::through`]).
    pub fn tenths_through(&self, knots: &[(f64, f64)]) -> [Tenth; 10] {
        let chance = |o: &Outcome| Calibration::through(knots, o.judged);
        let tenth = |o: &Outcome| ((chance(o) * 10.0) as usize).min(9);
        let mut moves: HashMap<(usize, usize), usize> = HashMap::new();
        for o in &self.outcomes {
            *moves.entry((o.player, tenth(o))).or_default() += 1;
        }
        let mut tenths = [Tenth::default(); 10];
        for o in &self.outcomes {
            let (at, weight) = (tenth(o), 1.0 / moves[&(o.player, tenth(o))] as f64);
            let t = &mut tenths[at];
            t.moves += 1;
            t.judged += weight * chance(o);
            t.share += weight * o.judged;
            t.won += weight * o.won;
        }
        for ((_, at), _) in moves {
            tenths[at].games += 1;
        }
        for t in tenths.iter_mut().filter(|t| t.games > 0) {
            t.judged /= t.games as f64;
            t.share /= t.games as f64;
            t.won /= t.games as f64;
        }
        tenths
    }

    /// A calibration's knots from these games (their outcomes the judge's own shares): each tenth's mean share and
    /// the share its players won, adjacent tenths pooled where the share won would fall as the chance rises. A
    /// player counts once in each tenth of the chances the map reads, not of the shares, so the moves are sorted
    /// again by the map fitted and the map fitted again, [`FIT_ROUNDS`] times. A map runs to 0 below its knots unless
    /// the players its first tenth reads won more than it reads: then it is flat there at what they won, knots below
    /// that dropped, as where a share of nothing is no lost game (a Dragon Delta way closed now may open later). Its
    /// top runs to 1: a share of everything is the judge seeing the game won, and the winner's last choices read so.
    pub fn fit(&self) -> Vec<(f64, f64)> {
        let mut knots = Vec::new();
        for _ in 0..FIT_ROUNDS {
            knots = monotone(self.tenths_through(&knots));
        }
        let read = self.tenths_through(&knots);
        if let Some(first) = read.iter().find(|t| t.games > 0).filter(|t| t.won > t.judged) {
            knots.retain(|&(_, won)| won >= first.won);
            knots.insert(0, (0.0, first.won));
        }
        knots
    }
}

/// Each tenth's `(share, won)`, adjacent tenths pooled (weighed by their games) where the share won would fall as
/// the share rises (pool-adjacent-violators), so the map is monotone.
fn monotone(tenths: [Tenth; 10]) -> Vec<(f64, f64)> {
    let mut blocks: Vec<Tenth> = Vec::new();
    for tenth in tenths.into_iter().filter(|t| t.games > 0) {
        blocks.push(tenth);
        while blocks.len() >= 2 && blocks[blocks.len() - 2].won >= blocks[blocks.len() - 1].won {
            let (last, before) = (blocks.pop().expect("two"), blocks.pop().expect("two"));
            let games = last.games + before.games;
            let mean = |x: f64, y: f64| (x * last.games as f64 + y * before.games as f64) / games as f64;
            let (share, won) = (mean(last.share, before.share), mean(last.won, before.won));
            blocks.push(Tenth { moves: last.moves + before.moves, games, judged: share, share, won });
        }
    }
    blocks.into_iter().map(|t| (t.share, t.won)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves as (chance judged, share won, player).
    fn checked(moves: &[(f64, f64, usize)]) -> Checked {
        let outcome = |&(judged, won, player)| Outcome { judged, won, player };
        Checked { outcomes: moves.iter().map(outcome).collect(), ..Checked::default() }
    }

    #[test]
    fn tenths_count_each_player_once_where_their_chances_lay() {
        // Player 0 moved twice in the first tenth and lost; player 1 once, and won: one game each, half won.
        let moves = [(0.05, 0.0, 0), (0.07, 0.0, 0), (0.02, 1.0, 1), (0.35, 0.0, 0), (0.95, 1.0, 2), (1.0, 0.5, 3)];
        let tenths = checked(&moves).tenths();
        let near = |t: Tenth, moves, games, judged: f64, won: f64| {
            t.moves == moves && t.games == games && (t.judged - judged).abs() < 1e-12 && (t.won - won).abs() < 1e-12
        };
        assert!(near(tenths[0], 3, 2, 0.04, 0.5), "{tenths:?}");
        assert!(near(tenths[3], 1, 1, 0.35, 0.0), "{tenths:?}");
        assert!(near(tenths[9], 2, 2, 0.975, 0.75), "{tenths:?}");
        let elsewhere = [1, 2, 4, 5, 6, 7, 8].map(|i| tenths[i].moves + tenths[i].games);
        assert_eq!(elsewhere, [0; 7]);
    }

    #[test]
    fn a_fit_pools_tenths_whose_wins_fall_as_the_chance_rises() {
        // Tenths 1 and 2 (won 0.4, then 0.2) are pooled by their games: 3 judged 0.1 won 0.4, 1 judged 0.265 (its
        // two moves' mean) won 0.2.
        let moves = [
            (0.05, 0.0, 0),
            (0.1, 1.0, 1),
            (0.1, 0.0, 2),
            (0.1, 0.2, 3),
            (0.25, 0.2, 4),
            (0.28, 0.2, 4),
            (0.9, 1.0, 5),
        ];
        let fit = checked(&moves).fit();
        assert_eq!(fit.len(), 3, "{fit:?}");
        assert_eq!(fit[0], (0.05, 0.0));
        assert!((fit[1].0 - 0.14125).abs() < 1e-12 && (fit[1].1 - 0.35).abs() < 1e-12, "{fit:?}");
        assert_eq!(fit[2], (0.9, 1.0));
    }

    #[test]
    fn a_fit_reads_what_the_players_won_up_to_the_decided_ends() {
        // Ten players judged at 30 % all lost, ten at 70 % all won, ten at 50 % won half.
        let mut moves = Vec::new();
        for p in 0..10 {
            moves.extend([(0.3, 0.0, p), (0.7, 1.0, 10 + p), (0.5, f64::from(p as u8 % 2), 20 + p)]);
        }
        let checked = checked(&moves);
        let round = |x: f64| (x * 1e9).round() / 1e9;
        let knots: Vec<(f64, f64)> = checked.fit().into_iter().map(|(x, y)| (round(x), round(y))).collect();
        assert_eq!(knots, [(0.3, 0.0), (0.5, 0.5), (0.7, 1.0)]);
        assert_eq!([0.2, 0.3, 0.6, 0.7, 0.8].map(|x| Calibration::through(&knots, x)), [0.0, 0.0, 0.75, 1.0, 1.0]);
        let read: Vec<(usize, f64, f64)> = (checked.tenths_through(&knots).into_iter().enumerate())
            .filter(|(_, t)| t.games > 0)
            .map(|(i, t)| (i, round(t.judged), round(t.won)))
            .collect();
        assert_eq!(read, [(0, 0.0, 0.0), (5, 0.5, 0.5), (9, 1.0, 1.0)]);
    }

    #[test]
    fn a_fit_is_flat_below_where_players_given_nothing_won_more_than_nothing() {
        // Of ten players judged at nothing or 2 %, two won; of ten at 98 % or all, eight: only the low end is flat.
        let mut moves = Vec::new();
        for p in 0..10 {
            let (low, high, upset) = (if p < 5 { 0.0 } else { 0.02 }, if p < 5 { 1.0 } else { 0.98 }, p % 5 == 0);
            moves.extend([(low, f64::from(u8::from(upset)), p), (high, f64::from(u8::from(!upset)), 10 + p)]);
        }
        let round = |x: f64| (x * 1e9).round() / 1e9;
        let knots: Vec<(f64, f64)> = checked(&moves).fit().into_iter().map(|(x, y)| (round(x), round(y))).collect();
        assert_eq!(knots, [(0.0, 0.2), (0.01, 0.2), (0.99, 0.8)]);
        assert_eq!([0.0, 0.005, 0.995, 1.0].map(|x| Calibration::through(&knots, x)), [0.2, 0.2, 0.9, 1.0]);
    }

    #[test]
    fn quantiles_read_the_sorted_values() {
        let sorted = [0.0, 0.1, 0.2, 0.3, 0.4];
        assert_eq!(Checked::quantile(&sorted, 0.5), 0.2);
        assert_eq!(Checked::quantile(&sorted, 0.95), 0.4);
        assert_eq!(Checked::quantile(&[], 0.5), 0.0);
    }
}
