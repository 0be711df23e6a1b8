//! What the service keeps in memory: a slot per place that has been active lately and the
//! settings of its chat. A place without an open table that did nothing for
//! `forget_idle_minutes` is forgotten; its next event reloads it from the store, as after a
//! restart. Places with an open table stay (their timers run here).

use super::{ChatId, Service, lock};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// How often (ms) idle places are looked for and old request ids pruned.
const SWEEP_EVERY_MS: i64 = 60_000;

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
            count - slots.len()
        };
        let groups: HashSet<ChatId> = lock(&self.slots).keys().map(ChatId::group).collect();
        lock(&self.chats).retain(|group, cache| {
            groups.contains(group) || Arc::strong_count(cache) > 1 || cache.try_lock().is_err()
        });
        forgotten
    }
}
