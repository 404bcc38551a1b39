//! The games the platform runs, one adapter each. Adding a game: its module here and its line in [`KINDS`].

pub mod contrees;
pub mod dragon_delta;
pub mod meridian;

use super::adapter::{Kind, Registered};
use crate::store::StoreError;

/// Every game, by `games.kind`.
pub static KINDS: &[&(dyn Kind + 'static)] = &[
    &Registered::<meridian::MeridianGame>::KIND,
    &Registered::<contrees::ContreesGame>::KIND,
    &Registered::<dragon_delta::DragonDeltaGame>::KIND,
];

/// The game stored as `kind`.
pub fn kind(kind: &str) -> Result<&'static dyn Kind, StoreError> {
    KINDS
        .iter()
        .copied()
        .find(|k| k.kind() == kind)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown game kind {kind:?}")))
}
