//! Every legal move of the player to move, exactly: each one enumerated applies, and no other land, tower or pass
//! does.
//!
//! Two moves are legal but not enumerated, being no choice on the board: a time-out (phase 2, applied by the platform
//! when time runs out) and resigning (at any moment). The first land of the game may go anywhere, coordinates being
//! relative; it is enumerated once, at `[0, 0]` **[digital]**.

use super::action::Action;
use super::hex::Land;
use super::state::Contrees;
use std::collections::BTreeSet;

impl Contrees {
    /// The legal lands, towers or pass of the player to move, in order of position (empty once over).
    pub fn legal_moves(&self) -> Vec<Action> {
        let Some(seat) = self.to_move() else { return Vec::new() };
        if self.phase() == 1 {
            let places: BTreeSet<Land> = if self.lands.is_empty() {
                BTreeSet::from([Land { q: 0, r: 0 }])
            } else {
                self.lands.keys().flat_map(|l| l.neighbours()).filter(|l| !self.lands.contains_key(l)).collect()
            };
            return places
                .into_iter()
                .flat_map(|at| [false, true].map(|white| (at, white)))
                .filter(|&(at, white)| self.check_land(seat, at, white).is_ok())
                .map(|(land, white)| Action::Land { land, white })
                .collect();
        }
        let towers: Vec<Action> =
            self.spots().into_iter().filter(|&s| self.check_spot(seat, s).is_ok()).map(Action::tower).collect();
        if towers.is_empty() {
            vec![Action::PASS]
        } else {
            towers
        }
    }
}
