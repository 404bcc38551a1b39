//! The catalogues read as their languages are written: French puts a no-break space before « : », after « n° »
//! and inside « », a narrow one before ; ! ? and % (as Discord's own French does); each language quotes with one style;
//! no English colour or card word is left in a French or Dutch text, but where a message teaches the card names
//! players type (the record's tokens). Command names keep Discord's rules (`discord::localize`'s tests).

use super::Lang;
use fluent_syntax::ast;

/// No-break space: before « : » and inside « ».
const NBSP: char = '\u{a0}';
/// Narrow no-break space: before ; ! ?
const NNBSP: char = '\u{202f}';

/// Messages that teach the card names players type, which stay the record's English tokens (`stone`, `move-2`).
const TEACHING_TOKENS: [&str; 4] = ["dd-unknown-card", "dd-programme-length", "dd-rules", "cmd-delta-program-cards"];

/// English words of Dragon Delta's colours and cards, as a French or Dutch text must not say them (`plank` is Dutch
/// too, and is checked in French only).
const ENGLISH: [&str; 14] = [
    "red", "black", "blue", "green", "white", "yellow", "stone", "stones", "planks", "take", "move", "jump", "colour",
    "plank",
];

/// Every text a language's catalogue holds, by message (`id` or `id.attribute`): the literal parts of its patterns,
/// select variants included, each as one string (placeables left out, as `\u{1}`).
fn texts(lang: Lang) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for source in lang.sources() {
        let resource = fluent_syntax::parser::parse(*source).expect("the catalogue test parses every file");
        for entry in resource.body {
            let ast::Entry::Message(m) = entry else { continue };
            if let Some(value) = &m.value {
                out.push((m.id.name.to_string(), text_of(value)));
            }
            for a in &m.attributes {
                out.push((format!("{}.{}", m.id.name, a.id.name), text_of(&a.value)));
            }
        }
    }
    out
}

fn text_of(pattern: &ast::Pattern<&str>) -> String {
    let mut out = String::new();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression: ast::Expression::Select { variants, .. } } => {
                for v in variants {
                    out.push('\u{1}');
                    out.push_str(&text_of(&v.value));
                }
                out.push('\u{1}');
            }
            ast::PatternElement::Placeable { .. } => out.push('\u{1}'),
        }
    }
    out
}

/// Where French typography is broken in `text`: the characters around each mark.
fn french_faults(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut faults = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let (before, after) = (i.checked_sub(1).map(|j| chars[j]), chars.get(i + 1).copied());
        let wanted = match c {
            ':' if after == Some('/') || before.is_some_and(|b| b.is_ascii_digit()) => continue, // a URL, a time
            ':' => before == Some(NBSP),
            // A mark quoted alone, « ? », stands inside its guillemets' spaces.
            ';' | '!' | '?' => before == Some(NNBSP) || (before == Some(NBSP) && i >= 2 && chars[i - 2] == '«'),
            '%' => matches!(before, Some(NBSP | NNBSP | '(')), // "50 %", or a unit: "(%)"
            '°' if before == Some('n') => after == Some(NBSP),
            '«' => after == Some(NBSP),
            '»' => before == Some(NBSP),
            _ => continue,
        };
        if !wanted {
            let from = i.saturating_sub(12);
            faults.push(chars[from..(i + 2).min(chars.len())].iter().collect());
        }
    }
    faults
}

/// The quotation marks a text opens with: « (guillemets), " (straight), “ (curly), „ (low), ‘ (single).
fn quote_styles(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars().filter(|c| matches!(c, '«' | '"' | '“' | '„' | '‘'))
}

/// The English words of [`ENGLISH`] that `text` says, as whole words (a hyphenated token counts by its parts).
fn english_words(text: &str, lang: Lang) -> Vec<String> {
    let words = text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty());
    let english = |w: &&str| {
        ENGLISH.contains(&w.to_lowercase().as_str()) && !(lang == Lang::Nl && w.eq_ignore_ascii_case("plank"))
    };
    words.filter(english).map(String::from).collect()
}

#[test]
fn french_puts_no_break_spaces_where_its_typography_wants_them() {
    let faults: Vec<String> = texts(Lang::Fr)
        .into_iter()
        .flat_map(|(id, text)| french_faults(&text).into_iter().map(move |f| format!("{id}: {f:?}")))
        .collect();
    assert!(faults.is_empty(), "{} places:\n{}", faults.len(), faults.join("\n"));
    assert_eq!(french_faults("Perdues : 2 ; voilà ! « x »: n° 3, 50 %").len(), 8);
    assert!(french_faults("Perdues\u{a0}: 2\u{202f}; «\u{a0}x\u{a0}» https://x 12:30").is_empty());
}

#[test]
fn each_language_quotes_in_one_style() {
    for (lang, style) in [(Lang::En, '"'), (Lang::Fr, '«'), (Lang::Nl, '‘')] {
        let other: Vec<String> = texts(lang)
            .into_iter()
            .filter(|(_, text)| quote_styles(text).any(|c| c != style))
            .map(|(id, text)| format!("{id}: {text}"))
            .collect();
        assert!(other.is_empty(), "{} quotes otherwise than {style}:\n{}", lang.code(), other.join("\n"));
    }
}

#[test]
fn french_and_dutch_texts_say_no_english_colour_or_card_word() {
    for lang in [Lang::Fr, Lang::Nl] {
        let english: Vec<String> = texts(lang)
            .into_iter()
            .filter(|(id, _)| !TEACHING_TOKENS.contains(&id.split('.').next().unwrap_or_default()))
            .filter_map(|(id, text)| {
                Some(format!("{id}: {:?}", Some(english_words(&text, lang)).filter(|w| !w.is_empty())?))
            })
            .collect();
        assert!(english.is_empty(), "{}:\n{}", lang.code(), english.join("\n"));
    }
    assert_eq!(english_words("la planche red-5 (stone)", Lang::Fr), ["red", "stone"]);
    assert!(english_words("de plank rood-5", Lang::Nl).is_empty());
}
