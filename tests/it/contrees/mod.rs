//! Contrées: the service on real databases and a whole game on the fake Discord (property tests: rules/tests/games).

mod discord;
mod service;
