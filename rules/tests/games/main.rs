//! The rules' own tests, one binary: the rulebooks' examples, and random games checked against invariants, exact
//! enumeration of legal actions (Dragon Delta's against an independent reading of the spec) and their records'
//! replay. They are built optimised with the rules (see the workspace's test profile); how the bot offers and
//! stores the same actions is tested in `tests/it`.

mod contrees;
mod dragon_delta;
mod jump_landings;
mod meridian;
mod meridian_positions;
