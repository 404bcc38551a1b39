//! Meridian: the rulebook's examples and rules, and property tests over random games.

mod properties;
mod rules;
