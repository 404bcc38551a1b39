//! Exact plank geometry (dragon-delta.md §2), in integers: all points are in hundredths of a plank, so every test
//! is a comparison of integer products and no floating point decides anything.
//!
//! These tests, a point's arithmetic and a support's point (`#[inline]`, like them) run in the inner loops of the
//! planks' enumeration. They are called from other crates too (the rules' own tests, the bot's pictures), and CI
//! builds the tests with clippy-driver, which does not inline small functions across crates by itself: marked, they
//! cost a few instructions there instead of calls.

use super::board::Point;

/// Planks come in sizes 1 to 6.
pub const SIZES: std::ops::RangeInclusive<u8> = 1..=6;
/// A stone or village is a disc of radius 0.3 (30 hundredths) **[reading]**.
const RADIUS: i64 = 30;

/// Whether a plank of `size` fits between `a` and `b`: it reaches (distance ≤ size) and still rests on both
/// (distance > size − 1).
#[inline]
pub fn fits(size: u8, a: Point, b: Point) -> bool {
    let d2 = b.minus(a).norm2();
    let k = i64::from(size) * 100;
    (k - 100) * (k - 100) < d2 && d2 <= k * k
}

/// Whether segment AB passes over `p` (not an end): `p` projects strictly inside AB and lies nearer than 0.3 to it.
#[inline]
pub fn passes_over(a: Point, b: Point, p: Point) -> bool {
    if p == a || p == b {
        return false;
    }
    let e = b.minus(a);
    let w = p.minus(a);
    let l2 = e.norm2();
    let dot = e.x * w.x + e.y * w.y;
    let cross = e.x * w.y - e.y * w.x;
    0 < dot && dot < l2 && cross * cross < RADIUS * RADIUS * l2
}

/// The sign of the turn a → b → c: 1 left, −1 right, 0 in line.
#[inline]
fn orientation(a: Point, b: Point, c: Point) -> i64 {
    let (u, v) = (b.minus(a), c.minus(a));
    (u.x * v.y - u.y * v.x).signum()
}

/// Whether `p`, in line with ab, lies within the box of ab.
#[inline]
fn within(a: Point, b: Point, p: Point) -> bool {
    a.x.min(b.x) <= p.x && p.x <= a.x.max(b.x) && a.y.min(b.y) <= p.y && p.y <= a.y.max(b.y)
}

