//! Standings: points, then two tie-breaks, as chess's Swiss and round robin use them.
//! - **Points:** a game of two gives 1, ½ or 0; a table of more gives each player their share of the players they
//!   finished ahead of (the first of four 1, the second ⅔, the last 0; a tie shares its places). A bye gives
//!   [`super::bye_points`].
//! - **Buchholz:** the points of the opponents met, each game counting its opponents' mean (at a table of more, the
//!   mean of the others': so a table of four weighs as one game, as a game of two does). Byes count nothing.
//! - **Sonneborn-Berger:** the same, each game's opponents' mean weighed by the points scored in it: beating the
//!   strong counts most.
//!
//! Then entry order. Both tie-breaks are the final ones: an opponent's later results count too.

use super::{Entrant, Past};
use std::cmp::Ordering;

/// One entrant's line in the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub entrant: Entrant,
    pub points: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    /// Games played (byes not counted) and byes.
    pub games: u32,
    pub byes: u32,
}

/// Each player's points from their places at a table (0 the best; equal places tie): the share of the others they
/// finished ahead of, a tie counting half.
pub fn points_by_place(places: &[u8]) -> Vec<f64> {
    let others = places.len().saturating_sub(1).max(1) as f64;
    places
        .iter()
        .map(|&p| {
            let ahead = places.iter().filter(|&&o| o > p).count() as f64;
            let tied = places.iter().filter(|&&o| o == p).count() as f64 - 1.0;
            (ahead + tied / 2.0) / others
        })
        .collect()
}

/// The standings of `count` entrants after `past`, best first.
pub fn standings(count: usize, past: &Past, bye: f64) -> Vec<Line> {
    let points = past.points(count, bye);
    let byes = past.byes_of(count);
    let mut lines: Vec<Line> = (0..count)
        .map(|e| Line { entrant: e, points: points[e], buchholz: 0.0, sonneborn_berger: 0.0, games: 0, byes: byes[e] })
        .collect();
    for game in &past.games {
        for &(e, scored) in &game.players {
            let opponents: Vec<f64> = game.players.iter().filter(|&&(o, _)| o != e).map(|&(o, _)| points[o]).collect();
            let mean = opponents.iter().sum::<f64>() / opponents.len().max(1) as f64;
            let line = &mut lines[e];
            line.buchholz += mean;
            line.sonneborn_berger += scored * mean;
            line.games += 1;
        }
    }
    lines.sort_by(order);
    lines
}

/// Points (or a tie-break) to a millionth, so that sums of thirds in different orders tie when they should.
pub fn rounded(x: f64) -> i64 {
    (x * 1e6).round() as i64
}

/// Compares two lines as the standings order them: points, Buchholz, Sonneborn-Berger, then entry order.
fn order(a: &Line, b: &Line) -> Ordering {
    let key = |l: &Line| [l.points, l.buchholz, l.sonneborn_berger].map(rounded);
    key(b).cmp(&key(a)).then(a.entrant.cmp(&b.entrant))
}

#[cfg(test)]
mod tests {
    use super::super::{Past, Played};
    use super::{points_by_place, standings};

    #[test]
    fn places_give_shares_of_the_players_beaten() {
        assert_eq!(points_by_place(&[0, 1]), vec![1.0, 0.0]);
        assert_eq!(points_by_place(&[0, 0]), vec![0.5, 0.5]);
        assert_eq!(points_by_place(&[1, 0, 2]), vec![0.5, 1.0, 0.0]);
        assert_eq!(points_by_place(&[0, 1, 1, 2]), vec![1.0, 0.5, 0.5, 0.0]);
    }

    /// A Swiss of five over three rounds, worked by hand.
    #[test]
    fn a_small_swiss_worked_by_hand() {
        let won = |a: usize, b: usize| Played { players: vec![(a, 1.0), (b, 0.0)] };
        let drew = |a: usize, b: usize| Played { players: vec![(a, 0.5), (b, 0.5)] };
        // Round 1: 0 beat 3, 1 beat 4, 2 had the bye. Round 2: 0 beat 2, 1 drew 3, 4 had the bye. Round 3: 0 beat 1,
        // 2 beat 4, 3 had the bye.
        let past = Past {
            games: vec![won(0, 3), won(1, 4), won(0, 2), drew(1, 3), won(0, 1), won(2, 4)],
            byes: vec![2, 4, 3],
        };
        // Points: 0: 3; 1: 1 + ½ = 1½; 2: 1 (bye) + 1 = 2; 3: ½ + 1 (bye) = 1½; 4: 1 (bye) = 1.
        // Buchholz (opponents' points): 0: 3 (1½) + 2 (2) + 1 (1½) = 5; 1: 4 (1) + 3 (1½) + 0 (3) = 5½;
        //   2: 0 (3) + 4 (1) = 4; 3: 0 (3) + 1 (1½) = 4½; 4: 1 (1½) + 2 (2) = 3½.
        // Sonneborn-Berger: 0: 1½ + 2 + 1½ = 5; 1: 1 + ½·1½ = 1¾; 2: 1; 3: ½·1½ = ¾; 4: 0.
        let lines = standings(5, &past, 1.0);
        let got: Vec<(usize, f64, f64, f64)> =
            lines.iter().map(|l| (l.entrant, l.points, l.buchholz, l.sonneborn_berger)).collect();
        assert_eq!(
            got,
            vec![(0, 3.0, 5.0, 5.0), (2, 2.0, 4.0, 1.0), (1, 1.5, 5.5, 1.75), (3, 1.5, 4.5, 0.75), (4, 1.0, 3.5, 0.0)]
        );
        assert_eq!(
            lines.iter().map(|l| (l.games, l.byes)).collect::<Vec<_>>(),
            vec![(3, 0), (2, 1), (3, 0), (2, 1), (2, 1)]
        );
    }

    #[test]
    fn a_table_of_three_counts_its_opponents_mean() {
        let past = Past { games: vec![Played { players: vec![(0, 1.0), (1, 0.5), (2, 0.0)] }], byes: vec![3] };
        let lines = standings(4, &past, 0.5);
        // 0: opponents 1 (½) and 2 (0): mean ¼, SB 1·¼. 1: mean of 1 and 0 = ½, SB ½·½. 2: mean ¾, SB 0.
        let got: Vec<(usize, f64, f64, f64)> =
            lines.iter().map(|l| (l.entrant, l.points, l.buchholz, l.sonneborn_berger)).collect();
        assert_eq!(got, vec![(0, 1.0, 0.25, 0.25), (1, 0.5, 0.5, 0.25), (3, 0.5, 0.0, 0.0), (2, 0.0, 0.75, 0.0)]);
    }
}
