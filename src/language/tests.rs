use super::*;
use crate::text;
use fluent_syntax::ast;
use std::collections::BTreeSet;

/// What a catalogue says of one message: its attributes, the variables it uses and those it selects by number
/// (`{ $floors -> [one] … }`, `[18]`).
#[derive(Debug, PartialEq)]
struct Shape {
    attributes: BTreeSet<String>,
    variables: BTreeSet<String>,
    terms: BTreeSet<String>,
    counted: BTreeSet<String>,
}

/// Whether a select expression's variants are chosen by number: a plural category or a number as key.
fn by_number(variants: &[ast::Variant<&str>]) -> bool {
    variants.iter().any(|v| match &v.key {
        ast::VariantKey::NumberLiteral { .. } => true,
        ast::VariantKey::Identifier { name } => matches!(*name, "zero" | "one" | "two" | "few" | "many"),
    })
}

fn inline(e: &ast::InlineExpression<&str>, shape: &mut Shape) {
    use ast::InlineExpression as I;
    match e {
        I::VariableReference { id } => drop(shape.variables.insert(id.name.to_string())),
        I::TermReference { id, arguments, .. } => {
            shape.terms.insert(id.name.to_string());
            for a in arguments.iter().flat_map(|a| a.positional.iter().chain(a.named.iter().map(|n| &n.value))) {
                inline(a, shape);
            }
        }
        I::FunctionReference { arguments, .. } => {
            for a in arguments.positional.iter().chain(arguments.named.iter().map(|n| &n.value)) {
                inline(a, shape);
            }
        }
        I::Placeable { expression } => expression_of(expression, shape),
        _ => {}
    }
}

fn expression_of(e: &ast::Expression<&str>, shape: &mut Shape) {
    match e {
        ast::Expression::Select { selector, variants } => {
            if let (ast::InlineExpression::VariableReference { id }, true) = (selector, by_number(variants)) {
                shape.counted.insert(id.name.to_string());
            }
            inline(selector, shape);
            variants.iter().for_each(|v| pattern(&v.value, shape));
        }
        ast::Expression::Inline(i) => inline(i, shape),
    }
}

fn pattern(p: &ast::Pattern<&str>, shape: &mut Shape) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_of(expression, shape);
        }
    }
}

/// Every message of a language, by id; terms (`-meridian`) are the language's own and are not compared.
fn shapes(lang: Lang) -> (BTreeMap<String, Shape>, BTreeSet<String>) {
    let (mut messages, mut terms) = (BTreeMap::new(), BTreeSet::new());
    for (file, source) in lang.sources().iter().enumerate() {
        let resource = fluent_syntax::parser::parse(*source)
            .unwrap_or_else(|(_, errors)| panic!("{} file {file} does not parse: {errors:?}", lang.code()));
        for entry in resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    let (attributes, variables, terms, counted) = Default::default();
                    let mut shape = Shape { attributes, variables, terms, counted };
                    m.value.iter().for_each(|v| pattern(v, &mut shape));
                    for a in &m.attributes {
                        shape.attributes.insert(a.id.name.to_string());
                        pattern(&a.value, &mut shape);
                    }
                    let id = m.id.name.to_string();
                    assert!(messages.insert(id.clone(), shape).is_none(), "{} says {id} twice", lang.code());
                }
                ast::Entry::Term(t) => drop(terms.insert(t.id.name.to_string())),
                ast::Entry::Junk { content } => panic!("{} file {file} has junk: {content}", lang.code()),
                _ => {}
            }
        }
    }
    (messages, terms)
}

#[test]
fn every_message_is_in_every_language_with_the_same_variables() {
    let (english, _) = shapes(Lang::En);
    assert!(english.len() > 100, "the English catalogue reads: {} messages", english.len());
    for lang in [Lang::Fr, Lang::Nl] {
        let (messages, terms) = shapes(lang);
        let missing: Vec<&String> = english.keys().filter(|id| !messages.contains_key(*id)).collect();
        let extra: Vec<&String> = messages.keys().filter(|id| !english.contains_key(*id)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            lang.code()
        );
        for (id, shape) in &messages {
            let en = &english[id];
            assert_eq!(shape.variables, en.variables, "{} {id}: variables", lang.code());
            assert_eq!(shape.attributes, en.attributes, "{} {id}: attributes", lang.code());
            let unknown: Vec<&String> = shape.terms.difference(&terms).collect();
            assert!(unknown.is_empty(), "{} {id} uses terms it does not define: {unknown:?}", lang.code());
        }
    }
}

