//! Whose result a seat's is: the one rule ratings and tournaments both follow. A person is credited with a seat's
//! result only if they played at least half of the seat's moves themselves: not a computer playing for them, not
//! the clock playing a turn of theirs that ran out, not someone else holding the seat. The moves the rules play by
//! themselves (a choice with one outcome, a resigned seat's turn) are nobody's and are not counted.

/// One of a seat's moves, as the move log has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatMove {
    /// Who held the seat and was to play the move (a computer's id too); `None`: the rules played it themselves.
    pub by: Option<i64>,
    /// The clock played it for them: their turn ran out.
    pub ran_out: bool,
}

/// Whether `person` is credited with the result of the seat whose moves are `moves`: they played at least half of
/// the moves that were someone's to play. A seat nobody had a move of is its holder's at the end (`holds`).
pub fn credited(person: i64, moves: &[SeatMove], holds: bool) -> bool {
    let counted = moves.iter().filter(|m| m.by.is_some()).count();
    let own = moves.iter().filter(|m| m.by == Some(person) && !m.ran_out).count();
    match counted {
        0 => holds,
        _ => 2 * own >= counted,
    }
}

#[cfg(test)]
mod tests {
    use super::{credited, SeatMove};

    const ANA: i64 = 1;
    const BOB: i64 = 2;
    const COMPUTER: i64 = -1;

    /// A seat's moves from a compact notation: `a` Ana played, `A` Ana's turn ran out, `b` Bob played, `c` a
    /// computer played, `.` the rules played by themselves.
    fn moves(log: &str) -> Vec<SeatMove> {
        log.chars()
            .map(|c| match c {
                'a' => SeatMove { by: Some(ANA), ran_out: false },
                'A' => SeatMove { by: Some(ANA), ran_out: true },
                'b' => SeatMove { by: Some(BOB), ran_out: false },
                'c' => SeatMove { by: Some(COMPUTER), ran_out: false },
                '.' => SeatMove { by: None, ran_out: false },
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
            // Turns that ran out were the clock's, not hers.
            ("aAAA", false, false),
            ("aaAA", true, false),
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
