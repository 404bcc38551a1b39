//! Delivering the outbox: effects become messages (pictures drawn from the version they show), claimed before they
//! are sent and settled after: delivered, retried later, given up, or set aside when their data does not read.

use crate::language::{Lang, Text};
use crate::pictures::{Palette, Picture, Reader};
use crate::rules::Seat;
use crate::service::game::any::Reported;
use crate::service::outbox::effect::Reach;
use crate::service::outbox::positions::{last_turn, Position};
use crate::service::replay::{CATCH_UP_BYTES, UPLOAD_BYTES};
use crate::service::{Effect, Invitation, Payload, Service, ServiceError, Target};
use crate::store::{self, GameRow, OutboxRow, SeatRow, StoreError, Tx};
use std::sync::Arc;

/// How a failed delivery is tried again: after a wait that doubles with each failure, up to a longest, as often as
/// `tries` (the waits add up to about a day).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Retry {
    first_wait: i64,
    longest_wait: i64,
    tries: i64,
}

const RETRY: Retry = Retry { first_wait: 5_000, longest_wait: crate::clock::HOUR, tries: 30 };

// The outbox keeps a given-up effect as one tried this often: no effect can be tried more often.
const _: () = assert!(RETRY.tries <= store::outbox::GIVEN_UP);

impl Retry {
    /// When to try again an effect whose `attempts`th try (from 1) failed at `now`; `None`: it is given up.
    fn after(self, attempts: i64, now: i64) -> Option<i64> {
        let wait = (self.first_wait << (attempts - 1).clamp(0, 20)).min(self.longest_wait);
        (attempts < self.tries).then_some(now + wait)
    }
}

/// A picture to attach, drawn off the async runtime.
async fn draw(name: &str, f: impl FnOnce() -> Picture + Send + 'static) -> Result<(String, Picture), ServiceError> {
    Ok((name.to_string(), Service::off_runtime(f).await?))
}

/// The board at `position`, the moves of its history from `from` on pointed out, as an attachment.
async fn board(
    name: &str,
    position: Arc<Position>,
    names: Vec<String>,
    from: usize,
    reader: Reader,
) -> Result<(String, Picture), ServiceError> {
    draw(name, move || {
        let recent: Vec<&Reported> = position.history[from..].iter().collect();
        position.game.board_picture(&names, &recent, reader)
    })
    .await
}

/// Where the moves since `seat` last played begin in `history` (all of them if it has not played yet), for a
/// your-turn note.
fn since_last_turn(history: &[Reported], seat: Seat) -> usize {
    history.iter().rposition(|p| p.seat == seat).map_or(0, |i| i + 1)
}

/// An outbox row that does not read as a message.
fn corrupt(row: &OutboxRow, e: &dyn std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("outbox {}: {e}", row.id))
}

/// A message before it is addressed to Discord.
struct Message {
    target: Target,
    text: String,
    files: Vec<(String, Picture)>,
    mentions: Vec<i64>,
    invitation: Option<Invitation>,
}

impl Message {
    fn new(target: Target, text: String, files: Vec<(String, Picture)>) -> Message {
        Message { target, text, files, mentions: Vec::new(), invitation: None }
    }
}

/// The message of an effect in words only, in `lang`; an effect that shows the game has its own
/// ([`Service::payload`]).
fn words_message(effect: Effect, thread: Target, lang: Lang) -> Result<Message, String> {
    Ok(match effect {
        Effect::Text { text, next } => Message { mentions: next, ..Message::new(thread, lang.say(&text), Vec::new()) },
        Effect::Archive { thread } => Message::new(Target::Archive(thread), String::new(), Vec::new()),
        Effect::Thread { text, users, .. } => {
            Message { mentions: users, ..Message::new(thread, lang.say(&text), Vec::new()) }
        }
        Effect::Tournament { text, .. } => Message::new(thread, lang.say(&text), Vec::new()),
        Effect::Announce { tournament } => Message::new(Target::Announcement(tournament), String::new(), Vec::new()),
        Effect::Retire { ended, .. } => Message::new(thread, lang.word(ended.message()), Vec::new()),
        Effect::Lobby { text } => Message::new(thread, lang.say(&text), Vec::new()),
        Effect::Reminder { user_id, text } | Effect::Notice { user_id, text } => {
            Message::new(Target::Direct(user_id), lang.say(&text), Vec::new())
        }
        Effect::Invite { users, text, seat, undo, to } => {
            let invitation = Some(match (seat, undo) {
                (Some(seat), _) => Invitation::Seat(seat),
                (None, Some(version)) => Invitation::Undo(version),
                (None, None) => Invitation::Game,
            });
            let target = to.map_or(thread, Target::Direct);
            // Privately, there is nobody to ping.
            let mentions = if to.is_some() { Vec::new() } else { users };
            Message { mentions, invitation, ..Message::new(target, lang.say(&text), Vec::new()) }
        }
        shown @ (Effect::Board { .. } | Effect::Hand { .. } | Effect::Result { .. }) => {
            return Err(format!("{shown:?} shows the game, and there is none to show"))
        }
    })
}

