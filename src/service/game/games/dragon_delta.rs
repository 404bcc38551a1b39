//! Dragon Delta on the platform: set-up (the standard river, the statue with a random seat), programmes chosen card
//! by card, each action's outcomes offered by label, words for the thread, pictures and the record.
//!
//! Time-outs (stated in `/delta rules`): a programme not laid in time is the first five actions in card order
//! (`stone, stones-2, plank, planks-2, take`); a choice not made in time is the first option of each of its menus,
//! which list labels lowest first (islands by number, planks by size, places in support order). An action with
//! exactly one possible outcome is played at once, without asking. Resigning is the record's `{"resign": true}`.
//!
//! « À vue de nez » (dragon-delta.md §4.3): a plank is chosen from the reserve by its size alone; where it fits is
//! offered only once it is chosen, and a plank that fits nowhere is lost. The choice is final ([`Adapter::pledges`]):
//! Back, a fresh menu or a time-out cannot swap it for another plank once its places have been seen.

use crate::language::{as_typed, Arg, Lang, List, Text};
use crate::pictures::dragon_delta::{self as pictures, ends_words};
use crate::pictures::words::dragon_delta::{self as words, card_name, colour_words, place_words};
use crate::pictures::{Palette, Picture, Reader};
use crate::rules::dragon_delta::action::Taken;
use crate::rules::dragon_delta::board::BoardSpec;
use crate::rules::dragon_delta::card::{check_programme_so_far, Card, ProgrammeError, PROGRAMME};
use crate::rules::dragon_delta::colour::Colour;
use crate::rules::dragon_delta::label;
use crate::rules::dragon_delta::place::Place;
use crate::rules::dragon_delta::record::Tag;
use crate::rules::dragon_delta::{Action, Board, DragonDelta, Event, Move, MoveError, Played, Record, View};
use crate::rules::seed::Shuffler;
use crate::rules::{Game, Seat, SeatSet, Viewer};
use crate::service::game::adapter::{
    paged, seat_name, Adapter, Choice, Opt, Refusal, Seen, Typed, Unread, Voice, MENU_OPTIONS,
};
use crate::service::TurnClock;
use crate::text;
use render::canvas::Canvas;
use serde::{Deserialize, Serialize};
use std::cell::LazyCell;

/// Options chosen when a lobby opens: the clock only (the turn limit is the programme's, the choice limit each
/// choice's).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    #[serde(flatten)]
    pub clock: TurnClock,
}

/// Dragon Delta's adapter.
pub struct DragonDeltaGame;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;
const STANDARD: &str = "standard";

/// The statue's first holder in a game dealt from `seed`: a random seat **[digital]**.
fn first_statue(seed: u64, players: usize) -> Seat {
    Shuffler::new(seed).below(players as u64) as Seat
}

/// What a card does, for the programme menus.
fn card_words(card: Card) -> Text {
    match card {
        Card::Dragon(c) => text!("dd-does-dragon", colour = colour_words(c)),
        card => text!("dd-does", card = card.to_string()),
    }
}

/// The cards of `seat`'s programme this round as its own view holds them (none before it is laid), while it plays
/// on: its hand's picture and words show them.
fn own_programme(view: &View, seat: Seat) -> Option<&[Card]> {
    let player = &view.players[usize::from(seat)];
    let playing = !view.finished && !player.resigned;
    playing.then(|| player.programme.as_ref().map_or(&[][..], |p| &p[..]))
}

/// `seat`'s programme picture, `chosen` its cards so far, from its own view.
fn programme_picture(view: &View, names: &[String], seat: Seat, chosen: &[Card], reader: Reader) -> Picture {
    let png = render::dragon_delta::programme_png(&pictures::programme(view, names, seat, chosen, reader), &reader);
    Picture { image: png, alt: crate::pictures::words::alt(&words::hand(view, names, seat, chosen, reader.lang)) }
}

/// The programme menus: card after card, each card the rules let follow those chosen (a programme being chosen
/// holds distinct cards of the hand, at most one dragon).
fn programme_choice(game: &DragonDelta, seat: Seat, path: &[&str]) -> Choice<Action> {
    let chosen: Vec<Card> = path.iter().filter_map(|c| c.parse().ok()).collect();
    if chosen.len() == PROGRAMME {
        let program: [Card; PROGRAMME] = chosen.try_into().expect("five cards");
        return Choice::Done(vec![Action::Program { program }]);
    }
    let options = next_cards(game, seat, &chosen)
        .into_iter()
        .map(|c| Opt::new(text!("dd-card-option", card = card_name(c), does = card_words(c)), c.to_string()))
        .collect();
    let (number, of) = (chosen.len() + 1, PROGRAMME);
    let prompt = match chosen.is_empty() {
        true => text!("dd-programme-card", number = number, of = of),
        false => {
            let so_far: Vec<Arg> = chosen.iter().map(|&c| card_name(c).into()).collect();
            text!("dd-programme-card-after", number = number, of = of, after = List::Commas(so_far))
        }
    };
    Choice::Menu { prompt, options }
}

