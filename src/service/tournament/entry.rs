//! Tournaments on a server: created by someone who may manage threads where they ask, entered by players (each
//! entering themselves: nobody is entered without asking, computers aside), started by their host or at their
//! start time, then left to run: each round's games start by themselves ([`crate::service::tournament::rounds`]), and their results
//! make the standings ([`crate::tournament`]).

use super::{format_of, kind_of_tournament, table_bounds, TournamentError};
use crate::language::Text;
use crate::service::game::Kind;
use crate::service::tournament::rounds::Reading;
use crate::service::{Level, Place, Service, ServiceError, TurnClock, User};
use crate::store::tournaments::{self as stored, NewTournament, TournamentRow};
use crate::store::{self, Tx};
use crate::text;
use crate::tournament::{Format, Stage};

/// Entrants a tournament takes.
pub const MAX_ENTRANTS: usize = 1000;
/// Entrants a round robin takes: everyone meets everyone, so its rounds grow with them.
pub const MAX_ROUND_ROBIN: usize = 16;
/// Rounds a Swiss may be set to.
pub const MAX_SWISS_ROUNDS: u32 = 12;
/// Computers a tournament's host may enter.
pub const MAX_TOURNAMENT_COMPUTERS: u32 = 8;
/// Characters in a tournament's name.
pub const MAX_NAME_CHARS: usize = 60;
/// Days ahead a tournament may be set to start.
pub const MAX_DAYS_AHEAD: i64 = 60;

impl From<TournamentError> for ServiceError {
    fn from(e: TournamentError) -> ServiceError {
        ServiceError::Tournament(e)
    }
}

/// Who asks to create a tournament: where they may manage threads (the place they asked in, if they may), and
/// their roles on the server.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Organiser {
    pub moderates: Option<Place>,
    pub roles: Vec<i64>,
}

/// A new tournament as its creator sets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub name: String,
    pub format: Format,
    /// A Swiss's rounds (by default, enough for one winner to stand out: log₂ of the entrants); a round robin has
    /// as many as it takes everyone to meet.
    pub rounds: Option<u32>,
    /// When it starts by itself (Unix ms); without it, its host starts it.
    pub starts_at: Option<i64>,
    pub computers: Vec<Level>,
}

impl Service {
    /// Whether `setup` may be created in `place`'s channel by `who`: someone who may manage threads there, or a
    /// member of the server's organisers' role; with a setup and options that can run. Read only, so that a refusal
    /// comes before anything is shown in public. Returns the server and the games' options as stored.
    pub async fn may_create_tournament(
        &self,
        place: Place,
        setup: &Setup,
        (kind, clock): (Kind, &TurnClock),
        who: &Organiser,
    ) -> Result<(i64, String), ServiceError> {
        let guild_id = place.guild_id.ok_or(TournamentError::NotInAServer)?;
        let moderates = who.moderates.is_some_and(|m| m.channel_id == place.channel_id);
        if !moderates {
            let role = stored::organiser_role(&mut self.store.read().await?, guild_id).await?;
            if !role.is_some_and(|r| who.roles.contains(&r)) {
                return Err(TournamentError::MayNotCreate.into());
            }
        }
        self.check_setup(setup)?;
        clock.check().map_err(ServiceError::BadOptions)?;
        let options = serde_json::to_string(clock).expect("options serialize");
        kind.start(&options, 0, *kind.players().start()).map_err(ServiceError::Setup)?;
        Ok((guild_id, options))
    }

