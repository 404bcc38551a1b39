//! Swiss pairing. Entrants are placed in the pairing order: by points, then rating on the server, then entry (the
//! standings' tie-breaks, Buchholz and Sonneborn-Berger, play no part: they are final only once the tournament
//! is). In games of two, each score group's top half meets its bottom half (the Dutch system's first choice), the
//! odd one out floating down, with no pair meeting twice where any pairing allows it; the bye goes to the lowest
//! placed in that order among those with the fewest byes (the next in that order, when the others would only pair
//! with a rematch). At tables of more, tables by that order: the best placed together, and so on down; the byes
//! go the same way, to the lowest placed with the fewest.

use super::standings::rounded;
use super::{table_sizes, Draw, Entrant, Past};

/// Pairing steps tried for each bye candidate before no-rematch pairing is given up for the round (it is rare: a
/// small field late in a long tournament), and pairs may meet again, each player's fewest meetings first.
const STEPS: u32 = 200_000;
/// Bye candidates tried (the lowest placed with the fewest byes first) before rematches are allowed.
const BYE_CANDIDATES: usize = 8;

/// The next round's draw among `active` (entrants still playing), at tables of `min..=max`; `ratings` and the
/// points in `past` (a bye worth `bye`) are indexed by entrant.
pub fn pair(active: &[Entrant], ratings: &[f64], past: &Past, (min, max): (usize, usize), bye: f64) -> Draw {
    let count = ratings.len();
    let points = past.points(count, bye);
    let mut order = active.to_vec();
    let scored = |e: Entrant| rounded(points[e]);
    order.sort_by(|&a, &b| scored(b).cmp(&scored(a)).then(ratings[b].total_cmp(&ratings[a])).then(a.cmp(&b)));
    let sizes = table_sizes(order.len(), min, max);
    let seated: usize = sizes.iter().sum();
    let byes = past.byes_of(count);
    // Who may sit out: the fewest byes first, then the lowest placed.
    let mut sitters: Vec<(usize, Entrant)> = order.iter().copied().enumerate().collect();
    sitters.sort_by_key(|&(place, e)| (byes[e], std::cmp::Reverse(place)));
    let out = order.len() - seated;
    if max > 2 {
        let byes: Vec<Entrant> = sitters.iter().take(out).map(|&(_, e)| e).collect();
        order.retain(|e| !byes.contains(e));
        let mut tables = Vec::with_capacity(sizes.len());
        let mut rest = order.as_slice();
        for size in sizes {
            let (table, after) = rest.split_at(size);
            tables.push(table.to_vec());
            rest = after;
        }
        return Draw { tables, byes };
    }
    // In games of two, at most one sits out: each candidate in turn (the first few, each with its own steps), until
    // the others pair without rematches.
    let met = past.meetings(count);
    let choices: Vec<Option<Entrant>> = match out {
        0 => vec![None],
        _ => sitters.iter().take(BYE_CANDIDATES).map(|&(_, e)| Some(e)).collect(),
    };
    let without =
        |sitter: Option<Entrant>| -> Vec<Entrant> { order.iter().copied().filter(|&e| Some(e) != sitter).collect() };
    for &sitter in &choices {
        if let Some(tables) = pairs(&without(sitter), &points, &met, false, &mut { STEPS }) {
            return Draw { tables, byes: sitter.into_iter().collect() };
        }
    }
    let tables = pairs(&without(choices[0]), &points, &met, true, &mut { STEPS })
        .expect("with rematches allowed, any even field pairs");
    Draw { tables, byes: choices[0].into_iter().collect() }
}

/// Pairs an even `order` (best placed first) without rematches, or with them (fewest meetings first); `None` when
/// no pairing avoids them or the steps ran out.
fn pairs(
    order: &[Entrant],
    points: &[f64],
    met: &[Vec<u32>],
    rematches: bool,
    steps: &mut u32,
) -> Option<Vec<Vec<Entrant>>> {
    let Some((&first, others)) = order.split_first() else { return Some(Vec::new()) };
    for partner in candidates(first, others, points, met, rematches) {
        *steps = steps.checked_sub(1)?;
        let rest: Vec<Entrant> = others.iter().copied().filter(|&e| e != partner).collect();
        if let Some(mut tables) = pairs(&rest, points, met, rematches, steps) {
            tables.insert(0, vec![first, partner]);
            return Some(tables);
        }
    }
    None
}

/// `first`'s partners in the order they are tried: in its score group, the one a top half meets in the bottom half
/// first, then the rest of the bottom half, then the top half from its lowest; then those below, best placed first.
/// Without rematches, those met are left out; with them, the fewest meetings come first.
fn candidates(first: Entrant, others: &[Entrant], points: &[f64], met: &[Vec<u32>], rematches: bool) -> Vec<Entrant> {
    let (group, below): (Vec<Entrant>, Vec<Entrant>) =
        others.iter().partition(|&&e| rounded(points[e]) == rounded(points[first]));
    let ideal = group.len().div_ceil(2).saturating_sub(1);
    let mut tried: Vec<Entrant> =
        group[ideal..].iter().chain(group[..ideal].iter().rev()).chain(&below).copied().collect();
    match rematches {
        true => tried.sort_by_key(|&e| met[first][e]),
        false => tried.retain(|&e| met[first][e] == 0),
    }
    tried
}

#[cfg(test)]
mod tests {
    use super::super::{Past, Played};
    use super::pair;

    fn game(a: usize, b: usize, points_a: f64) -> Played {
        Played { players: vec![(a, points_a), (b, 1.0 - points_a)] }
    }

