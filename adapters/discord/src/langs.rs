//! The public language each channel last used: Discord tells the server's locale with every
//! interaction, but a timer's move comes without one. Channels idle for a while are
//! forgotten (`forget_idle`); the service keeps the chat's language in the store too.

use bot_core::memory::release_unused_room;
use bot_core::service::ChatId;
use bot_core::text::Lang;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

#[derive(Default)]
pub struct ChatLangs {
    langs: Mutex<HashMap<ChatId, (Lang, Instant)>>,
}

impl ChatLangs {
    fn langs(&self) -> MutexGuard<'_, HashMap<ChatId, (Lang, Instant)>> {
        self.langs.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn remember(&self, chat: &ChatId, lang: Lang) {
        self.langs().insert(chat.clone(), (lang, Instant::now()));
    }

    pub fn of(&self, chat: &ChatId) -> Option<Lang> {
        self.langs().get(chat).map(|(lang, _)| *lang)
    }

    /// Forgets the channels not heard of for `idle`; returns how many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let mut langs = self.langs();
        langs.retain(|_, (_, used)| used.elapsed() < idle);
        release_unused_room(&mut langs);
        langs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_channels_are_forgotten() {
        let langs = ChatLangs::default();
        let chat = ChatId::new("discord", "1/2");
        langs.remember(&chat, Lang::En);
        assert_eq!(langs.forget_idle(Duration::from_secs(60)), 1);
        assert_eq!(langs.of(&chat), Some(Lang::En));
        assert_eq!(langs.forget_idle(Duration::ZERO), 0);
        assert_eq!(langs.of(&chat), None);
    }
}
