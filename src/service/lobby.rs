//! Opening a lobby, inviting the players named, joining, declining and leaving it, and starting the game.
//!
//! Nobody is seated without asking: players named when a game is opened are invited (mentioned once in its
//! thread, with Join and Decline), and the game starts by itself once all of them have joined (after a decline, the
//! host starts it). What one person can open is capped per server, lobbies by their host and invitations by their
//! guest.

use super::meridian::{Options, MAX_PLAYERS, MIN_PLAYERS};
use super::{Effect, Kind, Place, Service, ServiceError, User};
use crate::rules::meridian::record::BoardSpec;
use crate::rules::meridian::{Board, Meridian};
use crate::rules::seed::Shuffler;
use crate::store::{self, Conn, GameRow, NewGame, Status};

/// Seat order is drawn from the game's seed mixed with this, so that it tells nothing about the decks.
const SEAT_STREAM: u64 = 0x05EA_70F7_AB1E;

/// Lobbies one host may have open on one server.
pub const MAX_OPEN_LOBBIES: i64 = 10;
/// Invitations that may wait for one player on one server: naming someone again and again cannot flood them with
/// threads and pings.
pub const MAX_PENDING_PER_PLAYER: i64 = 10;

/// A lobby as its message shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lobby {
    pub game: i64,
    /// Seated players' names, host first.
    pub seated: Vec<String>,
    /// Names of the players invited who have not answered yet.
    pub invited: Vec<String>,
    /// The game has started (the lobby's buttons go).
    pub started: bool,
    /// Where the lobby's message is: its channel, and the message once recorded.
    pub channel_id: i64,
    pub message_id: Option<i64>,
}

impl Service {
    /// Whether `host` may open a lobby here with `options`, inviting `invited`: the same checks as
    /// [`Service::open_lobby`], read only, so that a refusal can be given before anything is shown in public.
    pub async fn may_open_lobby(
        &self,
        place: Place,
        host: &User,
        options: &Options,
        invited: &[User],
    ) -> Result<(), ServiceError> {
        let mut tx = self.store.read().await?;
        Service::check_lobby(&mut tx, place, host, options, invited).await
    }

    async fn check_lobby(
        conn: &mut Conn,
        place: Place,
        host: &User,
        options: &Options,
        invited: &[User],
    ) -> Result<(), ServiceError> {
        options.check().map_err(ServiceError::BadOptions)?;
        if let Some(BoardSpec::Name(name)) = &options.board {
            Board::named(name).map_err(|e| ServiceError::BadOptions(e.to_string()))?;
        }
        if let Some(BoardSpec::Grid(grid)) = &options.board {
            Board::from_grid(grid).map_err(|e| ServiceError::BadOptions(e.to_string()))?;
        }
        if invited.len() >= MAX_PLAYERS {
            return Err(ServiceError::BadOptions(format!(
                "a game seats {MAX_PLAYERS}: invite {} at most",
                MAX_PLAYERS - 1
            )));
        }
        if store::games::open_lobbies(conn, host.id, place.guild_id).await? >= MAX_OPEN_LOBBIES {
            return Err(ServiceError::TooManyLobbies { max: MAX_OPEN_LOBBIES });
        }
        for guest in invited {
            if store::invitations::pending_for(conn, guest.id, place.guild_id).await? >= MAX_PENDING_PER_PLAYER {
                return Err(ServiceError::TooManyInvitations { name: guest.name.clone(), max: MAX_PENDING_PER_PLAYER });
            }
        }
        Ok(())
    }

