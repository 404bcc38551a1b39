//! The seam between the platform and a game. Everything above the rules (the service, the turn clock, delivery,
//! pictures, Discord) reaches a game only through [`Kind`] and [`Play`], dispatched on `games.kind`.
//!
//! A game implements the typed [`Adapter`] (its rules' [`Game`], its options, how it is set up, what a time-out or a
//! resignation does, its words and pictures, its menus of choices); [`Registered`] turns that into the object-safe
//! [`Kind`], and [`super::games::KINDS`] lists them, one line per game. Actions cross the seam as JSON (the record's
//! format, as the store keeps them) and are typed again inside.

use crate::ai::{Knowledge, Player};
use crate::rules::{Due, Game, Seat, SeatSet, Viewer};
use serde::{de::DeserializeOwned, Serialize};
use std::any::Any;
use std::fmt::{self, Debug};
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// A move's type for game `A`.
pub type ActionOf<A> = <<A as Adapter>::Game as Game>::Action;
/// What a move of game `A` did.
pub type ReportOf<A> = <<A as Adapter>::Game as Game>::Report;

/// The next step of choosing a move with clicks: a menu, or the whole move (one action or several, e.g. Contrées'
/// two lands of a turn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice<A> {
    Menu { prompt: String, options: Vec<Opt> },
    Done(Vec<A>),
}

/// One option of a menu: what it says and the value it stands for (both at most 100 characters, Discord's limit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opt {
    pub label: String,
    pub value: String,
}

impl Opt {
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Opt {
        Opt { label: label.into(), value: value.into() }
    }
}

/// A seat's player's name for a line in the thread ("?" for a seat the names do not cover).
pub fn seat_name(names: &[String], seat: Seat) -> &str {
    names.get(usize::from(seat)).map_or("?", String::as_str)
}

/// Options a menu holds (Discord's limit): beyond that a choice takes two steps.
pub const MENU_OPTIONS: usize = 25;

