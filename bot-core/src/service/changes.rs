//! Stored table versions for whoever shows places live (the web adapter): this process's own
//! moves at once, and on PostgreSQL the other processes' too (the store's `NOTIFY`), so a
//! page sees every move whichever process stored it. When notices may have been lost (the
//! listening connection is new or came back) the follower hears [`Changed::Missed`] and
//! catches up with [`Service::latest_versions`].

use super::{Service, Stop};
use crate::model::ids::ChatId;
use crate::store::{Heard, Listener, StoreError, Stored};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;
use tracing::{debug, info, warn};

/// A table was stored at a new version (a move, a join, a timer), here or in another process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableChange {
    pub place: ChatId,
    pub table_id: i64,
    pub version: u64,
    /// The table's change count (also a look under a cup, which keeps the version); 0 when
    /// not known (the stored versions a catch-up reads).
    pub seq: u64,
}

/// What a follower of the stored versions hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    Table(TableChange),
    /// Changes may have been missed: compare the stored versions with what is shown.
    Missed,
}

/// The first wait before the listener connects again; doubled up to [`LONGEST_WAIT`].
const FIRST_WAIT: Duration = Duration::from_millis(250);
const LONGEST_WAIT: Duration = Duration::from_secs(5);

impl From<Stored> for TableChange {
    fn from(s: Stored) -> TableChange {
        TableChange {
            place: s.place,
            table_id: s.table_id,
            version: s.version,
            seq: s.seq,
        }
    }
}

impl Service {
    /// Every stored table version from now on.
    pub fn subscribe_changes(&self) -> broadcast::Receiver<Changed> {
        self.changes.subscribe()
    }

    /// This process stored `change`: its followers and the other processes hear it.
    pub(super) fn stored(&self, change: TableChange) {
        self.store.announce(Stored {
            place: change.place.clone(),
            table_id: change.table_id,
            version: change.version,
            seq: change.seq,
        });
        // Nobody may listen (no receiver): that is no error.
        let _ = self.changes.send(Changed::Table(change));
    }

    /// The newest table of each place (id and version), as stored now.
    pub async fn latest_versions(&self, places: &[ChatId]) -> Result<Vec<TableChange>, StoreError> {
        let stored = self.store.latest_versions(places).await?;
        Ok(stored.into_iter().map(TableChange::from).collect())
    }

    /// On PostgreSQL: listens for the other processes' stored versions until `stop` and
    /// passes them to this process's followers. `None` on SQLite (one process).
    pub fn spawn_change_listener(
        self: &Arc<Self>,
        stop: Stop,
    ) -> Option<tokio::task::JoinHandle<()>> {
        if !self.store.backend().shared() {
            return None;
        }
        let service = self.clone();
        Some(tokio::spawn(async move {
            let mut stopped = stop.clone();
            tokio::select! {
                () = service.follow_other_processes() => {}
                () = stopped.stopped() => {}
            }
        }))
    }

    async fn follow_other_processes(&self) {
        let mut wait = FIRST_WAIT;
        let mut was_lost = false;
        loop {
            let mut listener = match self.store.listen().await {
                Ok(Some(listener)) => listener,
                Ok(None) => return,
                Err(e) => {
                    if !was_lost {
                        warn!(error = %e, "cannot listen to the other processes' moves; trying again");
                        was_lost = true;
                    }
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(LONGEST_WAIT);
                    continue;
                }
            };
            if was_lost {
                info!("listening to the other processes' moves again");
                was_lost = false;
            }
            wait = FIRST_WAIT;
            if let Err(e) = self.pass_on(&mut listener).await {
                debug!(error = %e, "the connection that listens to the other processes was lost");
                was_lost = true;
                warn!("lost the other processes' moves; listening again");
            }
        }
    }

    /// Passes on what `listener` hears until its connection fails.
    async fn pass_on(&self, listener: &mut Listener) -> Result<(), StoreError> {
        loop {
            let changed: Vec<Changed> = match listener.next().await? {
                Heard::Stored(stored) => stored
                    .into_iter()
                    .map(|s| Changed::Table(s.into()))
                    .collect(),
                Heard::Gap => vec![Changed::Missed],
            };
            for change in changed {
                let _ = self.changes.send(change);
            }
        }
    }
}
