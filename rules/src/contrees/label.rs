//! Short names for lands, land positions and spots, the same on the pictures, in the commands and in the menus
//! **[digital]**: record.md's coordinates are exact but unreadable at phone size.
//!
//! - A laid land is a letter, in laying order: `A` is the first land, `P` the sixteenth.
//! - An empty land position next to the territory is its earliest-laid neighbour's letter and the side it lies on,
//!   numbered clockwise from the upper right: `1` north-east, `2` east, `3` south-east, `4` south-west, `5` west,
//!   `6` north-west (`B3` is south-east of B). Before any land is laid, the only position is `A`.
//! - A spot is its earliest-laid land's letter and the corner, numbered clockwise from the top: `1` top, `2` upper
//!   right, `3` lower right, `4` bottom, `5` lower left, `6` upper left (`B4` is B's bottom corner).
//!
//! Letters never change once given, so a spot's label stays the same all game long. Labels sort as text, and
//! "the lowest label" is the first in that order.

use super::action::Action;
use super::hex::{Land, Spot};
use super::state::Contrees;

/// A land's six neighbours by side number (1 to 6, clockwise from the north-east).
fn sides(at: Land) -> [Land; 6] {
    let Land { q, r } = at;
    [
        Land { q: q + 1, r: r - 1 },
        Land { q: q + 1, r },
        Land { q, r: r + 1 },
        Land { q: q - 1, r: r + 1 },
        Land { q: q - 1, r },
        Land { q, r: r - 1 },
    ]
}

fn letter(index: usize) -> char {
    char::from(b'A' + index as u8)
}

/// The letter of land `at` among the lands `laid`, in laying order.
pub(super) fn letter_in(laid: &[Land], at: Land) -> Option<char> {
    laid.iter().position(|&l| l == at).map(letter)
}

/// The label of spot `at` among the lands `laid`, in laying order.
pub(super) fn spot_label_in(laid: &[Land], at: Spot) -> Option<String> {
    laid.iter().enumerate().find_map(|(i, &land)| {
        let corner = land.spots().iter().position(|&s| s == at)?;
        Some(format!("{}{}", letter(i), corner + 1))
    })
}

/// An empty land position the player to move may lay on now, by label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenPlace {
    pub label: String,
    pub land: Land,
    /// Whether the land laid there may be black, and white.
    pub black: bool,
    pub white: bool,
}

impl Contrees {
    /// The places the player to move may lay a land on now, lowest label first.
    pub fn open_places(&self) -> Vec<OpenPlace> {
        let mut out: Vec<OpenPlace> = Vec::new();
        for action in self.legal_moves() {
            let Action::Land { land, white } = action else { continue };
            match out.iter_mut().find(|p| p.land == land) {
                Some(place) => *(if white { &mut place.white } else { &mut place.black }) = true,
                None => {
                    let label = self.position_label(land).unwrap_or_default();
                    out.push(OpenPlace { label, land, black: !white, white });
                }
            }
        }
        out.sort_by(|a, b| a.label.cmp(&b.label));
        out
    }

