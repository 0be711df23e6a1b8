//! The public side, one outbox per channel, through the shared outbox crate: answers hand the
//! table's new state over and go on at once; the channel's worker shows it (the newest state
//! wins, notices add up, a table posted anew takes the old message's buttons off). This file
//! is what Discord adds: its limits, and how one write is made (`write`, over `rest`, which
//! waits out serenity's per-route buckets before it passes the token's gate).

mod rest;
mod write;

use crate::origin;
use crate::payload::Payload;
use crate::plan::TableUpdate;
use bot_core::service::{ChatId, Service};
pub use rest::Rest;
use schocken_outbox::{ChatLimits, Failure, Gate, Limits, Other, SharedTurns};
use serenity::all::MessageId;
use std::sync::Arc;
use std::time::Duration;
use tracing::warn;

/// The least time between the end of one table write in a channel and the next (Discord
/// allows 5 message writes per 5 s in a channel).
pub const SPACING: Duration = Duration::from_millis(1050);

/// Table writes per second across all channels (Discord allows 50; the bot's other REST
/// calls, such as registering commands, need a little room).
pub const REQUESTS_PER_SECOND: u64 = 45;

/// Discord's limits as the outbox keeps them.
pub const LIMITS: Limits = Limits {
    platform: "discord",
    // One request every 22 ms, in order: never a burst whose late requests share a second
    // with the next burst's.
    token_gap: Duration::from_millis(1000 / REQUESTS_PER_SECOND),
    token_key: "discord:global",
    // A channel belongs to one process (its guild's shard).
    claim_states: false,
};

/// A channel's pace: a write a [`SPACING`] after the last one came back (it may have waited
/// for its bucket or the token's gate, and Discord counts its arrival).
const CHANNEL: ChatLimits = ChatLimits {
    gap_after_start: Duration::ZERO,
    gap_after_end: SPACING,
    window: None,
    kept_gap: SPACING,
    hold: Duration::from_secs(4),
};

/// The table messages of all channels.
#[derive(Clone)]
pub struct Outbox(schocken_outbox::Outbox<DiscordWriter>);

impl Outbox {
    /// The outboxes writing through `rest`; they pick up the old buttons a process before
    /// this one left to take off.
    pub fn new(rest: Rest, service: Arc<Service>) -> Outbox {
        let token_limit = rest.ratelimiter();
        let turns: Arc<dyn SharedTurns> = Arc::new(service.write_turns());
        let metrics = service.metrics().clone();
        let writer = DiscordWriter { rest, service };
        let outbox = schocken_outbox::Outbox::new(writer, LIMITS, turns, metrics, token_limit);
        let resumed = outbox.clone();
        tokio::spawn(async move { resumed.resume().await });
        Outbox(outbox)
    }

    /// Hands a table state to `chat`'s outbox; returns at once.
    pub fn submit(&self, chat: &ChatId, update: TableUpdate) {
        if origin::channel_of(chat).is_none() {
            warn!(chat = %chat, "not a Discord channel; the table is not shown");
            return;
        }
        self.0.table(chat, update);
    }

    /// Posts a message nobody asked for in `chat` (a cash box reminder), at the channel's
    /// pace; returns at once.
    pub fn notice(&self, chat: &ChatId, payload: Payload) {
        if origin::channel_of(chat).is_none() {
            warn!(chat = %chat, "not a Discord channel; the message is not posted");
            return;
        }
        self.0.other(chat, Notice(payload));
    }

    /// Forgets the channels with nothing to write and nothing handed in for `idle`; returns
    /// how many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        self.0.writer().rest.forget_spent_buckets();
        self.0.forget_idle(idle)
    }

    /// Waits until every channel's table writes are made, at most `limit`.
    pub async fn drained(&self, limit: Duration) -> bool {
        self.0.drained(limit).await
    }
}

/// A message of its own in a channel, besides the table (a reminder from the cash box).
#[derive(Debug)]
pub struct Notice(Payload);

impl Other for Notice {
    fn absorb(&mut self, newer: Self) -> Option<Self> {
        // Every message is posted: none replaces another.
        Some(newer)
    }
}

/// How the table messages are written on Discord.
pub struct DiscordWriter {
    rest: Rest,
    service: Arc<Service>,
}

impl schocken_outbox::Writer for DiscordWriter {
    type Chat = ChatId;
    type Message = MessageId;
    type Place = ();
    type Body = crate::plan::TableBody;
    type Other = Notice;

    fn limits(&self, _chat: &ChatId) -> ChatLimits {
        CHANNEL
    }

    fn chat_key(&self, chat: &ChatId) -> String {
        chat.to_string()
    }

    fn chat_from_key(&self, key: &str) -> Option<ChatId> {
        let chat = ChatId::parse(key).ok()?;
        origin::channel_of(&chat).map(|_| chat)
    }

    fn message_ref(&self, _chat: &ChatId, message: MessageId) -> String {
        message.to_string()
    }

    fn message_from_ref(&self, _chat: &ChatId, stored: &str) -> Option<MessageId> {
        crate::plan::message_id(stored)
    }

    async fn edit(
        &self,
        chat: &ChatId,
        message: MessageId,
        table: &TableUpdate,
        gate: &Gate,
    ) -> Result<(), Failure> {
        let channel = origin::channel_of(chat).ok_or(Failure::Refused)?;
        write::edit(
            &self.rest,
            gate,
            channel,
            message,
            &crate::plan::payload(table),
        )
        .await
    }

    async fn post(
        &self,
        chat: &ChatId,
        table: &TableUpdate,
        gate: &Gate,
    ) -> Result<MessageId, Failure> {
        let channel = origin::channel_of(chat).ok_or(Failure::Refused)?;
        write::post(&self.rest, gate, channel, &crate::plan::payload(table)).await
    }

    async fn strip(&self, chat: &ChatId, message: MessageId, gate: &Gate) -> Result<(), Failure> {
        let channel = origin::channel_of(chat).ok_or(Failure::Refused)?;
        write::strip(&self.rest, gate, channel, message).await
    }

    async fn send(
        &self,
        chat: &ChatId,
        notice: &Notice,
        gate: &Gate,
    ) -> Result<Option<MessageId>, Failure> {
        let channel = origin::channel_of(chat).ok_or(Failure::Refused)?;
        write::post(&self.rest, gate, channel, &notice.0)
            .await
            .map(|_| None)
    }

    async fn posted(&self, chat: &ChatId, _place: (), table_id: i64, message: MessageId) {
        // After a restart the service tells where the table is shown.
        self.service
            .set_message_ref(chat, table_id, message.to_string())
            .await;
    }
}
