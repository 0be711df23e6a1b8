//! The public side, one outbox per channel: answers hand the table's new state over and go on
//! at once; the channel's own task shows it. The task coalesces (the newest state of a table
//! wins, notices add up), keeps table writes at least [`SPACING`] apart (Discord allows 5
//! message writes per 5 s in a channel), posts the table anew when its message is gone or
//! when asked to (`/schocken table`, the buttons move along), and retries a failed write with
//! the newest state. With the ratelimiter on, a write also waits out its bucket (see
//! `rest`) and a slot of Discord's global limit (see `global`): only the writing tasks wait
//! then, never an answer.

mod global;
mod pending;
mod rest;
mod write;

use crate::origin;
use crate::plan::TableUpdate;
use bot_core::memory::release_unused_room;
use bot_core::metrics::Metrics;
use bot_core::service::{ChatId, Service};
use pending::{Job, Pending};
pub use rest::Rest;
use serenity::all::{ChannelId, MessageId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::time::Instant;
use tracing::{debug, warn};
use write::Failure;

/// The least time between the end of one table write in a channel and the next.
pub const SPACING: Duration = Duration::from_millis(1050);

/// Tries of one write that keeps failing for a reason worth a retry.
const MAX_TRIES: u32 = 5;

pub struct Outbox {
    shared: Arc<Shared>,
}

struct Shared {
    rest: Rest,
    service: Arc<Service>,
    channels: Mutex<HashMap<ChatId, Arc<Mutex<Channel>>>>,
}

/// One channel's outbox.
struct Channel {
    chat: ChatId,
    id: ChannelId,
    pending: Pending,
    /// Old table messages whose buttons moved to a newer message.
    strip: Vec<MessageId>,
    /// No write before this (the spacing, or the wait after a failure).
    next_write: Instant,
    /// Failed tries of the current write.
    failures: u32,
    /// A task is draining this outbox.
    running: bool,
    /// When a table state was last handed in.
    used: Instant,
}

impl Channel {
    fn has_work(&self) -> bool {
        !self.pending.is_empty() || !self.strip.is_empty()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// One write, as taken from the outbox.
enum Step {
    /// Show a table state: edit this message, or post a new one (`None`, or `fresh`).
    Show {
        job: Job,
        message: Option<MessageId>,
    },
    Strip(MessageId),
}

/// How a write went.
enum Outcome {
    Shown(MessageId),
    Posted {
        new: MessageId,
        old: Option<MessageId>,
    },
    Stripped,
    Failed(Failure, serenity::Error),
}

impl Outbox {
    pub fn new(rest: Rest, service: Arc<Service>) -> Outbox {
        Outbox {
            shared: Arc::new(Shared {
                rest,
                service,
                channels: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Hands a table state to `chat`'s outbox; returns at once.
    pub fn submit(&self, chat: &ChatId, update: TableUpdate) {
        let Some(id) = origin::channel_of(chat) else {
            warn!(chat = %chat, "not a Discord channel; the table is not shown");
            return;
        };
        let channel = lock(&self.shared.channels)
            .entry(chat.clone())
            .or_insert_with(|| {
                Arc::new(Mutex::new(Channel {
                    chat: chat.clone(),
                    id,
                    pending: Pending::default(),
                    strip: Vec::new(),
                    next_write: Instant::now(),
                    failures: 0,
                    running: false,
                    used: Instant::now(),
                }))
            })
            .clone();
        let start = {
            let mut c = lock(&channel);
            c.used = Instant::now();
            c.pending.add(update);
            let start = !c.running && c.has_work();
            c.running |= start;
            start
        };
        if start {
            tokio::spawn(drain(self.shared.clone(), channel));
        }
    }
}

impl Outbox {
    /// Forgets the channels with nothing to write and no table state handed in for `idle`
    /// (the next state names its message again); returns how many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let mut channels = lock(&self.shared.channels);
        channels.retain(|_, c| {
            let c = lock(c);
            c.running || c.has_work() || c.used.elapsed() < idle
        });
        release_unused_room(&mut channels);
        self.shared.rest.forget_spent_buckets();
        channels.len()
    }

    /// Waits until every channel's table writes are made, at most `limit` (a graceful
    /// stop); whether they are. What is left is a table's newest state, which the next
    /// process writes on the table's next move.
    pub async fn drained(&self, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        loop {
            let channels: Vec<_> = lock(&self.shared.channels).values().cloned().collect();
            if !channels.iter().any(|c| lock(c).running) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Writes until the channel's outbox is empty, one write per [`SPACING`] at most.
async fn drain(shared: Arc<Shared>, channel: Arc<Mutex<Channel>>) {
    loop {
        let at = {
            let mut c = lock(&channel);
            if !c.has_work() {
                c.running = false;
                return;
            }
            c.next_write
        };
        tokio::time::sleep_until(at).await;
        let (chat, id, step) = {
            let mut c = lock(&channel);
            let step = next_step(&mut c);
            (c.chat.clone(), c.id, step)
        };
        let Some(step) = step else { continue };
        let outcome = perform(&shared.rest, id, &step).await;
        let metrics = shared.service.metrics();
        let posted = settle(&mut lock(&channel), step, outcome, metrics);
        if let Some((table, message)) = posted {
            // After a restart the service tells where the table is shown.
            shared
                .service
                .set_message_ref(&chat, table, message.to_string())
                .await;
        }
    }
}

/// The next write: the newest state of the oldest table first, then old buttons to strip.
fn next_step(c: &mut Channel) -> Option<Step> {
    if let Some(job) = c.pending.take() {
        let message = c
            .pending
            .shown(job.update.table_id)
            .message_for(&job.update);
        return Some(Step::Show { job, message });
    }
    c.strip.pop().map(Step::Strip)
}

async fn perform(rest: &Rest, channel: ChannelId, step: &Step) -> Outcome {
    let result = match step {
        Step::Show { job, message } => {
            let update = job.to_show();
            let payload = update.payload();
            match (update.fresh, *message) {
                (false, Some(m)) => write::edit(rest, channel, m, &payload)
                    .await
                    .map(|()| Outcome::Shown(m)),
                (_, old) => write::post(rest, channel, &payload)
                    .await
                    .map(|new| Outcome::Posted { new, old }),
            }
        }
        Step::Strip(m) => write::strip(rest, channel, *m)
            .await
            .map(|()| Outcome::Stripped),
    };
    result.unwrap_or_else(|(failure, e)| Outcome::Failed(failure, e))
}

/// Records how a write went; returns the table and message of a new post (to remember).
fn settle(
    c: &mut Channel,
    step: Step,
    outcome: Outcome,
    metrics: &Metrics,
) -> Option<(i64, MessageId)> {
    // From the write's end: it may have waited for its bucket or the global limit before it
    // went out, and Discord counts it when it arrives.
    c.next_write = Instant::now() + SPACING;
    let (job, message) = match step {
        Step::Show { job, message } => (job, message),
        Step::Strip(_) => {
            // Cosmetic: the old buttons keep working or are refused as outdated.
            if let Outcome::Failed(_, e) = outcome {
                debug!(chat = %c.chat, error = %e, "could not take an old table's buttons off");
            }
            return None;
        }
    };
    let update = job.to_show();
    match outcome {
        Outcome::Shown(m) => {
            c.failures = 0;
            c.pending.showed(&update, m);
            debug!(chat = %c.chat, version = update.version, "table message edited");
            None
        }
        Outcome::Posted { new, old } => {
            c.failures = 0;
            c.pending.showed(&update, new);
            if let Some(old) = old.filter(|o| *o != new && update.fresh) {
                c.strip.push(old);
            }
            debug!(chat = %c.chat, version = update.version, "table message posted");
            (update.message_ref.as_deref() != Some(new.to_string().as_str()))
                .then_some((update.table_id, new))
        }
        Outcome::Stripped => None,
        Outcome::Failed(Failure::Gone, _) => {
            debug!(chat = %c.chat, "the table message is gone; posting it anew");
            metrics.platform_error("discord", "message_gone");
            if let Some(m) = message {
                c.pending.lost(update.table_id, m);
            }
            c.pending.put_back(job);
            None
        }
        Outcome::Failed(Failure::Retry, e) if c.failures + 1 < MAX_TRIES => {
            metrics.platform_error("discord", "transient");
            metrics.platform_retry("discord");
            c.failures += 1;
            let wait = SPACING * 2u32.pow(c.failures - 1);
            warn!(chat = %c.chat, error = %e, ?wait, "could not show the table; retrying");
            c.next_write = c.next_write.max(Instant::now() + wait);
            c.pending.put_back(job);
            None
        }
        Outcome::Failed(_, e) => {
            metrics.platform_error("discord", "given_up");
            c.failures = 0;
            warn!(chat = %c.chat, error = %e, "could not show the table; giving up this state");
            None
        }
    }
}
