//! What a board's geometry says of each pair of its supports, found once per board: the size of plank that would
//! join them, and the supports such a plank would pass over. Laying a plank asks this of hundreds of pairs at every
//! action, and the computer players ask it of every position they weigh; the standard board's table is built once
//! for the process, another board's once a thread while it plays on it.

use super::board::{Board, Support, ISLANDS};
use super::geometry::{fits, passes_over, SIZES};
use std::cell::RefCell;
use std::sync::{Arc, LazyLock};

/// Villages come first in a board's supports, then islands ([`Board::supports`]' order).
const VILLAGES: usize = 6;
/// Supports on every board.
pub const SUPPORTS: usize = VILLAGES + ISLANDS;

/// The table of a board's pairs of supports, by [`index`].
#[derive(Debug, Clone)]
pub struct Reach {
    /// The size of plank whose length fits each pair; 0 where none does, or the pair is two villages.
    sizes: Vec<u8>,
    /// The supports (as bits by [`index`]) a plank between each pair would pass over.
    over: Vec<u64>,
    /// For each support, those a plank fits between it and (as bits by [`index`]).
    near: Vec<u64>,
}

/// A support's place in [`Board::supports`]' order.
pub fn index(s: Support) -> usize {
    match s {
        Support::Village(c) => c.index(),
        Support::Island(n) => VILLAGES + usize::from(n) - 1,
    }
}

impl Reach {
    /// The table of `board`: the standard board's is built once for the process; another board's once for each
    /// thread while it keeps asking about that board (a game on a board of its own asks for every action).
    pub fn of(board: &Board) -> Arc<Reach> {
        static STANDARD: LazyLock<(Board, Arc<Reach>)> = LazyLock::new(|| {
            let board = Board::standard();
            let reach = Arc::new(Reach::build(&board));
            (board, reach)
        });
        thread_local! {
            static LAST: RefCell<Option<(Board, Arc<Reach>)>> = const { RefCell::new(None) };
        }
        if *board == STANDARD.0 {
            return Arc::clone(&STANDARD.1);
        }
        LAST.with_borrow_mut(|last| match last {
            Some((seen, reach)) if seen == board => Arc::clone(reach),
            _ => Arc::clone(&last.insert((board.clone(), Arc::new(Reach::build(board)))).1),
        })
    }

    fn build(board: &Board) -> Reach {
        let supports: Vec<Support> = board.supports().collect();
        let (sizes, over, near) = (vec![0; SUPPORTS * SUPPORTS], vec![0; SUPPORTS * SUPPORTS], vec![0; SUPPORTS]);
        let mut reach = Reach { sizes, over, near };
        for (i, &a) in supports.iter().enumerate() {
            for (j, &b) in supports.iter().enumerate() {
                if i == j || matches!((a, b), (Support::Village(_), Support::Village(_))) {
                    continue;
                }
                let (pa, pb) = (board.at(a), board.at(b));
                reach.sizes[i * SUPPORTS + j] = SIZES.into_iter().find(|&k| fits(k, pa, pb)).unwrap_or(0);
                if reach.sizes[i * SUPPORTS + j] > 0 {
                    reach.near[i] |= 1 << j;
                }
                reach.over[i * SUPPORTS + j] = supports
                    .iter()
                    .enumerate()
                    .filter(|&(_, &p)| passes_over(pa, pb, board.at(p)))
                    .fold(0, |mask, (k, _)| mask | 1 << k);
            }
        }
        reach
    }

    /// The size of plank that would join `a` and `b`, by [`index`]; `None` for two villages or a pair no size fits.
    pub fn size(&self, a: usize, b: usize) -> Option<u8> {
        Some(self.sizes[a * SUPPORTS + b]).filter(|&k| k > 0)
    }

    /// The supports, as bits by [`index`], that a plank between `a` and `b` would pass over.
    pub fn over(&self, a: usize, b: usize) -> u64 {
        self.over[a * SUPPORTS + b]
    }

    /// The supports, as bits by [`index`], that a plank fits between `a` and: those [`Reach::size`] has a size for.
    pub fn near(&self, a: usize) -> u64 {
        self.near[a]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon_delta::colour::Colour;

    #[test]
    fn the_table_agrees_with_the_geometry_on_the_standard_board() {
        let board = Board::standard();
        let reach = Reach::of(&board);
        assert!(Arc::ptr_eq(&reach, &Reach::of(&Board::standard())), "the standard board's table is built once");
        let (red, five, nineteen) = (Support::Village(Colour::Red), Support::Island(5), Support::Island(19));
        // The shortest crossing, red – 5 – 19 – green: sizes 4 and 6 (dragon-delta.md §2).
        assert_eq!(reach.size(index(red), index(five)), Some(4));
        assert_eq!(reach.size(index(five), index(nineteen)), Some(6));
        assert_eq!(reach.size(index(red), index(Support::Village(Colour::Black))), None, "two villages");
        for a in board.supports() {
            for b in board.supports().filter(|&b| b != a) {
                let villages = matches!((a, b), (Support::Village(_), Support::Village(_)));
                let fitting = SIZES.into_iter().find(|&k| fits(k, board.at(a), board.at(b))).filter(|_| !villages);
                assert_eq!(reach.size(index(a), index(b)), fitting, "{a} {b}");
                assert_eq!(reach.near(index(a)) & 1 << index(b) != 0, fitting.is_some(), "{a} {b}");
                for p in board.supports() {
                    let over = reach.over(index(a), index(b)) & 1 << index(p) != 0;
                    assert_eq!(over, !villages && passes_over(board.at(a), board.at(b), board.at(p)), "{a} {b} {p}");
                }
            }
        }
    }
}
