//! The database's health as the service sees it. A command or timer move that finds the
//! database gone says so (once in the log, in the metrics); while PostgreSQL is known to be
//! gone, commands are refused at once instead of waiting for a connection. A watch asks the
//! database every half second — PostgreSQL with a ping while it answers, so an outage is
//! usually known before a press meets it, and every database with a write while it is gone
//! (a full disk still answers reads) — and finds it back within a second of its answer.

use super::{Service, Stop};
use crate::store::{Change, StoreError, Unreachable};
use std::sync::Arc;
use std::time::Duration;
use tracing::{debug, error, info};

/// How often the watch looks.
const WATCH_EVERY: Duration = Duration::from_millis(500);
/// How long a probe may take while the database answers (a busy pool is no outage) and
/// while it is gone (the answer that ends the outage comes at once).
const PING_WAIT: Duration = Duration::from_secs(2);
const PROBE_WAIT: Duration = Duration::from_secs(1);

impl Service {
    /// Notes a failure of the store: an outage is said once (log and metrics).
    pub(super) fn store_failed(&self, e: &StoreError) {
        if let StoreError::Unreachable(why) = e {
            self.store_gone(why);
        }
    }

    /// A command was refused because the store failed, without the error at hand (the club
    /// and ledger commands turn it into their refusal): the watch writes to find out.
    pub(super) fn store_suspect(&self) {
        self.store_watch.notify_one();
    }

    fn store_gone(&self, why: &Unreachable) {
        if self.store.health().failed(self.now(), why) == Change::Gone {
            error!(
                kind = why.kind,
                detail = %why.detail,
                "the database cannot be used: commands are refused until it answers again"
            );
            self.metrics.store_gone(why.kind);
        }
    }

    fn store_answered(&self) {
        if let Change::Back(outage) = self.store.health().answered(self.now()) {
            let seconds = outage.millis() as f64 / 1000.0;
            info!(seconds, "the database answers again");
            self.metrics.store_back(seconds);
        }
    }

    /// Whether commands are refused without asking the database: a PostgreSQL server is
    /// known to be gone (asking would only wait for the pool). SQLite answers at once, and
    /// reads still work on a full disk, so it is always asked.
    pub(super) fn refuses_commands(&self) -> bool {
        self.store.backend().shared() && self.store.health().is_down()
    }

    /// One look at the database (see the module). `suspect`: a command failed and the
    /// reason is not known, so a write finds out.
    pub async fn watch_store(&self, suspect: bool) {
        let health = self.store.health();
        let down = health.is_down();
        let write = down || suspect;
        if !write && !self.store.backend().shared() {
            return; // SQLite: commands find out themselves, at once
        }
        let wait = if write { PROBE_WAIT } else { PING_WAIT };
        let answer = if write {
            tokio::time::timeout(wait, self.store.probe_write(self.now())).await
        } else {
            tokio::time::timeout(wait, self.store.ping()).await
        };
        match answer {
            Ok(Ok(())) => self.store_answered(),
            Ok(Err(StoreError::Unreachable(why))) => self.store_gone(&why),
            Ok(Err(e)) => debug!(error = %e, "the store watch's probe failed"),
            Err(_) => self.store_gone(&Unreachable {
                kind: "connection",
                detail: format!("no answer within {} ms", wait.as_millis()),
            }),
        }
        self.note_outage_length();
    }

    /// Puts how long the current outage lasts by now into the metrics (the watch does it
    /// every half second, a scrape of `/metrics` at once).
    pub fn note_outage_length(&self) {
        let down_for = self.store.health().down_for(self.now());
        if down_for > 0 {
            self.metrics.store_down_for(down_for as f64 / 1000.0);
        }
    }

    /// Runs [`Service::watch_store`] every half second (at once after a failed command)
    /// until the process stops or the service is dropped.
    pub fn spawn_store_watch(self: &Arc<Self>, mut stop: Stop) -> tokio::task::JoinHandle<()> {
        let weak = Arc::downgrade(self);
        let woken = self.store_watch.clone();
        tokio::spawn(async move {
            loop {
                let suspect = tokio::select! {
                    () = tokio::time::sleep(WATCH_EVERY) => false,
                    () = woken.notified() => true,
                    () = stop.stopped() => return,
                };
                let Some(service) = weak.upgrade() else {
                    return;
                };
                service.watch_store(suspect).await;
            }
        })
    }
}
