//! A game of any registered kind, typed: the closed set that [`crate::games!`] generates, one variant per game, as
//! shakmaty's `VariantPosition` closes its set of chess variants. The service holds an [`AnyGame`] and plays
//! [`AnyAction`]s on it; each variant holds the game's own rules type, so an action, a report, a refusal or a view
//! never crosses from one game to another unchecked, and nothing is downcast.
//!
//! JSON exists here only where bytes leave the process: an action as the store and the records keep it
//! ([`AnyAction::to_json`], [`Kind::action`]), a game's snapshot ([`AnyGame::snapshot`], [`Kind::restore`]) and
//! stored options ([`Kind::start`]).

use super::Kind;
use crate::ai::{Calibration, Knowledge, Options, Player};
use crate::language::{Arg, Lang, Text};
use crate::pictures::{Palette, Picture, Reader};
use crate::ratings::{Model, Ranking};
use crate::rules::record::{GameRecord as _, ReplayError};
use crate::rules::undo::UndoError;
use crate::rules::{Due, Game, Seat, SeatSet, Viewer};
use crate::service::analysis::Judging;
use crate::service::game::adapter::{
    ActionOf, Adapter, Choice, ErrorOf, Opt, ReportOf, Seen, Typed, Unread, ViewOf, Voice,
};
use crate::text;
use render::canvas::Canvas;
use std::ops::RangeInclusive;

/// A registered game's adapter, with its place in the closed set.
pub trait Listed: Adapter {
    const LISTED: Kind;
    fn game(any: &AnyGame) -> Option<&Self::Game>;
    fn action(any: &AnyAction) -> Option<&ActionOf<Self>>;
    fn report(any: &AnyReport) -> Option<&ReportOf<Self>>;
    fn wrap(game: Self::Game) -> AnyGame;
    fn wrap_action(action: ActionOf<Self>) -> AnyAction;
    fn wrap_options_error(error: Self::OptionsError) -> AnyOptionsError;
    fn wrap_report(report: ReportOf<Self>) -> AnyReport;
    fn wrap_error(error: ErrorOf<Self>) -> AnyError;
    fn wrap_view(view: ViewOf<Self>) -> AnyView;
}

/// The rules type of a registered game, with its adapter (for reading a typed state back: [`AnyGame::state`]).
pub trait Registration: Game {
    type Adapter: Listed<Game = Self>;
}

/// Why a game cannot be set up: stored options that do not read, a player count it does not seat, or the game's own
/// refusal of its options.
#[derive(Debug, Clone, PartialEq)]
pub enum SetupError {
    Unreadable {
        game: &'static str,
        why: String,
    },
    Players {
        game: &'static str,
        seats: RangeInclusive<usize>,
        have: usize,
    },
    Options(AnyOptionsError),
    /// A move of another game in this game's log (its record cannot be written).
    OtherGame {
        game: &'static str,
        action: &'static str,
    },
}

crate::said_in_english!(SetupError, SetupError::text);

impl From<AnyOptionsError> for SetupError {
    fn from(e: AnyOptionsError) -> SetupError {
        SetupError::Options(e)
    }
}

/// "2" or "2 to 4".
pub fn players(seats: &RangeInclusive<usize>) -> Arg {
    match seats.start() == seats.end() {
        true => Arg::from(*seats.start()),
        false => text!("players-range", min = *seats.start(), max = *seats.end()).into(),
    }
}

/// Why the rules refused an action.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// The game's own error, which names the rule, and the rule in the game's words for the player (Contrées
    /// names corners by their labels on the board).
    Rule { error: AnyError, words: Text },
    /// An action of one game offered to another.
    OtherGame { game: &'static str, action: &'static str },
}

impl Refused {
    pub fn text(&self) -> Text {
        match self {
            Refused::Rule { words, .. } => words.clone(),
            Refused::OtherGame { game, action } => text!("refused-other-game", game = *game, action = *action),
        }
    }
}

crate::said_in_english!(Refused, Refused::text);

