//! The pages' HTML, written with maud: every value put in a page is escaped as it goes in, so that a name or a
//! move's words are text, never markup. A game's page and a leaderboard here; a tournament's in
//! [`super::tournament`], built of the same document and language links.

use crate::language::{capitalized, Lang, List};
use crate::ratings::reliability::Reliability;
use crate::service::game::Kind;
use crate::service::ratings::Leaderboard;
use crate::service::seat::fair_play::reliability_short;
use crate::service::History;
use crate::text;
use maud::{html, Markup, PreEscaped, DOCTYPE};

/// How often an open page asks whether the game moved on, in seconds.
pub const POLL_SECONDS: u32 = 3;

/// A page in `lang`: its head (titled `title`, styled by the sheet at `style`, then `more`) and its `body`. Every
/// page says it sends no referrer, before anything it loads (as its answer's header says too).
pub(super) fn document(lang: Lang, title: &str, style: &str, more: Markup, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) }
                link rel="stylesheet" href=(style);
                (more)
            }
            body { (body) }
        }
    }
}

/// Links to the page in each language, the one shown marked; `kept` is the rest of the address the page keeps
/// (`&colours=safe`: its colours), or nothing.
pub(super) fn language_links(shown: Lang, kept: &str) -> Markup {
    html! {
        @for (k, lang) in Lang::ALL.into_iter().enumerate() {
            @if k > 0 { " · " }
            a href={ "?lang=" (lang.code()) (kept) } hreflang=(lang.code()) lang=(lang.code())
                aria-current=[(lang == shown).then_some("page")] {
                (capitalized(&lang.word("language-name")))
            }
        }
    }
}

/// Links to the page in each palette (in the same language), the one shown marked.
fn colour_links(lang: Lang, shown: &str) -> Markup {
    html! {
        (lang.word("web-colours-label")) " "
        @for (k, palette) in crate::service::Palette::ALL.into_iter().enumerate() {
            @if k > 0 { " · " }
            a href={ "?lang=" (lang.code()) "&colours=" (palette.name()) }
                aria-current=[(palette.name() == shown).then_some("page")] {
                (lang.word(&format!("web-colours-{}", palette.name())))
            }
        }
    }
}

/// A table's row of heads: `#`, then each of these words in `lang`.
pub(super) fn heads(lang: Lang, ids: &[&str]) -> Markup {
    html! { tr { th { "#" } @for id in ids { th { (lang.word(id)) } } } }
}

/// A leaderboard's columns after the rank.
const LEADERBOARD_HEADS: [&str; 4] =
    ["web-leaderboard-player", "web-leaderboard-rating", "web-leaderboard-games", "web-leaderboard-in-time"];

/// A leaderboard page: a table of the best, their ratings, rated games and turns in time, in `lang`.
pub(super) fn leaderboard(kind: Kind, board: &Leaderboard, reliability: &[Option<Reliability>], lang: Lang) -> Markup {
    let title = lang.say(&text!("web-leaderboard-title", game = kind.title()));
    let body = html! {
        main {
            h1 { (title) }
            table {
                thead { (heads(lang, &LEADERBOARD_HEADS)) }
                tbody {
                    @for (s, r) in board.top.iter().zip(reliability) {
                        tr {
                            td { (s.rank) }
                            td { (s.name) }
                            td { (s.shown.to_string()) }
                            td { (s.games) }
                            td { @if let Some(r) = r { (lang.say(&reliability_short(r))) } }
                        }
                    }
                }
            }
            p { (lang.say(&text!("web-leaderboard-note", games = crate::ratings::SETTLED_AFTER))) }
        }
    };
    document(lang, &title, "../g/page.css", html! {}, body)
}

/// The words the page's script says, with `{step}`, `{last}` and `{chart}` for it to fill: as JSON, whose `<`
/// written `\u003c` so that nothing in it can close the `<script type="application/json">` it is put in (data,
/// never run; a script's text is not HTML, so JSON is how it is escaped).
fn script_words(lang: Lang) -> PreEscaped<String> {
    let holes = |id: &str| {
        let said = text!(id, step = "{step}", last = "{last}", chart = "{chart}", title = "{title}", game = "{game}");
        (id.to_string(), serde_json::Value::from(lang.say(&said)))
    };
    let ids = ["web-counter-setup", "web-counter", "web-chart-title"];
    let more = ["web-at-setup", "web-after-move", "web-title", "web-chart-table", "web-chart-move"];
    let words: serde_json::Map<String, serde_json::Value> = ids.into_iter().chain(more).map(holes).collect();
    PreEscaped(serde_json::Value::Object(words).to_string().replace('<', "\\u003c"))
}

