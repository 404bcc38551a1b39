//! What a tournament shows: its entrants, standings (with their tie-breaks), cross-table and rounds, as its
//! announcement, `/… tournament standings` and its page show them; and the standings as a table of fixed-width
//! lines for Discord.

use super::{format_of, kind_of_tournament, past, results_of, table_bounds};
use crate::language::{Lang, List, Text};
use crate::ratings::reliability::Reliability;
use crate::service::game::Kind;
use crate::service::{Service, ServiceError};
use crate::store::tournaments::{self as stored, EntrantRow, TournamentRow};
use crate::store::Tx;
use crate::text;
use crate::tournament::{bye_points, standings, Entrant, Format, Past, Stage};

/// Lines of standings a Discord message shows (the page shows them all): 25 lines of at most 46 characters stay
/// well within a message's 2,000 with the words around them.
pub const STANDINGS_LINES: usize = 25;
/// Characters of a name in the standings' table.
const NAME_WIDTH: usize = 18;
/// Entrants up to which a tournament's page shows its cross-table.
pub const CROSS_TABLE_ENTRANTS: usize = 32;

/// A tournament as its fronts show it.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentView {
    pub id: i64,
    pub name: String,
    pub kind: Kind,
    pub format: Format,
    pub stage: Stage,
    /// Rounds started, and in all (known once it starts, for a round robin).
    pub round: i64,
    pub rounds: Option<i64>,
    pub starts_at: Option<i64>,
    pub channel_id: i64,
    pub message_id: Option<i64>,
    pub lang: Lang,
    /// Its page, where pages are served.
    pub url: Option<String>,
    /// Entrants in entry order.
    pub entrants: Vec<String>,
    pub standings: Vec<StandingLine>,
    /// Each standing line's entrant's turns in time and speed on the server (none for a computer).
    pub reliability: Vec<Option<Reliability>>,
    /// The cross-table, in the standings' order: `cross[i][j]`, what the `i`th scored in each game with the `j`th
    /// (empty beyond [`CROSS_TABLE_ENTRANTS`]: a page would grow with the square of the entrants).
    pub cross: Vec<Vec<Vec<f64>>>,
    pub rounds_played: Vec<RoundView>,
}

impl TournamentView {
    /// Where it stands, in words: taking entries (until when), the round under way, or over.
    pub fn state(&self) -> Text {
        let (name, rounds) = (&self.name, self.rounds.unwrap_or(0));
        match self.stage {
            Stage::Open => match self.starts_at {
                Some(at) => text!("tournament-state-starts", name = name, at = format!("<t:{}:F>", at / 1000)),
                None => text!("tournament-state-open", name = name),
            },
            Stage::Running => text!("tournament-state-running", name = name, round = self.round, rounds = rounds),
            Stage::Finished => text!("tournament-state-finished", name = name, rounds = rounds),
        }
    }

    /// Its announcement: where it stands, what it is (how to join, while it takes entries), who has entered, and
    /// its page.
    pub fn announcement(&self) -> Text {
        let format = Text::new(match self.format {
            Format::Swiss => "tournament-format-swiss",
            Format::RoundRobin => "tournament-format-round-robin",
        });
        let (title, id) = (self.kind.title(), self.id);
        // The Join button goes once entries close.
        let what = match self.stage {
            Stage::Open => text!("tournament-announcement", title = title, format = format, id = id),
            Stage::Running | Stage::Finished => {
                text!("tournament-announcement-closed", title = title, format = format, id = id)
            }
        };
        let entrants = match self.entrants.is_empty() {
            true => text!("tournament-no-entrants"),
            false => text!("tournament-entrants", count = self.entrants.len(), names = List::and(&self.entrants)),
        };
        let mut lines = vec![self.state().into(), what.into(), entrants.into()];
        lines.extend(self.url.as_deref().map(|url| crate::service::link_line(url).into()));
        text!("play-lines", lines = List::Lines(lines))
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingLine {
    pub place: usize,
    pub name: String,
    pub points: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    pub games: u32,
    pub byes: u32,
    pub withdrawn: bool,
}

/// A round's games and byes.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundView {
    pub round: i64,
    pub games: Vec<TableView>,
    pub byes: Vec<String>,
}

/// A game of a round: its players and, once it has ended, what each scored.
#[derive(Debug, Clone, PartialEq)]
pub struct TableView {
    pub game: i64,
    pub players: Vec<(String, Option<f64>)>,
    pub url: Option<String>,
}

impl Service {
    /// A tournament as it stands.
    pub async fn tournament_view(&self, id: i64) -> Result<TournamentView, ServiceError> {
        let mut tx = self.store.read().await?;
        let t = Service::tournament_row(&mut tx, id).await?;
        self.view(&mut tx, &t).await
    }

