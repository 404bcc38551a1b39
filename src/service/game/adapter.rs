//! The seam between the platform and a game: the typed [`Adapter`] a game implements (its rules' [`Game`], its
//! options, how it is set up, what a time-out or a resignation does, its words and pictures, its menus of choices).
//! The registry ([`crate::games!`]) closes the set of adapters into [`crate::service::game::any`]'s enums, through which the rest
//! of the platform reaches every game.

use crate::ai::Knowledge;
use crate::language::{Lang, Text};
use crate::pictures::{Palette, Picture, Reader};
use crate::ratings::{Model, Ranking};
use crate::rules::record::GameRecord;
use crate::rules::{Game, Seat, SeatSet, Viewer};
use crate::text;
use render::canvas::Canvas;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;
use std::ops::RangeInclusive;

/// A move's type for game `A`.
pub type ActionOf<A> = <<A as Adapter>::Game as Game>::Action;
/// What a move of game `A` did.
pub type ReportOf<A> = <<A as Adapter>::Game as Game>::Report;
/// What a viewer may see of game `A`.
pub type ViewOf<A> = <<A as Adapter>::Game as Game>::View;
/// The rules' refusal of an action of game `A`.
pub type ErrorOf<A> = <<A as Adapter>::Game as Game>::Error;
/// A refusal of game `A`'s rules with the game as it was when refused and the action refused (its words name what
/// that game shows, and what may be done there instead).
pub type Refusal<A> = Box<(<A as Adapter>::Game, ActionOf<A>, ErrorOf<A>)>;

/// The next step of choosing a move with clicks: a menu, or the whole move (one action or several, e.g. Contrées'
/// two lands of a turn).
#[derive(Debug, Clone, PartialEq)]
pub enum Choice<A> {
    Menu { prompt: Text, options: Vec<Opt> },
    Done(Vec<A>),
}

impl<A> Choice<A> {
    /// No menu: nothing to choose now.
    pub fn nothing() -> Choice<A> {
        Choice::Menu { prompt: text!("menu-nothing"), options: Vec::new() }
    }
}

/// One option of a menu: what it says and the value it stands for (both at most 100 characters, Discord's limit).
#[derive(Debug, Clone, PartialEq)]
pub struct Opt {
    pub label: Text,
    pub value: String,
}

impl Opt {
    pub fn new(label: Text, value: impl Into<String>) -> Opt {
        Opt { label, value: value.into() }
    }
}

/// A game's own command as its player typed it: its name (`play`, `lay`, `program`) and its options by name, each
/// as typed (an option left out, or left empty, is absent). Typed commands, autocomplete and menus are built into
/// moves by the game's adapter alone ([`Adapter::typed`], [`Adapter::complete`], [`Adapter::choices`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Typed {
    /// The game whose command it is (typed in another game's thread, it is refused).
    pub kind: super::Kind,
    pub command: String,
    options: std::collections::BTreeMap<String, String>,
}

impl Typed {
    pub fn new(kind: super::Kind, command: &str) -> Typed {
        Typed { kind, command: command.to_string(), options: Default::default() }
    }

    /// With `name` typed as `value` (left out when empty).
    pub fn with(mut self, name: &str, value: Option<impl ToString>) -> Typed {
        if let Some(value) = value.map(|v| v.to_string()).filter(|v| !v.trim().is_empty()) {
            self.options.insert(name.to_string(), value);
        }
        self
    }

    /// What was typed for `name`, if anything.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }
}

/// Why a typed command is no move: what was typed does not read (no such card, no label on the board) in words for
/// the player, or the move it reads as breaks a rule (refused in the game's words, as a move played).
#[derive(Debug, Clone, PartialEq)]
pub enum Unread<E> {
    Words(Text),
    Rule(E),
}

/// A seat's player's name for a line in the thread ("?" for a seat the names do not cover).
pub fn seat_name(names: &[String], seat: Seat) -> &str {
    names.get(usize::from(seat)).map_or("?", String::as_str)
}