    /// The empty spots the player to move may build on now, lowest label first.
    pub fn open_spots(&self) -> Vec<(String, Spot)> {
        let mut out: Vec<(String, Spot)> = self
            .legal_moves()
            .into_iter()
            .filter_map(|a| match a {
                Action::Tower { tower } => Some((self.spot_label(tower).unwrap_or_default(), tower)),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    /// Lands the player to move still lays this turn (two a turn).
    pub fn lands_this_turn(&self) -> usize {
        2 - self.lands().len() % 2
    }

    /// A laid land's letter.
    pub fn letter(&self, at: Land) -> Option<char> {
        letter_in(self.laid(), at)
    }

    /// The label of an empty position next to the territory (`A` before any land).
    pub fn position_label(&self, at: Land) -> Option<String> {
        if self.laid().is_empty() {
            return (at == Land { q: 0, r: 0 }).then(|| "A".to_string());
        }
        if self.lands().contains_key(&at) {
            return None;
        }
        self.laid().iter().enumerate().find_map(|(i, &land)| {
            let side = sides(land).iter().position(|&n| n == at)?;
            Some(format!("{}{}", letter(i), side + 1))
        })
    }

    /// A spot's label.
    pub fn spot_label(&self, at: Spot) -> Option<String> {
        spot_label_in(self.laid(), at)
    }

    /// The position a label names (the inverse of [`Contrees::position_label`]), read case-blind.
    pub fn position_at(&self, label: &str) -> Option<Land> {
        let (land, n) = self.parse(label)?;
        let Some(land) = land else { return self.laid().is_empty().then_some(Land { q: 0, r: 0 }) };
        let at = sides(land)[n? - 1];
        (self.position_label(at)?.eq_ignore_ascii_case(label.trim())).then_some(at)
    }

    /// The laid land at the position a label points at (`A1` once a land lies north-east of A, `A` once any is
    /// laid), read case-blind: a label that may have named a free place before that land was laid.
    pub fn laid_at(&self, label: &str) -> Option<Land> {
        let at = match self.parse(label)? {
            (Some(land), Some(n)) => sides(land)[n - 1],
            _ => *self.laid().first()?,
        };
        self.lands().contains_key(&at).then_some(at)
    }

    /// The spot a label names (the inverse of [`Contrees::spot_label`]), read case-blind.
    pub fn spot_at(&self, label: &str) -> Option<Spot> {
        let (Some(land), Some(n)) = self.parse(label)? else { return None };
        let at = land.spots()[n - 1];
        (self.spot_label(at)?.eq_ignore_ascii_case(label.trim())).then_some(at)
    }

    /// `B3` → (land B, 3); `A` → (no land, no number) while nothing is laid.
    fn parse(&self, label: &str) -> Option<(Option<Land>, Option<usize>)> {
        let mut chars = label.trim().chars();
        let first = chars.next()?.to_ascii_uppercase();
        let rest: String = chars.collect();
        if rest.is_empty() {
            return (first == 'A').then_some((None, None));
        }
        let index = usize::from(u8::try_from(first).ok()?.checked_sub(b'A')?);
        let n: usize = rest.parse().ok().filter(|n| (1..=6).contains(n))?;
        Some((Some(*self.laid().get(index)?), Some(n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contrees::Action;

    fn game(lands: &[(i32, i32)]) -> Contrees {
        let mut game = Contrees::new(false);
        for &(q, r) in lands {
            let seat = game.to_move().unwrap();
            game.play(seat, &Action::land(Land { q, r })).unwrap();
        }
        game
    }

    #[test]
    fn labels_name_positions_and_spots_and_read_back() {
        let empty = Contrees::new(false);
        assert_eq!(empty.position_label(Land { q: 0, r: 0 }).as_deref(), Some("A"));
        assert_eq!(empty.position_at("a"), Some(Land { q: 0, r: 0 }));
        let g = game(&[(0, 0), (1, 0)]);
        assert_eq!(g.letter(Land { q: 1, r: 0 }), Some('B'));
        // South-east of A is side 3; east of B is side 2; north-east of A (also north-west of B) goes by A.
        assert_eq!(g.position_label(Land { q: 0, r: 1 }).as_deref(), Some("A3"));
        assert_eq!(g.position_label(Land { q: 2, r: 0 }).as_deref(), Some("B2"));
        assert_eq!(g.position_label(Land { q: 1, r: -1 }).as_deref(), Some("A1"));
        assert_eq!(g.position_at("b6"), None, "B6 is A1: one name per position");
        assert_eq!(g.position_at("A1"), Some(Land { q: 1, r: -1 }));
        // A label read once its place is laid: B lies east of A, on A's side 2.
        assert_eq!(g.laid_at("a2"), Some(Land { q: 1, r: 0 }));
        assert_eq!(g.laid_at("A"), Some(Land { q: 0, r: 0 }));
        assert_eq!(g.laid_at("A1"), None, "free");
        assert_eq!(g.laid_at("Z1"), None);
        // A's upper-right corner is B's upper-left one: A2.
        let shared = Land { q: 0, r: 0 }.spots()[1];
        assert_eq!(g.spot_label(shared).as_deref(), Some("A2"));
        assert_eq!(g.spot_at("A2"), Some(shared));
        assert_eq!(g.spot_at("B6"), None);
        assert_eq!(g.spot_at("B2"), Some(Land { q: 1, r: 0 }.spots()[1]));
        assert_eq!(g.spot_at("C1"), None, "no land C yet");
        assert_eq!(g.spot_at("A7"), None);
    }

    #[test]
    fn every_spot_and_free_neighbour_of_a_territory_has_exactly_one_label() {
        let g = game(&[(0, 0), (1, 0), (0, 1), (-1, 1), (2, -1), (1, 1)]);
        let mut spots: Vec<String> = g.spots().into_iter().map(|s| g.spot_label(s).unwrap()).collect();
        let count = spots.len();
        spots.sort();
        spots.dedup();
        assert_eq!(spots.len(), count);
        for s in g.spots() {
            assert_eq!(g.spot_at(&g.spot_label(s).unwrap()), Some(s));
        }
        for l in g.lands().keys().flat_map(|l| l.neighbours()).filter(|l| !g.lands().contains_key(l)) {
            assert_eq!(g.position_at(&g.position_label(l).unwrap()), Some(l));
        }
    }
}
