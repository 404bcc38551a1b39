//! The list of commands under every game's root, and a game's root built from its own commands and those.

use super::context::{Data, Error, RootData};
use super::{analysis, puzzle, ratings, shared, tournament};
use crate::service::game::Kind;

/// The commands every game has, registered under each game's root.
fn shared() -> Vec<poise::Command<Data, Error>> {
    vec![
        shared::hand(),
        shared::board(),
        shared::status(),
        shared::games(),
        shared::log(),
        shared::resign(),
        shared::computer(),
        shared::substitute(),
        shared::rejoin(),
        shared::undo(),
        shared::abandon(),
        shared::export(),
        shared::replay(),
        ratings::leaderboard(),
        ratings::profile(),
        ratings::stats(),
        analysis::analysis(),
        puzzle::puzzle(),
        tournament::tournament(),
        shared::rules(),
    ]
}

/// A game's root command: its own commands, then the shared ones; it carries its game (`kind`) and the message of
/// its rules in short, for the commands typed under it.
pub fn root(
    mut root: poise::Command<Data, Error>,
    own: Vec<poise::Command<Data, Error>>,
    kind: Kind,
    rules: &'static str,
) -> poise::Command<Data, Error> {
    root.subcommands = own.into_iter().chain(shared()).collect();
    root.subcommand_required = true;
    root.custom_data = Box::new(RootData { kind, rules });
    root
}
