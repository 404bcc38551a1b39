//! What players look at: a game, its pictures, lists of games, legal moves, the exported record, and an audit of
//! the snapshots against the move log.

use crate::language::{Lang, List, Text};
use crate::pictures::{Picture, Reader};
use crate::rules::record::Substitution;
use crate::service::game::adapter::ActionOf;
use crate::service::game::any::{Listed, Registration};
use crate::service::game::Kind;
use crate::service::{kind_of, Service, ServiceError, Table};
use crate::store::{self, GameRow, SeatRow, Status, StoreError, Tx};

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

impl GameSummary {
    /// `row`'s game with its `seats`, and who is due (`None`: nobody, or the game is not active).
    fn of(row: GameRow, seats: &[SeatRow], to_move: Option<List>) -> GameSummary {
        GameSummary {
            id: row.id,
            kind: row.kind,
            status: row.status,
            channel_id: row.channel_id,
            thread_id: row.thread_id,
            version: row.version,
            players: seats.iter().map(|s| s.name.clone()).collect(),
            to_move,
        }
    }
}

/// A loaded game's line, with who is due while it is active.
fn summarize(table: &Table) -> GameSummary {
    let due = Some(table.due()).filter(|due| !due.is_empty() && table.row.status == Status::Active);
    GameSummary::of(table.row.clone(), &table.seats, due.map(|due| table.names_of(due)))
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

/// A finished game's record, as a file: `meridian-12.json`.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    pub file_name: String,
    pub json: String,
}

impl Service {
    /// A game as it stands now (lobbies have no state yet: they answer `NotStarted`).
    pub async fn game(&self, game_id: i64) -> Result<Table, ServiceError> {
        let mut tx = self.store.read().await?;
        self.started(&mut tx, game_id).await
    }

    /// A started game, loaded in the caller's transaction (lobbies answer `NotStarted`).
    pub(super) async fn started(&self, tx: &mut Tx, game_id: i64) -> Result<Table, ServiceError> {
        let row = Service::row(tx, game_id).await?;
        if row.status == Status::Lobby {
            return Err(ServiceError::NotStarted(game_id));
        }
        self.table(tx, row).await
    }

    /// Refuses a game that does not exist or has not started, without loading it (a public answer's checks, made
    /// before it is deferred).
    pub async fn check_started(&self, game_id: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.read().await?;
        match Service::row(&mut tx, game_id).await?.status {
            Status::Lobby => Err(ServiceError::NotStarted(game_id)),
            _ => Ok(()),
        }
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

    /// A line about `row`'s game: who is due is read from the game, loaded while it is active.
    async fn summary(&self, conn: &mut store::Tx, row: GameRow) -> Result<GameSummary, ServiceError> {
        if row.status == Status::Active {
            return Ok(summarize(&self.table(conn, row).await?));
        }
        let seats = store::seats::of_game(conn, row.id).await?;
        Ok(GameSummary::of(row, &seats, None))
    }

    /// Games opened in a channel, newest first.
    pub async fn games_in_channel(&self, channel_id: i64) -> Result<Vec<GameSummary>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut out = Vec::new();
        for row in store::games::in_channel(&mut tx, channel_id).await? {
            out.push(self.summary(&mut tx, row).await?);
        }
        Ok(out)
    }

