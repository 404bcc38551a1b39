//! Opening a lobby, inviting the players named, joining, declining and leaving it, and starting the game.
//!
//! Nobody is seated without asking: players named when a game is opened are invited (mentioned once in its
//! thread, with Join and Decline), and the game starts by itself once all of them have joined (after a decline, the
//! host starts it). What one person can open is capped per server, lobbies by their host and invitations by their
//! guest.

use crate::ai::Level;
use crate::language::{Arg, Lang, List, Text};
use crate::pictures::Palette;
use crate::rules::seed::Shuffler;
use crate::service::game::adapter::Adapter;
use crate::service::game::any::AnyGame;
use crate::service::game::any::Listed;
use crate::service::{
    kind_of, Controls, Effect, Ended, GameOptions, Invitation, Place, Service, ServiceError, TurnClock, User,
};
use crate::store::{self, GameRow, NewGame, SeatRow, Status, Tx};
use crate::text;

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
    /// The game's name ("Meridian") and how many it seats.
    pub title: &'static str,
    pub players: std::ops::RangeInclusive<usize>,
    /// Seated players' names, host first.
    pub seated: Vec<String>,
    /// Names of the players invited who have not answered yet.
    pub invited: Vec<String>,
    /// The game has started (the lobby's buttons go).
    pub started: bool,
    /// Where the lobby's message is: its channel, and the message once recorded.
    pub channel_id: i64,
    pub message_id: Option<i64>,
    /// The game's language.
    pub lang: Lang,
}

impl Service {
    /// Whether `host` may open a lobby here with `options`, inviting `invited` and seating `computers`: the same
    /// checks as [`Service::open_lobby`], read only, so that a refusal can be given before anything is shown in
    /// public.
    pub async fn may_open_lobby<O: GameOptions>(
        &self,
        place: Place,
        host: &User,
        options: &O,
        invited: &[User],
        computers: &[Level],
    ) -> Result<(), ServiceError> {
        let mut tx = self.store.read().await?;
        Service::check_lobby(&mut tx, place, host, options, invited, computers).await
    }

