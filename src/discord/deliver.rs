//! Delivery to Discord: the [`Courier`] that turns the outbox's payloads into messages (thread posts, private hands,
//! reminders, invitations) and says what became of each.
//!
//! Each message carries its effect's nonce with `enforce_nonce`, so a message sent again after a crash between
//! sending and marking is the same message, not a second one. Every message pings exactly the users its payload
//! names (`allowed_mentions`), whatever its text says. A closed DM (Discord error 50007) is said in the thread, with
//! no secret, and a "My view" button that answers privately. Posting reopens a thread Discord archived (idle for a
//! week); a finished game's thread is archived once its result is out.

use super::controls::{hand_controls, invitation_buttons};
use super::text::{attachment, fit, fit_in, fit_label, pinging, redact, CONTENT_LIMIT};
use crate::language::Lang;
use crate::service::{Controls, Courier, Outcome, Payload, Reach, Sent, Service, Target};
use crate::text;
use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CreateActionRow, CreateButton, CreateMessage, EditMessage, EditThread, Http, Message, MessageId, UserId,
};
use std::sync::Arc;

/// Discord's "Cannot send messages to this user".
const DMS_CLOSED: isize = 50007;
/// Discord's "A thread has already been created for this message".
const THREAD_OPENED: isize = 160004;
/// Discord's "Unknown Channel" and "Unknown Message": what was to be edited is gone.
const UNKNOWN_CHANNEL: isize = 10003;
const UNKNOWN_MESSAGE: isize = 10008;
/// Discord's "Operation cannot be performed on an archived thread".
const THREAD_ARCHIVED: isize = 50083;

/// Sends payloads through Discord's HTTP API.
pub struct Discord {
    pub http: Arc<Http>,
    pub service: Arc<Service>,
}

impl Courier for Discord {
    async fn send(&self, payload: &Payload) -> Outcome {
        let result = self.deliver(payload).await;
        metrics::counter!("meridian_deliveries_total", "outcome" => delivery_outcome(&result)).increment(1);
        match result {
            Ok(()) => Outcome::Delivered,
            Err(e) if refused(&e) => Outcome::GiveUp(redact(&e.to_string())),
            Err(e) => Outcome::Retry(redact(&e.to_string())),
        }
    }
}

impl Discord {
    /// Sends a payload; a private message that cannot reach its player is said in the game's thread instead, and
    /// Discord's answer (refused, or taken after a refusal) is recorded for the next turn's post.
    async fn deliver(&self, payload: &Payload) -> Result<(), serenity::Error> {
        let (http, service) = (&self.http, &self.service);
        let Target::Direct(user) = payload.target else { return send(http, service, payload).await };
        if payload.reach == Reach::Off {
            return in_thread(http, service, payload, "delivery-dms-off").await;
        }
        match send(http, service, payload).await {
            Err(e) if discord_code(&e) == Some(DMS_CLOSED) => {
                service.dms_answered(user, false).await.map_err(unrecorded)?;
                in_thread(http, service, payload, "delivery-dms-closed").await
            }
            Ok(()) if payload.reach == Reach::Closed => service.dms_answered(user, true).await.map_err(unrecorded),
            sent => sent,
        }
    }
}

/// What the database could not record, as an I/O error: the delivery is tried again.
fn unrecorded(e: crate::service::ServiceError) -> serenity::Error {
    serenity::Error::Io(std::io::Error::other(e.detail()))
}

/// Posts a game's opening message in `channel` and opens its thread from it, then records the thread. Sent again
/// after a crash, the nonce gives back the same message, and Discord refuses a second thread from it: the thread
/// already opened has the message's id. A thread that cannot be recorded (the database is away) is an I/O error:
/// tried again.
async fn open_thread(
    http: &Http,
    service: &Service,
    payload: &Payload,
    (channel, name): (i64, &str),
) -> Result<(), serenity::Error> {
    let channel = ChannelId::new(channel as u64);
    let opening = channel.send_message(http, message(payload)).await?;
    let thread = serenity::CreateThread::new(name).auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match channel.create_thread_from_message(http, opening.id, thread).await {
        Ok(thread) => thread.id.get(),
        Err(e) if discord_code(&e) == Some(THREAD_OPENED) => opening.id.get(),
        Err(e) => return Err(e),
    };
    let (game, thread, opening) = (payload.game_id, thread as i64, opening.id.get() as i64);
    service.game_thread_opened(game, thread, opening).await.map_err(unrecorded)
}

