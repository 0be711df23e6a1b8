//! Turns among processes that write with one token on a shared database: each chat's pace
//! and the token's writes in all are kept across them, and a table's message only moves
//! forward (a state older than one another process stored or showed is left out).

use super::pace::{OVERALL_PER_SECOND, PRIVATE_GAP, SHARED_GROUP_GAP};
use super::pending::{Job, Shown, TableWrite};
use super::{Event, Shared, lock};
use crate::identity::parse_message_ref;
use crate::place::Place;
use bot_core::store::{SharedPace, ShownClaim, Store};
use std::time::Duration;
use tokio::time::Instant;
use tracing::{debug, warn};

/// On a database other processes share, where they write with the same token: waits for
/// this chat's turn and the token's among all of them, then, for a table write, claims the
/// right to show it. `false` when the table has moved past it: the write is left out.
pub(super) async fn take_turn<B>(
    shared: &Shared<B>,
    pace: &SharedPace,
    chat: i64,
    job: &mut Job,
    shown: &mut Option<Shown>,
) -> bool {
    let key = chat.to_string();
    let Job::Table(write) = job else {
        pace.wait_turn(&key, chat_gap(chat)).await;
        pace.wait_turn(OVERALL_KEY, OVERALL_GAP).await;
        return true;
    };
    let ours = pace
        .wait_table_turn(&key, chat_gap(chat), write.table_id, write.version)
        .await;
    if !ours {
        // A newer state took the turn over: it is written in it; these lines go with it.
        claim_shown(pace.store(), chat, write, false).await;
        return false;
    }
    pace.wait_turn(OVERALL_KEY, OVERALL_GAP).await;
    // What this process stored while it waited is shown in this turn, not the next.
    take_newer(shared, chat, write);
    if stored_is_newer(pace.store(), write).await {
        // Another process stored a newer state and has its own turn later: rather than let
        // this turn pass, show the stored table in it.
        let place = Place {
            chat,
            thread: write.thread,
        };
        let _ = shared.events.send(Event::Behind {
            place,
            table_id: write.table_id,
        });
        let deadline = Instant::now() + REFRESH_WAIT;
        while Instant::now() < deadline && !take_newer(shared, chat, write) {
            tokio::time::sleep(REFRESH_POLL).await;
        }
    }
    if !claim_shown(pace.store(), chat, write, true).await {
        return false;
    }
    if shown
        .as_ref()
        .is_some_and(|s| write.stored.is_some_and(|m| m != s.message))
    {
        // Another process posted the table anew: what this one showed is gone.
        *shown = None;
        if let Some(entry) = lock(&shared.chats).get_mut(&chat) {
            entry.pending.forget_shown_in(write.thread);
        }
    }
    true
}

/// The key of the token's writes in all among the shared turns (chats are keyed by id).
const OVERALL_KEY: &str = "telegram:all";
/// The gap between two writes of the token in all, across processes.
const OVERALL_GAP: Duration = Duration::from_millis(1000 / OVERALL_PER_SECOND as u64);

/// The gap between two writes to `chat`, across processes.
fn chat_gap(chat: i64) -> Duration {
    if chat < 0 {
        SHARED_GROUP_GAP
    } else {
        PRIVATE_GAP
    }
}

/// How long a turn waits for the stored table the adapter renders for it.
const REFRESH_WAIT: Duration = Duration::from_millis(500);
const REFRESH_POLL: Duration = Duration::from_millis(10);

/// Whether a newer state of `write`'s table is stored (by another process).
async fn stored_is_newer(store: &Store, write: &TableWrite) -> bool {
    matches!(store.table_version(write.table_id).await, Ok(Some(v)) if v > write.version)
}

/// Takes a newer state of `write`'s table that waits in this chat's outbox into `write`
/// (with `write`'s lines of what happened); whether there was one.
fn take_newer<B>(shared: &Shared<B>, chat: i64, write: &mut TableWrite) -> bool {
    let newer = lock(&shared.chats)
        .get_mut(&chat)
        .and_then(|entry| entry.pending.take_newer_table(write));
    match newer {
        Some(newer) => {
            *write = newer;
            true
        }
        None => false,
    }
}

/// On a database other processes share, once it is this chat's turn (`ours`: not taken over
/// by a newer state): claims the right to show `write` and adds what other processes left to
/// tell. `false` when the table has moved past it, a state as new was shown or the turn was
/// taken over: then its lines of what happened are left for the write that shows the newer
/// state.
async fn claim_shown(store: &Store, chat: i64, write: &mut TableWrite, ours: bool) -> bool {
    // The claim itself refuses a state older than the stored one.
    let claimed = if ours {
        let with_news = !write.notices.is_empty();
        match store
            .claim_shown(write.table_id, write.version, claimant(), with_news)
            .await
        {
            Ok(claimed) => claimed,
            // Better twice than never.
            Err(_) => Some(ShownClaim::default()),
        }
    } else {
        None
    };
    debug!(
        chat,
        table = write.table_id,
        version = write.version,
        claimed = claimed.is_some(),
        "shared turn"
    );
    match claimed {
        Some(claim) => {
            let mut notices = claim.notices;
            notices.append(&mut write.notices);
            write.notices = notices;
            // The table message as stored now: another process may have posted it since
            // this write was made ready.
            if let Some((ref_chat, message)) =
                claim.message_ref.as_deref().and_then(parse_message_ref)
                && ref_chat == chat
            {
                write.stored = Some(message);
            }
            true
        }
        None => {
            if let Err(e) = store.leave_notices(write.table_id, &write.notices).await {
                warn!(chat, error = %e, "could not leave the table's news for the next write");
            }
            false
        }
    }
}

/// This process, as it claims table states: its id and the moment it first claimed one
/// (to the nanosecond, so processes on other machines with the same id differ too).
fn claimant() -> &'static str {
    static ID: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ID.get_or_init(|| {
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        format!("{}-{started}", std::process::id())
    })
}
