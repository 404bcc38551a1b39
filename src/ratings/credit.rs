//! Whose result a seat's is: the one rule ratings and tournaments both follow. A person is credited with a seat's
//! result only if at least half of the seat's moves were theirs: not a computer playing for them, not someone else
//! holding the seat. A turn of theirs that ran out, which the clock played for them, is theirs all the same: letting
//! a lost game's turns run out must not escape its result. The moves the rules play by themselves (a choice with one
//! outcome, a resigned seat's turn) are nobody's and are not counted.

/// Whether `person` is credited with the result of the seat whose moves were each due from `by` (who held the seat
/// and was to play it, a computer's id too; `None`: the rules played it themselves): at least half of those that were
/// someone's were theirs. A seat nobody had a move of is its holder's at the end (`holds`).
pub fn credited(person: i64, by: &[Option<i64>], holds: bool) -> bool {
    let counted = by.iter().filter(|b| b.is_some()).count();
    let own = by.iter().filter(|&&b| b == Some(person)).count();
    match counted {
        0 => holds,
        _ => 2 * own >= counted,
    }
}

#[cfg(test)]
mod tests {
    use super::credited;

    const ANA: i64 = 1;
    const BOB: i64 = 2;
    const COMPUTER: i64 = -1;

    /// A seat's moves from a compact notation: whose each was, `a` Ana (`A`: her turn ran out and the clock played
    /// it), `b` Bob, `c` a computer, `.` nobody's (the rules played it by themselves). The log says whether a turn
    /// ran out; the rule does not ask.
    fn moves(log: &str) -> Vec<Option<i64>> {
        log.chars()
            .map(|c| match c {
                'a' | 'A' => Some(ANA),
                'b' => Some(BOB),
                'c' => Some(COMPUTER),
                '.' => None,
                other => panic!("no move is written {other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_person_is_credited_with_the_seats_they_played_at_least_half_of() {
        // (the seat's moves, Ana credited, Bob credited), Bob holding the seat at the end
        let cases = [
            ("aaaa", true, false),
            // Exactly half is enough, for either.
            ("aabb", true, true),
            ("abbb", false, true),
            // A strong computer played most of it for Ana, who took the seat back before the end.
            ("acccca", false, false),
            ("aaacca", true, false),
            // Her turns that ran out are hers: letting a lost game's turns run out does not escape its result.
            ("AAAA", true, false),
            ("bAAA", true, false),
            ("AbbA", true, true),
            // The rules' own moves are nobody's: they do not count.
            ("a...", true, false),
            ("a.c.", true, false),
            ("ac.c", false, false),
            // A seat with no move to play: its holder's at the end.
            ("", false, true),
            ("..", false, true),
        ];
        for (log, ana, bob) in cases {
            let m = moves(log);
            assert_eq!((credited(ANA, &m, false), credited(BOB, &m, true)), (ana, bob), "{log:?}");
        }
    }
}
