//! Opening a lobby, joining and leaving it, and starting the game.

use super::meridian::{Options, MAX_PLAYERS, MIN_PLAYERS};
use super::{Effect, Kind, Place, Service, ServiceError, Table, User};
use crate::rules::meridian::record::BoardSpec;
use crate::rules::meridian::{Board, Meridian};
use crate::rules::seed::Shuffler;
use crate::store::{self, NewGame, SeatRow, Status};

/// Seat order is drawn from the game's seed mixed with this, so that it tells nothing about the decks.
const SEAT_STREAM: u64 = 0x05EA_70F7_AB1E;

impl Service {
    /// Opens a lobby in a channel with its host seated first. Returns the game's id.
    pub async fn open_lobby(&self, place: Place, host: &User, options: Options) -> Result<i64, ServiceError> {
        options.check().map_err(ServiceError::BadOptions)?;
        if let Some(BoardSpec::Name(name)) = &options.board {
            Board::named(name).map_err(|e| ServiceError::BadOptions(e.to_string()))?;
        }
        if let Some(BoardSpec::Grid(grid)) = &options.board {
            Board::from_grid(grid).map_err(|e| ServiceError::BadOptions(e.to_string()))?;
        }
        let options = serde_json::to_string(&options).expect("options serialize");
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let new = NewGame {
            kind: Kind::Meridian.as_str(),
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            host_id: host.id,
            options: &options,
            seed: (self.seeds)(),
            now: self.now(),
        };
        let id = store::games::insert(&mut tx, new).await?;
        store::seats::add(&mut tx, id, host.id, &host.name).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Records the thread the game is played in.
    pub async fn set_thread(&self, game_id: i64, thread_id: i64) -> Result<(), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        Service::row(&mut tx, game_id).await?;
        store::games::set_thread(&mut tx, game_id, thread_id, self.now()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Seats `user` in a lobby. Returns the seats.
    pub async fn join(&self, game_id: i64, user: &User) -> Result<Vec<SeatRow>, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        if seats.iter().any(|s| s.user_id == user.id) {
            return Err(ServiceError::AlreadySeated(game_id));
        }
        if seats.len() >= MAX_PLAYERS {
            return Err(ServiceError::LobbyFull { game: row.id, max: MAX_PLAYERS });
        }
        store::seats::add(&mut tx, game_id, user.id, &user.name).await?;
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        tx.commit().await?;
        Ok(seats)
    }

    /// Takes `user` out of a lobby. Returns the seats.
    pub async fn leave(&self, game_id: i64, user_id: i64) -> Result<Vec<SeatRow>, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        if row.host_id == user_id {
            return Err(ServiceError::HostCannotLeave);
        }
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        if !seats.iter().any(|s| s.user_id == user_id) {
            return Err(ServiceError::NotSeated(game_id));
        }
        store::seats::remove(&mut tx, game_id, user_id).await?;
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        tx.commit().await?;
        Ok(seats)
    }

    /// Starts a lobby's game (host only): seats are shuffled into turn order, decks dealt from the seed, the board
    /// posted and every player sent their hand.
    pub async fn start(&self, game_id: i64, by: i64) -> Result<Table, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        if row.host_id != by {
            return Err(ServiceError::NotHost(game_id));
        }
        let mut seats = store::seats::of_game(&mut tx, game_id).await?;
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&seats.len()) {
            return Err(ServiceError::PlayerCount {
                game: game_id,
                have: seats.len(),
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
            });
        }
        Shuffler::new(row.seed ^ SEAT_STREAM).shuffle(&mut seats);
        let options = Options::of(&row)?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let record = super::meridian::record(names.clone(), &options, row.seed, &[])?;
        let game: Meridian = record.start().map_err(|e| ServiceError::BadOptions(e.to_string()))?;
        let now = self.now();
        store::seats::replace(&mut tx, game_id, &seats).await?;
        store::games::set_status(&mut tx, game_id, Status::Active, now).await?;
        let snapshot = serde_json::to_string(&game).expect("states serialize");
        store::games::advance(&mut tx, game_id, 0, 0, &snapshot, now).await?;
        self.start_turn_clock(&mut tx, game_id, seats[0].user_id, &options).await?;
        let text = format!("Game #{game_id} begins. Turn order: {}. {} plays first.", names.join(", "), names[0]);
        self.push(&mut tx, game_id, 0, &Effect::Board { text, next: Some(seats[0].user_id) }).await?;
        for (seat, s) in seats.iter().enumerate() {
            let note = if seat == 0 {
                format!("Game #{game_id} has started and it is your turn.")
            } else {
                format!("Game #{game_id} has started; {} plays first.", names[0])
            };
            self.push(&mut tx, game_id, 0, &Effect::Hand { seat: seat as u8, user_id: s.user_id, note }).await?;
        }
        let row = Service::row(&mut tx, game_id).await?;
        let table = Service::table(&mut tx, row).await?;
        tx.commit().await?;
        Ok(table)
    }

    /// A game that is still a lobby.
    async fn lobby(conn: &mut store::Conn, game_id: i64) -> Result<store::GameRow, ServiceError> {
        let row = Service::row(conn, game_id).await?;
        match row.status {
            Status::Lobby => Ok(row),
            Status::Active => Err(ServiceError::AlreadyStarted(game_id)),
            Status::Finished | Status::Abandoned => Err(ServiceError::GameOver(game_id)),
        }
    }
}
