//! Contrées on the platform: its option (the expert game), time-outs, resigning, words, menus by label and
//! pictures.
//!
//! A time-out in phase 1 lays the lowest-labelled legal land (black when it may be), as often as the turn needs;
//! in phase 2 it records `{"timeout": true}` (contrees.md §4). Resigning is the record's own
//! `{"resign": true, "seat": S}`, which ends the game.

use crate::language::{as_typed, Lang, List, Text};
use crate::pictures::contrees as pictures;
use crate::pictures::words::contrees as words;
use crate::pictures::{Picture, Reader};
use crate::ratings::{Model, Ranking};
use crate::rules::contrees::label::OpenPlace;
use crate::rules::contrees::record::Tag;
use crate::rules::contrees::{Action, Contrees, Land, MoveError, Played, Record, Spot, View};
use crate::rules::{Game, Seat, SeatSet, Viewer};
use crate::service::game::adapter::{
    seat_name, Adapter, Choice, Opt, Refusal, Seen, Typed, Unread, Voice, MENU_OPTIONS,
};
use crate::service::TurnClock;
use crate::text;
use render::canvas::Canvas;
use serde::{Deserialize, Serialize};

/// Options chosen when a lobby opens.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The expert game: each player's eighth land is white and counts three.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub expert: bool,
    #[serde(flatten)]
    pub clock: TurnClock,
}

/// Contrées' adapter.
pub struct ContreesGame;

