//! Contrées' position in words: the lands by their letters (in laying order, as on the board), who holds each and
//! whose towers stand on its corners (corners by their labels: `B4` is B's bottom corner), and what the player to
//! move may choose, by the labels the board shows. Nothing in Contrées is hidden.

use super::{items, name, points};
use crate::language::Lang;
use crate::rules::contrees::View;
use crate::rules::Seat;
use crate::text;
use std::collections::BTreeMap;

/// The phase and whose move it is, or the result.
fn head(view: &View, names: &[String], lang: Lang) -> Vec<String> {
    let Some(next) = view.next else {
        let over = lang.say(&text!("words-contrees-over", moves = view.moves));
        let result = match view.winners.as_slice() {
            [one] => text!("picture-contrees-wins", who = name(names, *one, lang)),
            _ => text!("picture-contrees-draw"),
        };
        return vec![over, lang.say(&result)];
    };
    let phase = if view.phase == 1 { "words-contrees-laying" } else { "words-contrees-building" };
    vec![lang.say(&text!(phase, move = view.moves + 1, who = name(names, next, lang)))]
}

/// A laid land as the words say it: its letter (and colour, when white), its holder, and the towers on its corners
/// (corner label, seat).
struct Laid {
    name: String,
    owner: Option<Seat>,
    corners: Vec<(String, Seat)>,
}

/// Each laid land, in laying order.
fn lands(view: &View, lang: Lang) -> Vec<Laid> {
    let towers: BTreeMap<_, Seat> = view.towers.iter().map(|t| (t.at, t.seat)).collect();
    view.laid
        .iter()
        .filter_map(|&at| {
            let land = view.lands.iter().find(|l| l.at == at)?;
            let corners =
                at.spots().into_iter().filter_map(|s| Some((view.spot_label(s)?, *towers.get(&s)?))).collect();
            let white = if land.white { "yes" } else { "no" };
            let name = lang.say(&text!("words-contrees-land", land = view.letter(at)?.to_string(), white = white));
            Some(Laid { name, owner: land.owner, corners })
        })
        .collect()
}

/// How many towers each player has around a land, "ana 2, ben 1".
fn counts(corners: &[(String, Seat)], view: &View, names: &[String], lang: Lang) -> String {
    let each = view.players.iter().filter_map(|p| {
        let n = corners.iter().filter(|(_, s)| *s == p.seat).count();
        (n > 0).then(|| format!("{} {n}", name(names, p.seat, lang)))
    });
    each.collect::<Vec<_>>().join(", ")
}

/// The picture in short: the phase and whose move, the lands' count, each land held and each being won.
pub fn alt(view: &View, names: &[String], lang: Lang) -> String {
    let mut sentences = head(view, names, lang);
    sentences.push(points("words-contrees-score", view.players.iter().map(|p| (p.seat, p.score)), names, lang));
    for land in lands(view, lang) {
        let state = match land.owner {
            Some(owner) => text!("words-contrees-holder", who = name(names, owner, lang)),
            None if land.corners.is_empty() => text!("words-contrees-no-towers"),
            None => text!("words-contrees-towers-count", towers = counts(&land.corners, view, names, lang)),
        };
        sentences.push(lang.say(&text!("words-contrees-land-state", land = land.name, state = state)));
    }
    super::alt(&sentences)
}

/// The whole position: whose move, one line per player, one per land, and the labels the player to move may choose.
pub fn position(view: &View, names: &[String], lang: Lang) -> Vec<String> {
    let mut lines = head(view, names, lang);
    for p in &view.players {
        lines.push(lang.say(&text!(
            "words-contrees-player",
            name = name(names, p.seat, lang),
            points = p.score,
            markers = p.markers,
            towers = p.supply,
            demolished = p.demolished,
        )));
    }
    for land in lands(view, lang) {
        let holder = match land.owner {
            Some(owner) => text!("words-contrees-holder", who = name(names, owner, lang)),
            None => text!("words-contrees-nobody"),
        };
        let towers = land.corners.iter().map(|(label, seat)| format!("{label} {}", name(names, *seat, lang))).collect();
        let towers = items(lang, towers);
        lines.push(lang.say(&text!("words-contrees-land-line", land = land.name, holder = holder, towers = towers)));
    }
    if !view.open_places.is_empty() {
        let labels = view.open_places.iter().map(|p| p.label.clone()).collect();
        lines.push(lang.say(&text!("words-contrees-may-lay", labels = items(lang, labels))));
    }
    if !view.open_spots.is_empty() {
        let labels = view.open_spots.iter().map(|(label, _)| label.clone()).collect();
        lines.push(lang.say(&text!("words-contrees-may-build", labels = items(lang, labels))));
    }
    lines
}