/// One choice among `options` from the front of `path`, by pages of [`MENU_OPTIONS`] when there are more: `Err` is
/// the menu to show, `Ok` the value chosen and the rest of the path. Pages are named by their first and last labels.
pub fn paged<'p, A>(
    prompt: &str,
    options: Vec<Opt>,
    path: &'p [&'p str],
) -> Result<(&'p str, &'p [&'p str]), Choice<A>> {
    let menu = |prompt: String, options: Vec<Opt>| Choice::Menu { prompt, options };
    if options.len() <= MENU_OPTIONS {
        return match path.split_first() {
            Some((value, rest)) => Ok((value, rest)),
            None => Err(menu(prompt.to_string(), options)),
        };
    }
    let pages: Vec<&[Opt]> = options.chunks(MENU_OPTIONS).collect();
    let Some((page, rest)) = path.split_first() else {
        let names = pages.iter().enumerate().map(|(i, p)| {
            let (first, last) = (&p[0].label, &p[p.len() - 1].label);
            Opt::new(format!("{first} … {last}"), format!("page{}", i + 1))
        });
        return Err(menu(format!("{prompt} (first the page)"), names.collect()));
    };
    let chosen =
        page.strip_prefix("page").and_then(|n| n.parse::<usize>().ok()).and_then(|n| pages.get(n.wrapping_sub(1)));
    match (chosen, rest.split_first()) {
        (Some(_), Some((value, rest))) => Ok((value, rest)),
        (Some(p), None) => Err(menu(prompt.to_string(), p.to_vec())),
        (None, _) => Err(menu(prompt.to_string(), Vec::new())),
    }
}

/// A menu's options with duplicates (by value) left out, in the order first seen.
pub fn distinct(options: impl IntoIterator<Item = Opt>) -> Vec<Opt> {
    let mut out: Vec<Opt> = Vec::new();
    for o in options {
        if !out.iter().any(|x| x.value == o.value) {
            out.push(o);
        }
    }
    out
}

/// One game on the platform, typed.
pub trait Adapter: Send + Sync + 'static {
    /// The rules, and what computer players know of them ([`crate::ai`]).
    type Game: Game + Knowledge + Serialize + DeserializeOwned + PartialEq;
    /// The game's own options; the turn clock's (`turn_limit_days`, `reminder_hours`) sit beside them in the same
    /// stored JSON object and are read by the platform ([`super::TurnClock`]).
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync;

    /// `games.kind` and the record's `game`.
    const KIND: &'static str;
    /// The game's name for players.
    const TITLE: &'static str;
    const PLAYERS: RangeInclusive<usize>;
    /// Whether each player holds something only they see (a hand), sent to every player when the game starts.
    const HANDS: bool = false;

    /// Checks options a player chose.
    fn check(_options: &Self::Options) -> Result<(), String> {
        Ok(())
    }

    /// The game before any move, `players` seated, chance drawn from `seed`.
    fn start(options: &Self::Options, seed: u64, players: usize) -> Result<Self::Game, String>;

    /// What the platform plays for `seat` when its time runs out: the rest of its turn, or of its choice (empty
    /// when it has nothing to play), keeping to the value it `pledged` at a step whose first choice is final.
    fn timeout(game: &Self::Game, seat: Seat, pledged: Option<&str>) -> Vec<ActionOf<Self>>;

    /// Whether the first value `seat` chooses now is final once chosen, before it sees what it leads to (Dragon
    /// Delta's plank, chosen « à vue de nez » before its places are shown): the platform keeps it, offers nothing
    /// else afterwards, and a time-out keeps to it.
    fn pledges(_game: &Self::Game, _seat: Seat) -> bool {
        false
    }

    /// The action played for `seat` at once, without asking, when it is due and the rules leave it exactly one
    /// possible outcome (Dragon Delta's resolution); `None` for games whose players make every move themselves.
    fn automatic(_game: &Self::Game, _seat: Seat) -> Option<ActionOf<Self>> {
        None
    }

    /// Why `seat`, which is not due now, cannot act, in words to its player, when that says more than whose turn it
    /// is (Dragon Delta: its programme for the round is laid while others still choose theirs).
    fn not_due(_game: &Self::Game, _seat: Seat) -> Option<String> {
        None
    }

    /// Whether `seat` is due for a choice within a turn (Dragon Delta's resolution) rather than a turn of its own:
    /// choices have their own, shorter limit ([`super::TurnClock::choice_limit_hours`]).
    fn is_choice(_game: &Self::Game, _seat: Seat) -> bool {
        false
    }

    /// The action that resigns `seat` in the game's own record, for games whose rules know resigning (it ends
    /// Contrées). `None`: the platform marks the seat resigned and plays its turns with [`Adapter::timeout`].
    fn resignation(_game: &Self::Game, _seat: Seat) -> Option<ActionOf<Self>> {
        None
    }

    /// A move in words for the thread, e.g. "ana placed a tower at B3", told from the game just after it. Never a
    /// secret.
    fn describe(game: &Self::Game, report: &ReportOf<Self>, names: &[String]) -> String;

    /// Whether a move changes what the board shows, so that the thread gets a new picture (and the players due a
    /// mention); a move that does not (Dragon Delta's programme laid before the last) is said in words only.
    fn pictured(_report: &ReportOf<Self>) -> bool {
        true
    }

    /// Each seat's score now, in seat order.
    fn scores(game: &Self::Game) -> Vec<u32>;

    /// What the game's web page charts for each seat over the moves, in words: the score by default.
    const CHART: &'static str = "points";

    /// Each seat's charted value now, in seat order (`None` for a seat that has none, such as a pawn out of the
    /// river). Public, like the board.
    fn chart(game: &Self::Game) -> Vec<Option<f64>> {
        Self::scores(game).into_iter().map(|s| Some(f64::from(s))).collect()
    }

    /// A seat's standing in words: "12 points, 5 floors in reserve".
    fn standing(game: &Self::Game, seat: Seat) -> String;

    /// Who wins (or would win now) among the seats still `standing` (not resigned).
    fn winners(game: &Self::Game, standing: SeatSet) -> SeatSet;

    /// The step of choosing a move with clicks after the values `path` (each one of its menu's values).
    fn choices(game: &Self::Game, seat: Seat, path: &[&str]) -> Choice<ActionOf<Self>>;

    /// The public board with the moves `recent` pointed out.
    fn board_png(game: &Self::Game, names: &[String], recent: &[&ReportOf<Self>]) -> Vec<u8>;

    /// The board as it would be after `seat` plays `actions`, for a confirm step.
    fn preview_png(
        game: &Self::Game,
        names: &[String],
        seat: Seat,
        actions: &[ActionOf<Self>],
    ) -> Result<Vec<u8>, <Self::Game as Game>::Error>;

    /// What only `seat` may see (a hand), if the game hides anything.
    fn private_png(_game: &Self::Game, _names: &[String], _seat: Seat) -> Option<Vec<u8>> {
        None
    }

    /// The final picture.
    fn result_png(game: &Self::Game, names: &[String], winners: SeatSet) -> Vec<u8>;

    /// An example position for the rules summary.
    fn example_png() -> Vec<u8>;

    /// The game's record (record.md), once it is over: every secret may be told.
    fn export(options: &Self::Options, seed: u64, names: &[String], moves: &[(Seat, ActionOf<Self>)]) -> String;
}

