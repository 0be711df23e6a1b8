//! Turns kept in the database, so a chat's pace survives a restart and processes that share
//! one token keep its limits together: the store keeps the data ([`SharedTurns`]), the
//! outbox does the waiting (here). If the database does not answer, the write goes ahead:
//! a platform's 429 is the lesser harm than a silent table.

use bot_core::store::{ShownClaim, StoreError, WriteTurns};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::Duration;
use tracing::{debug, warn};

/// An answer of the turns' store.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What the outbox keeps in the database: moments (ms since the Unix epoch, the clock all
/// processes share) and which table states were shown.
pub trait SharedTurns: Send + Sync + 'static {
    /// Whether other processes may write with the same token through this database.
    fn shared(&self) -> bool;

    /// Reserves the next moment a write under `key` may start: at least `now` and `gap`
    /// after the write reserved before it by any process (or before a restart).
    fn reserve<'a>(&'a self, key: &'a str, now: i64, gap: i64) -> Answer<'a, i64>;

    /// Notes that a write under `key` starts now: the next may start at `next` (one process
    /// writes the key; after a restart its successor waits for that moment).
    fn note<'a>(&'a self, key: &'a str, next: i64) -> Answer<'a, ()>;

    /// Reserves a turn to show `version` of table `table_id` (see [`SharedTurns::reserve`]);
    /// a turn reserved for an older state of that table and not used yet is taken over.
    fn reserve_table<'a>(
        &'a self,
        key: &'a str,
        now: i64,
        gap: i64,
        table_id: i64,
        version: u64,
    ) -> Answer<'a, i64>;

    /// Uses the turn at `at` for `version`: `false` if a newer state took it over.
    fn use_turn<'a>(&'a self, key: &'a str, at: i64, version: u64) -> Answer<'a, bool>;

    /// The stored version of a table.
    fn table_version(&self, table_id: i64) -> Answer<'_, Option<u64>>;

    /// Claims the right to show `version` of table `table_id` for `claimant` (`None`: a
    /// newer state is stored or was claimed).
    fn claim_shown<'a>(
        &'a self,
        table_id: i64,
        version: u64,
        claimant: &'a str,
        with_news: bool,
    ) -> Answer<'a, Option<ShownClaim>>;

    /// Leaves lines of what happened for the write that shows the table next.
    fn leave_notices<'a>(&'a self, table_id: i64, lines: &'a [String]) -> Answer<'a, ()>;

    /// A message of `platform`'s `chat` is to lose its buttons (kept until done).
    fn note_strip<'a>(
        &'a self,
        platform: &'a str,
        chat: &'a str,
        message: &'a str,
    ) -> Answer<'a, ()>;

    /// That message lost its buttons (or is gone).
    fn strip_done<'a>(
        &'a self,
        platform: &'a str,
        chat: &'a str,
        message: &'a str,
    ) -> Answer<'a, ()>;

    /// The strips of `platform` not done yet: (chat, message).
    fn pending_strips<'a>(&'a self, platform: &'a str) -> Answer<'a, Vec<(String, String)>>;
}

impl SharedTurns for WriteTurns {
    fn shared(&self) -> bool {
        WriteTurns::shared(self)
    }

    fn reserve<'a>(&'a self, key: &'a str, now: i64, gap: i64) -> Answer<'a, i64> {
        Box::pin(self.reserve_write(key, now, gap))
    }

    fn note<'a>(&'a self, key: &'a str, next: i64) -> Answer<'a, ()> {
        Box::pin(self.note_write(key, next))
    }

    fn reserve_table<'a>(
        &'a self,
        key: &'a str,
        now: i64,
        gap: i64,
        table_id: i64,
        version: u64,
    ) -> Answer<'a, i64> {
        Box::pin(self.reserve_table_write(key, now, gap, table_id, version))
    }

    fn use_turn<'a>(&'a self, key: &'a str, at: i64, version: u64) -> Answer<'a, bool> {
        Box::pin(self.use_write_slot(key, at, version))
    }

    fn table_version(&self, table_id: i64) -> Answer<'_, Option<u64>> {
        Box::pin(WriteTurns::table_version(self, table_id))
    }

    fn claim_shown<'a>(
        &'a self,
        table_id: i64,
        version: u64,
        claimant: &'a str,
        with_news: bool,
    ) -> Answer<'a, Option<ShownClaim>> {
        Box::pin(WriteTurns::claim_shown(
            self, table_id, version, claimant, with_news,
        ))
    }

    fn leave_notices<'a>(&'a self, table_id: i64, lines: &'a [String]) -> Answer<'a, ()> {
        Box::pin(WriteTurns::leave_notices(self, table_id, lines))
    }

    fn note_strip<'a>(
        &'a self,
        platform: &'a str,
        chat: &'a str,
        message: &'a str,
    ) -> Answer<'a, ()> {
        Box::pin(WriteTurns::note_strip(self, platform, chat, message))
    }

    fn strip_done<'a>(
        &'a self,
        platform: &'a str,
        chat: &'a str,
        message: &'a str,
    ) -> Answer<'a, ()> {
        Box::pin(WriteTurns::strip_done(self, platform, chat, message))
    }

    fn pending_strips<'a>(&'a self, platform: &'a str) -> Answer<'a, Vec<(String, String)>> {
        Box::pin(WriteTurns::pending_strips(self, platform))
    }
}

/// Milliseconds since the Unix epoch: the clock all processes share.
#[cfg(not(test))]
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}