/// The cards of `seat`'s hand that may follow `chosen` in its programme, as the rules say.
fn next_cards(game: &DragonDelta, seat: Seat, chosen: &[Card]) -> Vec<Card> {
    let hand = game.hand(seat);
    let follows = |c: &Card| check_programme_so_far(&[chosen, &[*c]].concat(), &hand).is_ok();
    hand.iter().copied().filter(follows).collect()
}

/// The cards of a typed programme: names separated by spaces or commas.
fn words(text: &str) -> Vec<&str> {
    text.split([' ', ',']).filter(|w| !w.is_empty()).collect()
}

/// A typed programme, `/delta program cards`: five card names in order; the rules judge it when laid.
fn typed_programme(typed: &Typed) -> Result<Action, Text> {
    let cards = words(typed.get("cards").unwrap_or_default())
        .into_iter()
        .map(|w| w.to_lowercase().parse::<Card>().map_err(|_| text!("dd-unknown-card", card = as_typed(w))))
        .collect::<Result<Vec<Card>, Text>>()?;
    let program: [Card; PROGRAMME] =
        cards.try_into().map_err(|cards: Vec<Card>| text!("dd-programme-length", count = cards.len()))?;
    Ok(Action::Program { program })
}

/// The programmes typed so far, completed by each card that may follow (as the menus offer them): the last word
/// may be half typed, and is completed unless it is a whole card followed by a separator.
fn completions(game: &DragonDelta, seat: Seat, typed: &Typed) -> Vec<Opt> {
    let partial = typed.get("cards").unwrap_or_default();
    let typed = words(partial);
    let (done, half) = match typed.split_last() {
        Some((last, rest)) if !partial.ends_with([' ', ',']) => (rest.to_vec(), last.to_lowercase()),
        _ => (typed.clone(), String::new()),
    };
    let Some(chosen) = done.iter().map(|w| w.to_lowercase().parse::<Card>().ok()).collect::<Option<Vec<Card>>>() else {
        return Vec::new();
    };
    let prefix: String = done.iter().map(|w| format!("{w} ")).collect();
    let next = next_cards(game, seat, &chosen).into_iter().map(|c| c.to_string()).filter(|c| c.starts_with(&half));
    next.take(MENU_OPTIONS).map(|c| Opt::new(Text::Said(format!("{prefix}{c}")), format!("{prefix}{c}"))).collect()
}

/// A place as a menu option: its words (the goal said so) and its label as the value.
fn place_option(place: Place, goal: Place) -> Opt {
    let words = place_words(place);
    let label = if place == goal { text!("dd-your-goal", place = words) } else { words };
    Opt::new(label, label::place(place))
}

/// The menus of the action `seat` must carry out now: each outcome by label, a plank by size before its place.
fn action_choice(game: &DragonDelta, seat: Seat, card: Card, path: &[&str]) -> Choice<Action> {
    let outcomes = game.outcomes(seat, card);
    match card {
        Card::Stone | Card::Stones2 => stone_choice(&outcomes, path),
        Card::Plank | Card::Planks2 => plank_choice(game, seat, &outcomes, path),
        Card::Take => take_choice(game, &outcomes, path),
        Card::Move | Card::Jump | Card::Move2 => move_choice(game, seat, card, &outcomes, path),
        Card::Dragon(_) => Choice::nothing(),
    }
}

/// The whole move, once chosen (nothing when the path chose no outcome).
fn done(action: Option<&Action>) -> Choice<Action> {
    action.map_or_else(Choice::nothing, |a| Choice::Done(vec![a.clone()]))
}

/// An island for a stone.
fn stone_choice(outcomes: &[Action], path: &[&str]) -> Choice<Action> {
    let options = outcomes
        .iter()
        .filter_map(|a| match a {
            Action::Stone { stone } => Some(Opt::new(text!("dd-island", island = *stone), stone.to_string())),
            _ => None,
        })
        .collect();
    match paged(text!("dd-choose-island"), options, path) {
        Err(menu) => menu,
        Ok((value, _)) => {
            done(outcomes.iter().find(|a| matches!(a, Action::Stone { stone } if stone.to_string() == value)))
        }
    }
}

