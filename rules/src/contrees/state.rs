//! A game of Contrées: the territory, the towers, each player's material, and whose move it is.

use super::action::Action;
use super::error::MoveError;
use super::hex::{Land, Spot};
use crate::{Seat, SeatSet};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Lands each player lays (in the expert game, one of them white).
pub const LANDS_EACH: u8 = 8;
/// Towers each player has.
pub const TOWERS_EACH: u8 = 24;
/// Possession markers each player has; all ten on the board ends the game.
pub const MARKERS_EACH: u8 = 10;
/// Towers of one player on a land's six spots that make it theirs.
pub const TO_POSSESS: usize = 4;
/// What a white land counts for at the end.
pub const WHITE_LAND_WORTH: u32 = 3;

/// A land laid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandState {
    pub white: bool,
    /// The seat whose marker is on it.
    pub owner: Option<Seat>,
}

/// One player's material.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub white_laid: bool,
    /// Towers not yet placed.
    pub supply: u8,
    /// Markers not on the board.
    pub markers: u8,
    /// Opponent towers this player has demolished.
    pub demolished: u16,
}

/// What a move did, for describing and drawing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    pub seat: Seat,
    pub action: Action,
    /// Lands the mover took (a marker placed on each).
    pub possessed: Vec<Land>,
    /// Opponent towers demolished.
    pub demolished: Vec<Spot>,
    /// Opponent lands that lost their marker.
    pub lost: Vec<Land>,
}

impl Played {
    /// A move that took, demolished and lost nothing.
    fn only(seat: Seat, action: Action) -> Played {
        Played { seat, action, possessed: Vec::new(), demolished: Vec::new(), lost: Vec::new() }
    }
}

/// The whole state. Nothing is hidden: every viewer sees all of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contrees {
    pub(super) expert: bool,
    #[serde(with = "pairs")]
    pub(super) lands: BTreeMap<Land, LandState>,
    /// The lands in the order they were laid (their letters: A, B, …).
    pub(super) laid: Vec<Land>,
    #[serde(with = "pairs")]
    pub(super) towers: BTreeMap<Spot, Seat>,
    pub(super) players: [Player; 2],
    /// Moves applied, a resignation included. Phase 2 starts at move 16 with seat 0 and alternates, so its player
    /// to move follows from this count.
    pub(super) moves: u32,
    /// Spots where the player to move may not build: their towers there were demolished by the last move.
    pub(super) banned: BTreeSet<Spot>,
    pub(super) resigned: Option<Seat>,
    pub(super) over: bool,
}

/// Maps keyed by positions, written as lists of pairs: JSON keys are strings only.
mod pairs {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    pub fn serialize<K: Serialize, V: Serialize, S: Serializer>(map: &BTreeMap<K, V>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(Vec::<(K, V)>::deserialize(d)?.into_iter().collect())
    }
}

impl Contrees {
    /// A new game, seat 0 laying first.
    pub fn new(expert: bool) -> Contrees {
        let player = Player { white_laid: false, supply: TOWERS_EACH, markers: MARKERS_EACH, demolished: 0 };
        Contrees {
            expert,
            lands: BTreeMap::new(),
            laid: Vec::new(),
            towers: BTreeMap::new(),
            players: [player; 2],
            moves: 0,
            banned: BTreeSet::new(),
            resigned: None,
            over: false,
        }
    }

    pub fn expert(&self) -> bool {
        self.expert
    }

    pub fn lands(&self) -> &BTreeMap<Land, LandState> {
        &self.lands
    }

    /// The lands in the order they were laid.
    pub fn laid(&self) -> &[Land] {
        &self.laid
    }

    pub fn towers(&self) -> &BTreeMap<Spot, Seat> {
        &self.towers
    }

    pub fn players(&self) -> &[Player; 2] {
        &self.players
    }

    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// 1 while lands are laid, then 2.
    pub fn phase(&self) -> u8 {
        if self.lands.len() < 2 * usize::from(LANDS_EACH) {
            1
        } else {
            2
        }
    }

    /// The seat to move, `None` once the game is over. Phase 1 goes two lands a turn (0, 0, 1, 1, …); phase 2
    /// starts with seat 0, the player who did not lay the last land, and alternates.
    pub fn to_move(&self) -> Option<Seat> {
        if self.over {
            None
        } else if self.phase() == 1 {
            Some(Contrees::layer(self.lands.len()))
        } else {
            Some((self.moves % 2) as Seat)
        }
    }

    /// Who lays the land at `index` (from 0) in phase 1.
    fn layer(index: usize) -> Seat {
        ((index / 2) % 2) as Seat
    }