/// When `seat` is due and moves were played since its last turn: how many moves stood then.
fn catching_up(position: &Position, seat: Seat) -> Option<usize> {
    let from = since_last_turn(&position.history, seat);
    (position.game.due().allows(seat) && from < position.history.len()).then_some(from)
}

/// A player's note, privately: their hand (if the game hides anything) and, when it is their turn, what happened
/// since their last turn (`since`: the moves that stood then, [`catching_up`]) in words and on the board
/// (`catch_up`: animated, when two moves or more); in a game without hands, at least the board.
async fn hand_message(
    position: Arc<Position>,
    names: Vec<String>,
    (seat, user_id): (Seat, i64),
    (note, link): (Text, Option<String>),
    reader: Reader,
    (since, catch_up): (Option<usize>, Option<Picture>),
) -> Result<Message, ServiceError> {
    let (mut files, lang) = (Vec::new(), reader.lang);
    let (shown, who) = (position.clone(), names.clone());
    if let Some(hand) = Service::off_runtime(move || shown.game.private_picture(&who, seat, reader)).await? {
        files.push(("hand.png".to_string(), hand));
    }
    let mut text = lang.say(&note);
    if let Some(link) = link {
        text.push('\n');
        text.push_str(&link);
    }
    if let Some(from) = since {
        text.push('\n');
        text.push_str(&lang.word("delivery-since-last-turn"));
        for played in &position.history[from..] {
            text.push_str(&format!("\n• {}", lang.say(&played.line)));
        }
        files.push(match catch_up {
            Some(animated) => ("catch-up.gif".to_string(), animated),
            None => board("catch-up.png", position, names, from, reader).await?,
        });
    } else if files.is_empty() {
        files.push(board("board.png", position.clone(), names, position.history.len(), reader).await?);
    }
    Ok(Message::new(Target::Direct(user_id), text, files))
}

/// What became of one try at sending an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    /// Failed in a way that may pass (Discord down, no answer): try again later.
    Retry(String),
    /// Refused for good (Discord said no): trying again will not help.
    GiveUp(String),
}

impl Service {
    /// Up to `limit` undelivered effects due for a try, oldest first, every game's and not only each game's first
    /// (the runner goes game by game: [`Service::claim`]). For looking at what waits, as tests do.
    pub async fn pending(&self, limit: i64) -> Result<Vec<Payload>, ServiceError> {
        let rows = {
            let mut tx = self.store.read().await?;
            store::outbox::pending(&mut tx, self.now(), limit).await?
        };
        let mut payloads = Vec::with_capacity(rows.len());
        for row in &rows {
            payloads.push(self.payload(row).await?);
        }
        Ok(payloads)
    }

