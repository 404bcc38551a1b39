//! What players look at: a game, its pictures, lists of games, legal moves, the exported record, and an audit of
//! the snapshots against the move log.

use super::adapter::{ActionOf, Choice};
use super::any::{AnyAction, Kind, Listed, Registration};
use super::{kind_of, Service, ServiceError, Table};
use crate::language::{Lang, List, Text};
use crate::rules::Seat;
use crate::store::{self, GameRow, Status, StoreError, Tx};

/// One line of a list of games.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    pub id: i64,
    pub kind: String,
    pub status: Status,
    pub channel_id: i64,
    pub thread_id: Option<i64>,
    pub version: i64,
    pub players: Vec<String>,
    /// The players due to play ("ana", or "ana and ben"), while the game is active.
    pub to_move: Option<List>,
}

/// A game's current standing in words, for `status`.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub summary: GameSummary,
    /// `(name, standing in words)` in seat order.
    pub players: Vec<(String, Text)>,
    /// The game's web page, when pages are served.
    pub page: Option<String>,
}

impl Service {
    /// A game as it stands now (lobbies have no state yet: they answer `NotStarted`).
    pub async fn game(&self, game_id: i64) -> Result<Table, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if row.status == Status::Lobby {
            return Err(ServiceError::NotStarted(game_id));
        }
        Service::table(&mut tx, row).await
    }

    /// Game `game_id` as seen from where a command was typed: only a game of that server (`guild_id`), or in a
    /// private conversation (`None`) only a game `user_id` sits in. Any other game answers exactly as a game that
    /// does not exist, so ids cannot be probed from elsewhere.
    pub async fn find(&self, game_id: i64, guild_id: Option<i64>, user_id: i64) -> Result<i64, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = store::games::get(&mut tx, game_id).await?;
        let visible = match (row, guild_id) {
            (Some(row), Some(guild)) => row.guild_id == Some(guild),
            (Some(_), None) => store::seats::of_game(&mut tx, game_id).await?.iter().any(|s| s.user_id == user_id),
            (None, _) => false,
        };
        if visible {
            Ok(game_id)
        } else {
            Err(ServiceError::NoSuchGame(game_id))
        }
    }

    /// The game played in a Discord thread.
    pub async fn game_in_thread(&self, thread_id: i64) -> Result<Option<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(store::games::by_thread(&mut tx, thread_id).await?.map(|g| g.id))
    }

    async fn summary(conn: &mut store::Tx, row: GameRow) -> Result<GameSummary, ServiceError> {
        let seats = store::seats::of_game(conn, row.id).await?;
        let to_move = match row.status {
            Status::Active => {
                let table = Service::table(conn, row.clone()).await?;
                Some(table.due()).filter(|due| !due.is_empty()).map(|due| table.names_of(due))
            }
            _ => None,
        };
        Ok(GameSummary {
            id: row.id,
            kind: row.kind,
            status: row.status,
            channel_id: row.channel_id,
            thread_id: row.thread_id,
            version: row.version,
            players: seats.into_iter().map(|s| s.name).collect(),
            to_move,
        })
    }

    /// Games opened in a channel, newest first.
    pub async fn games_in_channel(&self, channel_id: i64) -> Result<Vec<GameSummary>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut out = Vec::new();
        for row in store::games::in_channel(&mut tx, channel_id).await? {
            out.push(Service::summary(&mut tx, row).await?);
        }
        Ok(out)
    }

    /// A player's lobbies and games in progress on a server (`None`: everywhere), newest first.
    pub async fn games_of(&self, user_id: i64, guild_id: Option<i64>) -> Result<Vec<GameSummary>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut out = Vec::new();
        for row in store::games::of_user(&mut tx, user_id, guild_id, &[Status::Lobby, Status::Active]).await? {
            out.push(Service::summary(&mut tx, row).await?);
        }
        Ok(out)
    }

    /// Every player's standing now.
    pub async fn standing(&self, game_id: i64) -> Result<Standing, ServiceError> {
        let table = self.game(game_id).await?;
        let standings = table.game.standings();
        let players = table.names().into_iter().zip(standings).collect();
        let page = self.page_url(&table.row);
        let mut tx = self.store.read().await?;
        Ok(Standing { summary: Service::summary(&mut tx, table.row).await?, players, page })
    }

    /// Every legal action of `user_id` now in a game of `G`; empty when they are not due, or when the game is
    /// another's.
    pub async fn legal_moves<G: Registration>(
        &self,
        game_id: i64,
        user_id: i64,
    ) -> Result<Vec<ActionOf<G::Adapter>>, ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        if table.row.status != Status::Active || !table.due().contains(seat) {
            return Ok(Vec::new());
        }
        Ok(table.game.legal(seat).iter().filter_map(|a| G::Adapter::action(a).cloned()).collect())
    }

    /// The step of choosing a move with clicks after the values `path`, for `user_id` who saw version `seen`
    /// (`None`: now): the version to play at and the menu or the whole move. `None` when they are not due; a path
    /// the menus do not offer, or a move made since that changed their choices, is refused as the game having
    /// moved on.
    pub async fn choices(
        &self,
        game_id: i64,
        user_id: i64,
        seen: Option<i64>,
        path: &[&str],
    ) -> Result<Option<(i64, Choice<AnyAction>)>, ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        let version = table.row.version;
        let seen = seen.unwrap_or(version);
        let moved_on = ServiceError::MovedOn { game: game_id, seen, now: version };
        if table.row.status != Status::Active || !table.due().contains(seat) {
            return if seen == version { Ok(None) } else { Err(moved_on) };
        }
        let mut tx = self.store.read().await?;
        Service::still_open(&mut tx, &table, seat, seen).await?;
        let pledged = Service::pledged(&mut tx, &table, seat).await?;
        drop(tx);
        let Some(choice) = table.game.choices(seat, path) else { return Err(moved_on) };
        if !table.game.pledges(seat) {
            return Ok(Some((seen, choice)));
        }
        // A first choice that is final: kept once made, and nothing else offered afterwards.
        match (path.first(), pledged) {
            (None, Some(kept)) => match choice {
                Choice::Menu { prompt, options } => {
                    let options = options.into_iter().filter(|o| o.value == kept).collect();
                    Ok(Some((seen, Choice::Menu { prompt, options })))
                }
                done => Ok(Some((seen, done))),
            },
            (Some(first), Some(kept)) if *first != kept => Err(pledged_elsewhere(&table, seat, kept)),
            (Some(first), None) => {
                let mut tx = self.store.write().await?;
                if !store::seats::set_pledge(&mut tx, game_id, i64::from(seat), version, first).await? {
                    // Chosen at the same moment from elsewhere (a DM and the thread, maybe two processes): the
                    // first recorded stands.
                    let kept = Service::pledged(&mut tx, &table, seat).await?.unwrap_or_default();
                    if kept != *first {
                        return Err(pledged_elsewhere(&table, seat, kept));
                    }
                }
                tx.commit().await?;
                Ok(Some((seen, choice)))
            }
            _ => Ok(Some((seen, choice))),
        }
    }

    /// What `seat` pledged at the game's present step, if it is due for one whose first choice is final.
    pub(super) async fn pledged(conn: &mut Tx, table: &Table, seat: Seat) -> Result<Option<String>, ServiceError> {
        if !table.game.pledges(seat) {
            return Ok(None);
        }
        let pledge = store::seats::pledge(conn, table.row.id, i64::from(seat)).await?;
        Ok(pledge.filter(|(version, _)| *version == table.row.version).map(|(_, value)| value))
    }

    /// Whether a Discord interaction already made its move (a click delivered twice).
    pub async fn already_played(&self, interaction: i64) -> Result<bool, ServiceError> {
        let mut tx = self.store.read().await?;
        Ok(store::moves::by_interaction(&mut tx, interaction).await?.is_some())
    }

    /// The last `count` moves in words, oldest first.
    pub async fn log(&self, game_id: i64, count: usize) -> Result<Vec<Text>, ServiceError> {
        let table = self.game(game_id).await?;
        let mut tx = self.store.read().await?;
        let (_, history) = Service::replay(&mut tx, &table.row, &table.seats, table.row.version).await?;
        let skip = history.len().saturating_sub(count);
        Ok(history[skip..].iter().map(|played| played.line.clone()).collect())
    }

    /// The public board now, its words in the game's language.
    pub async fn board_png(&self, game_id: i64) -> Result<Vec<u8>, ServiceError> {
        let table = self.game(game_id).await?;
        Service::off_runtime(move || table.game.board_png(&table.names(), &[], table.row.lang)).await
    }

    /// What only `user_id` may see now (their hand), or the board in games that hide nothing; and whether it is a
    /// hand.
    pub async fn hand_png(&self, game_id: i64, user_id: i64, lang: Lang) -> Result<(Vec<u8>, bool), ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        let hands = table.kind().hands();
        let png = Service::off_runtime(move || {
            let names = table.names();
            table.game.private_png(&names, seat, lang).unwrap_or_else(|| table.game.board_png(&names, &[], lang))
        })
        .await?;
        Ok((png, hands))
    }

    /// The board after `actions` of `user_id`, for a confirm step, with the move in words; refuses an illegal move
    /// with the rule it breaks.
    pub async fn preview_png(
        &self,
        game_id: i64,
        user_id: i64,
        actions: Vec<AnyAction>,
        lang: Lang,
    ) -> Result<(Vec<u8>, Vec<Text>), ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        let names = table.names();
        let preview = table.game.preview(seat, &actions, &names).map_err(ServiceError::Illegal)?;
        let lines = preview.played.iter().map(|p| p.line.clone()).collect();
        let png = Service::off_runtime(move || preview.png(&names, lang)).await?;
        Ok((png, lines))
    }

    /// The game's record (shared/spec/record.md), with every secret (a deck's order): only once the game is over.
    pub async fn export(&self, game_id: i64) -> Result<String, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if !matches!(row.status, Status::Finished | Status::Abandoned) {
            return Err(ServiceError::ExportTooEarly(game_id));
        }
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let kind = kind_of(&row)?;
        let corrupt = |e: &dyn std::fmt::Display| StoreError::Corrupt(format!("game #{game_id}'s record: {e}"));
        let mut moves = Vec::new();
        for m in store::moves::of_game(&mut tx, game_id, row.version).await? {
            moves.push((m.seat as u8, kind.action(&m.action).map_err(|e| corrupt(&e))?));
        }
        Ok(kind.export(&row.options, row.seed, &names, &moves).map_err(|e| corrupt(&e))?)
    }

    /// A game's example board, for its rules summary.
    pub async fn example_png(kind: Kind, lang: Lang) -> Result<Vec<u8>, ServiceError> {
        Service::off_runtime(move || kind.example_png(lang)).await
    }

    /// Games whose snapshot disagrees with their replayed move log (there should be none).
    pub async fn audit(&self) -> Result<Vec<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut wrong = Vec::new();
        for id in store::games::with_snapshot(&mut tx).await? {
            let row = Service::row(&mut tx, id).await?;
            let seats = store::seats::of_game(&mut tx, id).await?;
            let cached = Service::table(&mut tx, row.clone()).await?.game;
            let (replayed, _) = Service::replay(&mut tx, &row, &seats, row.version).await?;
            if cached != replayed {
                wrong.push(id);
            }
        }
        Ok(wrong)
    }
}

/// The refusal of a choice other than the final one a seat made: "You chose Plank 4 (white) already…".
fn pledged_elsewhere(table: &Table, seat: Seat, kept: String) -> ServiceError {
    let label = match table.game.choices(seat, &[]) {
        Some(Choice::Menu { options, .. }) => options.into_iter().find(|o| o.value == kept).map(|o| o.label),
        _ => None,
    };
    ServiceError::Pledged(label.unwrap_or(Text::Said(kept)))
}
