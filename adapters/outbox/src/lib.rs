//! One way to send: every write of the bot to a chat — a table's message, a private cup, a
//! message — goes through the chat's outbox, so whoever hands a write in returns at once and
//! a chat never freezes. One worker per chat writes at the pace the platform allows:
//!
//! - [`queue`]: what a chat is still to receive, coalesced (the newest table state wins and
//!   goes first, its lines of what happened add up; a round's reveal is never skipped);
//! - [`pace`]: a chat's gap, its window and a 429's pause; [`global`]: the token's requests
//!   in all chats, in ordered slots;
//! - [`turns`]: the moments kept in the database, so the pace survives a restart and
//!   processes sharing one token keep its limits together; [`claims`]: on such a database a
//!   table's message only moves forward;
//! - [`worker`]: one chat's writes, their retries and what they leave behind;
//! - [`writer`]: what an adapter gives: how one write is made on its platform.

mod claims;
pub mod global;
pub mod limits;
pub mod pace;
pub mod queue;
pub mod turns;
mod worker;
pub mod writer;

pub use global::Gate;
pub use limits::{ChatLimits, Limits};
pub use turns::{MemoryTurns, SharedTurns};
pub use writer::{Failure, Other, TableOf, TableState, Writer};

use bot_core::memory::release_unused_room;
use bot_core::metrics::Metrics;
use pace::Pace;
use queue::Queue;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::time::Instant;

type QueueOf<W> =
    Queue<<W as Writer>::Body, <W as Writer>::Message, <W as Writer>::Place, <W as Writer>::Other>;

/// One chat's outbox.
struct ChatBox<W: Writer> {
    queue: QueueOf<W>,
    pace: Pace,
    limits: ChatLimits,
    /// Failed tries of the write that is next.
    failures: u32,
    /// A worker is writing for this chat.
    running: bool,
    /// When a write was last handed in.
    used: Instant,
}

impl<W: Writer> ChatBox<W> {
    fn has_work(&self) -> bool {
        !self.queue.is_empty()
    }
}

struct Shared<W: Writer> {
    writer: W,
    limits: Limits,
    metrics: Arc<Metrics>,
    turns: Arc<dyn SharedTurns>,
    gate: Gate,
    chats: Mutex<HashMap<W::Chat, ChatBox<W>>>,
}

impl<W: Writer> Shared<W> {
    fn chats(&self) -> MutexGuard<'_, HashMap<W::Chat, ChatBox<W>>> {
        // Nothing here is left half-changed by a panic.
        self.chats.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Processes on one database may write to the same chat: table states are claimed.
    fn claims(&self) -> bool {
        self.limits.claim_states && self.turns.shared()
    }
}

/// The outboxes of all chats of one platform.
pub struct Outbox<W: Writer> {
    shared: Arc<Shared<W>>,
}

impl<W: Writer> Clone for Outbox<W> {
    fn clone(&self) -> Self {
        Outbox {
            shared: self.shared.clone(),
        }
    }
}

impl<W: Writer> Outbox<W> {
    /// The outboxes of `writer`'s platform, keeping `limits`; `turns` keeps the moments in
    /// the database. `token_limit`: keep the token's limit here (off when an operator's proxy
    /// keeps it).
    pub fn new(
        writer: W,
        limits: Limits,
        turns: Arc<dyn SharedTurns>,
        metrics: Arc<Metrics>,
        token_limit: bool,
    ) -> Outbox<W> {
        let gate = if token_limit {
            let shared = turns.shared().then(|| (turns.clone(), limits.token_key));
            Gate::new(limits.token_gap, shared)
        } else {
            Gate::open()
        };
        Outbox {
            shared: Arc::new(Shared {
                writer,
                limits,
                metrics,
                turns,
                gate,
                chats: Mutex::new(HashMap::new()),
            }),
        }
    }

    pub fn writer(&self) -> &W {
        &self.shared.writer
    }

    /// Picks up what a process before this one left undone: old buttons still to take off.
    pub async fn resume(&self) {
        let platform = self.shared.limits.platform;
        let pending = match self.shared.turns.pending_strips(platform).await {
            Ok(pending) => pending,
            Err(e) => {
                turns::store_failed(platform, &e, "could not read the buttons left to take off");
                return;
            }
        };
        let writer = &self.shared.writer;
        for (key, stored) in pending {
            let Some(chat) = writer.chat_from_key(&key) else {
                continue;
            };
            if let Some(message) = writer.message_from_ref(&chat, &stored) {
                self.push(&chat, |q| q.push_strip(message, Instant::now()));
            }
        }
    }

    /// A table's message as it should look now; returns at once.
    pub fn table(&self, chat: &W::Chat, state: TableOf<W>) {
        self.push(chat, |q| q.push_table(state));
    }

    /// Another write to `chat` (a message, a private cup); returns at once.
    pub fn other(&self, chat: &W::Chat, other: W::Other) {
        self.push(chat, |q| q.push_other(other, Instant::now()));
    }

    /// The newest table shown in `place` of `chat`, and the version its message shows.
    pub fn shown_in(&self, chat: &W::Chat, place: W::Place) -> Option<(i64, u64)> {
        self.shared.chats().get(chat)?.queue.shown_in(place)
    }

    /// A chat moved: what its old messages show is no longer known.
    pub fn forget_shown(&self, chat: &W::Chat) {
        if let Some(entry) = self.shared.chats().get_mut(chat) {
            entry.queue.forget_shown();
        }
    }

    /// Forgets the chats with nothing to write and nothing handed in for `idle` (what their
    /// messages show comes again with the next state); returns how many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let mut chats = self.shared.chats();
        chats.retain(|_, c| c.running || c.has_work() || c.used.elapsed() < idle);
        release_unused_room(&mut chats);
        chats.len()
    }

    /// Waits until every chat's writes are made, at most `limit` (a graceful stop); whether
    /// they are. What is left is a table's newest state, which the next process writes on
    /// the table's next move.
    pub async fn drained(&self, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        loop {
            if !self.shared.chats().values().any(|c| c.running) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn push(&self, chat: &W::Chat, add: impl FnOnce(&mut QueueOf<W>)) {
        let start = {
            let mut chats = self.shared.chats();
            let entry = chats
                .entry(chat.clone())
                .or_insert_with(|| self.chat_box(chat));
            entry.used = Instant::now();
            add(&mut entry.queue);
            let start = !entry.running && entry.has_work();
            entry.running |= start;
            start
        };
        if start {
            tokio::spawn(worker::work(self.shared.clone(), chat.clone()));
        }
    }

    fn chat_box(&self, chat: &W::Chat) -> ChatBox<W> {
        let mut limits = self.shared.writer.limits(chat);
        let mut local = limits;
        if self.shared.claims() {
            // The gap is kept across the processes in the database; waiting it here after
            // this process's own last write as well would wait twice.
            local.gap_after_start = Duration::ZERO;
        }
        limits.hold = limits.hold.max(limits.kept_gap);
        ChatBox {
            queue: Queue::default(),
            pace: Pace::new(local),
            limits,
            failures: 0,
            running: false,
            used: Instant::now(),
        }
    }
}

#[cfg(test)]
mod tests;
