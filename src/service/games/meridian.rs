//! Meridian on the platform: its options, set-up from a seed, time-outs, words, menus and pictures.

use crate::language::{Lang, List, Text};
use crate::pictures::meridian as pictures;
use crate::ratings::{Model, Ranking};
use crate::rules::meridian::board::BoardError;
use crate::rules::meridian::record::{BoardSpec, Tag};
use crate::rules::meridian::{Board, City, Direction, Meridian, Move, MoveError, Placement, Played, Record, View};
use crate::rules::record::{GameRecord, RecordError};
use crate::rules::{Seat, SeatSet};
use crate::service::adapter::{distinct, seat_name, Adapter, Choice, Opt, Seen};
use crate::service::any::{AnyAction, Listed, Registration};
use crate::service::TurnClock;
use crate::text;
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
    #[error("a board of {rows} rows does not suit {players} players")]
    DoesNotSuit { rows: u8, players: usize },
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
    const RATING: (Model, Ranking) = (Model::WengLin, Ranking::Scores);

    fn options_refusal(error: &BadOptions) -> Text {
        match error {
            BadOptions::Board(BoardError::UnknownName(name)) => text!("meridian-board-unknown", name = name),
            BadOptions::Board(BoardError::RowCount(rows)) => text!("meridian-board-rows", rows = *rows),
            BadOptions::Board(BoardError::RowLength { row, len }) => {
                text!("meridian-board-row-length", row = *row, len = *len)
            }
            BadOptions::Board(BoardError::NotALetter { row, meridian, found }) => {
                text!("meridian-board-letter", row = *row, meridian = *meridian, found = found.to_string())
            }
            BadOptions::DoesNotSuit { rows, players } => {
                text!("meridian-board-does-not-suit", rows = *rows, players = *players)
            }
            // Options set no decks: a record made from them fails only on its board.
            BadOptions::Record(_) => text!("meridian-board-unreadable"),
        }
    }

    fn refusal(_game: &Meridian, error: &MoveError) -> Text {
        refusal(error)
    }

    fn check(options: &Options) -> Result<(), BadOptions> {
        match &options.board {
            Some(BoardSpec::Name(name)) => Ok(Board::named(name).map(drop)?),
            Some(BoardSpec::Grid(grid)) => Ok(Board::from_grid(grid).map(drop)?),
            None => Ok(()),
        }
    }

    fn start(options: &Options, seed: u64, players: usize) -> Result<Meridian, BadOptions> {
        let names: Vec<String> = (0..players).map(|s| format!("seat {s}")).collect();
        let record = record(&names, options, seed, Vec::new());
        let board = record.board()?;
        if !board.suits(players) {
            return Err(BadOptions::DoesNotSuit { rows: board.rows(), players });
        }
        Ok(record.start()?)
    }

    /// A pass discarding the first face-up card.
    fn timeout(game: &Meridian, seat: Seat, _pledged: Option<&str>) -> Vec<Move> {
        game.forced_pass().filter(|&(due, _)| due == seat).map(|(_, pass)| pass).into_iter().collect()
    }

    /// The move's report says it all.
    fn describe(_seen: &Seen<'_, Meridian>, played: &Played, names: &[String]) -> Text {
        describe(played, names)
    }

    fn scores(game: &Meridian) -> Vec<u32> {
        game.scores()
    }

    fn standing(view: &View, seat: Seat) -> Text {
        let (score, reserve) = view.players.get(usize::from(seat)).map_or((0, 0), |p| (p.score, p.reserve));
        text!("meridian-standing", score = score, reserve = reserve)
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

    fn board_png(view: &View, names: &[String], recent: &[&Played], lang: Lang) -> Vec<u8> {
        render::meridian::board_png(&pictures::board(view, names, recent, lang), &lang)
    }

    fn preview_png(
        before: &View,
        after: &View,
        names: &[String],
        _seat: Seat,
        played: &[&Played],
        lang: Lang,
    ) -> Vec<u8> {
        let scene = match played.first() {
            Some(played) => pictures::preview(before, after, names, played, lang),
            None => pictures::board(before, names, &[], lang),
        };
        render::meridian::board_png(&scene, &lang)
    }

    fn private_png(view: &View, names: &[String], seat: Seat, lang: Lang) -> Option<Vec<u8>> {
        Some(render::meridian::hand_png(&pictures::hand(view, names, seat), &lang))
    }

    fn result_png(view: &View, names: &[String], winners: SeatSet, lang: Lang) -> Vec<u8> {
        let winners: Vec<Seat> = winners.iter().collect();
        render::meridian::result_png(&pictures::result(view, names, &winners, lang), &lang)
    }

    fn example_png(lang: Lang) -> Vec<u8> {
        render::meridian::board_png(&pictures::example(lang), &lang)
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
    let menu = |prompt: &str, options: Vec<Opt>| Choice::Menu { prompt: Text::new(prompt), options: distinct(options) };
    let Some(card) = path.first().and_then(|c| c.parse().ok()) else {
        return menu(
            "meridian-choose-card",
            legal
                .iter()
                .map(|m| Opt::new(text!("meridian-card", card = m.card.to_string()), m.card.to_string()))
                .collect(),
        );
    };
    let fits = legal.iter().filter(|m| m.card == card && !m.is_pass());
    let Some(meridian) = path.get(1) else {
        let mut options: Vec<Opt> = fits
            .map(|m| m.meridian.unwrap_or_default())
            .map(|m| Opt::new(text!("meridian-meridian", meridian = m), m.to_string()))
            .collect();
        options.push(Opt::new(text!("meridian-pass-option"), "pass"));
        return menu("meridian-choose-meridian", options);
    };
    if *meridian == "pass" {
        return Choice::Done(vec![Move::pass(card)]);
    }
    let m: u8 = meridian.parse().unwrap_or_default();
    let fits: Vec<&Move> = fits.filter(|mv| mv.meridian == Some(m)).collect();
    let Some(what) = path.get(2) else {
        let options = fits.iter().filter_map(|mv| match (mv.take_back, mv.place) {
            (None, Some(_)) => Some(Opt::new(text!("meridian-place-option"), "n")),
            (Some(r), None) => {
                Some(Opt::new(text!("meridian-take-back-option", city = format!("{m}.{r}")), format!("t{r}")))
            }
            (Some(r), Some(_)) => {
                Some(Opt::new(text!("meridian-replace-option", city = format!("{m}.{r}")), format!("p{r}")))
            }
            (None, None) => None,
        });
        return menu("meridian-choose-action", options.collect());
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
            "meridian-choose-height",
            heights.into_iter().map(|h| Opt::new(text!("meridian-floors", floors = h), h.to_string())).collect(),
        );
    };
    let rows = fits.iter().filter_map(|mv| mv.place.filter(|p| p.height == height));
    match path.get(4).and_then(|r| r.parse::<u8>().ok()) {
        None => {
            let cities =
                rows.map(|p| Opt::new(text!("meridian-city", city = format!("{m}.{}", p.row)), p.row.to_string()));
            menu("meridian-choose-city", cities.collect())
        }
        Some(row) => {
            Choice::Done(vec![Move { card, meridian: Some(m), take_back, place: Some(Placement { height, row }) }])
        }
    }
}

