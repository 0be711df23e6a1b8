//! What a test injects (users, places, slash commands) and what the fake records (requests,
//! messages, answers).

use super::{EPHEMERAL, MANAGE_GUILD, MEMBER_PERMISSIONS, TIMESTAMP};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

// ----- what a test injects ------------------------------------------------------------------

/// A member of the fake guild (or a user in a DM).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub username: String,
    pub global_name: Option<String>,
    /// The nickname in the guild.
    pub nick: Option<String>,
    /// The member's permissions in the channel (a bit set).
    pub permissions: u64,
    /// The user's client language (`de`, `en-US`, …).
    pub locale: String,
}

impl FakeUser {
    /// A member without special permissions, German client.
    pub fn new(id: u64, username: &str) -> FakeUser {
        FakeUser {
            id,
            username: username.to_string(),
            global_name: None,
            nick: None,
            permissions: MEMBER_PERMISSIONS,
            locale: "de".to_string(),
        }
    }

    pub fn nick(mut self, nick: &str) -> FakeUser {
        self.nick = Some(nick.to_string());
        self
    }

    pub fn global_name(mut self, name: &str) -> FakeUser {
        self.global_name = Some(name.to_string());
        self
    }

    pub fn locale(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_string();
        self
    }

    /// Gives the member Manage Server.
    pub fn manage_guild(mut self) -> FakeUser {
        self.permissions |= MANAGE_GUILD;
        self
    }

    pub(super) fn user_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": null,
        })
    }

    pub(super) fn member_json(&self) -> Value {
        json!({
            "user": self.user_json(),
            "nick": self.nick,
            "avatar": null,
            "roles": [],
            "joined_at": TIMESTAMP,
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": self.permissions.to_string(),
        })
    }
}

/// Where an interaction happens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// `None`: a direct message.
    pub guild_id: Option<u64>,
    pub channel_id: u64,
    /// The server's language, as Discord sends it with every guild interaction.
    pub guild_locale: Option<String>,
}

/// An option value of a slash command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    String(String),
    Integer(i64),
    Boolean(bool),
    User(FakeUser),
}

/// A slash command as a user types it: `/schocken keep dice:1 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slash {
    pub command: String,
    pub subcommand: Option<String>,
    pub options: Vec<(String, OptionValue)>,
}

impl Slash {
    pub fn new(command: &str) -> Slash {
        Slash {
            command: command.to_string(),
            subcommand: None,
            options: Vec::new(),
        }
    }

    pub fn subcommand(mut self, name: &str) -> Slash {
        self.subcommand = Some(name.to_string());
        self
    }

    pub fn string(mut self, name: &str, value: &str) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::String(value.to_string())));
        self
    }

    pub fn integer(mut self, name: &str, value: i64) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::Integer(value)));
        self
    }

    pub fn boolean(mut self, name: &str, value: bool) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::Boolean(value)));
        self
    }

    pub fn user(mut self, name: &str, user: &FakeUser) -> Slash {
        self.options
            .push((name.to_string(), OptionValue::User(user.clone())));
        self
    }

    pub(super) fn data(&self, command_id: u64, guild_id: Option<u64>) -> Value {
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        let options: Vec<Value> = self
            .options
            .iter()
            .map(|(name, value)| match value {
                OptionValue::String(s) => json!({"name": name, "type": 3, "value": s}),
                OptionValue::Integer(i) => json!({"name": name, "type": 4, "value": i}),
                OptionValue::Boolean(b) => json!({"name": name, "type": 5, "value": b}),
                OptionValue::User(u) => {
                    users.insert(u.id.to_string(), u.user_json());
                    let mut member = u.member_json();
                    if let Some(m) = member.as_object_mut() {
                        m.remove("user");
                    }
                    members.insert(u.id.to_string(), member);
                    json!({"name": name, "type": 6, "value": u.id.to_string()})
                }
            })
            .collect();
        let options = match &self.subcommand {
            Some(sub) => vec![json!({"name": sub, "type": 1, "options": options})],
            None => options,
        };
        let mut data = json!({
            "id": command_id.to_string(),
            "name": self.command,
            "type": 1,
            "options": options,
            "resolved": {"users": users, "members": members},
        });
        if let (Some(g), Some(d)) = (guild_id, data.as_object_mut()) {
            d.insert("guild_id".into(), json!(g.to_string()));
        }
        data
    }
}

