//! A game of Meridian in progress: set-up (§2) and turns (§3).

use super::board::{Board, City, MERIDIANS};
use super::card::Card;
use super::column::{Column, Pushed, Tower};
use super::error::{MoveError, SetupError};
use super::turn::Move;
use crate::seed::Shuffler;
use crate::Seat;
use serde::{Deserialize, Serialize};

/// Floors of one colour.
pub const FLOORS_PER_COLOUR: u8 = 20;

/// One player's material. With 2 players this is two colours acting as one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Floors not on the board.
    pub reserve: u8,
    /// Face-up cards, in the order they were turned up (at most 2).
    pub face_up: Vec<Card>,
    /// Face-down cards, top first. Secret: nobody knows this order.
    pub deck: Vec<Card>,
    /// Played cards, in play order (public).
    pub discards: Vec<Card>,
}

/// What a move did, for describing it and drawing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub seat: Seat,
    pub card: Card,
    pub taken_back: Option<(City, Tower)>,
    pub placed: Option<(City, Tower)>,
    pub pushed: Vec<Pushed>,
}

/// The whole state of a game of Meridian, secrets included (the decks' order). Views hide them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meridian {
    board: Board,
    columns: [Column; MERIDIANS as usize],
    players: Vec<Player>,
    next: Seat,
    moves: u32,
}

/// How many play Meridian.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;

/// Colours per player: two with 2 players, otherwise one.
pub fn colours(players: usize) -> u8 {
    if players == 2 {
        2
    } else {
        1
    }
}

/// The cards each player holds: every card once per colour, in [`Card::ALL`] order.
pub fn full_deck(players: usize) -> Vec<Card> {
    Card::ALL.iter().flat_map(|&c| std::iter::repeat_n(c, colours(players).into())).collect()
}

/// The decks a seed deals: each seat's full deck shuffled in turn, seat 0 first, from one [`Shuffler`].
pub fn shuffled_decks(players: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut shuffler = Shuffler::new(seed);
    (0..players)
        .map(|_| {
            let mut deck = full_deck(players);
            shuffler.shuffle(&mut deck);
            deck
        })
        .collect()
}

impl Meridian {
    /// Starts a game: one deck per seat (top card first), seat 0 to move. The board must suit the player count and
    /// each deck must hold exactly that player's cards.
    pub fn new(board: Board, decks: Vec<Vec<Card>>) -> Result<Meridian, SetupError> {
        let n = decks.len();
        if !PLAYERS.contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        if !board.suits(n) {
            return Err(SetupError::BoardDoesNotSuit { rows: board.rows(), players: n });
        }
        let expected = full_deck(n);
        let players = decks
            .into_iter()
            .enumerate()
            .map(|(seat, mut deck)| {
                check_deck(&deck, &expected).map_err(|problem| SetupError::Deck { seat: seat as Seat, problem })?;
                let face_up = deck.drain(..2).collect();
                Ok(Player { reserve: FLOORS_PER_COLOUR * colours(n), face_up, deck, discards: Vec::new() })
            })
            .collect::<Result<Vec<_>, SetupError>>()?;
        Ok(Meridian { board, columns: Default::default(), players, next: 0, moves: 0 })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The towers of meridian `m` (1–10).
    pub fn column(&self, meridian: u8) -> &Column {
        &self.columns[usize::from(meridian) - 1]
    }

    /// Every tower with its city, by meridian then row.
    pub fn towers(&self) -> impl Iterator<Item = (City, Tower)> + '_ {
        (1..=MERIDIANS)
            .flat_map(move |meridian| self.column(meridian).towers().map(move |(row, t)| (City { meridian, row }, t)))
    }

    /// Moves played so far.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The seat to move, or `None` once every card has been played.
    pub fn to_move(&self) -> Option<Seat> {
        (!self.players[usize::from(self.next)].face_up.is_empty()).then_some(self.next)
    }

    /// The move made for the player to move when they do not choose (their time ran out, or they resigned): a
    /// pass discarding their first face-up card, always legal. `None` once the game is over.
    pub fn forced_pass(&self) -> Option<(Seat, Move)> {
        let seat = self.to_move()?;
        Some((seat, Move::pass(self.players[usize::from(seat)].face_up[0])))
    }

    /// Towers one player may have on a meridian (R4).
    pub fn tower_limit(&self) -> u8 {
        colours(self.players.len())
    }

