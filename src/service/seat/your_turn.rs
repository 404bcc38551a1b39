//! The head line of everything that tells a player it is their turn (the your-turn note, reminders, warnings, the
//! digest): which game, named as its thread is ("**Meridian #12**"), on which server, and the turn's number, counted
//! as the thread and the page count it; then by when, in Discord's timestamp markup (each reader sees their own
//! time), and, after a turn that ran out, how many more in a row resign them.

use crate::language::{List, Text};
use crate::rules::Seat;
use crate::service::{Service, ServiceError, Table, TIMEOUTS_TO_RESIGN};
use crate::store::{self, GameRow, Tx};
use crate::text;

/// A server's name is cut to this many characters in a head line (Discord allows 100): the digest lists several.
pub const SERVER_NAME_CHARS: usize = 40;

/// The number of the turn that follows moves by `seats` (in order): a turn is one seat's moves in a row (Contrées
/// lays two lands a turn), so the count of seat changes, plus one. Games that do not number their turns (Dragon
/// Delta's programmes are chosen together) say none: a message's `turn` 0.
pub fn turn_after(seats: &[i64]) -> usize {
    1 + seats.windows(2).filter(|pair| pair[0] != pair[1]).count() + usize::from(!seats.is_empty())
}

/// A server's name as markdown shows it: cut to [`SERVER_NAME_CHARS`], its own marks escaped so that it reads as
/// it is.
fn plain(name: &str) -> String {
    let cut = name.chars().count() > SERVER_NAME_CHARS;
    let mut said = String::new();
    for c in name.chars().take(if cut { SERVER_NAME_CHARS - 1 } else { SERVER_NAME_CHARS }) {
        if matches!(c, '*' | '_' | '~' | '`' | '|' | '\\' | '<' | '>' | '#' | '[' | ']') {
            said.push('\\');
        }
        said.push(c);
    }
    if cut {
        said.push('…');
    }
    said
}

/// "**Meridian #12** on *Server*: your turn (turn 5)." (`turn` 0: no number).
pub(in crate::service) fn head_line(title: &str, game: i64, server: Option<&str>, turn: usize) -> Text {
    match server {
        Some(server) => text!("turn-head-server", title = title, game = game, server = plain(server), turn = turn),
        None => text!("turn-head", title = title, game = game, turn = turn),
    }
}

impl Service {
    /// Records a server's name, as Discord last said it.
    pub async fn server_named(&self, guild: i64, name: &str) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        store::servers::set_name(&mut tx, guild, name).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The number of the turn a game is at (the next to be played), or 0 in a game whose turns are not numbered.
    pub(in crate::service) async fn turn_number(tx: &mut Tx, row: &GameRow) -> Result<usize, ServiceError> {
        if !crate::service::kind_of(row)?.numbered_turns() {
            return Ok(0);
        }
        Ok(turn_after(&store::moves::seats_standing(tx, row.id, row.version).await?))
    }

    /// A game's head line as it stands.
    pub(in crate::service) async fn turn_head(tx: &mut Tx, row: &GameRow) -> Result<Text, ServiceError> {
        let title = crate::service::kind_of(row)?.title();
        let turn = Service::turn_number(tx, row).await?;
        let server = match row.guild_id {
            Some(guild) => store::servers::name(tx, guild).await?,
            None => None,
        };
        Ok(head_line(title, row.id, server.as_deref(), turn))
    }

    /// "Due <date and time> (in 3 days)." for a seat with a deadline.
    pub(in crate::service) async fn due_line(
        tx: &mut Tx,
        row: &GameRow,
        seat: Seat,
    ) -> Result<Option<Text>, ServiceError> {
        let deadlines = store::seats::deadlines(tx, row.id).await?;
        Ok(deadlines.into_iter().find(|&(s, _)| s == i64::from(seat)).map(|(_, deadline)| {
            text!("turn-due", at = Text::timestamp(deadline, 'F'), relative = Text::timestamp(deadline, 'R'))
        }))
    }

    /// A seat's your-turn note: the head line, why it is their turn again (`again`: a move was taken back), its
    /// deadline, and whether its last turn ran out.
    pub(in crate::service) async fn your_turn(
        &self,
        tx: &mut Tx,
        table: &Table,
        seat: Seat,
        again: Option<Text>,
    ) -> Result<Text, ServiceError> {
        let mut lines = vec![Service::turn_head(tx, &table.row).await?.into()];
        lines.extend(again.map(Into::into));
        lines.extend(Service::due_line(tx, &table.row, seat).await?.map(Into::into));
        let ran_out = store::seats::timeouts(tx, table.row.id, i64::from(seat)).await?;
        if ran_out > 0 {
            lines.push(text!("turn-ran-out", left = (TIMEOUTS_TO_RESIGN - ran_out).max(1)).into());
        }
        Ok(text!("play-lines", lines = List::Lines(lines)))
    }
}

#[cfg(test)]
mod tests {
    use super::{plain, turn_after, SERVER_NAME_CHARS};

    #[test]
    fn a_turn_is_one_seats_moves_in_a_row() {
        for (seats, turn) in [(&[][..], 1), (&[0], 2), (&[0, 1], 3), (&[0, 1, 1, 0, 0], 4), (&[0, 0], 2)] {
            assert_eq!(turn_after(seats), turn, "{seats:?}");
        }
    }

    #[test]
    fn a_servers_name_reads_as_it_is_and_no_longer_than_its_room() {
        assert_eq!(plain("*Board* _games_"), "\\*Board\\* \\_games\\_");
        assert_eq!(plain("Les Amis"), "Les Amis");
        let long = "a".repeat(100);
        assert_eq!(plain(&long), format!("{}…", "a".repeat(SERVER_NAME_CHARS - 1)));
        assert_eq!(plain(&long[..SERVER_NAME_CHARS]), long[..SERVER_NAME_CHARS]);
    }
}
