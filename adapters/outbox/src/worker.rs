//! One chat's worker: waits for the chat's turn, takes the next write (whatever came
//! meanwhile is coalesced into it), makes it, and books how it went — a new message to
//! remember, old buttons to take off, a retry with the newest state, a pause the platform
//! asked for.

use crate::claims;
use crate::limits::{MAX_TRIES, backoff};
use crate::queue::{Job, TableJob};
use crate::turns::{note_turn, wait_turn};
use crate::writer::{Failure, Other, TableOf, Writer};
use crate::{ChatBox, Shared};
use std::sync::Arc;
use tokio::time::Instant;
use tracing::{debug, warn};

type JobOf<W> =
    Job<<W as Writer>::Body, <W as Writer>::Message, <W as Writer>::Place, <W as Writer>::Other>;
type TableJobOf<W> = TableJob<<W as Writer>::Body, <W as Writer>::Message, <W as Writer>::Place>;

/// How a write went.
enum Made<M> {
    Edited(M),
    /// A table posted as a new message; `old`: its previous message, to take the buttons off.
    Posted {
        new: M,
        old: Option<M>,
    },
    /// Another write made; an older message whose buttons to take off, if any.
    Sent(Option<M>),
    Stripped,
    Failed(Failure),
}

/// Writes `chat`'s jobs at its pace until none is left.
pub(crate) async fn work<W: Writer>(shared: Arc<Shared<W>>, chat: W::Chat) {
    loop {
        // Wait first, take the job after: whatever comes meanwhile is coalesced into it.
        let ready = {
            let mut chats = shared.chats();
            let Some(entry) = chats.get_mut(&chat) else {
                return;
            };
            if !entry.has_work() {
                entry.running = false;
                return;
            }
            entry.pace.ready_at(Instant::now())
        };
        tokio::time::sleep_until(ready).await;
        let Some((job, limits)) = next_job(&shared, &chat) else {
            continue;
        };
        let Some(job) = take_turn(&shared, &chat, job, limits.kept_gap).await else {
            continue;
        };
        let started = Instant::now();
        let made = make(&shared, &chat, &job).await;
        settle(&shared, &chat, job, made, started).await;
    }
}

fn next_job<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
) -> Option<(JobOf<W>, crate::ChatLimits)> {
    let mut chats = shared.chats();
    let entry = chats.get_mut(chat)?;
    let job = entry.queue.take(Instant::now(), entry.limits.hold)?;
    Some((job, entry.limits))
}

/// Takes the chat's turn kept in the database: the moment of this write is noted there, so a
/// restarted process keeps the pace. This process's own pace is the one that counts while it
/// knows the chat; the kept turn is waited for when it does not (its first write to the chat:
/// another process may have written just before) and whenever processes share the chat. On
/// such a shared database a table state is claimed first (`None`: the table moved past it).
async fn take_turn<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    job: JobOf<W>,
    gap: std::time::Duration,
) -> Option<JobOf<W>> {
    let key = shared.writer.chat_key(chat);
    let turns = shared.turns.as_ref();
    if let Job::Table(mut table) = job {
        if shared.claims() {
            let ours = claims::take_table_turn(shared, chat, &key, gap, &mut table).await;
            return ours.then_some(Job::Table(table));
        }
        keep_turn(shared, chat, &key, gap).await;
        if let Some(entry) = shared.chats().get_mut(chat) {
            entry.queue.take_newer(&mut table);
        }
        return Some(Job::Table(table));
    }
    if shared.turns.shared() {
        wait_turn(turns, &key, gap).await;
    } else {
        keep_turn(shared, chat, &key, gap).await;
    }
    Some(job)
}

/// One process writes this chat: waits for the kept turn unless it paced the chat itself
/// already, and notes the next one.
async fn keep_turn<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    key: &str,
    gap: std::time::Duration,
) {
    let paced = shared
        .chats()
        .get(chat)
        .is_some_and(|entry| entry.pace.has_history());
    if paced {
        // Only noted for a successor: the write need not wait for the database.
        tokio::spawn(note_turn(shared.turns.clone(), key.to_string(), gap));
    } else {
        wait_turn(shared.turns.as_ref(), key, gap).await;
    }
}

async fn make<W: Writer>(shared: &Shared<W>, chat: &W::Chat, job: &JobOf<W>) -> Made<W::Message> {
    let (writer, gate) = (&shared.writer, &shared.gate);
    let result = match job {
        Job::Table(table) => return show(shared, chat, table).await,
        Job::Other { other, .. } => writer.send(chat, other, gate).await.map(Made::Sent),
        Job::Strip { message, .. } => writer
            .strip(chat, *message, gate)
            .await
            .map(|()| Made::Stripped),
    };
    result.unwrap_or_else(Made::Failed)
}

/// Shows a table state: edits its message, or posts it anew (asked to, none known, or the
/// one known is gone).
async fn show<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    job: &TableJobOf<W>,
) -> Made<W::Message> {
    let (writer, gate) = (&shared.writer, &shared.gate);
    let state = job.to_show();
    let known = shared
        .chats()
        .get(chat)
        .and_then(|e| e.queue.shown(state.table_id).message_for(&state));
    if let Some(message) = known.filter(|_| !state.fresh) {
        match writer.edit(chat, message, &state, gate).await {
            Ok(()) => return Made::Edited(message),
            Err(Failure::Gone) => {
                debug!(chat = %chat, "the table message is gone; posting it anew");
                shared
                    .metrics
                    .platform_error(shared.limits.platform, "message_gone");
                if let Some(entry) = shared.chats().get_mut(chat) {
                    entry.queue.lost(state.table_id, message);
                }
                return post(writer, chat, &state, gate, None).await;
            }
            Err(failure) => return Made::Failed(failure),
        }
    }
    post(writer, chat, &state, gate, known).await
}

