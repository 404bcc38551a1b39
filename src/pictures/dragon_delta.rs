//! Dragon Delta's scenes: the river as everyone sees it (programmes only as far as revealed), the labels of what the
//! seat awaited may choose now (none for a plank not yet chosen: « à vue de nez »), what the moves shown did, and a
//! seat's own programme picture. Labels are in the reader's words, as the menus say them ("red-5", « rouge-5 »).

use super::Reader;
use crate::language::{Lang, Text};
use crate::rules::dragon_delta::action::Taken;
use crate::rules::dragon_delta::board::Support;
use crate::rules::dragon_delta::card::{random_programme, Card, PROGRAMME};
use crate::rules::dragon_delta::colour::Colour;
use crate::rules::dragon_delta::label;
use crate::rules::dragon_delta::place::{Ends, Place};
use crate::rules::dragon_delta::state::Piece;
use crate::rules::dragon_delta::{Action, Board, DragonDelta, Event, Played, View};
use crate::rules::seed::Shuffler;
use crate::rules::{Game, Seat};
use crate::text;

use render::dragon_delta as scene;
use render::dragon_delta::{CardShown, Pawn, Player, ProgrammeScene, Scene};
use std::collections::BTreeSet;

fn at(board: &Board, s: Support) -> scene::At {
    let p = board.at(s);
    (p.x as f32 / 100.0, p.y as f32 / 100.0)
}

fn middle(board: &Board, place: Place) -> scene::At {
    match place {
        Place::Village(c) => at(board, Support::Village(c)),
        Place::Plank(e) => {
            let [(x0, y0), (x1, y1)] = e.pair().map(|s| at(board, s));
            ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
        }
    }
}

/// A colour's name standing alone: "red", « rouge », "rood" (a plank's end, a player's colour).
pub fn colour_name(colour: Colour) -> Text {
    text!("dd-colour-name", colour = colour.name())
}

/// Two ends in the reader's words: "red-5", « rouge-5 », "5-19", on the picture as in the menus and the thread. The
/// menus' values keep the record's labels ([`label::ends`]).
pub fn ends_words(ends: Ends) -> Text {
    let [from, to] = ends.pair().map(|support| match support {
        Support::Village(c) => colour_name(c),
        Support::Island(n) => Text::Said(n.to_string()),
    });
    text!("dd-ends", from = from, to = to)
}

fn piece(p: Piece) -> scene::Piece {
    scene::Piece { colour: p.colour.index() as u8, size: p.size }
}

/// What the seat awaited may choose now, by kind: islands, planks (by label) and villages.
#[derive(Default)]
struct Choosable {
    islands: BTreeSet<u8>,
    planks: BTreeSet<String>,
    villages: BTreeSet<u8>,
}

fn choosable(view: &View) -> Choosable {
    let mut out = Choosable::default();
    for action in &view.outcomes {
        match action {
            Action::Stone { stone } | Action::Take { take: Taken::Stone(stone) } => {
                out.islands.insert(*stone);
            }
            Action::Take { take: Taken::Plank(e) } => {
                out.planks.insert(label::ends(*e));
            }
            Action::To { to } => match to[0] {
                Place::Village(c) => {
                    out.villages.insert(c.index() as u8);
                }
                Place::Plank(e) => {
                    out.planks.insert(label::ends(e));
                }
            },
            // A plank's places are not shown before it is chosen.
            Action::Plank { .. } | Action::Program { .. } | Action::Resign { .. } => {}
        }
    }
    out
}