/// The outbox's own tests run on tokio's paused clock: the moments follow it.
#[cfg(test)]
pub fn unix_ms() -> i64 {
    use tokio::time::Instant;
    static BASE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let base = *BASE.get_or_init(Instant::now);
    let now = Instant::now();
    let since =
        |a: Instant, b: Instant| i64::try_from(a.duration_since(b).as_millis()).unwrap_or(0);
    1_700_000_000_000 + since(now, base) - since(base, now)
}

/// Logs a failure of the turns' database at `place`. While the database is gone the service
/// says so once; each write does not say it again.
pub(crate) fn store_failed(place: &str, e: &StoreError, what: &str) {
    if e.is_unreachable() {
        debug!(place, error = %e, "{what}");
    } else {
        warn!(place, error = %e, "{what}");
    }
}

fn millis(gap: Duration) -> i64 {
    i64::try_from(gap.as_millis()).unwrap_or(i64::MAX)
}

async fn sleep_until_ms(at: i64, now: i64) {
    if at > now {
        tokio::time::sleep(Duration::from_millis((at - now) as u64)).await;
    }
}

/// Waits for the next turn of `key`, at least `gap` after the one reserved before.
pub async fn wait_turn(turns: &dyn SharedTurns, key: &str, gap: Duration) {
    let now = unix_ms();
    match turns.reserve(key, now, millis(gap)).await {
        Ok(at) => sleep_until_ms(at, now).await,
        Err(e) => store_failed(
            key,
            &e,
            "could not take a turn in the database; writing anyway",
        ),
    }
}

/// Notes that a write under `key` starts now, so the next one waits `gap` after it, also in
/// a restarted process.
pub async fn note_turn(turns: std::sync::Arc<dyn SharedTurns>, key: String, gap: Duration) {
    let next = unix_ms().saturating_add(millis(gap));
    if let Err(e) = turns.note(&key, next).await {
        store_failed(&key, &e, "could not note a turn in the database");
    }
}

/// Waits for the next turn of `key` to show `version` of table `table_id`; `false` if a
/// newer state took this turn over meanwhile (then that state is written in it).
pub async fn wait_table_turn(
    turns: &dyn SharedTurns,
    key: &str,
    gap: Duration,
    table_id: i64,
    version: u64,
) -> bool {
    let now = unix_ms();
    match turns
        .reserve_table(key, now, millis(gap), table_id, version)
        .await
    {
        Ok(at) => {
            sleep_until_ms(at, now).await;
            // Better twice than never.
            turns.use_turn(key, at, version).await.unwrap_or(true)
        }
        Err(e) => {
            store_failed(
                key,
                &e,
                "could not take a turn in the database; writing anyway",
            );
            true
        }
    }
}

/// Turns kept in memory: one process, nothing survives it (the outbox's own tests).
#[derive(Debug, Default)]
pub struct MemoryTurns {
    next: Mutex<HashMap<String, i64>>,
    strips: Mutex<Vec<(String, String, String)>>,
}

impl MemoryTurns {
    fn next(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.next.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn strips(&self) -> std::sync::MutexGuard<'_, Vec<(String, String, String)>> {
        self.strips.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl SharedTurns for MemoryTurns {
    fn shared(&self) -> bool {
        false
    }

    fn reserve<'a>(&'a self, key: &'a str, now: i64, gap: i64) -> Answer<'a, i64> {
        let mut next = self.next();
        let at = next.get(key).map_or(now, |n| (*n).max(now));
        next.insert(key.to_string(), at + gap);
        Box::pin(async move { Ok(at) })
    }

    fn note<'a>(&'a self, key: &'a str, next: i64) -> Answer<'a, ()> {
        self.next().insert(key.to_string(), next);
        Box::pin(async { Ok(()) })
    }

    fn reserve_table<'a>(
        &'a self,
        key: &'a str,
        now: i64,
        gap: i64,
        _table_id: i64,
        _version: u64,
    ) -> Answer<'a, i64> {
        self.reserve(key, now, gap)
    }

    fn use_turn<'a>(&'a self, _key: &'a str, _at: i64, _version: u64) -> Answer<'a, bool> {
        Box::pin(async { Ok(true) })
    }

    fn table_version(&self, _table_id: i64) -> Answer<'_, Option<u64>> {
        Box::pin(async { Ok(None) })
    }

    fn claim_shown<'a>(
        &'a self,
        _table_id: i64,
        _version: u64,
        _claimant: &'a str,
        _with_news: bool,
    ) -> Answer<'a, Option<ShownClaim>> {
        Box::pin(async { Ok(Some(ShownClaim::default())) })
    }

    fn leave_notices<'a>(&'a self, _table_id: i64, _lines: &'a [String]) -> Answer<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn note_strip<'a>(
        &'a self,
        platform: &'a str,
        chat: &'a str,
        message: &'a str,
    ) -> Answer<'a, ()> {
        let entry = (platform.to_string(), chat.to_string(), message.to_string());
        let mut strips = self.strips();
        if !strips.contains(&entry) {
            strips.push(entry);
        }
        Box::pin(async { Ok(()) })
    }

    fn strip_done<'a>(
        &'a self,
        platform: &'a str,
        chat: &'a str,
        message: &'a str,
    ) -> Answer<'a, ()> {
        self.strips()
            .retain(|(p, c, m)| (p.as_str(), c.as_str(), m.as_str()) != (platform, chat, message));
        Box::pin(async { Ok(()) })
    }

    fn pending_strips<'a>(&'a self, platform: &'a str) -> Answer<'a, Vec<(String, String)>> {
        let pending = self
            .strips()
            .iter()
            .filter(|(p, _, _)| p == platform)
            .map(|(_, c, m)| (c.clone(), m.clone()))
            .collect();
        Box::pin(async { Ok(pending) })
    }
}
