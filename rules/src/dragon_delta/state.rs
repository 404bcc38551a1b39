//! A game of Dragon Delta: the river's stones and planks, reserves, pawns, and where the round is (dragon-delta.md
//! §3–§5): programmes being chosen (several seats due at once), then each position's actions carried out in statue
//! order, those that need no choice resolving by themselves.

use super::action::{Action, Taken};
use super::board::{Board, Point, Support};
use super::card::{check_programme, draw, Card, ProgrammeError, PROGRAMME};
use super::colour::Colour;
use super::geometry::{meet, passes_over, SIZES};
use super::place::{Ends, Place};
use super::reach::{self, Reach};
use crate::seed::Shuffler;
use crate::{Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Stones in the common supply at the start.
pub const STONES: u8 = 27;
/// Planks resting on one support at most.
const PLANKS_PER_SUPPORT: usize = 3;
/// Colours a reserve may hold at most.
const RESERVE_COLOURS: usize = 2;

/// A plank, off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Piece {
    pub colour: Colour,
    pub size: u8,
}

/// A plank laid on the river.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Laid {
    pub ends: Ends,
    pub piece: Piece,
}

/// What happened by itself after an action (dragon-delta.md §3–§4): told in the thread, never a secret (a card is
/// told once revealed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Every card at `position` was turned over, in statue order (seats still playing).
    Revealed { position: u8, cards: Vec<(Seat, Card)> },
    /// A dragon cancelled the seat's action.
    Cancelled { seat: Seat, card: Card },
    /// The seat's action had no possible outcome: nothing happened (the second stone or plank of a `place 2` too).
    Nothing { seat: Seat, card: Card },
    /// The seat's pawn had nowhere to go: it fell in the water from `from` and is back in its village.
    Fell { seat: Seat, card: Card, from: Place },
    /// A new round: programmes are due, the statue with `statue`.
    NewRound { round: u32, statue: Seat },
}

/// An action applied, with its seat and what then happened by itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub seat: Seat,
    /// The action, but for a programme (`None`): its cards stay secret until revealed, and a report is public.
    pub action: Option<Action>,
    /// The card whose action this was (none for a programme or a resignation).
    pub card: Option<Card>,
    pub events: Vec<Event>,
}

/// Why an action was refused; the message names the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("seats: there is no seat {0}")]
    NoSuchSeat(Seat),
    #[error("resign: seat {0} has resigned already")]
    Resigned(Seat),
    #[error("programmes: seat {0} has laid its programme this round already")]
    Programmed(Seat),
    #[error("programmes are being chosen: lay yours first")]
    Programming,
    #[error("programmes: the round's actions are being carried out; programmes come at the next round")]
    NotProgramming,
    #[error(transparent)]
    Programme(#[from] ProgrammeError),
    #[error("turn order: seat {due} is to act, not seat {seat}")]
    NotYourTurn { seat: Seat, due: Seat },
    #[error("{card}: {action} is not one of its possible outcomes now")]
    Impossible { card: Card, action: Action },
}

/// The whole game. Programmes not yet revealed are in it; views hide them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DragonDelta {
    pub(super) board: Board,
    /// Each seat's colour.
    pub(super) colours: Vec<Colour>,
    pub(super) stones: BTreeSet<u8>,
    pub(super) planks: Vec<Laid>,
    /// Each seat's reserve, sorted by size.
    pub(super) reserves: Vec<Vec<Piece>>,
    pub(super) lost: Vec<Piece>,
    /// `None` once the seat has resigned.
    pub(super) pawns: Vec<Option<Place>>,
    pub(super) round: u32,
    pub(super) statue: Seat,
    pub(super) programmes: Vec<Option<[Card; PROGRAMME]>>,
    /// 0 while programmes are chosen, then 1 to 5.
    pub(super) position: u8,
    /// Among the seats in statue order, the one whose action at this position is being carried out.
    pub(super) turn: usize,
    /// The second stone or plank of a `place 2`.
    pub(super) second: bool,
    /// The positions and seats whose action a dragon cancelled this round (judged when each position is revealed).
    pub(super) cancelled: Vec<(u8, Seat)>,
    pub(super) winner: Option<Seat>,
    /// Actions applied, resignations included.
    pub(super) moves: u32,
}

