//! Players' time: each game's turn clock (limits, reminders, time-outs; [`turn_clock`]), a seat's clock and its
//! alarms ([`player_clock`]), vacations ([`vacation`]), a player's zone and warnings ([`zones`]), their day worked
//! out in that zone ([`day`]), quiet hours ([`quiet`]) and the daily digest ([`digest`]).

pub(super) mod day;
pub(super) mod digest;
pub(super) mod player_clock;
pub(super) mod quiet;
pub(super) mod turn_clock;
pub(super) mod vacation;
pub(super) mod zones;
