//! Contrées' scene, from its view (nothing is hidden): the labels of what the player to move may choose, and what
//! the moves shown did.

use super::Reader;
use crate::rules::contrees::view::LandView;
use crate::rules::contrees::{Action, Contrees, Corner, Land, Played, Spot, View};
use crate::rules::seed::Shuffler;
use crate::rules::Seat;
use render::contrees::{LandTile, PlayerPanel, Position, Scene, SpotMark};
use std::collections::{BTreeMap, BTreeSet};

/// The board of `view` with `recent` moves pointed out (lands laid, the last tower ringed, demolished towers as
/// ghosts) and the labels of every choice the player to move has.
pub fn board(view: &View, names: &[String], recent: &[&Played], reader: Reader) -> Scene {
    let fresh: BTreeSet<_> = recent
        .iter()
        .filter_map(|p| match p.action {
            Action::Land { land, .. } => Some(land),
            _ => None,
        })
        .collect();
    let owned: BTreeMap<Land, &LandView> = view.lands.iter().map(|l| (l.at, l)).collect();
    let lands = view
        .laid
        .iter()
        .map(|&at| {
            let letter = view.letter(at).unwrap_or('?');
            let land = owned.get(&at).expect("a land laid is a land of the view");
            LandTile { q: at.q, r: at.r, letter, white: land.white, owner: land.owner, fresh: fresh.contains(&at) }
        })
        .collect();
    let positions =
        view.open_places.iter().map(|p| Position { q: p.land.q, r: p.land.r, label: p.label.clone() }).collect();
    let players = view
        .players
        .iter()
        .map(|p| PlayerPanel {
            name: super::player_name(names, p.seat, reader.lang),
            score: p.score,
            markers_left: p.markers,
            towers_left: p.supply,
            demolished: p.demolished,
        })
        .collect();
    Scene {
        lands,
        positions,
        spots: spots(view, recent),
        players,
        phase: view.phase,
        moves: view.moves,
        next: view.next,
        winners: view.finished.then(|| view.winners.clone()),
        note: None,
        palette: reader.palette,
    }
}

/// Every corner: its tower, its label when the player to move may build there, the last tower ringed and the
/// towers `recent` demolished as ghosts.
fn spots(view: &View, recent: &[&Played]) -> Vec<SpotMark> {
    let last = recent.iter().rev().find_map(|p| match p.action {
        Action::Tower { tower } => Some(tower),
        _ => None,
    });
    let ghosts: Vec<_> =
        recent.iter().flat_map(|p| p.demolished.iter().map(move |s| (*s, 1 - p.seat.min(1)))).collect();
    let towers: BTreeMap<Spot, Seat> = view.towers.iter().map(|t| (t.at, t.seat)).collect();
    let buildable: BTreeMap<Spot, &String> = view.open_spots.iter().map(|(label, at)| (*at, label)).collect();
    view.spots
        .iter()
        .map(|&at| SpotMark {
            q: at.q,
            r: at.r,
            north: at.corner == Corner::N,
            tower: towers.get(&at).copied(),
            label: buildable.get(&at).map(|l| l.to_string()),
            last: last == Some(at),
            ghost: ghosts.iter().find(|(s, _)| *s == at).map(|(_, seat)| *seat),
        })
        .collect()
}

/// The board of `after` (the view once `seat`'s actions are played), what they did (`played`) pointed out, and no
/// labels (nothing is chosen on a preview).
pub fn preview(after: &View, names: &[String], seat: Seat, played: &[&Played], reader: Reader) -> Scene {
    let mut scene = board(after, names, played, reader);
    scene.positions.clear();
    scene.spots.iter_mut().for_each(|s| s.label = None);
    scene.next = Some(seat);
    scene.note = Some(reader.lang.word("picture-preview-note"));
    scene
}

/// An example for the rules summary: the lands laid and a dozen towers built by a fixed random game.
pub fn example() -> (Contrees, Option<Played>) {
    let mut game = Contrees::new(false);
    let mut chooser = Shuffler::new(11);
    let mut last = None;
    while game.moves() < 30 {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_moves();
        let action = legal[chooser.below(legal.len() as u64) as usize];
        last = game.play(seat, &action).ok();
    }
    (game, last)
}
