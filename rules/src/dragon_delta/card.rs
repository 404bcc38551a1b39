//! The cards (dragon-delta.md §1, §4): eight actions once each and a dragon of each other colour in play, and a
//! programme of five of them.

use super::colour::Colour;
use crate::seed::Shuffler;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Cards in a programme.
pub const PROGRAMME: usize = 5;

/// One card, written as the record writes it (`stone`, `stones-2`, …, `dragon-red`). Ordered as §4 lists the
/// actions, then the dragons in colour order: "card order".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    Stone,
    Stones2,
    Plank,
    Planks2,
    Take,
    Move,
    Move2,
    Jump,
    Dragon(Colour),
}

impl Card {
    pub const ACTIONS: [Card; 8] =
        [Card::Stone, Card::Stones2, Card::Plank, Card::Planks2, Card::Take, Card::Move, Card::Move2, Card::Jump];

    /// The hand of `colour` when `in_play` are the colours playing: every action, and a dragon of each other colour
    /// in play; in card order.
    pub fn hand(colour: Colour, in_play: &[Colour]) -> Vec<Card> {
        let mut dragons: Vec<Colour> = in_play.iter().copied().filter(|&c| c != colour).collect();
        dragons.sort();
        Card::ACTIONS.into_iter().chain(dragons.into_iter().map(Card::Dragon)).collect()
    }

    /// The programme played for a seat that did not choose one: the first five actions in card order **[digital]**.
    pub fn default_programme() -> [Card; PROGRAMME] {
        [Card::Stone, Card::Stones2, Card::Plank, Card::Planks2, Card::Take]
    }

    pub fn is_dragon(self) -> bool {
        matches!(self, Card::Dragon(_))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Stone => f.write_str("stone"),
            Card::Stones2 => f.write_str("stones-2"),
            Card::Plank => f.write_str("plank"),
            Card::Planks2 => f.write_str("planks-2"),
            Card::Take => f.write_str("take"),
            Card::Move => f.write_str("move"),
            Card::Move2 => f.write_str("move-2"),
            Card::Jump => f.write_str("jump"),
            Card::Dragon(c) => write!(f, "dragon-{c}"),
        }
    }
}

/// A name that is no card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown card {0:?} (cards: stone, stones-2, plank, planks-2, take, move, move-2, jump, dragon-<colour>)")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;

    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        if let Some(colour) = s.strip_prefix("dragon-") {
            return Colour::named(colour).map(Card::Dragon).ok_or_else(|| UnknownCard(s.to_string()));
        }
        Card::ACTIONS.into_iter().find(|c| c.to_string() == s).ok_or_else(|| UnknownCard(s.to_string()))
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// A programme of `hand`'s cards drawn by `chooser`: five distinct cards in a random order, at most one dragon (for
/// random play: tests, benchmarks, examples, computer players).
pub fn random_programme(hand: &[Card], chooser: &mut Shuffler) -> [Card; PROGRAMME] {
    draw(hand, PROGRAMME, chooser).try_into().expect("a hand holds eight actions")
}

/// `count` distinct cards of `cards` in a random order, at most one dragon.
pub fn draw(cards: &[Card], count: usize, chooser: &mut Shuffler) -> Vec<Card> {
    let mut cards = cards.to_vec();
    chooser.shuffle(&mut cards);
    let mut chosen: Vec<Card> = Vec::with_capacity(count);
    for card in cards {
        if chosen.len() < count && !(card.is_dragon() && chosen.iter().any(|c| c.is_dragon())) {
            chosen.push(card);
        }
    }
    chosen
}

/// Why a programme is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgrammeError {
    #[error("programme: it has {0} cards; a programme is 5")]
    Length(usize),
    #[error("programme: {0} is not in your hand")]
    NotInHand(Card),
    #[error("programme: {0} is there twice")]
    Twice(Card),
    #[error("programme: at most one dragon")]
    TwoDragons,
}

/// Checks a programme of `hand`'s cards: five distinct cards of the hand, at most one dragon.
pub fn check_programme(programme: &[Card], hand: &[Card]) -> Result<(), ProgrammeError> {
    if programme.len() != PROGRAMME {
        return Err(ProgrammeError::Length(programme.len()));
    }
    check_programme_so_far(programme, hand)
}

/// Checks the first cards of a programme being chosen: at most five, distinct, of the hand, at most one dragon
/// (what a programme of five needs of its first cards; the length is checked once it is laid).
pub fn check_programme_so_far(chosen: &[Card], hand: &[Card]) -> Result<(), ProgrammeError> {
    if chosen.len() > PROGRAMME {
        return Err(ProgrammeError::Length(chosen.len()));
    }
    for (i, card) in chosen.iter().enumerate() {
        if !hand.contains(card) {
            return Err(ProgrammeError::NotInHand(*card));
        }
        if chosen[..i].contains(card) {
            return Err(ProgrammeError::Twice(*card));
        }
    }
    if chosen.iter().filter(|c| c.is_dragon()).count() > 1 {
        return Err(ProgrammeError::TwoDragons);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    #[test]
    fn cards_read_and_write_as_the_record_does() {
        for card in Card::ACTIONS.into_iter().chain(Colour::ALL.map(Card::Dragon)) {
            let json = serde_json::to_string(&card).unwrap();
            assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
        }
        assert_eq!("move-2".parse::<Card>(), Ok(Card::Move2));
        assert_eq!("dragon-white".parse::<Card>(), Ok(Card::Dragon(White)));
        assert!("dragon-pink".parse::<Card>().is_err());
        assert!("stones".parse::<Card>().is_err());
    }

    #[test]
    fn a_hand_holds_the_actions_and_a_dragon_of_each_other_colour_in_play() {
        let in_play = Colour::in_play(3).unwrap();
        let hand = Card::hand(Blue, in_play);
        assert_eq!(hand.len(), 8 + 2, "8 + (players − 1)");
        assert_eq!(&hand[8..], &[Card::Dragon(Red), Card::Dragon(White)]);
        let programme = ["stone", "plank", "dragon-white", "move", "move-2"].map(|c| c.parse::<Card>().unwrap());
        assert_eq!(check_programme(&programme, &hand), Ok(()));
        assert_eq!(check_programme(&programme[..4], &hand), Err(ProgrammeError::Length(4)));
        assert_eq!(check_programme_so_far(&programme[..4], &hand), Ok(()));
        assert_eq!(
            check_programme_so_far(&[programme[..].to_vec(), vec![Card::Take]].concat(), &hand),
            Err(ProgrammeError::Length(6))
        );
        let mut twice = programme;
        twice[1] = Card::Stone;
        assert_eq!(check_programme(&twice, &hand), Err(ProgrammeError::Twice(Card::Stone)));
        let mut own = programme;
        own[2] = Card::Dragon(Blue);
        assert_eq!(check_programme(&own, &hand), Err(ProgrammeError::NotInHand(Card::Dragon(Blue))));
        let mut dragons = programme;
        dragons[0] = Card::Dragon(Red);
        assert_eq!(check_programme(&dragons, &hand), Err(ProgrammeError::TwoDragons));
        assert_eq!(check_programme_so_far(&dragons[..3], &hand), Err(ProgrammeError::TwoDragons));
        assert_eq!(check_programme_so_far(&dragons[..2], &hand), Ok(()));
        assert_eq!(check_programme(&Card::default_programme(), &hand), Ok(()));
    }
}