    /// The message an outbox row stands for, its pictures drawn from the game's version it shows.
    pub async fn payload(&self, row: &OutboxRow) -> Result<Payload, ServiceError> {
        let effect: Effect = serde_json::from_str(&row.effect).map_err(|e| corrupt(row, &e))?;
        let mut tx = self.store.read().await?;
        let game = Service::row(&mut tx, row.game_id).await?;
        let seats = store::seats::of_game(&mut tx, row.game_id).await?;
        // Private words are in the player's language (the game's if they never said), the thread's in the game's;
        // private pictures in the player's colours (the game's if they never chose).
        let (reach, reader) = match effect.direct() {
            Some(user) => Service::reach(&mut tx, user)
                .await
                .map(|(reach, lang, palette)| (reach, Service::reader_or_game(&game, lang, palette)))?,
            None => (Reach::Open, Service::game_reader(&game)),
        };
        let lang = reader.lang;
        // Pictures show the game at the version the effect names (a lobby's effects have none).
        let position = match effect.shows_game() {
            true => Some(self.position(&mut tx, &game, &seats, row.version).await?),
            false => None,
        };
        let thread = game.thread_id.unwrap_or(game.channel_id);
        let to = self.target(&mut tx, &effect, &game).await?;
        let (pinged, named) = Service::calls(&mut tx, &effect).await?;
        drop(tx);
        let message = match position {
            Some(position) => self.picture_message(row, effect.clone(), position, (&seats, &game), reader).await?,
            None => words_message(effect.clone(), to, lang).map_err(|e| corrupt(row, &e))?,
        };
        let Message { target, text, files, mentions: called, invitation } = message;
        let (outbox_id, game_id, nonce) = (row.id, row.game_id, format!("o{}", row.id));
        let (my_view, your_turn) = (!pinged.is_empty(), matches!(effect, Effect::Hand { .. }));
        Ok(Payload {
            outbox_id,
            game_id,
            target,
            thread,
            lang,
            text,
            files,
            mentions: called.into_iter().filter(|u| !named.contains(u)).collect(),
            named,
            invitation,
            my_view,
            reach,
            your_turn,
            nonce,
        })
    }

    /// Whether private messages reach a player, the language they read and the colours they chose.
    async fn reach(tx: &mut Tx, user: i64) -> Result<(Reach, Option<Lang>, Option<Palette>), ServiceError> {
        let player = store::players::get(tx, user).await?;
        let reach = match (player.dms, store::players::dms_closed_at(tx, user).await?) {
            (false, _) => Reach::Off,
            (true, Some(_)) => Reach::Closed,
            (true, None) => Reach::Open,
        };
        Ok((reach, player.lang(), player.palette()))
    }

    /// The players an effect calls to play, split in two: those its post pings (no private note reaches them), and
    /// those it names without a ping (their note pings them).
    async fn calls(tx: &mut Tx, effect: &Effect) -> Result<(Vec<i64>, Vec<i64>), ServiceError> {
        let (Effect::Board { next, .. } | Effect::Text { next, .. }) = effect else {
            return Ok((Vec::new(), Vec::new()));
        };
        let (mut pinged, mut named) = (Vec::new(), Vec::new());
        for &user in next {
            match Service::reach(tx, user).await?.0 {
                Reach::Open => named.push(user),
                Reach::Off | Reach::Closed => pinged.push(user),
            }
        }
        Ok((pinged, named))
    }

    /// Where an effect's words go: the game's thread, a tournament's, a thread to open, or messages sent before
    /// (their controls to retire, the lobby's to rewrite).
    async fn target(&self, tx: &mut Tx, effect: &Effect, game: &GameRow) -> Result<Target, ServiceError> {
        Ok(match effect {
            Effect::Thread { name, .. } => Target::NewThread { channel: game.channel_id, name: name.clone() },
            Effect::Tournament { tournament, .. } => Target::Thread(self.tournament_thread(tx, *tournament).await?),
            Effect::Retire { controls, user_id, .. } => {
                Target::Retire(store::live_controls::of_game(tx, game.id, &controls.key(), *user_id).await?)
            }
            Effect::Lobby { .. } => {
                Target::Edit(game.lobby_message_id.map(|m| (game.channel_id, m)).into_iter().collect())
            }
            _ => Target::Thread(game.thread_id.unwrap_or(game.channel_id)),
        })
    }