    /// The tournament a page token opens: the same answer for every token that opens none.
    pub async fn tournament_page(&self, token: &str) -> Result<TournamentView, ServiceError> {
        if !crate::service::is_token(token) {
            return Err(ServiceError::NoSuchPage);
        }
        let mut tx = self.store.read().await?;
        let t = stored::by_page_token(&mut tx, token).await?.ok_or(ServiceError::NoSuchPage)?;
        self.view(&mut tx, &t).await
    }

    async fn view(&self, tx: &mut Tx, t: &TournamentRow) -> Result<TournamentView, ServiceError> {
        let kind = kind_of_tournament(t)?;
        let entrants = stored::entrants(tx, t.id).await?;
        let past = past(tx, t, &entrants).await?;
        let (order, standings) = standing_lines(&entrants, &past, bye_points(table_bounds(kind).1));
        let cross = match entrants.len() <= CROSS_TABLE_ENTRANTS {
            true => cross_table(&order, &past),
            false => Vec::new(),
        };
        // Every entrant's, in entry order (a computer's id has no turns), shown for people only.
        let users: Vec<i64> = entrants.iter().map(|e| e.user_id).collect();
        let found = Service::reliability_in(tx, t.guild_id, &users).await?;
        let reliability = order.iter().map(|&e| entrants[e].computer.is_none().then_some(found[e])).collect();
        Ok(TournamentView {
            reliability,
            id: t.id,
            name: t.name.clone(),
            kind,
            format: format_of(t)?,
            stage: t.stage,
            round: t.round,
            rounds: t.rounds,
            starts_at: t.starts_at,
            channel_id: t.channel_id,
            message_id: t.message_id,
            lang: t.lang,
            url: self.pages.as_ref().map(|base| format!("{base}/t/{}", t.page_token)),
            entrants: entrants.iter().map(|e| e.name.clone()).collect(),
            standings,
            cross,
            rounds_played: self.rounds_played(tx, t, &entrants).await?,
        })
    }

