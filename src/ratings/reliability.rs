//! A player's reliability and speed on a server, read from their own turns in the move log: the share of their
//! turns they played before the turn ran out (over their last [`RECENT_TURNS`], and over all), and the median time
//! they took to move. A lobby or a tournament may ask for a minimum share: it is read on the recent turns (what a
//! player does now), and a player with fewer than [`MIN_TURNS`] turns is let in (nobody is refused for being new).

/// The turns a player's recent share is read on.
pub const RECENT_TURNS: i64 = 50;
/// Turns a player must have played before a minimum applies to them.
pub const MIN_TURNS: i64 = 10;
/// The minimum a lobby or a tournament may ask, in percent.
pub const MAX_MIN_RELIABILITY: u32 = 100;

/// One of a player's turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedTurn {
    /// The clock played it for them.
    pub ran_out: bool,
    /// How long they had been due when it was played.
    pub waited_ms: i64,
}

/// A player's figures on a server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reliability {
    /// Their turns ever, and those that ran out.
    pub turns: i64,
    pub ran_out: i64,
    /// Their last [`RECENT_TURNS`] turns (fewer if they have played fewer), and those that ran out.
    pub recent: i64,
    pub recent_ran_out: i64,
    /// The median time they took over their recent turns played in time (`None`: none yet).
    pub median_ms: Option<i64>,
}

impl Reliability {
    /// The figures from all-time counts and the recent turns, newest first.
    pub fn of(turns: i64, ran_out: i64, recent: &[PlayedTurn]) -> Reliability {
        let recent = &recent[..recent.len().min(RECENT_TURNS as usize)];
        let mut waits: Vec<i64> = recent.iter().filter(|t| !t.ran_out).map(|t| t.waited_ms).collect();
        waits.sort_unstable();
        let median_ms = match waits.len() {
            0 => None,
            n if n % 2 == 1 => Some(waits[n / 2]),
            n => Some((waits[n / 2 - 1] + waits[n / 2]) / 2),
        };
        let recent_ran_out = recent.iter().filter(|t| t.ran_out).count() as i64;
        Reliability { turns, ran_out, recent: recent.len() as i64, recent_ran_out, median_ms }
    }

    /// The share of recent turns played in time, in whole percent (`None`: no turn yet).
    pub fn recent_percent(&self) -> Option<u32> {
        percent(self.recent - self.recent_ran_out, self.recent)
    }

    /// The share of all turns played in time, in whole percent.
    pub fn all_time_percent(&self) -> Option<u32> {
        percent(self.turns - self.ran_out, self.turns)
    }

    /// Whether a lobby or tournament asking `minimum` percent lets this player in: new players always.
    pub fn admits(&self, minimum: u32) -> bool {
        self.turns < MIN_TURNS || self.recent_percent().is_some_and(|p| p >= minimum)
    }
}

/// `part` of `whole` in whole percent, rounded down (99.5% in time is not 100%).
fn percent(part: i64, whole: i64) -> Option<u32> {
    (whole > 0).then(|| (100 * part / whole) as u32)
}

#[cfg(test)]
mod tests {
    use super::{PlayedTurn, Reliability, MIN_TURNS};

    fn turns(log: &[(bool, i64)]) -> Vec<PlayedTurn> {
        log.iter().map(|&(ran_out, waited_ms)| PlayedTurn { ran_out, waited_ms }).collect()
    }

    /// All-time turns, those that ran out, the recent turns (ran out, waited), and the recent share, the all-time
    /// share and the median expected.
    type Case = (i64, i64, Vec<(bool, i64)>, Option<u32>, Option<u32>, Option<i64>);

    #[test]
    fn shares_and_medians() {
        let on_time = |ms| (false, ms);
        let cases: Vec<Case> = vec![
            (0, 0, vec![], None, None, None),
            (1, 0, vec![on_time(5)], Some(100), Some(100), Some(5)),
            (4, 1, vec![on_time(10), (true, 99), on_time(30), on_time(20)], Some(75), Some(75), Some(20)),
            (2, 0, vec![on_time(10), on_time(31)], Some(100), Some(100), Some(20)),
            // 199 of 200 is 99%, rounded down.
            (200, 1, vec![on_time(1); 60], Some(100), Some(99), Some(1)),
        ];
        for (all, ran_out, recent, recent_pct, all_pct, median) in cases {
            let r = Reliability::of(all, ran_out, &turns(&recent));
            assert_eq!((r.recent_percent(), r.all_time_percent(), r.median_ms), (recent_pct, all_pct, median));
            assert!(r.recent <= 50);
        }
    }

    #[test]
    fn a_minimum_lets_in_new_players_and_those_at_or_above_it() {
        let recent = |late: usize| {
            let mut log = vec![(true, 0); late];
            log.extend(vec![(false, 1); 20 - late]);
            turns(&log)
        };
        let player =
            |turns: i64, late: usize| Reliability::of(turns, late as i64, &recent(late)[..turns.min(20) as usize]);
        // Nine turns, all ran out: new, let in.
        assert!(player(MIN_TURNS - 1, 9).admits(100));
        // Twenty turns, two ran out: 90%.
        assert!(player(20, 2).admits(90));
        assert!(!player(20, 2).admits(91));
        assert!(player(20, 20).admits(0));
    }
}