    /// Opens a lobby in a channel with its host seated first and `invited` invited. Returns the game's id.
    pub async fn open_lobby(
        &self,
        place: Place,
        host: &User,
        options: Options,
        invited: &[User],
    ) -> Result<i64, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        Service::check_lobby(&mut tx, place, host, &options, invited).await?;
        let options = serde_json::to_string(&options).expect("options serialize");
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
        for guest in invited.iter().filter(|g| g.id != host.id) {
            store::invitations::add(&mut tx, id, guest.id, &guest.name).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Forgets a lobby that never got its message or thread (Discord refused them): nothing of it stays, and it does
    /// not count against its host's open lobbies.
    pub async fn forget_lobby(&self, game_id: i64) -> Result<(), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        Service::lobby(&mut tx, game_id).await?;
        store::games::delete(&mut tx, game_id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records the thread the game is played in and the lobby's message, and invites there the players named.
    pub async fn set_thread(&self, game_id: i64, thread_id: i64, message_id: i64) -> Result<(), ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::row(&mut tx, game_id).await?;
        store::games::set_thread(&mut tx, game_id, thread_id, message_id, self.now()).await?;
        let invited = store::invitations::of_game(&mut tx, game_id).await?;
        if !invited.is_empty() {
            let host = store::seats::of_game(&mut tx, game_id).await?.into_iter().next().map(|s| s.name);
            let text = format!(
                "{} invites you to play Meridian (game #{game_id}). Join to take a seat, or Decline. The game \
                 starts when everyone invited has joined.",
                host.unwrap_or_default()
            );
            let users = invited.into_iter().map(|(id, _)| id).collect();
            self.push(&mut tx, game_id, row.version, &Effect::Invite { users, text }).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A lobby as it stands.
    async fn lobby_view(conn: &mut Conn, row: &GameRow) -> Result<Lobby, ServiceError> {
        let seats = store::seats::of_game(conn, row.id).await?;
        let invited = store::invitations::of_game(conn, row.id).await?;
        Ok(Lobby {
            game: row.id,
            seated: seats.into_iter().map(|s| s.name).collect(),
            invited: invited.into_iter().map(|(_, name)| name).collect(),
            started: row.status != Status::Lobby,
            channel_id: row.channel_id,
            message_id: row.lobby_message_id,
        })
    }

    /// Seats `user` in a lobby: an invited player, or anyone while seats are left that no invited player waits
    /// for. When the last invited player joins and nobody declined, the game starts.
    pub async fn join(&self, game_id: i64, user: &User) -> Result<Lobby, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        if seats.iter().any(|s| s.user_id == user.id) {
            return Err(ServiceError::AlreadySeated(game_id));
        }
        let was_invited = store::invitations::remove(&mut tx, game_id, user.id).await?;
        let waiting = store::invitations::of_game(&mut tx, game_id).await?.len();
        if seats.len() + waiting >= MAX_PLAYERS {
            return Err(ServiceError::LobbyFull { game: row.id, max: MAX_PLAYERS });
        }
        store::seats::add(&mut tx, game_id, user.id, &user.name).await?;
        if was_invited && waiting == 0 && !store::invitations::any_declined(&mut tx, game_id).await? {
            self.start_in(&mut tx, row).await?;
        }
        let row = Service::row(&mut tx, game_id).await?;
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Turns down an invitation; the thread is told, and the host may start with the players seated.
    pub async fn decline(&self, game_id: i64, user: &User) -> Result<Lobby, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        if !store::invitations::decline(&mut tx, game_id, user.id).await? {
            return Err(ServiceError::NotInvited(game_id));
        }
        let text = format!(
            "{} declined the invitation. The host may start with the players seated, or wait for someone to join.",
            user.name
        );
        self.push(&mut tx, game_id, row.version, &Effect::Text { text }).await?;
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Takes `user` out of a lobby.
    pub async fn leave(&self, game_id: i64, user_id: i64) -> Result<Lobby, ServiceError> {
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
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Starts a lobby's game (host only), with the players seated: invitations not yet answered lapse.
    pub async fn start(&self, game_id: i64, by: i64) -> Result<Lobby, ServiceError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        if row.host_id != by {
            return Err(ServiceError::NotHost(game_id));
        }
        self.start_in(&mut tx, row).await?;
        let row = Service::row(&mut tx, game_id).await?;
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Starts a game in the caller's transaction: seats are shuffled into turn order, decks dealt from the seed, the
    /// board posted and every player sent their hand.
    async fn start_in(&self, tx: &mut Conn, row: GameRow) -> Result<(), ServiceError> {
        let game_id = row.id;
        let mut seats = store::seats::of_game(tx, game_id).await?;
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
        store::seats::replace(tx, game_id, &seats).await?;
        store::invitations::clear(tx, game_id).await?;
        store::games::set_status(tx, game_id, Status::Active, now).await?;
        let snapshot = serde_json::to_string(&game).expect("states serialize");
        store::games::advance(tx, game_id, 0, 0, &snapshot, now).await?;
        self.start_turn_clock(tx, game_id, seats[0].user_id, &options).await?;
        let text = format!("Game #{game_id} begins. Turn order: {}. {} plays first.", names.join(", "), names[0]);
        self.push(tx, game_id, 0, &Effect::Board { text, next: Some(seats[0].user_id) }).await?;
        for (seat, s) in seats.iter().enumerate() {
            let note = if seat == 0 {
                format!("Game #{game_id} has started and it is your turn.")
            } else {
                format!("Game #{game_id} has started; {} plays first.", names[0])
            };
            self.push(tx, game_id, 0, &Effect::Hand { seat: seat as u8, user_id: s.user_id, note }).await?;
        }
        Ok(())
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
