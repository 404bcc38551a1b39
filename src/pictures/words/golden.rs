//! Each game's words on a pinned position (its rules summary's example), in English, French and Dutch, against
//! the committed texts in `golden/` (`WORDS_GOLDEN=write` writes them anew, to be read before they are committed):
//! the picture's alt text, the whole position (`board text:True`) and a seat's hand (`hand text:True`).

use crate::language::Lang;
use crate::rules::{Game, Viewer};

/// The three texts of a position, as the golden file holds them.
fn golden(alt: String, position: Vec<String>, hand: Option<Vec<String>>) -> String {
    let mut out = format!("## alt\n{alt}\n\n## position\n{}\n", position.join("\n"));
    if let Some(hand) = hand {
        out.push_str(&format!("\n## hand\n{}\n", hand.join("\n")));
    }
    out
}

/// Compares (or writes) `golden/<name>.<lang>.txt`.
fn check(name: &str, lang: Lang, said: String) {
    let path = format!("{}/src/pictures/words/golden/{name}.{}.txt", env!("CARGO_MANIFEST_DIR"), lang.code());
    if std::env::var("WORDS_GOLDEN").as_deref() == Ok("write") {
        std::fs::write(&path, &said).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(said, expected, "{path}");
}

#[test]
fn meridians_words_on_its_example() {
    let (view, names, _) = crate::pictures::meridian::example();
    for lang in Lang::ALL {
        let hand = super::meridian::hand(&view, &names, 1, lang);
        let said = golden(
            super::meridian::alt(&view, &names, None, lang),
            super::meridian::position(&view, &names, lang),
            Some(hand),
        );
        check("meridian", lang, said);
    }
}

#[test]
fn contrees_words_on_its_example() {
    let (game, _) = crate::pictures::contrees::example();
    let (view, names) = (game.view(Viewer::Public), ["ana", "ben"].map(String::from));
    for lang in Lang::ALL {
        let said =
            golden(super::contrees::alt(&view, &names, lang), super::contrees::position(&view, &names, lang), None);
        check("contrees", lang, said);
    }
}

#[test]
fn dragon_deltas_words_on_its_example() {
    let (game, _) = crate::pictures::dragon_delta::example();
    let (view, own, names) =
        (game.view(Viewer::Public), game.view(Viewer::Seat(1)), ["ana", "ben", "cy"].map(String::from));
    let programme = game.programme(1).expect("laid, as the round is being played");
    for lang in Lang::ALL {
        let hand = super::dragon_delta::hand(&own, &names, 1, &programme, lang);
        let said = golden(
            super::dragon_delta::alt(&view, &names, lang),
            super::dragon_delta::position(&view, &names, lang),
            Some(hand),
        );
        check("dragon-delta", lang, said);
    }
}
