//! The daily digest (issue 46): at the hour a player chose (in their zone), one private message listing every game
//! waiting for them, on every server and of every kind, each with its time left, its thread and its page (when pages
//! are served). It replaces the per-game reminders of a player who set one; warnings still come. Nothing is sent on a
//! day when no game waits for them, or while they are on vacation.

use super::day::{PlayerTime, DAY_HOURS};
use super::quiet::hour_bounds;
use super::turn_clock::duration_words;
use super::{Effect, Service, ServiceError, User};
use crate::language::{Arg, List, Text};
use crate::store::{self, GameRow, Tx};
use crate::text;

/// Games listed in one digest (or one message of what quiet hours held) at most: with their links, the longest
/// language's lines still fit in one Discord message.
pub const LISTED_GAMES: usize = 7;

/// One game waiting for a player: its number, kind and move, the time left and when it runs out (in the player's
/// zone), and links to its thread and page.
pub(super) fn game_line(service: &Service, game: &GameRow, deadline: i64, now: i64, time: &PlayerTime) -> Text {
    let title = super::kind_of(game).map_or(game.kind.clone(), |kind| kind.title().to_string());
    let line = text!(
        "digest-game",
        game = game.id,
        kind = title,
        step = game.version + 1,
        left = duration_words(deadline - now),
        at = time.words(deadline)
    );
    let thread = game.guild_id.zip(game.thread_id).map(|(g, t)| format!("https://discord.com/channels/{g}/{t}"));
    let links = match (thread, service.page_url(game)) {
        (Some(thread), Some(page)) => text!("digest-links", thread = thread, page = format!("<{page}>")),
        (Some(thread), None) => Text::Said(thread),
        (None, Some(page)) => Text::Said(format!("<{page}>")),
        (None, None) => return line,
    };
    text!("play-lines", lines = List::Lines(vec![line.into(), links.into()]))
}

/// The message `id` listing `lines` (`$lines`, `$count`), the first [`LISTED_GAMES`] and how many more.
pub(super) fn listed(id: &'static str, mut lines: Vec<Arg>) -> Text {
    let count = lines.len();
    if count > LISTED_GAMES {
        lines.truncate(LISTED_GAMES);
        lines.push(text!("digest-more", more = count - LISTED_GAMES).into());
    }
    text!(id, count = count, lines = List::Lines(lines))
}

impl Service {
    /// Sends `user_id` their digest, if a game waits for them, and sets the next one; returns whether it was sent.
    pub(super) async fn digest(&self, conn: &mut Tx, user_id: i64, now: i64) -> Result<bool, ServiceError> {
        let player = store::players::get(conn, user_id).await?;
        let time = PlayerTime::of(&player);
        store::player_alarms::set_digest(conn, user_id, time.next_digest(now)).await?;
        if !player.dms || player.vacation_until.is_some_and(|until| until > now) {
            return Ok(false);
        }
        let awaiting = store::seats::awaiting(conn, user_id).await?;
        let mut lines = Vec::with_capacity(awaiting.len());
        let mut first = None;
        for (i, &(id, _, deadline)) in awaiting.iter().enumerate() {
            // A game where they hold several seats is listed once, at its soonest deadline.
            if awaiting[..i].iter().any(|a| a.0 == id) {
                continue;
            }
            let Some(game) = store::games::get(conn, id).await? else { continue };
            lines.push(game_line(self, &game, deadline, now, &time).into());
            first = first.or(Some((game.id, game.version)));
        }
        let Some((game_id, version)) = first else { return Ok(false) };
        self.push(conn, game_id, version, &Effect::Reminder { user_id, text: listed("digest", lines) }).await?;
        Ok(true)
    }

    /// Sets the hour of `user`'s daily digest (in their zone), or none; returns it.
    pub async fn set_digest(&self, user: &User, hour: Option<u32>) -> Result<Option<u32>, ServiceError> {
        if let Some(hour) = hour.filter(|h| !DAY_HOURS.contains(h)) {
            return Err(ServiceError::Settings(hour_bounds(hour)));
        }
        let player =
            self.change_day(user, |p| store::players::PlayerRow { digest_hour: hour.map(i64::from), ..p }).await?;
        Ok(PlayerTime::of(&player).digest())
    }
}

/// Whether `player`'s reminders are replaced by their digest (which only comes by private message).
pub(super) fn replaces_reminders(player: &store::players::PlayerRow) -> bool {
    player.dms && player.digest_hour.is_some()
}
