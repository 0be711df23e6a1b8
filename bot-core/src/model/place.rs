//! A place where a table can be, as a typed value: the platform, a Discord server, the chat
//! (a Discord channel, a Telegram chat, a terminal table's name), and a Telegram forum topic.
//! It is written as one string only at the edges — the database, a web link's token, a
//! session, logs — as `discord:<guild>/<channel>`, `discord:dm/<channel>`, `telegram:<chat>`,
//! `telegram:<chat>#<topic>`, `console:<name>`; [`ChatId::parse`] reads that string back.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use thiserror::Error;

/// A place where a table can be: a chat on a platform, or one topic of a chat (a Telegram
/// forum topic). Each place holds its own table; the ledger, statistics and house rules
/// belong to the chat, its [`ChatId::group`]; club nights and the cash box to its
/// [`ChatId::club`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChatId {
    platform: String,
    /// A Discord server (`dm` for direct messages) the chat belongs to; none elsewhere.
    server: Option<String>,
    chat: String,
    topic: Option<String>,
}

/// Separates the platform from the rest.
const PLATFORM_MARK: char = ':';
/// Separates a chat from its topic (no platform uses it in its chat ids).
const TOPIC_MARK: char = '#';
/// Separates a server from its channel.
const SERVER_MARK: char = '/';
/// Discord's direct messages: a "server" that is no club.
const DIRECT: &str = "dm";

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a place: {0:?}")]
pub struct PlaceError(pub String);

impl ChatId {
    /// The place `id` on `platform`, `id` as the platform writes it (`12/34` for a Discord
    /// server's channel, `-100#42` for a Telegram topic).
    pub fn new(platform: &str, id: impl fmt::Display) -> ChatId {
        ChatId::on(platform, &id.to_string())
    }

    /// A Discord server's channel.
    pub fn discord_channel(guild: impl fmt::Display, channel: impl fmt::Display) -> ChatId {
        ChatId::with_server("discord", guild.to_string(), channel.to_string())
    }

    /// A Discord direct-message channel.
    pub fn discord_direct(channel: impl fmt::Display) -> ChatId {
        ChatId::with_server("discord", DIRECT.to_string(), channel.to_string())
    }

    fn with_server(platform: &str, server: String, chat: String) -> ChatId {
        ChatId {
            platform: platform.to_string(),
            server: Some(server),
            chat,
            topic: None,
        }
    }

    /// Reads a place written by [`fmt::Display`] (the database, a token, a session).
    pub fn parse(text: &str) -> Result<ChatId, PlaceError> {
        match text.split_once(PLATFORM_MARK) {
            Some((platform, rest)) if !platform.is_empty() => Ok(ChatId::on(platform, rest)),
            _ => Err(PlaceError(text.chars().take(80).collect())),
        }
    }

    fn on(platform: &str, rest: &str) -> ChatId {
        let (chat, topic) = match rest.split_once(TOPIC_MARK) {
            Some((chat, topic)) => (chat, Some(topic.to_string())),
            None => (rest, None),
        };
        let (server, chat) = match chat.split_once(SERVER_MARK) {
            Some((server, chat)) => (Some(server.to_string()), chat),
            None => (None, chat),
        };
        ChatId {
            platform: platform.to_string(),
            server,
            chat: chat.to_string(),
            topic,
        }
    }

    /// `discord`, `telegram`, `console` …
    pub fn platform(&self) -> &str {
        &self.platform
    }

    /// The Discord server (`dm` for direct messages), if the place has one.
    pub fn server(&self) -> Option<&str> {
        self.server.as_deref()
    }

    /// The chat as its platform names it: a Discord channel, a Telegram chat, a name.
    pub fn chat(&self) -> &str {
        &self.chat
    }

    /// The topic of this place, if it is one.
    pub fn topic(&self) -> Option<&str> {
        self.topic.as_deref()
    }