/// Whom a move's words speak to, and when: the thread, after it ("ana played 4-5-6-7 …"); its player, after it
/// ("You played 4-5-6-7 …"); its player, before confirming it ("Play 4-5-6-7 …?"). Each voice has messages of its
/// own ([`Voice::id`]): a stored thread line names the thread's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voice {
    Thread,
    Done,
    Proposed,
}

impl Voice {
    /// The message `id` (the thread's) in this voice: `id`, `id-done` or `id-proposed`.
    pub fn id(self, id: &str) -> String {
        match self {
            Voice::Thread => id.to_string(),
            Voice::Done => format!("{id}-done"),
            Voice::Proposed => format!("{id}-proposed"),
        }
    }
}

/// Options a menu holds (Discord's limit): beyond that a choice takes two steps.
pub const MENU_OPTIONS: usize = 25;

/// One choice among `options` from the front of `path`, by pages of [`MENU_OPTIONS`] when there are more: `Err` is
/// the menu to show, `Ok` the value chosen and the rest of the path. Pages are named by their first and last labels.
pub fn paged<'p, A>(
    prompt: Text,
    options: Vec<Opt>,
    path: &'p [&'p str],
) -> Result<(&'p str, &'p [&'p str]), Choice<A>> {
    let menu = |prompt: Text, options: Vec<Opt>| Choice::Menu { prompt, options };
    if options.len() <= MENU_OPTIONS {
        return match path.split_first() {
            Some((value, rest)) => Ok((value, rest)),
            None => Err(menu(prompt, options)),
        };
    }
    let pages: Vec<&[Opt]> = options.chunks(MENU_OPTIONS).collect();
    let Some((page, rest)) = path.split_first() else {
        let names = pages.iter().enumerate().map(|(i, p)| {
            let (first, last) = (p[0].label.clone(), p[p.len() - 1].label.clone());
            Opt::new(text!("menu-page", first = first, last = last), format!("page{}", i + 1))
        });
        return Err(menu(text!("menu-first-the-page", prompt = prompt), names.collect()));
    };
    let chosen =
        page.strip_prefix("page").and_then(|n| n.parse::<usize>().ok()).and_then(|n| pages.get(n.wrapping_sub(1)));
    match (chosen, rest.split_first()) {
        (Some(_), Some((value, rest))) => Ok((value, rest)),
        (Some(p), None) => Err(menu(prompt, p.to_vec())),
        (None, _) => Err(menu(prompt, Vec::new())),
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

/// A game as one viewer sees it: all that can be had from it is that viewer's view, built when asked for (words that
/// need nothing of the game, such as Meridian's, never build one). Its game is private to this module.
pub struct Seen<'a, G: Game> {
    game: &'a G,
    viewer: Viewer,
}

impl<'a, G: Game> Seen<'a, G> {
    pub fn new(game: &'a G, viewer: Viewer) -> Seen<'a, G> {
        Seen { game, viewer }
    }

    pub fn view(&self) -> G::View {
        self.game.view(self.viewer)
    }
}

/// One game on the platform, typed.
pub trait Adapter: Send + Sync + 'static {
    /// The rules, and what computer players know of them ([`crate::ai`]).
    type Game: Game + Knowledge + Serialize + DeserializeOwned + PartialEq;
    /// The game's own options; the turn clock's (`turn_limit_days`, `reminder_hours`) sit beside them in the same
    /// stored JSON object and are read by the platform ([`crate::service::TurnClock`]).
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync;
    /// Its record (record.md), for `replay`.
    type Record: GameRecord<Game = Self::Game>;
    /// Why the game refuses options a player chose (a board that does not read).
    type OptionsError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// `games.kind` and the record's `game`.
    const KIND: &'static str;
    /// The game's name for players.
    const TITLE: &'static str;
    const PLAYERS: RangeInclusive<usize>;
    /// Whether each player holds something only they see (a hand), sent to every player when the game starts.
    const HANDS: bool = false;
    /// Whether its players take turns one at a time, numbered in the thread and in their notes (a turn: one seat's
    /// moves in a row); Dragon Delta's rounds, programmed together, are not.
    const NUMBERED_TURNS: bool = true;
    /// How its finished games are rated ([`crate::ratings`]): the model, and how its end ranks the players.
    const RATING: (Model, Ranking) = (Model::WengLin, Ranking::WinLoss);

    /// Why the game refuses options, in words for the player.
    fn options_refusal(error: &Self::OptionsError) -> Text;

    /// Checks options a player chose.
    fn check(_options: &Self::Options) -> Result<(), Self::OptionsError> {
        Ok(())
    }

    /// The game before any move, `players` seated (a count within [`Adapter::PLAYERS`]), chance drawn from `seed`.
    fn start(options: &Self::Options, seed: u64, players: usize) -> Result<Self::Game, Self::OptionsError>;

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

    /// Why `seat`, which is not due now, cannot act, in words to its player (`seen` as it sees the game), when that
    /// says more than whose turn it is (Dragon Delta: its programme for the round is laid while others still choose
    /// theirs).
    fn not_due(_seen: &Seen<'_, Self::Game>, _seat: Seat) -> Option<Text> {
        None
    }

    /// Whether `seat` is due for a choice within a turn (Dragon Delta's resolution) rather than a turn of its own:
    /// choices have their own, shorter limit ([`crate::service::TurnClock::choice_limit_hours`]).
    fn is_choice(_game: &Self::Game, _seat: Seat) -> bool {
        false
    }

    /// The action that resigns `seat` in the game's own record, for games whose rules know resigning (it ends
    /// Contrées). `None`: the platform marks the seat resigned and plays its turns with [`Adapter::timeout`].
    fn resignation(_game: &Self::Game, _seat: Seat) -> Option<ActionOf<Self>> {
        None
    }

    /// Plays `seat`'s action on `game` for a preview (on error nothing changes): as the rules play it, unless what
    /// follows by itself would show what its player may not see yet (Dragon Delta turns over the next cards).
    fn preview(game: &mut Self::Game, seat: Seat, action: &ActionOf<Self>) -> Result<ReportOf<Self>, ErrorOf<Self>> {
        game.apply(seat, action)
    }

    /// The rule `seat`'s `action` broke on `game`, in words for its player (naming what the board shows, such as
    /// Contrées' labels, rather than coordinates), and a way out: what they may do now, with the command to use or
    /// the values at hand, enumerated from the rules' legal moves. Said to that player alone, so it may name their
    /// own hand, never another's.
    fn refusal(game: &Self::Game, seat: Seat, action: &ActionOf<Self>, error: &ErrorOf<Self>) -> Text;

    /// A move in words in `voice`, e.g. "ana placed a tower at B3" for the thread, told from the game just after it
    /// as everyone sees it: never a secret.
    fn describe(seen: &Seen<'_, Self::Game>, report: &ReportOf<Self>, names: &[String], voice: Voice) -> Text;

    /// Whether a move changes what the board shows, so that the thread gets a new picture (and the players due a
    /// mention); a move that does not (Dragon Delta's programme laid before the last) is said in words only.
    fn pictured(_report: &ReportOf<Self>) -> bool {
        true
    }

    /// Each seat's score now, in seat order.
    fn scores(game: &Self::Game) -> Vec<u32>;

    /// What the game's web page charts for each seat over the moves (a message of the catalogues): the score by
    /// default.
    const CHART: &'static str = "chart-points";

    /// Each seat's charted value now, in seat order (`None` for a seat that has none, such as a pawn out of the
    /// river). Public, like the board.
    fn chart(game: &Self::Game) -> Vec<Option<f64>> {
        Self::scores(game).into_iter().map(|s| Some(f64::from(s))).collect()
    }

    /// Each seat's colour as the game's pictures draw it in `palette`, in seat order, for the page to name them in: the seat's
    /// colour by default.
    fn colours(game: &Self::Game, palette: Palette) -> Vec<render::canvas::Rgba> {
        (0..Self::scores(game).len()).map(|seat| palette.seat(seat as Seat).0).collect()
    }

    /// A seat's standing in words, from the public view: "12 points, 5 floors in reserve".
    fn standing(view: &ViewOf<Self>, seat: Seat) -> Text;

    /// Who wins (or would win now) among the seats `remaining` (not resigned).
    fn winners(game: &Self::Game, remaining: SeatSet) -> SeatSet;

    /// The step of choosing a move with clicks after the values `path` (each one of its menu's values).
    fn choices(game: &Self::Game, seat: Seat, path: &[&str]) -> Choice<ActionOf<Self>>;

    /// The move a typed command of the game asks for, read on the game as it stands (`seat` may not be due: words
    /// that read as no move are told first, a rule broken only once it is due); the rules then judge it as any move.
    /// A rule broken while reading (Contrées' second land is read once the first is laid) comes back with the game
    /// it was broken in, for its words.
    fn typed(game: &Self::Game, seat: Seat, typed: &Typed) -> Result<Vec<ActionOf<Self>>, Unread<Refusal<Self>>>;

    /// The values autocomplete offers for the option `option` of a typed command, `typed` holding what is typed so
    /// far (the option's own partial value included): legal values only, agreeing with the other options.
    fn complete(game: &Self::Game, seat: Seat, typed: &Typed, option: &str) -> Vec<Opt>;

    // Pictures are drawn from a viewer's view, never from the game: what they show is by type what that viewer may
    // see. Reports are public (a game's rules keep secrets out of them). They are drawn for `reader`: its language's
    // words, its palette's colours. Each picture's alt text is said from the same view (`pictures::words`), so it
    // holds no more than the picture shows.

    /// The public board (`view` is the public view) with the moves `recent` pointed out, drawn (a frame of an
    /// animation).
    fn board_canvas(view: &ViewOf<Self>, names: &[String], recent: &[&ReportOf<Self>], reader: Reader) -> Canvas;

    /// [`Self::board_canvas`] as a PNG.
    fn board_png(view: &ViewOf<Self>, names: &[String], recent: &[&ReportOf<Self>], reader: Reader) -> Vec<u8> {
        Self::board_canvas(view, names, recent, reader).png()
    }

    /// The public board's alt text: the position in short.
    fn board_alt(view: &ViewOf<Self>, names: &[String], lang: Lang) -> String;

    /// The public board, with its alt text.
    fn board_picture(view: &ViewOf<Self>, names: &[String], recent: &[&ReportOf<Self>], reader: Reader) -> Picture {
        Picture { image: Self::board_png(view, names, recent, reader), alt: Self::board_alt(view, names, reader.lang) }
    }

    /// The board once `seat` plays its move, for a confirm step: `before` and `after` are the seat's views around
    /// the move, `played` what its actions did.
    fn preview_picture(
        before: &ViewOf<Self>,
        after: &ViewOf<Self>,
        names: &[String],
        seat: Seat,
        played: &[&ReportOf<Self>],
        reader: Reader,
    ) -> Picture;

    /// What only `seat` may see (a hand), from its own view, if the game hides anything.
    fn private_picture(_view: &ViewOf<Self>, _names: &[String], _seat: Seat, _reader: Reader) -> Option<Picture> {
        None
    }

    /// The final picture, from the public view.
    fn result_picture(view: &ViewOf<Self>, names: &[String], winners: SeatSet, reader: Reader) -> Picture;

    /// An example position for the rules summary.
    fn example_picture(reader: Reader) -> Picture;

    /// The whole position in words, one line per island, land or pawn (`view` is the public view).
    fn position_words(view: &ViewOf<Self>, names: &[String], lang: Lang) -> Vec<String>;

    /// What only `seat` may see in words, from its own view, if the game hides anything (as [`Self::private_picture`]).
    fn hand_words(_view: &ViewOf<Self>, _names: &[String], _seat: Seat, _lang: Lang) -> Option<Vec<String>> {
        None
    }

    /// The game's record (record.md), once it is over: every secret may be told.
    fn export(options: &Self::Options, seed: u64, names: &[String], moves: &[(Seat, ActionOf<Self>)]) -> String;
}
