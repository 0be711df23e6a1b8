//! Turns that processes sharing one bot token take through the database, so that together
//! they keep a platform's limit: Discord's global requests a second, Telegram's writes a
//! second in all and a chat's pace. Each process's own pacer still runs; this only spaces
//! the moments the processes may start a write.

use super::Store;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tracing::warn;

/// The turns of one bot token on a database other processes share.
#[derive(Clone, Debug)]
pub struct SharedPace {
    store: Store,
}

impl SharedPace {
    pub fn new(store: Store) -> SharedPace {
        SharedPace { store }
    }

    /// Waits for the next turn of `key` (a chat, or a whole token's budget), at least `gap`
    /// after the turn any process reserved before. If the database does not answer, the
    /// write goes ahead: the platform's 429 is the lesser harm than a silent table.
    pub async fn wait_turn(&self, key: &str, gap: Duration) {
        let now = unix_ms();
        let gap_ms = i64::try_from(gap.as_millis()).unwrap_or(i64::MAX);
        match self.store.reserve_write(key, now, gap_ms).await {
            Ok(slot) if slot > now => {
                tokio::time::sleep(Duration::from_millis((slot - now) as u64)).await;
            }
            Ok(_) => {}
            Err(e) => warn!(key, error = %e, "could not take a shared turn; writing anyway"),
        }
    }

    /// Waits for the next turn of `key` to show `version` of table `table_id` (see
    /// [`Store::reserve_table_write`]: a turn reserved for an older state of the table and not
    /// used yet is taken over). `false` if a newer state took this turn over meanwhile: then
    /// that state is written in it, not this one.
    pub async fn wait_table_turn(
        &self,
        key: &str,
        gap: Duration,
        table_id: i64,
        version: u64,
    ) -> bool {
        let now = unix_ms();
        let gap_ms = i64::try_from(gap.as_millis()).unwrap_or(i64::MAX);
        let reserved = self
            .store
            .reserve_table_write(key, now, gap_ms, table_id, version)
            .await;
        match reserved {
            Ok(at) => {
                if at > now {
                    tokio::time::sleep(Duration::from_millis((at - now) as u64)).await;
                }
                // Better twice than never.
                self.store
                    .use_write_slot(key, at, version)
                    .await
                    .unwrap_or(true)
            }
            Err(e) => {
                warn!(key, error = %e, "could not take a shared turn; writing anyway");
                true
            }
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }
}

/// Milliseconds since the Unix epoch: the clock all processes share.
fn unix_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}
