//! Every write to a chat goes through its outbox, so the group never freezes: whoever hands
//! in a write returns at once, and one worker per chat writes at the pace Telegram allows
//! ([`pace`]), coalescing what queued up meanwhile ([`pending`]: the newest table state wins
//! and carries the notices of the states it replaced). A 429 pauses the chat and the write is
//! made again with the newest state. What the adapter must learn from a write (a table
//! message posted anew, a group that became a supergroup) comes back as an [`Event`].

mod deliver;
mod pace;
pub mod pending;
mod shared;

pub use pace::{GROUP_GAP, GROUP_WRITES};
pub use pending::{Attachment, CupWrite, MessageWrite, Notify, TableWrite};

use crate::memory::PrivateChats;
use crate::place::Place;
use crate::send::{Api, Redactor};
use bot_core::memory::release_unused_room;
use bot_core::metrics::Metrics;
use bot_core::store::{SharedPace, Store};
use deliver::{Deliverer, Outcome};
use pace::{Overall, Pace};
use pending::{Job, Pending};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;
use tokio::time::Instant;
use tracing::{debug, warn};

/// How often one write is tried before it is given up.
const MAX_ATTEMPTS: u32 = 5;

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

struct ChatBox {
    pending: Pending,
    pace: Pace,
    /// A worker is writing for this chat.
    running: bool,
    /// When a write was last handed in.
    used: Instant,
}

struct Shared<B> {
    bot: B,
    /// Failed writes and retries are counted here.
    metrics: Arc<Metrics>,
    /// On a database other processes share: their turns to write, and where a table's
    /// newest version is read, so a state another process already moved past is not written
    /// over the newer one.
    pace: Option<SharedPace>,
    redact: Redactor,
    private: Arc<PrivateChats>,
    events: UnboundedSender<Event>,
    chats: Mutex<HashMap<i64, ChatBox>>,
    overall: Mutex<Overall>,
}

/// The outboxes of all chats.
pub struct Outbox<B> {
    shared: Arc<Shared<B>>,
}