/// A send's outcome for the metrics: `sent`, `rate_limited` (429), `server_error` (5xx), `refused` (another 4xx)
/// or `failed` (no answer).
fn delivery_outcome(result: &Result<(), serenity::Error>) -> &'static str {
    match result {
        Ok(()) => "sent",
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => {
            match response.status_code.as_u16() {
                429 => "rate_limited",
                500.. => "server_error",
                _ => "refused",
            }
        }
        Err(_) => "failed",
    }
}

fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// Discord said no (a 4xx with its reason), as opposed to failing to answer (5xx, network): asking again will not
/// help. Not "too many requests", nor "unauthorized" (a token being replaced: the messages wait for the new one).
pub fn refused(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_client_error() && !matches!(response.status_code.as_u16(), 401 | 429)
        }
        _ => false,
    }
}

fn message(payload: &Payload) -> CreateMessage {
    // The mentions go last and are never cut; only those in `mentions` ping.
    let tail: String = payload.mentions.iter().chain(&payload.named).map(|u| format!(" <@{u}>")).collect();
    let content = format!("{}{tail}", fit_in(&payload.text, CONTENT_LIMIT - tail.chars().count(), payload.lang));
    let mut message = CreateMessage::new()
        .content(content)
        .allowed_mentions(pinging(&payload.mentions))
        .nonce(serenity::Nonce::String(payload.nonce.clone()))
        .enforce_nonce(true);
    if let Some(invitation) = payload.invitation {
        message = message.components(invitation_buttons(payload.game_id, invitation, payload.lang));
    } else if payload.my_view {
        message = message.components(my_view(payload.game_id, payload.lang));
    }
    for (name, picture) in &payload.files {
        message = message.add_file(attachment(picture.clone(), name));
    }
    message
}

/// The "My view" button: a player's own view of the game, answered privately.
fn my_view(game: i64, lang: Lang) -> Vec<CreateActionRow> {
    let button = CreateButton::new(format!("hand:{game}")).label(lang.word("button-my-view"));
    vec![CreateActionRow::Buttons(vec![button])]
}

async fn send(http: &Http, service: &Service, payload: &Payload) -> Result<(), serenity::Error> {
    let sent = match payload.target {
        Target::Thread(channel) => post(http, ChannelId::new(channel as u64), message(payload)).await?,
        Target::NewThread { channel, ref name } => return open_thread(http, service, payload, (channel, name)).await,
        Target::Announcement(tournament) => {
            return super::tournament::bring_up_to_date(http, service, tournament).await
        }
        Target::Archive(thread) => {
            ChannelId::new(thread as u64).edit_thread(http, EditThread::new().archived(true)).await?;
            return Ok(());
        }
        Target::Retire(ref sent) => return retire(http, service, sent, (&payload.text, payload.lang)).await,
        Target::Edit(ref sent) => return rewrite(http, sent, payload).await,
        Target::Direct(user) => direct(http, service, payload, user).await?,
    };
    if let Some(invitation) = payload.invitation {
        let to = if let Target::Direct(user) = payload.target { Some(user) } else { None };
        let at = (sent.channel_id.get() as i64, sent.id.get() as i64);
        service.sent_live(payload.game_id, Controls::Invitation(invitation), to, at).await.map_err(unrecorded)?;
    }
    Ok(())
}

/// A private message, with the controls to play when its player is due (recorded, to be retired when their turn
/// ends).
async fn direct(http: &Http, service: &Service, payload: &Payload, user: i64) -> Result<Message, serenity::Error> {
    let dm = UserId::new(user as u64).create_dm_channel(http).await?;
    let mut message = message(payload);
    let controls = hand_controls(service, payload.game_id, user, payload.lang).await.ok().flatten();
    if let Some(controls) = controls.clone() {
        message = message.components(controls);
    }
    let sent = dm.id.send_message(http, message).await?;
    if controls.is_some() {
        let at = (dm.id.get() as i64, sent.id.get() as i64);
        service.sent_live(payload.game_id, Controls::Turn, Some(user), at).await.map_err(unrecorded)?;
    }
    Ok(sent)
}

