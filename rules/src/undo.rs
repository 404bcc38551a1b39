//! Undos by agreement: which moves go when a seat takes back its last one, or which rule says it cannot be done
//! fairly.
//!
//! Scope: a seat's last move (with the actions of its turn before it) can be taken back while the game runs, when nobody learnt from it what they could not
//! have known before it (a card turned face up, programmes revealed: [`Game::undo`]) and nobody has moved since
//! but the seats that play by themselves (computers, resigned seats), whose moves after it go with it. A move chosen
//! at the same time as it (another seat's programme: [`Game::stands_alone`]) stands. Agreement is not a rule
//! question: who must agree, and how, is the platform's.

use crate::{Due, Game, Seat, SeatSet};

/// Why a seat's last move cannot be taken back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    #[error("the game is over")]
    GameOver,
    #[error("seat {0} has made no move to take back")]
    NoMove(Seat),
    #[error("seat {0} has moved since")]
    MovedSince(Seat),
    #[error("the move turned a card face up: everyone has seen it")]
    CardTurned,
    #[error("the programmes have been revealed")]
    ProgrammesRevealed,
    #[error("a resignation or a turn lost to the clock was no choice to take back")]
    NotAChoice,
    #[error("the history does not replay at move {0}")]
    Unreplayable(usize),
}