/// A game's page, complete without its script (the move list, the last board, who is due), in the history's
/// language; the script then adds stepping, the chart and live updates.
pub(super) fn game(token: &str, history: &History) -> Markup {
    let lang = history.lang;
    let title = lang.say(&text!("web-title", title = history.title, game = history.game));
    let head = html! {
        script src="page.js" defer {}
        script type="application/json" id="words" { (script_words(lang)) }
        (unfurled(history, &title))
    };
    let word = |id: &str| lang.word(id);
    let body = html! {
        main #game data-token=(token) data-poll=(POLL_SECONDS) data-last=(history.last) data-lang=(lang.code()) data-colours=(history.palette) {
            header {
                nav.languages aria-label=(word("web-languages")) {
                    (language_links(lang, &format!("&colours={}", history.palette)))
                }
                nav.languages aria-label=(word("web-colours")) { (colour_links(lang, history.palette)) }
                h1 { (title) }
                p.players { (lang.say(&text!("play-lines", lines = List::and(&history.players)))) }
                p #state aria-live="polite" { (history.state) }
            }
            (board(token, history))
            section.moves {
                h2 #moves-title { (word("web-moves")) }
                // Focusable, so that a keyboard scrolls the list as a mouse does.
                ol #moves start="0" tabindex="0" aria-labelledby="moves-title" {
                    @for (k, step) in history.steps.iter().enumerate() { li data-step=(k) { (step.line) } }
                }
            }
            section.scores {
                h2 { (word("web-standing")) }
                ul #standings {}
                h2 #chart-title { (lang.say(&text!("web-chart-title", chart = capitalized(&history.chart)))) }
                div #chart {}
                h2 #analysis-title hidden { (word("web-analysis")) }
                div #analysis {}
            }
            p #record hidden {
                a href={ (token) "/record.json" } download { (word("web-record")) } " " (word("web-record-note"))
            }
        }
    };
    document(lang, &title, "page.css", head, body)
}

/// What a link to the page unfurls to: the game and its players, whose turn and the standings, and the board now
/// (the thread's, never a private view), at the page's public address. None without one: a link's picture must be
/// an absolute address.
fn unfurled(history: &History, title: &str) -> Markup {
    let Some(page) = &history.page else { return html! {} };
    let lang = history.lang;
    let players = lang.say(&text!("play-lines", lines = List::and(&history.players)));
    let (board, alt) = last_board(history);
    let described = [history.state.clone()].into_iter().chain(history.standings.iter().cloned()).collect::<Vec<_>>();
    let title = lang.say(&text!("web-og-title", title = title, players = players));
    unfurled_tags(&title, &described.join(" "), page, Some((&format!("{page}{board}"), alt)))
}

/// A link's card (Open Graph, and Twitter's): its title, description and address, and a picture with its alt text
/// (a large card), or none.
pub(super) fn unfurled_tags(title: &str, description: &str, url: &str, image: Option<(&str, &str)>) -> Markup {
    html! {
        meta property="og:type" content="website";
        meta property="og:title" content=(title);
        meta property="og:description" content=(description);
        meta property="og:url" content=(url);
        @if let Some((image, alt)) = image {
            meta property="og:image" content=(image);
            meta property="og:image:type" content="image/png";
            meta property="og:image:alt" content=(alt);
        }
        meta name="twitter:card" content=(if image.is_some() { "summary_large_image" } else { "summary" });
    }
}

/// The address of a page's board at its last step, after the page's (in its language and colours), and its alt
/// text.
fn last_board(history: &History) -> (String, &str) {
    let (version, alt) = history.steps.last().map_or((0, ""), |s| (s.version, s.alt.as_str()));
    let (lang, colours) = (history.lang.code(), history.palette);
    (format!("/board/{}?v={version}&lang={lang}&colours={colours}", history.last), alt)
}

/// A game page's board at its last step, and the buttons that step through the game.
fn board(token: &str, history: &History) -> Markup {
    let (lang, last) = (history.lang, history.last);
    let (address, alt) = last_board(history);
    let word = |id: &str| lang.word(id);
    let button = |id: &str, label: &str, hint: &str, arrows: &str| {
        html! { button id=(id) type="button" title=(word(hint)) aria-label=(word(label)) { (arrows) } }
    };
    html! {
        section.board {
            div.frame {
                img #board src={ (token) (address) } alt=(alt) width="900";
            }
            nav.steps aria-label=(word("web-moves-nav")) {
                (button("first", "web-first", "web-first-title", "|◀"))
                (button("previous", "web-previous", "web-previous-title", "◀"))
                span #counter { (lang.say(&text!("web-counter", step = last, last = last))) }
                (button("next", "web-next", "web-next-title", "▶"))
                (button("last", "web-last", "web-last-title", "▶|"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::language::Lang;

    #[test]
    fn each_language_is_linked_in_its_own_words_the_shown_one_marked() {
        assert_eq!(
            super::language_links(Lang::Fr, "").into_string(),
            "<a href=\"?lang=en\" hreflang=\"en\" lang=\"en\">English</a> · \
             <a href=\"?lang=fr\" hreflang=\"fr\" lang=\"fr\" aria-current=\"page\">Français</a> · \
             <a href=\"?lang=nl\" hreflang=\"nl\" lang=\"nl\">Nederlands</a>"
        );
    }
}