impl DragonDelta {
    /// A new game of `players` (2–6) on `board`, `statue` holding the statue; programmes are due.
    pub fn new(board: Board, players: usize, statue: Seat) -> Option<DragonDelta> {
        let colours = Colour::in_play(players)?.to_vec();
        if usize::from(statue) >= players {
            return None;
        }
        let reserves = colours.iter().map(|&colour| SIZES.map(|size| Piece { colour, size }).collect()).collect();
        Some(DragonDelta {
            board,
            pawns: colours.iter().map(|&c| Some(Place::Village(c))).collect(),
            colours,
            stones: BTreeSet::new(),
            planks: Vec::new(),
            reserves,
            lost: Vec::new(),
            round: 1,
            statue,
            programmes: vec![None; players],
            position: 0,
            turn: 0,
            second: false,
            cancelled: Vec::new(),
            winner: None,
            moves: 0,
        })
    }

    pub fn seats(&self) -> usize {
        self.colours.len()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    /// 1–5 while the round's actions are carried out, 0 while programmes are chosen.
    pub fn position(&self) -> u8 {
        self.position
    }

    /// A seat's programme this round, once laid (secret until revealed: views show it to its seat only).
    pub fn programme(&self, seat: Seat) -> Option<[Card; PROGRAMME]> {
        self.programmes[usize::from(seat)]
    }

    pub fn stones(&self) -> &BTreeSet<u8> {
        &self.stones
    }

    /// Stones left in the supply.
    pub fn supply(&self) -> u8 {
        STONES - self.stones.len() as u8
    }

    pub fn planks(&self) -> &[Laid] {
        &self.planks
    }

    /// Each seat's reserve, sorted by size.
    pub fn reserves(&self) -> &[Vec<Piece>] {
        &self.reserves
    }

    /// Planks lost, in the order lost.
    pub fn lost(&self) -> &[Piece] {
        &self.lost
    }

    /// Each seat's pawn (`None` once resigned).
    pub fn pawns(&self) -> &[Option<Place>] {
        &self.pawns
    }

    pub fn colour(&self, seat: Seat) -> Colour {
        self.colours[usize::from(seat)]
    }

    /// How much of its way `seat`'s pawn has left to its goal: 1 at home, 0 there, as the crow flies (on a plank,
    /// from its end nearer the goal). `None` once the pawn has left the river.
    pub fn way_left(&self, seat: Seat) -> Option<f64> {
        let at = self.pawns[usize::from(seat)]?;
        let board = self.board();
        let colour = self.colour(seat);
        let goal = board.at(Support::Village(colour.goal()));
        let far = |p: super::board::Point| (p.minus(goal).norm2() as f64).sqrt();
        let whole = far(board.at(Support::Village(colour)));
        let left = match at {
            Place::Village(c) => far(board.at(Support::Village(c))),
            Place::Plank(ends) => ends.pair().into_iter().map(|s| far(board.at(s))).fold(f64::INFINITY, f64::min),
        };
        Some((left / whole).clamp(0.0, 1.0))
    }

    pub fn resigned(&self, seat: Seat) -> bool {
        self.pawns[usize::from(seat)].is_none()
    }

    /// The seats still playing.
    pub fn remaining(&self) -> SeatSet {
        (0..self.seats() as Seat).filter(|&s| !self.resigned(s)).collect()
    }

    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// A seat's cards: every action and a dragon of each other colour in play.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        Card::hand(self.colour(seat), &self.colours)
    }

    /// The seats in turn order this round: from the statue holder, in seat order.
    fn order(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.seats() as Seat;
        (0..n).map(move |i| (self.statue + i) % n)
    }

    /// The seats whose programme is awaited, while programmes are chosen.
    pub fn programming(&self) -> SeatSet {
        if self.position != 0 || self.is_over() {
            return SeatSet::EMPTY;
        }
        self.remaining().iter().filter(|&s| self.programmes[usize::from(s)].is_none()).collect()
    }

    /// The seat whose action waits for its move, and that action's card.
    pub fn awaiting(&self) -> Option<(Seat, Card)> {
        if self.position == 0 || self.is_over() {
            return None;
        }
        let seat = self.order().nth(self.turn)?;
        Some((seat, self.card(seat)?))
    }

