//! Dragon Delta (Roberto Fraga): `shared/spec/dragon-delta.md`. 2 to 6 players race their pawn across a river of
//! islands, laying stones and planks, each round programming five cards in secret and then carrying them out in turn.
//!
//! One concept per file: [`colour`] (colours, seats, goals), [`board`] (the river as data, supports), [`card`]
//! (cards and programmes), [`geometry`] (exact plank fit, passing over, crossing), [`place`] (villages and planks a
//! pawn stands on), [`action`] (moves as the record writes them), [`state`] (programmes, the round's resolution,
//! each action's possible outcomes, falling, the goal, resigning). Views, records, the `Game` impl and the platform's
//! adapter come next (issue 12).

pub mod action;
pub mod board;
pub mod card;
pub mod colour;
pub mod geometry;
pub mod place;
pub mod state;
