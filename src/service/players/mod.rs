//! A player, across their games: the settings they choose and the words they read them in ([`settings`]: private
//! messages, reminders, and every setting shown at once), and the language they are written to in ([`languages`]:
//! chosen, or the one Discord says they use). Their time (zone, warnings, quiet hours, digest, vacation) is
//! [`crate::service::time`]'s.

pub(super) mod languages;
pub(super) mod settings;
