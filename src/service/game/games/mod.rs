//! The registry: every game the platform runs, declared once in [`crate::games!`].
//!
//! Whatever needs the set of games expands its own macro over that one list: the closed set the service plays
//! ([`crate::service::game::any`]: kinds in the store, actions, reports, refusals, views), records and `replay`
//! ([`crate::replay`]), `demo` and `arena` ([`crate::offline`], through [`crate::service::game::Kind::ALL`]) and the Discord
//! roots ([`crate::discord`]). Computer knowledge and pictures are reached through the adapter, typed.
//!
//! A new game `x` adds only its own files, each with its `mod` line in the folder beside it:
//! - `rules/src/x/` — its rules (`Game`, its record with `Record`, its errors) — and `rules/src/ai/x.rs` (what
//!   computers know of it: `Knowledge`);
//! - `render/src/x/` (drawing its scenes) and `src/pictures/x.rs` (its scenes, from its views);
//! - `src/service/game/games/x.rs`: its [`crate::service::game::adapter::Adapter`] (options, set-up, time-outs,
//!   words, and the one builder of its moves: menus, typed commands and their autocomplete);
//! - `src/discord/x.rs`: its root command, start and move commands and rules text (`discord::Front`);
//! - `locales/{en,fr,nl}/x.ftl`: its words in each language, its commands' (`cmd-x-…`) included: a language's files
//!   are one catalogue (found by build.rs, held to the same ids by the catalogue test);
//!
//! and one entry in [`crate::games!`]: `X: $crate::service::game::games::x::XGame => (Game, Action, Options),`.

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;

/// Every game, once: the name of its variant in the closed set, its adapter, and the types its adapter joins (the
/// rules' game and action, the lobby's options), named here too because an impl generated for a type reached
/// through the adapter (`<A as Adapter>::Action`) is one the compiler cannot tell apart from the others'.
/// `games!(then)` expands the macro `then` over the list, `then! { Name: Adapter => (Game, Action, Options), … }`.
#[macro_export]
macro_rules! games {
    ($then:ident) => {
        $then! {
            Meridian: $crate::service::game::games::meridian::MeridianGame => (
                $crate::rules::meridian::Meridian, $crate::rules::meridian::Move,
                $crate::service::game::games::meridian::Options
            ),
            Contrees: $crate::service::game::games::contrees::ContreesGame => (
                $crate::rules::contrees::Contrees, $crate::rules::contrees::Action,
                $crate::service::game::games::contrees::Options
            ),
            DragonDelta: $crate::service::game::games::dragon_delta::DragonDeltaGame => (
                $crate::rules::dragon_delta::DragonDelta, $crate::rules::dragon_delta::Action,
                $crate::service::game::games::dragon_delta::Options
            ),
        }
    };
}

/// For the games' refusal tests: answers as the service gives them, and their words in every language.
#[cfg(test)]
pub(crate) mod answers {
    use crate::language::{Arg, Lang, List, Text};
    use crate::rules::Seat;
    use crate::service::game::any::AnyGame;
    use crate::service::{ServiceError, Typed};

    /// What `seat`, due in `game`, reads when it types `typed`, as [`crate::service::Service::step`] answers a typed
    /// move: the words that read as no move, or the rule broken by its actions, played one after another.
    pub fn refused(game: &AnyGame, seat: Seat, typed: &Typed) -> Text {
        let names = ["ana", "ben", "cy"].map(String::from);
        let error = match game.typed(seat, typed) {
            Err(words) => ServiceError::Unread(words),
            Ok(Err(refused)) => ServiceError::Illegal(refused),
            Ok(Ok(actions)) => {
                let mut after = game.clone();
                let refused = actions.iter().find_map(|a| after.apply(seat, a, &names).err());
                ServiceError::Illegal(refused.unwrap_or_else(|| panic!("{typed:?} is played")))
            }
        };
        error.text()
    }

    /// A refusal to provoke: its name, the game, the seat due that types, what it types, and the English expected.
    pub type Case<'a> = (&'a str, AnyGame, Seat, Typed, &'a str);

    /// Each case's answer, word for word and said in every language; every case that differs is named.
    pub fn check(cases: Vec<Case>) {
        let wrong = cases.into_iter().filter_map(|(case, game, seat, typed, expected)| {
            let said = said(&refused(&game, seat, &typed));
            (said != expected).then(|| format!("{case}:\n  {said:?}"))
        });
        let wrong: Vec<String> = wrong.collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// `text` in English, checked said in French and Dutch too: every message it names is in their catalogues
    /// and each reference within them resolves (an unresolved one would show as `{…}`).
    pub fn said(text: &Text) -> String {
        for lang in [Lang::Fr, Lang::Nl] {
            let mut ids = Vec::new();
            ids_of(text, &mut ids);
            assert!(ids.iter().all(|id| lang.has(id)), "{}: {ids:?}", lang.code());
            let words = lang.say(text);
            assert!(!words.contains('{'), "{}: {words}", lang.code());
        }
        Lang::En.say(text)
    }

    fn ids_of(text: &Text, ids: &mut Vec<String>) {
        let Text::Message { id, args } = text else { return };
        ids.push(id.clone());
        args.values().for_each(|arg| arg_ids(arg, ids));
    }

    fn arg_ids(arg: &Arg, ids: &mut Vec<String>) {
        match arg {
            Arg::Text(text) => ids_of(text, ids),
            Arg::List(List::And(items) | List::Or(items) | List::Commas(items))
            | Arg::List(List::Sentences(items) | List::Lines(items)) => items.iter().for_each(|a| arg_ids(a, ids)),
            Arg::Number(_) | Arg::Word(_) => {}
        }
    }
}