/// Why the rules refused an action: the game's own error, whose message names the rule.
#[derive(Clone)]
pub struct Refusal(Arc<dyn std::error::Error + Send + Sync>);

impl Refusal {
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> Refusal {
        Refusal(Arc::new(error))
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Debug for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Refusal({})", self.0)
    }
}

/// An action that is not a move of this game at all (a move of another game, or made-up JSON).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this is not a move of {game}: {why}")]
pub struct NotAMove {
    pub game: &'static str,
    pub why: String,
}

/// What an applied action did, with its line for the thread.
#[derive(Clone)]
pub struct Reported {
    pub seat: Seat,
    pub line: String,
    report: Arc<dyn Any + Send + Sync>,
}

impl Debug for Reported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reported({}: {})", self.seat, self.line)
    }
}

/// A game kind, object-safe: set-up, restoring a snapshot, its record and its example.
pub trait Kind: Send + Sync {
    fn kind(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn players(&self) -> RangeInclusive<usize>;
    fn hands(&self) -> bool;
    /// What [`Play::chart`] measures, in words.
    fn chart(&self) -> &'static str;
    /// Reads and checks stored or chosen options (JSON).
    fn check(&self, options: &str) -> Result<(), String>;
    fn start(&self, options: &str, seed: u64, players: usize) -> Result<Box<dyn Play>, String>;
    fn restore(&self, snapshot: &str) -> Result<Box<dyn Play>, String>;
    fn export(&self, options: &str, seed: u64, names: &[String], moves: &[(Seat, String)]) -> Result<String, String>;
    fn example_png(&self) -> Vec<u8>;
}

/// A game in play, object-safe. Actions are JSON in the record's format.
pub trait Play: Send + Sync + Debug {
    fn due(&self) -> Due;
    /// Applies an action for `seat`; on a refusal nothing changes.
    fn apply(&mut self, seat: Seat, action: &str, names: &[String]) -> Result<Reported, Refusal>;
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// The actions `player` chooses for `seat`'s turn (empty when it is not due), deterministic given `seed`: CPU
    /// work, to be done off the async runtime.
    fn choose(&self, seat: Seat, player: Player, seed: u64) -> Vec<String>;
    /// Whether an applied action changed what the board shows.
    fn pictured(&self, played: &Reported) -> bool;
    fn timeout(&self, seat: Seat, pledged: Option<&str>) -> Vec<String>;
    fn pledges(&self, seat: Seat) -> bool;
    fn automatic(&self, seat: Seat) -> Option<String>;
    fn is_choice(&self, seat: Seat) -> bool;
    fn not_due(&self, seat: Seat) -> Option<String>;
    fn resignation(&self, seat: Seat) -> Option<String>;
    fn snapshot(&self) -> String;
    /// What `viewer` may see of the game, as JSON.
    fn view(&self, viewer: Viewer) -> serde_json::Value;
    fn scores(&self) -> Vec<u32>;
    fn chart(&self) -> Vec<Option<f64>>;
    fn standing(&self, seat: Seat) -> String;
    fn winners(&self, standing: SeatSet) -> SeatSet;
    /// The click step after `path`; `None` when the path is not one the menus offer now.
    fn choices(&self, seat: Seat, path: &[&str]) -> Option<Choice<String>>;
    fn board_png(&self, names: &[String], recent: &[&Reported]) -> Vec<u8>;
    fn preview_png(&self, names: &[String], seat: Seat, actions: &[String]) -> Result<Vec<u8>, Refusal>;
    fn private_png(&self, names: &[String], seat: Seat) -> Option<Vec<u8>>;
    fn result_png(&self, names: &[String], winners: SeatSet) -> Vec<u8>;
    fn boxed(&self) -> Box<dyn Play>;
    fn same_as(&self, other: &dyn Play) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn Play> {
    fn clone(&self) -> Box<dyn Play> {
        self.boxed()
    }
}

/// Game `A`, registered: [`Kind`] for `A`.
pub struct Registered<A>(PhantomData<fn() -> A>);

impl<A> Registered<A> {
    pub const KIND: Registered<A> = Registered(PhantomData);
}

/// A game of `A` in play.
pub struct Playing<A: Adapter>(pub A::Game);

impl<A: Adapter> Debug for Playing<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

fn options<A: Adapter>(json: &str) -> Result<A::Options, String> {
    serde_json::from_str(json).map_err(|e| format!("options of {}: {e}", A::TITLE))
}

fn action<A: Adapter>(json: &str) -> Result<ActionOf<A>, Refusal> {
    serde_json::from_str(json).map_err(|e| Refusal::new(NotAMove { game: A::TITLE, why: e.to_string() }))
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("actions and states serialize")
}

impl<A: Adapter> Kind for Registered<A> {
    fn kind(&self) -> &'static str {
        A::KIND
    }