/// An injected interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Injected {
    pub id: u64,
    pub token: String,
    /// When the dispatch was handed to the gateway.
    pub at: Instant,
    /// How many requests were recorded before it: everything the bot did for it comes later.
    pub seq: usize,
}

// ----- what the fake records ------------------------------------------------------------------

/// What a REST request did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    GatewayLookup,
    RegisterCommands {
        guild: Option<u64>,
    },
    CreateMessage {
        channel: u64,
        message: u64,
    },
    EditMessage {
        channel: u64,
        message: u64,
    },
    DeleteMessage {
        channel: u64,
        message: u64,
    },
    GetMessage {
        channel: u64,
        message: u64,
    },
    /// The first response to an interaction (`kind`: 4 message, 5 deferred, 6 acknowledged, 7
    /// update of the clicked message).
    Callback {
        interaction: u64,
        kind: u64,
    },
    EditOriginal {
        interaction: u64,
    },
    DeleteOriginal {
        interaction: u64,
    },
    Followup {
        interaction: u64,
        message: u64,
    },
    EditFollowup {
        interaction: u64,
        message: u64,
    },
    /// Anything else (answered 404 unless listed above).
    Other,
}

/// A file of a multipart request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedFile {
    pub field: String,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// One REST request as the fake received it.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Its position among all requests (0, 1, …).
    pub seq: usize,
    pub at: Instant,
    pub method: String,
    /// The path after `/api/v10`.
    pub path: String,
    pub query: String,
    /// The JSON body (or a multipart request's `payload_json`).
    pub body: Option<Value>,
    pub files: Vec<RecordedFile>,
    pub status: u16,
    /// The request carried an `Authorization: Bot …` header (its value is never kept).
    pub authorized: bool,
    pub call: Call,
    /// The message it creates or changes is ephemeral (flag 64).
    pub ephemeral: bool,
    /// The rate-limit bucket it counted against (method, route template and major
    /// parameter, e.g. `PATCH /channels/7/messages/{message}`); `None` for routes Discord does
    /// not limit (interaction callbacks).
    pub bucket: Option<String>,
    /// Answered 429 because of the global limit (50 requests a second).
    pub global_rate_limited: bool,
}

impl Recorded {
    /// The message part: `data` of a callback, else the body.
    pub fn message(&self) -> Option<&Value> {
        let body = self.body.as_ref()?;
        match self.call {
            Call::Callback { .. } => body.get("data").filter(|d| !d.is_null()),
            _ => Some(body),
        }
    }

    pub fn content(&self) -> Option<&str> {
        self.message()?.get("content")?.as_str()
    }

    pub fn custom_ids(&self) -> Vec<String> {
        self.message()
            .and_then(|m| m.get("components"))
            .map(custom_ids)
            .unwrap_or_default()
    }

    /// Whether `needle` shows anywhere in it: the JSON body (content, embeds, components,
    /// a callback's data) or the bytes of an attached file.
    pub fn mentions(&self, needle: &str) -> bool {
        let needle_bytes = needle.as_bytes();
        needle.is_empty()
            || self
                .body
                .as_ref()
                .is_some_and(|b| b.to_string().contains(needle))
            || self.files.iter().any(|f| {
                f.bytes
                    .windows(needle_bytes.len())
                    .any(|w| w == needle_bytes)
            })
    }

    /// Whether it puts text where the whole channel can read it.
    pub fn is_public_message(&self) -> bool {
        let carries_message = match self.call {
            Call::CreateMessage { .. }
            | Call::EditMessage { .. }
            | Call::EditOriginal { .. }
            | Call::Followup { .. }
            | Call::EditFollowup { .. } => true,
            Call::Callback { kind, .. } => kind == 4 || kind == 7,
            _ => false,
        };
        carries_message && !self.ephemeral && (200..300).contains(&self.status)
    }