/// A plank of the reserve by size (final once chosen), then where it fits; lost when it fits nowhere.
fn plank_choice(game: &DragonDelta, seat: Seat, outcomes: &[Action], path: &[&str]) -> Choice<Action> {
    let reserve = &game.reserves()[usize::from(seat)];
    let sizes = reserve.iter().map(|p| {
        Opt::new(text!("dd-plank-option", size = p.size, colour = colour_words(p.colour)), p.size.to_string())
    });
    let Some((size, rest)) = path.split_first() else {
        return Choice::Menu { prompt: text!("dd-choose-plank"), options: sizes.collect() };
    };
    let fits: Vec<&Action> =
        outcomes.iter().filter(|a| matches!(a, Action::Plank { plank, .. } if plank.to_string() == *size)).collect();
    if let [lost @ Action::Plank { between: None, .. }] = fits[..] {
        return Choice::Done(vec![lost.clone()]);
    }
    let options = fits
        .iter()
        .filter_map(|a| match a {
            Action::Plank { between: Some(e), .. } => {
                Some(Opt::new(text!("dd-between", ends = ends_words(*e)), label::ends(*e)))
            }
            _ => None,
        })
        .collect();
    match paged(text!("dd-choose-where-plank", size = *size), options, rest) {
        Err(menu) => menu,
        Ok((value, _)) => done(
            fits.into_iter().find(|a| matches!(a, Action::Plank { between: Some(e), .. } if label::ends(*e) == value)),
        ),
    }
}

/// A plank or a stone to take off the board.
fn take_choice(game: &DragonDelta, outcomes: &[Action], path: &[&str]) -> Choice<Action> {
    let option = |a: &Action| match a {
        Action::Take { take: Taken::Plank(e) } => {
            let piece = game.planks().iter().find(|l| l.ends == *e).map(|l| l.piece);
            let words = ends_words(*e);
            let label = match piece {
                Some(p) => text!("dd-take-plank-piece", ends = words, colour = colour_words(p.colour), size = p.size),
                None => text!("dd-take-plank", ends = words),
            };
            Opt::new(label, label::ends(*e))
        }
        Action::Take { take: Taken::Stone(n) } => Opt::new(text!("dd-take-stone", island = *n), n.to_string()),
        _ => Opt::new(Text::Said("?".into()), "?"),
    };
    match paged(text!("dd-choose-take"), outcomes.iter().map(option).collect(), path) {
        Err(menu) => menu,
        Ok((value, _)) => done(outcomes.iter().find(|a| option(a).value == value)),
    }
}

/// Where the pawn goes: one place, or for `move-2` the first step and then the second.
fn move_choice(game: &DragonDelta, seat: Seat, card: Card, outcomes: &[Action], path: &[&str]) -> Choice<Action> {
    let goal = Place::Village(game.colour(seat).goal());
    let step = |i: usize| {
        move |a: &Action| match a {
            Action::To { to } => to.get(i).copied(),
            _ => None,
        }
    };
    let mut firsts: Vec<Place> = outcomes.iter().filter_map(step(0)).collect();
    firsts.dedup();
    let prompt = match card {
        Card::Jump => text!("dd-choose-landing"),
        Card::Move2 => text!("dd-choose-first-step"),
        _ => text!("dd-choose-where"),
    };
    let options = firsts.iter().map(|&p| place_option(p, goal)).collect();
    let (value, rest) = match paged(prompt, options, path) {
        Err(menu) => return menu,
        Ok(chosen) => chosen,
    };
    let after: Vec<&Action> =
        outcomes.iter().filter(|a| step(0)(a).is_some_and(|p| label::place(p) == value)).collect();
    if let [only @ Action::To { to }] = after[..] {
        if to.len() == 1 {
            return Choice::Done(vec![only.clone()]);
        }
    }
    let options = after.iter().filter_map(|a| step(1)(a)).map(|p| place_option(p, goal)).collect();
    let from = firsts
        .iter()
        .find(|&&p| label::place(p) == value)
        .map_or_else(|| Text::Said(value.into()), |&p| place_words(p));
    match paged(text!("dd-choose-second-step", from = from), options, rest) {
        Err(menu) => menu,
        Ok((value, _)) => done(after.into_iter().find(|a| step(1)(a).is_some_and(|p| label::place(p) == value))),
    }
}