    async fn check_lobby<O: GameOptions>(
        conn: &mut Tx,
        place: Place,
        host: &User,
        options: &O,
        invited: &[User],
        computers: &[Level],
    ) -> Result<(), ServiceError> {
        options.clock().check().map_err(ServiceError::BadOptions)?;
        O::Adapter::check(options).map_err(|e| ServiceError::Setup(O::Adapter::wrap_options_error(e).into()))?;
        let max = *O::Adapter::PLAYERS.end();
        if invited.len() + computers.len() >= max {
            let id = if computers.is_empty() { "lobby-seats-invite" } else { "lobby-seats-invite-or-computers" };
            return Err(ServiceError::BadOptions(Text::new(id).with("max", max).with("others", max - 1)));
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

    /// Opens a lobby in a channel with its host seated first, then `computers`, and `invited` invited. Returns the
    /// game's id. A lobby with computers and nobody invited starts once it has its thread ([`Service::set_thread`]).
    pub async fn open_lobby<O: GameOptions>(
        &self,
        place: Place,
        host: &User,
        options: O,
        invited: &[User],
        computers: &[Level],
    ) -> Result<i64, ServiceError> {
        let mut tx = self.store.write().await?;
        Service::check_lobby(&mut tx, place, host, &options, invited, computers).await?;
        let options = serde_json::to_string(&options).expect("options serialize");
        let new = NewGame {
            kind: O::Adapter::KIND,
            guild_id: place.guild_id,
            channel_id: place.channel_id,
            host_id: host.id,
            options: &options,
            seed: (self.seeds)(),
            page_token: &crate::service::pages::new_token(),
            lang: place.lang,
            palette: Palette::Standard,
            now: self.now(),
        };
        let id = store::games::insert(&mut tx, new).await?;
        store::seats::add(&mut tx, id, host.id, &host.name, None).await?;
        for (i, level) in computers.iter().enumerate() {
            let number = (computers.len() > 1).then_some(i + 1);
            let (user_id, name) = crate::service::seat::computer::seat(number.unwrap_or(1), number, *level, place.lang);
            store::seats::add(&mut tx, id, user_id, &name, Some(level.name())).await?;
        }
        for guest in invited.iter().filter(|g| g.id != host.id) {
            store::invitations::add(&mut tx, id, guest.id, &guest.name).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Forgets a lobby that never got its message or thread (Discord refused them): nothing of it stays, and it does
    /// not count against its host's open lobbies.
    pub async fn forget_lobby(&self, game_id: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        Service::lobby(&mut tx, game_id).await?;
        store::games::delete(&mut tx, game_id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The colours of a game's thread and page, as its host chose them at start: only its host's, and only while it
    /// is a lobby (its pictures are in them from the first).
    pub async fn choose_game_colours(&self, game_id: i64, host_id: i64, palette: Palette) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let row = Service::row(&mut tx, game_id).await?;
        if row.host_id != host_id {
            return Err(ServiceError::NotHost(game_id));
        }
        if row.status != Status::Lobby {
            return Err(ServiceError::AlreadyStarted(game_id));
        }
        store::games::set_palette(&mut tx, game_id, palette).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records the thread the game is played in and the lobby's message, and invites there the players named; a
    /// lobby with computers and nobody invited starts at once. Returns the lobby as it then stands.
    pub async fn set_thread(&self, game_id: i64, thread_id: i64, message_id: i64) -> Result<Lobby, ServiceError> {
        let mut tx = self.store.write().await?;
        let row = Service::row(&mut tx, game_id).await?;
        let title = kind_of(&row)?.title();
        store::games::set_thread(&mut tx, game_id, thread_id, message_id, self.now()).await?;
        let invited = store::invitations::of_game(&mut tx, game_id).await?;
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        let computers_only = invited.is_empty() && seats.iter().any(|s| s.computer.is_some());
        if row.status == Status::Lobby && (row.starts_with_thread || computers_only) {
            let row = Service::row(&mut tx, game_id).await?;
            match self.start_in(&mut tx, row).await {
                // Someone left between the start asked for and the thread: the lobby stays open (the host's Start
                // says why).
                Err(ServiceError::PlayerCount { .. } | ServiceError::BadOptions(_) | ServiceError::Setup(_))
                    if !computers_only => {}
                started => started?,
            }
        } else if !invited.is_empty() {
            let host = seats.first().map(|s| s.name.clone());
            let text = text!("lobby-invites", host = host.unwrap_or_default(), title = title, game = game_id);
            let users = invited.into_iter().map(|(id, _)| id).collect();
            self.push(&mut tx, game_id, row.version, &Effect::Invite { users, text, seat: None, undo: None, to: None })
                .await?;
        }
        let row = Service::row(&mut tx, game_id).await?;
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// A lobby as its message shows it now.
    pub async fn show_lobby(&self, game_id: i64) -> Result<Lobby, ServiceError> {
        let mut tx = self.store.read().await?;
        let row = Service::row(&mut tx, game_id).await?;
        Service::lobby_view(&mut tx, &row).await
    }

    /// A lobby as it stands.
    async fn lobby_view(conn: &mut Tx, row: &GameRow) -> Result<Lobby, ServiceError> {
        let seats = store::seats::of_game(conn, row.id).await?;
        let invited = store::invitations::of_game(conn, row.id).await?;
        let kind = kind_of(row)?;
        Ok(Lobby {
            game: row.id,
            title: kind.title(),
            players: kind.players(),
            seated: seats.into_iter().map(|s| s.name).collect(),
            invited: invited.into_iter().map(|(_, name)| name).collect(),
            started: row.status != Status::Lobby,
            channel_id: row.channel_id,
            message_id: row.lobby_message_id,
            lang: row.lang,
        })
    }

    /// Seats `user` in a lobby: an invited player, or anyone while seats are left that no invited player waits
    /// for; either must meet the lobby's minimum reliability, if it asks one. When the last invited player joins and
    /// nobody declined, the game starts.
    pub async fn join(&self, game_id: i64, user: &User) -> Result<Lobby, ServiceError> {
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        let seats = store::seats::of_game(&mut tx, game_id).await?;
        if seats.iter().any(|s| s.user_id == user.id) {
            return Err(ServiceError::AlreadySeated(game_id));
        }
        let minimum = TurnClock::of(&row)?.fair_play.min_reliability;
        Service::meets_minimum(&mut tx, row.guild_id.unwrap_or(0), user, minimum).await?;
        let was_invited = store::invitations::remove(&mut tx, game_id, user.id).await?;
        let waiting = store::invitations::of_game(&mut tx, game_id).await?.len();
        let max = *kind_of(&row)?.players().end();
        if seats.len() + waiting >= max {
            return Err(ServiceError::LobbyFull { game: row.id, max });
        }
        store::seats::add(&mut tx, game_id, user.id, &user.name, None).await?;
        if was_invited && waiting == 0 {
            match store::invitations::any_declined(&mut tx, game_id).await? {
                false => self.start_in(&mut tx, row).await?,
                true => self.invitation_answered(&mut tx, &row).await?,
            }
        }
        let row = Service::row(&mut tx, game_id).await?;
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Turns down an invitation; the thread is told, and the host may start with the players seated.
    pub async fn decline(&self, game_id: i64, user: &User) -> Result<Lobby, ServiceError> {
        let mut tx = self.store.write().await?;
        let row = Service::lobby(&mut tx, game_id).await?;
        if !store::invitations::decline(&mut tx, game_id, user.id).await? {
            return Err(ServiceError::NotInvited(game_id));
        }
        let text = text!("lobby-declined", who = &user.name);
        self.push(&mut tx, game_id, row.version, &Effect::text(text)).await?;
        if store::invitations::of_game(&mut tx, game_id).await?.is_empty() {
            self.invitation_answered(&mut tx, &row).await?;
        }
        let lobby = Service::lobby_view(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(lobby)
    }

    /// Everyone invited has answered: the invitation's buttons go.
    async fn invitation_answered(&self, tx: &mut Tx, row: &GameRow) -> Result<(), ServiceError> {
        let invitation = (Controls::Invitation(Invitation::Game), None);
        self.retire(tx, (row.id, row.version), invitation, Ended::Answered).await
    }

    /// Takes `user` out of a lobby.
    pub async fn leave(&self, game_id: i64, user_id: i64) -> Result<Lobby, ServiceError> {
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

    /// Starts a game in the caller's transaction: seats are shuffled into turn order, the game set up from its
    /// seed, the board posted, and every seat told (those due to play, and all of them in games with hands). A
    /// lobby whose thread is not recorded yet (its players joined while it was being opened) starts once it is
    /// ([`Service::set_thread`]), so that its first board goes to the thread.
    async fn start_in(&self, tx: &mut Tx, row: GameRow) -> Result<(), ServiceError> {
        let (seats, game) = Service::seats_in_order(tx, &row).await?;
        if row.thread_id.is_none() {
            store::games::start_with_thread(tx, row.id).await?;
            return Ok(());
        }
        self.begin(tx, row.id, seats, game).await
    }

    /// A game's seats in turn order (shuffled from its seed) and the game set up for them, checked: as many
    /// players as it takes, options that set up.
    pub(in crate::service) async fn seats_in_order(
        tx: &mut Tx,
        row: &GameRow,
    ) -> Result<(Vec<SeatRow>, AnyGame), ServiceError> {
        let kind = kind_of(row)?;
        let mut seats = store::seats::of_game(tx, row.id).await?;
        let (min, max) = (*kind.players().start(), *kind.players().end());
        if !(min..=max).contains(&seats.len()) {
            return Err(ServiceError::PlayerCount { game: row.id, have: seats.len(), min, max });
        }
        Shuffler::new(row.seed ^ SEAT_STREAM).shuffle(&mut seats);
        TurnClock::of(row)?;
        let game = kind.start(&row.options, row.seed, seats.len()).map_err(ServiceError::Setup)?;
        Ok((seats, game))
    }

    /// Begins a game [`Service::seats_in_order`]: its seats in turn order, its first board, every seat told.
    pub(in crate::service) async fn begin(
        &self,
        tx: &mut Tx,
        game_id: i64,
        seats: Vec<SeatRow>,
        game: AnyGame,
    ) -> Result<(), ServiceError> {
        let kind = game.kind();
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let now = self.now();
        store::seats::replace(tx, game_id, &seats).await?;
        store::invitations::clear(tx, game_id).await?;
        store::games::set_status(tx, game_id, Status::Active, now).await?;
        store::games::advance(tx, game_id, 0, 0, &game.snapshot(), now).await?;
        let seats = store::seats::of_game(tx, game_id).await?;
        let table = crate::service::Table { row: Service::row(tx, game_id).await?, seats, game };
        let invitation = (Controls::Invitation(Invitation::Game), None);
        self.retire(tx, (game_id, 0), invitation, Ended::Started).await?;
        let due = table.due();
        for seat in due.iter() {
            self.start_turn_clock(tx, &table, seat).await?;
        }
        let (first, count) = (table.names_of(due), due.len());
        let begins = text!(
            "lobby-begins",
            game = game_id,
            order = List::Commas(names.iter().map(Arg::from).collect()),
            first = first.clone(),
            count = count
        );
        let text = match self.page_url(&table.row) {
            Some(url) => {
                text!(
                    "play-lines",
                    lines = List::Lines(vec![begins.into(), crate::service::pages::link_line(&url).into()])
                )
            }
            None => begins,
        };
        let called = table.people(due);
        self.push(tx, game_id, 0, &Effect::Board { text, next: called }).await?;
        for s in table.seats.iter().filter(|s| s.computer.is_none()) {
            let seat = s.seat as u8;
            let note = if due.contains(seat) {
                self.your_turn(tx, &table, seat, None).await?
            } else if kind.hands() {
                text!("lobby-started", game = game_id, first = first.clone(), count = count)
            } else {
                continue;
            };
            self.push(tx, game_id, 0, &Effect::Hand { seat, user_id: s.user_id, note }).await?;
        }
        Ok(())
    }

    /// A game that is still a lobby.
    async fn lobby(conn: &mut store::Tx, game_id: i64) -> Result<store::GameRow, ServiceError> {
        let row = Service::row(conn, game_id).await?;
        match row.status {
            Status::Lobby => Ok(row),
            Status::Active => Err(ServiceError::AlreadyStarted(game_id)),
            Status::Finished | Status::Abandoned => Err(ServiceError::GameOver(game_id)),
        }
    }
}
