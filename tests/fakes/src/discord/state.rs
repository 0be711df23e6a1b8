//! The fake's state: gateway sessions, interactions, messages, requests, rate-limit windows.

use super::buckets::RateLimits;
use super::{DiscordOptions, FakeMessage, Recorded, TIMESTAMP};
use anyhow::anyhow;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::{mpsc, watch};

/// What a gateway connection task is told to send.
pub(super) enum Control {
    Text(String),
    /// Close the connection: with a close frame of this code, or (`None`) abruptly, without a
    /// closing handshake (a network failure).
    Close(Option<u16>),
}

/// One gateway session: from its IDENTIFY on, across connections it RESUMEs.
pub(super) struct Session {
    pub(super) number: u64,
    pub(super) session_id: String,
    /// The live connection: its number and sender (`None` while disconnected).
    pub(super) link: Option<(u64, mpsc::UnboundedSender<Control>)>,
    pub(super) seq: u64,
    /// Every dispatch of this session (sequence number, frame): a RESUME replays the ones
    /// the client has not seen.
    pub(super) log: Vec<(u64, String)>,
    /// Requests recorded before its IDENTIFY.
    pub(super) identified_at: usize,
    pub(super) open: bool,
    /// The session may be resumed (not invalidated).
    pub(super) resumable: bool,
    /// The fake itself cut the connection (or asked the client to reconnect): dispatches
    /// wait in `log` for the RESUME instead of failing.
    pub(super) awaiting_resume: bool,
    /// The shard it identified as: `[id, total]` (`[0, 1]` without sharding).
    pub(super) shard: [u64; 2],
}

impl Session {
    /// Whether Discord sends this session the events of `guild` (`None`: a direct
    /// message, which goes to shard 0).
    pub(super) fn serves(&self, guild: Option<u64>) -> bool {
        let [id, total] = self.shard;
        let total = total.max(1);
        guild.map_or(0, |g| (g >> 22) % total) == id
    }
}

pub(super) struct InteractionState {
    pub(super) id: u64,
    /// 2 application command, 3 message component.
    pub(super) kind: u8,
    /// The user who triggered it (the only one who sees its ephemeral messages).
    pub(super) user: u64,
    pub(super) channel_id: u64,
    pub(super) injected: Instant,
    /// The clicked message, for a component.
    pub(super) clicked: Option<u64>,
    pub(super) callback: Option<u64>,
    pub(super) original: Option<u64>,
    /// The dispatch as sent (for a redelivery).
    pub(super) payload: Value,
}

impl InteractionState {
    /// What a message answering this interaction carries about it; `original_response`: the
    /// interaction's original message, for a follow-up.
    pub(super) fn answered_by(&self, original_response: Option<u64>) -> AnsweredBy {
        let p = &self.payload;
        let user = p
            .get("member")
            .and_then(|m| m.get("user"))
            .or_else(|| p.get("user"))
            .cloned()
            .unwrap_or(Value::Null);
        let mut metadata = json!({
            "id": self.id.to_string(),
            "type": self.kind,
            "user": user,
            "authorizing_integration_owners": p["authorizing_integration_owners"].clone(),
        });
        if let (3, Some(clicked)) = (self.kind, self.clicked) {
            metadata["interacted_message_id"] = json!(clicked.to_string());
        }
        if let Some(original) = original_response {
            metadata["original_response_message_id"] = json!(original.to_string());
        }
        let legacy = (self.kind == 2).then(|| {
            json!({
                "id": self.id.to_string(),
                "type": 2,
                "name": command_name(&p["data"]),
                "user": user,
            })
        });
        AnsweredBy {
            interaction: self.id,
            user: self.user,
            metadata,
            legacy,
        }
    }
}

/// `schocken new`: a command's name with its subcommand (group), as Discord names it in
/// the deprecated `interaction` object.
fn command_name(data: &Value) -> String {
    let mut name = data["name"].as_str().unwrap_or_default().to_string();
    let mut options = &data["options"];
    while let Some(sub) = options
        .as_array()
        .and_then(|o| o.iter().find(|o| matches!(o["type"].as_u64(), Some(1 | 2))))
    {
        name.push(' ');
        name.push_str(sub["name"].as_str().unwrap_or_default());
        options = &sub["options"];
    }
    name
}

/// The interaction a new message answers, and what the message tells about it.
pub(super) struct AnsweredBy {
    pub(super) interaction: u64,
    /// The user who triggered it: an ephemeral answer is his alone.
    pub(super) user: u64,
    pub(super) metadata: Value,
    pub(super) legacy: Option<Value>,
}

