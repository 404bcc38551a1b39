//! Round robin: everyone meets everyone. In games of two, the circle method: entrant 0 stays and the others turn
//! one place a round, so each pair meets once in `n - 1` rounds (`n` with a bye a round when `n` is odd). At tables
//! of three or more, each round sits out those who have sat out least (the most met first among them), and seats
//! the others so that the pairs who have met least meet: rounds go on until every pair has met and everyone has sat
//! out as often. Each round's seating is the best of several greedy ones, each improved by swaps: fewest pairs
//! meeting again first (so that every pair meets in as few rounds as the tables allow), then the fewest times.

use super::{table_sizes, Draw, Entrant, Past, Played};

/// Passes of seat swaps between tables looking for fewer repeated meetings.
const SWAP_PASSES: usize = 20;
/// Seatings tried for a round (each improved by swaps), the best kept.
const SEATINGS: u64 = 16;

/// The rounds a round robin of `count` entrants at tables of `min..=max` plays (no more than four per entrant).
pub fn rounds(count: usize, (min, max): (usize, usize)) -> usize {
    if max == 2 {
        return count + count % 2 - 1;
    }
    let (active, mut past): (Vec<Entrant>, Past) = ((0..count).collect(), Past::default());
    for round in 0..4 * count {
        let draw = draw(round, count, &active, &past, (min, max));
        past.byes.extend(&draw.byes);
        past.games
            .extend(draw.tables.into_iter().map(|t| Played { players: t.into_iter().map(|e| (e, 0.0)).collect() }));
        let met = past.meetings(count);
        let byes = past.byes_of(count);
        let all_met = (0..count).all(|a| (0..count).all(|b| a == b || met[a][b] > 0));
        if all_met && byes.iter().all(|&b| b == byes[0]) {
            return round + 1;
        }
    }
    4 * count
}

/// Round `round`'s draw (0 first) among `active`, of `count` entrants in all. In games of two, an entrant whose
/// partner has withdrawn sits the round out (a bye).
pub fn draw(round: usize, count: usize, active: &[Entrant], past: &Past, (min, max): (usize, usize)) -> Draw {
    match max {
        2 => circle(round, count, active),
        _ => tables(count, active, past, (min, max)),
    }
}

fn circle(round: usize, count: usize, active: &[Entrant]) -> Draw {
    let places = count + count % 2;
    let turning = places - 1;
    let at = |i: usize| if i == 0 { 0 } else { 1 + (i - 1 + round) % turning };
    let mut draw = Draw::default();
    for i in 0..places / 2 {
        let pair = [at(i), at(places - 1 - i)];
        let playing: Vec<Entrant> = pair.into_iter().filter(|e| active.contains(e)).collect();
        match playing.len() {
            2 => draw.tables.push(playing),
            1 => draw.byes.extend(playing),
            _ => {}
        }
    }
    draw
}

fn tables(count: usize, active: &[Entrant], past: &Past, (min, max): (usize, usize)) -> Draw {
    let (met, byes) = (past.meetings(count), past.byes_of(count));
    let sizes = table_sizes(active.len(), min, max);
    let out = active.len() - sizes.iter().sum::<usize>();
    let met_in_all = |e: Entrant| met[e].iter().sum::<u32>();
    let mut sitters = active.to_vec();
    sitters.sort_by_key(|&e| (byes[e], std::cmp::Reverse(met_in_all(e)), std::cmp::Reverse(e)));
    sitters.truncate(out);
    let seated: Vec<Entrant> = active.iter().copied().filter(|e| !sitters.contains(e)).collect();
    // Greedy seating from several orders (entry order first, then shuffles from a fixed seed: the same every time),
    // each improved by swaps; the one whose pairs have met least wins.
    let mut best: Option<(i64, Vec<Vec<Entrant>>)> = None;
    for attempt in 0..SEATINGS {
        let mut order = seated.clone();
        if attempt > 0 {
            crate::rules::seed::Shuffler::new(attempt).shuffle(&mut order);
        }
        let mut tables = seat_greedily(&order, &sizes, &met);
        swap_for_fewer_meetings(&mut tables, &met);
        let cost = tables.iter().map(|t| cost_of(t, &met)).sum::<i64>();
        if best.as_ref().is_none_or(|(least, _)| cost < *least) {
            best = Some((cost, tables));
        }
    }
    let mut tables = best.map(|(_, tables)| tables).unwrap_or_default();
    tables.iter_mut().for_each(|t| t.sort_unstable());
    Draw { tables, byes: sitters }
}

/// Seats `order` one by one at the table (with room) where they have met the fewest already seated.
fn seat_greedily(order: &[Entrant], sizes: &[usize], met: &[Vec<u32>]) -> Vec<Vec<Entrant>> {
    let mut tables: Vec<Vec<Entrant>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    for &e in order {
        let cost = |t: &Vec<Entrant>| t.iter().map(|&o| again(met[e][o])).sum::<i64>();
        let free = (0..tables.len()).filter(|&t| tables[t].len() < sizes[t]);
        let best = free.min_by_key(|&t| cost(&tables[t])).expect("the sizes seat everyone not sitting out");
        tables[best].push(e);
    }
    tables
}

