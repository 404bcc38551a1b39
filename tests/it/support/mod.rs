//! What the tests share: databases on both backends, the fake Discord held to Discord's API description, playing through the service, and Meridian
//! positions built from chosen decks.

pub mod databases;
pub mod decoded;
pub mod discord_api;
pub mod fake_discord;
// The rules tests' reading of a jump's widened landings, for the jump through menus and computers.
#[path = "../../../rules/tests/games/jump_landings.rs"]
pub mod jump_landings;
// Meridian positions from chosen decks: the rules' tests' helpers, of which the pictures' tests use a few.
#[path = "../../../rules/tests/games/meridian_positions.rs"]
#[allow(dead_code)]
pub mod meridian_positions;
pub mod playing;
pub mod webdriver;

use meridian_bot::language::{Lang, List, Text};

/// A text as an English reader reads it.
pub fn en(text: &Text) -> String {
    Lang::En.say(text)
}

/// Names joined as an English reader reads them: "ana and ben".
pub fn en_names(names: List) -> String {
    en(&meridian_bot::text!("play-lines", lines = names))
}