/// The board of `view` with `recent` moves pointed out (the last stone or plank, the pawn that moved, a ghost where
/// a pawn fell) and the labels of every choice the seat awaited has.
pub fn board(view: &View, names: &[String], recent: &[&Played], reader: Reader) -> Scene {
    let b = &view.board;
    let last = recent.last().and_then(|p| p.action.as_ref());
    let choose = choosable(view);
    let villages = b
        .supports()
        .filter_map(|s| match s {
            Support::Village(c) => Some(scene::Village {
                colour: c.index() as u8,
                at: at(b, s),
                choosable: choose.villages.contains(&(c.index() as u8)),
            }),
            Support::Island(_) => None,
        })
        .collect();
    let islands = b
        .islands()
        .map(|n| scene::Island {
            number: n,
            at: at(b, Support::Island(n)),
            stone: view.stones.contains(&n),
            choosable: choose.islands.contains(&n),
            last: matches!(last, Some(Action::Stone { stone } | Action::Take { take: Taken::Stone(stone) }) if *stone == n),
        })
        .collect();
    let planks = view
        .planks
        .iter()
        .map(|p| {
            let [from, to] = p.between.pair().map(|s| at(b, s));
            let name = label::ends(p.between);
            scene::Plank {
                from,
                to,
                colour: p.colour.index() as u8,
                size: p.size,
                label: choose.planks.contains(&name).then(|| reader.lang.say(&ends_words(p.between))),
                last: matches!(last, Some(Action::Plank { between: Some(e), .. }) if *e == p.between),
            }
        })
        .collect();
    Scene {
        villages,
        islands,
        planks,
        candidates: Vec::new(),
        pawns: pawns(view, recent),
        players: players(view, names, reader.lang),
        lost: view.lost.iter().copied().map(piece).collect(),
        supply: view.supply,
        round: view.round,
        position: view.position,
        moves: view.moves,
        winner: view.winners.first().copied(),
        note: None,
        palette: reader.palette,
    }
}

/// The pawns in the river: the one that moved last pointed out, with a ghost where a pawn fell.
fn pawns(view: &View, recent: &[&Played]) -> Vec<Pawn> {
    let b = &view.board;
    let moved = recent.last().filter(|p| matches!(p.action, Some(Action::To { .. }))).map(|p| p.seat);
    let fell: Vec<(Seat, Place)> = recent
        .iter()
        .flat_map(|p| &p.events)
        .filter_map(|e| match e {
            Event::Fell { seat, from, .. } => Some((*seat, *from)),
            _ => None,
        })
        .collect();
    view.pawns
        .iter()
        .filter_map(|pawn| {
            let place = pawn.at?;
            Some(Pawn {
                colour: view.players[usize::from(pawn.seat)].colour.index() as u8,
                at: middle(b, place),
                last: moved == Some(pawn.seat),
                fell_from: fell.iter().rev().find(|(s, _)| *s == pawn.seat).map(|(_, from)| middle(b, *from)),
            })
        })
        .collect()
}

/// The players' panel: reserves, the cards revealed this round (the others face down once laid), the statue, who is
/// due.
fn players(view: &View, names: &[String], lang: Lang) -> Vec<Player> {
    view.players
        .iter()
        .map(|p| {
            // While programmes are chosen nothing shows; then every laid programme, face up as far as revealed.
            let shown = view.position > 0 && p.laid;
            let cards = (0..PROGRAMME)
                .filter(|_| shown)
                .map(|i| match p.revealed.get(i) {
                    Some(&(card, cancelled)) => CardShown::Face { card: card.to_string(), cancelled },
                    None => CardShown::Back,
                })
                .collect();
            Player {
                name: super::player_name(names, p.seat, lang),
                colour: p.colour.index() as u8,
                reserve: p.reserve.iter().copied().map(piece).collect(),
                cards,
                programmed: p.laid,
                statue: view.statue == p.seat,
                due: view.next.contains(&p.seat),
                resigned: p.resigned,
            }
        })
        .collect()
}

/// The board of `after` (the seat's view once its actions are played), what they did (`played`) pointed out and no
/// labels.
pub fn preview(after: &View, names: &[String], played: &[&Played], reader: Reader) -> Scene {
    let mut scene = board(after, names, played, reader);
    scene.villages.iter_mut().for_each(|v| v.choosable = false);
    scene.islands.iter_mut().for_each(|i| i.choosable = false);
    scene.planks.iter_mut().for_each(|p| p.label = None);
    scene.note = Some(reader.lang.word("picture-preview-note"));
    scene
}

