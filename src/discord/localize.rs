//! The commands in the three languages: every root, subcommand, option and choice takes its description (and
//! choice names) from the English catalogue, and its French and Dutch names and descriptions from theirs, as
//! Discord's `name_localizations` / `description_localizations` (an entry for each language, even where the word is
//! the same).
//!
//! A command's words are the message `cmd-<root>-<path>` (`cmd-meridian-start`), or for a command every game shares
//! `cmd-<path>` (`cmd-log`, `cmd-settings-vacation`): its value is the name, `.description` the description. An
//! option's are `<command's id>-<option>`, or for an option many commands share `opt-<option>` (`opt-game`); its
//! choices are the attributes `.choice-1`, `.choice-2`, … in order.

use super::context::{Data, Error};
use crate::language::{Arg, Lang};
use crate::service::tournament::entry;
use crate::service::{
    CHOICE_LIMIT_HOURS, DAYS_A_YEAR, DAY_HOURS, DEFAULT_CHOICE_LIMIT_HOURS, DEFAULT_TURN_LIMIT_DAYS, DEFAULT_WARNINGS,
    MAX_WARNINGS, REMINDER_HOURS, TURN_LIMIT_DAYS, WARNING_HOURS,
};
use std::collections::BTreeMap;

type Command = poise::Command<Data, Error>;

/// The bounds and defaults the descriptions state (`{ $turn_max }`), from the constants the checks use.
fn bounds() -> BTreeMap<String, Arg> {
    let default_warnings: Vec<String> = DEFAULT_WARNINGS.iter().map(u32::to_string).collect();
    let values: [(&str, Arg); 22] = [
        ("turn_min", (*TURN_LIMIT_DAYS.start()).into()),
        ("turn_max", (*TURN_LIMIT_DAYS.end()).into()),
        ("turn_default", DEFAULT_TURN_LIMIT_DAYS.into()),
        ("choice_min", (*CHOICE_LIMIT_HOURS.start()).into()),
        ("choice_max", (*CHOICE_LIMIT_HOURS.end()).into()),
        ("choice_default", DEFAULT_CHOICE_LIMIT_HOURS.into()),
        ("reminder_min", (*REMINDER_HOURS.start()).into()),
        ("reminder_max", (*REMINDER_HOURS.end()).into()),
        ("vacation_days", DAYS_A_YEAR.into()),
        ("log_moves", super::shared::LOG_MOVES.into()),
        ("month_days", super::ratings::MONTH_DAYS.into()),
        ("year_days", super::ratings::YEAR_DAYS.into()),
        ("costliest_shown", crate::service::analysis::judge::COSTLIEST_SHOWN.into()),
        ("warning_min", (*WARNING_HOURS.start()).into()),
        ("warning_max", (*WARNING_HOURS.end()).into()),
        ("warnings_most", MAX_WARNINGS.into()),
        ("warnings_default", default_warnings.join(" ").into()),
        ("hour_min", (*DAY_HOURS.start()).into()),
        ("hour_max", (*DAY_HOURS.end()).into()),
        ("tournament_name", entry::MAX_NAME_CHARS.into()),
        ("swiss_rounds", entry::MAX_SWISS_ROUNDS.into()),
        ("tournament_computers", entry::MAX_TOURNAMENT_COMPUTERS.into()),
    ];
    values.into_iter().map(|(name, value)| (name.to_string(), value)).collect()
}

/// The languages Discord shows besides the default (English), by their Discord locale.
const LOCALIZED: [Lang; 2] = [Lang::Fr, Lang::Nl];

/// Discord's rule for a command's or an option's name in any language: lowercase, 1 to 32 letters, digits, `-`,
/// `_` or `'`. A name that breaks it would make Discord refuse every command.
pub fn discord_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '\''))
        && name.to_lowercase() == name
}

/// Sets every command's words from the catalogues; returns what is missing from them or breaks Discord's rule for
/// names (nothing, as a test checks): those commands keep their words from the code.
pub fn localize(commands: &mut [Command]) -> Vec<String> {
    let (mut missing, bounds) = (Vec::new(), bounds());
    for root in commands {
        let name = root.name.clone();
        command(root, &[&name], &bounds, &mut missing);
    }
    missing
}

