//! Dragon Delta: a jump's landings through menus, time-outs and computers, the service on real databases, and a
//! whole game on the fake Discord (property tests: rules/tests/games).

mod discord;
mod jumps;
mod service;
