//! Scenes for the `render` crate, built from the rules core's per-viewer views: what a picture shows is exactly what
//! its viewer may see. One module per game.

/// A player's name for a picture ("seat N" for a seat the names do not cover).
fn player_name(names: &[String], seat: crate::rules::Seat) -> String {
    names.get(usize::from(seat)).cloned().unwrap_or_else(|| format!("seat {seat}"))
}

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;