    /// The same chat's topic `topic` (a table of its own).
    pub fn in_topic(&self, topic: impl fmt::Display) -> ChatId {
        ChatId {
            topic: Some(topic.to_string()),
            ..self.group()
        }
    }

    /// The chat this place belongs to: itself, or the chat of a topic.
    pub fn group(&self) -> ChatId {
        ChatId {
            topic: None,
            ..self.clone()
        }
    }

    /// The club this place belongs to (club nights, the cash box): a Discord server with all
    /// its channels (`discord:<guild>`), a Telegram group with all its topics; a direct chat
    /// or a terminal is a club of its own.
    pub fn club(&self) -> ChatId {
        match self.server.as_deref() {
            Some(server) if server != DIRECT => ChatId {
                platform: self.platform.clone(),
                server: None,
                chat: server.to_string(),
                topic: None,
            },
            _ => self.group(),
        }
    }
}

impl fmt::Display for ChatId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{PLATFORM_MARK}", self.platform)?;
        if let Some(server) = &self.server {
            write!(f, "{server}{SERVER_MARK}")?;
        }
        f.write_str(&self.chat)?;
        if let Some(topic) = &self.topic {
            write!(f, "{TOPIC_MARK}{topic}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for ChatId {
    type Err = PlaceError;
    fn from_str(text: &str) -> Result<ChatId, PlaceError> {
        ChatId::parse(text)
    }
}

/// As one string, the way it has always been stored and sent.
impl Serialize for ChatId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ChatId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ChatId, D::Error> {
        let text = String::deserialize(deserializer)?;
        ChatId::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_club_is_a_server_or_a_group_with_its_topics() {
        let channel = ChatId::discord_channel(12, 34);
        assert_eq!(channel, ChatId::new("discord", "12/34"));
        assert_eq!(channel.club().to_string(), "discord:12");
        assert_eq!(channel.server(), Some("12"));
        assert_eq!(channel.chat(), "34");
        let dm = ChatId::discord_direct(34);
        assert_eq!(dm.to_string(), "discord:dm/34");
        assert_eq!(dm.club(), dm);
        let topic = ChatId::new("telegram", -100_123).in_topic(42);
        assert_eq!(topic.club().to_string(), "telegram:-100123");
        let console = ChatId::new("console", "kneipe");
        assert_eq!(console.club(), console);
    }

    #[test]
    fn a_topic_is_a_place_of_its_chat() {
        let group = ChatId::new("telegram", -100_123);
        let topic = group.in_topic(42);
        assert_eq!(topic.to_string(), "telegram:-100123#42");
        assert_eq!(topic.group(), group);
        assert_eq!(topic.topic(), Some("42"));
        assert_eq!(topic.chat(), "-100123");
        assert_eq!(group.group(), group);
        assert_eq!(group.topic(), None);
        assert_eq!(topic.in_topic(7).to_string(), "telegram:-100123#7");
        let discord = ChatId::new("discord", "5/7");
        assert_eq!(discord.group(), discord, "a channel is its own chat");
        assert_eq!(topic.platform(), "telegram");
    }

    /// Written at the edges and read back, a place is the same place.
    #[test]
    fn the_string_reads_back() {
        for text in [
            "discord:12/34",
            "discord:dm/34",
            "discord:12",
            "telegram:-100123",
            "telegram:-100123#42",
            "console:kneipe",
            "console:",
            "test:a/b/c",
            "test:a#b#c",
            "test:a#b/c",
        ] {
            let place = ChatId::parse(text).expect(text);
            assert_eq!(place.to_string(), text);
            let json = serde_json::to_string(&place).expect("json");
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<ChatId>(&json).ok(), Some(place));
        }
        assert!(ChatId::parse("kneipe").is_err());
        assert!(ChatId::parse(":x").is_err());
        assert!(serde_json::from_str::<ChatId>("\"kneipe\"").is_err());
    }
}