    fn title(&self) -> &'static str {
        A::TITLE
    }

    fn players(&self) -> RangeInclusive<usize> {
        A::PLAYERS
    }

    fn hands(&self) -> bool {
        A::HANDS
    }

    fn chart(&self) -> &'static str {
        A::CHART
    }

    fn check(&self, json: &str) -> Result<(), String> {
        A::check(&options::<A>(json)?)
    }

    fn start(&self, json: &str, seed: u64, players: usize) -> Result<Box<dyn Play>, String> {
        Ok(Box::new(Playing::<A>(A::start(&options::<A>(json)?, seed, players)?)))
    }

    fn restore(&self, snapshot: &str) -> Result<Box<dyn Play>, String> {
        Ok(Box::new(Playing::<A>(serde_json::from_str(snapshot).map_err(|e| e.to_string())?)))
    }

    fn export(&self, json: &str, seed: u64, names: &[String], moves: &[(Seat, String)]) -> Result<String, String> {
        let moves = moves
            .iter()
            .map(|(seat, m)| Ok((*seat, action::<A>(m).map_err(|e| e.to_string())?)))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(A::export(&options::<A>(json)?, seed, names, &moves))
    }

    fn example_png(&self) -> Vec<u8> {
        A::example_png()
    }
}

impl<A: Adapter> Playing<A> {
    fn reports<'a>(recent: &'a [&Reported]) -> Vec<&'a ReportOf<A>> {
        recent.iter().filter_map(|r| r.report.downcast_ref::<ReportOf<A>>()).collect()
    }
}

impl<A: Adapter> Play for Playing<A> {
    fn due(&self) -> Due {
        self.0.due()
    }

    fn apply(&mut self, seat: Seat, json: &str, names: &[String]) -> Result<Reported, Refusal> {
        let report = self.0.apply(seat, &action::<A>(json)?).map_err(Refusal::new)?;
        Ok(Reported { seat, line: A::describe(&self.0, &report, names), report: Arc::new(report) })
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        self.0.legal_actions(seat).iter().map(json).collect()
    }

