//! Follows what the bot sends to the fakes: the current table message of every chat (so the
//! scripted players know whose turn it is) and, for Telegram, how long each update waited for
//! the bot's first reaction. One pass over the new requests per tick, whatever the number
//! of tables.

use schocken_fakes::discord::{Call, FakeDiscord};
use schocken_fakes::telegram::{FakeTelegram, PENDING};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A table message as the players see it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableMessage {
    pub message_id: i64,
    pub content: String,
    /// Button ids (`v1:…`).
    pub buttons: Vec<String>,
    /// The table version the buttons were made for.
    pub version: u64,
    /// The table id the buttons belong to.
    pub table: u64,
    /// The game ended (the message lost its buttons).
    pub finished: bool,
}

impl TableMessage {
    fn new(message_id: i64, content: &str, buttons: Vec<String>) -> TableMessage {
        let (table, version) = buttons
            .iter()
            .find_map(|b| parse_button(b))
            .unwrap_or((0, 0));
        TableMessage {
            message_id,
            content: content.to_string(),
            finished: buttons.is_empty(),
            buttons,
            version,
            table,
        }
    }

    /// The button whose id starts with `prefix` (`v1:r:` roll, `v1:s:` stand, …).
    pub fn button(&self, prefix: &str) -> Option<&str> {
        self.buttons
            .iter()
            .find(|b| b.starts_with(prefix))
            .map(String::as_str)
    }

    /// Whose turn it is and his throws (used, allowed), from the line marked "▶".
    pub fn current(&self) -> Option<(String, u8, u8)> {
        let line = self.content.lines().find(|l| l.starts_with("▶ "))?;
        let name = line
            .trim_start_matches("▶ ")
            .split(" · ")
            .next()?
            .to_string();
        let throws = line
            .split(['·', ' '])
            .find(|w| w.contains('/') && w.chars().next().is_some_and(|c| c.is_ascii_digit()))
            .and_then(|w| {
                let (a, b) = w.split_once('/')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            });
        let (used, max) = throws.unwrap_or((1, 3));
        Some((name, used, max))
    }
}

/// `v1:<action>:<table b36>:<version b36>…` → (table, version).
fn parse_button(id: &str) -> Option<(u64, u64)> {
    let mut parts = id.split(':');
    if parts.next() != Some("v1") {
        return None;
    }
    parts.next()?;
    let table = u64::from_str_radix(parts.next()?, 36).ok()?;
    let version = u64::from_str_radix(parts.next()?, 36).ok()?;
    Some((table, version))
}

/// What the players saw of every table: the highest version shown, and when the chat's
/// current table last moved (for the crash checks: nothing acknowledged may be lost, no game
/// may be stuck).
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// Table id → the highest version any table message showed.
    pub versions: HashMap<u64, u64>,
    /// Chat → (its current table message, when its version last went up).
    pub progress: HashMap<i64, (TableMessage, Instant)>,
}

impl Seen {
    fn saw(&mut self, chat: i64, table: &TableMessage) {
        if table.table == 0 {
            return;
        }
        let best = self.versions.entry(table.table).or_insert(0);
        *best = (*best).max(table.version);
        let moved = self.progress.get(&chat).is_none_or(|(old, _)| {
            old.table != table.table
                || old.version != table.version
                || old.finished != table.finished
        });
        if moved {
            self.progress.insert(chat, (table.clone(), Instant::now()));
        }
    }
}

/// The table message of every chat, as the bot last wrote it.
#[derive(Default)]
pub struct Tables {
    by_chat: HashMap<i64, TableMessage>,
    pub seen: Seen,
}

impl Tables {
    /// The bot created (`created`) or edited message `message` in `chat`. A new message with
    /// buttons is a new table message; edits of the tracked one follow it to its end.
    fn wrote(
        &mut self,
        chat: i64,
        message: i64,
        content: &str,
        buttons: Vec<String>,
        created: bool,
    ) {
        let tracked = self.by_chat.get(&chat).map(|t| t.message_id);
        if !((created && !buttons.is_empty()) || tracked == Some(message)) {
            return;
        }
        let mut next = TableMessage::new(message, content, buttons);
        if next.table == 0
            && let Some(old) = self.by_chat.get(&chat)
        {
            next.table = old.table;
            next.version = old.version;
        }
        self.seen.saw(chat, &next);
        self.by_chat.insert(chat, next);
    }

    pub fn get(&self, chat: i64) -> Option<&TableMessage> {
        self.by_chat.get(&chat)
    }
}

