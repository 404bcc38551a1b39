//! The games as the service knows them: each game's adapter ([`adapter`]: its options, menus, words and pictures),
//! the registry that lists them once ([`games`], through [`crate::games!`]), and the closed set generated from it
//! ([`any`]), through which everything else works on any game, typed, without naming one.

pub mod adapter;
pub mod any;
pub mod games;

/// The kinds of game, generated from the registry apart from the closed set ([`any`]), so that what names a kind
/// (a typed command, [`adapter::Typed`]) does not need the closed set.
macro_rules! kinds {
    ($($V:ident: $A:ty => ($G:ty, $Action:ty, $O:ty)),* $(,)?) => {
        /// A registered game's kind: `games.kind` in the store and the record's `game` are its [`Kind::name`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind { $($V),* }

        impl Kind {
            /// Every registered game, in the registry's order.
            pub const ALL: &'static [Kind] = &[$(Kind::$V),*];
        }
    };
}

crate::games!(kinds);