    /// Lands `seat` has laid.
    fn laid_by(&self, seat: Seat) -> u8 {
        (0..self.lands.len()).filter(|&i| Contrees::layer(i) == seat).count() as u8
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Every spot of the territory (the corners of its lands).
    pub fn spots(&self) -> BTreeSet<Spot> {
        self.lands.keys().flat_map(|l| l.spots()).collect()
    }

    /// Whether an edge is a wall: one of the lands it lies between is laid.
    fn is_wall(&self, between: [Land; 2]) -> bool {
        between.iter().any(|l| self.lands.contains_key(l))
    }

    /// The spots joined to `spot` by a wall.
    pub fn adjacent(&self, spot: Spot) -> impl Iterator<Item = Spot> + '_ {
        spot.edges().into_iter().filter(|(_, between)| self.is_wall(*between)).map(|(to, _)| to)
    }

    /// The towers of `seat` on a land's six spots.
    pub fn towers_on(&self, land: Land, seat: Seat) -> usize {
        land.spots().iter().filter(|s| self.towers.get(s) == Some(&seat)).count()
    }

    /// The group of the tower at `spot` (towers of its colour connected along walls) and its liberties.
    pub fn group(&self, spot: Spot) -> (BTreeSet<Spot>, BTreeSet<Spot>) {
        let (mut group, mut liberties) = (BTreeSet::new(), BTreeSet::new());
        let Some(&seat) = self.towers.get(&spot) else { return (group, liberties) };
        let mut stack = vec![spot];
        group.insert(spot);
        while let Some(at) = stack.pop() {
            for next in self.adjacent(at) {
                match self.towers.get(&next) {
                    None => {
                        liberties.insert(next);
                    }
                    Some(&s) if s == seat && group.insert(next) => stack.push(next),
                    Some(_) => {}
                }
            }
        }
        (group, liberties)
    }

    /// Lands owned by `seat`'s markers, white counting three: the score.
    pub fn score(&self, seat: Seat) -> u32 {
        self.lands.values().filter(|l| l.owner == Some(seat)).map(|l| if l.white { WHITE_LAND_WORTH } else { 1 }).sum()
    }

    /// Who wins (both on a draw): the player left after a resignation; else more land, then more towers
    /// demolished (contrees.md §5).
    pub fn leaders(&self) -> SeatSet {
        if let Some(quitter) = self.resigned {
            return SeatSet::one(1 - quitter);
        }
        let key = |s: Seat| (self.score(s), self.players[usize::from(s)].demolished);
        match key(0).cmp(&key(1)) {
            std::cmp::Ordering::Greater => SeatSet::one(0),
            std::cmp::Ordering::Less => SeatSet::one(1),
            std::cmp::Ordering::Equal => [0, 1].into_iter().collect(),
        }
    }

    /// Applies a move for `seat`; on error nothing changes.
    pub fn play(&mut self, seat: Seat, action: &Action) -> Result<Played, MoveError> {
        if seat > 1 {
            return Err(MoveError::NoSuchSeat(seat));
        }
        let due = self.to_move().ok_or(MoveError::GameOver)?;
        if let Action::Resign { seat: named, .. } = *action {
            // Anyone may resign at any moment; a named seat must be the one resigning.
            if let Some(named) = named.filter(|&n| n != seat) {
                return Err(MoveError::ResignForAnother { seat, named });
            }
            self.resigned = Some(seat);
            self.over = true;
            self.moves += 1;
            return Ok(Played::only(seat, *action));
        }
        if due != seat {
            return Err(MoveError::NotYourTurn { seat, due });
        }
        let played = match *action {
            Action::Land { land, white } => self.lay(seat, land, white)?,
            Action::Tower { tower } => self.build(seat, tower)?,
            Action::Pass { .. } => {
                self.phase_two()?;
                if self.may_place(seat) {
                    return Err(MoveError::MayNotPass);
                }
                Played::only(seat, *action)
            }
            Action::Timeout { .. } => {
                if self.phase() == 1 {
                    return Err(MoveError::TimeoutInPhase1);
                }
                Played::only(seat, *action)
            }
            Action::Resign { .. } => unreachable!("handled above"),
        };
        self.moves += 1;
        if self.phase() == 2 && !matches!(action, Action::Land { .. }) {
            if !matches!(action, Action::Tower { .. }) {
                // A pass or a time-out lifts the mover's own ban: it lasted their one move.
                self.banned.clear();
            }
            self.over = self.ended(seat);
        }
        Ok(played)
    }

    fn phase_two(&self) -> Result<(), MoveError> {
        if self.phase() == 1 {
            Err(MoveError::LandsFirst)
        } else {
            Ok(())
        }
    }