    /// The message of an effect that shows the game at `position`: the board, a player's note, the result.
    async fn picture_message(
        &self,
        row: &OutboxRow,
        effect: Effect,
        position: Arc<Position>,
        (seats, game): (&[SeatRow], &GameRow),
        reader: Reader,
    ) -> Result<Message, ServiceError> {
        let lang = reader.lang;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let thread = Target::Thread(game.thread_id.unwrap_or(game.channel_id));
        match effect {
            Effect::Board { text, next } => {
                let drawn = self.last_board(row, position, names, reader).await?;
                Ok(Message { mentions: next, ..Message::new(thread, lang.say(&text), vec![drawn]) })
            }
            Effect::Hand { seat, user_id, note } => {
                // Two moves or more since the player's last: the boards the thread showed since, animated.
                let since = catching_up(&position, seat);
                let catch_up = match since.filter(|&from| position.history.len() >= from + 2) {
                    Some(from) => self.catch_up((game, seats), row.id, from, reader, CATCH_UP_BYTES).await?,
                    None => None,
                };
                let link = crate::service::time::thread_link(game);
                let since_then = (since, catch_up.map(|c| c.picture));
                hand_message(position, names, (seat, user_id), (note, link), reader, since_then).await
            }
            // In the thread, the game's one last post: its last board, the result, and the whole game animated;
            // privately, the result.
            Effect::Result { text, user_id } => {
                let mut files = match user_id {
                    None => vec![self.last_board(row, position.clone(), names.clone(), reader).await?],
                    Some(_) => Vec::new(),
                };
                let winners = position.game.winners(crate::service::remaining(seats));
                files.push(draw("result.png", move || position.game.result_picture(&names, winners, reader)).await?);
                let mut said = lang.say(&text);
                if user_id.is_none() {
                    let taken: usize = files.iter().map(|(_, p)| p.image.len()).sum();
                    let replay = self.whole_game(game, seats, row.id, UPLOAD_BYTES.saturating_sub(taken)).await?;
                    if let Some(thinned) = replay.thinned() {
                        said = format!("{said}\n{}", lang.say(&thinned));
                    }
                    files.push(("game.gif".to_string(), replay.picture));
                }
                Ok(Message::new(user_id.map_or(thread, Target::Direct), said, files))
            }
            other => Err(corrupt(row, &format!("{other:?} shows no game")).into()),
        }
    }

    /// The board at `position` with its last turn pointed out, kept for the game's page (the same picture it shows
    /// for this move, in the game's language and colours).
    async fn last_board(
        &self,
        row: &OutboxRow,
        position: Arc<Position>,
        names: Vec<String>,
        reader: Reader,
    ) -> Result<(String, Picture), ServiceError> {
        let turn = position.history.len() - last_turn(&position.history).len();
        let drawn = board("board.png", position, names.clone(), turn, reader).await?;
        self.pictures.put((row.game_id, row.version, reader), names, Arc::new(drawn.1.image.clone()));
        Ok(drawn)
    }

    /// Claims the first due effect of up to `limit` games, at most `retries` of them tried before, games in `skip`
    /// left out (being delivered, or waiting for their last outcome to be written): each try is counted and
    /// leased in one commit before anything is sent, so that if the database cannot be written nothing is sent.
    pub async fn claim(&self, limit: usize, retries: usize, skip: &[i64]) -> Result<Vec<OutboxRow>, ServiceError> {
        let mut tx = self.store.write().await?;
        let now = self.now();
        let mut rows = store::outbox::heads(&mut tx, now, limit, skip).await?;
        let first_retry = rows.iter().enumerate().filter(|(_, r)| r.attempts > 0).nth(retries).map(|(i, _)| i);
        if let Some(i) = first_retry {
            // Retries come after first tries (the query's order); those beyond the room wait for the next round.
            rows.truncate(i);
        }
        let mut claimed = Vec::with_capacity(rows.len());
        for mut row in rows {
            if store::outbox::claim(&mut tx, &mut row, self.store.instance()).await? {
                claimed.push(row);
            }
        }
        tx.commit().await?;
        Ok(claimed)
    }