    fn choose(&self, seat: Seat, player: Player, seed: u64) -> Vec<String> {
        player.turn(&self.0, seat, seed).iter().map(json).collect()
    }

    fn pictured(&self, played: &Reported) -> bool {
        played.report.downcast_ref::<ReportOf<A>>().is_none_or(A::pictured)
    }

    fn timeout(&self, seat: Seat, pledged: Option<&str>) -> Vec<String> {
        A::timeout(&self.0, seat, pledged).iter().map(json).collect()
    }

    fn pledges(&self, seat: Seat) -> bool {
        A::pledges(&self.0, seat)
    }

    fn automatic(&self, seat: Seat) -> Option<String> {
        A::automatic(&self.0, seat).as_ref().map(json)
    }

    fn is_choice(&self, seat: Seat) -> bool {
        A::is_choice(&self.0, seat)
    }

    fn not_due(&self, seat: Seat) -> Option<String> {
        A::not_due(&self.0, seat)
    }

    fn resignation(&self, seat: Seat) -> Option<String> {
        A::resignation(&self.0, seat).as_ref().map(json)
    }

    fn snapshot(&self) -> String {
        json(&self.0)
    }

    fn view(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(self.0.view(viewer)).expect("views serialize")
    }

    fn scores(&self) -> Vec<u32> {
        A::scores(&self.0)
    }

    fn chart(&self) -> Vec<Option<f64>> {
        A::chart(&self.0)
    }

    fn standing(&self, seat: Seat) -> String {
        A::standing(&self.0, seat)
    }

    fn winners(&self, standing: SeatSet) -> SeatSet {
        A::winners(&self.0, standing)
    }

    fn choices(&self, seat: Seat, path: &[&str]) -> Option<Choice<String>> {
        // Each value of the path must be one its menu offers now, and only the last may complete the move.
        for (i, value) in path.iter().enumerate() {
            match A::choices(&self.0, seat, &path[..i]) {
                Choice::Menu { options, .. } if options.iter().any(|o| o.value == *value) => {}
                _ => return None,
            }
        }
        Some(match A::choices(&self.0, seat, path) {
            Choice::Menu { prompt, options } => Choice::Menu { prompt, options },
            Choice::Done(actions) => Choice::Done(actions.iter().map(json).collect()),
        })
    }

    fn board_png(&self, names: &[String], recent: &[&Reported]) -> Vec<u8> {
        A::board_png(&self.0, names, &Self::reports(recent))
    }

    fn preview_png(&self, names: &[String], seat: Seat, actions: &[String]) -> Result<Vec<u8>, Refusal> {
        let actions = actions.iter().map(|a| action::<A>(a)).collect::<Result<Vec<_>, _>>()?;
        A::preview_png(&self.0, names, seat, &actions).map_err(Refusal::new)
    }

    fn private_png(&self, names: &[String], seat: Seat) -> Option<Vec<u8>> {
        A::private_png(&self.0, names, seat)
    }

    fn result_png(&self, names: &[String], winners: SeatSet) -> Vec<u8> {
        A::result_png(&self.0, names, winners)
    }

    fn boxed(&self) -> Box<dyn Play> {
        Box::new(Playing::<A>(self.0.clone()))
    }

    fn same_as(&self, other: &dyn Play) -> bool {
        other.as_any().downcast_ref::<Playing<A>>().is_some_and(|o| o.0 == self.0)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl dyn Play {
    /// The typed game, when it is a `G` (for tests and game-specific commands).
    pub fn state<G: Registration>(&self) -> Option<&G> {
        // Every registered game is a `Playing<A>`; its first field is the game.
        self.as_any().downcast_ref::<PlayingOf<G>>().map(|p| &p.0)
    }
}

/// The game inside a [`Playing`], seen through its type alone.
type PlayingOf<G> = Playing<<G as Registration>::Adapter>;

/// The adapter a rules type is played through: one per game, so that a typed state can be read back.
pub trait Registration: Game {
    type Adapter: Adapter<Game = Self>;
}
