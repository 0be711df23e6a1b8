//! Where a table lives on Telegram: a chat, or one topic of a forum supergroup. Each place
//! holds its own table; the group's ledger, statistics and house rules are shared by its
//! topics (the service keys them by the chat).

use crate::identity;
use bot_core::service::ChatId;
use teloxide::types::{Message, MessageId, ThreadId};

/// A chat, or a topic (`thread`) of a forum supergroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    pub chat: i64,
    pub thread: Option<i32>,
}

impl Place {
    pub fn chat(chat: i64) -> Place {
        Place { chat, thread: None }
    }

    /// The place a message was written in: its topic, if it is a topic message (replies in
    /// ordinary groups carry a thread id too, but belong to the chat).
    pub fn of(message: &Message) -> Place {
        Place {
            chat: message.chat.id.0,
            thread: message
                .thread_id
                .filter(|_| message.is_topic_message)
                .map(|ThreadId(MessageId(id))| id),
        }
    }

    /// The service's id of this place: `telegram:<chat>` or `telegram:<chat>#<topic>`.
    pub fn id(self) -> ChatId {
        let chat = identity::chat_id(self.chat);
        match self.thread {
            Some(thread) => chat.in_topic(thread),
            None => chat,
        }
    }

    /// The place behind a service id, if it is a Telegram one.
    pub fn from_id(id: &ChatId) -> Option<Place> {
        let chat = identity::telegram_chat(&id.group())?;
        let thread = match id.topic() {
            Some(topic) => Some(topic.parse().ok()?),
            None => None,
        };
        Some(Place { chat, thread })
    }

    /// The `message_thread_id` to send with, if any.
    pub fn thread_id(self) -> Option<ThreadId> {
        self.thread.map(|t| ThreadId(MessageId(t)))
    }

    pub fn is_group(self) -> bool {
        self.chat < 0
    }

    /// The deep-link payload of this place (`g-100123`, `g-100123_42` for a topic):
    /// [A-Za-z0-9_-], at most 64 characters.
    pub fn start_payload(self) -> String {
        match self.thread {
            Some(thread) => format!("g{}_{thread}", self.chat),
            None => format!("g{}", self.chat),
        }
    }

    /// The group place a deep-link payload names.
    pub fn from_start_payload(payload: &str) -> Option<Place> {
        let payload = payload.trim();
        if payload.len() > 64 {
            return None;
        }
        let rest = payload.strip_prefix('g')?;
        let (chat, thread) = match rest.split_once('_') {
            Some((chat, thread)) => (chat, Some(thread.parse().ok()?)),
            None => (rest, None),
        };
        let chat: i64 = chat.parse().ok()?;
        (chat < 0).then_some(Place { chat, thread })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_round_trip_through_the_service_id() {
        let general = Place::chat(-100_123);
        assert_eq!(general.id().to_string(), "telegram:-100123");
        let topic = Place {
            chat: -100_123,
            thread: Some(42),
        };
        assert_eq!(topic.id().to_string(), "telegram:-100123#42");
        assert_eq!(Place::from_id(&topic.id()), Some(topic));
        assert_eq!(Place::from_id(&general.id()), Some(general));
        assert_eq!(Place::from_id(&ChatId::new("discord", "1/2")), None);
    }

    #[test]
    fn deep_link_payloads_carry_the_topic_and_are_checked() {
        let topic = Place {
            chat: -1_001_234_567_890,
            thread: Some(2_147_483_647),
        };
        let payload = topic.start_payload();
        assert!(payload.len() <= 64);
        assert!(
            payload
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        );
        assert_eq!(Place::from_start_payload(&payload), Some(topic));
        assert_eq!(
            Place::from_start_payload("g-5"),
            Some(Place::chat(-5)),
            "a plain group"
        );
        assert_eq!(Place::from_start_payload("g42"), None, "no private chat");
        assert_eq!(Place::from_start_payload("g-5_x"), None);
        assert_eq!(Place::from_start_payload("hello"), None);
        assert_eq!(Place::from_start_payload(&"g-1".repeat(30)), None);
    }
}
