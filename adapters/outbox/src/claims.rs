//! Processes that write to the same chats with one token on a shared database (Telegram
//! webhooks behind a load balancer): before a table state is shown, this process waits for
//! the chat's turn among all of them and claims the state, so a table's message only moves
//! forward. A state another process moved past is left out, its lines of what happened left
//! in the database for the write that shows the newer state.

use crate::Shared;
use crate::queue::TableJob;
use crate::turns::wait_table_turn;
use crate::writer::Writer;
use bot_core::store::ShownClaim;
use std::time::Duration;
use tokio::time::Instant;
use tracing::debug;

/// How long a turn waits for the stored table the adapter hands in for it.
const REFRESH_WAIT: Duration = Duration::from_millis(500);
const REFRESH_POLL: Duration = Duration::from_millis(10);

type TableJobOf<W> = TableJob<<W as Writer>::Body, <W as Writer>::Message, <W as Writer>::Place>;

/// Waits for this chat's turn to show `job` and claims it; `false` when the table has moved
/// past it (the write is left out).
pub(crate) async fn take_table_turn<W: Writer>(
    shared: &Shared<W>,
    chat: &W::Chat,
    key: &str,
    gap: Duration,
    job: &mut TableJobOf<W>,
) -> bool {
    let turns = shared.turns.as_ref();
    let (table_id, version) = (job.state().table_id, job.state().version);
    if !wait_table_turn(turns, key, gap, table_id, version).await {
        // A newer state took the turn over: it is written in it; these lines go with it.
        leave_notices(shared, chat, job).await;
        return false;
    }
    // What this process stored while it waited is shown in this turn, not the next.
    take_newer(shared, chat, job);
    let stored_newer = matches!(
        turns.table_version(table_id).await,
        Ok(Some(v)) if v > job.state().version
    );
    if stored_newer {
        // Another process stored a newer state and has its own turn later: rather than let
        // this turn pass, show the stored table in it.
        let place = job.state().place;
        shared.writer.behind(chat, place, table_id).await;
        let deadline = Instant::now() + REFRESH_WAIT;
        while Instant::now() < deadline && !take_newer(shared, chat, job) {
            tokio::time::sleep(REFRESH_POLL).await;
        }
    }
    claim(shared, chat, job).await
}

fn take_newer<W: Writer>(shared: &Shared<W>, chat: &W::Chat, job: &mut TableJobOf<W>) -> bool {
    shared
        .chats()
        .get_mut(chat)
        .is_some_and(|entry| entry.queue.take_newer(job))
}

/// Claims the right to show `job` and adds what other processes left to tell; `false` when
/// the table moved past it or a state as new was shown (then its lines are left).
async fn claim<W: Writer>(shared: &Shared<W>, chat: &W::Chat, job: &mut TableJobOf<W>) -> bool {
    let state = job.state();
    let claimed = shared
        .turns
        .claim_shown(state.table_id, state.version, claimant(), job.has_notices())
        .await
        // Better twice than never.
        .unwrap_or_else(|_| Some(ShownClaim::default()));
    debug!(chat = %chat, table = state.table_id, version = state.version, claimed = claimed.is_some(), "shared turn");
    let Some(claim) = claimed else {
        leave_notices(shared, chat, job).await;
        return false;
    };
    job.add_earlier_notices(&claim.notices);
    let stored = claim
        .message_ref
        .as_deref()
        .and_then(|r| shared.writer.message_from_ref(chat, r));
    if let Some(stored) = stored {
        let table = job.state().table_id;
        if let Some(entry) = shared.chats().get_mut(chat)
            && entry
                .queue
                .shown(table)
                .message
                .is_some_and(|m| m != stored)
        {
            // Another process posted the table anew: what this one showed is gone.
            entry.queue.forget_shown_of(table);
        }
        job.set_stored(stored);
    }
    true
}

async fn leave_notices<W: Writer>(shared: &Shared<W>, chat: &W::Chat, job: &TableJobOf<W>) {
    let lines = job.notice_lines();
    if lines.is_empty() {
        return;
    }
    if let Err(e) = shared
        .turns
        .leave_notices(job.state().table_id, &lines)
        .await
    {
        let place = chat.to_string();
        crate::turns::store_failed(
            &place,
            &e,
            "could not leave the table's news for the next write",
        );
    }
}

/// This process, as it claims table states: its id and the moment it first claimed one (to
/// the nanosecond, so processes on other machines with the same id differ too).
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
