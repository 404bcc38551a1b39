//! Ratings: who is getting better, per player, per game, per server. Pure like the rules: a rating is a function of
//! the finished games before it, in finishing order, so the store keeps the games' results and the ratings they led
//! to, and `meridian-bot rerate` folds the results again to the same numbers.
//!
//! Models (from the `skillratings` crate):
//! - **Contrées** (always two players): Glicko-2, as Lichess rates chess: each game one rating period, so a player
//!   who has not played for months comes back with the deviation they left with (Lichess's choice too).
//! - **Meridian** (2–4) and **Dragon Delta** (2–6): Weng-Lin (OpenSkill's Bradley-Terry, every pair compared), which
//!   rates a game of many players at once from its ranking with ties, where Elo and Glicko only know pairs.
//!
//! Everyone starts at 1500 on the scale shown. Weng-Lin's own scale (25 ± 8.3) is shown as 1500 plus its points
//! times [`ELO_PER_WENG_LIN`], so that on both scales 400 points mean the same odds (10 to 1) between two settled
//! players. A rating is provisional ("?") until its player has [`SETTLED_AFTER`] rated games.

pub mod credit;
pub mod placing;
pub mod reliability;

pub use placing::{places_of, Ranking};

use rules::ai::Level;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};
use std::collections::HashMap;
use std::fmt;

/// Rated games after which a rating is no longer provisional.
pub const SETTLED_AFTER: i64 = 5;
/// Where every scale starts.
pub const START: f64 = 1500.0;
/// Points shown per point of Weng-Lin's rating: Bradley-Terry's chance of winning is the logistic of the difference
/// over `β√2` (β = 25/6, the crate's default), Elo's of the difference times ln 10 / 400.
pub const ELO_PER_WENG_LIN: f64 = 400.0 / (std::f64::consts::LN_10 * (25.0 / 6.0) * std::f64::consts::SQRT_2);

/// How a game's players are rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Glicko-2, for games of two.
    Glicko2,
    /// Weng-Lin, for games of any size, from a ranking with ties.
    WengLin,
}

/// Who a rating belongs to: a person, or the computers of one level (all computers of a level share a rating, so
/// people can measure themselves against a level).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rated {
    Person(i64),
    Computer(Level),
}

impl Rated {
    /// The key the store keeps: the person's Discord id, or `computer-LEVEL`.
    /// The person, if a person is rated.
    pub fn person(self) -> Option<i64> {
        match self {
            Rated::Person(id) => Some(id),
            Rated::Computer(_) => None,
        }
    }

    pub fn key(self) -> String {
        match self {
            Rated::Person(id) => id.to_string(),
            Rated::Computer(level) => format!("computer-{}", level.name()),
        }
    }

    pub fn of_key(key: &str) -> Option<Rated> {
        match key.strip_prefix("computer-") {
            Some(level) => level.parse().ok().map(Rated::Computer),
            None => key.parse().ok().map(Rated::Person),
        }
    }
}

/// One player's rating in one game on one server. `rating`, `deviation` and `volatility` are the model's own
/// numbers (Weng-Lin has no volatility: 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games so far.
    pub games: i64,
}

impl Rating {
    /// A newcomer's rating under `model`.
    pub fn new(model: Model) -> Rating {
        let (rating, deviation, volatility) = match model {
            Model::Glicko2 => {
                let r = Glicko2Rating::new();
                (r.rating, r.deviation, r.volatility)
            }
            Model::WengLin => {
                let r = WengLinRating::new();
                (r.rating, r.uncertainty, 0.0)
            }
        };
        Rating { rating, deviation, volatility, games: 0 }
    }

    /// The number shown, on the 1500 scale.
    pub fn shown(&self, model: Model) -> i64 {
        let points = match model {
            Model::Glicko2 => self.rating,
            Model::WengLin => START + (self.rating - WengLinRating::new().rating) * ELO_PER_WENG_LIN,
        };
        points.round() as i64
    }

    pub fn provisional(&self) -> bool {
        self.games < SETTLED_AFTER
    }
}

/// A rating as a player reads it: "1542", or "1542?" while provisional.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub points: i64,
    pub provisional: bool,
}

impl Shown {
    pub fn of(rating: &Rating, model: Model) -> Shown {
        Shown { points: rating.shown(model), provisional: rating.provisional() }
    }
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.points, if self.provisional { "?" } else { "" })
    }
}

/// The ratings after one game: `before` each seat's rating, `places` its place (0 first; equal places tie).
pub fn rate(model: Model, before: &[Rating], places: &[u8]) -> Vec<Rating> {
    debug_assert_eq!(before.len(), places.len());
    let after: Vec<(f64, f64, f64)> = match model {
        Model::Glicko2 => {
            let [one, two] = before else { panic!("Glicko-2 rates games of two") };
            let rating =
                |r: &Rating| Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
            let outcome = match places[0].cmp(&places[1]) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
            };
            let (a, b) = glicko2(&rating(one), &rating(two), &outcome, &Glicko2Config::new());
            vec![(a.rating, a.deviation, a.volatility), (b.rating, b.deviation, b.volatility)]
        }
        Model::WengLin => {
            let teams: Vec<[WengLinRating; 1]> =
                before.iter().map(|r| [WengLinRating { rating: r.rating, uncertainty: r.deviation }]).collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(places)
                .map(|(team, &place)| (&team[..], MultiTeamOutcome::new(usize::from(place) + 1)))
                .collect();
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
                .into_iter()
                .map(|team| (team[0].rating, team[0].uncertainty, 0.0))
                .collect()
        }
    };
    before
        .iter()
        .zip(after)
        .map(|(old, (rating, deviation, volatility))| Rating { rating, deviation, volatility, games: old.games + 1 })
        .collect()
}

/// Ratings kept while folding results, starting from nothing.
#[derive(Debug, Default)]
pub struct Ledger {
    ratings: HashMap<Rated, Rating>,
}

impl Ledger {
    /// A player's rating now (a newcomer's when they have none).
    pub fn get(&self, model: Model, who: Rated) -> Rating {
        self.ratings.get(&who).copied().unwrap_or_else(|| Rating::new(model))
    }

    /// Rates one game (`players` with their places) and returns each player's rating before and after.
    pub fn play(&mut self, model: Model, players: &[(Rated, u8)]) -> Vec<(Rating, Rating)> {
        let before: Vec<Rating> = players.iter().map(|&(who, _)| self.get(model, who)).collect();
        let places: Vec<u8> = players.iter().map(|&(_, place)| place).collect();
        let after = rate(model, &before, &places);
        for (&(who, _), new) in players.iter().zip(&after) {
            self.ratings.insert(who, *new);
        }
        before.into_iter().zip(after).collect()
    }

    /// Every player's rating now.
    pub fn ratings(&self) -> impl Iterator<Item = (&Rated, &Rating)> {
        self.ratings.iter()
    }
}

#[cfg(test)]
mod tests;