    /// Phase 1: checks and lays a land.
    fn lay(&mut self, seat: Seat, at: Land, white: bool) -> Result<Played, MoveError> {
        if self.phase() == 2 {
            return Err(MoveError::LandsLaid);
        }
        self.check_land(seat, at, white)?;
        self.players[usize::from(seat)].white_laid |= white;
        self.lands.insert(at, LandState { white, owner: None });
        self.laid.push(at);
        Ok(Played::only(seat, Action::Land { land: at, white }))
    }

    /// Whether `seat` may lay a land at `at` now (white or not).
    pub(super) fn check_land(&self, seat: Seat, at: Land, white: bool) -> Result<(), MoveError> {
        if self.lands.contains_key(&at) {
            return Err(MoveError::Occupied(at));
        }
        if !self.lands.is_empty() && !at.neighbours().iter().any(|n| self.lands.contains_key(n)) {
            return Err(MoveError::NotConnected(at));
        }
        let player = &self.players[usize::from(seat)];
        match (self.expert, white) {
            (false, true) => Err(MoveError::NotExpert),
            (true, true) if player.white_laid => Err(MoveError::WhiteLaid),
            (true, false) if !player.white_laid && self.laid_by(seat) == LANDS_EACH - 1 => Err(MoveError::WhiteLast),
            _ => Ok(()),
        }
    }

    /// Whether `seat` may place a tower at `at` now.
    pub(super) fn check_spot(&self, seat: Seat, at: Spot) -> Result<(), MoveError> {
        if self.players[usize::from(seat)].supply == 0 {
            return Err(MoveError::NoTowers);
        }
        if !at.lands().iter().any(|l| self.lands.contains_key(l)) {
            return Err(MoveError::NotASpot(at));
        }
        if self.towers.contains_key(&at) {
            return Err(MoveError::SpotTaken(at));
        }
        if self.banned.contains(&at) {
            return Err(MoveError::Rebuild(at));
        }
        Ok(())
    }

    /// Whether `seat` has a tower and a spot to place it on.
    pub(super) fn may_place(&self, seat: Seat) -> bool {
        self.spots().into_iter().any(|s| self.check_spot(seat, s).is_ok())
    }

    /// Phase 2: places a tower and carries out its consequences (contrees.md §4): judge, demolish, lose possession.
    fn build(&mut self, seat: Seat, at: Spot) -> Result<Played, MoveError> {
        self.phase_two()?;
        self.check_spot(seat, at)?;
        let opponent = 1 - seat;
        self.towers.insert(at, seat);
        self.players[usize::from(seat)].supply -= 1;

        // 1. Judged on the position with the new tower and nothing removed yet.
        let mut newly: Vec<Land> = at
            .lands()
            .into_iter()
            .filter(|l| self.lands.get(l).is_some_and(|s| s.owner.is_none()))
            .filter(|&l| self.towers_on(l, seat) >= TO_POSSESS)
            .collect();
        let mut doomed: BTreeSet<Spot> = BTreeSet::new();
        for next in self.adjacent(at).collect::<Vec<_>>() {
            if self.towers.get(&next) == Some(&opponent) && !doomed.contains(&next) {
                let (group, liberties) = self.group(next);
                if liberties.is_empty() {
                    doomed.extend(group);
                }
            }
        }
        // Markers go to white lands first, then by position, while they last.
        newly.sort_by_key(|l| (!self.lands[l].white, *l));
        newly.truncate(usize::from(self.players[usize::from(seat)].markers));

        // 2. Demolition, all at once.
        for land in &newly {
            self.lands.get_mut(land).expect("a laid land").owner = Some(seat);
            self.players[usize::from(seat)].markers -= 1;
            doomed.extend(land.spots().into_iter().filter(|s| self.towers.get(s) == Some(&opponent)));
        }
        for spot in &doomed {
            self.towers.remove(spot);
        }
        self.players[usize::from(seat)].demolished += doomed.len() as u16;

        // 3. Loss of possession.
        let lost: Vec<Land> = self
            .lands
            .iter()
            .filter(|(l, s)| s.owner == Some(opponent) && self.towers_on(**l, opponent) < TO_POSSESS)
            .map(|(l, _)| *l)
            .collect();
        for land in &lost {
            self.lands.get_mut(land).expect("a laid land").owner = None;
            self.players[usize::from(opponent)].markers += 1;
        }
        // The opponent may not rebuild where they just lost towers, for their next move.
        self.banned = doomed.clone();
        Ok(Played { seat, action: Action::tower(at), possessed: newly, demolished: doomed.into_iter().collect(), lost })
    }

    /// Whether the move `mover` just made ends the game (contrees.md §5).
    fn ended(&self, mover: Seat) -> bool {
        self.players[usize::from(mover)].markers == 0
            || self.players.iter().all(|p| p.supply == 0)
            || self.spots().iter().all(|s| self.towers.contains_key(s))
    }
}
