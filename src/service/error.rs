//! Why a request was refused. Messages speak to the player; nothing was changed when one is returned.

use crate::language::{List, Text};
use crate::service::game::any::players;
use crate::store::StoreError;
use crate::text;

#[derive(Debug)]
pub enum ServiceError {
    NoSuchGame(i64),
    NotSeated(i64),
    /// The players due instead.
    NotYourTurn(List),
    /// Not due, for a reason the game words better than whose turn it is.
    NotDue(Text),
    /// The rules refused the move: the game's own error, which names the rule.
    Illegal(crate::service::game::any::Refused),
    /// A typed move command that does not read as a move (no such card, no such label), in words for its player.
    Unread(Text),
    /// A game's own command typed about a game of another kind.
    OtherGame {
        game: i64,
        title: &'static str,
    },
    /// A Confirm whose choices lead to no whole move now.
    NothingToChoose(i64),
    /// No such puzzle, or not one the asker may be set.
    NoSuchPuzzle {
        game: i64,
        seq: i64,
    },
    /// A puzzle the asker solved already.
    PuzzleSolved {
        game: i64,
        seq: i64,
    },
    /// A puzzle the asker failed, back at this time.
    PuzzleNotDue {
        back_at: i64,
    },
    /// A choice made before seeing what it leads to is final (Dragon Delta's plank): the choice kept.
    Pledged(Text),
    MovedOn {
        game: i64,
        seen: i64,
        now: i64,
    },
    GameOver(i64),
    NotStarted(i64),
    AlreadyStarted(i64),
    AlreadySeated(i64),
    LobbyFull {
        game: i64,
        max: usize,
    },
    PlayerCount {
        game: i64,
        have: usize,
        min: usize,
        max: usize,
    },
    NotHost(i64),
    NotAPlayer {
        game: i64,
        name: String,
    },
    NotHostOrPlayer(i64),
    ComputerAlready(String),
    SeatGone {
        game: i64,
        name: String,
    },
    NotHostOrModerator(i64),
    /// A substitute asked by someone who is not the game's host, the player leaving or a moderator of its channel.
    MayNotSubstitute(i64),
    /// The player asked to take a seat plays in the game already (or is the one leaving it).
    PlaysAlready {
        game: i64,
        name: String,
    },
    /// No offer of a seat waits for this player (answered, withdrawn, replaced, or the seat changed hands since).
    NoSeatOffer(i64),
    /// A click or command of a player whose seat has changed hands.
    SeatChangedHands {
        game: i64,
        to: String,
    },
    /// A rejoin by someone whose seat is not with a computer (or who never had one).
    NoSeatToRejoin(i64),
    /// The rules refuse to take the move back: why, in the game's words.
    UndoRefused {
        game: i64,
        why: Text,
    },
    /// An answer to an undo that is not waiting for this player (answered, replaced, a move played since).
    NoUndo(i64),
    /// An answer to an undo asked more than a day ago.
    UndoLapsed(i64),
    /// An undo asked while another player's waits for answers.
    UndoWaiting {
        game: i64,
        name: String,
    },
    TooManyLobbies {
        max: i64,
    },
    TooManyInvitations {
        name: String,
        max: i64,
    },
    NotInvited(i64),
    HostCannotLeave,
    /// A web page's token that opens no started game: the same answer for every token, so none can be probed.
    NoSuchPage,
    NoSuchMove {
        game: i64,
        step: i64,
        last: i64,
    },
    /// A replay's moves out of the game's (`last`: its moves so far), or the wrong way round.
    NoSuchMoves {
        game: i64,
        from: i64,
        to: i64,
        last: i64,
    },
    /// No board was shown in the game's thread between these moves (a replay has nothing to show).
    NoBoardShown {
        game: i64,
        from: i64,
        to: i64,
    },
    ExportTooEarly(i64),
    /// A player's setting out of bounds: a vacation's length or the days left this year, a reminder interval.
    Settings(Text),
    BadOptions(Text),
    /// The game cannot be set up with its options.
    Setup(crate::service::game::any::SetupError),
    /// A tournament's refusal.
    Tournament(crate::service::TournamentError),
    /// A refusal of fair play (seats, requests, undos, reliability).
    FairPlay(crate::service::seat::FairPlayError),
    /// Not the player's fault; the details go to the log, never to a channel.
    Store(StoreError),
    /// A picture could not be drawn (the drawing panicked); internal, like [`ServiceError::Store`].
    Drawing(String),
}

