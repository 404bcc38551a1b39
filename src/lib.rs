//! A Discord bot for asynchronous board games.
//!
//! Layers, with dependencies pointing one way (discord → service → store, rules, render):
//! - [`rules`]: the rules of each game, pure and deterministic;
//! - [`pictures`]: scenes for the `render` crate, built from the rules' per-viewer views;
//! - [`replay`]: reading game records and printing the position they reach.

pub mod pictures;
pub mod replay;
pub mod rules;
