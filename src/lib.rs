//! A Discord bot for asynchronous board games.
//!
//! Layers, with dependencies pointing one way (discord → service → store, rules, render):
//! - [`rules`]: the rules of each game, pure and deterministic;
//! - [`ai`]: computer players, one search for every game, beside the rules and as pure;
//! - [`offline`]: computer players away from Discord (`demo`, `arena`);
//! - [`analyse`]: judging finished games away from Discord (`analyse`, `check-analysis`);
//! - [`pictures`]: scenes for the `render` crate, built from the rules' per-viewer views;
//! - [`ratings`]: players' ratings from finished games, pure like the rules;
//! - [`tournament`]: tournaments' pairings and standings, pure like the rules;
//! - [`replay`]: reading game records and printing the position they reach;
//! - [`store`]: SQLite through sqlx, the move log and the outbox;
//! - [`service`]: the Discord-free use cases (lobby, start, act, views, export, effects);
//! - [`discord`]: the bot itself (poise commands, components, delivery);
//! - [`web`]: each game's read-only page (axum), beside Discord as a second front on the service;
//! - [`app`]: the process: its [`config`] read once, the store opened, the fronts and the turn clock started;
//! - [`clock`]: time, injectable for tests.

pub use rules::ai;
pub mod analyse;
pub mod app;
pub mod clock;
pub mod config;
pub mod discord;
pub mod language;
pub mod offline;
pub mod pictures;
pub mod ratings;
pub mod replay;
pub mod tournament;
pub use rules;
pub mod service;
pub mod store;
pub mod web;
