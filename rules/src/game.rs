//! The shape every game shares.

use super::seed::Shuffler;
use super::undo::UndoError;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;

/// A place at the table, counted from 0 in turn order. Names and Discord users live outside the rules.
pub type Seat = u8;

/// Who is looking at a game. Views never carry what their viewer may not see (a deck's order, a hand, a
/// programmed card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// Everyone: the game's thread, images, logs.
    Public,
    /// One player, privately.
    Seat(Seat),
}

/// A set of seats (games seat at most 8), used for who is due to act and for winners.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub fn one(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }

    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat;
    }

    pub fn contains(self, seat: Seat) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

/// What a game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// These seats may act now: one in turn-based games, several while Dragon Delta's programmes are chosen.
    Seats(SeatSet),
    /// The game is over; these seats share the win.
    Finished { winners: SeatSet },
}

impl Due {
    /// For games where one seat moves at a time: that seat, or the winners once nobody is to move.
    pub fn one_at_a_time(to_move: Option<Seat>, winners: impl FnOnce() -> SeatSet) -> Due {
        match to_move {
            Some(seat) => Due::Seats(SeatSet::one(seat)),
            None => Due::Finished { winners: winners() },
        }
    }

    /// Whether `seat` may act now.
    pub fn allows(self, seat: Seat) -> bool {
        matches!(self, Due::Seats(seats) if seats.contains(seat))
    }
}

/// A game's rules. Implementations are plain values: cloning one forks the game.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One player's move, in the game's record format.
    type Action: Clone + Debug + Eq + std::hash::Hash + Serialize + DeserializeOwned + Send + Sync;
    /// Why an action was refused; its message names the rule broken.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// What an applied action did (towers pushed, cards revealed…), for describing and drawing it.
    type Report: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see of the game.
    type View: Serialize;

    /// How many seats the game has.
    fn seats(&self) -> usize;

    /// Who must act next, or the result.
    fn due(&self) -> Due;

    /// Applies `action` for `seat`. On error the game is left exactly as it was.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Self::Report, Self::Error>;

    /// Every distinct legal action of `seat` now (empty when the seat is not due).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// The game as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A game `seat` could be playing, for all it may know: every part hidden from it (a deck's order, another
    /// seat's unrevealed programme) drawn afresh by `chance` from what it sees, the rest as it is. The result never
    /// depends on the hidden parts' true values, so a player searching its copies learns no secret (computer
    /// players, [`crate::ai`]). Games that hide nothing return themselves.
    fn as_seen_by(&self, _seat: Seat, _chance: &mut Shuffler) -> Self {
        self.clone()
    }

    /// Whether `seat`'s `action`, played on this game (as it stood just before it), can still be taken back fairly
    /// now that the game stands at `now`: not once it brought to light what was hidden, nor when it was no choice
    /// (a resignation, a turn lost to the clock). By default it can ([`crate::undo`]).
    fn undo(&self, _seat: Seat, _action: &Self::Action, _now: &Self) -> Result<(), UndoError> {
        Ok(())
    }

    /// Whether `seat`'s `action` is a choice made at the same time as the other seats' (a programme): played after
    /// a move of another seat that is undone, it stands without it, and it leaves what any other seat due alongside
    /// may choose as it was. By default none is.
    fn stands_alone(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }
}

/// The [`Game`] methods of a game played one seat at a time, written once for every such game: it is due from its
/// own `to_move` and `leaders`, an action is its `play`, a seat's legal actions are its `legal_moves` while it is due,
/// and every viewer sees its `View::of`. A macro, not trait defaults: a default cannot call a game's own methods, and
/// these stay the game's own, since the platform and its tests call them without the trait.
macro_rules! one_seat_at_a_time {
    () => {
        fn due(&self) -> $crate::Due {
            $crate::Due::one_at_a_time(self.to_move(), || self.leaders())
        }

        fn apply(&mut self, seat: $crate::Seat, action: &Self::Action) -> Result<Self::Report, Self::Error> {
            self.play(seat, action)
        }

        fn legal_actions(&self, seat: $crate::Seat) -> Vec<Self::Action> {
            match self.due().allows(seat) {
                true => self.legal_moves(),
                false => Vec::new(),
            }
        }

        fn view(&self, _viewer: $crate::Viewer) -> Self::View {
            <Self::View>::of(self)
        }
    };
}
pub(crate) use one_seat_at_a_time;
