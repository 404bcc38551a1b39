//! Tournaments on a server: created, entered and started ([`entry`]), each round's games started and scored
//! ([`rounds`]), and what a tournament shows ([`view`]). Pairings and tie-breaks are [`crate::tournament`]'s.

pub mod entry;
pub(super) mod rounds;
pub(super) mod view;

use crate::language::Text;
use crate::text;

/// Why a tournament request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentError {
    /// No tournament of this game here (or none with this number on this server).
    NoneHere,
    /// Entries are closed: it has started, or is over.
    EntriesClosed(i64),
    AlreadyEntered(i64),
    NotEntered(i64),
    AlreadyWithdrawn(i64),
    Over(i64),
    Full {
        tournament: i64,
        max: usize,
    },
    /// A Join from another server than the tournament's (or from outside any).
    OtherServer(i64),
    NotHostOrModerator(i64),
    /// Too few entrants to start.
    TooFew {
        tournament: i64,
        have: usize,
        min: usize,
    },
    /// Not in a server: a tournament belongs to one.
    NotInAServer,
    /// Creating one takes the permission to manage threads in the channel, or the organisers' role.
    MayNotCreate,
    /// Naming the organisers' role takes the permission to manage the server.
    MayNotNameOrganisers,
}

impl TournamentError {
    pub fn text(&self) -> Text {
        use TournamentError as E;
        match self {
            E::NoneHere => text!("tournament-none-here"),
            E::EntriesClosed(t) => text!("tournament-entries-closed", tournament = *t),
            E::AlreadyEntered(t) => text!("tournament-already-entered", tournament = *t),
            E::NotEntered(t) => text!("tournament-not-entered", tournament = *t),
            E::AlreadyWithdrawn(t) => text!("tournament-already-withdrawn", tournament = *t),
            E::Over(t) => text!("tournament-over", tournament = *t),
            E::Full { tournament, max } => text!("tournament-full", tournament = *tournament, max = *max),
            E::OtherServer(t) => text!("tournament-other-server", tournament = *t),
            E::NotHostOrModerator(t) => text!("tournament-not-host-or-moderator", tournament = *t),
            E::TooFew { tournament, have, min } => {
                text!("tournament-too-few", tournament = *tournament, have = *have, min = *min)
            }
            E::NotInAServer => text!("tournament-not-in-a-server"),
            E::MayNotCreate => text!("tournament-may-not-create"),
            E::MayNotNameOrganisers => text!("tournament-may-not-name-organisers"),
        }
    }
}
