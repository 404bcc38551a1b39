//! Meridian on the platform: its options, set-up from a seed, time-outs, words, menus and pictures.

use crate::pictures::meridian as pictures;
use crate::rules::meridian::board::BoardError;
use crate::rules::meridian::record::{BoardSpec, Tag};
use crate::rules::meridian::{Board, Direction, Meridian, Move, Placement, Played, Record, View};
use crate::rules::record::{GameRecord, RecordError};
use crate::rules::{Seat, SeatSet};
use crate::service::adapter::{distinct, seat_name, Adapter, Choice, Opt, Seen};
use crate::service::any::{AnyAction, Listed, Registration};
use crate::service::TurnClock;
use serde::{Deserialize, Serialize};

/// Options chosen when a lobby opens.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The board; the standard one for the player count when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardSpec>,
    #[serde(flatten)]
    pub clock: TurnClock,
}

impl crate::service::GameOptions for Options {
    type Adapter = MeridianGame;
    fn clock(&self) -> &TurnClock {
        &self.clock
    }
}

pub const MIN_PLAYERS: usize = *crate::rules::meridian::state::PLAYERS.start();
pub const MAX_PLAYERS: usize = *crate::rules::meridian::state::PLAYERS.end();

/// Meridian's adapter.
pub struct MeridianGame;

impl From<Move> for AnyAction {
    fn from(mv: Move) -> AnyAction {
        MeridianGame::wrap_action(mv)
    }
}

impl Registration for Meridian {
    type Adapter = MeridianGame;
}

/// Why Meridian refuses its options: a board that does not read, or a record that does not set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadOptions {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// The record of a game dealt from `seed`, with `moves`.
fn record(names: &[String], options: &Options, seed: u64, moves: Vec<Move>) -> Record {
    Record {
        game: Tag::Meridian,
        players: names.to_vec(),
        board: options.board.clone(),
        seed: Some(seed),
        decks: None,
        moves,
    }
}

impl Adapter for MeridianGame {
    type Game = Meridian;
    type Options = Options;
    type Record = Record;
    type OptionsError = BadOptions;
    const KIND: &'static str = "meridian";
    const TITLE: &'static str = "Meridian";
    const PLAYERS: std::ops::RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;
    const HANDS: bool = true;

    fn check(options: &Options) -> Result<(), BadOptions> {
        match &options.board {
            Some(BoardSpec::Name(name)) => Ok(Board::named(name).map(drop)?),
            Some(BoardSpec::Grid(grid)) => Ok(Board::from_grid(grid).map(drop)?),
            None => Ok(()),
        }
    }

    fn start(options: &Options, seed: u64, players: usize) -> Result<Meridian, BadOptions> {
        let names: Vec<String> = (0..players).map(|s| format!("seat {s}")).collect();
        Ok(record(&names, options, seed, Vec::new()).start()?)
    }

    /// A pass discarding the first face-up card.
    fn timeout(game: &Meridian, seat: Seat, _pledged: Option<&str>) -> Vec<Move> {
        game.forced_pass().filter(|&(due, _)| due == seat).map(|(_, pass)| pass).into_iter().collect()
    }

    /// The move's report says it all.
    fn describe(_seen: &Seen<'_, Meridian>, played: &Played, names: &[String]) -> String {
        describe(played, names)
    }

    fn scores(game: &Meridian) -> Vec<u32> {
        game.scores()
    }

    fn standing(view: &View, seat: Seat) -> String {
        let (score, reserve) = view.players.get(usize::from(seat)).map_or((0, 0), |p| (p.score, p.reserve));
        format!("{score} points, {reserve} floors in reserve")
    }

    /// The leaders among the players who did not resign (§5 tie-breaks applied).
    fn winners(game: &Meridian, remaining: SeatSet) -> SeatSet {
        game.leaders_among(remaining.iter().filter(|&s| usize::from(s) < game.players().len()).collect())
    }