impl ServiceError {
    /// What the player reads, in no language yet.
    pub fn text(&self) -> Text {
        use ServiceError as E;
        match self {
            E::NoSuchGame(game) => text!("error-no-such-game", game = *game),
            E::NotSeated(game) => text!("error-not-seated", game = *game),
            E::NotYourTurn(names) => text!("error-not-your-turn", due = names.clone()),
            E::NotDue(why) | E::Settings(why) | E::Unread(why) => why.clone(),
            E::OtherGame { game, title } => text!("error-other-game", game = *game, title = *title),
            E::NothingToChoose(game) => text!("error-nothing-to-choose", game = *game),
            E::NoSuchPuzzle { game, seq } => text!("error-no-such-puzzle", game = *game, seq = *seq),
            E::PuzzleSolved { game, seq } => text!("error-puzzle-solved", game = *game, seq = *seq),
            E::PuzzleNotDue { back_at } => text!("error-puzzle-not-due", back = Text::timestamp(*back_at, 'R')),
            E::Illegal(refused) => text!("error-illegal", rule = refused.text()),
            E::Pledged(kept) => text!("error-pledged", kept = kept.clone()),
            E::MovedOn { game, seen, now } => text!("error-moved-on", game = *game, seen = *seen, now = *now),
            E::GameOver(game) => text!("error-game-over", game = *game),
            E::NotStarted(game) => text!("error-not-started", game = *game),
            E::AlreadyStarted(game) => text!("error-already-started", game = *game),
            E::AlreadySeated(game) => text!("error-already-seated", game = *game),
            E::LobbyFull { game, max } => text!("error-lobby-full", game = *game, max = *max),
            E::PlayerCount { game, have, min, max } => {
                text!("error-player-count", game = *game, have = *have, players = players(&(*min..=*max)))
            }
            E::NotHost(game) => text!("error-not-host", game = *game),
            E::NotAPlayer { game, name } => text!("error-not-a-player", game = *game, name = name),
            E::NotHostOrPlayer(game) => text!("error-not-host-or-player", game = *game),
            E::ComputerAlready(name) => text!("error-computer-already", name = name),
            E::SeatGone { game, name } => text!("error-seat-gone", game = *game, name = name),
            E::NotHostOrModerator(game) => text!("error-not-host-or-moderator", game = *game),
            E::MayNotSubstitute(game) => text!("error-may-not-substitute", game = *game),
            E::PlaysAlready { game, name } => text!("error-plays-already", game = *game, name = name),
            E::NoSeatOffer(game) => text!("error-no-seat-offer", game = *game),
            E::SeatChangedHands { game, to } => text!("error-seat-changed-hands", game = *game, to = to),
            E::NoSeatToRejoin(game) => text!("error-no-seat-to-rejoin", game = *game),
            E::UndoRefused { game, why } => text!("error-undo-refused", game = *game, why = why.clone()),
            E::NoUndo(game) => text!("error-no-undo", game = *game),
            E::UndoLapsed(game) => text!("error-undo-lapsed", game = *game),
            E::UndoWaiting { game, name } => text!("error-undo-waiting", game = *game, name = name),
            E::TooManyLobbies { max } => text!("error-too-many-lobbies", max = *max),
            E::TooManyInvitations { name, max } => text!("error-too-many-invitations", name = name, max = *max),
            E::NotInvited(game) => text!("error-not-invited", game = *game),
            E::HostCannotLeave => text!("error-host-cannot-leave"),
            E::NoSuchPage => text!("error-no-such-page"),
            E::NoSuchMove { game, step, last } => text!("error-no-such-move", game = *game, step = *step, last = *last),
            E::NoSuchMoves { game, from, to, last } => {
                text!("error-replay-moves", game = *game, from = *from, to = *to, last = *last)
            }
            E::NoBoardShown { game, from, to } => {
                text!("error-replay-nothing-shown", game = *game, from = *from, to = *to)
            }
            E::ExportTooEarly(game) => text!("error-export-too-early", game = *game),
            E::BadOptions(why) => text!("error-bad-options", why = why.clone()),
            E::Setup(e) => text!("error-bad-options", why = e.text()),
            E::Tournament(e) => e.text(),
            E::FairPlay(e) => e.text(),
            E::Store(_) | E::Drawing(_) => text!("error-internal"),
        }
    }

    /// What went wrong, for the log (an internal failure's own words, not the player's "nothing was changed").
    pub fn detail(&self) -> String {
        match self {
            ServiceError::Store(e) => e.to_string(),
            ServiceError::Drawing(why) => format!("drawing failed: {why}"),
            other => other.to_string(),
        }
    }

    /// Stored data that no longer reads (or draws): trying again will not help, unlike a database that is busy or
    /// unreachable for a while.
    pub fn is_corrupt(&self) -> bool {
        matches!(self, ServiceError::Store(StoreError::Corrupt(_)) | ServiceError::Drawing(_))
    }

    /// Internal failures are logged; refusals are the player's to read.
    pub fn is_internal(&self) -> bool {
        matches!(self, ServiceError::Store(_) | ServiceError::Drawing(_))
    }
}

crate::said_in_english!(ServiceError, ServiceError::text);

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> ServiceError {
        ServiceError::Store(e)
    }
}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> ServiceError {
        ServiceError::Store(e.into())
    }
}
