//! The languages the bot speaks — English, French, Dutch — and their catalogues (`locales/<code>/*.ftl`, Fluent,
//! compiled into the binary: every file of `locales/en`, by the same name in each language, found by build.rs; a
//! game's words come with its own files). Every word a player reads is a message of the catalogues, said in the
//! reader's language: a private answer, a DM or a private picture in the player's; a game's thread, its pictures and
//! its page in the game's. What is stored is language-free ([`Text`]).
//!
//! There is no silent fallback: a message missing from a catalogue is a bug, found by the catalogue test (every id
//! in all three, with the same variables), and logged if it ever happens.

mod text;

pub use text::{Arg, List, Text};

/// Discord's limit on a message's content, in characters: every message of the catalogues, said at its longest, fits.
pub const MESSAGE_CHARS: usize = 2000;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    Fr,
    Nl,
}

// `CATALOGUES`: every file of `locales/en`, and the same files in French and Dutch (build.rs).
include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Nl];

    /// Its code: `en`, `fr`, `nl` (the stored value, the page's `?lang=`, Discord's locale for French and Dutch).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Nl => "nl",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The nearest language to a Discord locale (`fr`, `nl`, `en-US`, `de`, …): French for any French, Dutch for
    /// any Dutch, English for the rest.
    pub fn from_locale(locale: &str) -> Lang {
        let language = locale.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Lang::from_code(&language).unwrap_or_default()
    }

    /// Its own catalogue's files, as compiled in.
    pub fn sources(self) -> &'static [&'static str] {
        &CATALOGUES[self as usize]
    }

    fn bundle(self) -> &'static FluentBundle<FluentResource> {
        static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();
        let bundles = BUNDLES.get_or_init(|| Lang::ALL.map(Lang::load));
        &bundles[self as usize]
    }

    fn load(self) -> FluentBundle<FluentResource> {
        let id: unic_langid::LanguageIdentifier = self.code().parse().expect("a language code");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // No invisible isolation marks around arguments: Discord shows them as they are.
        bundle.set_use_isolating(false);
        for source in self.sources() {
            // The catalogue test parses every file without error; a mistake here is a bug in the build.
            let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
            bundle.add_resource_overriding(resource);
        }
        bundle
    }

    /// `text` in this language.
    pub fn say(self, text: &Text) -> String {
        match text {
            Text::Said(words) => words.clone(),
            Text::Message { id, args } => self.message(id, None, args).unwrap_or_else(|| {
                tracing::error!(id, language = self.code(), "a message missing from the catalogue");
                id.clone()
            }),
        }
    }

    /// The message `id` with no arguments.
    pub fn word(self, id: &str) -> String {
        self.say(&Text::new(id))
    }

    /// The message `id`'s attribute `attribute` (`.description`) with arguments `args`, if it has one.
    pub fn attribute(self, id: &str, attribute: &str, args: &BTreeMap<String, Arg>) -> Option<String> {
        self.message(id, Some(attribute), args)
    }

    /// Whether the catalogue has the message `id`.
    pub fn has(self, id: &str) -> bool {
        self.bundle().has_message(id)
    }

    fn message(self, id: &str, attribute: Option<&str>, args: &BTreeMap<String, Arg>) -> Option<String> {
        let bundle = self.bundle();
        let message = bundle.get_message(id)?;
        let pattern = match attribute {
            Some(name) => message.get_attribute(name)?.value(),
            None => message.value()?,
        };
        let mut fluent = FluentArgs::new();
        for (name, arg) in args {
            fluent.set(name.as_str(), self.value(arg));
        }
        let mut errors = Vec::new();
        let said = bundle.format_pattern(pattern, Some(&fluent), &mut errors).into_owned();
        if !errors.is_empty() {
            tracing::error!(id, language = self.code(), ?errors, "a message does not format");
        }
        Some(said)
    }

    fn value(self, arg: &Arg) -> FluentValue<'static> {
        match arg {
            Arg::Number(n) if n.fract() == 0.0 => FluentValue::from(*n as i64),
            // One decimal, with the language's decimal mark.
            Arg::Number(n) => {
                let said = format!("{n:.1}");
                FluentValue::from(if self == Lang::En { said } else { said.replace('.', ",") })
            }
            Arg::Word(word) => FluentValue::from(word.clone()),
            Arg::Text(text) => FluentValue::from(self.say(text)),
            Arg::List(list) => FluentValue::from(self.list(list)),
        }
    }

    /// Items joined with commas and the language's word before the last.
    fn list(self, list: &List) -> String {
        let (items, last_word) = match list {
            List::And(items) => (items, "list-and"),
            List::Or(items) => (items, "list-or"),
            List::Commas(items) => (items, ", "),
            List::Sentences(items) => (items, ". "),
            List::Lines(items) => (items, "\n"),
        };
        let said: Vec<String> = items.iter().map(|a| self.value(a).as_string_threadsafe()).collect();
        match said.as_slice() {
            _ if !last_word.starts_with("list") => said.join(last_word),
            [] => String::new(),
            [only] => only.clone(),
            [init @ .., end] => {
                self.say(&Text::new(last_word).with("init", init.join(", ")).with("last", end.as_str()))
            }
        }
    }
}

/// A value as a string, outside a bundle's scope (words, numbers already made words).
trait Stringify {
    fn as_string_threadsafe(&self) -> String;
}

impl Stringify for FluentValue<'_> {
    fn as_string_threadsafe(&self) -> String {
        match self {
            FluentValue::String(s) => s.to_string(),
            FluentValue::Number(n) => n.as_string().into_owned(),
            _ => String::new(),
        }
    }
}

/// `words` with a capital first letter: a language's name alone, a name beginning a title, a move proposed (its
/// words begin in lower case, to be joined after another's).
pub fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().into_iter().flat_map(char::to_uppercase).chain(chars).collect()
}

/// A player's input as an answer shows it, between the quotation marks of the answer's language (its catalogue's
/// message puts them): cut short, since an option can hold 6,000 characters, and with control characters escaped.
pub fn as_typed(input: &str) -> String {
    const SHORT: usize = 40;
    let shown: String = input.chars().take(SHORT).collect::<String>().escape_debug().collect();
    match input.chars().count() > SHORT {
        true => format!("{shown}…"),
        false => shown,
    }
}

#[cfg(test)]
mod lint;
#[cfg(test)]
mod tests;
