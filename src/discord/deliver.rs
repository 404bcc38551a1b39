//! The delivery loop: runs the turn clock, sends the outbox's effects (thread posts, private hands, reminders) and
//! marks them delivered.
//!
//! Each message carries its effect's nonce with `enforce_nonce`, so a message sent again after a crash between
//! sending and marking is the same message, not a second one. A closed DM (Discord error 50007) is said in the
//! thread, with no secret, and a "My hand" button that answers privately. Posting reopens a thread Discord archived
//! (idle for a week); a finished game's thread is archived once its result is out.

use super::components::hand_controls;
use crate::service::{Payload, Service, Target};
use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateActionRow, CreateAttachment, CreateButton, CreateMessage, EditThread, Http, UserId};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Discord's "Cannot send messages to this user".
const DMS_CLOSED: isize = 50007;
/// Discord's "Operation cannot be performed on an archived thread".
const THREAD_ARCHIVED: isize = 50083;

/// Delivers pending effects whenever woken, and every `idle` at the latest: passes turns that ran out, sends
/// reminders, retries failures.
pub async fn run(http: Arc<Http>, service: Arc<Service>, wake: Arc<Notify>, idle: Duration) {
    loop {
        if let Err(e) = service.tick().await {
            tracing::error!(error = %e, "cannot check turn limits and reminders");
        }
        match service.pending(20).await {
            Ok(batch) => {
                // Until nothing is due: there may be more than a batch, or an effect that waited for these. If the
                // outcome of a delivery could not be recorded, wait rather than send it again at once.
                let mut recorded = !batch.is_empty();
                for payload in batch {
                    recorded &= deliver(&http, &service, payload).await;
                }
                if recorded {
                    continue;
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot read the outbox"),
        }
        let _ = tokio::time::timeout(idle, wake.notified()).await;
    }
}

fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => Some(response.error.code),
        _ => None,
    }
}

/// Discord said no (a 4xx with its reason), as opposed to failing to answer (5xx, network): asking again will not
/// help.
fn refused(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_client_error()
        }
        _ => false,
    }
}

/// Sends one effect and records the outcome; false if the outcome could not be recorded.
async fn deliver(http: &Http, service: &Service, payload: Payload) -> bool {
    let id = payload.outbox_id;
    let result = if payload.dms_off {
        in_thread(http, &payload, "you turned private messages off").await
    } else {
        send(http, service, &payload).await
    };
    let marked = match result {
        Ok(()) => service.delivered(id).await,
        Err(e) if discord_code(&e) == Some(DMS_CLOSED) => {
            match in_thread(http, &payload, "your DMs are closed").await {
                Ok(()) => service.delivered(id).await,
                Err(e) => service.failed(id, &e.to_string()).await,
            }
        }
        Err(e) if matches!(payload.target, Target::Archive(_)) && refused(&e) => {
            // No permission, thread gone: a tidy-up, not worth retrying for a day.
            tracing::warn!(outbox = id, error = %e, "could not archive a finished game's thread");
            service.delivered(id).await
        }
        Err(e) => {
            tracing::warn!(outbox = id, error = %e, "delivery failed; will retry");
            service.failed(id, &e.to_string()).await
        }
    };
    if let Err(e) = &marked {
        tracing::error!(outbox = id, error = %e, "cannot record a delivery");
    }
    marked.is_ok()
}

fn message(payload: &Payload) -> CreateMessage {
    let content = match payload.mention {
        Some(user) => format!("{} <@{user}>", payload.text),
        None => payload.text.clone(),
    };
    let mut message =
        CreateMessage::new().content(content).nonce(serenity::Nonce::String(payload.nonce.clone())).enforce_nonce(true);
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
        Target::Archive(thread) => {
            ChannelId::new(thread as u64).edit_thread(http, EditThread::new().archived(true)).await?;
        }
        Target::Direct(user) => {
            let dm = UserId::new(user as u64).create_dm_channel(http).await?;
            let mut message = message(payload);
            if let Ok(Some((version, legal))) = service.turn(payload.game_id, user).await {
                message = message.components(hand_controls(payload.game_id, version, &legal));
            }
            dm.id.send_message(http, message).await?;
        }
    }
    Ok(())
}

/// Says in the game's thread what a private message would have said first (no secret: its first line is a note
/// like "your turn"), why it is here, and offers a button to see the hand privately.
async fn in_thread(http: &Http, payload: &Payload, why: &str) -> Result<(), serenity::Error> {
    let Target::Direct(user) = payload.target else { return Ok(()) };
    let note = payload.text.lines().next().unwrap_or_default();
    let text = format!(
        "<@{user}>, {note} I cannot send you private messages ({why}). Use the button to see your hand here, \
         privately."
    );
    let button = CreateButton::new(format!("hand:{}", payload.game_id)).label("My hand");
    let message = CreateMessage::new()
        .content(text)
        .components(vec![CreateActionRow::Buttons(vec![button])])
        .nonce(serenity::Nonce::String(format!("{}-dm-closed", payload.nonce)))
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