/// The step of choosing `seat`'s move after `path`.
fn choices(game: &DragonDelta, seat: Seat, path: &[&str]) -> Choice<Action> {
    if game.programming().contains(seat) {
        return programme_choice(game, seat, path);
    }
    match game.awaiting() {
        Some((due, card)) if due == seat => action_choice(game, seat, card, path),
        _ => Choice::nothing(),
    }
}

/// The move the menus reach from `path` by taking the first option of each: the lowest labels.
fn first_options(game: &DragonDelta, seat: Seat, path: &[&str]) -> Option<Action> {
    let mut path: Vec<String> = path.iter().map(|v| v.to_string()).collect();
    loop {
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        match choices(game, seat, &refs) {
            Choice::Done(actions) => return actions.into_iter().next(),
            Choice::Menu { options, .. } => path.push(options.into_iter().next()?.value),
        }
    }
}

/// The events after an action, in words (`colour` gives a seat's colour).
fn event_words(event: &Event, names: &[String], colour: impl Fn(Seat) -> Colour) -> Text {
    match event {
        Event::Revealed { position, cards } => {
            let cards =
                cards.iter().map(|(s, c)| text!("dd-revealed-card", who = seat_name(names, *s), card = card_name(*c)));
            let cards: Vec<Arg> = cards.map(Arg::from).collect();
            text!("dd-revealed", position = *position, cards = List::Commas(cards))
        }
        Event::Cancelled { seat, card } => {
            text!("dd-cancelled", who = seat_name(names, *seat), card = card_name(*card))
        }
        Event::Nothing { seat, card } => text!("dd-nothing", who = seat_name(names, *seat), card = card_name(*card)),
        Event::Fell { seat, card, .. } => text!(
            "dd-fell",
            who = seat_name(names, *seat),
            card = card_name(*card),
            village = place_words(Place::Village(colour(*seat)))
        ),
        Event::NewRound { round, statue } => text!("dd-new-round", round = *round, statue = seat_name(names, *statue)),
    }
}

fn describe(seen: &Seen<'_, DragonDelta>, played: &Played, names: &[String], voice: Voice) -> Text {
    // The public view (who won, a seat's colour), drawn only if the words need it.
    let view = LazyCell::new(|| seen.view());
    let colour = |seat: Seat| view.players[usize::from(seat)].colour;
    let who = seat_name(names, played.seat);
    let mut line = match &played.action {
        None | Some(Action::Program { .. }) => text!(&voice.id("dd-programmed"), who = who),
        Some(action) => action_words(who, played.card, action, voice),
    };
    if matches!(played.action, Some(Action::To { .. })) && view.winners.contains(&played.seat) {
        line = text!(&voice.id("dd-reached-goal"), line = line);
    }
    for event in &played.events {
        line = text!("dd-then-event", line = line, event = event_words(event, names, colour));
    }
    line
}

/// What `who` did with an action (of `card`), in words in `voice`.
fn action_words(who: &str, card: Option<Card>, action: &Action, voice: Voice) -> Text {
    let said = |id: &str| text!(&voice.id(id), who = who);
    match action {
        Action::Program { .. } => said("dd-programmed"),
        Action::Stone { stone } => said("dd-placed-stone").with("island", *stone),
        Action::Plank { plank, between: Some(e) } => {
            said("dd-laid-plank").with("size", *plank).with("ends", ends_words(*e))
        }
        Action::Plank { plank, between: None } => said("dd-plank-lost").with("size", *plank),
        Action::Take { take: Taken::Plank(e) } => said("dd-took-plank").with("ends", ends_words(*e)),
        Action::Take { take: Taken::Stone(n) } => said("dd-took-stone").with("island", *n),
        Action::To { to } => {
            let mut places = to.iter().map(|p| place_words(*p));
            let first = places.next().unwrap_or(Text::Said(String::new()));
            let places = places.fold(first, |so_far, next| text!("dd-then-place", first = so_far, then = next));
            said(if card == Some(Card::Jump) { "dd-jumped" } else { "dd-moved" }).with("places", places)
        }
        Action::Resign { .. } => said("dd-resigned"),
    }
}