    fn card(&self, seat: Seat) -> Option<Card> {
        let programme = self.programmes[usize::from(seat)]?;
        programme.get(usize::from(self.position).checked_sub(1)?).copied()
    }

    /// Supports planks may rest on: villages and islands with a stone.
    fn supports(&self) -> impl Iterator<Item = Support> + '_ {
        self.board.supports().filter(|s| match s {
            Support::Village(_) => true,
            Support::Island(n) => self.stones.contains(n),
        })
    }

    fn planks_on(&self, s: Support) -> usize {
        self.planks.iter().filter(|p| p.ends.touches(s)).count()
    }

    fn pawn_on(&self, ends: Ends) -> bool {
        self.pawns.contains(&Some(Place::Plank(ends)))
    }

    /// Islands a stone may go on now.
    pub fn stone_places(&self) -> Vec<u8> {
        if self.stones.len() >= usize::from(STONES) {
            return Vec::new();
        }
        let b = &self.board;
        self.board
            .islands()
            .filter(|n| !self.stones.contains(n))
            .filter(|&n| {
                let p = b.at(Support::Island(n));
                !self.planks.iter().any(|l| passes_over(b.at(l.ends.pair()[0]), b.at(l.ends.pair()[1]), p))
            })
            .collect()
    }

    /// Where a plank of `size` may be laid now.
    pub fn plank_places(&self, size: u8) -> Vec<Ends> {
        self.plank_places_by_size(&[size]).swap_remove(usize::from(size))
    }

    /// Where planks of each of `sizes` may be laid now, indexed by size (others left empty): one pass over the pairs
    /// of supports, since a pair's distance fits one size at most.
    fn plank_places_by_size(&self, sizes: &[u8]) -> Vec<Vec<Ends>> {
        let mut out = vec![Vec::new(); usize::from(*SIZES.end()) + 1];
        let river = River::of(self);
        for (i, a) in river.supports.iter().enumerate().filter(|(_, a)| !a.full) {
            for c in river.supports[i + 1..].iter().filter(|c| !c.full) {
                match river.reach.size(a.index, c.index) {
                    Some(size) if sizes.contains(&size) && river.clear(a, c) => {
                        out[usize::from(size)].push(Ends::new(a.support, c.support))
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// Whether a plank of `size` may be laid at `ends` now: [`DragonDelta::plank_places`] for one place.
    fn may_lay(&self, size: u8, ends: Ends) -> bool {
        let river = River::of(self);
        let found = |s: Support| river.supports.iter().find(|x| x.support == s && !x.full);
        match ends.pair().map(found) {
            [Some(a), Some(c)] => river.reach.size(a.index, c.index) == Some(size) && river.clear(a, c),
            _ => false,
        }
    }

    /// Whether `seat`'s reserve could take `piece` in: no two planks of one size, at most two colours.
    fn may_hold(&self, seat: Seat, piece: Piece) -> bool {
        let reserve = &self.reserves[usize::from(seat)];
        let mut colours: BTreeSet<Colour> = reserve.iter().map(|p| p.colour).collect();
        colours.insert(piece.colour);
        !reserve.iter().any(|p| p.size == piece.size) && colours.len() <= RESERVE_COLOURS
    }

    /// The places one step from `from` (planks free of pawns, villages at a plank's ends).
    fn steps(&self, from: Place) -> Vec<Place> {
        let free = |l: &&Laid| !self.pawn_on(l.ends);
        match from {
            Place::Village(c) => self
                .planks
                .iter()
                .filter(free)
                .filter(|l| l.ends.touches(Support::Village(c)))
                .map(|l| Place::Plank(l.ends))
                .collect(),
            Place::Plank(ends) => {
                let villages = ends.pair().into_iter().filter_map(|s| match s {
                    Support::Village(c) => Some(Place::Village(c)),
                    Support::Island(_) => None,
                });
                let planks = self
                    .planks
                    .iter()
                    .filter(free)
                    .filter(|l| l.ends != ends && l.ends.shared(ends).is_some())
                    .map(|l| Place::Plank(l.ends));
                villages.chain(planks).collect()
            }
        }
    }

    /// Whether `card` has an outcome for `seat` now ([`DragonDelta::outcomes`] is not empty), without listing them:
    /// a plank card has one whenever the pawn is on the board and the reserve holds a plank (laid, or lost where it
    /// fits nowhere), and listing where planks fit is the costliest question of a round.
    fn has_outcomes(&self, seat: Seat, card: Card) -> bool {
        let has = match card {
            Card::Plank | Card::Planks2 => {
                self.pawns[usize::from(seat)].is_some() && !self.reserves[usize::from(seat)].is_empty()
            }
            _ => !self.outcomes(seat, card).is_empty(),
        };
        debug_assert_eq!(has, !self.outcomes(seat, card).is_empty(), "{card}");
        has
    }

    /// Every possible outcome of `card` for `seat` now (its first or second part); empty when it has none.
    pub fn outcomes(&self, seat: Seat, card: Card) -> Vec<Action> {
        let Some(at) = self.pawns[usize::from(seat)] else { return Vec::new() };
        let goal = Place::Village(self.colour(seat).goal());
        match card {
            Card::Stone | Card::Stones2 => {
                self.stone_places().into_iter().map(|stone| Action::Stone { stone }).collect()
            }
            Card::Plank | Card::Planks2 => {
                let reserve = &self.reserves[usize::from(seat)];
                let sizes: Vec<u8> = reserve.iter().map(|p| p.size).collect();
                let mut places = self.plank_places_by_size(&sizes);
                reserve
                    .iter()
                    .flat_map(|piece| {
                        let places = std::mem::take(&mut places[usize::from(piece.size)]);
                        if places.is_empty() {
                            vec![Action::Plank { plank: piece.size, between: None }]
                        } else {
                            places.into_iter().map(|e| Action::Plank { plank: piece.size, between: Some(e) }).collect()
                        }
                    })
                    .collect()
            }
            Card::Take => {
                let planks = self
                    .planks
                    .iter()
                    .filter(|l| !self.pawn_on(l.ends) && self.may_hold(seat, l.piece))
                    .map(|l| Action::Take { take: Taken::Plank(l.ends) });
                let bare = self.stones.iter().filter(|&&n| self.planks_on(Support::Island(n)) == 0);
                planks.chain(bare.map(|&n| Action::Take { take: Taken::Stone(n) })).collect()
            }
            Card::Move => self.steps(at).into_iter().map(|p| Action::to(&[p])).collect(),
            Card::Move2 => {
                let mut moved = self.clone();
                let mut out: BTreeSet<Action> = BTreeSet::new();
                let mut back = Vec::new();
                for first in self.steps(at) {
                    if first == goal {
                        out.insert(Action::to(&[first]));
                        continue;
                    }
                    moved.pawns[usize::from(seat)] = Some(first);
                    for second in moved.steps(first) {
                        if second == at {
                            back.push(Action::to(&[first, second]));
                        } else {
                            out.insert(Action::to(&[first, second]));
                        }
                    }
                }
                // Back to where it started only when no two-step move ends anywhere else **[reading]**.
                if out.is_empty() {
                    out.extend(back);
                }
                out.into_iter().collect()
            }
            Card::Jump => self.jumps(seat, at).into_iter().map(|p| Action::to(&[p])).collect(),
            Card::Dragon(_) => Vec::new(),
        }
    }

    /// Where a pawn at `at` may land by jumping over a pawn on an adjacent plank Q: a move of two planks (§4.8), so
    /// beyond Q's far end F, on F itself when it is a village and on every free plank resting on F other than Q.
    fn jumps(&self, seat: Seat, at: Place) -> Vec<Place> {
        let mut out = BTreeSet::new();
        for q in &self.planks {
            let shared = match at {
                Place::Village(c) => Some(Support::Village(c)).filter(|&v| q.ends.touches(v)),
                Place::Plank(ends) => (ends != q.ends).then(|| ends.shared(q.ends)).flatten(),
            };
            let Some(shared) = shared else { continue };
            let occupied =
                self.pawns.iter().enumerate().any(|(s, p)| s != usize::from(seat) && *p == Some(Place::Plank(q.ends)));
            if !occupied {
                continue;
            }
            let far = q.ends.other(shared);
            if let Support::Village(c) = far {
                out.insert(Place::Village(c));
            }
            let beyond =
                self.planks.iter().filter(|l| l.ends != q.ends && l.ends.touches(far) && !self.pawn_on(l.ends));
            out.extend(beyond.map(|l| Place::Plank(l.ends)));
        }
        out.into_iter().collect()
    }

    /// Every legal action of `seat` now: its programmes while they are chosen (every five distinct cards of its
    /// hand in every order would be too many: the programme is checked, not enumerated, and this lists only the
    /// default one), or the possible outcomes of its awaited action. Resigning is legal at any moment but not listed.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Action> {
        if self.programming().contains(seat) {
            return vec![Action::Program { program: Card::default_programme() }];
        }
        match self.awaiting() {
            Some((due, card)) if due == seat => self.outcomes(seat, card),
            _ => Vec::new(),
        }
    }

    /// Applies an action for `seat` and carries the round on through what needs no choice; on error nothing
    /// changes.
    pub fn play(&mut self, seat: Seat, action: &Action) -> Result<Played, MoveError> {
        let mut played = self.play_alone(seat, action)?;
        // A resignation carries the round on by itself.
        if !matches!(action, Action::Resign { .. }) && self.winner.is_none() {
            self.settle(&mut played.events);
        }
        Ok(played)
    }

    /// Applies `seat`'s action alone: checked and carried out as [`DragonDelta::play`] does, but the round is not
    /// carried on afterwards (no card turned over, no action skipped, no fall, no new round). What a preview shows:
    /// what follows by itself would turn over cards nobody may see yet. On error nothing changes.
    pub fn play_alone(&mut self, seat: Seat, action: &Action) -> Result<Played, MoveError> {
        if usize::from(seat) >= self.seats() {
            return Err(MoveError::NoSuchSeat(seat));
        }
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.resigned(seat) {
            return Err(MoveError::Resigned(seat));
        }
        let mut events = Vec::new();
        if let Action::Resign { .. } = action {
            self.resign(seat, &mut events);
            self.moves += 1;
            return Ok(Played { seat, action: Some(action.clone()), card: None, events });
        }
        if let Action::Program { program } = action {
            if self.position != 0 {
                return Err(MoveError::NotProgramming);
            }
            if self.programmes[usize::from(seat)].is_some() {
                return Err(MoveError::Programmed(seat));
            }
            check_programme(program, &self.hand(seat))?;
            self.programmes[usize::from(seat)] = Some(*program);
            self.moves += 1;
            return Ok(Played { seat, action: None, card: None, events });
        }
        let (due, card) = self.awaiting().ok_or(MoveError::Programming)?;
        if due != seat {
            return Err(MoveError::NotYourTurn { seat, due });
        }
        if !self.allows(seat, card, action) {
            return Err(MoveError::Impossible { card, action: action.clone() });
        }
        self.carry_out(seat, action);
        self.moves += 1;
        if self.winner.is_none() {
            if matches!(card, Card::Stones2 | Card::Planks2) && !self.second {
                self.second = true;
            } else {
                self.next_turn();
            }
        }
        Ok(Played { seat, action: Some(action.clone()), card: Some(card), events })
    }

    /// Whether `action` is one of the outcomes of `card` for `seat` now: [`DragonDelta::outcomes`], without listing
    /// every place a plank could go to check one.
    fn allows(&self, seat: Seat, card: Card, action: &Action) -> bool {
        match (card, action) {
            (Card::Plank | Card::Planks2, Action::Plank { plank, between }) => {
                self.reserves[usize::from(seat)].iter().any(|p| p.size == *plank)
                    && match between {
                        Some(ends) => self.may_lay(*plank, *ends),
                        None => self.plank_places(*plank).is_empty(),
                    }
            }
            _ => self.outcomes(seat, card).contains(action),
        }
    }

    /// Does what an outcome says.
    fn carry_out(&mut self, seat: Seat, action: &Action) {
        let s = usize::from(seat);
        match action {
            Action::Stone { stone } => {
                self.stones.insert(*stone);
            }
            Action::Plank { plank, between } => {
                let at = self.reserves[s].iter().position(|p| p.size == *plank).expect("an outcome's plank");
                let piece = self.reserves[s].remove(at);
                match between {
                    Some(ends) => self.planks.push(Laid { ends: *ends, piece }),
                    None => self.lost.push(piece),
                }
            }
            Action::Take { take: Taken::Plank(ends) } => {
                let at = self.planks.iter().position(|l| l.ends == *ends).expect("an outcome's plank");
                let piece = self.planks.remove(at).piece;
                self.reserves[s].push(piece);
                self.reserves[s].sort_by_key(|p| p.size);
            }
            Action::Take { take: Taken::Stone(n) } => {
                self.stones.remove(n);
            }
            Action::To { to } => {
                let last = *to.last().expect("an outcome has a place");
                self.pawns[s] = Some(last);
                if last == Place::Village(self.colour(seat).goal()) {
                    self.winner = Some(seat);
                }
            }
            Action::Program { .. } | Action::Resign { .. } => {}
        }
    }

    /// The pawn falls in the water: back to its start village.
    fn fall(&mut self, seat: Seat) {
        self.pawns[usize::from(seat)] = Some(Place::Village(self.colour(seat)));
    }

    fn next_turn(&mut self) {
        self.turn += 1;
        self.second = false;
    }

    /// Carries the round forward through everything that needs no choice: cancelled actions, dragons, resigned
    /// seats, actions with no possible outcome (a move with none makes the pawn fall in the water); starts the
    /// resolution once every programme is in, and a new round after position 5.
    fn settle(&mut self, events: &mut Vec<Event>) {
        loop {
            if self.is_over() {
                return;
            }
            if self.position == 0 {
                if !self.programming().is_empty() {
                    return;
                }
                self.reveal(1, events);
                continue;
            }
            let Some(seat) = self.order().nth(self.turn) else {
                if self.position == PROGRAMME as u8 {
                    self.new_round(events);
                } else {
                    self.reveal(self.position + 1, events);
                }
                continue;
            };
            let Some(card) = self.card(seat).filter(|c| !self.resigned(seat) && !c.is_dragon()) else {
                self.next_turn();
                continue;
            };
            if self.cancelled.contains(&(self.position, seat)) {
                events.push(Event::Cancelled { seat, card });
                self.next_turn();
                continue;
            }
            if self.has_outcomes(seat, card) {
                return;
            }
            match self.pawns[usize::from(seat)] {
                Some(from) if matches!(card, Card::Move | Card::Move2 | Card::Jump) => {
                    self.fall(seat);
                    events.push(Event::Fell { seat, card, from });
                }
                _ => events.push(Event::Nothing { seat, card }),
            }
            self.next_turn();
        }
    }

    /// Reveals position `position`: each dragon of a seat still playing cancels the action there of the seat of its
    /// colour, unless that action is a dragon too.
    fn reveal(&mut self, position: u8, events: &mut Vec<Event>) {
        self.position = position;
        self.turn = 0;
        self.second = false;
        let cards = self.order().filter(|&s| !self.resigned(s)).filter_map(|s| Some((s, self.card(s)?))).collect();
        events.push(Event::Revealed { position, cards });
        for seat in self.remaining().iter() {
            if let Some(Card::Dragon(target)) = self.card(seat) {
                let victim = self.colours.iter().position(|&c| c == target).map(|v| v as Seat);
                if let Some(victim) = victim.filter(|&v| self.card(v).is_some_and(|c| !c.is_dragon())) {
                    self.cancelled.push((position, victim));
                }
            }
        }
    }

    /// Whether a dragon cancelled `seat`'s action at `position` this round (positions revealed so far).
    pub fn is_cancelled(&self, position: u8, seat: Seat) -> bool {
        self.cancelled.contains(&(position, seat))
    }

    /// A seat's cards revealed so far this round, in position order (none while programmes are chosen).
    pub fn revealed(&self, seat: Seat) -> &[Card] {
        match &self.programmes[usize::from(seat)] {
            Some(programme) => &programme[..usize::from(self.position)],
            None => &[],
        }
    }

    /// The same game with every other seat's unrevealed cards drawn by `chance`: each laid programme keeps its
    /// revealed cards and ends with a random draw of the rest of its hand (still at most one dragon).
    pub fn with_programmes_redrawn(&self, seat: Seat, chance: &mut Shuffler) -> DragonDelta {
        let mut game = self.clone();
        let shown = usize::from(self.position);
        for other in (0..self.seats() as Seat).filter(|&s| s != seat) {
            let Some(programme) = &mut game.programmes[usize::from(other)] else { continue };
            let revealed = &programme[..shown];
            let dragon = revealed.iter().any(|c| c.is_dragon());
            let rest: Vec<Card> =
                self.hand(other).into_iter().filter(|c| !(revealed.contains(c) || dragon && c.is_dragon())).collect();
            programme[shown..].copy_from_slice(&draw(&rest, PROGRAMME - shown, chance));
        }
        game
    }

    /// The seat holding the statue: turns start from it.
    pub fn statue(&self) -> Seat {
        self.statue
    }

    /// Everyone takes their cards back; the statue passes to the next seat still playing.
    fn new_round(&mut self, events: &mut Vec<Event>) {
        self.round += 1;
        self.position = 0;
        self.turn = 0;
        self.second = false;
        self.cancelled.clear();
        self.programmes = vec![None; self.seats()];
        let n = self.seats() as Seat;
        if let Some(next) = (1..=n).map(|i| (self.statue + i) % n).find(|&s| !self.resigned(s)) {
            self.statue = next;
        }
        events.push(Event::NewRound { round: self.round, statue: self.statue });
    }

    /// A seat resigns: its pawn leaves the board and its cards are no longer played; one seat left wins.
    fn resign(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.pawns[usize::from(seat)] = None;
        let remaining = self.remaining();
        if remaining.len() == 1 {
            self.winner = remaining.iter().next();
            return;
        }
        if self.awaiting().is_some_and(|(due, _)| due == seat) {
            self.next_turn();
        }
        self.settle(events);
    }
}

/// The river as plank laying sees it, found once for the many pairs of supports a question asks about: each
/// support there is, whether it holds its most planks, and every laid plank's segment.
struct River {
    reach: Arc<Reach>,
    supports: Vec<Footing>,
    /// The supports there are, as bits by [`reach::index`].
    present: u64,
    laid: Vec<(Ends, Point, Point)>,
}

/// A support there is (a village, or an island with a stone).
struct Footing {
    support: Support,
    index: usize,
    point: Point,
    full: bool,
}

impl River {
    fn of(game: &DragonDelta) -> River {
        let b = &game.board;
        let supports: Vec<Footing> = game
            .supports()
            .map(|s| Footing {
                support: s,
                index: reach::index(s),
                point: b.at(s),
                full: game.planks_on(s) >= PLANKS_PER_SUPPORT,
            })
            .collect();
        let present = supports.iter().fold(0, |mask, s| mask | 1 << s.index);
        let laid = game
            .planks
            .iter()
            .map(|l| {
                let [x, y] = l.ends.pair();
                (l.ends, b.at(x), b.at(y))
            })
            .collect();
        River { reach: Reach::of(b), supports, present, laid }
    }

    /// Whether a plank may join `a` and `c`, its size aside: it passes over no other support, no plank joins them
    /// yet, and it meets no laid plank but at a shared end.
    fn clear(&self, a: &Footing, c: &Footing) -> bool {
        let ends = Ends::new(a.support, c.support);
        self.reach.over(a.index, c.index) & self.present == 0
            && !self
                .laid
                .iter()
                .any(|&(e, x, y)| e == ends || (e.shared(ends).is_none() && meet(a.point, c.point, x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(names: [&str; PROGRAMME]) -> [Card; PROGRAMME] {
        names.map(|n| n.parse().unwrap())
    }

    /// record.md's example: three players, the statue with seat 0, and the first position's stones.
    fn example() -> DragonDelta {
        let mut game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        assert_eq!(game.programming(), [0, 1, 2].into_iter().collect());
        let programmes = [
            (0, ["stone", "plank", "dragon-white", "move", "move-2"]),
            (2, ["stones-2", "planks-2", "take", "jump", "move"]),
            (1, ["stone", "move", "plank", "planks-2", "dragon-red"]),
        ];
        for (seat, names) in programmes {
            assert_eq!(game.awaiting(), None, "no action before every programme is in");
            game.play(seat, &Action::Program { program: cards(names) }).unwrap();
        }
        for (seat, stone) in [(0, 5), (1, 7), (2, 6), (2, 9)] {
            assert_eq!(game.awaiting().map(|(s, _)| s), Some(seat));
            game.play(seat, &Action::Stone { stone }).unwrap();
        }
        game
    }

    #[test]
    fn the_record_md_example_plays_and_position_two_waits_for_seat_0s_plank() {
        let game = example();
        assert_eq!(game.stones, [5, 6, 7, 9].into_iter().collect());
        assert_eq!(game.position, 2);
        assert_eq!(game.awaiting(), Some((0, Card::Plank)));
        // Seat 0 (red) may lay a plank from its village to island 5 (size 4 fits, as the spec says).
        let red_five = Ends::new(Support::Village(Colour::Red), Support::Island(5));
        let legal = game.legal_moves(0);
        assert!(legal.contains(&Action::Plank { plank: 4, between: Some(red_five) }), "{legal:?}");
        assert!(legal.iter().all(|a| matches!(a, Action::Plank { .. })));
        assert!(game.legal_moves(1).is_empty());
    }

    #[test]
    fn refusals_name_the_rule_and_change_nothing() {
        let mut game = example();
        let before = game.clone();
        assert_eq!(game.play(1, &Action::Stone { stone: 1 }), Err(MoveError::NotYourTurn { seat: 1, due: 0 }));
        let far =
            Action::Plank { plank: 1, between: Some(Ends::new(Support::Village(Colour::Red), Support::Island(27))) };
        assert_eq!(game.play(0, &far), Err(MoveError::Impossible { card: Card::Plank, action: far.clone() }));
        let again = Action::Program { program: Card::default_programme() };
        assert_eq!(game.play(0, &again), Err(MoveError::NotProgramming));
        assert_eq!(game, before);
        let mut fresh = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let two_dragons = cards(["dragon-blue", "dragon-white", "stone", "move", "jump"]);
        assert_eq!(
            fresh.play(0, &Action::Program { program: two_dragons }),
            Err(MoveError::Programme(ProgrammeError::TwoDragons))
        );
        assert_eq!(fresh.play(3, &again), Err(MoveError::NoSuchSeat(3)));
    }

    #[test]
    fn a_dragon_cancels_its_colours_action_and_a_pawn_with_nowhere_to_go_falls() {
        let mut game = example();
        // Position 2: seat 0 lays red–5; seat 1 moves onto it (its only step? blue has no plank: it falls); seat 2
        // lays two planks.
        let red_five = Ends::new(Support::Village(Colour::Red), Support::Island(5));
        game.play(0, &Action::Plank { plank: 4, between: Some(red_five) }).unwrap();
        // Blue (seat 1) has no plank at its village: its move resolves by itself, the pawn falling back home.
        assert_eq!(game.pawns[1], Some(Place::Village(Colour::Blue)));
        assert_eq!(game.awaiting(), Some((2, Card::Planks2)));
        let first = game.legal_moves(2)[0].clone();
        game.play(2, &first).unwrap();
        assert_eq!(game.awaiting(), Some((2, Card::Planks2)), "the second plank");
        let second = game.legal_moves(2)[0].clone();
        game.play(2, &second).unwrap();
        // Position 3: seat 0's dragon is white, seat 2's colour: seat 2's take is cancelled; seat 1 lays a plank.
        assert_eq!(game.position, 3);
        assert_eq!(game.cancelled, [(3, 2)]);
        assert_eq!(game.awaiting(), Some((1, Card::Plank)));
    }

    #[test]
    fn resigning_skips_the_seats_actions_and_the_last_one_standing_wins() {
        let mut game = example();
        game.play(1, &Action::RESIGN).unwrap();
        assert!(game.resigned(1) && game.pawns[1].is_none());
        assert_eq!(game.play(1, &Action::RESIGN), Err(MoveError::Resigned(1)));
        assert_eq!(game.awaiting(), Some((0, Card::Plank)));
        game.play(0, &Action::RESIGN).unwrap();
        assert_eq!(game.winner(), Some(2));
        assert_eq!(game.play(2, &Action::RESIGN), Err(MoveError::GameOver));
    }
}