    /// Card, then meridian (or pass), then what to do there, then the height, then the city.
    fn choices(game: &Meridian, seat: Seat, path: &[&str]) -> Choice<Move> {
        let legal = if game.to_move() == Some(seat) { game.legal_moves() } else { Vec::new() };
        choices(&legal, path)
    }

    fn board_png(view: &View, names: &[String], recent: &[&Played]) -> Vec<u8> {
        render::meridian::board_png(&pictures::board(view, names, recent))
    }

    fn preview_png(before: &View, after: &View, names: &[String], _seat: Seat, played: &[&Played]) -> Vec<u8> {
        let scene = match played.first() {
            Some(played) => pictures::preview(before, after, names, played),
            None => pictures::board(before, names, &[]),
        };
        render::meridian::board_png(&scene)
    }

    fn private_png(view: &View, names: &[String], seat: Seat) -> Option<Vec<u8>> {
        Some(render::meridian::hand_png(&pictures::hand(view, names, seat)))
    }

    fn result_png(view: &View, names: &[String], winners: SeatSet) -> Vec<u8> {
        render::meridian::result_png(&pictures::result(view, names, &winners.iter().collect::<Vec<_>>()))
    }

    fn example_png() -> Vec<u8> {
        render::meridian::board_png(&pictures::example())
    }

    /// With every deck written out (the seed would tell them too, less plainly) and the board.
    fn export(options: &Options, seed: u64, names: &[String], moves: &[(Seat, Move)]) -> String {
        let seeded = record(names, options, seed, moves.iter().map(|(_, m)| *m).collect());
        let decks = seeded.start().ok().map(|start| {
            let decks = start.players().iter().map(|p| p.face_up.iter().chain(&p.deck).copied().collect()).collect();
            (decks, BoardSpec::of(start.board()))
        });
        let record = match decks {
            Some((decks, board)) => Record { seed: None, decks: Some(decks), board: Some(board), ..seeded },
            None => seeded,
        };
        serde_json::to_string_pretty(&record).expect("records serialize")
    }
}

/// The menus of a move, given the legal moves: card, meridian or pass, what to do, height, city.
fn choices(legal: &[Move], path: &[&str]) -> Choice<Move> {
    let menu = |prompt: &str, options: Vec<Opt>| Choice::Menu { prompt: prompt.into(), options: distinct(options) };
    let Some(card) = path.first().and_then(|c| c.parse().ok()) else {
        return menu(
            "Choose a card",
            legal.iter().map(|m| Opt::new(format!("Card {}", m.card), m.card.to_string())).collect(),
        );
    };
    let fits = legal.iter().filter(|m| m.card == card && !m.is_pass());
    let Some(meridian) = path.get(1) else {
        let mut options: Vec<Opt> = fits
            .map(|m| m.meridian.unwrap_or_default())
            .map(|m| Opt::new(format!("Meridian {m}"), m.to_string()))
            .collect();
        options.push(Opt::new("Pass (place nothing)", "pass"));
        return menu("Choose a meridian, or pass", options);
    };
    if *meridian == "pass" {
        return Choice::Done(vec![Move::pass(card)]);
    }
    let m: u8 = meridian.parse().unwrap_or_default();
    let fits: Vec<&Move> = fits.filter(|mv| mv.meridian == Some(m)).collect();
    let Some(what) = path.get(2) else {
        let options = fits.iter().filter_map(|mv| match (mv.take_back, mv.place) {
            (None, Some(_)) => Some(Opt::new("Place a new tower", "n")),
            (Some(r), None) => Some(Opt::new(format!("Take back your tower at {m}.{r}"), format!("t{r}"))),
            (Some(r), Some(_)) => Some(Opt::new(format!("Take back {m}.{r}, then place a new tower"), format!("p{r}"))),
            (None, None) => None,
        });
        return menu("Choose what to do", options.collect());
    };
    let take_back: Option<u8> = what.get(1..).and_then(|r| r.parse().ok());
    if what.starts_with('t') {
        return Choice::Done(vec![Move { card, meridian: Some(m), take_back, place: None }]);
    }
    let fits: Vec<&&Move> = fits.iter().filter(|mv| mv.take_back == take_back && mv.place.is_some()).collect();
    let Some(height) = path.get(3).and_then(|h| h.parse::<u8>().ok()) else {
        let mut heights: Vec<u8> = fits.iter().filter_map(|mv| mv.place.map(|p| p.height)).collect();
        heights.sort_unstable();
        return menu(
            "Choose the height",
            heights.into_iter().map(|h| Opt::new(format!("{h} floors"), h.to_string())).collect(),
        );
    };
    let rows = fits.iter().filter_map(|mv| mv.place.filter(|p| p.height == height));
    match path.get(4).and_then(|r| r.parse::<u8>().ok()) {
        None => {
            menu("Choose the city", rows.map(|p| Opt::new(format!("City {m}.{}", p.row), p.row.to_string())).collect())
        }
        Some(row) => {
            Choice::Done(vec![Move { card, meridian: Some(m), take_back, place: Some(Placement { height, row }) }])
        }
    }
}