/// The rule `seat`'s `action` broke, in words for its player, and a way out: the cards that may take a faulty card's
/// place in its programme, or the choice it is due for.
///
/// Not reachable by a player, so said without a way out: `GameOver`, `NoSuchSeat`, `Resigned`, `Programmed` and
/// `NotYourTurn` (the service refuses a finished game or a seat not due first, and says a programme laid already in
/// its own words), a programme's `Length` (a typed one of another length is refused in words first). `Programming`
/// and `Impossible` come of actions, which the menus offer possible only; their words still show the way.
fn refusal(game: &DragonDelta, seat: Seat, action: &Action, error: &MoveError) -> Text {
    use MoveError as E;
    let instead = || in_its_place(game, seat, action);
    match error {
        E::GameOver => text!("dd-refused-game-over"),
        E::NoSuchSeat(seat) => text!("dd-refused-no-seat", seat = *seat),
        E::Resigned(seat) => text!("dd-refused-resigned", seat = *seat),
        E::Programmed(seat) => text!("dd-refused-programmed", seat = *seat),
        E::NotYourTurn { seat, due } => text!("dd-refused-turn", seat = *seat, due = *due),
        E::Programme(ProgrammeError::Length(n)) => text!("dd-refused-programme-length", count = *n),
        E::Programming => text!("dd-refused-programming"),
        E::NotProgramming => text!("dd-refused-not-programming", way = due_choice(game, seat)),
        E::Programme(ProgrammeError::NotInHand(c)) => {
            text!("dd-refused-not-in-hand", card = card_name(*c), way = instead())
        }
        E::Programme(ProgrammeError::Twice(c)) => text!("dd-refused-twice", card = card_name(*c), way = instead()),
        E::Programme(ProgrammeError::TwoDragons) => text!("dd-refused-two-dragons", way = instead()),
        E::Impossible { card, .. } => {
            text!("dd-refused-impossible", card = card_name(*card), way = due_choice(game, seat))
        }
    }
}

/// The cards of `seat`'s hand that may take the place of a programme's first faulty card: those that may follow the
/// programme's cards the rules let stand (a card not in the hand, a card again or a second dragon left out).
fn in_its_place(game: &DragonDelta, seat: Seat, action: &Action) -> Text {
    let Action::Program { program } = action else { return text!("dd-way-menus") };
    let hand = game.hand(seat);
    let kept = program.iter().fold(Vec::new(), |mut kept, &card| {
        if check_programme_so_far(&[&kept[..], &[card]].concat(), &hand).is_ok() {
            kept.push(card);
        }
        kept
    });
    let cards = next_cards(game, seat, &kept).into_iter().map(|c| c.to_string());
    text!("dd-way-cards", cards = List::few(cards))
}

/// The choice `seat` is due for while the round's actions are carried out: its card's outcome, in its menus.
fn due_choice(game: &DragonDelta, seat: Seat) -> Text {
    match game.awaiting() {
        Some((due, card)) if due == seat => text!("dd-way-choice", card = card_name(card)),
        _ => text!("dd-way-menus"),
    }
}

impl Adapter for DragonDeltaGame {
    type Game = DragonDelta;
    type Options = Options;
    type Record = Record;
    type OptionsError = std::convert::Infallible;
    const KIND: &'static str = "dragon-delta";
    const TITLE: &'static str = "Dragon Delta";
    const PLAYERS: std::ops::RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;
    // Programmes are chosen together, round by round: no one's turn to number.
    const NUMBERED_TURNS: bool = false;

    fn start(_options: &Options, seed: u64, players: usize) -> Result<DragonDelta, Self::OptionsError> {
        // The platform seats only counts within `PLAYERS`, which are the counts the rules set up.
        Ok(DragonDelta::new(Board::standard(), players, first_statue(seed, players)).expect("2 to 6 players"))
    }

    /// A programme: the default one; a choice: the first option of each menu (after the plank pledged, if any), and
    /// for a `place 2` both.
    fn timeout(game: &DragonDelta, seat: Seat, pledged: Option<&str>) -> Vec<Action> {
        if game.programming().contains(seat) {
            return vec![Action::Program { program: Card::default_programme() }];
        }
        let Some(step) = game.awaiting().filter(|&(due, _)| due == seat) else { return Vec::new() };
        let mut after = game.clone();
        let mut out = Vec::new();
        while after.awaiting() == Some(step) && out.len() < 2 {
            let path: Vec<&str> = pledged.filter(|_| out.is_empty()).into_iter().collect();
            let Some(action) = first_options(&after, seat, &path) else { break };
            if after.play(seat, &action).is_err() {
                break;
            }
            out.push(action);
        }
        out
    }

    fn automatic(game: &DragonDelta, seat: Seat) -> Option<Action> {
        let (due, card) = game.awaiting().filter(|&(due, _)| due == seat)?;
        match &game.outcomes(due, card)[..] {
            [only] => Some(only.clone()),
            _ => None,
        }
    }

    /// A plank, chosen by size before its places are shown.
    fn pledges(game: &DragonDelta, seat: Seat) -> bool {
        game.awaiting().is_some_and(|(due, card)| due == seat && matches!(card, Card::Plank | Card::Planks2))
    }

