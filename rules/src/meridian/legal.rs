//! Every distinct legal move of the player to move (spec §3–§4): for each face-up card, a pass, and on each
//! meridian it allows every take-back, take-back-and-place and place.

use super::state::Meridian;
use super::turn::{Move, Placement};

impl Meridian {
    /// Every distinct legal move, in a stable order. Passes carry no meridian ([`Move::canonical`]). Two copies of
    /// one card (2 players) give one set of moves. Empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(256);
        self.for_each_legal_move(|m| moves.push(m));
        moves
    }

    /// Calls `f` with every distinct legal move, without collecting them.
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        let Some(seat) = self.to_move() else { return };
        let player = &self.players()[usize::from(seat)];
        let rows = self.board().rows();
        let limit = self.tower_limit();
        for (i, &card) in player.face_up.iter().enumerate() {
            if player.face_up[..i].contains(&card) {
                continue;
            }
            f(Move::pass(card));
            for meridian in card.meridians() {
                let column = self.column(meridian);
                let play = |take_back, place| Move { card, meridian: Some(meridian), take_back, place };
                // `None` places without taking back; `Some(row)` takes back the mover's tower at `row` first.
                let own = column.towers().filter(|(_, t)| t.seat == seat).map(|(row, t)| (Some(row), Some(t)));
                for (take_back, old) in std::iter::once((None, None)).chain(own) {
                    let mut after = *column;
                    if let Some(row) = take_back {
                        after.take(row);
                        f(play(take_back, None));
                    }
                    if after.count(seat) >= limit {
                        continue;
                    }
                    let floors = player.reserve + old.map_or(0, |t| t.height);
                    after.for_each_placement(seat, rows, floors, |row, height| {
                        let same = old.is_some_and(|t| t.height == height) && take_back == Some(row);
                        if !same {
                            f(play(take_back, Some(Placement { height, row })));
                        }
                    });
                }
            }
        }
    }
}
