//! Meridian on the platform: its options, set-up from a seed, time-outs, words, menus and pictures.

use crate::language::{as_typed, Lang, List, Text};
use crate::pictures::meridian as pictures;
use crate::pictures::words::meridian as words;
use crate::pictures::{Picture, Reader};
use crate::ratings::{Model, Ranking};
use crate::rules::meridian::board::BoardError;
use crate::rules::meridian::record::{BoardSpec, Tag};
use crate::rules::meridian::{
    Board, Card, City, Direction, Meridian, Move, MoveError, Placement, Played, Record, Tower, View,
};
use crate::rules::record::{GameRecord, RecordError};
use crate::rules::{Seat, SeatSet};
use crate::service::game::adapter::{distinct, seat_name, Adapter, Choice, Opt, Refusal, Seen, Typed, Unread, Voice};
use crate::service::TurnClock;
use crate::text;
use render::canvas::Canvas;
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

impl Options {
    /// Options with the board named (`standard-5`, `standard-4`; the standard one for the player count when none).
    pub fn new(board: Option<&str>, clock: TurnClock) -> Options {
        Options { board: board.map(|name| BoardSpec::Name(name.to_string())), clock }
    }
}

pub const MIN_PLAYERS: usize = *crate::rules::meridian::state::PLAYERS.start();
pub const MAX_PLAYERS: usize = *crate::rules::meridian::state::PLAYERS.end();