    fn is_choice(game: &DragonDelta, seat: Seat) -> bool {
        game.awaiting().is_some_and(|(due, _)| due == seat)
    }

    fn options_refusal(error: &std::convert::Infallible) -> Text {
        match *error {}
    }

    fn refusal(game: &DragonDelta, seat: Seat, action: &Action, error: &MoveError) -> Text {
        refusal(game, seat, action, error)
    }

    fn not_due(seen: &Seen<'_, DragonDelta>, seat: Seat) -> Option<Text> {
        let view = seen.view();
        let laid = view.position == 0 && view.players[usize::from(seat)].laid && !view.finished;
        laid.then(|| text!("dd-programme-laid", round = view.round))
    }

    fn resignation(game: &DragonDelta, _seat: Seat) -> Option<Action> {
        (!game.is_over()).then_some(Action::RESIGN)
    }

    fn describe(seen: &Seen<'_, DragonDelta>, played: &Played, names: &[String], voice: Voice) -> Text {
        describe(seen, played, names, voice)
    }

    /// A programme laid while others are still choosing changes nothing anyone sees but a tick in the panel.
    fn pictured(played: &Played) -> bool {
        played.action.is_some() || !played.events.is_empty()
    }

    /// A race keeps no score.
    fn scores(_game: &DragonDelta) -> Vec<u32> {
        Vec::new()
    }

    /// A race keeps no score: its page charts each pawn's way left to the far village instead.
    const CHART: &'static str = "dd-chart";

    fn chart(game: &DragonDelta) -> Vec<Option<f64>> {
        (0..game.seats() as Seat).map(|s| game.way_left(s).map(|left| (100.0 * left).round())).collect()
    }

    /// Pawn colours, not seat colours: a player is the colour of their pawn.
    fn colours(game: &DragonDelta, palette: Palette) -> Vec<render::canvas::Rgba> {
        (0..game.seats() as Seat)
            .map(|seat| render::dragon_delta::hue(palette, game.colour(seat).index() as u8))
            .collect()
    }

    fn standing(view: &View, seat: Seat) -> Text {
        let Some(at) = view.pawns.iter().find(|p| p.seat == seat).and_then(|p| p.at) else {
            return text!("dd-standing-resigned");
        };
        let player = &view.players[usize::from(seat)];
        let colour = player.colour;
        let reserve: Vec<String> = player.reserve.iter().map(|p| p.size.to_string()).collect();
        let reserve = match reserve.is_empty() {
            true => text!("dd-reserve-empty"),
            false => text!("dd-reserve", planks = reserve.join(", ")),
        };
        let goal = place_words(Place::Village(colour.goal()));
        text!("dd-standing", colour = colour_words(colour), at = place_words(at), goal = goal, reserve = reserve)
    }

    fn winners(game: &DragonDelta, _remaining: SeatSet) -> SeatSet {
        game.winner().into_iter().collect()
    }

    /// Programming: card by card. Resolving: the outcomes of the awaited action by label (a plank by size first,
    /// a `move-2` step by step), by pages of 25 when there are more.
    fn choices(game: &DragonDelta, seat: Seat, path: &[&str]) -> Choice<Action> {
        choices(game, seat, path)
    }

    fn typed(_game: &DragonDelta, _seat: Seat, typed: &Typed) -> Result<Vec<Action>, Unread<Refusal<Self>>> {
        typed_programme(typed).map(|programme| vec![programme]).map_err(Unread::Words)
    }

    /// `cards`: while the seat programmes.
    fn complete(game: &DragonDelta, seat: Seat, typed: &Typed, option: &str) -> Vec<Opt> {
        match option == "cards" && game.programming().contains(seat) {
            true => completions(game, seat, typed),
            false => Vec::new(),
        }
    }

    fn board_canvas(view: &View, names: &[String], recent: &[&Played], reader: Reader) -> Canvas {
        render::dragon_delta::board_canvas(&pictures::board(view, names, recent, reader), &reader)
    }

    fn board_alt(view: &View, names: &[String], lang: Lang) -> String {
        words::alt(view, names, lang)
    }

    /// The action alone: the cards that follow it stay face down until it is played.
    fn preview(game: &mut DragonDelta, seat: Seat, action: &Action) -> Result<Played, MoveError> {
        game.play_alone(seat, action)
    }

