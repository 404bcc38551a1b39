//! `check-analysis`: how far the analysis can be trusted, measured over games of computers of one level (so that
//! both sides of every chance are in the data). Each game is analysed twice, with two seeds:
//! - **repeatable**: in how many seats both runs name the same costliest move (or both none), how far apart the two
//!   chance-to-win curves are at the median move, and how far apart a move's cost is (the noise the "costly"
//!   threshold must stand above);
//! - **calibrated**: of the moves judged at a chance in each tenth (0–10%, …), the share whose mover won.
//!
//! With `fit`, the judge's own shares are measured (no calibration) and the knots of a calibration printed.

use super::judge_game;
use crate::ai::{Level, Player};
use crate::offline;
use crate::rules::{Seat, SeatSet};
use crate::service::analysis::{costliest, JudgedMove, Judging};
use crate::service::any::{Kind, Recorded};
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
    /// For each move of the first run: the mover's chance before it, and their share of the win in the end.
    pub outcomes: Vec<(f64, f64)>,
    /// How long each game's analysis took, in seconds; sorted.
    pub seconds: Vec<f64>,
}

/// The moves judged at a chance within one tenth.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tenth {
    pub moves: usize,
    /// The mean chance judged, and the share of those moves' movers who won.
    pub judged: f64,
    pub won: f64,
}

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
        let second = judge_game(&recorded, judging(self.seeds[1]))?;
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
        self.outcomes.extend(a.iter().map(|m| (m.before, share(m.seat))));
        self.seconds.push(game.seconds);
    }

    /// The value below which a share `q` (0–1) of `sorted` lies.
    pub fn quantile(sorted: &[f64], q: f64) -> f64 {
        match sorted.len() {
            0 => 0.0,
            n => sorted[((n - 1) as f64 * q).round() as usize],
        }
    }

    /// The moves by the tenth their chance lies in (1 in the last).
    pub fn tenths(&self) -> [Tenth; 10] {
        let mut tenths = [Tenth::default(); 10];
        for &(judged, won) in &self.outcomes {
            let t = &mut tenths[((judged * 10.0) as usize).min(9)];
            t.moves += 1;
            t.judged += judged;
            t.won += won;
        }
        for t in tenths.iter_mut().filter(|t| t.moves > 0) {
            t.judged /= t.moves as f64;
            t.won /= t.moves as f64;
        }
        tenths
    }

    /// A calibration's knots from these moves: each tenth's mean chance judged and share won, adjacent tenths
    /// pooled where the share won would fall as the chance rises (pool-adjacent-violators), so the map is monotone.
    pub fn fit(&self) -> Vec<(f64, f64)> {
        let mut blocks: Vec<Tenth> = Vec::new();
        for tenth in self.tenths().into_iter().filter(|t| t.moves > 0) {
            blocks.push(tenth);
            while blocks.len() >= 2 && blocks[blocks.len() - 2].won >= blocks[blocks.len() - 1].won {
                let (last, before) = (blocks.pop().expect("two"), blocks.pop().expect("two"));
                let moves = last.moves + before.moves;
                let mean = |x: f64, y: f64| (x * last.moves as f64 + y * before.moves as f64) / moves as f64;
                blocks.push(Tenth { moves, judged: mean(last.judged, before.judged), won: mean(last.won, before.won) });
            }
        }
        blocks.into_iter().map(|t| (t.judged, t.won)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(outcomes: &[(f64, f64)]) -> Checked {
        Checked { outcomes: outcomes.to_vec(), ..Checked::default() }
    }

    #[test]
    fn tenths_count_each_move_where_its_chance_lies() {
        let tenths = checked(&[(0.05, 0.0), (0.07, 1.0), (0.95, 1.0), (1.0, 0.5)]).tenths();
        let near = |t: Tenth, moves, judged: f64, won: f64| {
            t.moves == moves && (t.judged - judged).abs() < 1e-12 && (t.won - won).abs() < 1e-12
        };
        assert!(near(tenths[0], 2, 0.06, 0.5), "{tenths:?}");
        assert!(near(tenths[9], 2, 0.975, 0.75), "{tenths:?}");
        assert_eq!(tenths[1..9].iter().map(|t| t.moves).sum::<usize>(), 0);
    }

    #[test]
    fn a_fit_pools_tenths_whose_wins_fall_as_the_chance_rises() {
        // Tenths 1 and 2 (won 0.4, then 0.2) are pooled: 3 moves at 0.1 won 0.4, 1 at 0.2 won 0.2.
        let moves = [(0.05, 0.0), (0.1, 1.0), (0.1, 0.0), (0.1, 0.2), (0.25, 0.2), (0.9, 1.0)];
        let fit = checked(&moves).fit();
        assert_eq!(fit.len(), 3, "{fit:?}");
        assert_eq!(fit[0], (0.05, 0.0));
        assert!((fit[1].0 - 0.1375).abs() < 1e-12 && (fit[1].1 - 0.35).abs() < 1e-12, "{fit:?}");
        assert_eq!(fit[2], (0.9, 1.0));
    }

    #[test]
    fn quantiles_read_the_sorted_values() {
        let sorted = [0.0, 0.1, 0.2, 0.3, 0.4];
        assert_eq!(Checked::quantile(&sorted, 0.5), 0.2);
        assert_eq!(Checked::quantile(&sorted, 0.95), 0.4);
        assert_eq!(Checked::quantile(&[], 0.5), 0.0);
    }
}
