//! Meridian's position in words: the towers island by island (islands by their letters, cities as on the board:
//! `6.1`, meridian then row), the players' points and material, a hand's cards. Everything in a view is public but
//! the decks' order, which no view holds.

use super::{items, name, points};
use crate::language::Lang;
use crate::rules::meridian::board::{Board, City};
use crate::rules::meridian::{Card, View};
use crate::rules::Seat;
use crate::text;

/// Whose move it is, or that the game is over (and who won, on the result: the service's word, as players who
/// resigned cannot win).
fn head(view: &View, names: &[String], winners: Option<&[Seat]>, lang: Lang) -> Vec<String> {
    let Some(next) = view.next else {
        let over = lang.say(&text!("words-meridian-over", moves = view.moves));
        let Some(winners) = winners else { return vec![over] };
        let who: Vec<String> = winners.iter().map(|&s| name(names, s, lang)).collect();
        let result = match who.as_slice() {
            [] => text!("picture-meridian-no-winner"),
            [one] => text!("picture-meridian-wins", who = one.as_str()),
            many => text!("picture-meridian-shared-win", names = many.join(", ")),
        };
        return vec![over, lang.say(&text!("words-sentence", words = result))];
    };
    vec![lang.say(&text!("words-meridian-move", move = view.moves + 1, who = name(names, next, lang)))]
}

/// The board of `view`: each city's island and capitals, as the rules tell them.
fn board(view: &View) -> Board {
    Board::from_grid(&view.board).expect("a view's board is a valid board")
}

/// A tower as the words say it: its city as on the board, its player, its floors.
struct Tower {
    city: String,
    seat: Seat,
    floors: u8,
}

/// The islands in letter order (upper case, as the board labels them), each with its towers.
fn islands(view: &View, board: &Board) -> Vec<(char, Vec<Tower>)> {
    let mut out: Vec<(char, Vec<Tower>)> =
        view.islands.iter().map(|i| (i.island.to_ascii_uppercase(), Vec::new())).collect();
    for t in &view.towers {
        let city = City { meridian: t.meridian, row: t.row };
        if let Some((_, towers)) = out.iter_mut().find(|(l, _)| l.eq_ignore_ascii_case(&board.island(city))) {
            towers.push(Tower { city: city.to_string(), seat: t.seat, floors: t.height });
        }
    }
    out
}

/// The picture in short: whose move (the winners on a result), the points, and how many towers each player has on
/// each island.
pub fn alt(view: &View, names: &[String], winners: Option<&[Seat]>, lang: Lang) -> String {
    let mut sentences = head(view, names, winners, lang);
    sentences.push(points("words-points", view.players.iter().map(|p| (p.seat, p.score)), names, lang));
    let held: Vec<String> = islands(view, &board(view))
        .into_iter()
        .filter(|(_, towers)| !towers.is_empty())
        .map(|(letter, towers)| {
            let counts = view.players.iter().filter_map(|p| {
                let n = towers.iter().filter(|t| t.seat == p.seat).count();
                (n > 0).then(|| format!("{} {n}", name(names, p.seat, lang)))
            });
            lang.say(&text!(
                "words-meridian-island-short",
                island = letter.to_string(),
                towers = counts.collect::<Vec<_>>().join(", ")
            ))
        })
        .collect();
    sentences.push(match held.is_empty() {
        true => lang.word("words-meridian-no-towers"),
        false => lang.say(&text!("words-meridian-towers", islands = held.join(" "))),
    });
    super::alt(&sentences)
}

/// The whole position: whose move, one line per player, one per island.
pub fn position(view: &View, names: &[String], lang: Lang) -> Vec<String> {
    let mut lines = head(view, names, None, lang);
    for p in &view.players {
        let face_up = items(lang, p.face_up.iter().map(Card::to_string).collect());
        lines.push(lang.say(&text!(
            "words-meridian-player",
            name = name(names, p.seat, lang),
            points = p.score,
            reserve = p.reserve,
            deck = p.deck as u32,
            cards = face_up,
        )));
    }
    let board = board(view);
    for (i, (letter, towers)) in islands(view, &board).into_iter().enumerate() {
        let island = &view.islands[i];
        let on_island = |c: &City| board.is_capital(*c) && letter.eq_ignore_ascii_case(&board.island(*c));
        let capitals: Vec<String> = board.cities().filter(on_island).map(|c| c.to_string()).collect();
        let towers = towers
            .iter()
            .map(|t| {
                let who = name(names, t.seat, lang);
                lang.say(&text!("words-meridian-tower", city = t.city.as_str(), who = who, floors = t.floors))
            })
            .collect();
        let holder = match island.conquered_by {
            Some(seat) => text!("words-meridian-held", who = name(names, seat, lang)),
            None if island.garrisons.iter().any(|&g| g > 0) => text!("words-meridian-tied"),
            None => text!("words-meridian-empty"),
        };
        lines.push(lang.say(&text!(
            "words-meridian-island",
            island = letter.to_string(),
            cities = island.cities,
            count = capitals.len() as u32,
            capitals = items(lang, capitals),
            towers = items(lang, towers),
            holder = holder,
        )));
    }
    lines
}

/// A seat's own cards, as its hand's picture shows them.
pub fn hand(view: &View, names: &[String], seat: Seat, lang: Lang) -> Vec<String> {
    let p = &view.players[usize::from(seat)];
    let cards = |cards: &[Card]| items(lang, cards.iter().map(Card::to_string).collect());
    vec![
        lang.say(&text!(
            "words-sentence",
            words = text!("picture-meridian-your-cards", name = name(names, seat, lang))
        )),
        lang.say(&text!("words-meridian-face-up", cards = cards(&p.face_up))),
        lang.say(&text!("words-meridian-reserve", floors = p.reserve)),
        lang.say(&text!("words-meridian-to-come", count = p.to_come.len() as u32, cards = cards(&p.to_come))),
        lang.say(&text!("words-meridian-played", count = p.discards.len() as u32, cards = cards(&p.discards))),
    ]
}
