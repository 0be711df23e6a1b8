//! The public language each channel last used: Discord tells the server's locale with every
//! interaction, but a timer's move comes without one.

use bot_core::service::ChatId;
use bot_core::text::Lang;
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct ChatLangs {
    langs: Mutex<HashMap<ChatId, Lang>>,
}

impl ChatLangs {
    pub fn remember(&self, chat: &ChatId, lang: Lang) {
        self.langs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(chat.clone(), lang);
    }

    pub fn of(&self, chat: &ChatId) -> Option<Lang> {
        self.langs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(chat)
            .copied()
    }
}
