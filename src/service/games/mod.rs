//! The registry: every game the platform runs, declared once in [`crate::games!`].
//!
//! Whatever needs the set of games expands its own macro over that one list: the closed set the service plays
//! ([`super::any`]: kinds in the store, actions, reports, refusals, views), records and `replay`
//! ([`crate::replay`]), `demo` and `arena` ([`crate::offline`], through [`super::any::Kind::ALL`]) and the Discord
//! roots ([`crate::discord`]). Computer knowledge and pictures are reached through the adapter, typed.
//!
//! A new game `x` adds only its own files, each with its `mod` line in the folder beside it:
//! - `rules/src/x/` — its rules (`Game`, its record with `Record`, its errors) — and `rules/src/ai/x.rs` (what
//!   computers know of it: `Knowledge`);
//! - `render/src/x/` (drawing its scenes) and `src/pictures/x.rs` (its scenes, from its views);
//! - `src/service/games/x.rs`: its [`super::adapter::Adapter`] (options, set-up, time-outs, words, and the one
//!   builder of its moves: menus, typed commands and their autocomplete);
//! - `src/discord/x.rs`: its root command, start and move commands and rules text (`discord::Front`);
//! - `locales/{en,fr,nl}/x.ftl`: its words in each language, its commands' (`cmd-x-…`) included: a language's files
//!   are one catalogue (found by build.rs, held to the same ids by the catalogue test);
//!
//! and one line in [`crate::games!`]: `X: $crate::service::games::x::XGame,`.

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;

/// Every game, once: the name of its variant in the closed set and its adapter. `games!(then)` expands the macro
/// `then` over the list, `then! { Name: Adapter, … }`.
#[macro_export]
macro_rules! games {
    ($then:ident) => {
        $then! {
            Meridian: $crate::service::games::meridian::MeridianGame,
            Contrees: $crate::service::games::contrees::ContreesGame,
            DragonDelta: $crate::service::games::dragon_delta::DragonDeltaGame,
        }
    };
}