/// Whether the closed segments AB and CD have a point in common.
#[inline]
pub fn meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (o1, o2, o3, o4) = (orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b));
    if o1 != o2 && o3 != o4 {
        return true;
    }
    (o1 == 0 && within(a, b, c))
        || (o2 == 0 && within(a, b, d))
        || (o3 == 0 && within(c, d, a))
        || (o4 == 0 && within(c, d, b))
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Support};
    use super::super::colour::Colour;
    use super::*;

    fn p(x: i64, y: i64) -> Point {
        Point { x, y }
    }

    #[test]
    fn a_plank_fits_from_just_over_one_size_less_up_to_its_size() {
        let o = p(0, 0);
        assert!(fits(2, o, p(200, 0)), "exactly its size");
        assert!(!fits(2, o, p(201, 0)), "too short to reach");
        assert!(!fits(2, o, p(100, 0)), "exactly one less: too long to rest");
        assert!(fits(2, o, p(101, 0)));
        assert!(fits(5, o, p(300, 400)), "3-4-5");
    }

    #[test]
    fn passing_over_is_strictly_inside_and_nearer_than_three_tenths() {
        let (a, b) = (p(0, 0), p(400, 0));
        assert!(passes_over(a, b, p(200, 29)));
        assert!(!passes_over(a, b, p(200, 30)), "0.3 away is clear");
        assert!(!passes_over(a, b, p(0, 10)), "over an end's disc but not strictly inside");
        assert!(!passes_over(a, b, p(400, 0)), "an end");
        assert!(!passes_over(a, b, p(-10, 0)), "behind A");
    }

    #[test]
    fn segments_meet_when_they_cross_touch_or_overlap() {
        let (a, b) = (p(0, 0), p(400, 400));
        assert!(meet(a, b, p(0, 400), p(400, 0)), "a cross");
        assert!(meet(a, b, p(400, 400), p(800, 0)), "a shared end");
        assert!(meet(a, b, p(200, 200), p(200, 900)), "an end on the other");
        assert!(meet(a, b, p(300, 300), p(600, 600)), "in line, overlapping");
        assert!(!meet(a, b, p(500, 500), p(600, 600)), "in line, apart");
        assert!(!meet(a, b, p(0, 100), p(300, 400)), "parallel");
        assert!(!meet(a, b, p(300, 0), p(500, 0)), "short of it");
    }

    /// dragon-delta.md §2's claims about the standard board.
    #[test]
    fn the_standard_board_is_as_the_spec_says() {
        let board = Board::standard();
        let supports: Vec<Support> = board.supports().collect();
        let at = |s| board.at(s);
        // The mirror y → −y maps it onto itself exactly: red ↔ green, black ↔ blue, white ↔ yellow.
        let mirrored = |q: Point| p(q.x, -q.y);
        for s in &supports {
            assert!(supports.iter().any(|t| at(*t) == mirrored(at(*s))), "the mirror of {s}");
        }
        assert_eq!(mirrored(at(Support::Village(Colour::Red))), at(Support::Village(Colour::Green)));
        assert_eq!(mirrored(at(Support::Village(Colour::Black))), at(Support::Village(Colour::Blue)));
        // Rotation by 120° maps it onto itself within 0.01.
        let rotated = |q: Point| {
            let (x, y) = (q.x as f64, q.y as f64);
            let (s, c) = (f64::sqrt(3.0) / 2.0, -0.5);
            (x * c - y * s, x * s + y * c)
        };
        for s in &supports {
            let (x, y) = rotated(at(*s));
            let near =
                supports.iter().any(|t| (at(*t).x as f64 - x).abs() <= 1.0 && (at(*t).y as f64 - y).abs() <= 1.0);
            assert!(near, "the rotation of {s}");
        }
        // Every point's nearest neighbour is 0.93 to 1.6 away.
        for s in &supports {
            let nearest = supports.iter().filter(|t| *t != s).map(|t| at(*t).minus(at(*s)).norm2()).min().unwrap();
            assert!((93 * 93..=160 * 160).contains(&nearest), "{s}: {nearest}");
        }
        // Every plank size can be laid somewhere (never between two villages).
        let pairs: Vec<(Support, Support)> = supports
            .iter()
            .enumerate()
            .flat_map(|(i, a)| supports[i + 1..].iter().map(move |b| (*a, *b)))
            .filter(|(a, b)| !matches!((a, b), (Support::Village(_), Support::Village(_))))
            .collect();
        for size in SIZES {
            assert!(pairs.iter().any(|(a, b)| fits(size, at(*a), at(*b))), "size {size}");
        }
        // The shortest crossing between opposite villages is 3 planks: red – 5 – 19 – green with sizes 4, 6, 5;
        // no island is within reach (6) of both.
        let (red, green) = (Support::Village(Colour::Red), Support::Village(Colour::Green));
        let (five, nineteen) = (Support::Island(5), Support::Island(19));
        assert!(fits(4, at(red), at(five)) && fits(6, at(five), at(nineteen)) && fits(5, at(nineteen), at(green)));
        for colour in Colour::ALL {
            let (from, to) = (at(Support::Village(colour)), at(Support::Village(colour.goal())));
            let reach = |a: Point, b: Point| SIZES.clone().any(|k| fits(k, a, b));
            assert!(!board.islands().any(|n| reach(from, at(Support::Island(n))) && reach(at(Support::Island(n)), to)));
        }
    }
}