/// The moves of `history` (indices into it, ascending) that go when `seat` takes back its last move of the game
/// `start` begins: that move with the moves it made just before it (a turn of several actions, as Contrées' two
/// lands), and the moves of `automatic` seats after it. `history` is every move that stands, in order, as
/// `(seat, action)`.
pub fn undo<G: Game>(
    start: &G,
    history: &[(Seat, G::Action)],
    seat: Seat,
    automatic: SeatSet,
) -> Result<Vec<usize>, UndoError> {
    let last = history.iter().rposition(|(s, _)| *s == seat).ok_or(UndoError::NoMove(seat))?;
    let first = history[..last].iter().rposition(|(s, _)| *s != seat).map_or(0, |k| k + 1);
    let mut game = start.clone();
    for (k, (s, action)) in history[..first].iter().enumerate() {
        game.apply(*s, action).map_err(|_| UndoError::Unreplayable(k))?;
    }
    let mut before = Vec::with_capacity(history.len() - first);
    for (k, (s, action)) in history.iter().enumerate().skip(first) {
        before.push(game.clone());
        game.apply(*s, action).map_err(|_| UndoError::Unreplayable(k))?;
    }
    if matches!(game.due(), Due::Finished { .. }) {
        return Err(UndoError::GameOver);
    }
    let mut gone = Vec::new();
    for (k, then) in before.iter().enumerate() {
        let (s, action) = &history[first + k];
        if first + k <= last || automatic.contains(*s) {
            then.undo(*s, action, &game)?;
            gone.push(first + k);
        } else if !then.stands_alone(*s, action) {
            return Err(UndoError::MovedSince(*s));
        }
    }
    // What stands after it must still be legal without it.
    let mut game = before.swap_remove(0);
    for (j, (s, action)) in history.iter().enumerate().skip(first).filter(|(j, _)| !gone.contains(j)) {
        game.apply(*s, action).map_err(|_| UndoError::MovedSince(history[j].0))?;
    }
    Ok(gone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contrees::{action::Action, Contrees};
    use crate::dragon_delta::card::{Card, PROGRAMME};
    use crate::dragon_delta::{action::Action as Delta, DragonDelta};
    use crate::meridian::Meridian;
    use crate::seed::Shuffler;

    /// `n` moves of `game` chosen by `chance` among the legal ones of the seats due, in seat order.
    fn played<G: Game>(mut game: G, n: usize, chance: &mut Shuffler) -> (G, Vec<(Seat, G::Action)>) {
        let start = game.clone();
        let mut history = Vec::new();
        while history.len() < n {
            let Due::Seats(due) = game.due() else { break };
            let seat = due.iter().next().expect("someone is due");
            let legal = game.legal_actions(seat);
            let action = legal[chance.below(legal.len() as u64) as usize].clone();
            game.apply(seat, &action).expect("legal");
            history.push((seat, action));
        }
        (start, history)
    }

    /// Five distinct cards of `hand`, at most one dragon among them.
    fn programme(hand: &[Card]) -> [Card; PROGRAMME] {
        let mut chosen: Vec<Card> = Vec::new();
        for &card in hand {
            let second_dragon = card.is_dragon() && chosen.iter().any(|c| c.is_dragon());
            if !chosen.contains(&card) && !second_dragon && chosen.len() < PROGRAMME {
                chosen.push(card);
            }
        }
        chosen.try_into().expect("a hand holds five cards to programme")
    }

    #[test]
    fn contrees_takes_back_the_last_move_alone_and_not_one_answered() {
        let (start, history) = played(Contrees::new(false), 6, &mut Shuffler::new(7));
        // The lands are laid two by two after the first player's first two.
        let seats: Vec<Seat> = history.iter().map(|(s, _)| *s).collect();
        assert_eq!(seats, [0, 0, 1, 1, 0, 0]);
        let last = history[5].0;
        // A turn's two lands go together.
        assert_eq!(undo(&start, &history, last, SeatSet::EMPTY), Ok(vec![4, 5]));
        let other = 1 - last;
        assert_eq!(undo(&start, &history, other, SeatSet::EMPTY), Err(UndoError::MovedSince(last)));
        // A computer's answer goes with it.
        assert_eq!(undo(&start, &history, other, SeatSet::one(last)), Ok(vec![2, 3, 4, 5]));
        assert_eq!(undo(&start, &[], 0, SeatSet::EMPTY), Err(UndoError::NoMove(0)));
        // Once the towers are placed, a turn lost to the clock is no choice of the player's.
        let (start, mut history) = played(Contrees::new(false), 40, &mut Shuffler::new(7));
        let mut game = start.clone();
        for (s, action) in &history {
            game.apply(*s, action).expect("legal");
        }
        assert!(matches!(game.legal_actions(history[39].0 ^ 1)[0], Action::Tower { .. }));
        history.push((history[39].0 ^ 1, Action::Timeout { timeout: crate::record::True }));
        assert_eq!(undo(&start, &history, history[40].0, SeatSet::EMPTY), Err(UndoError::NotAChoice));
    }

    #[test]
    fn meridian_takes_back_no_move_that_turned_a_card() {
        let decks = crate::meridian::state::shuffled_decks(2, 3);
        let game = Meridian::new(crate::meridian::board::Board::standard_for(2), decks).expect("two players");
        let (start, history) = played(game, 3, &mut Shuffler::new(3));
        let last = history[2].0;
        assert_eq!(undo(&start, &history, last, SeatSet::EMPTY), Err(UndoError::CardTurned));
    }

    #[test]
    fn dragon_delta_takes_back_a_programme_until_the_programmes_are_revealed() {
        let start = DragonDelta::new(crate::dragon_delta::board::Board::standard(), 3, 0).expect("three players");
        let mut game = start.clone();
        let mut history = Vec::new();
        for seat in [2, 0] {
            let action = Delta::Program { program: programme(&game.hand(seat)) };
            game.apply(seat, &action).expect("a programme");
            history.push((seat, action));
        }
        // Seat 0's programme came after seat 2's: it stands when seat 2 takes its own back.
        assert_eq!(undo(&start, &history, 2, SeatSet::EMPTY), Ok(vec![0]));
        assert_eq!(undo(&start, &history, 0, SeatSet::EMPTY), Ok(vec![1]));
        let action = Delta::Program { program: programme(&game.hand(1)) };
        history.push((1, action));
        assert_eq!(undo(&start, &history, 1, SeatSet::EMPTY), Err(UndoError::ProgrammesRevealed));
        assert_eq!(undo(&start, &history, 2, SeatSet::EMPTY), Err(UndoError::ProgrammesRevealed));
    }
}
