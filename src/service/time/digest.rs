//! The daily digest (issue 46): at the hour a player chose (in their zone), one private message listing every game
//! waiting for them, on every server and of every kind, each with its time left, its thread and its page (when pages
//! are served). It replaces the per-game reminders of a player who set one; warnings still come. Nothing is sent on a
//! day when no game waits for them, or while they are on vacation.

use crate::language::{Arg, List, Text};
use crate::service::time::day::{PlayerTime, DAY_HOURS};
use crate::service::time::duration_words;
use crate::service::time::hour_bounds;
use crate::service::{Effect, Service, ServiceError, User};
use crate::store::{self, GameRow, Tx};
use crate::text;

/// Games listed in one digest (or one message of what quiet hours held) at most: with their head lines (a server's
/// name among them) and links, the longest language's lines still fit in one Discord message.
pub const LISTED_GAMES: usize = 4;

/// One game waiting for a player: its head line (`head`), the time left and when it runs out (in the player's
/// zone), and links to its thread and page.
pub(in crate::service) fn game_line(
    (game, head): (&GameRow, Text),
    page: Option<String>,
    deadline: i64,
    now: i64,
    time: &PlayerTime,
) -> Text {
    let line = text!("digest-game", head = head, left = duration_words(deadline - now), at = time.words(deadline));
    let thread = crate::service::time::thread_link(game);
    let links = match (thread, page) {
        (Some(thread), Some(page)) => text!("digest-links", thread = thread, page = format!("<{page}>")),
        (Some(thread), None) => Text::Said(thread),
        (None, Some(page)) => Text::Said(format!("<{page}>")),
        (None, None) => return line,
    };
    text!("play-lines", lines = List::Lines(vec![line.into(), links.into()]))
}

/// The message `id` listing `lines` (`$lines`, `$count`), the first [`LISTED_GAMES`] and how many more.
pub(in crate::service) fn listed(id: &'static str, mut lines: Vec<Arg>) -> Text {
    let count = lines.len();
    if count > LISTED_GAMES {
        lines.truncate(LISTED_GAMES);
        lines.push(text!("digest-more", more = count - LISTED_GAMES).into());
    }
    text!(id, count = count, lines = List::Lines(lines))
}

impl Service {
    /// Sends `user_id` their digest, if a game waits for them, and sets the next one; returns whether it was sent.
    pub(in crate::service) async fn digest(&self, conn: &mut Tx, user_id: i64, now: i64) -> Result<bool, ServiceError> {
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
            let head = Service::turn_head(conn, &game).await?;
            lines.push(game_line((&game, head), self.page_url(&game), deadline, now, &time).into());
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
pub(in crate::service) fn replaces_reminders(player: &store::players::PlayerRow) -> bool {
    player.dms && player.digest_hour.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::DAY;
    use crate::language::Lang;
    use crate::service::TURN_LIMIT_DAYS;
    use crate::store::{players::PlayerRow, Status};

    /// The longest digest (and message of what quiet hours held): more games than it lists, each at its longest
    /// (the longest kind's name, game and turn numbers of 8 digits, a server's name as long as a head line keeps it
    /// and all marks, Discord's longest ids, the longest time left and time zone name, a public address for pages of
    /// 100 characters), fits one Discord message in every language.
    #[test]
    fn the_longest_digest_fits_a_discord_message() {
        let zone = jiff::tz::db().available().map(|n| n.as_str().to_string()).max_by_key(|n| n.len()).unwrap();
        let player = PlayerRow { time_zone: Some(zone.clone()), ..PlayerRow::default() };
        let time = PlayerTime::of(&player);
        let left = i64::from(*TURN_LIMIT_DAYS.end()) * DAY - 1;
        let game = GameRow {
            id: 99_999_999,
            kind: "dragon-delta".into(),
            guild_id: Some(i64::MAX),
            channel_id: i64::MAX,
            thread_id: Some(i64::MAX),
            host_id: i64::MAX,
            status: Status::Active,
            options: "{}".into(),
            seed: 0,
            version: 99_999_998,
            snapshot: None,
            lobby_message_id: None,
            created_at: 0,
            updated_at: 0,
            page_token: String::new(),
            starts_with_thread: false,
            lang: Lang::En,
            palette: crate::pictures::Palette::Standard,
        };
        let page = Some(format!("https://{}/g/{}", "w".repeat(100), "0".repeat(32)));
        let server = "*".repeat(100);
        let head = || crate::service::seat::your_turn::head_line("Dragon Delta", game.id, Some(&server), 99_999_999);
        let lines =
            (0..=LISTED_GAMES).map(|_| game_line((&game, head()), page.clone(), left, 0, &time).into()).collect();
        for id in ["digest", "quiet-held"] {
            let message = listed(id, Vec::clone(&lines));
            for lang in Lang::ALL {
                let said = lang.say(&message);
                let length = said.chars().count();
                assert!(length <= crate::language::MESSAGE_CHARS, "{} {id}: {length}\n{said}", lang.code());
                assert!(said.contains(&zone) && said.contains("13"), "{said}");
            }
        }
    }
}
