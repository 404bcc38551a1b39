//! Meridian: the service on real databases and whole games on the fake Discord (the rulebook's examples and the
//! property tests are the rules crate's: rules/tests/games).

mod discord;
mod service;