    /// Writes what became of a claimed effect, if this process still holds the claim. When it was delivered, the
    /// game's next effect (if due) is claimed in the same commit and returned, so that a game's effects go out one
    /// after another. A claim lost to another process (this one outlived its lease) is logged, and nothing more of
    /// that game is sent here: the other process goes on with it.
    pub async fn settle(&self, row: &OutboxRow, outcome: &Outcome) -> Result<Option<OutboxRow>, ServiceError> {
        let mut tx = self.store.write().await?;
        let (now, by) = (self.now(), self.store.instance());
        let mut next = None;
        let held = match outcome {
            Outcome::Delivered => {
                let held = store::outbox::delivered(&mut tx, row, by, now).await?;
                if let Some(mut head) = store::outbox::head_of(&mut tx, row.game_id, now).await?.filter(|_| held) {
                    next = store::outbox::claim(&mut tx, &mut head, by).await?.then_some(head);
                }
                held
            }
            Outcome::Retry(error) => match RETRY.after(row.attempts, now) {
                Some(retry_at) => {
                    let held = store::outbox::failed(&mut tx, row, by, error, retry_at).await?;
                    if held {
                        tracing::warn!(outbox = row.id, error, "delivery failed; will retry");
                    }
                    held
                }
                None => {
                    let held = store::outbox::give_up(&mut tx, row, by, error).await?;
                    if held {
                        tracing::error!(outbox = row.id, error, "delivery given up after {} tries", row.attempts);
                    }
                    held
                }
            },
            Outcome::GiveUp(error) => {
                tracing::warn!(outbox = row.id, error, "delivery refused by Discord; given up");
                store::outbox::give_up(&mut tx, row, by, error).await?
            }
        };
        tx.commit().await?;
        if !held {
            Service::lost_claim(row);
        }
        Ok(next)
    }

    fn lost_claim(row: &OutboxRow) {
        tracing::warn!(
            outbox = row.id,
            game = row.game_id,
            "another process claimed this effect after this one's lease ended; its outcome here is not recorded, and \
             nothing more of this game is sent here"
        );
    }

    /// Sets aside an effect that cannot be sent (its data does not read, or its picture cannot be drawn): logged
    /// once, kept in the outbox, never tried again, and no longer holding back the game's later effects.
    pub async fn set_aside(&self, row: &OutboxRow, why: &ServiceError) -> Result<(), ServiceError> {
        let why = why.detail();
        let mut tx = self.store.write().await?;
        let held = store::outbox::set_aside(&mut tx, row, self.store.instance(), &why).await?;
        tx.commit().await?;
        match held {
            true => {
                tracing::error!(outbox = row.id, game = row.game_id, why, "an effect that cannot be sent is set aside")
            }
            false => Service::lost_claim(row),
        }
        Ok(())
    }

    /// Releases the claims (effects to send, alarms) of this process's previous run, which is gone, so that its
    /// work is not held back for a lease. Other processes' claims are theirs until their lease ends.
    pub async fn release_claims(&self) -> Result<u64, ServiceError> {
        let mut tx = self.store.write().await?;
        let by = self.store.instance();
        let mut released = 0;
        for work in [
            &store::outbox::DELIVERIES,
            &store::seats::ALARMS,
            &store::player_alarms::ALARMS,
            &store::analyses::ANALYSES,
        ] {
            released += store::lease::release_all(&mut tx, work, by).await?;
        }
        tx.commit().await?;
        Ok(released)
    }

    /// Marks an effect that nobody is delivering delivered, for tests and tools that drain the outbox themselves:
    /// it is never sent again. Refused (as corrupt data would be) while a process holds a claim on it.
    pub async fn delivered(&self, outbox_id: i64) -> Result<(), ServiceError> {
        let mut tx = self.store.write().await?;
        if !store::outbox::delivered_unclaimed(&mut tx, outbox_id, self.now()).await? {
            return Err(StoreError::Corrupt(format!("outbox {outbox_id} is claimed or gone")).into());
        }
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::RETRY;
    use crate::clock::HOUR;

    #[test]
    fn a_failed_delivery_waits_5_s_doubling_up_to_an_hour_and_is_given_up_after_30_tries() {
        let waits: Vec<i64> = (1..=29).map(|tries| RETRY.after(tries, 1_000).unwrap() - 1_000).collect();
        assert_eq!(&waits[..4], [5_000, 10_000, 20_000, 40_000]);
        assert_eq!(waits[9], 2_560_000);
        assert!(waits[10..].iter().all(|&w| w == HOUR));
        assert_eq!(waits.iter().sum::<i64>(), 73_515_000, "about a day in all");
        assert_eq!(RETRY.after(30, 1_000), None, "given up");
    }
}
