//! What the tests share: databases on both backends, the fake Discord held to Discord's API description, playing through the service, and Meridian
//! positions built from chosen decks.

pub mod databases;
pub mod discord_api;
pub mod fake_discord;
pub mod meridian_positions;
pub mod playing;
