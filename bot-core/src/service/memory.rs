//! What the service keeps in memory: a slot per place that has been active lately and the
//! settings of its chat. A place without an open table that did nothing for
//! `forget_idle_minutes` is forgotten; its next event reloads it from the store, as after a
//! restart. Places with an open table stay (their timers run here). The same once-a-minute
//! housekeeping has the store compact the games over for an hour.

use super::{ChatId, Service, lock};
use crate::memory::release_unused_room;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tracing::warn;

/// How often (ms) idle places are looked for, old request ids pruned and games compacted.
const SWEEP_EVERY_MS: i64 = 60_000;

/// Games over for this long (ms) are compacted (see [`crate::store::Store::compact_games_over`]);
/// until then their whole log is there for a dispute right after the end.
const COMPACT_AFTER_MS: i64 = 3_600_000;

/// Games compacted per store call, and how long (ms of real time) one housekeeping pass
/// compacts at most: a backlog (an older database) goes over several passes, and the timers
/// of the tick wait no longer.
const COMPACT_BATCH: u32 = 25;
const COMPACT_BUDGET_MS: u64 = 500;

impl Service {
    /// Places (chats or topics) held in memory.
    pub fn places_in_memory(&self) -> usize {
        lock(&self.slots).len()
    }

    /// Whether the once-a-minute housekeeping is due (then it counts as done).
    pub(super) fn housekeeping_due(&self, now: i64) -> bool {
        let last = self.last_sweep.load(Ordering::Relaxed);
        if now - last < SWEEP_EVERY_MS {
            return false;
        }
        self.last_sweep.store(now, Ordering::Relaxed);
        true
    }

    /// Compacts the games over since [`COMPACT_AFTER_MS`] — and since the undo window, in
    /// which the round that ended a tally game can still be taken back.
    pub(super) async fn compact_games_over(&self, now: i64) {
        let undo_ms = i64::from(self.config.undo_window_seconds) * 1000;
        let before = now - COMPACT_AFTER_MS.max(undo_ms);
        let started = std::time::Instant::now();
        let budget = std::time::Duration::from_millis(COMPACT_BUDGET_MS);
        loop {
            match self.store.compact_games_over(before, COMPACT_BATCH).await {
                Ok(n) if n == COMPACT_BATCH as usize && started.elapsed() < budget => {}
                Ok(_) => return,
                Err(e) => {
                    warn!(error = %e, "could not compact the games that are over");
                    return;
                }
            }
        }
    }

    /// Forgets the places idle since `forget_idle_minutes`.
    pub(super) fn forget_idle_places(&self, now: i64) {
        if let Some(idle) = self.config.forget_after() {
            self.forget_places_idle_since(now - idle.as_millis() as i64);
        }
        self.metrics
            .set_places_in_memory(self.places_in_memory() as i64);
    }

    /// Forgets every place without an open table whose last command came before `before`
    /// (ms), and the settings of chats with no place left in memory.
    pub fn forget_places_idle_since(&self, before: i64) -> usize {
        let forgotten = {
            let mut slots = lock(&self.slots);
            let count = slots.len();
            slots.retain(|_, slot| {
                // Held by a command or a timer right now: it stays.
                if Arc::strong_count(slot) > 1 {
                    return true;
                }
                let Ok(slot) = slot.try_lock() else {
                    return true;
                };
                let open = slot.table.as_ref().is_some_and(|t| t.status.is_open());
                open || slot.last_used >= before
            });
            release_unused_room(&mut slots);
            count - slots.len()
        };
        let groups: HashSet<ChatId> = lock(&self.slots).keys().map(ChatId::group).collect();
        let mut chats = lock(&self.chats);
        chats.retain(|group, cache| {
            groups.contains(group) || Arc::strong_count(cache) > 1 || cache.try_lock().is_err()
        });
        release_unused_room(&mut chats);
        forgotten
    }
}
