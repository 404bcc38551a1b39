//! What a viewer sees of a game of Dragon Delta: everything public (record.md's `replay` fields), and for a seat its
//! own programme. No unrevealed card of another seat ever appears. Pictures are drawn from a view alone, so what
//! they show is by type what the viewer may see; the parts only pictures need (the river's map, the cards revealed,
//! what the seat awaited may choose) are not written in `replay`'s document.

use super::action::Action;
use super::board::Board;
use super::card::{Card, PROGRAMME};
use super::colour::Colour;
use super::place::{Ends, Place};
use super::state::{DragonDelta, Piece};
use crate::{Seat, Viewer};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlankView {
    pub between: Ends,
    pub colour: Colour,
    pub size: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PawnView {
    pub seat: Seat,
    /// `None` once the seat has resigned.
    pub at: Option<Place>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub colour: Colour,
    /// Sorted by size.
    pub reserve: Vec<Piece>,
    /// Cards in hand: 7 + players, less the 5 of the programme once it is laid, until the round ends.
    pub hand: usize,
    /// The seat's own programme, in that seat's view only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub programme: Option<[Card; PROGRAMME]>,
    /// Whether its programme for the round is laid (what it holds is secret until revealed).
    #[serde(skip)]
    pub laid: bool,
    /// Its cards revealed so far this round, in position order, each with whether a dragon cancelled it.
    #[serde(skip)]
    pub revealed: Vec<(Card, bool)>,
    /// The cards of its colour: a hand is the same for everyone who holds that colour.
    #[serde(skip)]
    pub cards: Vec<Card>,
    #[serde(skip)]
    pub resigned: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub game: &'static str,
    pub moves: u32,
    pub finished: bool,
    pub winners: Vec<Seat>,
    pub round: u32,
    /// 1–5, or 0 while programmes are chosen.
    pub position: u8,
    /// The seats whose move is awaited (several while programming), ascending; empty once finished.
    pub next: Vec<Seat>,
    /// Islands with a stone, sorted.
    pub stones: Vec<u8>,
    /// Sorted by first end, then second end.
    pub planks: Vec<PlankView>,
    pub pawns: Vec<PawnView>,
    pub players: Vec<PlayerView>,
    pub supply: u8,
    /// In the order lost.
    pub lost: Vec<Piece>,
    /// The river's map.
    #[serde(skip)]
    pub board: Board,
    #[serde(skip)]
    pub statue: Seat,
    /// The outcomes of the action awaited (its card is revealed): what its seat may choose now, labelled on the
    /// board everyone sees. In the public view only: a seat's own pictures (its hand, a preview) label nothing.
    #[serde(skip)]
    pub outcomes: Vec<Action>,
}

impl View {
    pub fn of(game: &DragonDelta, viewer: Viewer) -> View {
        let mut planks: Vec<PlankView> = game
            .planks()
            .iter()
            .map(|l| PlankView { between: l.ends, colour: l.piece.colour, size: l.piece.size })
            .collect();
        planks.sort_by_key(|p| p.between);
        let seats = game.seats() as Seat;
        let next: Vec<Seat> = match game.awaiting() {
            Some((seat, _)) => vec![seat],
            None => game.programming().iter().collect(),
        };
        View {
            game: "dragon-delta",
            moves: game.moves(),
            finished: game.is_over(),
            winners: game.winner().into_iter().collect(),
            round: game.round(),
            position: game.position(),
            next,
            stones: game.stones().iter().copied().collect(),
            planks,
            pawns: (0..seats).map(|seat| PawnView { seat, at: game.pawns()[usize::from(seat)] }).collect(),
            players: (0..seats)
                .map(|seat| {
                    let laid = game.programme(seat);
                    let revealed = game.revealed(seat).iter().enumerate();
                    PlayerView {
                        seat,
                        colour: game.colour(seat),
                        reserve: game.reserves()[usize::from(seat)].clone(),
                        hand: game.hand(seat).len() - if laid.is_some() { PROGRAMME } else { 0 },
                        programme: laid.filter(|_| viewer == Viewer::Seat(seat)),
                        laid: laid.is_some(),
                        revealed: revealed.map(|(i, &c)| (c, game.is_cancelled(i as u8 + 1, seat))).collect(),
                        cards: game.hand(seat),
                        resigned: game.resigned(seat),
                    }
                })
                .collect(),
            supply: game.supply(),
            lost: game.lost().to_vec(),
            board: game.board().clone(),
            statue: game.statue(),
            outcomes: match (viewer, game.awaiting()) {
                (Viewer::Public, Some((seat, card))) => game.outcomes(seat, card),
                _ => Vec::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon_delta::{Action, Board};

    #[test]
    fn a_seat_sees_its_own_programme_and_nobody_elses() {
        let mut game = DragonDelta::new(Board::standard(), 2, 0).unwrap();
        game.play(1, &Action::Program { program: Card::default_programme() }).unwrap();
        let mine = View::of(&game, Viewer::Seat(1));
        assert_eq!(mine.players[1].programme, Some(Card::default_programme()));
        assert_eq!(mine.next, [0], "seat 0 still programs");
        for viewer in [Viewer::Public, Viewer::Seat(0)] {
            let view = View::of(&game, viewer);
            assert!(view.players.iter().all(|p| p.programme.is_none()), "{viewer:?}");
            assert_eq!(view.players[1].hand, 8 + 1 - PROGRAMME, "the hand less the programme laid");
        }
    }
}