/// What a table's pairs cost, each as [`again`] weighs its meetings so far.
fn cost_of(table: &[Entrant], met: &[Vec<u32>]) -> i64 {
    table.iter().enumerate().map(|(i, &a)| table[i + 1..].iter().map(|&b| again(met[a][b])).sum::<i64>()).sum()
}

/// What seating a pair that has met `times` already costs: above all a pair meeting again at all (a round seats
/// as many pairs whatever the seating, so fewest repeated means most new), then more for each time, faster than
/// the times grow, so that two pairs meeting a second time are preferred to one meeting a third.
fn again(times: u32) -> i64 {
    match times {
        0 => 0,
        t => REPEAT + i64::from(t) * i64::from(t),
    }
}

/// What a pair meeting again costs before its times count: more than any number of times could.
const REPEAT: i64 = 1 << 20;

/// Swaps entrants between tables while a swap lowers the meetings repeated at them.
fn swap_for_fewer_meetings(tables: &mut [Vec<Entrant>], met: &[Vec<u32>]) {
    let with = |table: &[Entrant], e: Entrant, leaving: Entrant| -> i64 {
        table.iter().filter(|&&o| o != leaving).map(|&o| again(met[e][o])).sum()
    };
    for _ in 0..SWAP_PASSES {
        let mut better = false;
        for a in 0..tables.len() {
            for b in a + 1..tables.len() {
                for i in 0..tables[a].len() {
                    for j in 0..tables[b].len() {
                        let (x, y) = (tables[a][i], tables[b][j]);
                        let now = with(&tables[a], x, x) + with(&tables[b], y, y);
                        let swapped = with(&tables[a], y, x) + with(&tables[b], x, y);
                        if swapped < now {
                            (tables[a][i], tables[b][j]) = (y, x);
                            better = true;
                        }
                    }
                }
            }
        }
        if !better {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Past, Played};
    use super::{draw, rounds};

    /// Plays every round of a round robin of `count` at `sizes`, returning the meetings and byes it makes.
    fn whole(count: usize, sizes: (usize, usize)) -> (usize, Vec<Vec<u32>>, Vec<u32>) {
        let (active, mut past): (Vec<usize>, Past) = ((0..count).collect(), Past::default());
        let rounds = rounds(count, sizes);
        for round in 0..rounds {
            let d = draw(round, count, &active, &past, sizes);
            let seated: usize = d.tables.iter().map(Vec::len).sum();
            assert_eq!(seated + d.byes.len(), count, "round {round}: everyone plays or sits out once");
            past.byes.extend(&d.byes);
            past.games
                .extend(d.tables.into_iter().map(|t| Played { players: t.into_iter().map(|e| (e, 0.0)).collect() }));
        }
        (rounds, past.meetings(count), past.byes_of(count))
    }

    #[test]
    fn games_of_two_meet_every_pair_once() {
        for count in 2..=9 {
            let (rounds, met, byes) = whole(count, (2, 2));
            assert_eq!(rounds, if count % 2 == 0 { count - 1 } else { count });
            for (a, met) in met.iter().enumerate() {
                for b in (0..count).filter(|&b| b != a) {
                    assert_eq!(met[b], 1, "{count}: {a} and {b}");
                }
            }
            assert!(byes.iter().all(|&b| b == u32::from(count % 2 == 1)), "{count}: {byes:?}");
        }
    }

    #[test]
    fn five_at_tables_of_three_or_four_meet_three_times_each_pair_and_sit_out_once() {
        let (rounds, met, byes) = whole(5, (3, 4));
        assert_eq!(rounds, 5);
        assert_eq!(byes, vec![1; 5]);
        assert!((0..5).all(|a| (0..5).all(|b| a == b || met[a][b] == 3)), "{met:?}");
    }

    #[test]
    fn larger_fields_at_tables_meet_every_pair_as_evenly_as_the_tables_allow() {
        // (entrants, table sizes, rounds, fewest and most meetings of a pair)
        let cases = [(7, (3, 4)), (8, (3, 4)), (9, (3, 6)), (12, (3, 6))];
        let mut got = Vec::new();
        for (count, sizes) in cases {
            let (rounds, met, byes) = whole(count, sizes);
            let pairs = (0..count).flat_map(|a| (0..count).filter(move |&b| b != a).map(move |b| (a, b)));
            let meetings: Vec<u32> = pairs.map(|(a, b)| met[a][b]).collect();
            got.push((count, rounds, *meetings.iter().min().unwrap(), *meetings.iter().max().unwrap()));
            assert!(byes.iter().all(|&b| b == byes[0]), "{count}: {byes:?}");
        }
        // (entrants, rounds, fewest and most meetings of a pair): every pair meets in as few rounds as the tables
        // allow (7 at 4 + 3 seat 9 pairs a round of the 21; 8 at 4 + 4, 12 of 28; 9 at 5 + 4, 16 of 36; 12 at 6 + 6,
        // 30 of 66: three rounds each), though not perfectly evenly (seven could meet each pair at most twice).
        assert_eq!(got, vec![(7, 3, 1, 3), (8, 3, 1, 3), (9, 3, 1, 3), (12, 3, 1, 3)]);
    }

    #[test]
    fn a_withdrawn_entrants_partner_sits_out() {
        let d = draw(0, 4, &[0, 1, 3], &Past::default(), (2, 2));
        assert_eq!(d.tables, vec![vec![0, 3]]);
        assert_eq!(d.byes, vec![1]);
    }
}
