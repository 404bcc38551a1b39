//! Contrées' scene: the whole game (nothing is hidden), the labels of what the player to move may choose, and what
//! the moves shown did.

use crate::rules::contrees::{Action, Contrees, MoveError, Played, Spot};
use crate::rules::Seat;
use render::contrees::{LandTile, PlayerPanel, Position, Scene, SpotMark};
use std::collections::{BTreeMap, BTreeSet};

/// The board with `recent` moves pointed out (lands laid, the last tower ringed, demolished towers as ghosts) and
/// the labels of every choice the player to move has.
pub fn board(game: &Contrees, names: &[String], recent: &[&Played]) -> Scene {
    let fresh: BTreeSet<_> = recent
        .iter()
        .filter_map(|p| match p.action {
            Action::Land { land, .. } => Some(land),
            _ => None,
        })
        .collect();
    let last = recent.iter().rev().find_map(|p| match p.action {
        Action::Tower { tower } => Some(tower),
        _ => None,
    });
    let ghosts: Vec<_> =
        recent.iter().flat_map(|p| p.demolished.iter().map(move |s| (*s, 1 - p.seat.min(1)))).collect();
    let lands = game
        .laid()
        .iter()
        .map(|&at| {
            let land = game.lands()[&at];
            let letter = game.letter(at).unwrap_or('?');
            LandTile { q: at.q, r: at.r, letter, white: land.white, owner: land.owner, fresh: fresh.contains(&at) }
        })
        .collect();
    let positions =
        game.open_places().into_iter().map(|p| Position { q: p.land.q, r: p.land.r, label: p.label }).collect();
    let buildable: BTreeMap<Spot, String> = game.open_spots().into_iter().map(|(label, at)| (at, label)).collect();
    let spots = game
        .spots()
        .into_iter()
        .map(|at| SpotMark {
            q: at.q,
            r: at.r,
            north: at.corner == crate::rules::contrees::Corner::N,
            tower: game.towers().get(&at).copied(),
            label: buildable.get(&at).cloned(),
            last: last == Some(at),
            ghost: ghosts.iter().find(|(s, _)| *s == at).map(|(_, seat)| *seat),
        })
        .collect();
    let players = game
        .players()
        .iter()
        .zip(0..)
        .map(|(p, seat): (_, Seat)| PlayerPanel {
            name: super::player_name(names, seat),
            score: game.score(seat),
            markers_left: p.markers,
            towers_left: p.supply,
            demolished: p.demolished,
        })
        .collect();
    Scene {
        lands,
        positions,
        spots,
        players,
        phase: game.phase(),
        moves: game.moves(),
        next: game.to_move(),
        winners: game.is_over().then(|| game.leaders().iter().collect()),
        note: None,
    }
}

/// The board as it would be after `seat` plays `actions`, what they did pointed out, and no labels (nothing is
/// chosen on a preview). Refuses an illegal move with the rule it breaks.
pub fn preview(game: &Contrees, names: &[String], seat: Seat, actions: &[Action]) -> Result<Scene, MoveError> {
    let mut after = game.clone();
    let mut played = Vec::new();
    for action in actions {
        played.push(after.play(seat, action)?);
    }
    let mut scene = board(&after, names, &played.iter().collect::<Vec<_>>());
    scene.positions.clear();
    scene.spots.iter_mut().for_each(|s| s.label = None);
    scene.next = Some(seat);
    scene.note = Some("Preview: Confirm, or Back to choose again.".into());
    Ok(scene)
}
