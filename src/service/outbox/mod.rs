//! What a change has to say, and saying it: effects written to the outbox in the change's transaction
//! ([`effect`]), delivered after the commit by the courier ([`courier`]: claims, leases, pace) in each game's order
//! from kept positions ([`positions`]), as payloads for one reader ([`delivery`]: who is named or pinged,
//! [`reach`]); the controls sent that a later change retires ([`live_controls`]); and waking the background work
//! after a commit ([`wake`]).

pub(super) mod courier;
pub(super) mod delivery;
pub mod effect;
pub(super) mod live_controls;
pub(super) mod positions;
pub(super) mod reach;
pub(super) mod wake;