    #[test]
    fn the_first_round_meets_top_half_with_bottom_half_and_the_last_sits_out() {
        let ratings = [1500.0; 7];
        let draw = pair(&[0, 1, 2, 3, 4, 5, 6], &ratings, &Past::default(), (2, 2), 1.0);
        assert_eq!(draw.tables, vec![vec![0, 3], vec![1, 4], vec![2, 5]]);
        assert_eq!(draw.byes, vec![6]);
    }

    #[test]
    fn ratings_order_the_first_round() {
        let ratings = [1400.0, 1600.0, 1500.0, 1700.0];
        let draw = pair(&[0, 1, 2, 3], &ratings, &Past::default(), (2, 2), 1.0);
        assert_eq!(draw.tables, vec![vec![3, 2], vec![1, 0]]);
        assert!(draw.byes.is_empty());
    }

    #[test]
    fn score_groups_pair_within_themselves_without_rematches_and_a_bye_goes_once() {
        let ratings = [1500.0; 5];
        // Round 1: 0-2 (0 won), 1-3 (1 won), 4 had the bye.
        let past = Past { games: vec![game(0, 2, 1.0), game(1, 3, 1.0)], byes: vec![4] };
        let draw = pair(&[0, 1, 2, 3, 4], &ratings, &past, (2, 2), 1.0);
        // 3 sits out: the lowest placed without a bye. On 1 point: 0, 1, 4; in a group of three the first meets
        // the second and the third floats down, so 0 meets 1 and 4 meets 2.
        assert_eq!(draw.tables, vec![vec![0, 1], vec![4, 2]]);
        assert_eq!(draw.byes, vec![3]);
    }

    #[test]
    fn the_bye_goes_by_the_pairing_order_not_the_standings_tie_breaks() {
        use super::super::standings;
        let order = |past: &Past| standings(5, past, 1.0).iter().map(|l| l.entrant).collect::<Vec<_>>();
        // Entry against Buchholz. Round 1: 0 beat 1, 2 beat 3, 4 had the bye; round 2: 3 beat 0, 2 beat 4, 1 had
        // the bye. Of those without a bye, 0 and 3 are lowest, on 1 point.
        let past =
            Past { games: vec![game(0, 1, 1.0), game(2, 3, 1.0), game(3, 0, 1.0), game(2, 4, 1.0)], byes: vec![4, 1] };
        // The standings place 3 (Buchholz 2 + 1 = 3) above 0 (1 + 1 = 2)...
        assert_eq!(order(&past), vec![2, 3, 0, 4, 1]);
        // ...but rated alike, the pairing order places 0 above 3 (entry): the bye is 3's, and 2 meets 0, 1 meets 4.
        let draw = pair(&[0, 1, 2, 3, 4], &[1500.0; 5], &past, (2, 2), 1.0);
        assert_eq!((draw.tables, draw.byes), (vec![vec![2, 0], vec![1, 4]], vec![3]));

        // Rating against Buchholz. Round 2 instead: 0 beat 2, 3 beat 4, 1 had the bye. Of those without a bye, 2
        // and 3 are lowest, on 1 point.
        let past =
            Past { games: vec![game(0, 1, 1.0), game(2, 3, 1.0), game(0, 2, 1.0), game(3, 4, 1.0)], byes: vec![4, 1] };
        // The standings place 2 (Buchholz 1 + 2 = 3) above 3 (1 + 1 = 2), and so does entry...
        assert_eq!(order(&past), vec![0, 2, 3, 1, 4]);
        // ...but 3, rated higher, is placed above 2 for pairing: the bye is 2's, and 0 meets 3, 1 meets 4.
        let ratings = [1500.0, 1500.0, 1400.0, 1600.0, 1500.0];
        let draw = pair(&[0, 1, 2, 3, 4], &ratings, &past, (2, 2), 1.0);
        assert_eq!((draw.tables, draw.byes), (vec![vec![0, 3], vec![1, 4]], vec![2]));
    }

    #[test]
    fn the_leader_goes_down_the_standings_to_someone_new() {
        let ratings = [1500.0; 4];
        let past =
            Past { games: vec![game(0, 2, 1.0), game(1, 3, 1.0), game(0, 1, 1.0), game(2, 3, 1.0)], byes: vec![] };
        // 0 on 2 points has met 1 and 2 (1 point each): it meets 3, and 1 meets 2.
        let draw = pair(&[0, 1, 2, 3], &ratings, &past, (2, 2), 1.0);
        assert_eq!(draw.tables, vec![vec![0, 3], vec![1, 2]]);
    }

    #[test]
    fn when_every_pairing_repeats_a_meeting_the_fewest_repeat() {
        let ratings = [1500.0; 2];
        let past = Past { games: vec![game(0, 1, 1.0)], byes: vec![] };
        let draw = pair(&[0, 1], &ratings, &past, (2, 2), 1.0);
        assert_eq!(draw.tables, vec![vec![0, 1]]);
    }

    #[test]
    fn tables_of_more_go_by_standing() {
        let ratings = [1500.0; 7];
        let past = Past { games: vec![Played { players: vec![(6, 1.0), (5, 0.5), (4, 0.0)] }], byes: vec![] };
        let draw = pair(&[0, 1, 2, 3, 4, 5, 6], &ratings, &past, (3, 4), 0.5);
        assert_eq!(draw.tables, vec![vec![6, 5, 0, 1], vec![2, 3, 4]]);
        assert!(draw.byes.is_empty());
    }
}