/// Meridian's adapter.
pub struct MeridianGame;

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
        substitutions: Vec::new(),
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

    /// The rule, then the legal values of the part of the move that broke it (the others as typed).
    fn refusal(game: &Meridian, seat: Seat, mv: &Move, error: &MoveError) -> Text {
        text!("meridian-refused-way", rule = rule(error), way = way_out(game, seat, mv, at_fault(mv, error)))
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
    fn describe(_seen: &Seen<'_, Meridian>, played: &Played, names: &[String], voice: Voice) -> Text {
        describe(played, names, voice)
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
        choices(&legal(game, seat), path)
    }

    fn typed(game: &Meridian, seat: Seat, typed: &Typed) -> Result<Vec<Move>, Unread<Refusal<Self>>> {
        typed_move(typed, || face_up(game, seat)).map(|mv| vec![mv]).map_err(Unread::Words)
    }

    fn complete(game: &Meridian, seat: Seat, typed: &Typed, option: &str) -> Vec<Opt> {
        completions(&legal(game, seat), typed, option)
    }

    fn board_canvas(view: &View, names: &[String], recent: &[&Played], reader: Reader) -> Canvas {
        render::meridian::board_canvas(&pictures::board(view, names, recent, reader), &reader)
    }

    fn board_alt(view: &View, names: &[String], lang: Lang) -> String {
        words::alt(view, names, None, lang)
    }

    fn preview_picture(
        before: &View,
        after: &View,
        names: &[String],
        _seat: Seat,
        played: &[&Played],
        reader: Reader,
    ) -> Picture {
        let (scene, shown) = match played.first() {
            Some(played) => (pictures::preview(before, after, names, played, reader), after),
            None => (pictures::board(before, names, &[], reader), before),
        };
        let alt = Self::board_alt(shown, names, reader.lang);
        Picture { image: render::meridian::board_png(&scene, &reader), alt }
    }

    fn private_picture(view: &View, names: &[String], seat: Seat, reader: Reader) -> Option<Picture> {
        let png = render::meridian::hand_png(&pictures::hand(view, names, seat, reader.palette), &reader);
        Some(Picture { image: png, alt: crate::pictures::words::alt(&words::hand(view, names, seat, reader.lang)) })
    }

    fn result_picture(view: &View, names: &[String], winners: SeatSet, reader: Reader) -> Picture {
        let winners: Vec<Seat> = winners.iter().collect();
        let png = render::meridian::result_png(&pictures::result(view, names, &winners, reader), &reader);
        Picture { image: png, alt: words::alt(view, names, Some(&winners), reader.lang) }
    }

    fn example_picture(reader: Reader) -> Picture {
        let (view, names, recent) = pictures::example();
        Self::board_picture(&view, &names, &Vec::from_iter(&recent), reader)
    }

    fn position_words(view: &View, names: &[String], lang: Lang) -> Vec<String> {
        words::position(view, names, lang)
    }

    fn hand_words(view: &View, names: &[String], seat: Seat, lang: Lang) -> Option<Vec<String>> {
        Some(words::hand(view, names, seat, lang))
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

/// A part of a Meridian move as the menus and the typed options name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Card,
    Meridian,
    /// What to do on the meridian: place (`n`), take back (`t2`) or both (`p2`); the menus' step only.
    Action,
    TakeBack,
    Height,
    Row,
}

/// The parts typed commands name, by their options' names (`/meridian play card meridian take_back height row`).
const TYPED: [(&str, Field); 5] = [
    ("card", Field::Card),
    ("meridian", Field::Meridian),
    ("take_back", Field::TakeBack),
    ("height", Field::Height),
    ("row", Field::Row),
];

impl Field {
    /// The part the typed option `name` names.
    fn typed(name: &str) -> Option<Field> {
        TYPED.iter().find_map(|&(n, f)| (n == name).then_some(f))
    }

    /// This part of `m` as its option's value (`None`: the move has none, such as no tower taken back).
    fn value(self, m: &Move) -> Option<String> {
        match self {
            Field::Card => Some(m.card.to_string()),
            Field::Meridian => m.meridian.map(|x| x.to_string()),
            Field::Action => match (m.take_back, m.place) {
                (None, Some(_)) => Some("n".into()),
                (Some(r), None) => Some(format!("t{r}")),
                (Some(r), Some(_)) => Some(format!("p{r}")),
                (None, None) => None,
            },
            Field::TakeBack => m.take_back.map(|r| r.to_string()),
            Field::Height => m.place.map(|p| p.height.to_string()),
            Field::Row => m.place.map(|p| p.row.to_string()),
        }
    }

    /// The option that offers this part of `m`, in words; `None` when `m` has no such part.
    fn option(self, m: &Move) -> Option<Opt> {
        let value = self.value(m)?;
        let city = |row: u8| format!("{}.{row}", m.meridian.unwrap_or_default());
        let label = match (self, m.take_back, m.place) {
            (Field::Card, ..) => text!("meridian-card", card = &value),
            (Field::Meridian, ..) => text!("meridian-meridian", meridian = &value),
            (Field::Action, None, _) => text!("meridian-place-option"),
            (Field::Action, Some(r), None) => text!("meridian-take-back-option", city = city(r)),
            (Field::Action, Some(r), Some(_)) => text!("meridian-replace-option", city = city(r)),
            (Field::TakeBack, Some(r), _) => text!("meridian-your-tower", city = city(r)),
            (Field::Height, _, Some(p)) => text!("meridian-floors", floors = p.height),
            (Field::Row, _, Some(p)) => text!("meridian-city", city = city(p.row)),
            _ => return None,
        };
        Some(Opt::new(label, value))
    }

    /// The order its options are offered in: heights and cities sorted, the rest as the rules list the moves.
    fn key(self, m: &Move) -> (u8, u8) {
        match self {
            Field::Height => (m.place.map_or(0, |p| p.height), 0),
            Field::Row => (m.meridian.unwrap_or_default(), m.place.map_or(0, |p| p.row)),
            _ => (0, 0),
        }
    }
}

/// A Meridian move as far as it is chosen, by the menus or by the options typed so far (autocomplete): the legal
/// moves it still admits are the options of whatever is chosen next. A typed move, once whole, is built as typed and
/// judged by the rules when played.
#[derive(Debug, Default)]
struct Wanted {
    /// Parts chosen, each as its option's value (`None`: the move has none).
    chosen: Vec<(Field, Option<String>)>,
    /// Only moves that place or take back a tower (not a pass).
    acts: bool,
}

impl Wanted {
    fn with(mut self, field: Field, value: Option<&str>) -> Wanted {
        self.chosen.push((field, value.map(String::from)));
        self
    }

    fn admits(&self, m: &Move) -> bool {
        !(self.acts && m.is_pass()) && self.chosen.iter().all(|(f, v)| f.value(m) == *v)
    }

    /// The options for `field` among the legal moves this admits, each once.
    fn options(&self, legal: &[Move], field: Field) -> Vec<Opt> {
        let mut fits: Vec<&Move> = legal.iter().filter(|m| self.admits(m)).collect();
        fits.sort_by_key(|m| field.key(m));
        distinct(fits.into_iter().filter_map(|m| field.option(m)))
    }

    /// What the typed options of a command say, but for `focused`: under `play`, moves that act; a new tower's height
    /// and city depend on whether a tower is taken back first, so none is unless one is typed.
    fn typed(typed: &Typed, focused: Field) -> Wanted {
        let mut wanted = Wanted { acts: typed.command == "play", ..Wanted::default() };
        for (name, field) in TYPED {
            if let Some(value) = typed.get(name).filter(|_| field != focused) {
                wanted = wanted.with(field, Some(value));
            }
        }
        if matches!(focused, Field::Height | Field::Row) && typed.get("take_back").is_none() {
            wanted = wanted.with(Field::TakeBack, None);
        }
        wanted
    }
}

/// `seat`'s legal moves (none when it is not its turn).
fn legal(game: &Meridian, seat: Seat) -> Vec<Move> {
    if game.to_move() == Some(seat) {
        game.legal_moves()
    } else {
        Vec::new()
    }
}

/// The menus of a move, given the legal moves: card, meridian or pass, what to do, height, city.
fn choices(legal: &[Move], path: &[&str]) -> Choice<Move> {
    let menu = |prompt: &str, options: Vec<Opt>| Choice::Menu { prompt: Text::new(prompt), options };
    let Some((card, rest)) = path.split_first() else {
        return menu("meridian-choose-card", Wanted::default().options(legal, Field::Card));
    };
    let wanted = Wanted { acts: true, ..Wanted::default() }.with(Field::Card, Some(card));
    let Some((meridian, rest)) = rest.split_first() else {
        let mut options = wanted.options(legal, Field::Meridian);
        options.push(Opt::new(text!("meridian-pass-option"), "pass"));
        return menu("meridian-choose-meridian", options);
    };
    if *meridian == "pass" {
        return card.parse().map_or_else(|_| Choice::nothing(), |card| Choice::Done(vec![Move::pass(card)]));
    }
    let mut wanted = wanted.with(Field::Meridian, Some(meridian));
    let mut rest = rest.iter();
    let steps = [
        (Field::Action, "meridian-choose-action"),
        (Field::Height, "meridian-choose-height"),
        (Field::Row, "meridian-choose-city"),
    ];
    for (field, prompt) in steps {
        let Some(value) = rest.next() else { return menu(prompt, wanted.options(legal, field)) };
        wanted = wanted.with(field, Some(value));
        if value.starts_with('t') {
            break; // Taking back only: nothing to place.
        }
    }
    match &legal.iter().filter(|m| wanted.admits(m)).collect::<Vec<_>>()[..] {
        [only] => Choice::Done(vec![**only]),
        _ => Choice::nothing(),
    }
}

/// A typed move: `/meridian play card meridian [take_back] [height] [row]` or `/meridian pass card`. The move is
/// built as typed and judged by the rules when played; a card that is none is told with the player's `face_up`.
fn typed_move(typed: &Typed, face_up: impl Fn() -> Text) -> Result<Move, Text> {
    let card = typed.get("card").unwrap_or_default();
    let card =
        card.parse::<Card>().map_err(|_| text!("meridian-no-such-card", card = as_typed(card), way = face_up()))?;
    if typed.command == "pass" {
        return Ok(Move::pass(card));
    }
    let small = |what: &str| -> Result<Option<u8>, Text> {
        // The messages name a part by its word: a tower taken back by its row.
        let word = if what == "take_back" { "row" } else { what };
        let out_of_range = |value: &str| text!("meridian-out-of-range", what = word, value = value);
        typed.get(what).map(|v| v.parse::<u8>().map_err(|_| out_of_range(v))).transpose()
    };
    let place = match (small("height")?, small("row")?) {
        (Some(height), Some(row)) => Some(Placement { height, row }),
        (None, None) => None,
        _ => return Err(text!("meridian-height-and-row")),
    };
    let take_back = small("take_back")?;
    if place.is_none() && take_back.is_none() {
        return Err(text!("meridian-nothing-to-do"));
    }
    Ok(Move { card, meridian: small("meridian")?, take_back, place })
}

/// What autocomplete offers for `option` of a typed command: the legal values agreeing with the other options
/// typed, each once (cards starting with what is typed).
fn completions(legal: &[Move], typed_so_far: &Typed, option: &str) -> Vec<Opt> {
    let Some(field) = Field::typed(option) else { return Vec::new() };
    let options = Wanted::typed(typed_so_far, field).options(legal, field);
    let partial = typed_so_far.get(option).unwrap_or_default();
    match field {
        // Cards are typed as words; the other options are numbers Discord checks.
        Field::Card => options.into_iter().filter(|o| o.value.starts_with(partial)).collect(),
        _ => options,
    }
}

/// The rule a move broke, in words for its player. `GameOver` and `NotYourTurn` are not reachable by a player (the
/// service refuses a finished game or a player not due first), nor `MeridianMissing` (the command's meridian is
/// required), but their words stand for the platform's own moves.
fn rule(error: &MoveError) -> Text {
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

/// The part of `mv` a refusal is about: its legal values, the parts before it as typed, are the way out.
fn at_fault(mv: &Move, error: &MoveError) -> Field {
    use MoveError as E;
    match error {
        E::GameOver | E::NotYourTurn { .. } | E::CardNotFaceUp { .. } => Field::Card,
        E::MeridianMissing | E::MeridianNotOnCard { .. } => Field::Meridian,
        E::NoSuchCity { city, .. } if mv.take_back == Some(city.row) => Field::TakeBack,
        E::NoTowerToTakeBack { .. } | E::TooManyTowers { .. } => Field::TakeBack,
        E::NoSuchCity { .. } | E::OutOfOrder { .. } | E::OwnTowerInTheWay { .. } | E::PushedOffBoard { .. } => {
            Field::Row
        }
        E::IdenticalReplacement
        | E::ZeroHeight
        | E::FirstTowerTooLow { .. }
        | E::HeightTaken { .. }
        | E::NotEnoughFloors { .. } => Field::Height,
    }
}

/// What `seat` may do instead of `mv`, from its legal moves: the values of `field` with the parts before it as typed;
/// with none, those of a coarser part (a city's height, then the card's meridians); with none, the card's pass.
fn way_out(game: &Meridian, seat: Seat, mv: &Move, field: Field) -> Text {
    const ORDER: [Field; 5] = [Field::Card, Field::Meridian, Field::TakeBack, Field::Height, Field::Row];
    let legal = legal(game, seat);
    let coarser = match field {
        Field::Row => vec![Field::Row, Field::Height, Field::Meridian],
        Field::Card => return face_up(game, seat),
        field => vec![field, Field::Meridian],
    };
    let (card, meridian, height) =
        (mv.card.to_string(), mv.meridian.unwrap_or_default(), mv.place.map_or(0, |p| p.height));
    let city = |row: String| format!("{meridian}.{row}");
    for field in coarser {
        let typed = ORDER.iter().take_while(|&&f| f != field);
        let wanted = typed.fold(Wanted { acts: true, ..Wanted::default() }, |w, &f| w.with(f, f.value(mv).as_deref()));
        let values: Vec<String> = wanted.options(&legal, field).into_iter().map(|o| o.value).collect();
        if values.is_empty() {
            continue;
        }
        let count = values.len();
        return match field {
            Field::Meridian => {
                text!("meridian-way-meridians", card = card, count = count, meridians = List::few(values))
            }
            Field::TakeBack => {
                text!("meridian-way-take-back", count = count, cities = List::few(values.into_iter().map(city)))
            }
            Field::Height => text!("meridian-way-heights", meridian = meridian, heights = List::few(values)),
            _ => text!("meridian-way-cities", height = height, cities = List::few(values.into_iter().map(city))),
        };
    }
    text!("meridian-way-pass", card = card)
}

/// `seat`'s face-up cards, which it may play or discard (its own: a refusal is said to it alone).
fn face_up(game: &Meridian, seat: Seat) -> Text {
    let cards = game.players().get(usize::from(seat)).map_or(&[][..], |p| &p.face_up[..]);
    text!("meridian-way-cards", cards = List::few(cards.iter().map(|c| c.to_string())))
}

fn direction_word(direction: Direction) -> Text {
    match direction {
        Direction::North => text!("meridian-north"),
        Direction::South => text!("meridian-south"),
    }
}

/// One line in `voice`: for the thread "ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, pushing ben's 2
/// south".
pub fn describe(played: &Played, names: &[String], voice: Voice) -> Text {
    let who = seat_name(names, played.seat);
    let card = played.card.to_string();
    let tower = |id: &str, (city, t): (City, Tower)| text!(&voice.id(id), floors = t.height, city = city.to_string());
    let taken = played.taken_back.map(|c| tower("meridian-took-back", c));
    let placed = played.placed.map(|c| tower("meridian-placed", c));
    let what = match (taken, placed) {
        (None, None) => return text!(&voice.id("meridian-passed"), who = who, card = card),
        (Some(taken), Some(placed)) => text!("meridian-then", first = taken, then = placed),
        (Some(one), None) | (None, Some(one)) => one,
    };
    let meridian = played.placed.or(played.taken_back).map(|(c, _)| c.meridian).unwrap_or_default();
    let line = text!(&voice.id("meridian-played"), who = who, card = card, meridian = meridian, what = what);
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
    use crate::language::Lang;
    use crate::rules::meridian::state::{full_deck, shuffled_decks};
    use crate::rules::meridian::{City, Pushed, Tower};
    use crate::rules::seed::Shuffler;
    use crate::service::game::any::Listed;
    use crate::service::game::games::answers;
    use crate::service::game::Kind;

    /// Every move the menus complete, walking every branch.
    fn menu_moves(legal: &[Move], path: &mut Vec<String>, out: &mut Vec<Move>) {
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        match choices(legal, &refs) {
            Choice::Done(moves) => out.extend(moves),
            Choice::Menu { options, .. } => {
                for o in options {
                    path.push(o.value);
                    menu_moves(legal, path, out);
                    path.pop();
                }
            }
        }
    }

    /// `m` as `/meridian play` (or `pass`) types it.
    fn typed(m: &Move) -> Typed {
        let command = if m.is_pass() { "pass" } else { "play" };
        let typed = Typed::new(Kind::Meridian, command).with("card", Some(m.card));
        match m.is_pass() {
            true => typed,
            false => typed
                .with("meridian", m.meridian)
                .with("take_back", m.take_back)
                .with("height", m.place.map(|p| p.height))
                .with("row", m.place.map(|p| p.row)),
        }
    }

    fn sorted(values: impl Iterator<Item = String>) -> Vec<String> {
        let mut values: Vec<String> = values.collect();
        values.sort();
        values.dedup();
        values
    }

    /// Over random games, one builder: the menus reach exactly the legal moves; each, typed, reads as itself;
    /// autocomplete offers under `pass` every face-up card and under `play` exactly those with a move that places or
    /// takes back (positions where a card can only be passed do occur); a meridian's cities for a height are those
    /// of its legal moves that take nothing back.
    #[test]
    fn menus_autocomplete_and_typed_moves_choose_among_the_legal_moves() {
        let mut pass_only = 0;
        for seed in 0..8 {
            let mut game = Meridian::new(Board::standard_for(2), shuffled_decks(2, seed)).unwrap();
            let mut chooser = Shuffler::new(seed);
            while let Some(seat) = game.to_move() {
                let legal = game.legal_moves();
                let mut reached = Vec::new();
                menu_moves(&legal, &mut Vec::new(), &mut reached);
                let shown = |moves: &[Move]| sorted(moves.iter().map(|m| format!("{m:?}")));
                assert_eq!(shown(&reached), shown(&legal));
                for m in &reached {
                    assert_eq!(typed_move(&typed(m), || Text::Said(String::new())), Ok(*m));
                }
                let offered = |typed: Typed, option: &str| {
                    sorted(completions(&legal, &typed, option).into_iter().map(|o| o.value))
                };
                let card = |command| offered(Typed::new(Kind::Meridian, command), "card");
                let face_up = game.players()[usize::from(seat)].face_up.iter().map(|c| c.to_string());
                assert_eq!(card("pass"), sorted(face_up));
                let acting = sorted(legal.iter().filter(|m| !m.is_pass()).map(|m| m.card.to_string()));
                assert_eq!(card("play"), acting);
                pass_only += card("pass").len() - acting.len();
                if let Some(m) = legal.iter().find(|m| m.take_back.is_none() && m.place.is_some()) {
                    let (meridian, height) = (m.meridian, m.place.map(|p| p.height));
                    let given = Typed::new(Kind::Meridian, "play").with("card", Some(m.card));
                    let rows = offered(given.with("meridian", meridian).with("height", height), "row");
                    let fits =
                        legal.iter().filter(|l| l.card == m.card && l.meridian == meridian && l.take_back.is_none());
                    let expected = fits.filter_map(|l| l.place.filter(|p| Some(p.height) == height));
                    assert_eq!(rows, sorted(expected.map(|p| p.row.to_string())));
                }
                let mv = legal[chooser.below(legal.len() as u64) as usize];
                game.play(seat, &mv).unwrap();
            }
        }
        assert!(pass_only > 0, "no position had a card that can only be passed");
    }

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
        let pass = Played { seat: 1, card: "10".parse().unwrap(), taken_back: None, placed: None, pushed: vec![] };
        let back = Played {
            seat: 2,
            card: "1".parse().unwrap(),
            taken_back: Some((at(1, 1), Tower { seat: 2, height: 8 })),
            placed: Some((at(1, 2), Tower { seat: 2, height: 1 })),
            pushed: vec![],
        };
        let tall = Played { placed: Some((at(1, 2), Tower { seat: 2, height: 18 })), taken_back: None, ..back.clone() };
        let pushing = "pushing ben's 2 and cy's 1 south";
        let cases = [
            (&placed, Voice::Thread, format!("ana played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, {pushing}")),
            (&placed, Voice::Done, format!("You played 4-5-6-7 on meridian 6: a 3-floor tower at 6.2, {pushing}")),
            (&placed, Voice::Proposed, format!("play 4-5-6-7 on meridian 6 — a new 3-floor tower at 6.2, {pushing}")),
            (&pass, Voice::Thread, "ben passed, discarding 10".into()),
            (&pass, Voice::Done, "You passed, discarding 10".into()),
            (&pass, Voice::Proposed, "pass, discarding 10".into()),
            (
                &back,
                Voice::Thread,
                "cy played 1 on meridian 1: took back their 8-floor tower at 1.1, then a 1-floor tower at 1.2".into(),
            ),
            (
                &back,
                Voice::Proposed,
                "play 1 on meridian 1 — take back your 8-floor tower at 1.1, then a new 1-floor tower at 1.2".into(),
            ),
            (&tall, Voice::Done, "You played 1 on meridian 1: an 18-floor tower at 1.2".into()),
        ];
        for (played, voice, said) in cases {
            assert_eq!(Lang::En.say(&describe(played, &names, voice)), said, "{voice:?}");
        }
        let fr = Lang::Fr.say(&describe(&tall, &names, Voice::Proposed));
        assert_eq!(fr, "jouer la carte 1 sur le méridien 1 — une nouvelle tour de 18 étages en 1.2");
    }

    /// A game of two whose decks start 4-5-6-7, 6, 4-5-6-7, 6, after `moves` of these, all on meridian 6: ana
    /// places 3 floors at 6.2, ben 2 at 6.4, ana 5 at 6.1, ben 1 at 6.5.
    fn on_six(moves: usize) -> Meridian {
        let first: Vec<Card> = ["4-5-6-7", "6", "4-5-6-7", "6"].map(|c| c.parse().unwrap()).to_vec();
        let mut deck = full_deck(2);
        for card in &first {
            deck.remove(deck.iter().position(|c| c == card).unwrap());
        }
        let deck = [first, deck].concat();
        let mut game = Meridian::new(Board::standard_for(2), vec![deck.clone(), deck]).unwrap();
        for (card, height, row) in
            [("4-5-6-7", 3, 2), ("4-5-6-7", 2, 4), ("6", 5, 1), ("6", 1, 5)].into_iter().take(moves)
        {
            let place = Some(Placement { height, row });
            let mv = Move { card: card.parse().unwrap(), meridian: Some(6), take_back: None, place };
            game.play(game.to_move().unwrap(), &mv).unwrap();
        }
        game
    }

    /// `/meridian play` with `card`, `meridian`, and `take_back`, `height` and `row` where given.
    fn play(card: &str, meridian: u8, take_back: Option<u8>, place: Option<(u8, u8)>) -> Typed {
        let typed = Typed::new(Kind::Meridian, "play").with("card", Some(card)).with("meridian", Some(meridian));
        typed.with("take_back", take_back).with("height", place.map(|p| p.0)).with("row", place.map(|p| p.1))
    }

    /// A case of [`answers::check`], typed by the player due after `moves` of [`on_six`].
    fn due<'a>((name, moves, typed, expected): (&'a str, usize, Typed, &'a str)) -> answers::Case<'a> {
        let game = on_six(moves);
        let seat = game.to_move().unwrap();
        (name, MeridianGame::wrap(game), seat, typed, expected)
    }

    /// Every refusal of a card, a meridian, a city or a tower to take back a player can meet, as the service answers a
    /// typed move: the rule broken, then the legal values of the part at fault, the others as typed. Ben is due after
    /// three moves (his 2 at 6.4; ana's 5 and 3 at 6.1 and 6.2).
    #[test]
    fn every_refusal_of_a_part_says_what_may_be_done_now() {
        let cases: Vec<(&str, usize, Typed, &str)> = vec![
            (
                "no such card",
                3, play("11", 6, None, Some((1, 5))),
                "There is no card \"11\": cards are 1 to 10, 1-2-3, 4-5-6-7 and 8-9-10. Your face-up cards: 6, 4-5-6-7; play one with /meridian play, or discard it with /meridian pass.",
            ),
            (
                "a card not face up",
                3, play("10", 10, None, Some((2, 1))),
                "That move is not allowed: card: 10 is not one of your face-up cards. Your face-up cards: 6, 4-5-6-7; play one with /meridian play, or discard it with /meridian pass.",
            ),
            (
                "a meridian not on the card",
                3, play("4-5-6-7", 9, None, Some((2, 1))),
                "That move is not allowed: card: 4-5-6-7 does not allow meridian 9. Card 4-5-6-7 can go on meridians 4, 5, 6, 7 now, with /meridian play.",
            ),
            (
                "no such city",
                3, play("6", 6, None, Some((1, 9))),
                "That move is not allowed: city: there is no city 6.9; each meridian has cities 1 to 5. A 1-floor tower can go at 6.5, with /meridian play and row.",
            ),
            (
                "no such city to take back from",
                3, play("6", 6, Some(9), None),
                "That move is not allowed: city: there is no city 6.9; each meridian has cities 1 to 5. You can take back your tower at 6.4, with /meridian play and take_back.",
            ),
            (
                "no tower of yours to take back",
                3, play("6", 6, Some(1), None),
                "That move is not allowed: take back: you have no tower at 6.1. You can take back your tower at 6.4, with /meridian play and take_back.",
            ),
            (
                "the same tower again",
                3, play("6", 6, Some(4), Some((2, 4))),
                "That move is not allowed: take back and place: the new tower must differ from the one taken back in height or city. On meridian 6 you can place a tower of 1, 2, 4, 6, 7, 8, 9, 10, … floors, with /meridian play and height.",
            ),
        ];
        answers::check(cases.into_iter().map(due).collect());
    }

    /// The same for the heights and the placement rules R1 to R6; ana is due after four moves (ben's 1 at 6.5 too).
    #[test]
    fn every_refusal_of_a_tower_says_what_may_be_done_now() {
        let cases: Vec<(&str, usize, Typed, &str)> = vec![
            (
                "no floor",
                3, play("6", 6, None, Some((0, 3))),
                "That move is not allowed: height: a tower has at least 1 floor. On meridian 6 you can place a tower of 1, 4, 6, 7, 8, 9, 10, 11, … floors, with /meridian play and height.",
            ),
            (
                "R1 a low first tower",
                3, play("4-5-6-7", 5, None, Some((1, 1))),
                "That move is not allowed: R1 first tower: meridian 5 has no tower, so a tower there needs at least 2 floors. On meridian 5 you can place a tower of 2, 3, 4, 5, 6, 7, 8, 9, … floors, with /meridian play and height.",
            ),
            (
                "R2 a height taken",
                3, play("6", 6, None, Some((3, 3))),
                "That move is not allowed: R2 distinct heights: meridian 6 already has a tower of height 3. On meridian 6 you can place a tower of 1, 4, 6, 7, 8, 9, 10, 11, … floors, with /meridian play and height.",
            ),
            (
                "R3 out of order",
                3, play("6", 6, None, Some((4, 3))),
                "That move is not allowed: R3 order: a tower of 4 at 6.3 would break the north-to-south order of heights. A 4-floor tower can go at 6.2, with /meridian play and row.",
            ),
            (
                "R4 a third tower",
                4, play("6", 6, None, Some((4, 3))),
                "That move is not allowed: R4 one tower per meridian: you already have 2 on meridian 6. You can take back your towers at 6.1, 6.2, with /meridian play and take_back.",
            ),
            (
                "R5 too few floors",
                3, play("4-5-6-7", 5, None, Some((50, 1))),
                "That move is not allowed: R5 reserve: a tower of 50 needs 50 floors and you have 38. On meridian 5 you can place a tower of 2, 3, 4, 5, 6, 7, 8, 9, … floors, with /meridian play and height.",
            ),
            (
                "R6 your own tower",
                3, play("6", 6, None, Some((1, 4))),
                "That move is not allowed: R6 city: 6.4 holds your own tower; only another player's tower can be pushed. A 1-floor tower can go at 6.5, with /meridian play and row.",
            ),
            (
                "R6 off the board",
                3, play("6", 6, None, Some((4, 1))),
                "That move is not allowed: R6 city: placing at 6.1 would push a tower north off the board. A 4-floor tower can go at 6.2, with /meridian play and row.",
            ),
        ];
        answers::check(cases.into_iter().map(due).collect());
    }
}
