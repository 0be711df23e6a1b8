//! Every write to a chat goes through its outbox (the shared outbox crate), so the group never
//! freezes: whoever hands in a write returns at once, and one worker per chat writes at the
//! pace Telegram allows, the newest table state first. This module is what Telegram adds: its
//! limits, its writes ([`writes`]), and how one write is made ([`deliver`]). What the adapter
//! must learn from a write (a table message posted anew, a group that became a supergroup, a
//! table another process moved on) comes back as an [`Event`].

mod deliver;
pub mod writes;

pub use deliver::{GROUP_GAP, GROUP_WRITES, KEPT_GROUP_GAP, PRIVATE_GAP, TelegramWriter};
pub use writes::{
    Attachment, CupWrite, EditWrite, MessageWrite, Notify, TableBody, TableWrite, Write, table_text,
};

use crate::memory::PrivateChats;
use crate::place::Place;
use crate::send::{Api, Redactor};
use bot_core::service::Service;
use schocken_outbox::{Limits, SharedTurns};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// Writes per second across all chats (Telegram allows about 30), one every 40 ms.
pub const OVERALL_PER_SECOND: u64 = 25;

/// Telegram's limits as the outbox keeps them.
pub const LIMITS: Limits = Limits {
    platform: "telegram",
    token_gap: Duration::from_millis(1000 / OVERALL_PER_SECOND),
    token_key: "telegram:all",
    // Webhooks behind a load balancer: any process may write to any chat.
    claim_states: true,
};

/// What the adapter learns from the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Table `table_id` of `place` is now shown in message `message`.
    Posted {
        place: Place,
        table_id: i64,
        message: i32,
    },
    /// Group `old` became supergroup `new` (a write to it told so).
    Migrated { old: i64, new: i64 },
    /// It is this process's turn to write table `table_id` of `place`, but another process
    /// stored a newer state: the adapter renders the stored table for this turn.
    Behind { place: Place, table_id: i64 },
}

/// The outboxes of all chats.
pub struct Outbox<B: Api>(schocken_outbox::Outbox<TelegramWriter<B>>);

impl<B: Api> Clone for Outbox<B> {
    fn clone(&self) -> Self {
        Outbox(self.0.clone())
    }
}

impl<B: Api> Outbox<B> {
    /// The outboxes writing with `bot`; the moments are kept in `service`'s database.
    pub fn new(
        bot: B,
        redact: Redactor,
        private: Arc<PrivateChats>,
        events: UnboundedSender<Event>,
        service: &Service,
    ) -> Outbox<B> {
        let writer = TelegramWriter {
            bot,
            redact,
            private,
            events,
        };
        let turns: Arc<dyn SharedTurns> = Arc::new(service.write_turns());
        let metrics = service.metrics().clone();
        Outbox(schocken_outbox::Outbox::new(
            writer, LIMITS, turns, metrics, true,
        ))
    }

    /// Picks up what a process before this one left undone (old buttons to take off).
    pub async fn resume(&self) {
        self.0.resume().await;
    }

    /// The table of a place as it should look now.
    pub fn table(&self, place: Place, write: TableWrite) {
        self.0.table(&place.chat, write);
    }

    /// A private cup in the chat of `user`.
    pub fn cup(&self, user: u64, write: CupWrite) {
        if let Ok(chat) = i64::try_from(user) {
            self.0.other(&chat, Write::Cup(write));
        }
    }

    /// A new message in `chat`.
    pub fn message(&self, chat: i64, write: MessageWrite) {
        self.0.other(&chat, Write::Message(write));
    }

    /// The bot's message `write.message` in `chat`, edited.
    pub fn edit(&self, chat: i64, write: EditWrite) {
        self.0.other(&chat, Write::Edit(write));
    }

    /// A new message in `chat`; the receiver learns whether it arrived (`Err`: given up).
    pub fn message_notified(
        &self,
        chat: i64,
        write: MessageWrite,
    ) -> tokio::sync::oneshot::Receiver<bool> {
        let (notify, arrived) = Notify::new();
        self.message(
            chat,
            MessageWrite {
                notify: Some(notify),
                ..write
            },
        );
        arrived
    }

    /// What the table message of `place` shows now (table and version), as far as known.
    pub fn shown(&self, place: Place) -> Option<(i64, u64)> {
        self.0.shown_in(&place.chat, place.thread)
    }

    /// A chat moved (group → supergroup): what its old messages show is no longer known.
    pub fn forget(&self, chat: i64) {
        self.0.forget_shown(&chat);
    }

    /// Waits until every chat's writes are made, at most `limit` (a graceful stop).
    pub async fn drained(&self, limit: Duration) -> bool {
        self.0.drained(limit).await
    }

    /// Forgets the chats with nothing to write and nothing handed in for `idle`; returns how
    /// many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        self.0.forget_idle(idle)
    }
}