    /// A programme: the programme picture with its five cards (the seat's own view holds them once laid); an
    /// action: the board after it.
    fn preview_picture(
        before: &View,
        after: &View,
        names: &[String],
        seat: Seat,
        played: &[&Played],
        reader: Reader,
    ) -> Picture {
        match after.players[usize::from(seat)].programme.filter(|_| played.iter().any(|p| p.action.is_none())) {
            Some(laid) => programme_picture(before, names, seat, &laid, reader),
            None => {
                let png = render::dragon_delta::board_png(&pictures::preview(after, names, played, reader), &reader);
                Picture { image: png, alt: Self::board_alt(after, names, reader.lang) }
            }
        }
    }

    /// The seat's hand and its programme this round (once laid), while the game goes on.
    fn private_picture(view: &View, names: &[String], seat: Seat, reader: Reader) -> Option<Picture> {
        let chosen = own_programme(view, seat)?;
        Some(programme_picture(view, names, seat, chosen, reader))
    }

    fn result_picture(view: &View, names: &[String], _winners: SeatSet, reader: Reader) -> Picture {
        Self::board_picture(view, names, &[], reader)
    }

    fn example_picture(reader: Reader) -> Picture {
        let (game, last) = pictures::example();
        let names = ["ana", "ben", "cy"].map(String::from);
        Self::board_picture(&game.view(Viewer::Public), &names, &Vec::from_iter(&last), reader)
    }

    fn position_words(view: &View, names: &[String], lang: Lang) -> Vec<String> {
        words::position(view, names, lang)
    }

    fn hand_words(view: &View, names: &[String], seat: Seat, lang: Lang) -> Option<Vec<String>> {
        Some(words::hand(view, names, seat, own_programme(view, seat)?, lang))
    }