    /// Names the role whose members may create tournaments on `place`'s server (`None`: thread managers only), by
    /// someone who may manage the server (`manages_server`).
    pub async fn set_organiser_role(
        &self,
        place: Place,
        role: Option<i64>,
        manages_server: bool,
    ) -> Result<(), ServiceError> {
        let guild_id = place.guild_id.ok_or(TournamentError::NotInAServer)?;
        if !manages_server {
            return Err(TournamentError::MayNotNameOrganisers.into());
        }
        let mut tx = self.store.write().await?;
        stored::set_organiser_role(&mut tx, guild_id, role).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Creates a tournament of `kind` in `place`'s channel (its games with the default options and `clock`), by
    /// `host`, with `setup`'s computers entered (see [`Service::may_create_tournament`]). Its announcement and
    /// thread come next ([`Service::set_tournament_thread`]).
    pub async fn create_tournament(
        &self,
        place: Place,
        host: &User,
        setup: &Setup,
        (kind, clock): (Kind, TurnClock),
        who: &Organiser,
    ) -> Result<i64, ServiceError> {
        let (guild_id, options) = self.may_create_tournament(place, setup, (kind, &clock), who).await?;
        let mut tx = self.store.write().await?;
        let new = NewTournament {
            kind: kind.name(),
            guild_id,
            channel_id: place.channel_id,
            host_id: host.id,
            name: setup.name.trim(),
            format: setup.format.name(),
            rounds: setup.rounds.map(i64::from),
            options: &options,
            lang: place.lang,
            starts_at: setup.starts_at,
            page_token: &crate::service::pages::new_token(),
            now: self.now(),
        };
        let id = stored::insert(&mut tx, new).await?;
        for (i, level) in setup.computers.iter().enumerate() {
            let (user_id, name) = crate::service::seat::computer::seat(i + 1, Some(i + 1), *level, place.lang);
            stored::enter(&mut tx, id, user_id, &name, Some(level.name())).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// When a tournament starts, as `user` types it: `2026-12-24 20:00`, in their time zone (UTC until they set
    /// one).
    pub async fn tournament_start(&self, user: i64, typed: &str) -> Result<i64, ServiceError> {
        let player = {
            let mut tx = self.store.read().await?;
            store::players::get(&mut tx, user).await?
        };
        let zone =
            player.time_zone.as_deref().and_then(crate::service::time::zones::zone).unwrap_or(jiff::tz::TimeZone::UTC);
        let refused = || ServiceError::BadOptions(text!("tournament-starts-when", days = MAX_DAYS_AHEAD));
        let civil = jiff::civil::DateTime::strptime("%Y-%m-%d %H:%M", typed.trim()).map_err(|_| refused())?;
        let at = zone.to_timestamp(civil).map_err(|_| refused())?;
        Ok(at.as_millisecond())
    }

    /// The refusal of a setup that cannot run, in words.
    fn check_setup(&self, setup: &Setup) -> Result<(), ServiceError> {
        let bad = |text: Text| Err(ServiceError::BadOptions(text));
        let name = setup.name.trim().chars().count();
        if name == 0 || name > MAX_NAME_CHARS {
            return bad(text!("tournament-name-length", max = MAX_NAME_CHARS));
        }
        match (setup.format, setup.rounds) {
            (Format::RoundRobin, Some(_)) => return bad(text!("tournament-round-robin-rounds")),
            (Format::Swiss, Some(r)) if !(1..=MAX_SWISS_ROUNDS).contains(&r) => {
                return bad(text!("tournament-swiss-rounds", max = MAX_SWISS_ROUNDS))
            }
            _ => {}
        }
        if setup.computers.len() > MAX_TOURNAMENT_COMPUTERS as usize {
            return bad(text!("tournament-computers", max = MAX_TOURNAMENT_COMPUTERS));
        }
        let now = self.now();
        match setup.starts_at {
            Some(at) if at <= now || at > now + MAX_DAYS_AHEAD * crate::clock::DAY => {
                bad(text!("tournament-starts-when", days = MAX_DAYS_AHEAD))
            }
            _ => Ok(()),
        }
    }

    /// Records a tournament's announcement and the thread opened from it.
    pub async fn set_tournament_thread(&self, id: i64, thread: i64, message: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        stored::set_thread(&mut tx, id, thread, message).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets a tournament that never got its announcement or thread (Discord refused them).
    pub async fn forget_tournament(&self, id: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        stored::delete(&mut tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The tournament a command means: the one numbered `id` on this server, else the one whose thread it was
    /// typed in, else the newest of this game on the server not over (else the newest at all).
    pub async fn tournament_here(&self, kind: Kind, place: Place, id: Option<i64>) -> Result<i64, ServiceError> {
        let guild_id = place.guild_id.ok_or(TournamentError::NotInAServer)?;
        let mut tx = self.store.read().await?;
        let found = match id {
            Some(id) => stored::get(&mut tx, id).await?.filter(|t| t.guild_id == guild_id && t.kind == kind.name()),
            None => stored::here(&mut tx, kind.name(), guild_id, place.channel_id).await?,
        };
        Ok(found.ok_or(TournamentError::NoneHere)?.id)
    }

    /// A tournament, locked for the rest of a write transaction.
    pub(in crate::service) async fn tournament_row(tx: &mut Tx, id: i64) -> Result<TournamentRow, ServiceError> {
        Ok(stored::get(tx, id).await?.ok_or(TournamentError::NoneHere)?)
    }

    /// Enters `user` in a tournament that is taking entries, asked on `guild` (the server the command or click came
    /// from): the tournament's own.
    pub async fn enter_tournament(&self, id: i64, user: &User, guild: Option<i64>) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let t = Service::tournament_row(&mut tx, id).await?;
        if guild != Some(t.guild_id) {
            return Err(TournamentError::OtherServer(id).into());
        }
        if t.stage != Stage::Open {
            return Err(TournamentError::EntriesClosed(id).into());
        }
        let entrants = stored::entrants(&mut tx, id).await?;
        if entrants.iter().any(|e| e.user_id == user.id) {
            return Err(TournamentError::AlreadyEntered(id).into());
        }
        let max = max_entrants(&t)?;
        if entrants.len() >= max {
            return Err(TournamentError::Full { tournament: id, max }.into());
        }
        // The games' options carry the reliability asked of entrants.
        let asked = TurnClock::read(&t.options, format_args!("tournament #{id}"))?.fair_play.min_reliability;
        Service::meets_minimum(&mut tx, t.guild_id, user, asked).await?;
        stored::enter(&mut tx, id, user.id, &user.name, None).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Takes `user` out of a tournament: before it starts, their entry goes; once it runs, later rounds leave them
    /// out and their seat in a game still running resigns (the game says so in its thread).
    pub async fn withdraw_from_tournament(&self, id: i64, user_id: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        let t = Service::tournament_row(&mut tx, id).await?;
        let entrants = stored::entrants(&mut tx, id).await?;
        let entrant = entrants.iter().find(|e| e.user_id == user_id).ok_or(TournamentError::NotEntered(id))?;
        match t.stage {
            Stage::Finished => return Err(TournamentError::Over(id).into()),
            Stage::Open => stored::leave(&mut tx, id, entrant.entrant).await?,
            Stage::Running if entrant.withdrawn_after.is_some() => {
                return Err(TournamentError::AlreadyWithdrawn(id).into())
            }
            Stage::Running => {
                stored::withdraw(&mut tx, id, entrant.entrant, t.round).await?;
                self.resign_running(&mut tx, &t, user_id).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Resigns `user_id`'s seat in their game of the tournament's current round, if it still runs and they still
    /// hold the seat.
    async fn resign_running(&self, tx: &mut Tx, t: &TournamentRow, user_id: i64) -> Result<(), ServiceError> {
        let Some(game) = stored::running_game_of(tx, t.id, t.round, user_id).await? else { return Ok(()) };
        let table = self.active(tx, game).await?;
        if let Some(seat) = table.seat_of(user_id).filter(|&s| table.remaining().contains(s)) {
            self.resign_seat(tx, table, seat, Vec::new(), Vec::new()).await?;
        }
        Ok(())
    }

    /// Starts a tournament's first round now: by its host, or by someone who may manage threads in `moderates`
    /// (the tournament's channel or thread, where they asked).
    pub async fn start_tournament(&self, id: i64, by: i64, moderates: Option<Place>) -> Result<(), ServiceError> {
        // Drawn from a read, written if nothing moved meanwhile: an entry or a withdrawal since reads it again (each
        // try that finds it moved follows a change committed by someone else; one that started it is refused).
        loop {
            let reading = {
                let mut tx = self.store.read().await?;
                let t = Service::tournament_row(&mut tx, id).await?;
                self.may_start(&mut tx, &t, by, moderates).await?;
                Reading::read(&mut tx, t).await?
            };
            if self.next_round(reading).await? {
                return Ok(());
            }
        }
    }

    /// Whether `by` may start `t` now (see [`Service::start_tournament`]).
    async fn may_start(
        &self,
        tx: &mut Tx,
        t: &TournamentRow,
        by: i64,
        moderates: Option<Place>,
    ) -> Result<(), ServiceError> {
        let moderator = moderates.is_some_and(|p| p.channel_id == t.channel_id || Some(p.channel_id) == t.thread_id);
        if t.host_id != by && !moderator {
            return Err(TournamentError::NotHostOrModerator(t.id).into());
        }
        match t.stage {
            Stage::Open => {}
            Stage::Running => return Err(TournamentError::EntriesClosed(t.id).into()),
            Stage::Finished => return Err(TournamentError::Over(t.id).into()),
        }
        let have = stored::entrants(tx, t.id).await?.len();
        let min = table_bounds(kind_of_tournament(t)?).0;
        if have < min {
            return Err(TournamentError::TooFew { tournament: t.id, have, min }.into());
        }
        Ok(())
    }

    /// Where a tournament's lines go: its thread, else its channel.
    pub(in crate::service) async fn tournament_thread(&self, tx: &mut Tx, id: i64) -> Result<i64, ServiceError> {
        let t = stored::get(tx, id).await?.ok_or_else(|| store::StoreError::Corrupt(format!("no tournament #{id}")))?;
        Ok(t.thread_id.unwrap_or(t.channel_id))
    }
}

/// The entrants a tournament takes.
fn max_entrants(t: &TournamentRow) -> Result<usize, store::StoreError> {
    Ok(match format_of(t)? {
        Format::RoundRobin => MAX_ROUND_ROBIN,
        Format::Swiss => MAX_ENTRANTS,
    })
}