async fn post<W: Writer>(
    writer: &W,
    chat: &W::Chat,
    state: &TableOf<W>,
    gate: &crate::Gate,
    old: Option<W::Message>,
) -> Made<W::Message> {
    match writer.post(chat, state, gate).await {
        Ok(new) => Made::Posted {
            new,
            old: old.filter(|o| *o != new),
        },
        // A post has no message to lose: the chat is gone or closed to the bot.
        Err(Failure::Gone) => Made::Failed(Failure::Refused),
        Err(failure) => Made::Failed(failure),
    }
}

/// Books how a write went.
async fn settle<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    job: JobOf<W>,
    made: Made<W::Message>,
    started: Instant,
) {
    let ended = Instant::now();
    let failure = match made {
        Made::Failed(failure) => failure,
        made => return succeeded(shared, chat, job, made, started, ended).await,
    };
    let strip_done = match &job {
        Job::Strip { message, .. } => Some(*message),
        _ => None,
    };
    let given_up = {
        let mut chats = shared.chats();
        let Some(entry) = chats.get_mut(chat) else {
            return;
        };
        failed(shared, chat, entry, job, failure, started, ended)
    };
    if let (Some(message), true) = (strip_done, given_up) {
        forget_strip(shared, chat, message).await;
    }
}

/// Books a write that was made.
async fn succeeded<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    job: JobOf<W>,
    made: Made<W::Message>,
    started: Instant,
    ended: Instant,
) {
    let mut strip = None;
    let mut posted = None;
    {
        let mut chats = shared.chats();
        let Some(entry) = chats.get_mut(chat) else {
            return;
        };
        entry.pace.record(started, ended);
        entry.failures = 0;
        match (&job, &made) {
            (Job::Table(table), Made::Edited(message)) => {
                let state = table.to_show();
                let buttons = shared.writer.has_buttons(&state.body);
                entry.queue.showed(&state, *message, buttons);
            }
            (Job::Table(table), Made::Posted { new, old }) => {
                let state = table.to_show();
                // The old message's buttons go, unless it showed none.
                let had_buttons = entry.queue.shown(state.table_id).buttons;
                let buttons = shared.writer.has_buttons(&state.body);
                entry.queue.showed(&state, *new, buttons);
                strip = old.filter(|_| had_buttons);
                posted = Some((state.place, state.table_id, *new));
            }
            (Job::Other { other, .. }, Made::Sent(old)) => {
                other.settled(true);
                strip = *old;
            }
            _ => {}
        }
        if let Some(old) = strip {
            entry.queue.push_strip(old, ended);
        }
    }
    debug!(chat = %chat, "written");
    let writer = &shared.writer;
    if let Some(old) = strip {
        // Kept in the database: a restart still takes the old buttons off.
        let key = writer.chat_key(chat);
        let stored = writer.message_ref(chat, old);
        let platform = shared.limits.platform;
        if let Err(e) = shared.turns.note_strip(platform, &key, &stored).await {
            let place = chat.to_string();
            crate::turns::store_failed(&place, &e, "could not keep the old buttons to take off");
        }
    }
    if let Some((place, table_id, message)) = posted {
        writer.posted(chat, place, table_id, message).await;
    }
    if let (Job::Strip { message, .. }, Made::Stripped) = (&job, &made) {
        forget_strip(shared, chat, *message).await;
    }
}

async fn forget_strip<W: Writer>(shared: &Shared<W>, chat: &W::Chat, message: W::Message) {
    let key = shared.writer.chat_key(chat);
    let stored = shared.writer.message_ref(chat, message);
    let platform = shared.limits.platform;
    if let Err(e) = shared.turns.strip_done(platform, &key, &stored).await {
        debug!(chat = %chat, error = %e, "could not note the old buttons as taken off");
    }
}

/// Books a failed write: tried again later (with the newest state), or dropped. Returns
/// whether the job is done with (dropped or given up).
fn failed<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    entry: &mut ChatBox<W>,
    job: JobOf<W>,
    failure: Failure,
    started: Instant,
    ended: Instant,
) -> bool {
    let platform = shared.limits.platform;
    let metrics = &shared.metrics;
    match failure {
        Failure::RetryAfter(wait) => {
            metrics.platform_error(platform, "rate_limited");
            entry.pace.pause_until(ended + wait);
        }
        Failure::Transient => {
            metrics.platform_error(platform, "transient");
            entry.pace.pause_until(ended + backoff(entry.failures + 1));
        }
        Failure::Gone | Failure::Refused => {
            metrics.platform_error(platform, "refused");
            entry.pace.record(started, ended);
            if let Job::Other { other, .. } = &job {
                other.settled(false);
            }
            return true;
        }
        Failure::Closed => {
            // Nothing more can be written there; the writer told the adapter where to.
            if let Job::Other { other, .. } = &job {
                other.settled(false);
            }
            entry.queue.clear();
            return true;
        }
    }
    entry.pace.record(started, ended);
    entry.failures += 1;
    if entry.failures >= MAX_TRIES {
        metrics.platform_error(platform, "given_up");
        warn!(chat = %chat, ?failure, "a write kept failing; given up (the next state makes up for it)");
        entry.failures = 0;
        return true;
    }
    metrics.platform_retry(platform);
    debug!(chat = %chat, ?failure, "a write failed; trying again with the newest state");
    entry.queue.put_back(job);
    false
}