    fn export(_options: &Options, seed: u64, names: &[String], moves: &[(Seat, Action)]) -> String {
        let record = Record {
            game: Tag::DragonDelta,
            players: names.to_vec(),
            board: BoardSpec::Name(STANDARD.into()),
            statue: first_statue(seed, names.len()),
            moves: moves.iter().map(|(seat, action)| Move { seat: *seat, action: action.clone() }).collect(),
            substitutions: Vec::new(),
        };
        serde_json::to_string_pretty(&record).expect("records serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::language::Lang;
    use crate::service::game::any::Listed;
    use crate::service::game::games::answers;
    use crate::service::game::Kind;

    #[test]
    fn typed_programmes_read_by_name_with_spaces_or_commas() {
        let typed = |cards: &str| typed_programme(&Typed::new(Kind::DragonDelta, "program").with("cards", Some(cards)));
        let Action::Program { program } = typed("stone, plank Dragon-red move move-2").unwrap() else { panic!() };
        assert_eq!(program.map(|c| c.to_string()), ["stone", "plank", "dragon-red", "move", "move-2"]);
        let short = Lang::En.say(&typed("stone plank").unwrap_err());
        assert!(short.contains("not 2"), "{short}");
        let unknown = Lang::En.say(&typed("stone plank fly move jump").unwrap_err());
        assert!(unknown.starts_with("There is no card \"fly\": the cards are stone"), "{unknown}");
    }

    /// Autocomplete offers what the menus offer after the cards typed: no second dragon, no card twice.
    #[test]
    fn typed_programmes_complete_with_the_cards_that_may_follow() {
        let game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let complete = |cards: &str| -> Vec<String> {
            let typed = Typed::new(Kind::DragonDelta, "program").with("cards", Some(cards));
            completions(&game, 0, &typed).into_iter().map(|o| o.value).collect()
        };
        let hand: Vec<String> = game.hand(0).iter().map(|c| c.to_string()).collect();
        assert_eq!(complete(""), hand);
        let dragon = hand.iter().find(|c| c.starts_with("dragon")).unwrap().clone();
        let after = complete(&format!("{dragon} move "));
        assert!(after.iter().all(|c| c.starts_with(&format!("{dragon} move "))), "{after:?}");
        assert!(!after
            .iter()
            .any(|c| c.ends_with(" move") || c.contains("dragon-") && c.matches("dragon").count() > 1));
        assert_eq!(after.len(), hand.len() - 2 - (hand.iter().filter(|c| c.starts_with("dragon")).count() - 1));
        assert_eq!(complete("mo"), ["move", "move-2"].map(String::from));
        assert!(complete("fly ").is_empty());
    }

    fn program(cards: [&str; PROGRAMME]) -> Action {
        Action::Program { program: cards.map(|c| c.parse().unwrap()) }
    }

    /// The lines of `seat`'s preview of `action`, and its picture.
    fn preview(game: &DragonDelta, seat: Seat, action: Action) -> (Vec<String>, Vec<u8>) {
        let names = ["ana", "ben"].map(String::from);
        let preview = DragonDeltaGame::wrap(game.clone()).preview(seat, &[action.into()], &names).ok().unwrap();
        (
            preview.played.iter().map(|p| Lang::En.say(&p.line)).collect(),
            preview.picture(&names, Reader::standard(Lang::En)).image,
        )
    }

    /// Two games that differ only in ana's unrevealed cards: ben's previews of the last programme (which starts the
    /// round) and of the action that ends a position (which turns the next cards over) say and show the same, and
    /// turn nothing over; played, they do.
    #[test]
    fn a_preview_turns_over_no_card() {
        let start = DragonDelta::new(Board::standard(), 2, 0).unwrap();
        let games =
            [["stone", "stones-2", "plank", "planks-2", "take"], ["stone", "take", "plank", "planks-2", "move"]].map(
                |ana| {
                    let mut game = start.clone();
                    game.play(0, &program(ana)).unwrap();
                    game
                },
            );
        let ben = program(["stone", "plank", "move", "take", "jump"]);
        let [one, other] = games.clone().map(|g| preview(&g, 1, ben.clone()));
        assert_eq!(one, other);
        assert_eq!(one.0, ["lay this programme"]);
        let [mut one, mut other] = games;
        for game in [&mut one, &mut other] {
            let played = game.play(1, &ben).unwrap();
            assert!(matches!(played.events[..], [Event::Revealed { position: 1, .. }]), "played, it reveals");
            game.play(0, &Action::Stone { stone: 5 }).unwrap();
        }
        let last = one.legal_actions(1)[0].clone();
        let [a, b] = [&one, &other].map(|g| preview(g, 1, last.clone()));
        assert_eq!(a, b, "ana's second card stays face down");
        assert!(!a.0[0].contains("revealed"), "{:?}", a.0);
        let revealed = one.clone().play(1, &last).unwrap().events;
        assert!(matches!(revealed[..], [Event::Revealed { position: 2, .. }, ..]), "played, it turns them over");
    }

    /// A game of three, its statue with seat 0, whose programmes all start with a stone: seat 0 is due to place it.
    fn placing_a_stone() -> DragonDelta {
        let mut game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        for seat in 0..3 {
            game.play(seat, &program(["stone", "plank", "move", "take", "jump"])).unwrap();
        }
        game
    }

    /// Every refusal a player can meet, as the service answers `/delta program` from seat 0 of three (its hand holds
    /// the blue and white dragons): the rule broken, then the cards that may take the faulty one's place, or the
    /// choice it is due for.
    #[test]
    fn every_refusal_says_what_may_be_done_now() {
        let (programming, placing) = (DragonDelta::new(Board::standard(), 3, 0).unwrap(), placing_a_stone());
        let cases: Vec<(&str, &DragonDelta, &str, &str)> = vec![
            (
                "no such card",
                &programming, "stone fly plank move jump",
                "There is no card \"fly\": the cards are stone, stones-2, plank, planks-2, take, move, move-2, jump and dragon-<colour>.",
            ),
            (
                "four cards",
                &programming, "stone plank move jump",
                "A programme is 5 cards in order, not 4: e.g. stone plank move move-2 jump.",
            ),
            (
                "a card not in the hand",
                &programming, "dragon-red stone plank move jump",
                "That move is not allowed: programme: dragon-red is not in your hand. Cards that may take its place: stones-2, planks-2, take, move-2, dragon-blue, dragon-white, with /delta program.",
            ),
            (
                "a card twice",
                &programming, "stone stone plank move jump",
                "That move is not allowed: programme: stone is there twice. Cards that may take its place: stones-2, planks-2, take, move-2, dragon-blue, dragon-white, with /delta program.",
            ),
            (
                "two dragons",
                &programming, "dragon-blue dragon-white plank move jump",
                "That move is not allowed: programme: at most one dragon, so one of them goes. Cards that may take its place: stone, stones-2, planks-2, take, move-2, with /delta program.",
            ),
            (
                "a programme while a choice is due",
                &placing, "stone plank move take jump",
                "That move is not allowed: programmes come at the next round, and this round's actions are carried out now. Your stone is due now: choose what it does in the menus of /delta hand.",
            ),
        ];
        let typed = |cards| Typed::new(Kind::DragonDelta, "program").with("cards", Some(cards));
        let due = |(case, game, cards, expected): (_, &DragonDelta, _, _)| {
            (case, DragonDeltaGame::wrap(game.clone()), 0, typed(cards), expected)
        };
        answers::check(cases.into_iter().map(due).collect());
    }
}