impl<B> Clone for Outbox<B> {
    fn clone(&self) -> Self {
        Outbox {
            shared: self.shared.clone(),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Nothing here is left half-changed by a panic.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl<B: Api> Outbox<B> {
    pub fn new(
        bot: B,
        redact: Redactor,
        private: Arc<PrivateChats>,
        events: UnboundedSender<Event>,
        metrics: Arc<Metrics>,
        store: Option<Store>,
    ) -> Outbox<B> {
        Outbox {
            shared: Arc::new(Shared {
                bot,
                metrics,
                pace: store.map(SharedPace::new),
                redact,
                private,
                events,
                chats: Mutex::new(HashMap::new()),
                overall: Mutex::new(Overall::default()),
            }),
        }
    }

    /// The table of a place as it should look now.
    pub fn table(&self, place: Place, write: TableWrite) {
        self.push(place.chat, |p| p.push_table(write));
    }

    /// A private cup in the chat of `user`.
    pub fn cup(&self, user: u64, write: CupWrite) {
        let Ok(chat) = i64::try_from(user) else {
            return;
        };
        self.push(chat, |p| p.push_cup(write));
    }

    /// A new message in `chat`.
    pub fn message(&self, chat: i64, write: MessageWrite) {
        self.push(chat, |p| p.push_message(write));
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
        let chats = lock(&self.shared.chats);
        let shown = chats.get(&place.chat)?.pending.shown(place.thread)?;
        Some((shown.table_id, shown.version))
    }

    /// A chat moved (group → supergroup): what its old messages show is no longer known.
    pub fn forget(&self, chat: i64) {
        if let Some(chat) = lock(&self.shared.chats).get_mut(&chat) {
            chat.pending.forget_shown();
        }
    }

    /// Waits until every chat's writes are made, at most `limit` (a graceful stop); whether
    /// they are. What is left is the newest state of a table message, which the next
    /// process writes on the table's next move.
    pub async fn drained(&self, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        loop {
            let busy = lock(&self.shared.chats).values().any(|c| c.running);
            if !busy {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Forgets the chats with nothing to write and no write handed in for `idle` (what their
    /// table messages show comes again with the next table state); returns how many are
    /// left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let mut chats = lock(&self.shared.chats);
        chats.retain(|_, c| c.running || !c.pending.is_empty() || c.used.elapsed() < idle);
        release_unused_room(&mut chats);
        chats.len()
    }

    fn push(&self, chat: i64, add: impl FnOnce(&mut Pending)) {
        let start = {
            let mut chats = lock(&self.shared.chats);
            let shared_pace = self.shared.pace.is_some();
            let entry = chats.entry(chat).or_insert_with(|| ChatBox {
                pending: Pending::default(),
                pace: Pace::for_chat(chat, shared_pace),
                running: false,
                used: Instant::now(),
            });
            entry.used = Instant::now();
            add(&mut entry.pending);
            let start = !entry.running && !entry.pending.is_empty();
            entry.running |= start;
            start
        };
        if start {
            let shared = self.shared.clone();
            tokio::spawn(async move { work(shared, chat).await });
        }
    }
}

/// Writes a chat's pending jobs at its pace until none is left.
async fn work<B: Api>(shared: Arc<Shared<B>>, chat: i64) {
    let deliverer = Deliverer {
        bot: shared.bot.clone(),
        chat,
        redact: shared.redact.clone(),
        private: shared.private.clone(),
    };
    let mut attempts = 0;
    loop {
        // Wait first, take the job after: whatever comes meanwhile is coalesced into it.
        let ready = {
            let mut chats = lock(&shared.chats);
            let Some(entry) = chats.get_mut(&chat) else {
                return;
            };
            if entry.pending.is_empty() {
                entry.running = false;
                return;
            }
            entry.pace.ready_at(Instant::now())
        };
        tokio::time::sleep_until(ready).await;
        wait_overall(&shared).await;
        let (job, shown) = {
            let mut chats = lock(&shared.chats);
            let Some(entry) = chats.get_mut(&chat) else {
                return;
            };
            let Some(job) = entry.pending.take_next() else {
                continue;
            };
            let shown = match &job {
                Job::Table(t) => entry.pending.shown(t.thread).cloned(),
                _ => None,
            };
            (job, shown)
        };
        let mut job = job;
        let mut shown = shown;
        if let Some(pace) = &shared.pace
            && !shared::take_turn(&shared, pace, chat, &mut job, &mut shown).await
        {
            // Another process stored or showed a newer state of this table.
            continue;
        }
        let started = Instant::now();
        let outcome = deliverer.deliver(&job, shown.as_ref()).await;
        attempts = settle(&shared, chat, job, outcome, attempts, started);
    }
}

/// Takes a slot of the overall pace, waiting for one if all are taken.
async fn wait_overall<B>(shared: &Shared<B>) {
    loop {
        let wait = lock(&shared.overall).try_take(Instant::now());
        match wait {
            Ok(()) => return,
            Err(wait) => tokio::time::sleep(wait).await,
        }
    }
}

/// The table message of `write`'s place now shows it (in `posted`, if it was posted anew;
/// its old message's buttons are then removed, and the adapter learns where it lives).
fn table_written<B>(
    shared: &Shared<B>,
    chat: i64,
    entry: &mut ChatBox,
    write: &TableWrite,
    posted: Option<i32>,
) {
    let before = entry.pending.shown(write.thread);
    let old = before.map(|s| s.message).or(write.stored);
    let message = posted.or_else(|| {
        before
            .filter(|s| s.table_id == write.table_id)
            .map(|s| s.message)
            .or(write.stored)
    });
    let Some(message) = message else {
        return;
    };
    entry.pending.table_shown(write, message);
    let Some(posted) = posted else {
        return;
    };
    if let Some(old) = old.filter(|old| *old != posted) {
        // The buttons move to the new message.
        entry.pending.push_strip(old);
    }
    let _ = shared.events.send(Event::Posted {
        place: Place {
            chat,
            thread: write.thread,
        },
        table_id: write.table_id,
        message: posted,
    });
}

/// The job goes back to be made again (with a newer state if one came) after `until`.
fn retry(
    entry: &mut ChatBox,
    chat: i64,
    job: Job,
    attempts: u32,
    started: Instant,
    until: Instant,
) -> u32 {
    entry.pace.record(started, Instant::now());
    entry.pace.pause_until(until);
    if attempts + 1 >= MAX_ATTEMPTS {
        warn!(chat, "a write kept failing; given up");
        return 0;
    }
    entry.pending.retry(job);
    attempts + 1
}

/// Books a write's outcome; returns the attempts made at the job that is next.
fn settle<B>(
    shared: &Shared<B>,
    chat: i64,
    job: Job,
    outcome: Outcome,
    attempts: u32,
    started: Instant,
) -> u32 {
    let now = Instant::now();
    debug!(
        chat,
        ?outcome,
        table = matches!(job, Job::Table(_)),
        "written"
    );
    // A message whose sender waits for it: written, or not (a retry tells later).
    let arrived = match &outcome {
        Outcome::Done { .. } => Some(true),
        Outcome::RetryAfter(_) | Outcome::Transient => None,
        Outcome::Unchanged | Outcome::Migrated(_) | Outcome::Dropped => Some(false),
    };
    if let (Some(arrived), Job::Message(write)) = (arrived, &job)
        && let Some(notify) = &write.notify
    {
        notify.send(arrived);
    }
    let mut chats = lock(&shared.chats);
    let Some(entry) = chats.get_mut(&chat) else {
        return 0;
    };
    match outcome {
        Outcome::Unchanged => 0,
        Outcome::Done { posted, strip } => {
            entry.pace.record(started, now);
            if let Some(old) = strip {
                entry.pending.push_strip(old);
            }
            if let Job::Table(write) = &job {
                table_written(shared, chat, entry, write, posted);
            }
            0
        }
        Outcome::RetryAfter(wait) => {
            shared.metrics.platform_error("telegram", "rate_limited");
            shared.metrics.platform_retry("telegram");
            retry(entry, chat, job, attempts, started, now + wait)
        }
        Outcome::Transient => {
            shared.metrics.platform_error("telegram", "transient");
            shared.metrics.platform_retry("telegram");
            // 1 s, 2 s, 4 s, 8 s: the network or Telegram comes back, or the write is given
            // up (the next state written makes up for it).
            let wait = Duration::from_secs(1 << attempts.min(4));
            retry(entry, chat, job, attempts, started, now + wait)
        }
        Outcome::Migrated(new) => {
            // Nothing more can be written there; the adapter moves the table to `new`.
            entry.pending.clear();
            let _ = shared.events.send(Event::Migrated { old: chat, new });
            0
        }
        Outcome::Dropped => {
            shared.metrics.platform_error("telegram", "refused");
            entry.pace.record(started, now);
            0
        }
    }
}