    /// Each round's games (their players, and once over what each entrant scored) and byes.
    async fn rounds_played(
        &self,
        tx: &mut Tx,
        t: &TournamentRow,
        entrants: &[EntrantRow],
    ) -> Result<Vec<RoundView>, ServiceError> {
        let (byes, games, seated) =
            (stored::byes(tx, t.id).await?, stored::games(tx, t.id).await?, stored::seated(tx, t.id).await?);
        let name_of =
            |user: i64| entrants.iter().find(|e| e.user_id == user).map(|e| e.name.clone()).unwrap_or_default();
        let mut rounds: Vec<RoundView> =
            (1..=t.round).map(|round| RoundView { round, games: Vec::new(), byes: Vec::new() }).collect();
        for (round, e) in byes {
            let name = entrants.iter().find(|x| x.entrant == e).map(|x| x.name.clone()).unwrap_or_default();
            rounds.iter_mut().filter(|r| r.round == round).for_each(|r| r.byes.push(name.clone()));
        }
        for g in games {
            let results = results_of(&g)?;
            // Once over, its entrants and their points; while it runs, who sits there now.
            let players = match results {
                Some(results) => results.into_iter().map(|(user, points)| (name_of(user), Some(points))).collect(),
                None => seated.iter().filter(|s| s.0 == g.game_id).map(|s| (s.2.clone(), None)).collect(),
            };
            let url = self.pages.as_ref().zip(g.page_token).map(|(base, token)| format!("{base}/g/{token}"));
            let view = TableView { game: g.game_id, players, url };
            rounds.iter_mut().filter(|r| r.round == g.round).for_each(|r| r.games.push(view.clone()));
        }
        Ok(rounds)
    }
}

/// The standings' lines, and the entrants in their order.
pub(in crate::service) fn standing_lines(
    entrants: &[EntrantRow],
    past: &Past,
    bye: f64,
) -> (Vec<Entrant>, Vec<StandingLine>) {
    let lines = standings(entrants.len(), past, bye);
    let shown = lines
        .iter()
        .enumerate()
        .map(|(i, l)| StandingLine {
            place: i + 1,
            name: entrants[l.entrant].name.clone(),
            points: l.points,
            buchholz: l.buchholz,
            sonneborn_berger: l.sonneborn_berger,
            games: l.games,
            byes: l.byes,
            withdrawn: entrants[l.entrant].withdrawn_after.is_some(),
        })
        .collect();
    (lines.iter().map(|l| l.entrant).collect(), shown)
}

/// The cross-table of entrants in `order`: what each scored in each game with each other.
fn cross_table(order: &[Entrant], past: &Past) -> Vec<Vec<Vec<f64>>> {
    let mut place = vec![0; order.len()];
    order.iter().enumerate().for_each(|(i, &e)| place[e] = i);
    let mut cross = vec![vec![Vec::new(); order.len()]; order.len()];
    for game in &past.games {
        for &(a, scored) in &game.players {
            game.players.iter().filter(|&&(b, _)| b != a).for_each(|&(b, _)| cross[place[a]][place[b]].push(scored));
        }
    }
    cross
}

/// Standings as fixed-width lines in a code block (the first [`STANDINGS_LINES`], then how many more), in `lang`.
pub fn standings_table(lines: &[StandingLine], lang: Lang) -> String {
    let header = format!(
        "{:>3}  {:<NAME_WIDTH$} {:>6} {:>6} {:>6}",
        "#",
        lang.word("tournament-column-player"),
        lang.word("tournament-column-points"),
        lang.word("tournament-column-buchholz"),
        lang.word("tournament-column-sonneborn-berger"),
    );
    let mut table = vec!["```".to_string(), header];
    for l in lines.iter().take(STANDINGS_LINES) {
        let mut name = match l.withdrawn {
            true => lang.say(&text!("tournament-withdrawn-name", name = &l.name)),
            false => l.name.clone(),
        };
        // A name cannot close the code block.
        name = name.replace('`', "'");
        if name.chars().count() > NAME_WIDTH {
            name = name.chars().take(NAME_WIDTH - 1).chain(['…']).collect();
        }
        let [points, buchholz, sb] = [l.points, l.buchholz, l.sonneborn_berger].map(|x| points_words(x, lang));
        table.push(format!("{:>3}  {name:<NAME_WIDTH$} {points:>6} {buchholz:>6} {sb:>6}", l.place));
    }
    table.push("```".to_string());
    if lines.len() > STANDINGS_LINES {
        table.push(lang.say(&text!("tournament-more-lines", count = lines.len() - STANDINGS_LINES)));
    }
    table.join("\n")
}

/// Points as a player reads them: at most two decimals, none when whole, the language's decimal mark.
pub fn points_words(x: f64, lang: Lang) -> String {
    let shown = format!("{x:.2}");
    let shown = shown.trim_end_matches('0').trim_end_matches('.');
    match lang {
        Lang::En => shown.to_string(),
        Lang::Fr | Lang::Nl => shown.replace('.', ","),
    }
}