/// The rule a move broke, in words for its player.
fn refusal(error: &MoveError) -> Text {
    use MoveError as E;
    let city = |c: &City| c.to_string();
    match error {
        E::GameOver => text!("meridian-refused-game-over"),
        E::NotYourTurn { seat, due } => text!("meridian-refused-turn", seat = *seat, due = *due),
        E::CardNotFaceUp { card } => text!("meridian-refused-card", card = card.to_string()),
        E::MeridianMissing => text!("meridian-refused-no-meridian"),
        E::MeridianNotOnCard { card, meridian } => {
            text!("meridian-refused-not-on-card", card = card.to_string(), meridian = *meridian)
        }
        E::NoSuchCity { city: c, rows } => text!("meridian-refused-no-city", city = city(c), rows = *rows),
        E::NoTowerToTakeBack { city: c } => text!("meridian-refused-no-tower", city = city(c)),
        E::IdenticalReplacement => text!("meridian-refused-identical"),
        E::ZeroHeight => text!("meridian-refused-zero-height"),
        E::FirstTowerTooLow { meridian } => text!("meridian-refused-r1", meridian = *meridian),
        E::HeightTaken { meridian, height } => text!("meridian-refused-r2", meridian = *meridian, height = *height),
        E::OutOfOrder { city: c, height } => text!("meridian-refused-r3", city = city(c), height = *height),
        E::TooManyTowers { meridian, limit } => text!("meridian-refused-r4", meridian = *meridian, limit = *limit),
        E::NotEnoughFloors { height, available } => {
            text!("meridian-refused-r5", height = *height, available = *available)
        }
        E::OwnTowerInTheWay { city: c } => text!("meridian-refused-r6-own", city = city(c)),
        E::PushedOffBoard { city: c, direction } => {
            text!("meridian-refused-r6-off", city = city(c), direction = direction_word(*direction))
        }
    }
}

fn direction_word(direction: Direction) -> Text {
    match direction {
        Direction::North => text!("meridian-north"),
        Direction::South => text!("meridian-south"),
    }
}

/// One line for the thread: "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2 south".
pub fn describe(played: &Played, names: &[String]) -> Text {
    let who = seat_name(names, played.seat);
    let card = played.card.to_string();
    let taken =
        played.taken_back.map(|(city, t)| text!("meridian-took-back", floors = t.height, city = city.to_string()));
    let placed = played.placed.map(|(city, t)| text!("meridian-placed", floors = t.height, city = city.to_string()));
    let what = match (taken, placed) {
        (None, None) => return text!("meridian-passed", who = who, card = card),
        (Some(taken), Some(placed)) => text!("meridian-then", first = taken, then = placed),
        (Some(one), None) | (None, Some(one)) => one,
    };
    let meridian = played.placed.or(played.taken_back).map(|(c, _)| c.meridian).unwrap_or_default();
    let line = text!("meridian-played", who = who, card = card, meridian = meridian, what = what);
    let Some(first) = played.pushed.first() else { return line };
    let direction = if first.to.row < first.from.row { Direction::North } else { Direction::South };
    // Pushes are listed farthest first; tell them nearest first, as players see them.
    let pushed = played
        .pushed
        .iter()
        .rev()
        .map(|p| text!("meridian-pushed-tower", name = seat_name(names, p.tower.seat), height = p.tower.height));
    text!("meridian-pushing", line = line, pushed = List::and(pushed), direction = direction_word(direction))
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
            Lang::En.say(&describe(&placed, &names)),
            "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2 and cy's 1 south"
        );
        let pass = Played { seat: 1, card: "10".parse().unwrap(), taken_back: None, placed: None, pushed: vec![] };
        assert_eq!(Lang::En.say(&describe(&pass, &names)), "ben passed, discarding 10");
        let back = Played {
            seat: 2,
            card: "1".parse().unwrap(),
            taken_back: Some((at(1, 1), Tower { seat: 2, height: 4 })),
            placed: Some((at(1, 2), Tower { seat: 2, height: 2 })),
            pushed: vec![],
        };
        assert_eq!(
            Lang::En.say(&describe(&back, &names)),
            "cy played 1 on meridian 1: took back their 4-floor tower at 1.1, then a 2-floor tower at 1.2"
        );
    }
}
