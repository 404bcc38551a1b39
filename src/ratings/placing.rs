//! Places at a game's end, the results the ratings are made of.

use rules::{Seat, SeatSet};

/// How a game's end ranks its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranking {
    /// The winners first, everyone else tied behind them (Contrées, Dragon Delta).
    WinLoss,
    /// The winners first, then the others by final score, equal scores tied (Meridian).
    Scores,
}

/// Each seat's place (0 first; equal places tie) among `seats` seats, from the game's `winners`, its final `scores`
/// (by seat) and who `resigned`. A resignation is a loss: below everyone who played on, whatever the score.
pub fn places_of(ranking: Ranking, seats: usize, winners: SeatSet, scores: &[u32], resigned: SeatSet) -> Vec<u8> {
    let seat = |i: usize| i as Seat;
    let standing = |i: usize| !winners.contains(seat(i)) && !resigned.contains(seat(i));
    // The scores of those who played on without winning, best first, each once: a place per distinct score.
    let mut behind: Vec<u32> = match ranking {
        Ranking::WinLoss => Vec::new(),
        Ranking::Scores => (0..seats).filter(|&i| standing(i)).map(|i| scores.get(i).copied().unwrap_or(0)).collect(),
    };
    behind.sort_unstable_by(|a, b| b.cmp(a));
    behind.dedup();
    // Behind every score; with no scores, tied with the other losers.
    let resigned_place = 1 + behind.len() as u8;
    (0..seats)
        .map(|i| match () {
            _ if winners.contains(seat(i)) => 0,
            _ if resigned.contains(seat(i)) => resigned_place,
            _ => match ranking {
                Ranking::WinLoss => 1,
                Ranking::Scores => {
                    let score = scores.get(i).copied().unwrap_or(0);
                    1 + behind.iter().position(|&s| s == score).expect("each standing score is listed") as u8
                }
            },
        })
        .collect()
}