/// One choice among `labels` from the front of `path`: directly, or by land letter first when there are more than
/// [`MENU_OPTIONS`].
/// `Err` is the menu to show; `Ok` the label chosen and the rest of the path.
/// `what` is the thing chosen: `land`, `second-land` or `spot` (its messages are `contrees-<what>…`).
fn pick<'p>(labels: &[String], path: &'p [&'p str], what: &str) -> Result<(String, &'p [&'p str]), Choice<Action>> {
    let menu = |prompt: Text, options: Vec<Opt>| Choice::Menu { prompt, options };
    let id = |suffix: &str| format!("contrees-{what}{suffix}");
    let by_label =
        |ls: &mut dyn Iterator<Item = &String>| ls.map(|l| Opt::new(Text::new(&id("")).with("label", l), l)).collect();
    if labels.len() <= MENU_OPTIONS {
        return match path.split_first() {
            Some((label, rest)) => Ok((label.to_string(), rest)),
            None => Err(menu(Text::new(&id("-choose")), by_label(&mut labels.iter()))),
        };
    }
    let Some((letter, rest)) = path.split_first() else {
        let mut letters: Vec<String> = labels.iter().map(|l| l[..1].to_string()).collect();
        letters.dedup();
        let options = letters.into_iter().map(|l| Opt::new(text!("contrees-next-to-land", land = &l), l)).collect();
        return Err(menu(Text::new(&id("-choose-land-first")), options));
    };
    match rest.split_first() {
        Some((label, rest)) => Ok((label.to_string(), rest)),
        None => Err(menu(
            Text::new(&id("-choose-next-to")).with("land", *letter),
            by_label(&mut labels.iter().filter(|l| l.starts_with(letter))),
        )),
    }
}

fn choices(game: &Contrees, seat: Seat, path: &[&str]) -> Choice<Action> {
    match game.to_move() {
        Some(due) if due == seat && game.phase() == 2 => spot_choice(game, path),
        Some(due) if due == seat => lands_choice(game, seat, path),
        _ => Choice::nothing(),
    }
}

/// Phase 2: a spot by label, or the pass when no spot is open.
fn spot_choice(game: &Contrees, path: &[&str]) -> Choice<Action> {
    let spots = game.open_spots();
    if spots.is_empty() {
        return match path.first() {
            Some(_) => Choice::Done(vec![Action::PASS]),
            None => Choice::Menu {
                prompt: text!("contrees-no-spot-open"),
                options: vec![Opt::new(text!("contrees-pass-option"), "pass")],
            },
        };
    }
    let labels: Vec<String> = spots.iter().map(|(l, _)| l.clone()).collect();
    match pick(&labels, path, "spot") {
        Err(menu) => menu,
        Ok((label, _)) => match spots.iter().find(|(l, _)| *l == label) {
            Some((_, spot)) => Choice::Done(vec![Action::tower(*spot)]),
            None => Choice::nothing(),
        },
    }
}

/// Phase 1: the lands of the turn, each by label, and black or white when both may be.
fn lands_choice(game: &Contrees, seat: Seat, path: &[&str]) -> Choice<Action> {
    let mut after = game.clone();
    let mut actions = Vec::new();
    let mut rest = path;
    while actions.len() < game.lands_this_turn() {
        let places = after.open_places();
        let labels: Vec<String> = places.iter().map(|p| p.label.clone()).collect();
        let what = if actions.is_empty() { "land" } else { "second-land" };
        let (label, more) = match pick(&labels, rest, what) {
            Ok(chosen) => chosen,
            Err(menu) => return menu,
        };
        rest = more;
        let Some(&OpenPlace { black, white, .. }) = places.iter().find(|p| p.label == label) else {
            return Choice::nothing();
        };
        let white = match (black, white) {
            (true, true) => match rest.split_first() {
                Some((colour, more)) => {
                    rest = more;
                    *colour == "white"
                }
                None => {
                    let options = vec![
                        Opt::new(text!("contrees-black-option"), "black"),
                        Opt::new(text!("contrees-white-option"), "white"),
                    ];
                    return Choice::Menu { prompt: text!("contrees-black-or-white", label = label), options };
                }
            },
            (black, _) => !black,
        };
        match lay(&mut after, seat, &label, white) {
            Ok(action) => actions.push(action),
            Err(_) => return Choice::nothing(),
        }
    }
    Choice::Done(actions)
}

/// Lays the land at `label` on `after`, the territory as it is when that land is laid (labels are read on it, so
/// each land of a turn is read once the one before is laid): how the menus, the typed `lay` and its autocomplete
/// all lay a land from its label. The rules judge the land.
fn lay(after: &mut Contrees, seat: Seat, label: &str, white: bool) -> Result<Action, Unread<Refusal<ContreesGame>>> {
    let land = after.position_at(label).ok_or_else(|| Unread::Words(no_free_place(after, label)))?;
    let action = Action::Land { land, white };
    after.play(seat, &action).map_err(|e| Unread::Rule(Box::new((after.clone(), action, e))))?;
    Ok(action)
}

/// A label that names no free place: taken by a land since, or none at all; with the free places at hand.
fn no_free_place(game: &Contrees, label: &str) -> Text {
    let (typed, way) = (as_typed(label), way_out(game));
    match game.laid_at(label).and_then(|land| game.letter(land)) {
        Some(letter) => text!("contrees-place-taken", label = typed, land = letter.to_string(), way = way),
        None => text!("contrees-no-free-place", label = typed, way = way),
    }
}

/// What the player to move may do now, with its command and the labels at hand, as the rules' legal moves say: lay
/// lands (on the free places), build (on the free corners) or pass.
fn way_out(game: &Contrees) -> Text {
    let places = game.open_places();
    if !places.is_empty() {
        let places = List::few(places.into_iter().map(|p| p.label));
        return text!("contrees-way-lay", count = game.lands_this_turn(), places = places);
    }
    let spots = game.open_spots();
    if !spots.is_empty() {
        return text!("contrees-way-build", spots = List::few(spots.into_iter().map(|(label, _)| label)));
    }
    match game.legal_moves()[..] {
        [Action::Pass { .. }] => text!("contrees-way-pass"),
        // Over: nothing is left to do but look.
        _ => text!("contrees-way-board"),
    }
}

/// A typed move: `lay first second [white]` (which of the two is white), `place spot` or `pass`.
fn typed_move(game: &Contrees, seat: Seat, typed: &Typed) -> Result<Vec<Action>, Unread<Refusal<ContreesGame>>> {
    match typed.command.as_str() {
        "lay" if game.phase() == 2 => Err(Unread::Words(text!("contrees-lands-laid", way = way_out(game)))),
        "lay" => {
            let mut after = game.clone();
            let firsts = [("first", "first"), ("second", "second")].into_iter().take(game.lands_this_turn());
            firsts
                .map(|(option, which)| {
                    let label = typed.get(option).unwrap_or_default();
                    lay(&mut after, seat, label, typed.get("white") == Some(which))
                })
                .collect()
        }
        "place" => {
            let spot = typed.get("spot").unwrap_or_default();
            let no_corner = || Unread::Words(text!("contrees-no-corner", spot = as_typed(spot), way = way_out(game)));
            let at = game.spot_at(spot).ok_or_else(no_corner)?;
            Ok(vec![Action::tower(at)])
        }
        _ => Ok(vec![Action::PASS]),
    }
}

/// Labels autocomplete offers for `option`: the free places for `first`, those open once the first is laid for
/// `second`, the free corners for `spot`; those starting with what is typed (case-blind), 25 at most.
fn completions(game: &Contrees, seat: Seat, typed: &Typed, option: &str) -> Vec<Opt> {
    let (what, labels): (&str, Vec<String>) = match option {
        "first" => ("land", game.open_places().into_iter().map(|p| p.label).collect()),
        "second" => {
            let first = typed.get("first").unwrap_or_default();
            let laid = [false, true].into_iter().find_map(|white| {
                let mut after = game.clone();
                lay(&mut after, seat, first, white).ok().map(|_| after)
            });
            (
                "second-land",
                laid.map_or_else(Vec::new, |after| after.open_places().into_iter().map(|p| p.label).collect()),
            )
        }
        "spot" => ("spot", game.open_spots().into_iter().map(|(label, _)| label).collect()),
        _ => return Vec::new(),
    };
    let partial = typed.get(option).unwrap_or_default().trim().to_uppercase();
    let options = labels.into_iter().filter(|l| l.starts_with(&partial)).take(MENU_OPTIONS);
    options.map(|l| Opt::new(Text::new(&format!("contrees-{what}")).with("label", &l), l)).collect()
}

/// Labels of spots, joined: "B2, C5".
fn spot_labels(view: &View, spots: &[Spot]) -> String {
    spots.iter().map(|s| view.spot_label(*s).unwrap_or_else(|| s.to_string())).collect::<Vec<_>>().join(", ")
}

/// Letters of lands, listed: "C and D", "B, C and D".
fn land_letters(view: &View, lands: &[Land]) -> List {
    List::and(lands.iter().map(|l| view.letter(*l).map_or_else(|| l.to_string(), String::from)))
}

/// The rule a move broke and the way out ([`way_out`]), corners by their labels on the board rather than their
/// coordinates; `game` is as the move found it (a turn's second land, once its first is laid).
///
/// Not reachable by a player, so said without a way out: `GameOver` and `NotYourTurn` (the service refuses a
/// finished game or a player not due first), `NoSuchSeat`, `ResignForAnother` and `TimeoutInPhase1` (the platform's
/// own moves). Reachable only by a move of the menus' or the platform's, never typed (labels name free places and
/// corners of the territory only; `lay` in phase 2 is refused in words first): `LandsLaid`, `Occupied`,
/// `NotConnected` and `NotASpot`.
fn refusal(game: &Contrees, error: &MoveError) -> Text {
    use MoveError as E;
    let spot = |s: Spot| game.spot_label(s).unwrap_or_else(|| s.to_string());
    let way = way_out(game);
    match *error {
        E::GameOver => text!("contrees-refused-game-over"),
        E::NotYourTurn { seat, due } => text!("contrees-refused-turn", seat = seat, due = due),
        E::NoSuchSeat(seat) => text!("contrees-refused-no-seat", seat = seat),
        E::ResignForAnother { seat, named } => text!("contrees-refused-resign", seat = seat, named = named),
        E::TimeoutInPhase1 => text!("contrees-refused-timeout"),
        E::LandsFirst => text!("contrees-refused-lands-first", laid = game.laid().len(), way = way),
        E::LandsLaid => text!("contrees-refused-lands-laid", way = way),
        E::Occupied(land) => {
            let letter = game.letter(land).map_or_else(|| land.to_string(), String::from);
            text!("contrees-refused-occupied", land = letter, way = way)
        }
        E::NotConnected(_) => text!("contrees-refused-not-connected", way = way),
        E::NotExpert => text!("contrees-refused-not-expert", way = way),
        E::WhiteLaid => text!("contrees-refused-white-laid", way = way),
        E::WhiteLast => text!("contrees-refused-white-last", way = way),
        E::NotASpot(s) => text!("contrees-refused-not-a-spot", spot = spot(s), way = way),
        E::SpotTaken(s) => text!("contrees-refused-spot-taken", spot = spot(s), way = way),
        E::Rebuild(s) => text!("contrees-refused-rebuild", spot = spot(s), way = way),
        E::NoTowers => text!("contrees-refused-no-towers", way = way),
        E::MayNotPass => {
            let towers = game.to_move().map_or(0, |seat| game.players()[usize::from(seat)].supply);
            text!("contrees-refused-may-not-pass", towers = towers, way = way)
        }
    }
}

impl Adapter for ContreesGame {
    type Game = Contrees;
    type Options = Options;
    type Record = Record;
    type OptionsError = std::convert::Infallible;
    const KIND: &'static str = "contrees";
    const TITLE: &'static str = "Contrées";
    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=2;
    const RATING: (Model, Ranking) = (Model::Glicko2, Ranking::WinLoss);

    fn start(options: &Options, _seed: u64, _players: usize) -> Result<Contrees, Self::OptionsError> {
        Ok(Contrees::new(options.expert))
    }

    fn options_refusal(error: &std::convert::Infallible) -> Text {
        match *error {}
    }

    fn refusal(game: &Contrees, _seat: Seat, _action: &Action, error: &MoveError) -> Text {
        refusal(game, error)
    }

    /// Phase 2: nothing placed; phase 1: the turn's lands, each on the lowest label.
    fn timeout(game: &Contrees, seat: Seat, _pledged: Option<&str>) -> Vec<Action> {
        if game.to_move() != Some(seat) {
            return Vec::new();
        }
        if game.phase() == 2 {
            return vec![Action::TIMEOUT];
        }
        let mut after = game.clone();
        let mut lands = Vec::new();
        while after.to_move() == Some(seat) && lands.len() < game.lands_this_turn() {
            let Some(OpenPlace { land, black, .. }) = after.open_places().into_iter().next() else { break };
            let action = Action::Land { land, white: !black };
            if after.play(seat, &action).is_err() {
                break;
            }
            lands.push(action);
        }
        lands
    }

    fn resignation(game: &Contrees, seat: Seat) -> Option<Action> {
        (!game.is_over()).then_some(Action::Resign { resign: crate::rules::record::True, seat: Some(seat) })
    }

    fn describe(seen: &Seen<'_, Contrees>, played: &Played, names: &[String], voice: Voice) -> Text {
        let view = &seen.view();
        let who = seat_name(names, played.seat);
        let other = names.get(usize::from(1 - played.seat.min(1))).map_or("?", String::as_str);
        let said = |id: &str| text!(&voice.id(id), who = who);
        match played.action {
            Action::Land { land, white } => {
                let letter = view.letter(land).unwrap_or('?').to_string();
                said(if white { "contrees-laid-white" } else { "contrees-laid" }).with("land", letter)
            }
            Action::Tower { tower } => {
                let mut line = said("contrees-built").with("spot", view.spot_label(tower).unwrap_or_default());
                if !played.possessed.is_empty() {
                    let (count, lands) = (played.possessed.len(), land_letters(view, &played.possessed));
                    line = text!("contrees-taking", line = line, count = count, lands = lands);
                }
                if !played.demolished.is_empty() {
                    let (count, spots) = (played.demolished.len(), spot_labels(view, &played.demolished));
                    line = text!("contrees-demolishing", line = line, count = count, other = other, spots = spots);
                }
                if !played.lost.is_empty() {
                    let (count, lands) = (played.lost.len(), land_letters(view, &played.lost));
                    line = text!("contrees-lost", line = line, other = other, count = count, lands = lands);
                }
                line
            }
            Action::Pass { .. } => said("contrees-passed"),
            Action::Timeout { .. } => said("contrees-placed-nothing"),
            Action::Resign { .. } => said("contrees-resigned"),
        }
    }

    /// A pass, or a phase-2 turn that ran out, leaves the board as it was: said in words only.
    fn pictured(played: &Played) -> bool {
        !matches!(played.action, Action::Pass { .. } | Action::Timeout { .. })
    }

    fn scores(game: &Contrees) -> Vec<u32> {
        vec![game.score(0), game.score(1)]
    }

    const CHART: &'static str = "contrees-chart";

    fn standing(view: &View, seat: Seat) -> Text {
        let Some(p) = view.players.get(usize::from(seat)) else { return Text::Said(String::new()) };
        text!("contrees-standing", score = p.score, markers = p.markers, towers = p.supply, demolished = p.demolished)
    }

    /// The rules' winners: a resignation is one of their moves.
    fn winners(game: &Contrees, _remaining: SeatSet) -> SeatSet {
        game.leaders()
    }

    /// Phase 1: the two lands of the turn, each by label (and black or white when both may be); phase 2: a spot by
    /// label, or the pass when no spot is open. More than 25 labels: the land first, then the label.
    fn choices(game: &Contrees, seat: Seat, path: &[&str]) -> Choice<Action> {
        choices(game, seat, path)
    }

    fn typed(game: &Contrees, seat: Seat, typed: &Typed) -> Result<Vec<Action>, Unread<Refusal<Self>>> {
        typed_move(game, seat, typed)
    }

    fn complete(game: &Contrees, seat: Seat, typed: &Typed, option: &str) -> Vec<Opt> {
        match game.to_move() == Some(seat) {
            true => completions(game, seat, typed, option),
            false => Vec::new(),
        }
    }

    fn board_canvas(view: &View, names: &[String], recent: &[&Played], reader: Reader) -> Canvas {
        render::contrees::board_canvas(&pictures::board(view, names, recent, reader), &reader)
    }

    fn board_alt(view: &View, names: &[String], lang: Lang) -> String {
        words::alt(view, names, lang)
    }

    fn preview_picture(
        _before: &View,
        after: &View,
        names: &[String],
        seat: Seat,
        played: &[&Played],
        reader: Reader,
    ) -> Picture {
        let png = render::contrees::board_png(&pictures::preview(after, names, seat, played, reader), &reader);
        Picture { image: png, alt: Self::board_alt(after, names, reader.lang) }
    }

    fn result_picture(view: &View, names: &[String], _winners: SeatSet, reader: Reader) -> Picture {
        Self::board_picture(view, names, &[], reader)
    }

    fn example_picture(reader: Reader) -> Picture {
        let (game, last) = pictures::example();
        Self::board_picture(
            &game.view(Viewer::Public),
            &["ana", "ben"].map(String::from),
            &Vec::from_iter(&last),
            reader,
        )
    }

    fn position_words(view: &View, names: &[String], lang: Lang) -> Vec<String> {
        words::position(view, names, lang)
    }

    fn export(options: &Options, _seed: u64, names: &[String], moves: &[(Seat, Action)]) -> String {
        let record = Record {
            game: Tag::Contrees,
            players: names.to_vec(),
            expert: options.expert,
            moves: moves.iter().map(|(_, a)| *a).collect(),
            substitutions: Vec::new(),
        };
        serde_json::to_string_pretty(&record).expect("records serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::seed::Shuffler;
    use crate::service::game::any::Listed;
    use crate::service::game::games::answers;
    use crate::service::game::Kind;

    /// Every move the menus complete, walking every branch.
    fn menu_moves(game: &Contrees, seat: Seat, path: &mut Vec<String>, out: &mut Vec<Vec<Action>>) {
        let refs: Vec<&str> = path.iter().map(String::as_str).collect();
        match choices(game, seat, &refs) {
            Choice::Done(actions) => out.push(actions),
            Choice::Menu { options, .. } => {
                assert!(options.len() <= MENU_OPTIONS, "{} options", options.len());
                for o in options {
                    path.push(o.value);
                    menu_moves(game, seat, path, out);
                    path.pop();
                }
            }
        }
    }

    #[test]
    fn a_pass_or_a_phase_two_time_out_is_told_without_a_new_board() {
        let mut game = Contrees::new(false);
        while game.phase() == 1 {
            let seat = game.to_move().unwrap();
            game.play(seat, &game.legal_moves()[0]).unwrap();
        }
        let seat = game.to_move().unwrap();
        let quiet = game.clone().play(seat, &Action::TIMEOUT).unwrap();
        assert!(!ContreesGame::pictured(&quiet));
        let pass =
            Played { seat, action: Action::PASS, possessed: Vec::new(), demolished: Vec::new(), lost: Vec::new() };
        assert!(!ContreesGame::pictured(&pass));
        let built = game.play(seat, &game.legal_moves()[0]).unwrap();
        assert!(ContreesGame::pictured(&built));
    }

    #[test]
    fn menus_reach_exactly_the_legal_moves_and_time_outs_lay_the_lowest_label() {
        let mut game = Contrees::new(true);
        let mut chooser = Shuffler::new(5);
        let mut two_steps = false;
        while let Some(seat) = game.to_move() {
            let mut reached = Vec::new();
            menu_moves(&game, seat, &mut Vec::new(), &mut reached);
            let legal = game.legal_moves();
            if game.phase() == 1 {
                // The first land of each menu move is a legal land, and every legal land begins one.
                let mut firsts: Vec<Action> = reached.iter().map(|m| m[0]).collect();
                firsts.sort_by_key(|a| format!("{a}"));
                firsts.dedup();
                let mut expected = legal.clone();
                expected.sort_by_key(|a| format!("{a}"));
                assert_eq!(firsts, expected);
                assert!(reached.iter().all(|m| m.len() == game.lands_this_turn()));
                let lowest = game.open_places()[0].label.clone();
                let forced = ContreesGame::timeout(&game, seat, None);
                assert_eq!(forced.len(), game.lands_this_turn());
                let Some(&Action::Land { land, .. }) = forced.first() else { panic!() };
                assert_eq!(game.position_label(land), Some(lowest));
            } else {
                let mut flat: Vec<Action> = reached.iter().map(|m| m[0]).collect();
                flat.sort_by_key(|a| format!("{a}"));
                let mut expected = legal.clone();
                expected.sort_by_key(|a| format!("{a}"));
                assert_eq!(flat, expected);
                assert_eq!(ContreesGame::timeout(&game, seat, None), [Action::TIMEOUT]);
            }
            two_steps |= game.open_places().len() > MENU_OPTIONS || game.open_spots().len() > MENU_OPTIONS;
            let pick = &reached[chooser.below(reached.len() as u64) as usize];
            for action in pick {
                game.play(seat, action).unwrap();
            }
        }
        assert!(two_steps, "some choice needed two steps");
    }

    /// A game after `moves` moves, each the rules' first legal move: black lands on the lowest places while black
    /// may be laid, then towers on the lowest corners.
    fn after(expert: bool, moves: usize) -> Contrees {
        let mut game = Contrees::new(expert);
        for _ in 0..moves {
            let seat = game.to_move().unwrap();
            game.play(seat, &game.legal_moves()[0]).unwrap();
        }
        game
    }

    fn typed(command: &str, options: &[(&str, &str)]) -> Typed {
        options.iter().fold(Typed::new(Kind::Contrees, command), |t, (name, value)| t.with(name, Some(value)))
    }

    /// `lay` on the lowest free places, the first land's and then the second's, with `white` as given.
    fn lay_lowest(game: &Contrees, white: Option<&str>) -> Typed {
        let first = game.open_places()[0].clone();
        let mut then = game.clone();
        then.play(game.to_move().unwrap(), &Action::land(first.land)).unwrap();
        let second = then.open_places()[0].label.clone();
        typed("lay", &[("first", &first.label), ("second", &second)]).with("white", white)
    }

    /// Seat 0 laid its first land white, and is due again.
    fn white_laid() -> Contrees {
        let mut game = Contrees::new(true);
        game.play(0, &Action::Land { land: game.open_places()[0].land, white: true }).unwrap();
        for _ in 0..3 {
            game.play(game.to_move().unwrap(), &game.legal_moves()[0]).unwrap();
        }
        game
    }

    /// A random game up to its first demolition: the player due now lost a tower there at the last move.
    fn just_demolished() -> (Contrees, String) {
        let (mut game, mut chooser) = (after(false, 16), Shuffler::new(3));
        loop {
            let (seat, legal) = (game.to_move().unwrap(), game.legal_moves());
            let played = game.play(seat, &legal[chooser.below(legal.len() as u64) as usize]).unwrap();
            if let Some(&spot) = played.demolished.first() {
                return (game.clone(), game.spot_label(spot).unwrap());
            }
        }
    }

    /// The game after 16 lands, its player due with no tower left (the other still has all theirs).
    fn no_tower_left() -> Contrees {
        let mut json = serde_json::to_value(after(false, 16)).unwrap();
        json["players"][0]["supply"] = 0.into();
        serde_json::from_value(json).unwrap()
    }

    /// A case of [`answers::check`], typed by the player due.
    fn due<'a>((name, game, typed, expected): (&'a str, Contrees, Typed, &'a str)) -> answers::Case<'a> {
        let seat = game.to_move().unwrap();
        (name, ContreesGame::wrap(game), seat, typed, expected)
    }

    /// Every refusal a player can meet in phase 1, as the service answers a typed move: the rule broken (or the label
    /// that reads as no place), then what may be done now with the labels at hand.
    #[test]
    fn every_refusal_in_phase_one_says_what_may_be_done_now() {
        let low = after(false, 10).open_places()[0].label.clone();
        let cases: Vec<(&str, Contrees, Typed, &str)> = vec![
            (
                "no such place",
                after(false, 10), typed("lay", &[("first", "Z9"), ("second", "A1")]),
                "There is no free place \"Z9\" next to the territory. Lay your two lands with /contrees lay (free places: A1, A2, A3, A4, A6, B4, B6, C4, …).",
            ),
            (
                "a place laid since",
                after(false, 10), typed("lay", &[("first", "A5"), ("second", "A1")]),
                "\"A5\" is taken: land B lies there. Lay your two lands with /contrees lay (free places: A1, A2, A3, A4, A6, B4, B6, C4, …).",
            ),
            (
                "the first land's place twice",
                after(false, 10), typed("lay", &[("first", &low), ("second", &low)]),
                "\"A1\" is taken: land K lies there. Lay your second land with /contrees lay (free places: A2, A3, A4, A6, B4, B6, C4, C6, …).",
            ),
            (
                "a tower in phase 1",
                after(false, 10), typed("place", &[("spot", "A1")]),
                "That move is not allowed: 10 of the 16 lands are laid, and towers come once all are. Lay your two lands with /contrees lay (free places: A1, A2, A3, A4, A6, B4, B6, C4, …).",
            ),
            (
                "a pass in phase 1",
                after(false, 0), typed("pass", &[]),
                "That move is not allowed: 0 of the 16 lands are laid, and towers come once all are. Lay your two lands with /contrees lay (free places: A).",
            ),
            (
                "no such corner in phase 1",
                after(false, 4), typed("place", &[("spot", "Q1")]),
                "There is no corner \"Q1\" on the board. Lay your two lands with /contrees lay (free places: A1, A2, A3, A4, A6, B4, B6, C4, …).",
            ),
            (
                "white in the basic game",
                after(false, 4), lay_lowest(&after(false, 4), Some("first")),
                "That move is not allowed: only the expert game has white lands, so leave out white. Lay your two lands with /contrees lay (free places: A1, A2, A3, A4, A6, B4, B6, C4, …).",
            ),
            (
                "a second white land",
                white_laid(), lay_lowest(&white_laid(), Some("second")),
                "That move is not allowed: your white land is laid already and the others are black, so leave out white. Lay your second land with /contrees lay (free places: A2, A3, A4, A6, B4, B6, C4, C6, …).",
            ),
            (
                "a black eighth land",
                after(true, 12), lay_lowest(&after(true, 12), None),
                "That move is not allowed: your eighth land must be your white one, so set white to \"the second land\". Lay your second land with /contrees lay (free places: A2, A3, A4, A6, B4, B6, C4, C6, …).",
            ),
        ];
        answers::check(cases.into_iter().map(due).collect());
    }

    /// The same in phase 2 (the adapter's `refusal` says which refusals no typed move reaches).
    #[test]
    fn every_refusal_in_phase_two_says_what_may_be_done_now() {
        let built = after(false, 17);
        let tower = built.spot_label(*built.towers().keys().next().unwrap()).unwrap();
        let (demolished, lost) = just_demolished();
        let cases: Vec<(&str, Contrees, Typed, &str)> = vec![
            (
                "a land in phase 2",
                after(false, 16), typed("lay", &[("first", "A1"), ("second", "A2")]),
                "All 16 lands are laid, so no land is left to lay. Build with /contrees place (free corners: A1, A2, A3, A4, A5, A6, B1, B4, …).",
            ),
            (
                "no such corner",
                after(false, 16), typed("place", &[("spot", "A9")]),
                "There is no corner \"A9\" on the board. Build with /contrees place (free corners: A1, A2, A3, A4, A5, A6, B1, B4, …).",
            ),
            (
                "a corner with a tower",
                built.clone(), typed("place", &[("spot", &tower)]),
                "That move is not allowed: P5 has a tower already. Build with /contrees place (free corners: A1, A2, A3, A4, A5, A6, B1, B4, …).",
            ),
            (
                "a rebuild at once",
                demolished, typed("place", &[("spot", &lost)]),
                "That move is not allowed: your tower at N1 was just demolished, and you may build there again from your next turn. Build with /contrees place (free corners: A2, A4, A5, B1, B4, C1, C4, C5, …).",
            ),
            (
                "no tower left",
                no_tower_left(), typed("place", &[("spot", "A1")]),
                "That move is not allowed: you have no tower left. Pass with /contrees pass.",
            ),
            (
                "a pass with corners open",
                after(false, 16), typed("pass", &[]),
                "That move is not allowed: you may pass only with no tower left or no corner open to you, and you have 24 towers left. Build with /contrees place (free corners: A1, A2, A3, A4, A5, A6, B1, B4, …).",
            ),
        ];
        answers::check(cases.into_iter().map(due).collect());
    }
}
