//! Tournaments, pure like the rules: who meets whom each round ([`swiss`], [`round_robin`]) and the standings with
//! their tie-breaks ([`standings`]), from the entrants and the results so far. The service stores the rounds and
//! starts their games; everything it decides about a tournament comes from here.
//!
//! Entrants are numbered in entry order ([`Entrant`]); every tie (same points, same rating) is broken by that
//! order, so a round's draw is a function of what came before it: two processes, or one restarted, draw the same.

pub mod round_robin;
pub mod standings;
pub mod swiss;

pub use standings::{points_by_place, standings, Line};

/// An entrant: their number in entry order (0 first).
pub type Entrant = usize;

/// How a tournament is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Everyone meets everyone: each pair once in games of two; at tables of three or more, pairs as evenly as the
    /// tables allow, and everyone sits out as often.
    RoundRobin,
    /// A set number of rounds, each paired by score then rating: in games of two no pair meeting twice where it can
    /// be helped; at tables of more, by standing alone.
    Swiss,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Swiss => "swiss",
        }
    }

    pub fn named(name: &str) -> Option<Format> {
        [Format::RoundRobin, Format::Swiss].into_iter().find(|f| f.name() == name)
    }
}

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Taking entries.
    Open,
    Running,
    Finished,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Open => "open",
            Stage::Running => "running",
            Stage::Finished => "finished",
        }
    }

    pub fn named(name: &str) -> Option<Stage> {
        [Stage::Open, Stage::Running, Stage::Finished].into_iter().find(|s| s.as_str() == name)
    }
}

/// A round's draw: its tables (entrants, best placed first) and who sits it out (a bye).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draw {
    pub tables: Vec<Vec<Entrant>>,
    pub byes: Vec<Entrant>,
}

/// A game of the tournament once over: each entrant at its table and the points they scored in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    pub players: Vec<(Entrant, f64)>,
}

/// What a tournament has seen so far: its games over, and its byes (an entrant once per bye).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Past {
    pub games: Vec<Played>,
    pub byes: Vec<Entrant>,
}

impl Past {
    /// How many times each pair of entrants has met, as `met[a][b]`, for `count` entrants.
    pub fn meetings(&self, count: usize) -> Vec<Vec<u32>> {
        let mut met = vec![vec![0u32; count]; count];
        for game in &self.games {
            for &(a, _) in &game.players {
                for &(b, _) in game.players.iter().filter(|&&(b, _)| b != a) {
                    met[a][b] += 1;
                }
            }
        }
        met
    }

    /// Each entrant's points so far: their games' points and their byes', for `count` entrants.
    pub fn points(&self, count: usize, bye: f64) -> Vec<f64> {
        let mut points = vec![0.0; count];
        self.games.iter().flat_map(|g| &g.players).for_each(|&(e, p)| points[e] += p);
        self.byes.iter().for_each(|&e| points[e] += bye);
        points
    }

    /// How many byes each entrant has had.
    pub fn byes_of(&self, count: usize) -> Vec<u32> {
        let mut byes = vec![0u32; count];
        self.byes.iter().for_each(|&e| byes[e] += 1);
        byes
    }
}

/// What a bye scores: a win's points in games of two (as chess's Swiss gives a player left unpaired), a middle
/// place's at tables of more (a win there is rarer than one game in two).
pub fn bye_points(max_players: usize) -> f64 {
    if max_players == 2 {
        1.0
    } else {
        0.5
    }
}

/// The sizes of the tables that seat `players` at tables of `min..=max`: as many players as can be seated, at as
/// few tables as that allows, their sizes as even as can be (largest first). Empty when not even one table fills.
pub fn table_sizes(players: usize, min: usize, max: usize) -> Vec<usize> {
    for seated in (min..=players).rev() {
        let tables = seated.div_ceil(max);
        if tables * min <= seated {
            let (each, more) = (seated / tables, seated % tables);
            return (0..tables).map(|i| each + usize::from(i < more)).collect();
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::table_sizes;

    #[test]
    fn tables_seat_as_many_as_they_can_as_evenly_as_they_can() {
        let cases: [(usize, usize, usize, &[usize]); 9] = [
            (7, 2, 2, &[2, 2, 2]),
            (8, 2, 2, &[2, 2, 2, 2]),
            (5, 3, 4, &[4]),
            (6, 3, 4, &[3, 3]),
            (7, 3, 4, &[4, 3]),
            (9, 3, 6, &[5, 4]),
            (13, 3, 6, &[5, 4, 4]),
            (2, 3, 4, &[]),
            (1, 2, 2, &[]),
        ];
        for (players, min, max, sizes) in cases {
            assert_eq!(table_sizes(players, min, max), sizes, "{players} players at {min}..={max}");
        }
    }
}
