//! Dragon Delta: property tests over random games against an independent reading of the spec, the service on real
//! databases, and a whole game on the fake Discord.

mod discord;
mod properties;
mod service;
