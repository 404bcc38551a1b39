//! What players look at: a game, its pictures, lists of games, legal moves, the exported record, and an audit of
//! the snapshots against the move log.

use super::{Service, ServiceError, Table};
use crate::pictures;
use crate::rules::meridian::record::BoardSpec;
use crate::rules::meridian::{Move, Record};
use crate::store::{self, GameRow, Status};

/// One line of a list of games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: i64,
    pub kind: String,
    pub status: Status,
    pub channel_id: i64,
    pub thread_id: Option<i64>,
    pub version: i64,
    pub players: Vec<String>,
    /// The player to move, while the game is active.
    pub to_move: Option<String>,
}

/// A game's current standing in words, for `/meridian status`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub summary: GameSummary,
    /// `(name, score, reserve)` in seat order.
    pub players: Vec<(String, u32, u8)>,
}

/// A player's record on a server.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    /// Finished games they sat in.
    pub played: usize,
    /// Games they won or shared the win of.
    pub won: usize,
    pub average_score: Option<f64>,
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

    async fn summary(conn: &mut store::Conn, row: GameRow) -> Result<GameSummary, ServiceError> {
        let seats = store::seats::of_game(conn, row.id).await?;
        let to_move = match row.status {
            Status::Active => {
                let table = Service::table(conn, row.clone()).await?;
                table.game.to_move().map(|s| table.names()[usize::from(s)].clone())
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

    /// A player's finished games on a server (`None`: everywhere), all of them: wins and average score.
    pub async fn stats(&self, guild_id: Option<i64>, user_id: i64) -> Result<Stats, ServiceError> {
        let mut tx = self.store.read().await?;
        let (mut played, mut won, mut points) = (0, 0, 0u32);
        for row in store::games::of_user(&mut tx, user_id, guild_id, &[Status::Finished]).await? {
            let table = Service::table(&mut tx, row).await?;
            let Some(seat) = table.seat_of(user_id) else { continue };
            played += 1;
            points += table.game.scores()[usize::from(seat)];
            if super::winners(&table.game, &table.seats).contains(seat) {
                won += 1;
            }
        }
        let average_score = (played > 0).then(|| f64::from(points) / played as f64);
        Ok(Stats { played, won, average_score })
    }

    /// Scores and reserves now.
    pub async fn standing(&self, game_id: i64) -> Result<Standing, ServiceError> {
        let table = self.game(game_id).await?;
        let scores = table.game.scores();
        let players = table
            .names()
            .into_iter()
            .zip(scores)
            .zip(table.game.players())
            .map(|((name, score), p)| (name, score, p.reserve))
            .collect();
        let mut tx = self.store.read().await?;
        Ok(Standing { summary: Service::summary(&mut tx, table.row).await?, players })
    }

    /// Every legal move of `user_id` now; empty when it is not their turn.
    pub async fn legal_moves(&self, game_id: i64, user_id: i64) -> Result<Vec<Move>, ServiceError> {
        Ok(self.turn(game_id, user_id).await?.map(|(_, moves)| moves).unwrap_or_default())
    }

    /// When it is `user_id`'s turn: the version they see and their legal moves.
    pub async fn turn(&self, game_id: i64, user_id: i64) -> Result<Option<(i64, Vec<Move>)>, ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        if table.row.status != Status::Active || table.game.to_move() != Some(seat) {
            return Ok(None);
        }
        Ok(Some((table.row.version, table.game.legal_moves())))
    }

    /// The last `count` moves in words, oldest first.
    pub async fn log(&self, game_id: i64, count: usize) -> Result<Vec<String>, ServiceError> {
        let table = self.game(game_id).await?;
        let mut tx = self.store.read().await?;
        let (_, history) = Service::replay(&mut tx, &table.row, &table.seats, table.row.version).await?;
        let names = table.names();
        let skip = history.len().saturating_sub(count);
        Ok(history[skip..].iter().map(|played| super::meridian::describe(played, &names)).collect())
    }

    /// The public board now.
    pub async fn board_png(&self, game_id: i64) -> Result<Vec<u8>, ServiceError> {
        let table = self.game(game_id).await?;
        Service::draw(move || render::meridian::board_png(&pictures::board(&table.game, &table.names(), &[]))).await
    }

    /// A player's own hand now.
    pub async fn hand_png(&self, game_id: i64, user_id: i64) -> Result<Vec<u8>, ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        Service::draw(move || render::meridian::hand_png(&pictures::hand(&table.game, &table.names(), seat))).await
    }

    /// The board with `mv` drawn as a ghost, for a confirm step; refuses an illegal move.
    pub async fn preview_png(&self, game_id: i64, user_id: i64, mv: Move) -> Result<Vec<u8>, ServiceError> {
        let table = self.game(game_id).await?;
        let seat = table.seat(user_id)?;
        let scene = pictures::preview(&table.game, &table.names(), seat, &mv)
            .map_err(|e| ServiceError::Illegal(e.to_string()))?;
        Service::draw(move || render::meridian::board_png(&scene)).await
    }

    /// The game's record (shared/spec/record.md), with every deck: only once the game is over, since the decks'
    /// order is secret while it is played.
    pub async fn export(&self, game_id: i64) -> Result<String, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if !matches!(row.status, Status::Finished | Status::Abandoned) {
            return Err(ServiceError::ExportTooEarly(game_id));
        }
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let seeded = Service::record(&mut tx, &row, &seats, row.version).await?;
        let start = seeded.start().map_err(|e| store::StoreError::Corrupt(e.to_string()))?;
        let decks = start.players().iter().map(|p| p.face_up.iter().chain(&p.deck).copied().collect()).collect();
        let board = Some(BoardSpec::of(start.board()));
        let record = Record { seed: None, decks: Some(decks), board, ..seeded };
        Ok(serde_json::to_string_pretty(&record).expect("records serialize"))
    }

    /// The rules' example board (`/meridian rules`).
    pub async fn example_png() -> Result<Vec<u8>, ServiceError> {
        Service::draw(|| render::meridian::board_png(&pictures::example())).await
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
