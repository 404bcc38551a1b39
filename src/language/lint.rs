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

/// Each language's nouns that follow a count, singular and plural: after a count of one (in French, 0 or 1) the
/// plural is wrong, after any other count the singular.
const NOUNS: [(Lang, &[(&str, &str)]); 3] = [
    (
        Lang::En,
        &[
            ("floor", "floors"),
            ("tower", "towers"),
            ("land", "lands"),
            ("card", "cards"),
            ("turn", "turns"),
            ("game", "games"),
            ("minute", "minutes"),
            ("hour", "hours"),
            ("day", "days"),
            ("point", "points"),
            ("move", "moves"),
            ("round", "rounds"),
            ("entrant", "entrants"),
            ("marker", "markers"),
            ("player", "players"),
            ("stone", "stones"),
            ("plank", "planks"),
            ("computer", "computers"),
            ("bye", "byes"),
            ("lobby", "lobbies"),
            ("invitation", "invitations"),
            ("character", "characters"),
        ],
    ),
    (
        Lang::Fr,
        &[
            ("étage", "étages"),
            ("tour", "tours"),
            ("contrée", "contrées"),
            ("carte", "cartes"),
            ("partie", "parties"),
            ("minute", "minutes"),
            ("heure", "heures"),
            ("jour", "jours"),
            ("point", "points"),
            ("coup", "coups"),
            ("ronde", "rondes"),
            ("participant", "participants"),
            ("inscrit", "inscrits"),
            ("marqueur", "marqueurs"),
            ("joueur", "joueurs"),
            ("pierre", "pierres"),
            ("planche", "planches"),
            ("ordinateur", "ordinateurs"),
            ("exempt", "exempts"),
            ("invitation", "invitations"),
            ("caractère", "caractères"),
        ],
    ),
    (
        Lang::Nl,
        &[
            ("stuk", "stukken"),
            ("torenstuk", "torenstukken"),
            ("toren", "torens"),
            ("gebied", "gebieden"),
            ("kaart", "kaarten"),
            ("beurt", "beurten"),
            ("spel", "spellen"),
            ("minuut", "minuten"),
            ("dag", "dagen"),
            ("punt", "punten"),
            ("zet", "zetten"),
            ("ronde", "rondes"),
            ("deelnemer", "deelnemers"),
            ("bezitsmarker", "bezitsmarkers"),
            ("speler", "spelers"),
            ("steen", "stenen"),
            ("plank", "planken"),
            ("computer", "computers"),
            ("uitnodiging", "uitnodigingen"),
            ("lobby", "lobby's"),
            ("teken", "tekens"),
        ],
    ),
];

/// Words that may stand between a count and its noun ("2 rated games", "les 2 derniers jours").
const ADJECTIVES: [&str; 7] = ["rated", "more", "earlier", "dernier", "derniers", "openstaande", "new"];

/// Whether a count takes the singular in `lang`: one, and in French zero too.
fn singular(lang: Lang, count: u64) -> bool {
    count == 1 || (lang == Lang::Fr && count == 0)
}

/// Whether English says `digits` beginning with a vowel ("an 8", "an 11", "an 18", "an 80", "an 11,000"): by its
/// first group of up to three digits as said.
fn said_with_a_vowel(digits: &str) -> bool {
    let lead = match digits.len() % 3 {
        0 => &digits[..digits.len().min(3)],
        n => &digits[..n],
    };
    lead.starts_with('8') || lead == "11" || lead == "18"
}

/// The wrong forms in `text` of `lang`: a count followed (at once, or after one of [`ADJECTIVES`]) by a noun in the
/// wrong number, and in English "a" or "an" before a number said otherwise.
pub(super) fn count_faults(lang: Lang, text: &str) -> Vec<String> {
    let nouns = NOUNS.iter().find(|(l, _)| *l == lang).map_or(&[][..], |(_, n)| *n);
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'').to_lowercase();
    // Each word as said, opening brackets and quotation marks aside ("(1 game)"), closing punctuation kept.
    let words: Vec<&str> = text.split_whitespace().map(|w| w.trim_start_matches(['(', '«', '"', '‘', '“'])).collect();
    let mut faults = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            continue;
        }
        let said = word.trim_end_matches(|c: char| !c.is_alphanumeric());
        if lang == Lang::En && i > 0 {
            let (article, wanted) = (bare(words[i - 1]), if said_with_a_vowel(&digits) { "an" } else { "a" });
            if matches!(article.as_str(), "a" | "an") && article != wanted {
                faults.push(format!("{article} {said}"));
            }
        }
        // A compound ("2-floor") or a number with more to it (12:30, 6.2) has no noun after it.
        let (Ok(count), true) = (digits.parse::<u64>(), digits.len() == said.len()) else { continue };
        let mut after = words[i + 1..].iter().map(|w| bare(w)).skip_while(|w| ADJECTIVES.contains(&w.as_str()));
        let Some(next) = after.next() else { continue };
        let Some(&(one, many)) = nouns.iter().find(|(one, many)| next == *one || next == *many) else { continue };
        if (singular(lang, count) && next == many && one != many) || (!singular(lang, count) && next == one) {
            faults.push(format!("{count} {next}"));
        }
    }
    faults
}

#[test]
fn the_count_checker_finds_wrong_plurals_and_articles() {
    let en = "1 floors, a 18-floor tower, an 2-floor one, a 8-floor, 2 rated game, 0 tower, an 11, a 80";
    assert_eq!(
        count_faults(Lang::En, en),
        ["1 floors", "a 18-floor", "an 2-floor", "a 8-floor", "2 game", "0 tower", "a 80"]
    );
    let fine = "1 floor, an 18-floor tower, a 2-floor one, an 8-floor, 2 rated games, 0 towers, an 11, 2 play game #1";
    assert!(count_faults(Lang::En, fine).is_empty(), "{:?}", count_faults(Lang::En, fine));
    assert_eq!(
        count_faults(Lang::Fr, "0 tours, 1 tours, 2 tour, (1 jours restants)"),
        ["0 tours", "1 tours", "2 tour", "1 jours"]
    );
    assert!(count_faults(Lang::Fr, "0 tour, 1 tour, 2 tours, 18 étages").is_empty());
    assert_eq!(
        count_faults(Lang::Nl, "1 torens, 0 toren, 2 stukken (1 lobby's)"),
        ["1 torens", "0 toren", "1 lobby's"]
    );
    // The checker reads what a catalogue said before its plurals: Meridian's standing with one floor left.
    let old = "12 points, 1 floors in reserve";
    assert_eq!(count_faults(Lang::En, old), ["1 floors"]);
}
