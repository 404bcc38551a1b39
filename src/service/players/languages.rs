//! The language a player is written to in: the one they chose, else the one Discord last said they use (every
//! interaction says it, and it is kept for the messages sent to them later).

use crate::language::Lang;
use crate::service::{Service, ServiceError};
use crate::store::{self, players::PlayerRow};

impl Service {
    /// The language a player chose for their private messages and reminders (`None`: the one Discord says they use).
    pub async fn choose_language(&self, user_id: i64, chosen: Option<Lang>) -> Result<(), ServiceError> {
        self.change_player(user_id, |player| PlayerRow { chosen_lang: chosen.map(|l| l.code().to_string()), ..player })
            .await
    }

    /// The language to answer a player in: the one they chose, else `locale` (the one Discord says they use now).
    pub async fn speaks(&self, user_id: i64, locale: Lang) -> Result<Lang, ServiceError> {
        let mut tx = self.store.read().await?;
        let chosen = store::players::get(&mut tx, user_id).await?.chosen_lang;
        Ok(chosen.as_deref().and_then(Lang::from_code).unwrap_or(locale))
    }

    /// Remembers the language Discord says a player uses (every interaction says it), for the messages sent to them
    /// later: written only when it changed.
    pub async fn seen_locale(&self, user_id: i64, lang: Lang) -> Result<(), ServiceError> {
        let known = |locales: &std::collections::HashMap<i64, Lang>| locales.get(&user_id) == Some(&lang);
        if known(&self.locales.lock().unwrap_or_else(std::sync::PoisonError::into_inner)) {
            return Ok(());
        }
        let mut tx = self.store.write().await?;
        let player = store::players::get(&mut tx, user_id).await?;
        if player.locale_lang.as_deref() != Some(lang.code()) {
            let row = PlayerRow { locale_lang: Some(lang.code().to_string()), ..player };
            store::players::put(&mut tx, user_id, &row).await?;
            tx.commit().await?;
        }
        self.locales.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(user_id, lang);
        Ok(())
    }
}
