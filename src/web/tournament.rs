//! A tournament's page (`/t/{token}`): where it stands, its standings with their tie-breaks, the cross-table, and
//! each round's games linked to their own pages. Plain HTML, no script: it is read, not played.

use super::pages::{document, heads, language_links, unfurled_tags};
use crate::language::{Lang, List};
use crate::service::seat::fair_play::reliability_short;
use crate::service::{points_words, TournamentView};
use crate::text;
use crate::tournament::{Format, Stage};
use maud::{html, Markup};

/// The page, in `lang`.
pub fn html(view: &TournamentView, lang: Lang) -> Markup {
    let format = lang.word(match view.format {
        Format::Swiss => "web-tournament-swiss",
        Format::RoundRobin => "web-tournament-round-robin",
    });
    let title = lang.say(&text!("web-tournament-title", name = &view.name, title = view.kind.title(), format = format));
    let rounds = view.rounds.unwrap_or(0);
    let state = lang.say(&match view.stage {
        Stage::Open => text!("web-tournament-open", count = view.entrants.len()),
        Stage::Running => text!("web-tournament-running", round = view.round, rounds = rounds),
        Stage::Finished => text!("web-tournament-finished", rounds = rounds),
    });
    let body = html! {
        main #tournament {
            h1 { (title) }
            p #state { (state) }
            nav { (language_links(lang, "")) }
            (standings(view, lang))
            (cross_table(view, lang))
            (rounds_played(view, lang))
            p { (lang.say(&text!("web-tournament-note"))) }
        }
    };
    document(lang, &title, "../g/page.css", unfurled(view, &title, &state, lang), body)
}

/// Standings a link's card shows: the leaders'.
const UNFURLED_STANDINGS: usize = 5;

/// What a link to the page unfurls to: the tournament, where it stands and its leaders. None without a public
/// address.
fn unfurled(view: &TournamentView, title: &str, state: &str, lang: Lang) -> Markup {
    let Some(url) = &view.url else { return html! {} };
    let leaders = view.standings.iter().take(UNFURLED_STANDINGS).map(|l| {
        lang.say(&text!(
            "web-tournament-unfurled",
            place = l.place,
            name = &l.name,
            points = points_words(l.points, lang)
        ))
    });
    let described = [state.to_string()].into_iter().chain(leaders).collect::<Vec<_>>().join(" ");
    unfurled_tags(title, &described, url, None)
}

/// The standings' columns after the place.
const STANDINGS_HEADS: [&str; 7] = [
    "web-tournament-player",
    "web-tournament-points",
    "web-tournament-buchholz",
    "web-tournament-sonneborn-berger",
    "web-tournament-games",
    "web-tournament-byes",
    "web-leaderboard-in-time",
];

fn standings(view: &TournamentView, lang: Lang) -> Markup {
    html! {
        h2 { (lang.word("web-tournament-standings")) }
        table #standings {
            thead { (heads(lang, &STANDINGS_HEADS)) }
            tbody {
                @for (l, r) in view.standings.iter().zip(&view.reliability) {
                    tr {
                        td { (l.place) }
                        td {
                            @if l.withdrawn { (lang.say(&text!("web-tournament-withdrawn", name = &l.name))) }
                            @else { (l.name) }
                        }
                        @for x in [l.points, l.buchholz, l.sonneborn_berger] { td { (points_words(x, lang)) } }
                        td { (l.games) }
                        td { (l.byes) }
                        td { @if let Some(r) = r { (lang.say(&reliability_short(r))) } }
                    }
                }
            }
        }
    }
}

/// Each entrant's row: what they scored against each other (several games: each, in order); none when the
/// tournament is too large for one ([`crate::service::CROSS_TABLE_ENTRANTS`]).
fn cross_table(view: &TournamentView, lang: Lang) -> Markup {
    if view.cross.is_empty() {
        return html! {};
    }
    html! {
        h2 { (lang.word("web-tournament-cross-table")) }
        table #cross {
            thead { tr {
                th { "#" }
                th { (lang.word("web-tournament-player")) }
                @for i in 1..=view.standings.len() { th { (i) } }
            } }
            tbody {
                @for (l, row) in view.standings.iter().zip(&view.cross) {
                    tr {
                        th { (l.place) }
                        td { (l.name) }
                        @for (j, scored) in row.iter().enumerate() {
                            @if j + 1 == l.place { td.self { "×" } }
                            @else {
                                td { (scored.iter().map(|&x| points_words(x, lang)).collect::<Vec<_>>().join(" ")) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Each round: its games (players with what they scored once it ended, linked to the game's page) and its byes.
fn rounds_played(view: &TournamentView, lang: Lang) -> Markup {
    html! {
        h2 { (lang.word("web-tournament-rounds")) }
        @for r in &view.rounds_played {
            section.round {
                h3 { (lang.say(&text!("web-tournament-round", round = r.round))) }
                ul {
                    @for g in &r.games {
                        @let players = g.players.iter().map(|(name, scored)| match scored {
                            Some(x) => format!("{name} ({})", points_words(*x, lang)),
                            None => name.clone(),
                        });
                        @let line = lang.say(&text!("web-tournament-game", game = g.game, players = List::and(players)));
                        li {
                            @if let Some(url) = &g.url { a href=(url) { (line) } } @else { (line) }
                        }
                    }
                    @if !r.byes.is_empty() {
                        li { (lang.say(&text!("web-tournament-byes-of", names = List::and(&r.byes)))) }
                    }
                }
            }
        }
    }
}
