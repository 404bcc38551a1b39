//! Delivery to Discord: the [`Courier`] that turns the outbox's payloads into messages (thread posts, private hands,
//! reminders, invitations) and says what became of each.
//!
//! Each message carries its effect's nonce with `enforce_nonce`, so a message sent again after a crash between
//! sending and marking is the same message, not a second one. Every message pings exactly the users its payload
//! names (`allowed_mentions`), whatever its text says. A closed DM (Discord error 50007) is said in the thread, with
//! no secret, and a "My view" button that answers privately. Posting reopens a thread Discord archived (idle for a
//! week); a finished game's thread is archived once its result is out.

use super::components::{hand_controls, invitation_buttons};
use super::text::{fit, fit_in, pinging, redact, CONTENT_LIMIT};
use crate::service::{Courier, Outcome, Payload, Service, Target};
use crate::text;
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateActionRow, CreateAttachment, CreateButton, CreateMessage, EditThread, Http, UserId};
use std::sync::Arc;

/// Discord's "Cannot send messages to this user".
const DMS_CLOSED: isize = 50007;
/// Discord's "A thread has already been created for this message".
const THREAD_OPENED: isize = 160004;
/// Discord's "Operation cannot be performed on an archived thread".
const THREAD_ARCHIVED: isize = 50083;

/// Sends payloads through Discord's HTTP API.
pub struct Discord {
    pub http: Arc<Http>,
    pub service: Arc<Service>,
}

impl Courier for Discord {
    async fn send(&self, payload: &Payload) -> Outcome {
        let result = if payload.dms_off {
            in_thread(&self.http, payload, "delivery-dms-off").await
        } else {
            match send(&self.http, &self.service, payload).await {
                Err(e) if discord_code(&e) == Some(DMS_CLOSED) => {
                    in_thread(&self.http, payload, "delivery-dms-closed").await
                }
                sent => sent,
            }
        };
        metrics::counter!("meridian_deliveries_total", "outcome" => delivery_outcome(&result)).increment(1);
        match result {
            Ok(()) => Outcome::Delivered,
            Err(e) if refused(&e) => Outcome::GiveUp(redact(&e.to_string())),
            Err(e) => Outcome::Retry(redact(&e.to_string())),
        }
    }
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
    let recorded = service.game_thread_opened(game, thread, opening).await;
    recorded.map_err(|e| serenity::Error::Io(std::io::Error::other(e.detail())))
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
    // The mentions go last and are never cut.
    let tail: String = payload.mentions.iter().map(|u| format!(" <@{u}>")).collect();
    let content = format!("{}{tail}", fit_in(&payload.text, CONTENT_LIMIT - tail.chars().count(), payload.lang));
    let mut message = CreateMessage::new()
        .content(content)
        .allowed_mentions(pinging(&payload.mentions))
        .nonce(serenity::Nonce::String(payload.nonce.clone()))
        .enforce_nonce(true);
    if let Some(invitation) = payload.invitation {
        message = message.components(invitation_buttons(payload.game_id, invitation, payload.lang));
    }
    for (name, png) in &payload.files {
        message = message.add_file(CreateAttachment::bytes(png.clone(), name.as_str()));
    }
    message
}

async fn send(http: &Http, service: &Service, payload: &Payload) -> Result<(), serenity::Error> {
    match payload.target {
        Target::Thread(channel) => {
            post(http, ChannelId::new(channel as u64), message(payload)).await?;
        }
        Target::NewThread { channel, ref name } => open_thread(http, service, payload, (channel, name)).await?,
        Target::Announcement(tournament) => super::tournament::bring_up_to_date(http, service, tournament).await?,
        Target::Archive(thread) => {
            ChannelId::new(thread as u64).edit_thread(http, EditThread::new().archived(true)).await?;
        }
        Target::Direct(user) => {
            let dm = UserId::new(user as u64).create_dm_channel(http).await?;
            let mut message = message(payload);
            if let Ok(Some(controls)) = hand_controls(service, payload.game_id, user, payload.lang).await {
                message = message.components(controls);
            }
            dm.id.send_message(http, message).await?;
        }
    }
    Ok(())
}

/// Says in the game's thread what a private message would have said first (no secret: its first line is a note
/// like "your turn"), why it is here (`why`, a message), and offers a button to see the hand privately: in the
/// player's language, since it speaks to them.
async fn in_thread(http: &Http, payload: &Payload, why: &str) -> Result<(), serenity::Error> {
    let Target::Direct(user) = payload.target else { return Ok(()) };
    // An Accept asked privately is asked in the thread too: said there again, it would ping a second time.
    if payload.invitation.is_some() {
        return Ok(());
    }
    let (lang, note) = (payload.lang, payload.text.lines().next().unwrap_or_default());
    let said = text!("delivery-in-thread", user = format!("<@{user}>"), note = note, why = text!(why));
    let text = lang.say(&said);
    let button = CreateButton::new(format!("hand:{}", payload.game_id)).label(lang.word("button-my-view"));
    let message = CreateMessage::new()
        .content(fit(&text, lang))
        .allowed_mentions(pinging(&[user]))
        .components(vec![CreateActionRow::Buttons(vec![button])])
        .nonce(serenity::Nonce::String(format!("{}d", payload.nonce)))
        .enforce_nonce(true);
    post(http, ChannelId::new(payload.thread as u64), message).await?;
    Ok(())
}

/// Posts in a game's thread (or channel). Discord archives a thread idle for a week, and the game's end archives
/// it too; a thread that refuses a post for being archived is reopened and the post sent again.
async fn post(http: &Http, channel: ChannelId, message: CreateMessage) -> Result<(), serenity::Error> {
    match channel.send_message(http, message.clone()).await {
        Err(e) if discord_code(&e) == Some(THREAD_ARCHIVED) => {
            tracing::info!(thread = %channel, "reopening an archived thread to post in it");
            channel.edit_thread(http, EditThread::new().archived(false)).await?;
            channel.send_message(http, message).await?;
        }
        sent => {
            sent?;
        }
    }
    Ok(())
}
