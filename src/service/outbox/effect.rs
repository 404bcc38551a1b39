//! Effects: what to tell whom after a change, stored in the outbox with the change and delivered after it commits.
//! An effect names the game version it shows; its picture is drawn at delivery from that version, so it is the
//! same whenever it is delivered.

use crate::language::{Lang, Text};
use crate::pictures::Picture;
use serde::{Deserialize, Serialize};

pub use crate::store::live_controls::Sent;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Effect {
    /// Post a line and the board (the move of this version pointed out) in the game's thread, mentioning the
    /// players called to play (several at once in games where several are due).
    Board {
        text: Text,
        #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "one_or_many")]
        next: Vec<i64>,
    },
    /// Tell a player privately that it is their turn (with what happened since their last turn), showing what
    /// only they may see (a hand) or else the board, with the controls to play.
    Hand { seat: u8, user_id: i64, note: Text },
    /// Remind a player privately that it is their turn.
    Reminder { user_id: i64, text: Text },
    /// Tell a player privately something about their seat that is not whose turn it is (that someone was asked to
    /// take it over while they were away): held in quiet hours with its words, as a result is.
    Notice { user_id: i64, text: Text },
    /// Post the final result picture and scores in the game's thread, or send them to one player.
    Result {
        text: Text,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user_id: Option<i64>,
    },
    /// Post a line in the game's thread, mentioning the players called to play (a move that changed nothing on the
    /// board, such as a pass, still calls the next player).
    Text {
        text: Text,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        next: Vec<i64>,
    },
    /// Archive the game's thread once the game has ended: it stays readable, and a later post reopens it.
    Archive { thread: i64 },
    /// Invite the players named when the game was opened, in its thread, with Join and Decline: mentions them once.
    /// With a seat: ask the player named to take that seat over (or the host to let its player take it back), with
    /// Accept and Decline. With an undo (the version it was asked at): ask the others to agree to it. With
    /// `to`: the same asked privately of that player (a player asked to give up their seat), not in the thread.
    Invite {
        users: Vec<i64>,
        text: Text,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<u8>,
        /// Effects queued before the feature had one name call it `take_back`.
        #[serde(default, skip_serializing_if = "Option::is_none", alias = "take_back")]
        undo: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<i64>,
    },
    /// Open the game's thread in its channel, from a message announcing it that mentions its players: a
    /// tournament's game, which starts without a lobby. Always its game's first effect, so the ones after it find
    /// the thread.
    Thread { text: Text, name: String, users: Vec<i64> },
    /// Post a line in a tournament's thread: a round begun, the standings, the winners.
    Tournament { tournament: i64, text: Text },
    /// Bring a tournament's announcement (its message in the channel, with Join and Start) up to date: its stage
    /// changed without a click (its first round started at its time, it ended).
    Announce { tournament: i64 },
    /// Retire the controls of messages sent before whose question is over: a player's your-turn menus (their turn
    /// ended), an invitation's buttons (answered, the game started, the lobby closed). Each message keeps its words,
    /// its controls replaced by one disabled button saying what became of them.
    Retire {
        controls: Controls,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user_id: Option<i64>,
        ended: Ended,
    },
    /// Bring the lobby's message in the channel up to date with how its game ended.
    Lobby { text: Text },
}

/// The controls a message carries, as recorded once sent: a your-turn note's menus, an invitation's buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Controls {
    Turn,
    Invitation(Invitation),
}

impl Controls {
    /// How the store names them: `turn`, `game`, `seat:2`, `undo:17` (one seat's offer, one undo's ask).
    pub fn key(self) -> String {
        match self {
            Controls::Turn => "turn".into(),
            Controls::Invitation(Invitation::Game) => "game".into(),
            Controls::Invitation(Invitation::Seat(seat)) => format!("seat:{seat}"),
            Controls::Invitation(Invitation::Undo(version)) => format!("undo:{version}"),
        }
    }
}

/// What became of the question of retired controls, said on the disabled button that replaces them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ended {
    /// The turn was played (by its player, by any path).
    Played,
    /// The turn ran out and was played for its player.
    RanOut,
    /// The turn was undone (`taken_back` in effects queued before the feature had one name).
    #[serde(alias = "taken_back")]
    Undone,
    /// The seat went to someone else.
    /// (`handed_over` in effects queued before the feature had one name.)
    #[serde(alias = "handed_over")]
    Substituted,
    /// The game is over (ended, or abandoned).
    Over,
    /// The invitation was answered.
    Answered,
    /// The game the invitation was to has started.
    Started,
    /// The lobby closed without a game.
    Closed,
}

impl Ended {
    /// Its words' message.
    pub fn message(self) -> &'static str {
        match self {
            Ended::Played => "retired-played",
            Ended::RanOut => "retired-ran-out",
            Ended::Undone => "retired-undone",
            Ended::Substituted => "retired-substituted",
            Ended::Over => "retired-over",
            Ended::Answered => "retired-answered",
            Ended::Started => "retired-started",
            Ended::Closed => "retired-closed",
        }
    }
}

impl Effect {
    /// A line in the game's thread that calls nobody.
    pub fn text(text: Text) -> Effect {
        Effect::Text { text, next: Vec::new() }
    }
}

