//! The rules core: pure, synchronous and deterministic. No I/O, no clock, no async.
//!
//! Every game implements [`Game`]: who is due to act ([`Due`]), applying an action for a seat, enumerating the legal
//! actions, and views per viewer that hide what that viewer may not see. Chance comes only from a seed stored with
//! the game ([`seed::Shuffler`]), so a game replayed from its record is the same game.
//!
//! Games: [`meridian`], [`contrees`] and [`dragon_delta`]; [`ai`] holds their computer players, which read the rules
//! and nothing else.
//!
//! A crate of its own (the bot re-exports it as `meridian_bot::rules` and `meridian_bot::ai`): built early and on its
//! own, and optimised in test builds, where the rest of the bot is not.

pub mod ai;
pub mod contrees;
pub mod dragon_delta;
pub mod game;
pub mod meridian;
pub mod record;
pub mod seed;
pub mod undo;

pub use game::{Due, Game, Seat, SeatSet, Viewer};
