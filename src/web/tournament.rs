//! A tournament's page (`/t/{token}`): where it stands, its standings with their tie-breaks, the cross-table, and
//! each round's games linked to their own pages. Plain HTML, no script: it is read, not played.

use super::routes::{escape, language_links};
use crate::language::{Lang, List};
use crate::service::seat::fair_play::reliability_short;
use crate::service::{points_words, TournamentView};
use crate::text;
use crate::tournament::{Format, Stage};

/// The page, in `lang`.
pub fn html(view: &TournamentView, lang: Lang) -> String {
    let say = |t| escape(&lang.say(&t));
    let format = lang.word(match view.format {
        Format::Swiss => "web-tournament-swiss",
        Format::RoundRobin => "web-tournament-round-robin",
    });
    let title = say(text!("web-tournament-title", name = &view.name, title = view.kind.title(), format = format));
    let rounds = view.rounds.unwrap_or(0);
    let state = say(match view.stage {
        Stage::Open => text!("web-tournament-open", count = view.entrants.len()),
        Stage::Running => text!("web-tournament-running", round = view.round, rounds = rounds),
        Stage::Finished => text!("web-tournament-finished", rounds = rounds),
    });
    format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <link rel=\"stylesheet\" href=\"../g/page.css\"></head><body><main id=\"tournament\"><h1>{title}</h1>\
         <p id=\"state\">{state}</p><nav>{}</nav>{}{}{}<p>{}</p></main></body></html>",
        lang.code(),
        language_links(lang),
        standings(view, lang),
        cross_table(view, lang),
        rounds_played(view, lang),
        say(text!("web-tournament-note")),
    )
}

fn standings(view: &TournamentView, lang: Lang) -> String {
    let word = |id: &str| escape(&lang.word(id));
    let rows: String = view
        .standings
        .iter()
        .zip(&view.reliability)
        .map(|(l, r)| {
            let in_time = r.as_ref().map_or(String::new(), |r| escape(&lang.say(&reliability_short(r))));
            let name = match l.withdrawn {
                true => lang.say(&text!("web-tournament-withdrawn", name = &l.name)),
                false => l.name.clone(),
            };
            let [points, buchholz, sb] = [l.points, l.buchholz, l.sonneborn_berger].map(|x| points_words(x, lang));
            format!(
                "<tr><td>{}</td><td>{}</td><td>{points}</td><td>{buchholz}</td><td>{sb}</td><td>{}</td><td>{}</td>\
                 <td>{in_time}</td></tr>",
                l.place,
                escape(&name),
                l.games,
                l.byes
            )
        })
        .collect();
    format!(
        "<h2>{}</h2><table id=\"standings\"><thead><tr><th>#</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th>\
         <th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>{rows}</tbody></table>",
        word("web-tournament-standings"),
        word("web-tournament-player"),
        word("web-tournament-points"),
        word("web-tournament-buchholz"),
        word("web-tournament-sonneborn-berger"),
        word("web-tournament-games"),
        word("web-tournament-byes"),
        word("web-leaderboard-in-time"),
    )
}

/// Each entrant's row: what they scored against each other (several games: each, in order); none when the
/// tournament is too large for one ([`crate::service::CROSS_TABLE_ENTRANTS`]).
fn cross_table(view: &TournamentView, lang: Lang) -> String {
    if view.cross.is_empty() {
        return String::new();
    }
    let heads: String = (1..=view.standings.len()).map(|i| format!("<th>{i}</th>")).collect();
    let rows: String = view
        .standings
        .iter()
        .zip(&view.cross)
        .map(|(l, row)| {
            let cells: String = row
                .iter()
                .enumerate()
                .map(|(j, scored)| match j + 1 == l.place {
                    true => "<td class=\"self\">×</td>".to_string(),
                    false => {
                        let said: Vec<String> = scored.iter().map(|&x| points_words(x, lang)).collect();
                        format!("<td>{}</td>", said.join(" "))
                    }
                })
                .collect();
            format!("<tr><th>{}</th><td>{}</td>{cells}</tr>", l.place, escape(&l.name))
        })
        .collect();
    format!(
        "<h2>{}</h2><table id=\"cross\"><thead><tr><th>#</th><th>{}</th>{heads}</tr></thead><tbody>{rows}</tbody>\
         </table>",
        escape(&lang.word("web-tournament-cross-table")),
        escape(&lang.word("web-tournament-player")),
    )
}

/// Each round: its games (players with what they scored once it ended, linked to the game's page) and its byes.
fn rounds_played(view: &TournamentView, lang: Lang) -> String {
    let rounds: String = view
        .rounds_played
        .iter()
        .map(|r| {
            let games: String = r
                .games
                .iter()
                .map(|g| {
                    let players = g.players.iter().map(|(name, scored)| match scored {
                        Some(x) => format!("{name} ({})", points_words(*x, lang)),
                        None => name.clone(),
                    });
                    let line =
                        escape(&lang.say(&text!("web-tournament-game", game = g.game, players = List::and(players))));
                    match &g.url {
                        Some(url) => format!("<li><a href=\"{}\">{line}</a></li>", escape(url)),
                        None => format!("<li>{line}</li>"),
                    }
                })
                .collect();
            let byes = match r.byes.is_empty() {
                true => String::new(),
                false => format!(
                    "<li>{}</li>",
                    escape(&lang.say(&text!("web-tournament-byes-of", names = List::and(&r.byes))))
                ),
            };
            let round = escape(&lang.say(&text!("web-tournament-round", round = r.round)));
            format!("<section class=\"round\"><h3>{round}</h3><ul>{games}{byes}</ul></section>")
        })
        .collect();
    format!("<h2>{}</h2>{rounds}", escape(&lang.word("web-tournament-rounds")))
}
