//! Dragon Delta's position in words: each pawn's place (a village by its colour, a plank by its ends as the board
//! labels them: `5-19`, `red-4`), the planks and stones on the river, and each player's cards as far as revealed.
//! A seat's own programme is said only in its own words (its hand), never on the board: a board's words take the
//! cards revealed, never a view's programme.

use super::{items, name};
use crate::language::{Lang, Text};
use crate::pictures::dragon_delta::{colour_name, ends_words, programme_note};
use crate::rules::dragon_delta::card::Card;
use crate::rules::dragon_delta::colour::Colour;
use crate::rules::dragon_delta::place::Place;
use crate::rules::dragon_delta::state::Piece;
use crate::rules::dragon_delta::View;
use crate::rules::Seat;
use crate::text;

/// A colour in words: "green".
pub fn colour_words(colour: Colour) -> Text {
    text!("dd-colour", colour = colour.name())
}

/// A card's name: "move-2", "dragon-red".
pub fn card_name(card: Card) -> Text {
    match card {
        Card::Dragon(c) => text!("dd-card-dragon", colour = colour_words(c)),
        card => text!("dd-card", card = card.to_string()),
    }
}

/// A place in words: "the green village", "the plank 5-19".
pub fn place_words(place: Place) -> Text {
    match place {
        Place::Village(c) => text!("dd-village", colour = colour_words(c)),
        Place::Plank(e) => text!("dd-on-plank", plank = ends_words(e)),
    }
}

/// A player's name and colour: "ana (red)".
fn who(view: &View, names: &[String], seat: Seat, lang: Lang) -> String {
    let colour = colour_name(view.players[usize::from(seat)].colour);
    lang.say(&text!("words-dd-who", name = name(names, seat, lang), colour = colour))
}

/// Planks by colour and size: "red 3, blue 5", or the panel's word for none.
fn pieces(pieces: &[Piece], lang: Lang) -> String {
    if pieces.is_empty() {
        return lang.word("picture-dd-no-planks");
    }
    pieces.iter().map(|p| format!("{} {}", lang.say(&colour_name(p.colour)), p.size)).collect::<Vec<_>>().join(", ")
}

/// The round and position and who is awaited, or the winner.
fn head(view: &View, names: &[String], lang: Lang) -> Vec<String> {
    let awaited = || items(lang, view.next.iter().map(|&s| name(names, s, lang)).collect());
    if view.finished {
        let mut said = vec![lang.say(&text!("words-dd-over", round = view.round))];
        if let Some(&winner) = view.winners.first() {
            said.push(
                lang.say(&text!("words-sentence", words = text!("picture-dd-wins", who = name(names, winner, lang)))),
            );
        }
        return said;
    }
    vec![match view.position {
        0 => lang.say(&text!("words-dd-programming", round = view.round, who = awaited())),
        p => lang.say(&text!("words-dd-position", round = view.round, position = p, who = awaited())),
    }]
}

/// One sentence a pawn: where it stands, or that its player resigned.
fn pawns(view: &View, names: &[String], lang: Lang) -> Vec<String> {
    let mut said: Vec<String> = view
        .pawns
        .iter()
        .map(|pawn| {
            let place = pawn.at.map_or_else(|| text!("picture-dd-resigned"), place_words);
            lang.say(&text!("words-dd-pawn", who = who(view, names, pawn.seat, lang), place = place))
        })
        .collect();
    said.push(lang.say(&text!("words-dd-statue", who = name(names, view.statue, lang))));
    said
}

/// The river: its planks (`detailed`: with their colours and sizes), its stones, the stones left and the planks lost.
fn river(view: &View, detailed: bool, lang: Lang) -> Vec<String> {
    let planks = view.planks.iter().map(|p| match detailed {
        true => lang.say(&text!(
            "words-dd-plank",
            ends = ends_words(p.between),
            colour = colour_name(p.colour),
            size = p.size
        )),
        false => lang.say(&ends_words(p.between)),
    });
    let stones = view.stones.iter().map(u8::to_string).collect::<Vec<_>>();
    let mut said = vec![
        lang.say(&text!("words-dd-planks", planks = items(lang, planks.collect()))),
        lang.say(&text!("words-dd-stones", islands = items(lang, stones))),
        lang.say(&text!("words-sentence", words = text!("picture-dd-stones-left", stones = view.supply))),
    ];
    if !view.lost.is_empty() {
        said.push(lang.say(&text!("words-dd-lost", pieces = pieces(&view.lost, lang))));
    }
    said
}

