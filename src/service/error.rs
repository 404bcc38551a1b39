//! Why a request was refused. Messages speak to the player; nothing was changed when one is returned.

use crate::service::any::players;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("There is no game #{0}.")]
    NoSuchGame(i64),
    #[error("You are not playing in game #{0}.")]
    NotSeated(i64),
    #[error("It is {0}'s turn, not yours.")]
    NotYourTurn(String),
    /// Not due, for a reason the game words better than whose turn it is.
    #[error("{0}")]
    NotDue(String),
    /// The rules refused the move: the game's own error, which names the rule (the Discord layer words it).
    #[error("That move is not allowed: {0}.")]
    Illegal(crate::service::any::Refused),
    /// A choice made before seeing what it leads to is final (Dragon Delta's plank).
    #[error("You chose {0} already, before seeing where it leads: that choice is final.")]
    Pledged(String),
    #[error("Game #{game} has moved on (you saw move {seen}, it is now at move {now}). Nothing was changed.")]
    MovedOn { game: i64, seen: i64, now: i64 },
    #[error("Game #{0} is over.")]
    GameOver(i64),
    #[error("Game #{0} has not started yet.")]
    NotStarted(i64),
    #[error("Game #{0} has already started.")]
    AlreadyStarted(i64),
    #[error("You are already seated in game #{0}.")]
    AlreadySeated(i64),
    #[error("Game #{game} is full ({max} players).")]
    LobbyFull { game: i64, max: usize },
    #[error("Game #{game} needs {} players to start; it has {have}.", players(&(*min..=*max)))]
    PlayerCount { game: i64, have: usize, min: usize, max: usize },
    #[error("Only the host of game #{0} can do that.")]
    NotHost(i64),
    #[error("{name} does not play in game #{game}.")]
    NotAPlayer { game: i64, name: String },
    #[error("Only the host of game #{0}, or the player themselves, can hand a seat to a computer.")]
    NotHostOrPlayer(i64),
    #[error("{0}'s seat is played by a computer already.")]
    ComputerAlready(String),
    #[error("{name} resigned from game #{game}, and in this game the rules take a resigned player's part out: no one can take their seat.")]
    SeatGone { game: i64, name: String },
    #[error(
        "Only the host of game #{0} can abandon it, or someone who may manage threads in its own channel (type the \
         command in the game's thread)."
    )]
    NotHostOrModerator(i64),
    #[error("You have {max} lobbies open on this server already: start or abandon one first.")]
    TooManyLobbies { max: i64 },
    #[error("{name} has {max} invitations waiting on this server already; they can answer those first.")]
    TooManyInvitations { name: String, max: i64 },
    #[error("You are not invited to game #{0}.")]
    NotInvited(i64),
    #[error("The host cannot leave their own lobby; abandon the game instead.")]
    HostCannotLeave,
    /// A web page's token that opens no started game: the same answer for every token, so none can be probed.
    #[error("There is no such game page.")]
    NoSuchPage,
    #[error("Game #{game} has no move {step}: it is at move {last}.")]
    NoSuchMove { game: i64, step: i64, last: i64 },
    #[error("A game's record holds its secrets, so game #{0} can be exported once it is over.")]
    ExportTooEarly(i64),
    /// A player's setting out of bounds: a vacation's length or the days left this year, a reminder interval.
    #[error("{0}")]
    Settings(String),
    #[error("Bad game options: {0}")]
    BadOptions(String),
    /// The game cannot be set up with its options.
    #[error("Bad game options: {0}")]
    Setup(crate::service::any::SetupError),
    /// Not the player's fault; the details go to the log, never to a channel.
    #[error("Something went wrong on our side; nothing was changed.")]
    Store(#[from] StoreError),
    /// A picture could not be drawn (the drawing panicked); internal, like [`ServiceError::Store`].
    #[error("Something went wrong on our side; nothing was changed.")]
    Drawing(String),
}

impl ServiceError {
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

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> ServiceError {
        ServiceError::Store(e.into())
    }
}
