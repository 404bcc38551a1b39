//! Tournaments on a server: created, entered and started ([`entry`]), each round's games started and scored
//! ([`rounds`]), and what a tournament shows ([`view`]). Pairings and tie-breaks are [`crate::tournament`]'s.

pub mod entry;
pub(super) mod rounds;
pub(super) mod view;

use crate::language::Text;
use crate::service::game::Kind;
use crate::store::tournaments::{self as stored, EntrantRow, TournamentGameRow, TournamentRow};
use crate::store::{StoreError, Tx};
use crate::text;
use crate::tournament::{Entrant, Format, Past, Played};
use std::collections::HashMap;

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

/// The table sizes a game's tournaments play at: two in games of two, three or more in others (their rounds are
/// tables, not pairs).
pub fn table_bounds(kind: Kind) -> (usize, usize) {
    let players = kind.players();
    match *players.end() {
        2 => (2, 2),
        max => ((*players.start()).max(3), max),
    }
}

/// The game a tournament plays.
pub(in crate::service) fn kind_of_tournament(t: &TournamentRow) -> Result<Kind, StoreError> {
    Kind::named(&t.kind)
        .ok_or_else(|| StoreError::Corrupt(format!("tournament #{}: unknown game kind {:?}", t.id, t.kind)))
}

/// A tournament's format as stored.
pub(in crate::service) fn format_of(t: &TournamentRow) -> Result<Format, StoreError> {
    Format::named(&t.format)
        .ok_or_else(|| StoreError::Corrupt(format!("tournament #{}: unknown format {:?}", t.id, t.format)))
}

/// The tournament's games over and byes, by entrant.
pub(in crate::service) async fn past(
    tx: &mut Tx,
    t: &TournamentRow,
    entrants: &[EntrantRow],
) -> Result<Past, StoreError> {
    let by_user: HashMap<i64, Entrant> = entrants.iter().map(|e| (e.user_id, entrant(e))).collect();
    let mut past = Past::default();
    for game in stored::games(tx, t.id).await? {
        let Some(results) = results_of(&game)? else { continue };
        let players = results.into_iter().filter_map(|(user, points)| Some((*by_user.get(&user)?, points))).collect();
        past.games.push(Played { players });
    }
    past.byes = stored::byes(tx, t.id).await?.into_iter().map(|(_, e)| e as Entrant).collect();
    Ok(past)
}

/// What each entrant (by user id) scored in a tournament's game, once it has ended.
pub(in crate::service) fn results_of(game: &TournamentGameRow) -> Result<Option<Vec<(i64, f64)>>, StoreError> {
    let Some(results) = &game.results else { return Ok(None) };
    serde_json::from_str(results)
        .map(Some)
        .map_err(|e| StoreError::Corrupt(format!("tournament game #{}'s results: {e}", game.game_id)))
}

/// An entrant's number.
pub(in crate::service) fn entrant(e: &EntrantRow) -> Entrant {
    e.entrant as Entrant
}