/// Every message of every catalogue alone, each argument the longest name Discord gives (32 wide characters; a
/// count falls to its plural), within a message's 2,000 characters: the longest, the rules summaries, fit.
#[test]
fn every_message_alone_fits_a_discord_message() {
    for lang in Lang::ALL {
        for (id, shape) in shapes(lang).0 {
            let said = shape.variables.iter().fold(Text::new(&id), |t, v| t.with(v, "W".repeat(32)));
            let length = lang.say(&said).chars().count();
            assert!(length <= super::MESSAGE_CHARS, "{} {id}: {length} characters", lang.code());
        }
    }
}

#[test]
fn a_discord_locale_picks_the_nearest_language() {
    for (locale, lang) in
        [("fr", Lang::Fr), ("nl", Lang::Nl), ("en-US", Lang::En), ("en-GB", Lang::En), ("de", Lang::En), ("", Lang::En)]
    {
        assert_eq!(Lang::from_locale(locale), lang, "{locale}");
    }
    assert_eq!(Lang::from_locale("fr-CA"), Lang::Fr);
    assert_eq!(Lang::from_locale("NL-be"), Lang::Nl);
}

#[test]
fn lists_and_numbers_follow_the_language() {
    let three = List::and(["ana", "ben", "cy"]);
    assert_eq!(Lang::En.say(&text!("play-lines", lines = three.clone())), "ana, ben and cy");
    assert_eq!(Lang::Fr.say(&text!("play-lines", lines = three.clone())), "ana, ben et cy");
    assert_eq!(Lang::Nl.say(&text!("play-lines", lines = three)), "ana, ben en cy");
    assert_eq!(Lang::Fr.say(&text!("play-lines", lines = List::or(["/a", "/b"]))), "/a ou /b");
    assert_eq!(Lang::Nl.say(&text!("play-lines", lines = List::and(["ana"]))), "ana");
    assert_eq!(Lang::Fr.say(&text!("play-lines", lines = 12.5)), "12,5");
    assert_eq!(Lang::En.say(&text!("play-lines", lines = 12.5)), "12.5");
    assert_eq!(Lang::Fr.say(&Text::Said("as it is".into())), "as it is");
}

#[test]
fn input_is_shown_cut_short_with_control_characters_escaped() {
    assert_eq!(as_typed(&"c".repeat(6000)), format!("{}…", "c".repeat(40)));
    assert_eq!(as_typed("fly\nmove"), "fly\\nmove");
    assert_eq!(as_typed("dragon-rouge"), "dragon-rouge");
}

/// Variables that hold a count wherever they are named, selected by number or not (yet): plurals and English's
/// "a"/"an" follow them.
const COUNTS: [&str; 30] = [
    "count",
    "max",
    "min",
    "hours",
    "days",
    "games",
    "cards",
    "rounds",
    "players",
    "floors",
    "height",
    "score",
    "reserve",
    "towers",
    "markers",
    "demolished",
    "turns",
    "have",
    "rows",
    "stones",
    "deck",
    "more",
    "chosen",
    "wins",
    "moves",
    "left",
    "limit",
    "available",
    "byes",
    "most",
];

/// The counts tried: none, one, two, and numbers English says with a vowel.
const TRIED: [u64; 6] = [0, 1, 2, 8, 11, 18];

/// Every message with a count (a variable of [`COUNTS`], or one any language selects by number), in every language,
/// said with that count at each of [`TRIED`] (its other counts 2, its other variables a name): no count is followed
/// by a noun in the wrong number ("1 floors", French "0 tours", Dutch "1 torens"), no "a 18" or "an 1" in English.
#[test]
fn every_count_is_said_in_its_own_number() {
    let counted: BTreeSet<String> = Lang::ALL
        .into_iter()
        .flat_map(|lang| shapes(lang).0.into_values().flat_map(|s| s.counted))
        .chain(COUNTS.map(String::from))
        .collect();
    let mut faults = Vec::new();
    let mut tried = 0;
    for lang in Lang::ALL {
        for (id, shape) in shapes(lang).0 {
            let counts: Vec<&String> = shape.variables.iter().filter(|v| counted.contains(*v)).collect();
            for (count, n) in counts.iter().flat_map(|c| TRIED.map(|n| (*c, n))) {
                let said =
                    shape.variables.iter().fold(Text::new(&id), |t, v| match (v == count, counts.contains(&v)) {
                        (true, _) => t.with(v, n),
                        (false, true) => t.with(v, 2),
                        (false, false) => t.with(v, "ana"),
                    });
                let words = lang.say(&said);
                tried += 1;
                faults.extend(
                    super::lint::count_faults(lang, &words)
                        .into_iter()
                        .map(|f| format!("{} {id} ({count} = {n}): {f:?} in {words:?}", lang.code())),
                );
            }
        }
    }
    assert!(tried > 500, "{tried} messages said with a count");
    assert!(faults.is_empty(), "{} wrong forms:\n{}", faults.len(), faults.join("\n"));
}
