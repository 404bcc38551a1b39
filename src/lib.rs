//! A Discord bot for asynchronous board games.
//!
//! Layers, with dependencies pointing one way (discord → service → store, rules, render):
//! - [`rules`]: the rules of each game, pure and deterministic;
//! - [`replay`]: reading game records and printing the position they reach.

pub mod replay;
pub mod rules;