/// Follows the Discord fake and measures the first answer to every interaction.
#[derive(Default)]
pub struct DiscordWatch {
    cursor: usize,
    pub tables: Tables,
    /// Interactions waiting for their first answer.
    waiting: HashMap<u64, Instant>,
    /// Answers seen before their interaction was registered here.
    early: HashMap<u64, Instant>,
    /// (injected at, first answer after).
    pub latencies: Vec<(Instant, Duration)>,
}

impl DiscordWatch {
    /// Interaction `id` went out at `at`.
    pub fn injected(&mut self, id: u64, at: Instant) {
        match self.early.remove(&id) {
            Some(answered) => self
                .latencies
                .push((at, answered.saturating_duration_since(at))),
            None => {
                self.waiting.insert(id, at);
            }
        }
    }

    pub fn poll(&mut self, fake: &FakeDiscord) {
        let cursor = self.cursor;
        self.cursor = fake.visit_since(cursor, |r| {
            self.see(r);
            true
        });
    }

    fn see(&mut self, r: &schocken_fakes::discord::Recorded) {
        if let Call::Callback { interaction, .. } = r.call {
            match self.waiting.remove(&interaction) {
                Some(at) => self
                    .latencies
                    .push((at, r.at.saturating_duration_since(at))),
                None => {
                    self.early.entry(interaction).or_insert(r.at);
                }
            }
        }
        if !(200..300).contains(&r.status) {
            return;
        }
        let (channel, message, created) = match r.call {
            Call::CreateMessage { channel, message } => (channel, message, true),
            Call::EditMessage { channel, message } => (channel, message, false),
            _ => return,
        };
        let buttons: Vec<String> = r
            .custom_ids()
            .into_iter()
            .filter(|b| b.starts_with("v1:"))
            .collect();
        self.tables.wrote(
            channel as i64,
            message as i64,
            r.content().unwrap_or_default(),
            buttons,
            created,
        );
    }

    pub fn table(&self, channel: u64) -> Option<&TableMessage> {
        self.tables.get(channel as i64)
    }
}

/// Follows the Telegram fake and measures the first reaction to every injected update.
#[derive(Default)]
pub struct TelegramWatch {
    cursor: u64,
    pub tables: Tables,
    /// Updates waiting for the bot's first reaction, per chat.
    waiting: HashMap<i64, Instant>,
    callbacks: HashMap<String, i64>,
    /// (injected at, first reaction after).
    pub latencies: Vec<(Instant, Duration)>,
}

impl TelegramWatch {
    /// An update about `chat` went out at `at` (with `callback` for a button press).
    pub fn injected(&mut self, chat: i64, callback: Option<String>, at: Instant) {
        self.waiting.entry(chat).or_insert(at);
        if let Some(id) = callback {
            self.callbacks.insert(id, chat);
        }
    }

    pub fn poll(&mut self, fake: &FakeTelegram) {
        let cursor = self.cursor;
        self.cursor = fake.visit_since(cursor, |r| {
            let poll = r.is("getUpdates");
            if r.status == PENDING && !poll {
                // Still being answered: look again next tick (the message id comes with it).
                return false;
            }
            if !poll {
                self.see(r);
            }
            true
        });
    }

    fn see(&mut self, r: &schocken_fakes::telegram::Recorded) {
        let chat = r.chat_id().or_else(|| {
            r.callback_query_id()
                .and_then(|id| self.callbacks.remove(id))
        });
        if let Some(chat) = chat
            && let Some(at) = self.waiting.remove(&chat)
        {
            self.latencies
                .push((at, r.at.saturating_duration_since(at)));
        }
        let edit = r.is("editMessageText");
        if !r.ok() || !(edit || r.is("sendMessage")) {
            return;
        }
        let message = if edit {
            r.message_id()
        } else {
            r.result_message_id()
        };
        let (Some(chat), Some(message)) = (r.chat_id(), message) else {
            return;
        };
        let buttons: Vec<String> = r
            .callback_data()
            .into_iter()
            .filter(|b| b.starts_with("v1:"))
            .collect();
        self.tables
            .wrote(chat, message, r.text().unwrap_or_default(), buttons, !edit);
    }

    pub fn table(&self, chat: i64) -> Option<&TableMessage> {
        self.tables.get(chat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_current_player_and_the_buttons() {
        let m = TableMessage::new(
            7,
            "🎲 Schocken · 1. Hälfte\n· Anna · 0 Deckel ▢ ▢ ▢ · fertig\n▶ Ben · 2 Deckel ⚀1 | ▢ ▢ · Wurf 2/3",
            vec!["v1:r:a:1b".into(), "v1:s:a:1b".into()],
        );
        assert_eq!(m.current(), Some(("Ben".into(), 2, 3)));
        assert_eq!((m.table, m.version), (10, 47));
        assert_eq!(m.button("v1:s:"), Some("v1:s:a:1b"));
        assert!(!m.finished);
    }
}