/// `seat`'s own picture, from its own view: its hand and the programme's cards `chosen` so far (its programme once
/// laid, which only its own view holds).
pub fn programme(view: &View, names: &[String], seat: Seat, chosen: &[Card], reader: Reader) -> ProgrammeScene {
    let player = &view.players[usize::from(seat)];
    let note = programme_note(view, seat, chosen);
    ProgrammeScene {
        name: super::player_name(names, seat, reader.lang),
        colour: player.colour.index() as u8,
        round: view.round,
        hand: player.cards.iter().map(Card::to_string).collect(),
        chosen: chosen.iter().map(Card::to_string).collect(),
        note: Some(reader.lang.say(&note)),
        palette: reader.palette,
    }
}

/// What `seat`'s programme picture says under its cards: choose on, confirm, wait for the others, or which position
/// is being played.
pub fn programme_note(view: &View, seat: Seat, chosen: &[Card]) -> Text {
    match (chosen.len(), view.players[usize::from(seat)].laid) {
        (_, true) if view.position > 0 => text!("picture-dd-note-playing", position = view.position, of = PROGRAMME),
        (_, true) => text!("picture-dd-note-laid"),
        (PROGRAMME, false) => text!("picture-preview-note"),
        _ => text!("picture-dd-note-choose", cards = PROGRAMME - chosen.len()),
    }
}

/// An example for the rules summary: three players, a fixed random game some rounds in, stopped in the middle of a
/// round.
pub fn example() -> (DragonDelta, Option<Played>) {
    let mut game = DragonDelta::new(Board::standard(), 3, 0).expect("3 players");
    let mut chooser = Shuffler::new(7);
    let mut last = None;
    while game.moves() < 60 && !game.is_over() {
        let awaited = game.awaiting().map(|(seat, _)| seat);
        let Some(seat) = awaited.or_else(|| game.programming().iter().next()) else { break };
        let action = if game.programming().contains(seat) {
            Action::Program { program: random_programme(&game.hand(seat), &mut chooser) }
        } else {
            let legal = game.legal_actions(seat);
            legal[chooser.below(legal.len() as u64) as usize].clone()
        };
        last = game.play(seat, &action).ok();
    }
    (game, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Viewer;

    fn program(names: [&str; PROGRAMME]) -> Action {
        Action::Program { program: names.map(|n| n.parse().unwrap()) }
    }

    /// Two games that differ only in cards nobody has seen draw the same board, at every step of a round.
    #[test]
    fn unrevealed_cards_never_reach_the_board() {
        let names = ["ana", "ben", "cy"].map(String::from);
        let mut one = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let mut other = one.clone();
        let (mine, theirs) =
            (["stone", "plank", "move", "take", "jump"], ["stone", "jump", "dragon-red", "take", "move"]);
        one.play(1, &program(mine)).unwrap();
        other.play(1, &program(theirs)).unwrap();
        let public = |game: &DragonDelta| board(&game.view(Viewer::Public), &names, &[], Reader::standard(Lang::En));
        assert_eq!(public(&one), public(&other), "while programming");
        for game in [&mut one, &mut other] {
            game.play(0, &program(["stone", "stones-2", "plank", "planks-2", "take"])).unwrap();
            game.play(2, &program(["stone", "stones-2", "plank", "planks-2", "take"])).unwrap();
            game.play(0, &Action::Stone { stone: 5 }).unwrap();
        }
        // Position 1 is revealed (stone for everyone); the rest are backs.
        let (a, b) = (public(&one), public(&other));
        assert_eq!(a, b, "position 1 revealed, the rest face down");
        let faces = |s: &Scene| s.players[1].cards.iter().filter(|c| **c != CardShown::Back).count();
        assert_eq!(faces(&a), 1);
        // A seat's own picture shows its own programme, nobody else's.
        let own = one.view(Viewer::Seat(1));
        assert_eq!(programme(&own, &names, 1, &one.programme(1).unwrap(), Reader::standard(Lang::En)).chosen, mine);
    }
}
