//! Contrées: property tests over random games, the service on real databases, and a whole game on the fake Discord.

mod discord;
mod properties;
mod service;