/// What an applied action did, with its line for the thread.
#[derive(Debug, Clone)]
pub struct Reported {
    pub seat: Seat,
    pub line: Text,
    /// Whether it changed what the board shows ([`Adapter::pictured`]).
    pub pictured: bool,
    pub report: AnyReport,
}

macro_rules! closed_set {
    ($($V:ident: $A:ty => ($G:ty, $Action:ty, $O:ty)),* $(,)?) => {
        /// A game in play. Serialized, it is the game's own snapshot.
        #[derive(Debug, Clone, PartialEq, serde::Serialize)]
        #[serde(untagged)]
        pub enum AnyGame { $($V(<$A as Adapter>::Game)),* }

        /// One move of some game. Serialized, it is the move as its game's record writes it.
        #[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
        #[serde(untagged)]
        pub enum AnyAction { $($V(ActionOf<$A>)),* }

        /// What a move of some game did.
        #[derive(Debug, Clone)]
        pub enum AnyReport { $($V(ReportOf<$A>)),* }

        /// Some game's refusal of an action.
        #[derive(Debug, Clone, PartialEq, thiserror::Error)]
        pub enum AnyError { $(#[error(transparent)] $V(ErrorOf<$A>)),* }

        /// Some game's refusal of its options.
        #[derive(Debug, Clone, PartialEq, thiserror::Error)]
        pub enum AnyOptionsError { $(#[error(transparent)] $V(<$A as Adapter>::OptionsError)),* }

        /// What a viewer may see of some game. Serialized, it is the game's own view.
        #[derive(Debug, serde::Serialize)]
        #[serde(untagged)]
        pub enum AnyView { $($V(ViewOf<$A>)),* }

        $(
            impl From<$Action> for AnyAction {
                fn from(action: $Action) -> AnyAction {
                    AnyAction::$V(action)
                }
            }

            impl Registration for $G {
                type Adapter = $A;
            }

            impl Listed for $A {
                const LISTED: Kind = Kind::$V;
                fn game(any: &AnyGame) -> Option<&Self::Game> {
                    #[allow(unreachable_patterns)]
                    match any { AnyGame::$V(game) => Some(game), _ => None }
                }
                fn action(any: &AnyAction) -> Option<&ActionOf<Self>> {
                    #[allow(unreachable_patterns)]
                    match any { AnyAction::$V(action) => Some(action), _ => None }
                }
                fn report(any: &AnyReport) -> Option<&ReportOf<Self>> {
                    #[allow(unreachable_patterns)]
                    match any { AnyReport::$V(report) => Some(report), _ => None }
                }
                fn wrap(game: Self::Game) -> AnyGame {
                    AnyGame::$V(game)
                }
                fn wrap_action(action: ActionOf<Self>) -> AnyAction {
                    AnyAction::$V(action)
                }
                fn wrap_options_error(error: Self::OptionsError) -> AnyOptionsError {
                    AnyOptionsError::$V(error)
                }
                fn wrap_report(report: ReportOf<Self>) -> AnyReport {
                    AnyReport::$V(report)
                }
                fn wrap_error(error: ErrorOf<Self>) -> AnyError {
                    AnyError::$V(error)
                }
                fn wrap_view(view: ViewOf<Self>) -> AnyView {
                    AnyView::$V(view)
                }
            }
        )*

        /// `$body` with `A` the adapter of `$on`'s game and `$inner` bound to what its variant holds.
        macro_rules! each {
            ($on:expr, $Enum:ident($inner:pat_param) => $body:expr) => {
                match $on { $($Enum::$V($inner) => { #[allow(dead_code)] type A = $A; $body })* }
            };
        }

        /// `$body` with `A` the adapter of the kind `$kind`.
        macro_rules! of_kind {
            ($kind:expr => $body:expr) => {
                match $kind { $(Kind::$V => { type A = $A; $body })* }
            };
        }

    };
}

crate::games!(closed_set);

impl SetupError {
    pub fn text(&self) -> Text {
        match self {
            SetupError::Unreadable { game, why } => text!("setup-unreadable", game = *game, why = why),
            SetupError::Players { game, seats, have } => {
                text!("setup-players", game = *game, players = players(seats), have = *have)
            }
            SetupError::Options(e) => each!(e, AnyOptionsError(e) => A::options_refusal(e)),
            SetupError::OtherGame { game, action } => text!("setup-other-game", game = *game, action = *action),
        }
    }
}

/// The rules' refusal of an action in `game` (as it was when refused), in the game's words.
fn refused<A: Listed>(game: &A::Game, seat: Seat, action: &ActionOf<A>, error: ErrorOf<A>) -> Refused {
    Refused::Rule { words: A::refusal(game, seat, action, &error), error: A::wrap_error(error) }
}

fn other_game<A: Listed>(action: &AnyAction) -> Refused {
    Refused::OtherGame { game: A::TITLE, action: action.kind().title() }
}

/// A game as its record tells it: before any move, its players' names, and its moves with their seats.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub start: AnyGame,
    pub names: Vec<String>,
    pub moves: Vec<(Seat, AnyAction)>,
}

/// A move of a finished game as the analysis judged it: its mover's share of the win (0–1) before it, after it and
/// after the best move, which `best_line` says.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    pub before: f64,
    pub after: f64,
    pub best: f64,
    pub best_line: Text,
    pub best_action: AnyAction,
}

/// `moves[step]` as a finished game's judge weighs it in `game` (the position before it): the position with what
/// the record tells of later secret moves laid ([`Knowledge::in_hindsight`]), the mover and the move, the playouts
/// and seed to judge with, and the calibration of the shares found. `None` when the move is not this game's.
#[allow(clippy::type_complexity)]
fn hindsight<'m, A: Listed>(
    game: &A::Game,
    moves: &'m [(Seat, AnyAction)],
    step: usize,
    judging: Judging,
) -> Option<(A::Game, Seat, &'m ActionOf<A>, u32, u64, Calibration)> {
    let (seat, action) = moves.get(step)?;
    let (seat, action) = (*seat, A::action(action)?);
    let later = moves[step + 1..].iter().map_while(|(s, a)| Some((*s, A::action(a)?)));
    let seen = game.in_hindsight(seat, later);
    let playouts = judging.playouts.unwrap_or_else(|| <A::Game as Knowledge>::judging_playouts(game.seats()));
    let seed = crate::ai::decision_seed(judging.seed, step as u64);
    let calibration = match judging.calibrated {
        true => <A::Game as Knowledge>::calibration(game.seats()),
        false => Calibration::NONE,
    };
    Some((seen, seat, action, playouts, seed, calibration))
}

fn wrapped<A: Listed>(actions: Vec<ActionOf<A>>) -> Vec<AnyAction> {
    actions.into_iter().map(A::wrap_action).collect()
}

impl Kind {
    /// Its name in the store and in records: `meridian`, `contrees`, `dragon-delta`.
    pub fn name(self) -> &'static str {
        of_kind!(self => A::KIND)
    }

    /// The kind stored or recorded as `name`.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// Its name for players.
    pub fn title(self) -> &'static str {
        of_kind!(self => A::TITLE)
    }

    pub fn players(self) -> RangeInclusive<usize> {
        of_kind!(self => A::PLAYERS)
    }

    /// Whether each player holds something only they see ([`Adapter::HANDS`]).
    pub fn hands(self) -> bool {
        of_kind!(self => A::HANDS)
    }

    /// Whether its turns are numbered ([`Adapter::NUMBERED_TURNS`]).
    pub fn numbered_turns(self) -> bool {
        of_kind!(self => A::NUMBERED_TURNS)
    }

    /// How its finished games are rated ([`Adapter::RATING`]).
    pub fn rating(self) -> (Model, Ranking) {
        of_kind!(self => A::RATING)
    }

    /// What [`AnyGame::chart`] measures: a message of the catalogues.
    pub fn chart(self) -> &'static str {
        of_kind!(self => A::CHART)
    }

    /// The game before any move, `players` seated, chance drawn from `seed`.
    pub fn start(self, options: &str, seed: u64, players: usize) -> Result<AnyGame, SetupError> {
        let seats = self.players();
        if !seats.contains(&players) {
            return Err(SetupError::Players { game: self.title(), seats, have: players });
        }
        of_kind!(self => {
            let options = options_of::<A>(options)?;
            A::start(&options, seed, players).map(A::wrap).map_err(|e| A::wrap_options_error(e).into())
        })
    }

    /// A game from its snapshot.
    pub fn restore(self, snapshot: &str) -> Result<AnyGame, serde_json::Error> {
        of_kind!(self => serde_json::from_str(snapshot).map(A::wrap))
    }

    /// An action from its record's JSON.
    pub fn action(self, json: &str) -> Result<AnyAction, serde_json::Error> {
        of_kind!(self => serde_json::from_str(json).map(A::wrap_action))
    }

    /// A record's game before any move, its players and its moves, each checked by playing it (chance the record
    /// leaves unsettled is settled by `seed`, as `replay` does).
    pub fn read_record(self, record: serde_json::Value, seed: u64) -> Result<Recorded, ReplayError> {
        of_kind!(self => {
            let mut record: <A as Adapter>::Record = crate::rules::record::read(record)?;
            record.settle(seed);
            let start = A::wrap(record.start()?);
            let mut moves = Vec::new();
            record.replay_moves(|_, seat, action, _| moves.push((seat, A::wrap_action(action.to_owned()))))?;
            Ok(Recorded { start, names: record.players().to_vec(), moves })
        })
    }

    /// The game's record (record.md), once it is over: every secret may be told.
    pub fn export(
        self,
        options: &str,
        seed: u64,
        names: &[String],
        moves: &[(Seat, AnyAction)],
    ) -> Result<String, SetupError> {
        of_kind!(self => {
            let options = options_of::<A>(options)?;
            let moves = moves
                .iter()
                .map(|(seat, m)| A::action(m).cloned().map(|a| (*seat, a)).ok_or_else(|| SetupError::OtherGame {
                    game: A::TITLE,
                    action: m.kind().title(),
                }))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(A::export(&options, seed, names, &moves))
        })
    }

    /// An example position for the rules summary.
    pub fn example_picture(self, reader: Reader) -> Picture {
        of_kind!(self => A::example_picture(reader))
    }
}

/// Options of `A` from their stored JSON.
fn options_of<A: Listed>(json: &str) -> Result<A::Options, SetupError> {
    serde_json::from_str(json).map_err(|e| SetupError::Unreadable { game: A::TITLE, why: e.to_string() })
}

impl AnyAction {
    /// The game it is a move of.
    pub fn kind(&self) -> Kind {
        each!(self, AnyAction(_) => A::LISTED)
    }

    /// The move as its game's record writes it (and the store keeps it).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("actions serialize")
    }
}