#[derive(Default)]
pub(super) struct World {
    pub(super) requests: Vec<Recorded>,
    pub(super) messages: BTreeMap<u64, FakeMessage>,
    pub(super) interactions: HashMap<String, InteractionState>,
    /// Interaction id → the seq of its first response.
    pub(super) callbacks: HashMap<u64, usize>,
    pub(super) sessions: Vec<Session>,
    /// The latest registered command set.
    pub(super) commands: Vec<Value>,
    pub(super) intents: Option<u64>,
    pub(super) identified_with_token: bool,
    /// Answer command registration with 403 (a bot invited without `applications.commands`).
    pub(super) refuse_commands: bool,
    /// Gateway connections accepted so far.
    pub(super) connections: u64,
    /// RESUMEs received, and those that succeeded.
    pub(super) resume_attempts: usize,
    pub(super) resumes: usize,
    /// Park incoming RESUMEs until this is cleared (a gateway slow to take the bot back).
    pub(super) hold_resumes: bool,
    /// IDENTIFYs and RESUMEs refused for a wrong token (closed with 4004).
    pub(super) auth_failures: usize,
    /// Rate-limit windows of the buckets and the global limit.
    pub(super) limits: RateLimits,
    /// The guild of each channel an interaction came from (a click on a message in it is
    /// in that guild, too).
    pub(super) channel_guilds: HashMap<u64, Option<u64>>,
    /// Codes and access tokens of the OAuth routes, and the requests to them.
    pub(super) oauth: super::oauth::OAuthState,
    /// Running Activity instances, by instance id.
    pub(super) activities: BTreeMap<String, super::activities::FakeActivity>,
}

pub(super) struct Inner {
    pub(super) options: DiscordOptions,
    pub(super) application_id: u64,
    pub(super) bot_user_id: u64,
    pub(super) guild_id: u64,
    pub(super) channel_id: u64,
    pub(super) gateway_url: String,
    pub(super) ids: AtomicU64,
    pub(super) state: Mutex<World>,
    pub(super) changed: watch::Sender<u64>,
}

impl Inner {
    pub(super) fn lock(&self) -> MutexGuard<'_, World> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn next_id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }

    pub(super) fn notify(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    pub(super) fn bot_user(&self) -> Value {
        json!({
            "id": self.bot_user_id.to_string(),
            "username": "Schocken",
            "discriminator": "0",
            "global_name": null,
            "avatar": null,
            "bot": true,
        })
    }

    pub(super) fn message_json(&self, m: &FakeMessage) -> Value {
        let attachments: Vec<Value> = m
            .attachments
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let url = format!("https://cdn.invalid/{}/{}", m.id, f.filename);
                json!({
                    "id": (m.id + i as u64 + 1).to_string(),
                    "filename": f.filename,
                    "size": f.bytes.len(),
                    "url": url,
                    "proxy_url": url,
                })
            })
            .collect();
        let mut v = json!({
            "id": m.id.to_string(),
            "channel_id": m.channel_id.to_string(),
            "author": self.bot_user(),
            "content": m.content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": if m.edits > 0 { json!(TIMESTAMP) } else { Value::Null },
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": [],
            "pinned": false,
            "type": if m.interaction.is_some() { 20 } else { 0 },
            "flags": m.flags,
            "components": m.components,
            "application_id": self.application_id.to_string(),
        });
        if let (Some(_), Some(o)) = (m.interaction, v.as_object_mut()) {
            o.insert("webhook_id".into(), json!(self.application_id.to_string()));
            if let Some(metadata) = &m.interaction_metadata {
                o.insert("interaction_metadata".into(), metadata.clone());
            }
            if let Some(legacy) = &m.legacy_interaction {
                o.insert("interaction".into(), legacy.clone());
            }
        }
        v
    }

    /// Sends a dispatch to the newest identified session. While the fake has cut that
    /// session's connection, the dispatch waits for the bot's RESUME (as Discord keeps the
    /// events of a resumable session); a bot that is simply gone gets nothing.
    pub(super) fn dispatch(&self, event: &str, d: Value) -> anyhow::Result<()> {
        let mut state = self.lock();
        let guild = d
            .get("guild_id")
            .and_then(serde_json::Value::as_str)
            .and_then(|g| g.parse().ok());
        let session = state
            .sessions
            .iter_mut()
            .rev()
            .find(|s| (s.open || (s.resumable && s.awaiting_resume)) && s.serves(guild))
            .ok_or_else(|| anyhow!("no bot is connected to the fake gateway for this guild"))?;
        session.seq += 1;
        let frame = json!({"op": 0, "t": event, "s": session.seq, "d": d}).to_string();
        session.log.push((session.seq, frame.clone()));
        match &session.link {
            Some((_, tx)) => tx
                .send(Control::Text(frame))
                .map_err(|_| anyhow!("the bot's gateway connection is closed")),
            None => Ok(()),
        }
    }

    /// The newest session with a live connection.
    pub(super) fn live_session(state: &mut World) -> anyhow::Result<&mut Session> {
        state
            .sessions
            .iter_mut()
            .rev()
            .find(|s| s.link.is_some())
            .ok_or_else(|| anyhow!("no bot is connected to the fake gateway"))
    }
}