/// The picture in short: whose action, every pawn, the planks (by their ends) and the stones.
pub fn alt(view: &View, names: &[String], lang: Lang) -> String {
    let mut sentences = head(view, names, lang);
    sentences.extend(pawns(view, names, lang));
    sentences.extend(river(view, false, lang));
    super::alt(&sentences)
}

/// What a player's row of the panel shows: nothing while programmes are chosen, then the cards revealed (the others
/// face down).
fn programme_shown(view: &View, seat: Seat, lang: Lang) -> Text {
    let p = &view.players[usize::from(seat)];
    if p.resigned {
        return text!("picture-dd-resigned");
    }
    if view.position == 0 || !p.laid {
        return text!(if p.laid { "words-dd-laid" } else { "words-dd-choosing" });
    }
    let cards = p.revealed.iter().map(|&(card, cancelled)| match cancelled {
        true => lang.say(&text!("words-dd-cancelled", card = card_name(card))),
        false => lang.say(&card_name(card)),
    });
    text!("words-dd-revealed", cards = items(lang, cards.collect()))
}

/// The whole position: whose action, one line per pawn, one per player's material, the river.
pub fn position(view: &View, names: &[String], lang: Lang) -> Vec<String> {
    let mut lines = head(view, names, lang);
    lines.extend(pawns(view, names, lang));
    for p in &view.players {
        lines.push(lang.say(&text!(
            "words-dd-player",
            who = who(view, names, p.seat, lang),
            reserve = pieces(&p.reserve, lang),
            cards = programme_shown(view, p.seat, lang),
        )));
    }
    lines.extend(river(view, true, lang));
    lines
}

/// `seat`'s own picture in words, from its own view: its hand, its programme's cards `chosen` so far, and its note.
pub fn hand(view: &View, names: &[String], seat: Seat, chosen: &[Card], lang: Lang) -> Vec<String> {
    let player = &view.players[usize::from(seat)];
    let title = text!("picture-dd-programme-title", name = name(names, seat, lang), round = view.round);
    let cards = |cards: &[Card]| items(lang, cards.iter().map(|&c| lang.say(&card_name(c))).collect());
    vec![
        lang.say(&text!("words-sentence", words = title)),
        lang.say(&text!("words-dd-hand", cards = cards(&player.cards))),
        lang.say(&text!("words-dd-programme", cards = cards(chosen))),
        lang.say(&programme_note(view, seat, chosen)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dragon_delta::{Action, Board, DragonDelta};
    use crate::rules::{Game, Viewer};

    fn program(names: [&str; 5]) -> Action {
        Action::Program { program: names.map(|n| n.parse().unwrap()) }
    }

    /// Two games that differ only in cards nobody has seen say the same board, in every language, at every step of
    /// a round; a seat's own words say its own programme.
    #[test]
    fn unrevealed_cards_never_reach_the_boards_words() {
        let names = ["ana", "ben", "cy"].map(String::from);
        let mut one = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let mut other = one.clone();
        one.play(1, &program(["stone", "plank", "move", "take", "jump"])).unwrap();
        other.play(1, &program(["stone", "jump", "dragon-red", "take", "move"])).unwrap();
        let said = |game: &DragonDelta| {
            let view = game.view(Viewer::Public);
            Lang::ALL.map(|lang| (alt(&view, &names, lang), position(&view, &names, lang)))
        };
        assert_eq!(said(&one), said(&other), "while programming");
        for game in [&mut one, &mut other] {
            game.play(0, &program(["stone", "stones-2", "plank", "planks-2", "take"])).unwrap();
            game.play(2, &program(["stone", "stones-2", "plank", "planks-2", "take"])).unwrap();
            game.play(0, &Action::Stone { stone: 5 }).unwrap();
        }
        assert_eq!(said(&one), said(&other), "position 1 revealed, the rest face down");
        let ben = position(&one.view(Viewer::Public), &names, Lang::En)[6].clone();
        assert_eq!(ben, "ben (blue): reserve blue 1, blue 2, blue 3, blue 4, blue 5, blue 6; cards revealed: stone.");
        let own = one.view(Viewer::Seat(1));
        let mine = hand(&own, &names, 1, &one.programme(1).unwrap(), Lang::En);
        assert_eq!(mine[2], "Your programme: stone, plank, move, take, jump.");
    }
}