    /// Plays `mv` for `seat`. Checks, in order: turn, card, meridian, take-back, then the placement rules R1, R2,
    /// R4, R5, R6, R3. On error nothing changes.
    pub fn play(&mut self, seat: Seat, mv: &Move) -> Result<Played, MoveError> {
        let due = self.to_move().ok_or(MoveError::GameOver)?;
        if seat != due {
            return Err(MoveError::NotYourTurn { seat, due });
        }
        let player = &self.players[usize::from(seat)];
        if !player.face_up.contains(&mv.card) {
            return Err(MoveError::CardNotFaceUp { card: mv.card });
        }
        let meridian = match mv.meridian {
            Some(m) if !mv.card.allows(m) => return Err(MoveError::MeridianNotOnCard { card: mv.card, meridian: m }),
            Some(m) => m,
            None if mv.take_back.is_some() || mv.place.is_some() => return Err(MoveError::MeridianMissing),
            None => {
                let pass = Played { seat, card: mv.card, taken_back: None, placed: None, pushed: Vec::new() };
                return Ok(self.finish_turn(pass));
            }
        };
        let rows = self.board.rows();
        let city = |row| City { meridian, row };
        let check_city = |row: u8| {
            if (1..=rows).contains(&row) {
                Ok(())
            } else {
                Err(MoveError::NoSuchCity { city: city(row), rows })
            }
        };
        let mut column = *self.column(meridian);
        let mut reserve = player.reserve;
        let mut taken_back = None;
        if let Some(row) = mv.take_back {
            check_city(row)?;
            match column.tower(row) {
                Some(t) if t.seat == seat => {
                    column.take(row);
                    reserve += t.height;
                    taken_back = Some((city(row), t));
                }
                _ => return Err(MoveError::NoTowerToTakeBack { city: city(row) }),
            }
        }
        let mut placed = None;
        let mut pushed = Vec::new();
        if let Some(p) = mv.place {
            check_city(p.row)?;
            let tower = Tower { seat, height: p.height };
            if taken_back == Some((city(p.row), tower)) {
                return Err(MoveError::IdenticalReplacement);
            }
            // R1 and R2 before the player's own limits (R4, R5), as the errors are ordered; `place` checks them too.
            column.check_height(meridian, p.height)?;
            let limit = self.tower_limit();
            if column.count(seat) >= limit {
                return Err(MoveError::TooManyTowers { meridian, limit });
            }
            if reserve < p.height {
                return Err(MoveError::NotEnoughFloors { height: p.height, available: reserve });
            }
            pushed = column.place(meridian, rows, tower, p.row)?;
            reserve -= p.height;
            placed = Some((city(p.row), tower));
        }
        self.columns[usize::from(meridian) - 1] = column;
        self.players[usize::from(seat)].reserve = reserve;
        Ok(self.finish_turn(Played { seat, card: mv.card, taken_back, placed, pushed }))
    }

    /// The same game with every deck in a new order drawn by `chance`. Each deck is sorted first, so that the new
    /// order owes nothing to the old one.
    pub fn with_decks_reshuffled(&self, chance: &mut Shuffler) -> Meridian {
        let mut game = self.clone();
        for player in &mut game.players {
            player.deck.sort_by_key(|c| c.index());
            chance.shuffle(&mut player.deck);
        }
        game
    }

    /// Discards the card, turns up the next one and passes the turn.
    fn finish_turn(&mut self, played: Played) -> Played {
        let (seat, card) = (played.seat, played.card);
        let player = &mut self.players[usize::from(seat)];
        let at = player.face_up.iter().position(|&c| c == card).expect("card checked face up");
        player.face_up.remove(at);
        player.discards.push(card);
        if !player.deck.is_empty() {
            player.face_up.push(player.deck.remove(0));
        }
        self.next = (seat + 1) % self.players.len() as Seat;
        self.moves += 1;
        played
    }
}

/// Checks that `deck` holds exactly the cards of `expected`, saying what is wrong otherwise.
fn check_deck(deck: &[Card], expected: &[Card]) -> Result<(), String> {
    let mut counts = [0i32; 13];
    for c in deck {
        counts[c.index()] += 1;
    }
    for c in expected {
        counts[c.index()] -= 1;
    }
    let per_card = expected.len() as i32 / 13;
    let wrong: Vec<String> = Card::ALL
        .iter()
        .zip(counts)
        .filter(|&(_, d)| d != 0)
        .map(|(c, d)| match per_card + d {
            0 => format!("no {c}"),
            1 => format!("one {c}"),
            n => format!("{n} × {c}"),
        })
        .collect();
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "must hold each card {} ({} cards); it has {} cards, with {}",
            if per_card == 2 { "twice" } else { "once" },
            expected.len(),
            deck.len(),
            wrong.join(", ")
        ))
    }
}