impl AnyGame {
    pub fn kind(&self) -> Kind {
        each!(self, AnyGame(_) => A::LISTED)
    }

    /// The typed game, when it is a game of `G` (for tests and a game's own commands).
    pub fn state<G: Registration>(&self) -> Option<&G> {
        G::Adapter::game(self)
    }

    pub fn due(&self) -> Due {
        each!(self, AnyGame(game) => game.due())
    }

    /// Applies an action for `seat`; on a refusal nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &AnyAction, names: &[String]) -> Result<Reported, Refused> {
        each!(self, AnyGame(game) => {
            let action = A::action(action).ok_or_else(|| other_game::<A>(action))?;
            let report = game.apply(seat, action).map_err(|e| refused::<A>(game, seat, action, e))?;
            let line = A::describe(&Seen::new(game, Viewer::Public), &report, names, Voice::Thread);
            let pictured = A::pictured(&report);
            Ok(Reported { seat, line, pictured, report: A::wrap_report(report) })
        })
    }

    /// `reported`, an action just applied to this game, in words in `voice` (its own line if it is another game's).
    pub fn describe(&self, reported: &Reported, names: &[String], voice: Voice) -> Text {
        each!(self, AnyGame(game) => match A::report(&reported.report) {
            Some(report) => A::describe(&Seen::new(game, Viewer::Public), report, names, voice),
            None => reported.line.clone(),
        })
    }

    /// Every legal action of `seat` (none when it is not due).
    pub fn legal(&self, seat: Seat) -> Vec<AnyAction> {
        each!(self, AnyGame(game) => wrapped::<A>(game.legal_actions(seat)))
    }

    /// The actions `player` chooses for `seat`'s turn (empty when it is not due), deterministic given `seed`: CPU
    /// work, to be done off the async runtime.
    pub fn choose(&self, seat: Seat, player: Player, seed: u64) -> Vec<AnyAction> {
        each!(self, AnyGame(game) => wrapped::<A>(player.turn(game, seat, seed)))
    }

    /// `moves[step]`, the `step`th move (from 0) of a finished game whose moves are `moves`, played in this position,
    /// judged by the game's judge ([`Knowledge::judge`], seeing every hidden part: the game is over) as `judging`
    /// says; `None` when its seat had no choice to make. The best move is said as its player would read it. CPU
    /// work, to be done off the async runtime.
    pub fn judge(
        &self,
        moves: &[(Seat, AnyAction)],
        names: &[String],
        step: usize,
        judging: Judging,
    ) -> Option<Judgement> {
        each!(self, AnyGame(game) => {
            let (seen, seat, action, playouts, seed, calibration) = hindsight::<A>(game, moves, step, judging)?;
            if matches!(game.options(seat), Options::Listed(all) if all.len() <= 1) {
                return None;
            }
            let judged = seen.judge(seat, action, playouts, seed)?;
            let mut after = seen.clone();
            let report = after.apply(seat, &judged.best_action).ok()?;
            let best_line = A::describe(&Seen::new(&after, Viewer::Seat(seat)), &report, names, Voice::Thread);
            Some(Judgement {
                before: calibration.chance(judged.before),
                after: calibration.chance(judged.after),
                best: calibration.chance(judged.best),
                best_line,
                best_action: A::wrap_action(judged.best_action),
            })
        })
    }

    /// Every action the mover of `moves[step]` could have chosen instead, judged as [`AnyGame::judge`] judges the
    /// move played (its chance after it), in the game's order: a puzzle's answers. `None` when the actions are too
    /// many to list (they are then no puzzle). CPU work: off the async runtime.
    pub fn judge_each(
        &self,
        moves: &[(Seat, AnyAction)],
        step: usize,
        judging: Judging,
    ) -> Option<Vec<(AnyAction, f64)>> {
        each!(self, AnyGame(game) => {
            let (seen, seat, played, playouts, seed, calibration) = hindsight::<A>(game, moves, step, judging)?;
            let each = seen.judge_each(seat, played, playouts, seed)?;
            Some(each.into_iter().map(|(action, share)| (A::wrap_action(action), calibration.chance(share))).collect())
        })
    }

    /// [`Adapter::timeout`].
    pub fn timeout(&self, seat: Seat, pledged: Option<&str>) -> Vec<AnyAction> {
        each!(self, AnyGame(game) => wrapped::<A>(A::timeout(game, seat, pledged)))
    }

    /// [`Adapter::pledges`].
    pub fn pledges(&self, seat: Seat) -> bool {
        each!(self, AnyGame(game) => A::pledges(game, seat))
    }

    /// [`Adapter::automatic`].
    pub fn automatic(&self, seat: Seat) -> Option<AnyAction> {
        each!(self, AnyGame(game) => A::automatic(game, seat).map(A::wrap_action))
    }

    /// [`Adapter::is_choice`].
    pub fn is_choice(&self, seat: Seat) -> bool {
        each!(self, AnyGame(game) => A::is_choice(game, seat))
    }

    /// [`Adapter::not_due`].
    pub fn not_due(&self, seat: Seat) -> Option<Text> {
        each!(self, AnyGame(game) => A::not_due(&Seen::new(game, Viewer::Seat(seat)), seat))
    }

    /// [`Adapter::resignation`].
    pub fn resignation(&self, seat: Seat) -> Option<AnyAction> {
        each!(self, AnyGame(game) => A::resignation(game, seat).map(A::wrap_action))
    }

    /// The moves of `history` (indices) that go when `seat` takes back its last move, this game being their set-up;
    /// `automatic`: the seats that play by themselves ([`crate::rules::undo::undo`]).
    pub fn undo(&self, history: &[(Seat, AnyAction)], seat: Seat, automatic: SeatSet) -> Result<Vec<usize>, UndoError> {
        each!(self, AnyGame(start) => {
            let mut own = Vec::with_capacity(history.len());
            for (k, (s, action)) in history.iter().enumerate() {
                own.push((*s, A::action(action).ok_or(UndoError::Unreplayable(k))?.to_owned()));
            }
            crate::rules::undo::undo(start, &own, seat, automatic)
        })
    }

    /// Whether `seat`'s `action` is a choice made at the same time as the others' ([`Game::stands_alone`]), one that
    /// leaves what any other seat due alongside may choose as it was.
    pub fn stands_alone(&self, seat: Seat, action: &AnyAction) -> bool {
        each!(self, AnyGame(game) => A::action(action).is_some_and(|a| game.stands_alone(seat, a)))
    }

    /// The game's snapshot, for the store's cache.
    pub fn snapshot(&self) -> String {
        serde_json::to_string(self).expect("games serialize")
    }

    /// What `viewer` may see of the game.
    pub fn view(&self, viewer: Viewer) -> AnyView {
        each!(self, AnyGame(game) => A::wrap_view(game.view(viewer)))
    }

    /// Each seat's score now, in seat order (empty for a race).
    pub fn scores(&self) -> Vec<u32> {
        each!(self, AnyGame(game) => A::scores(game))
    }

    /// Each seat's charted value now ([`Adapter::chart`]).
    pub fn chart(&self) -> Vec<Option<f64>> {
        each!(self, AnyGame(game) => A::chart(game))
    }

    /// Each seat's colour as the pictures draw it in `palette`, in seat order.
    pub fn colours(&self, palette: Palette) -> Vec<render::canvas::Rgba> {
        each!(self, AnyGame(game) => A::colours(game, palette))
    }

    /// Each seat's standing in words, in seat order (from one public view).
    pub fn standings(&self) -> Vec<Text> {
        each!(self, AnyGame(game) => {
            let view = game.view(Viewer::Public);
            (0..game.seats() as Seat).map(|seat| A::standing(&view, seat)).collect()
        })
    }

    /// Who wins (or would win now) among the seats `remaining` (not resigned).
    pub fn winners(&self, remaining: SeatSet) -> SeatSet {
        each!(self, AnyGame(game) => A::winners(game, remaining))
    }

    /// The click step after `path`; `None` when the path is not one the menus offer now.
    pub fn choices(&self, seat: Seat, path: &[&str]) -> Option<Choice<AnyAction>> {
        each!(self, AnyGame(game) => {
            // Each value of the path must be one its menu offers now, and only the last may complete the move.
            for (i, value) in path.iter().enumerate() {
                match A::choices(game, seat, &path[..i]) {
                    Choice::Menu { options, .. } if options.iter().any(|o| o.value == *value) => {}
                    _ => return None,
                }
            }
            Some(match A::choices(game, seat, path) {
                Choice::Menu { prompt, options } => Choice::Menu { prompt, options },
                Choice::Done(actions) => Choice::Done(wrapped::<A>(actions)),
            })
        })
    }

    /// [`Adapter::typed`]: the actions a typed command of `seat` reads as, or the rule they break (inner `Err`); the
    /// outer `Err` says what was typed reads as no move.
    pub fn typed(&self, seat: Seat, typed: &Typed) -> Result<Result<Vec<AnyAction>, Refused>, Text> {
        each!(self, AnyGame(game) => match A::typed(game, seat, typed) {
            Ok(actions) => Ok(Ok(wrapped::<A>(actions))),
            Err(Unread::Words(words)) => Err(words),
            Err(Unread::Rule(refusal)) => {
                let (then, action, error) = *refusal;
                Ok(Err(refused::<A>(&then, seat, &action, error)))
            }
        })
    }

    /// [`Adapter::complete`].
    pub fn complete(&self, seat: Seat, typed: &Typed, option: &str) -> Vec<Opt> {
        each!(self, AnyGame(game) => A::complete(game, seat, typed, option))
    }

    /// The public board with the moves `recent` pointed out, drawn: an animation's frame.
    pub fn board_canvas(&self, names: &[String], recent: &[&Reported], reader: Reader) -> Canvas {
        each!(self, AnyGame(game) => {
            let recent: Vec<&ReportOf<A>> = recent.iter().filter_map(|r| A::report(&r.report)).collect();
            A::board_canvas(&game.view(Viewer::Public), names, &recent, reader)
        })
    }

    /// The public board with the moves `recent` pointed out.
    pub fn board_picture(&self, names: &[String], recent: &[&Reported], reader: Reader) -> Picture {
        each!(self, AnyGame(game) => {
            let recent: Vec<&ReportOf<A>> = recent.iter().filter_map(|r| A::report(&r.report)).collect();
            A::board_picture(&game.view(Viewer::Public), names, &recent, reader)
        })
    }

    /// The public board's alt text: the position in short.
    pub fn board_alt(&self, names: &[String], lang: Lang) -> String {
        each!(self, AnyGame(game) => A::board_alt(&game.view(Viewer::Public), names, lang))
    }

    /// The whole position in words, as anyone may see it.
    pub fn position_words(&self, names: &[String], lang: Lang) -> Vec<String> {
        each!(self, AnyGame(game) => A::position_words(&game.view(Viewer::Public), names, lang))
    }

    /// What only `seat` may see in words (its hand), if the game hides anything.
    pub fn hand_words(&self, names: &[String], seat: Seat, lang: Lang) -> Option<Vec<String>> {
        each!(self, AnyGame(game) => A::hand_words(&game.view(Viewer::Seat(seat)), names, seat, lang))
    }

    /// `seat`'s move played on a copy, for a confirm step ([`Adapter::preview`]: only what its player may see
    /// follows it); refused as it would be if played.
    pub fn preview(&self, seat: Seat, actions: &[AnyAction], names: &[String]) -> Result<Preview, Refused> {
        each!(self, AnyGame(game) => {
            let mut after = game.clone();
            let mut played = Vec::new();
            for action in actions {
                let action = A::action(action).ok_or_else(|| other_game::<A>(action))?;
                let report = A::preview(&mut after, seat, action).map_err(|e| refused::<A>(&after, seat, action, e))?;
                let line = A::describe(&Seen::new(&after, Viewer::Public), &report, names, Voice::Proposed);
                played.push(Reported { seat, line, pictured: A::pictured(&report), report: A::wrap_report(report) });
            }
            Ok(Preview { before: self.clone(), after: A::wrap(after), seat, played })
        })
    }

    /// What only `seat` may see (a hand), if the game hides anything.
    pub fn private_picture(&self, names: &[String], seat: Seat, reader: Reader) -> Option<Picture> {
        each!(self, AnyGame(game) => A::private_picture(&game.view(Viewer::Seat(seat)), names, seat, reader))
    }

    /// The final picture.
    pub fn result_picture(&self, names: &[String], winners: SeatSet, reader: Reader) -> Picture {
        each!(self, AnyGame(game) => A::result_picture(&game.view(Viewer::Public), names, winners, reader))
    }
}

/// A move played on a copy for a confirm step: the game before and after it, and what each action did.
pub struct Preview {
    before: AnyGame,
    after: AnyGame,
    seat: Seat,
    pub played: Vec<Reported>,
}

impl Preview {
    /// The picture of the move, drawn from its player's views before and after it.
    pub fn picture(&self, names: &[String], reader: Reader) -> Picture {
        let seen = Viewer::Seat(self.seat);
        each!(&self.before, AnyGame(before) => {
            let Some(after) = A::game(&self.after) else { unreachable!("a preview plays on a copy of its game") };
            let played: Vec<&ReportOf<A>> = self.played.iter().filter_map(|r| A::report(&r.report)).collect();
            A::preview_picture(&before.view(seen), &after.view(seen), names, self.seat, &played, reader)
        })
    }
}