    /// The ids of a player's lobbies and games in progress on a server (`None`: everywhere), newest first, none of
    /// them loaded (for finding the game a command is about).
    pub async fn game_ids_of(&self, user_id: i64, guild_id: Option<i64>) -> Result<Vec<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        let rows = store::games::of_user(&mut tx, user_id, guild_id, &[Status::Lobby, Status::Active]).await?;
        Ok(rows.into_iter().map(|row| row.id).collect())
    }

    /// A player's lobbies and games in progress on a server (`None`: everywhere), newest first.
    pub async fn games_of(&self, user_id: i64, guild_id: Option<i64>) -> Result<Vec<GameSummary>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut out = Vec::new();
        for row in store::games::of_user(&mut tx, user_id, guild_id, &[Status::Lobby, Status::Active]).await? {
            out.push(self.summary(&mut tx, row).await?);
        }
        Ok(out)
    }

    /// Every player's standing now.
    pub async fn standing(&self, game_id: i64) -> Result<Standing, ServiceError> {
        let table = self.game(game_id).await?;
        let standings = table.game.standings();
        let players = table.names().into_iter().zip(standings).collect();
        Ok(Standing { summary: summarize(&table), players, page: self.page_url(&table.row) })
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

    /// The last `count` moves in words, oldest first (the game replayed, not loaded besides).
    pub async fn log(&self, game_id: i64, count: usize) -> Result<Vec<Text>, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if row.status == Status::Lobby {
            return Err(ServiceError::NotStarted(game_id));
        }
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let (_, history) = Service::replay(&mut tx, &row, &seats, row.version).await?;
        let skip = history.len().saturating_sub(count);
        Ok(history[skip..].iter().map(|played| played.line.clone()).collect())
    }

    /// The public board now, its words in the game's language, in its colours.
    pub async fn board_picture(&self, game_id: i64) -> Result<Picture, ServiceError> {
        let table = self.game(game_id).await?;
        let reader = Service::game_reader(&table.row);
        Service::off_runtime(move || table.game.board_picture(&table.names(), &[], reader)).await
    }

    /// The public position now in words, in `lang`, one line per island, land or pawn.
    pub async fn board_words(&self, game_id: i64, lang: Lang) -> Result<Vec<String>, ServiceError> {
        let table = self.game(game_id).await?;
        Ok(table.game.position_words(&table.names(), lang))
    }

    /// The game's record (shared/spec/record.md), with every secret (a deck's order): only once the game is over.
    pub async fn export(&self, game_id: i64) -> Result<Exported, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if !matches!(row.status, Status::Finished | Status::Abandoned) {
            return Err(ServiceError::ExportTooEarly(game_id));
        }
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let kind = kind_of(&row)?;
        let corrupt = |e: &dyn std::fmt::Display| StoreError::Corrupt(format!("game #{game_id}'s record: {e}"));
        let (standing, mut moves) = (store::moves::of_game(&mut tx, game_id, row.version).await?, Vec::new());
        for m in &standing {
            moves.push((m.seat as u8, kind.action(&m.action).map_err(|e| corrupt(&e))?));
        }
        let json = kind.export(&row.options, row.seed, &names, &moves).map_err(|e| corrupt(&e))?;
        let substitutions = store::substitutions::of_game(&mut tx, game_id).await?;
        let json = with_substitutions(json, substitutions, &standing).map_err(|e| corrupt(&e))?;
        Ok(Exported { file_name: format!("{}-{game_id}.json", kind.name()), json })
    }

    /// A game's example board, for its rules summary.
    pub async fn example_picture(kind: Kind, lang: Lang) -> Result<Picture, ServiceError> {
        Service::off_runtime(move || kind.example_picture(Reader::standard(lang))).await
    }

    /// Games whose snapshot disagrees with their replayed move log (there should be none).
    pub async fn audit(&self) -> Result<Vec<i64>, ServiceError> {
        let mut tx = self.store.read().await?;
        let mut wrong = Vec::new();
        for id in store::games::with_snapshot(&mut tx).await? {
            let row = Service::row(&mut tx, id).await?;
            let seats = store::seats::of_game(&mut tx, id).await?;
            let cached = self.table(&mut tx, row.clone()).await?.game;
            let (replayed, _) = Service::replay(&mut tx, &row, &seats, row.version).await?;
            if cached != replayed {
                wrong.push(id);
            }
        }
        Ok(wrong)
    }
}

/// A game's record with its seats' substitutions (`substitutions`, optional in every game's record: see
/// `docs/records.md`), if any; each from the first of the `standing` moves (those the record holds) after it.
fn with_substitutions(
    json: String,
    substitutions: Vec<store::substitutions::SubstitutionRow>,
    standing: &[store::MoveRow],
) -> Result<String, serde_json::Error> {
    if substitutions.is_empty() {
        return Ok(json);
    }
    let mut record: serde_json::Value = serde_json::from_str(&json)?;
    let from_move = |version: i64| standing.iter().filter(|m| m.seq <= version).count();
    let substitutions: Vec<Substitution> = substitutions
        .into_iter()
        .map(|h| Substitution { from_move: from_move(h.version), seat: h.seat as u8, from: h.from_name, to: h.to_name })
        .collect();
    record["substitutions"] = serde_json::to_value(substitutions)?;
    serde_json::to_string_pretty(&record)
}