/// Replaces the controls of messages sent before by one disabled button saying what became of them (`label`), then
/// forgets them. A message gone (deleted, its thread archived) has nothing left to click.
async fn retire(http: &Http, service: &Service, sent: &[Sent], label: (&str, Lang)) -> Result<(), serenity::Error> {
    for &(channel, message) in sent {
        let button = CreateButton::new("gone").label(fit_label(label.0, label.1)).disabled(true);
        let edit = EditMessage::new().components(vec![CreateActionRow::Buttons(vec![button])]);
        edit_unless_gone(http, (channel, message), edit).await?;
    }
    service.retired(sent).await.map_err(unrecorded)
}

/// Rewrites messages sent before (a lobby's) with the payload's words, and no controls.
async fn rewrite(http: &Http, sent: &[Sent], payload: &Payload) -> Result<(), serenity::Error> {
    for &at in sent {
        let content = fit(&payload.text, payload.lang);
        let edit = EditMessage::new().content(content).components(Vec::new()).allowed_mentions(pinging(&[]));
        edit_unless_gone(http, at, edit).await?;
    }
    Ok(())
}

/// Edits a message sent before; one that is gone (deleted, its channel gone, its thread archived) is left be.
async fn edit_unless_gone(http: &Http, (channel, message): Sent, edit: EditMessage) -> Result<(), serenity::Error> {
    match ChannelId::new(channel as u64).edit_message(http, MessageId::new(message as u64), edit).await {
        Err(e) if matches!(discord_code(&e), Some(UNKNOWN_MESSAGE | UNKNOWN_CHANNEL | THREAD_ARCHIVED)) => Ok(()),
        edited => edited.map(|_| ()),
    }
}

/// Says in the game's thread what a private message would have said first (no secret: its first line is a note
/// like "your turn") and offers a button to see the game privately, in the player's language. Why their messages
/// come here (`why`) is said once a game; a your-turn note whose thread post pinged them already (their DMs were
/// known not to reach them) adds nothing more.
async fn in_thread(http: &Http, service: &Service, payload: &Payload, why: &str) -> Result<(), serenity::Error> {
    let Target::Direct(user) = payload.target else { return Ok(()) };
    // An Accept asked privately is asked in the thread too: said there again, it would ping a second time.
    if payload.invitation.is_some() {
        return Ok(());
    }
    let pinged = payload.your_turn && payload.reach != Reach::Open;
    let explains = service.explains_dms(payload.game_id, user, payload.outbox_id).await.map_err(unrecorded)?;
    let (lang, note) = (payload.lang, payload.text.lines().next().unwrap_or_default());
    let (who, why) = (format!("<@{user}>"), text!(why));
    let said = match (explains, pinged) {
        (true, false) => text!("delivery-in-thread", user = who, note = note, why = why),
        (true, true) => text!("delivery-dms-explained", user = who, why = why),
        (false, false) => text!("delivery-turn-here", user = who, note = note),
        (false, true) => return Ok(()),
    };
    let message = CreateMessage::new()
        .content(fit(&lang.say(&said), lang))
        .allowed_mentions(pinging(if pinged { &[] } else { std::slice::from_ref(&user) }))
        .components(my_view(payload.game_id, lang))
        .nonce(serenity::Nonce::String(format!("{}d", payload.nonce)))
        .enforce_nonce(true);
    post(http, ChannelId::new(payload.thread as u64), message).await?;
    Ok(())
}

/// Posts in a game's thread (or channel). Discord archives a thread idle for a week, and the game's end archives
/// it too; a thread that refuses a post for being archived is reopened and the post sent again.
async fn post(http: &Http, channel: ChannelId, message: CreateMessage) -> Result<Message, serenity::Error> {
    match channel.send_message(http, message.clone()).await {
        Err(e) if discord_code(&e) == Some(THREAD_ARCHIVED) => {
            tracing::info!(thread = %channel, "reopening an archived thread to post in it");
            channel.edit_thread(http, EditThread::new().archived(false)).await?;
            channel.send_message(http, message).await
        }
        sent => sent,
    }
}