/// One line for the thread: "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2 south".
pub fn describe(played: &Played, names: &[String]) -> String {
    let who = seat_name(names, played.seat);
    let card = played.card;
    let floors = |h: u8| if h == 1 { "1-floor".to_string() } else { format!("{h}-floor") };
    let mut parts = Vec::new();
    if let Some((city, t)) = played.taken_back {
        parts.push(format!("took back their {} tower at {city}", floors(t.height)));
    }
    if let Some((city, t)) = played.placed {
        parts.push(format!("a {} tower at {city}", floors(t.height)));
    }
    if parts.is_empty() {
        return format!("{who} passed, discarding {card}");
    }
    let meridian = played.placed.or(played.taken_back).map(|(c, _)| c.meridian).unwrap_or_default();
    let mut line = format!("{who} played {card} on meridian {meridian}: {}", parts.join(", then "));
    if let Some(first) = played.pushed.first() {
        let direction = if first.to.row < first.from.row { Direction::North } else { Direction::South };
        // Pushes are listed farthest first; tell them nearest first, as players see them.
        let pushed: Vec<String> = played
            .pushed
            .iter()
            .rev()
            .map(|p| format!("{}'s {}", seat_name(names, p.tower.seat), p.tower.height))
            .collect();
        line.push_str(&format!(", pushing {} {direction}", crate::service::words::and_list(&pushed)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::meridian::{City, Pushed, Tower};

    #[test]
    fn moves_in_words() {
        let names: Vec<String> = ["ana", "ben", "cy"].map(String::from).to_vec();
        let at = |meridian, row| City { meridian, row };
        let placed = Played {
            seat: 0,
            card: "4-5-6-7".parse().unwrap(),
            taken_back: None,
            placed: Some((at(6, 2), Tower { seat: 0, height: 3 })),
            pushed: vec![
                Pushed { tower: Tower { seat: 2, height: 1 }, from: at(6, 3), to: at(6, 4) },
                Pushed { tower: Tower { seat: 1, height: 2 }, from: at(6, 2), to: at(6, 3) },
            ],
        };
        assert_eq!(
            describe(&placed, &names),
            "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2 and cy's 1 south"
        );
        let pass = Played { seat: 1, card: "10".parse().unwrap(), taken_back: None, placed: None, pushed: vec![] };
        assert_eq!(describe(&pass, &names), "ben passed, discarding 10");
        let back = Played {
            seat: 2,
            card: "1".parse().unwrap(),
            taken_back: Some((at(1, 1), Tower { seat: 2, height: 4 })),
            placed: Some((at(1, 2), Tower { seat: 2, height: 2 })),
            pushed: vec![],
        };
        assert_eq!(
            describe(&back, &names),
            "cy played 1 on meridian 1: took back their 4-floor tower at 1.1, then a 2-floor tower at 1.2"
        );
    }
}
