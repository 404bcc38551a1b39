//! The position in words, from the same views the pictures are drawn from, so that they say no more than the
//! pictures show: each picture's alt text (the position in short: whose turn, the scores, the pieces), and the whole
//! position for `board text:True` and `hand text:True` (one line per island, land or pawn, labels as on the board).
//! One module per game; the words come from the catalogues (`words-…`), in the reader's language.

use crate::language::Lang;

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;

/// Discord shows an attachment's `description` as its alt text, up to this many characters.
pub const ALT_LIMIT: usize = 1024;

/// A picture's alt text: its sentences one after another, within [`ALT_LIMIT`] (cut short, marked `…`, should a
/// position ever say more: the tests hold whole games' longest positions within it).
pub fn alt(sentences: &[String]) -> String {
    let said = sentences.join(" ");
    match said.char_indices().nth(ALT_LIMIT - 1) {
        Some((end, _)) => format!("{}…", &said[..end]),
        None => said,
    }
}

/// A player's name, as the pictures write it.
fn name(names: &[String], seat: crate::rules::Seat, lang: Lang) -> String {
    super::player_name(names, seat, lang)
}

/// Each player's score after their name ("ana 5, ben 3"), said by the message `id`.
fn points(id: &str, scores: impl Iterator<Item = (crate::rules::Seat, u32)>, names: &[String], lang: Lang) -> String {
    let each = scores.map(|(seat, score)| format!("{} {score}", name(names, seat, lang))).collect();
    lang.say(&crate::text!(id, points = items(lang, each)))
}

/// Items joined with commas, or the catalogue's "none".
fn items(lang: Lang, items: Vec<String>) -> String {
    if items.is_empty() {
        return lang.word("words-none");
    }
    items.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_text_is_cut_short_at_discords_limit() {
        assert_eq!(alt(&["One.".into(), "Two.".into()]), "One. Two.");
        let long = alt(&["é".repeat(ALT_LIMIT + 5)]);
        assert_eq!(long.chars().count(), ALT_LIMIT);
        assert!(long.ends_with("é…"));
    }
}

#[cfg(test)]
mod golden;
