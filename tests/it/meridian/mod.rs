//! Meridian: the rulebook's examples and rules, property tests over random games, the service on real databases,
//! and whole games on the fake Discord.

mod discord;
mod properties;
mod rules;
mod service;
