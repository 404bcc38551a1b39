//! Meridian positions for tests: games built with chosen decks, and moves written briefly.

use rules::meridian::state::full_deck;
use rules::meridian::{Board, Card, Meridian, Move, Placement};
use rules::seed::Shuffler;

pub fn card(name: &str) -> Card {
    name.parse().unwrap()
}

/// A deck whose top cards are `top` (the first two start face up), the rest in the unshuffled order.
pub fn deck(players: usize, top: &[&str]) -> Vec<Card> {
    let mut rest = full_deck(players);
    let mut deck = Vec::new();
    for name in top {
        let c = card(name);
        let at = rest.iter().position(|&x| x == c).expect("card left to put on top");
        deck.push(rest.remove(at));
    }
    deck.extend(rest);
    deck
}

/// A game on the standard board for the player count, each seat's deck starting with the given cards.
pub fn game(tops: &[&[&str]]) -> Meridian {
    let n = tops.len();
    Meridian::new(Board::standard_for(n), tops.iter().map(|t| deck(n, t)).collect()).unwrap()
}

pub fn place(name: &str, meridian: u8, height: u8, row: u8) -> Move {
    Move { card: card(name), meridian: Some(meridian), take_back: None, place: Some(Placement { height, row }) }
}

pub fn take_back(name: &str, meridian: u8, row: u8) -> Move {
    Move { card: card(name), meridian: Some(meridian), take_back: Some(row), place: None }
}

pub fn take_back_and_place(name: &str, meridian: u8, row: u8, height: u8, new_row: u8) -> Move {
    Move { take_back: Some(row), ..place(name, meridian, height, new_row) }
}

/// The player to move passes with their first face-up card.
pub fn pass(game: &mut Meridian) {
    let (seat, pass) = game.forced_pass().expect("game not over");
    game.play(seat, &pass).unwrap();
}

/// Plays `mv` for whoever is to move.
pub fn play(game: &mut Meridian, mv: Move) {
    let seat = game.to_move().expect("game not over");
    if let Err(e) = game.play(seat, &mv) {
        panic!("{mv} by seat {seat}: {e}");
    }
}

/// A random legal game: `(start, moves, end)`, choices drawn from `seed`.
pub fn random_game(players: usize, seed: u64) -> (Meridian, Vec<Move>, Meridian) {
    let decks = rules::meridian::state::shuffled_decks(players, seed);
    let start = Meridian::new(Board::standard_for(players), decks).unwrap();
    let mut chooser = Shuffler::new(seed ^ 0x5EED);
    let mut game = start.clone();
    let mut moves = Vec::new();
    while let Some(seat) = game.to_move() {
        let legal = game.legal_moves();
        let mv = legal[chooser.below(legal.len() as u64) as usize];
        game.play(seat, &mv).unwrap();
        moves.push(mv);
    }
    (start, moves, game)
}