/// `next` was one user before several could be called at once: both read.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(i64),
        Many(Vec<i64>),
    }
    Ok(match OneOrMany::deserialize(d)? {
        OneOrMany::One(user) => vec![user],
        OneOrMany::Many(users) => users,
    })
}

/// Where a delivery goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The game's thread (or its channel while it has no thread).
    Thread(i64),
    /// A private message to a user.
    Direct(i64),
    /// Not a message: archive this thread.
    Archive(i64),
    /// A message in this channel, and a thread opened from it with this name: the game's, recorded once opened.
    NewThread { channel: i64, name: String },
    /// Not a new message: bring this tournament's announcement up to date.
    Announcement(i64),
    /// Not a new message: replace the controls of these messages by one disabled button (the payload's text).
    Retire(Vec<Sent>),
    /// Not a new message: rewrite these messages (a lobby's, if it has one) with the payload's text, no controls.
    Edit(Vec<Sent>),
}

/// What an invitation asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Invitation {
    /// To join the game.
    Game,
    /// To take this seat over.
    Seat(u8),
    /// To agree to the undo asked at this version (`take_back` in effects queued before the feature had one name).
    #[serde(alias = "take_back")]
    Undo(i64),
}

/// Whether private messages reach a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// As far as anyone knows (none refused since the last that went through).
    Open,
    /// They turned private messages off (`/settings dms`).
    Off,
    /// Discord refused the last one (they closed their DMs): tried again, each time.
    Closed,
}

/// A message ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    pub outbox_id: i64,
    pub game_id: i64,
    pub target: Target,
    /// The game's thread (or channel): where a private message that cannot be sent is said instead.
    pub thread: i64,
    /// The language of its words (the game's in its thread, the player's in private).
    pub lang: Lang,
    pub text: String,
    /// Pictures to attach: `(file name, picture)`.
    pub files: Vec<(String, Picture)>,
    /// The users to mention and ping after the text; nobody else is pinged, whatever the text says.
    pub mentions: Vec<i64>,
    /// The users to mention after the text without a ping: called to play, their private note pings them.
    pub named: Vec<i64>,
    /// An invitation: the message carries Join and Decline (to the game, or to take a seat over).
    pub invitation: Option<Invitation>,
    /// A thread post that pings players whose private note cannot reach them: it carries "My view".
    pub my_view: bool,
    /// For a private message: whether it reaches its player. A thread post that called them pinged them when it
    /// does not.
    pub reach: Reach,
    /// A your-turn note (a player's hand or board, with the controls to play).
    pub your_turn: bool,
    /// Unique per effect (at most 20 characters: Discord takes 25, and a fallback adds one): Discord's
    /// `enforce_nonce` turns a repeated send (after a crash between sending and marking it done) into the same
    /// message instead of a second one.
    pub nonce: String,
}

impl Effect {
    /// The player it is sent to privately, if it is private.
    pub fn direct(&self) -> Option<i64> {
        match self {
            Effect::Hand { user_id, .. } | Effect::Reminder { user_id, .. } | Effect::Notice { user_id, .. } => {
                Some(*user_id)
            }
            Effect::Result { user_id, .. } => *user_id,
            Effect::Invite { to, .. } => *to,
            _ => None,
        }
    }

    /// Whether it shows the game in pictures, at its version.
    pub fn shows_game(&self) -> bool {
        matches!(self, Effect::Board { .. } | Effect::Hand { .. } | Effect::Result { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::{Effect, Ended, Invitation, Text};

    /// Effects queued before undo and substitution had one name each still read, as the new words.
    #[test]
    fn effects_queued_under_the_old_names_still_read() {
        let invite =
            Effect::Invite { users: vec![2], text: Text::Said("t".into()), seat: None, undo: Some(5), to: None };
        let old = serde_json::to_string(&invite).unwrap().replace("\"undo\"", "\"take_back\"");
        assert!(old.contains("\"take_back\":5"), "{old}");
        assert_eq!(serde_json::from_str::<Effect>(&old).unwrap(), invite);
        assert_eq!(serde_json::from_str::<Invitation>(r#"{"take_back":5}"#).unwrap(), Invitation::Undo(5));
        assert_eq!(serde_json::from_str::<Ended>(r#""taken_back""#).unwrap(), Ended::Undone);
        assert_eq!(serde_json::from_str::<Ended>(r#""handed_over""#).unwrap(), Ended::Substituted);
    }

    #[test]
    fn a_board_stored_before_several_players_could_be_called_still_reads() {
        let t = || Text::Said("t".into());
        let old: Effect = serde_json::from_str(r#"{"type":"board","text":"t","next":42}"#).unwrap();
        assert_eq!(old, Effect::Board { text: t(), next: vec![42] });
        let none: Effect = serde_json::from_str(r#"{"type":"board","text":"t"}"#).unwrap();
        assert_eq!(none, Effect::Board { text: t(), next: vec![] });
        let two = Effect::Board { text: crate::text!("play-lines", lines = "t"), next: vec![1, 2] };
        assert_eq!(serde_json::from_str::<Effect>(&serde_json::to_string(&two).unwrap()).unwrap(), two);
    }
}
