//! The players table: settings of a Discord user across all their games.

use super::{execute, on, StoreError, Tx};
use crate::language::Lang;
use render::palette::Palette;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    pub vacation_until: Option<i64>,
    pub vacation_year: Option<i64>,
    pub vacation_used_ms: i64,
    /// Private messages wanted (when off, the thread says it is their turn and offers a private button).
    pub dms: bool,
    /// Their own reminder interval, over each game's.
    pub reminder_hours: Option<i64>,
    /// The language Discord last said they use (`locale`), and the one they chose, which wins: codes of
    /// [`crate::language::Lang`].
    pub locale_lang: Option<String>,
    pub chosen_lang: Option<String>,
    /// Their time zone, an IANA name (`Europe/Paris`); none: UTC.
    pub time_zone: Option<String>,
    /// The hours before a turn runs out at which they are warned, as they set them ("24 4 1", "" for none); none:
    /// the default.
    pub warning_hours: Option<String>,
    /// Their quiet hours, from and to (hours of the day in their zone); none: no quiet hours.
    pub quiet_from: Option<i64>,
    pub quiet_to: Option<i64>,
    /// The hour of their daily digest (in their zone); none: no digest, a reminder per game instead.
    pub digest_hour: Option<i64>,
    /// The palette their own pictures are drawn in, a [`Palette`]'s name; none: each game's.
    pub colours: Option<String>,
}
from_row!(PlayerRow {
    vacation_until,
    vacation_year,
    vacation_used_ms,
    dms,
    reminder_hours,
    locale_lang,
    chosen_lang,
    time_zone,
    warning_hours,
    quiet_from,
    quiet_to,
    digest_hour,
    colours
});

impl PlayerRow {
    /// The language they read in, if they chose one or Discord said it.
    pub fn lang(&self) -> Option<Lang> {
        self.chosen_lang.as_deref().or(self.locale_lang.as_deref()).and_then(Lang::from_code)
    }

    /// The palette they chose, if they did.
    pub fn palette(&self) -> Option<Palette> {
        self.colours.as_deref().and_then(Palette::named)
    }
}

impl Default for PlayerRow {
    fn default() -> PlayerRow {
        PlayerRow {
            vacation_until: None,
            vacation_year: None,
            vacation_used_ms: 0,
            dms: true,
            reminder_hours: None,
            locale_lang: None,
            chosen_lang: None,
            time_zone: None,
            warning_hours: None,
            quiet_from: None,
            quiet_to: None,
            digest_hour: None,
            colours: None,
        }
    }
}

pub async fn get(conn: &mut Tx, user_id: i64) -> Result<PlayerRow, StoreError> {
    let row: Option<PlayerRow> = on!(conn, c => sqlx::query_as(
        "SELECT vacation_until, vacation_year, vacation_used_ms, dms, reminder_hours, locale_lang, chosen_lang, \
         time_zone, warning_hours, quiet_from, quiet_to, digest_hour, colours FROM players WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    Ok(row.unwrap_or_default())
}

/// Stores a player's settings.
pub async fn put(conn: &mut Tx, user_id: i64, p: &PlayerRow) -> Result<(), StoreError> {
    execute!(
        conn,
        "INSERT INTO players (user_id, vacation_until, vacation_year, vacation_used_ms, dms, reminder_hours, \
         locale_lang, chosen_lang, time_zone, warning_hours, quiet_from, quiet_to, digest_hour, colours) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
         ON CONFLICT (user_id) DO UPDATE SET vacation_until = $2, vacation_year = $3, vacation_used_ms = $4, \
         dms = $5, reminder_hours = $6, locale_lang = $7, chosen_lang = $8, time_zone = $9, warning_hours = $10, \
         quiet_from = $11, quiet_to = $12, digest_hour = $13, colours = $14",
        user_id,
        p.vacation_until,
        p.vacation_year,
        p.vacation_used_ms,
        p.dms,
        p.reminder_hours,
        &p.locale_lang,
        &p.chosen_lang,
        &p.time_zone,
        &p.warning_hours,
        p.quiet_from,
        p.quiet_to,
        p.digest_hour,
        &p.colours
    );
    Ok(())
}

/// When Discord last refused a private message to the player (they closed their DMs), if none reached them since.
pub async fn dms_closed_at(conn: &mut Tx, user_id: i64) -> Result<Option<i64>, StoreError> {
    let row: Option<(Option<i64>,)> = on!(conn, c => sqlx::query_as(
        "SELECT dms_closed_at FROM players WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(c)
    .await?);
    Ok(row.and_then(|(at,)| at))
}

/// Records that a private message to the player was refused at `at`, or (`None`) that one reached them.
pub async fn set_dms_closed_at(conn: &mut Tx, user_id: i64, at: Option<i64>) -> Result<(), StoreError> {
    let sql = "INSERT INTO players (user_id, dms_closed_at) VALUES ($1, $2) \
               ON CONFLICT (user_id) DO UPDATE SET dms_closed_at = $2";
    execute!(conn, sql, user_id, at);
    Ok(())
}

/// Claims, for the effect `outbox_id`, the one explanation a game gives a player of why their turns come in its
/// thread: true for the effect that holds it (the first to ask, or the same one asking again after a retry).
pub async fn explain_dms_once(conn: &mut Tx, game_id: i64, user_id: i64, outbox_id: i64) -> Result<bool, StoreError> {
    execute!(
        conn,
        "INSERT INTO dms_explained (game_id, user_id, outbox_id) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id, user_id) DO NOTHING",
        game_id,
        user_id,
        outbox_id
    );
    let (holder,): (i64,) = on!(conn, c => sqlx::query_as(
        "SELECT outbox_id FROM dms_explained WHERE game_id = $1 AND user_id = $2",
    )
    .bind(game_id)
    .bind(user_id)
    .fetch_one(c)
    .await?);
    Ok(holder == outbox_id)
}
