//! [`Text`]: something to say, in no language yet. It names a message of the catalogues and its arguments; each
//! reader gets it in their own language ([`super::Lang::say`]). Stored effects hold texts, so a game started in French
//! can be followed in Dutch, and nothing stored depends on a language.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A message of the catalogues and its arguments, or words stored before the bot spoke several languages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Text {
    Message {
        id: String,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        args: BTreeMap<String, Arg>,
    },
    /// Said as it is: a stored effect's English from before the catalogues, or a player's own words.
    Said(String),
}

/// An argument of a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    /// A count or a score: plurals follow it.
    Number(f64),
    /// A name, a card, a city: said as it is in every language.
    Word(String),
    /// Another message, said in the same language.
    Text(Box<Text>),
    /// Items joined as the language joins them: "a, b and c", « a, b et c ».
    List(List),
}

/// Items joined with commas, and the language's `and` or `or` before the last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum List {
    And(Vec<Arg>),
    Or(Vec<Arg>),
    Commas(Vec<Arg>),
    /// One sentence after another: "ana passed. ben passed".
    Sentences(Vec<Arg>),
    /// One line after another.
    Lines(Vec<Arg>),
}

impl Text {
    /// Discord's timestamp markup for `ms`, which each reader's client shows in their own time zone: `style` `F`
    /// (date and time), `R` (in 3 hours).
    pub fn timestamp(ms: i64, style: char) -> Text {
        Text::Said(format!("<t:{}:{style}>", ms.div_euclid(1000)))
    }

    /// The message `id`, with no argument yet.
    pub fn new(id: &str) -> Text {
        Text::Message { id: id.to_string(), args: BTreeMap::new() }
    }

    /// With argument `name` set to `value`.
    pub fn with(mut self, name: &str, value: impl Into<Arg>) -> Text {
        if let Text::Message { args, .. } = &mut self {
            args.insert(name.to_string(), value.into());
        }
        self
    }

    /// The message's id (empty for words said as they are).
    pub fn id(&self) -> &str {
        match self {
            Text::Message { id, .. } => id,
            Text::Said(_) => "",
        }
    }
}

/// `text!("id", name = value, …)`: the message `id` with its arguments.
#[macro_export]
macro_rules! text {
    ($id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::language::Text::new($id)$(.with(stringify!($name), $value))*
    };
}

/// `Display` (in English) and `Error` for a refusal that says a [`Text`], given as `|refusal| text`: logs, tests and
/// replays read English, players read the text in their own language.
#[macro_export]
macro_rules! said_in_english {
    ($t:ty, $text:expr) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&$crate::language::Lang::En.say(&($text)(self)))
            }
        }

        impl std::error::Error for $t {}
    };
}

impl From<&str> for Arg {
    fn from(word: &str) -> Arg {
        Arg::Word(word.to_string())
    }
}

impl From<String> for Arg {
    fn from(word: String) -> Arg {
        Arg::Word(word)
    }
}

impl From<&String> for Arg {
    fn from(word: &String) -> Arg {
        Arg::Word(word.clone())
    }
}

impl From<Text> for Arg {
    fn from(text: Text) -> Arg {
        Arg::Text(Box::new(text))
    }
}

impl From<List> for Arg {
    fn from(list: List) -> Arg {
        Arg::List(list)
    }
}

impl From<f64> for Arg {
    fn from(n: f64) -> Arg {
        Arg::Number(n)
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i32, i64);

impl List {
    /// `items` joined with `and`.
    pub fn and<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> List {
        List::And(items.into_iter().map(Into::into).collect())
    }

    /// `items` one sentence after another.
    pub fn sentences<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> List {
        List::Sentences(items.into_iter().map(Into::into).collect())
    }

    /// `items` joined with `or`.
    pub fn or<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> List {
        List::Or(items.into_iter().map(Into::into).collect())
    }

    /// The first [`FEW`] of `items` with commas, and "…" when there are more: values offered in an answer, which
    /// must fit Discord's 2,000 characters in the longest language.
    pub fn few<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> List {
        let mut items = items.into_iter().map(Into::into);
        let mut shown: Vec<Arg> = items.by_ref().take(FEW).collect();
        if items.next().is_some() {
            shown.push(Arg::Word("…".into()));
        }
        List::Commas(shown)
    }
}

/// Values a [`List::few`] shows.
pub const FEW: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_stored_language_free_and_old_words_still_read() {
        let t = text!("played", who = "ana", floors = 3, pushed = List::and(["ben", "cy"]));
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, r#"{"id":"played","args":{"floors":3.0,"pushed":{"and":["ben","cy"]},"who":"ana"}}"#);
        assert_eq!(serde_json::from_str::<Text>(&json).unwrap(), t);
        let nested = text!("outer", inner = text!("inner", n = 1));
        assert_eq!(serde_json::from_str::<Text>(&serde_json::to_string(&nested).unwrap()).unwrap(), nested);
        assert_eq!(serde_json::from_str::<Text>(r#""ana passed""#).unwrap(), Text::Said("ana passed".into()));
    }

    #[test]
    fn a_few_values_are_shown_and_more_are_cut_short() {
        assert_eq!(List::few(1..=3), List::Commas(vec![1.into(), 2.into(), 3.into()]));
        assert_eq!(List::few(1..=9), List::Commas((1..=8).map(Arg::from).chain(["…".into()]).collect()));
    }
}
