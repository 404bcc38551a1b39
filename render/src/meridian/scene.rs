//! What an image shows, as plain data. Scenes hold only public facts or, for a hand, its owner's own.

/// A city `m.r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct City {
    pub meridian: u8,
    pub row: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tower {
    pub city: City,
    pub seat: u8,
    pub height: u8,
}

/// A card by the meridians it allows: `first..=last` (equal for a single meridian).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardFace {
    pub first: u8,
    pub last: u8,
}

impl CardFace {
    /// The card's name: `6` or `4-5-6-7`.
    pub fn label(&self) -> String {
        (self.first..=self.last).map(|m| m.to_string()).collect::<Vec<_>>().join("-")
    }
}

/// One player as the panel shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub reserve: u8,
    pub face_up: Vec<CardFace>,
    /// Cards left face down.
    pub deck: usize,
    pub score: u32,
}

/// A move to point out: the new tower, the city a tower was taken back from, and each push `from → to`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Highlight {
    pub placed: Option<City>,
    pub taken_back: Option<City>,
    pub pushed: Vec<(City, City)>,
}

/// The board and its panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardScene {
    /// The board grid, north row first (meridian.md §1.2).
    pub grid: Vec<String>,
    pub towers: Vec<Tower>,
    /// In seat order.
    pub players: Vec<Player>,
    /// The seat to move; `None` once the game is over.
    pub next: Option<u8>,
    pub moves: u32,
    /// Moves to point out, oldest first (the last move, or every move since a player's last turn).
    pub highlights: Vec<Highlight>,
    /// For a preview: the proposed tower, drawn see-through. `towers` then already show the move's meridian as it
    /// would be after the move.
    pub ghost: Option<City>,
    /// The colours the players are drawn in.
    pub palette: crate::palette::Palette,
}

/// A player's own cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub seat: u8,
    pub name: String,
    pub face_up: Vec<CardFace>,
    pub reserve: u8,
    /// Face-down cards, sorted (their order is secret even to their owner).
    pub to_come: Vec<CardFace>,
    pub played: Vec<CardFace>,
    pub palette: crate::palette::Palette,
}

/// How one island ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IslandResult {
    /// Lower-case island letter.
    pub letter: char,
    pub conquered_by: Option<u8>,
    /// Towers stood there but tied for the lead.
    pub contested: bool,
}

/// The final position with the scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultScene {
    pub board: BoardScene,
    pub islands: Vec<IslandResult>,
    pub winners: Vec<u8>,
}
