//! The names players choose by, the same on the pictures, in the menus and in the commands: an island by its number
//! (`5`), a village by its colour (`red`), a plank or a place for one by its two ends in support order (`red-5`,
//! `5-19`), a plank of a reserve by its size. Read back in either order, with a hyphen, an en dash or a space.

use super::board::Support;
use super::colour::Colour;
use super::place::{Ends, Place};

/// A support's label: `red`, `5`.
pub fn support(s: Support) -> String {
    match s {
        Support::Village(c) => c.name().to_string(),
        Support::Island(n) => n.to_string(),
    }
}

/// Two ends' label: `red-5`.
pub fn ends(e: Ends) -> String {
    let [a, b] = e.pair();
    format!("{}-{}", support(a), support(b))
}

/// A place's label: `green` or `5-19`.
pub fn place(p: Place) -> String {
    match p {
        Place::Village(c) => c.name().to_string(),
        Place::Plank(e) => ends(e),
    }
}

fn read_support(text: &str) -> Option<Support> {
    match text.parse::<u8>() {
        Ok(n) => Some(Support::Island(n)),
        Err(_) => Colour::named(text).map(Support::Village),
    }
}

/// Two ends from their label, in either order (whether a plank is there is the rules' question).
pub fn read_ends(text: &str) -> Option<Ends> {
    let text = text.trim().to_lowercase();
    let mut parts = text.split(['-', '–', ' ']).filter(|p| !p.is_empty());
    let (a, b) = (read_support(parts.next()?)?, read_support(parts.next()?)?);
    (parts.next().is_none() && a != b).then(|| Ends::new(a, b))
}

/// A place from its label.
pub fn read_place(text: &str) -> Option<Place> {
    match Colour::named(&text.trim().to_lowercase()) {
        Some(c) => Some(Place::Village(c)),
        None => read_ends(text).map(Place::Plank),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_read_back_in_either_order() {
        let e = Ends::new(Support::Island(19), Support::Village(Colour::Green));
        assert_eq!(ends(e), "green-19");
        assert_eq!(read_ends("19-green"), Some(e));
        assert_eq!(read_ends(" Green – 19 "), Some(e));
        assert_eq!(read_place("green"), Some(Place::Village(Colour::Green)));
        assert_eq!(read_place("5 19"), Some(Place::Plank(Ends::new(Support::Island(5), Support::Island(19)))));
        for bad in ["5", "5-5", "5-19-3", "pink-5", ""] {
            assert_eq!(read_ends(bad), None, "{bad}");
        }
    }
}
