//! What keeps one process of the bot going: long-running tasks that outlive a panic ([`supervise`]), Discord's
//! identify slots taken in turn with every process ([`identify`]), and what an operator's probes read ([`health`]).

pub mod health;
pub(super) mod identify;
pub(super) mod supervise;
