//! Meridian's scenes, built from the rules core's views: what a picture shows is exactly what its viewer may see (the
//! public view for the thread, a seat's view for its hand).

use super::Reader;
use crate::rules::meridian::{self as rules, Card, Meridian, Played, View};
use crate::rules::{Game, Seat, Viewer};
use render::meridian::{BoardScene, CardFace, City, Hand, Highlight, IslandResult, Player, ResultScene, Tower};
use render::palette::Palette;

fn face(card: Card) -> CardFace {
    let mut meridians = card.meridians();
    let first = meridians.next().expect("a card allows a meridian");
    CardFace { first, last: meridians.last().unwrap_or(first) }
}

fn city(c: rules::City) -> City {
    City { meridian: c.meridian, row: c.row }
}

/// What a move changed on the board, to point it out.
pub fn highlight(played: &Played) -> Highlight {
    Highlight {
        placed: played.placed.map(|(c, _)| city(c)),
        taken_back: played.taken_back.map(|(c, _)| city(c)),
        pushed: played.pushed.iter().map(|p| (city(p.from), city(p.to))).collect(),
    }
}

/// The board of `view` with the given moves pointed out.
pub fn board(view: &View, names: &[String], recent: &[&Played], reader: Reader) -> BoardScene {
    BoardScene {
        grid: view.board.clone(),
        towers: view
            .towers
            .iter()
            .map(|t| Tower { city: City { meridian: t.meridian, row: t.row }, seat: t.seat, height: t.height })
            .collect(),
        players: view
            .players
            .iter()
            .map(|p| Player {
                name: super::player_name(names, p.seat, reader.lang),
                reserve: p.reserve,
                face_up: p.face_up.iter().copied().map(face).collect(),
                deck: p.deck,
                score: p.score,
            })
            .collect(),
        next: view.next,
        moves: view.moves,
        highlights: recent.iter().map(|p| highlight(p)).collect(),
        ghost: None,
        palette: reader.palette,
    }
}

/// The board `before` a move, with the move's meridian shown as it is `after` it and the new tower as a ghost.
pub fn preview(before: &View, after: &View, names: &[String], played: &Played, reader: Reader) -> BoardScene {
    let mut scene = board(before, names, &[], reader);
    if let Some(m) = played.placed.or(played.taken_back).map(|(c, _)| c.meridian) {
        let moved = board(after, names, &[], reader).towers.into_iter().filter(|t| t.city.meridian == m);
        scene.towers.retain(|t| t.city.meridian != m);
        scene.towers.extend(moved);
    }
    scene.ghost = played.placed.map(|(c, _)| city(c));
    scene.highlights = vec![highlight(played)];
    scene
}

/// An example position for the rules summary: three players a few moves into a game, the last move to point out.
pub fn example() -> (View, Vec<String>, Option<Played>) {
    let names: Vec<String> = ["ana", "ben", "cy"].map(String::from).to_vec();
    let mut game =
        Meridian::new(rules::Board::standard_4(), rules::state::shuffled_decks(3, 7)).expect("a valid set-up");
    let mut last = None;
    for _ in 0..7 {
        let Some(seat) = game.to_move() else { break };
        // A tall but affordable tower, so that the example shows several towers of different heights.
        let legal = game.legal_moves();
        let affordable = legal.iter().filter(|m| m.take_back.is_none() && m.place.is_some_and(|p| p.height <= 6));
        let pick = affordable.max_by_key(|m| m.place.map(|p| (p.height, p.row)));
        let Some(mv) = pick.or(legal.first()).copied() else { break };
        last = game.play(seat, &mv).ok();
    }
    (game.view(Viewer::Public), names, last)
}

/// A seat's own cards, from its own view.
pub fn hand(view: &View, names: &[String], seat: Seat, palette: Palette) -> Hand {
    let p = &view.players[usize::from(seat)];
    Hand {
        seat,
        name: names.get(usize::from(seat)).cloned().unwrap_or_default(),
        face_up: p.face_up.iter().copied().map(face).collect(),
        reserve: p.reserve,
        to_come: p.to_come.iter().copied().map(face).collect(),
        played: p.discards.iter().copied().map(face).collect(),
        palette,
    }
}

/// The final (or current) standing: islands by conqueror, scores, and the winners (the service's word: players who
/// resigned cannot win).
pub fn result(view: &View, names: &[String], winners: &[Seat], reader: Reader) -> ResultScene {
    ResultScene {
        board: board(view, names, &[], reader),
        islands: view
            .islands
            .iter()
            .map(|i| IslandResult {
                letter: i.island,
                conquered_by: i.conquered_by,
                contested: i.conquered_by.is_none() && i.garrisons.iter().any(|&g| g > 0),
            })
            .collect(),
        winners: winners.to_vec(),
    }
}