    /// Whether it was answered 429 (its bucket or the global limit was exhausted); such a
    /// request changed nothing, and its `call` is [`Call::Other`].
    pub fn rate_limited(&self) -> bool {
        self.status == 429
    }

    /// Whether it is the interaction's answer or part of it.
    pub fn belongs_to(&self, interaction: u64) -> bool {
        matches!(
            self.call,
            Call::Callback { interaction: i, .. }
            | Call::EditOriginal { interaction: i }
            | Call::DeleteOriginal { interaction: i }
            | Call::Followup { interaction: i, .. }
            | Call::EditFollowup { interaction: i, .. } if i == interaction
        )
    }
}

/// A message as it stands in the fake.
#[derive(Clone, Debug, PartialEq)]
pub struct FakeMessage {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    /// The action rows as the bot sent them.
    pub components: Value,
    pub flags: u64,
    /// The interaction it answers, if any.
    pub interaction: Option<u64>,
    pub attachments: Vec<RecordedFile>,
    /// The request that created it.
    pub created_seq: usize,
    /// Every change of its content: the completion of a deferral's "thinking" message
    /// included.
    pub edits: usize,
    pub deleted: bool,
    /// The user of the interaction it answers: for an ephemeral message the only one who
    /// sees it (and may click its buttons).
    pub user: Option<u64>,
    /// A deferral's "thinking…" placeholder (flag [`LOADING`](super::LOADING)) not yet completed by an edit or
    /// the first follow-up.
    pub thinking: bool,
    /// In-place updates after it was shown with its content: type 7 UPDATE_MESSAGE and
    /// edits (`PATCH`); the completion of a deferral does not count.
    pub updates: usize,
    /// What Discord sends with the message about the interaction it answers
    /// (`interaction_metadata`: id, type, the user who triggered it, the clicked message of a
    /// component, the original response of a follow-up). Set when the message is created;
    /// updates in place (type 7, edits) keep it, as on Discord.
    pub interaction_metadata: Option<Value>,
    /// The deprecated `interaction` object Discord still sends beside it, for the answer to a
    /// command (its name with the subcommand, and the user).
    pub legacy_interaction: Option<Value>,
}

impl FakeMessage {
    pub fn ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// Whether only `user` sees it.
    pub fn ephemeral_for(&self, user: u64) -> bool {
        self.ephemeral() && self.user == Some(user)
    }

    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.components)
    }

    /// The first button whose `custom_id` starts with `prefix`.
    pub fn button(&self, prefix: &str) -> Option<String> {
        button(&self.components, prefix)
    }
}

/// The visible answer to an interaction: its first response, or after a deferral the edit or
/// follow-up that completed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The first response's type (4 message, 5 deferred, 6 acknowledged, 7 update).
    pub kind: u64,
    pub deferred: bool,
    pub ephemeral: bool,
    pub content: String,
    pub components: Value,
    pub files: Vec<RecordedFile>,
    /// The message holding the answer (clickable in later injections).
    pub message_id: Option<u64>,
    /// From injection to the first response.
    pub latency: Duration,
    /// The recorded request that carried it.
    pub seq: usize,
}

impl Answer {
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&self.components)
    }

    /// The first button whose `custom_id` starts with `prefix`.
    pub fn button(&self, prefix: &str) -> Option<String> {
        button(&self.components, prefix)
    }

    /// A plain acknowledgement (nothing shown).
    pub fn is_ack(&self) -> bool {
        self.kind == 6 && !self.deferred
    }
}

pub(super) fn button(components: &Value, prefix: &str) -> Option<String> {
    custom_ids(components)
        .into_iter()
        .find(|c| c.starts_with(prefix))
}

pub(super) fn custom_ids(components: &Value) -> Vec<String> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| {
            row.get("components")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        })
        .filter_map(|c| {
            c.get("custom_id")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect()
}
