//! Every integration test, in one binary (one link instead of one per file): by game, then by concern. A new test is
//! a module here, not a new file under `tests/`. `tests/README.md` maps what the README promises to the test that
//! proves it.

#[macro_use]
mod support;

mod contrees;
mod dragon_delta;
mod meridian;

mod analysis;
mod browser;
mod computers;
mod conformance;
mod delivery;
mod fair_play;
mod fake;
mod hardening;
mod languages;
mod layout;
mod lease;
mod messages;
mod operating;
mod pages;
mod pictures;
mod players_time;
mod puzzles;
mod ratings;
mod replay;
mod replays;
mod sharding;
mod sharing;
mod substitutions;
mod tournaments;
mod turn_clock;
mod undos;
