//! Scenes for the `render` crate, built from the rules core's per-viewer views: what a picture shows is exactly what
//! its viewer may see. One module per game.

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;