/// The first of `candidates` the English catalogue has.
fn found(candidates: &[String], missing: &mut Vec<String>) -> Option<String> {
    let id = candidates.iter().find(|id| Lang::En.has(id)).cloned();
    if id.is_none() {
        missing.push(candidates[0].clone());
    }
    id
}

/// Localizes a name as `lang` says message `id`, if the name keeps to Discord's rule.
fn named(names: &mut std::collections::HashMap<String, String>, lang: Lang, id: &str, missing: &mut Vec<String>) {
    match lang.word(id) {
        name if discord_name(&name) => drop(names.insert(lang.code().into(), name)),
        name => missing.push(format!("{} {id}: {name:?} is not a name Discord takes", lang.code())),
    }
}

fn command(c: &mut Command, path: &[&str], bounds: &BTreeMap<String, Arg>, missing: &mut Vec<String>) {
    let mut candidates = vec![format!("cmd-{}", path.join("-"))];
    if path.len() > 1 {
        candidates.push(format!("cmd-{}", path[1..].join("-")));
    }
    if let Some(id) = found(&candidates, missing) {
        c.description = Lang::En.attribute(&id, "description", bounds);
        for lang in LOCALIZED {
            named(&mut c.name_localizations, lang, &id, missing);
            if let Some(description) = lang.attribute(&id, "description", bounds) {
                c.description_localizations.insert(lang.code().into(), description);
            }
        }
        for p in &mut c.parameters {
            let candidates = [format!("{id}-{}", p.name), format!("opt-{}", p.name)];
            let Some(option) = found(&candidates, missing) else { continue };
            p.description = Lang::En.attribute(&option, "description", bounds);
            for lang in LOCALIZED {
                named(&mut p.name_localizations, lang, &option, missing);
                if let Some(description) = lang.attribute(&option, "description", bounds) {
                    p.description_localizations.insert(lang.code().into(), description);
                }
            }
            for (i, choice) in p.choices.iter_mut().enumerate() {
                let attribute = format!("choice-{}", i + 1);
                match Lang::En.attribute(&option, &attribute, bounds) {
                    Some(name) => choice.name = name,
                    None => missing.push(format!("{option}.{attribute}")),
                }
                for lang in LOCALIZED {
                    if let Some(name) = lang.attribute(&option, &attribute, bounds) {
                        choice.localizations.insert(lang.code().into(), name);
                    }
                }
            }
        }
    }
    for sub in &mut c.subcommands {
        let name = sub.name.clone();
        let path: Vec<&str> = path.iter().copied().chain([name.as_str()]).collect();
        command(sub, &path, bounds, missing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Discord's rule for a command's or an option's name in any language: lowercase, 1 to 32 letters, digits,
    /// `-`, `_` or `'`.
    fn check_words(
        what: &str,
        name: &str,
        names: &std::collections::HashMap<String, String>,
        descriptions: &std::collections::HashMap<String, String>,
        description: Option<&String>,
    ) {
        for lang in LOCALIZED {
            let code = lang.code();
            let local = names.get(code).unwrap_or_else(|| panic!("{what}: no {code} name"));
            assert!(discord_name(local), "{what}: {code} name {local:?}");
            let said = descriptions.get(code).unwrap_or_else(|| panic!("{what}: no {code} description"));
            assert!((1..=100).contains(&said.chars().count()), "{what}: {code} description {said:?}");
        }
        assert!(discord_name(name), "{what}");
        let english = description.unwrap_or_else(|| panic!("{what}: no description"));
        assert!((1..=100).contains(&english.chars().count()), "{what}: description {english:?}");
    }

    fn check(c: &Command, path: &str) {
        let what = format!("{path}{}", c.name);
        check_words(&what, &c.name, &c.name_localizations, &c.description_localizations, c.description.as_ref());
        for lang in LOCALIZED {
            let mut names = HashSet::new();
            for sub in c
                .subcommands
                .iter()
                .map(|s| &s.name_localizations)
                .chain(c.parameters.iter().map(|p| &p.name_localizations))
            {
                assert!(
                    names.insert(sub[lang.code()].clone()),
                    "{what}: two {} names {:?}",
                    lang.code(),
                    sub[lang.code()]
                );
            }
        }
        for p in &c.parameters {
            let what = format!("{what} {}", p.name);
            check_words(&what, &p.name, &p.name_localizations, &p.description_localizations, p.description.as_ref());
            for choice in &p.choices {
                assert!((1..=100).contains(&choice.name.chars().count()), "{what}: choice {:?}", choice.name);
                for lang in LOCALIZED {
                    let local = choice.localizations.get(lang.code());
                    assert!(
                        local.is_some_and(|l| (1..=100).contains(&l.chars().count())),
                        "{what}: {} choice",
                        lang.code()
                    );
                }
            }
        }
        for sub in &c.subcommands {
            check(sub, &format!("{what} "));
        }
    }

    /// The longest of a word and its localizations, in characters.
    fn longest(word: &str, localized: &std::collections::HashMap<String, String>) -> usize {
        localized.values().map(|w| w.chars().count()).chain([word.chars().count()]).max().unwrap_or(0)
    }

    /// Discord's count for one command: every name, description and choice (name and value), each in its longest
    /// language.
    fn words(c: &Command) -> usize {
        let own = longest(&c.name, &c.name_localizations)
            + longest(c.description.as_deref().unwrap_or_default(), &c.description_localizations);
        let options: usize = c
            .parameters
            .iter()
            .map(|p| {
                let choices: usize = p
                    .choices
                    .iter()
                    .enumerate()
                    // poise sends a choice's value as its index.
                    .map(|(i, choice)| longest(&choice.name, &choice.localizations) + i.to_string().len())
                    .sum();
                longest(&p.name, &p.name_localizations)
                    + longest(p.description.as_deref().unwrap_or_default(), &p.description_localizations)
                    + choices
            })
            .sum();
        own + options + c.subcommands.iter().map(words).sum::<usize>()
    }

    /// Discord refuses a command whose names, descriptions and choices come to more than 8,000 characters, each
    /// counted in its longest language.
    #[test]
    fn every_root_fits_discords_words_per_command() {
        let mut commands = super::super::commands();
        assert_eq!(localize(&mut commands), Vec::<String>::new());
        let counts: Vec<(String, usize)> = commands.iter().map(|c| (c.name.clone(), words(c))).collect();
        assert!(counts.iter().all(|&(_, n)| n <= 8_000), "{counts:?}");
        // Measured when tournaments came (issue 49): their group took 1,652 of each root's.
        let tournament = commands[0].subcommands.iter().find(|c| c.name == "tournament").map(words);
        // Fair play (issue 59) added 226 to each start command and 107 to the tournament's create. `/settings` came out
        // of each game's root into one of its own (issue 61): 1,394 each, so that the commands still to come fit.
        // Words that read as native (issue 62): accented tournament names, a fuller `/paramètres fuseau` and
        // `/meridian reprendre`; colours (issue 62): a start option each, and `/settings colours`. The position in
        // words (issue 62): `text` on `board` and `hand`, 74 each root. Replays (issue 63): `replay`, 206 each root;
        // the headroom kept below Discord's 8,000 for the commands still to come went from 1,500 to 1,000. Puzzles
        // (issue 64): `puzzle [from]`, 178 each root.
        assert!(counts.iter().all(|&(_, n)| n <= 7_000), "{counts:?}");
        let expected = [("meridian", 6_679), ("contrees", 6_771), ("delta", 6_402), ("settings", 1_600)];
        let expected = expected.map(|(n, c)| (n.to_string(), c));
        assert_eq!((counts, tournament), (expected.to_vec(), Some(1_763)));
    }

    /// Every root, subcommand, option and choice has its words in the three catalogues, within Discord's rules
    /// (names unique among their siblings in every language), and the English catalogue names each as the code does.
    #[test]
    fn every_command_has_its_words_in_every_language() {
        let mut commands = super::super::commands();
        let names: Vec<String> = commands.iter().map(|c| c.name.clone()).collect();
        assert_eq!(localize(&mut commands), Vec::<String>::new());
        for c in &commands {
            check(c, "/");
        }
        let roots: Vec<String> = commands.iter().map(|c| Lang::En.word(&format!("cmd-{}", c.name))).collect();
        assert_eq!(roots, names);
        // The bounds a description states are the checks' own.
        let settings = commands.iter().find(|c| c.name == "settings").unwrap();
        let vacation = settings.subcommands.iter().find(|c| c.name == "vacation").unwrap();
        let days = vacation.parameters[0].description.as_deref();
        assert_eq!(days, Some(format!("How many days (1 to {DAYS_A_YEAR})").as_str()));
    }
}
