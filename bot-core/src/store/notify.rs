//! Stored table versions told to the other processes on one PostgreSQL database (`NOTIFY
//! schocken_tables`), so a page connected to one process sees the moves another stored. Each
//! process sends what it stored (batched: whatever queued while the last notice went out, in
//! one statement) and listens for the others'; its own notices it hears too and skips (by
//! its random origin). A notice can be lost (the listening connection dropped, the database
//! was gone); the listener then says so ([`Heard::Gap`]) and the reader catches up by asking
//! the stored versions ([`super::Store::latest_versions`]). SQLite is one process: nothing
//! to tell.

use super::StoreError;
use crate::model::ids::ChatId;
use serde::{Deserialize, Serialize};
use sqlx::AnyPool;
use sqlx::postgres::PgListener;
use tokio::sync::mpsc;
use tracing::debug;

/// The channel's name.
pub const CHANNEL: &str = "schocken_tables";
/// A notice's payload stays below PostgreSQL's 8,000 bytes.
const MAX_PAYLOAD: usize = 7_000;

/// A table stored at a new version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub place: ChatId,
    pub table_id: i64,
    pub version: u64,
    /// The table's change count (0: not known).
    pub seq: u64,
}

#[derive(Serialize, Deserialize)]
struct Payload {
    origin: String,
    stored: Vec<Entry>,
}

/// One stored table in a notice: place, table id, version, change count. A process of the
/// version before sends no count (a rolling update has both for a while).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Entry {
    Counted(ChatId, i64, u64, u64),
    Plain(ChatId, i64, u64),
}

/// Sends this process's stored versions; created for PostgreSQL only.
#[derive(Clone, Debug)]
pub struct Notifier {
    origin: std::sync::Arc<str>,
    queue: mpsc::UnboundedSender<Stored>,
}

impl Notifier {
    /// Starts the task that sends the notices on `pool`.
    pub fn spawn(pool: AnyPool) -> Notifier {
        let origin: std::sync::Arc<str> = random_origin().into();
        let (queue, mut pending) = mpsc::unbounded_channel::<Stored>();
        let sender_origin = origin.clone();
        tokio::spawn(async move {
            while let Some(first) = pending.recv().await {
                let mut batch = vec![first];
                while let Ok(more) = pending.try_recv() {
                    batch.push(more);
                }
                for payload in payloads(&sender_origin, &batch) {
                    // Lost on error: the listeners catch up when the database is back.
                    if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
                        .bind(CHANNEL)
                        .bind(payload)
                        .execute(&pool)
                        .await
                    {
                        debug!(error = %e, "a table change was not told to the other processes");
                    }
                }
            }
        });
        Notifier { origin, queue }
    }

    pub fn send(&self, stored: Stored) {
        // The task ends only with the runtime.
        let _ = self.queue.send(stored);
    }
}

/// The batch as payloads of at most [`MAX_PAYLOAD`] bytes each.
fn payloads(origin: &str, batch: &[Stored]) -> Vec<String> {
    let mut out = Vec::new();
    let mut part: Vec<Entry> = Vec::new();
    let mut size = 0;
    for s in batch {
        let entry = Entry::Counted(s.place.clone(), s.table_id, s.version, s.seq);
        // The place, three numbers, quotes and commas.
        let entry_size = s.place.to_string().len() + 72;
        if !part.is_empty() && size + entry_size > MAX_PAYLOAD {
            out.push(encode(origin, std::mem::take(&mut part)));
            size = 0;
        }
        size += entry_size;
        part.push(entry);
    }
    if !part.is_empty() {
        out.push(encode(origin, part));
    }
    out
}

fn encode(origin: &str, stored: Vec<Entry>) -> String {
    let payload = Payload {
        origin: origin.to_string(),
        stored,
    };
    serde_json::to_string(&payload).unwrap_or_default()
}

/// What the listener heard.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// Other processes stored these.
    Stored(Vec<Stored>),
    /// Notices may have been lost (the connection was new or came back): read anew.
    Gap,
}

/// Listens for the other processes' notices.
pub struct Listener {
    listener: PgListener,
    origin: std::sync::Arc<str>,
    /// The next call reports a gap first (a new or renewed connection).
    gap: bool,
}

impl Listener {
    pub(super) async fn connect(url: &str, notifier: &Notifier) -> Result<Listener, StoreError> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen(CHANNEL).await?;
        Ok(Listener {
            listener,
            origin: notifier.origin.clone(),
            gap: true,
        })
    }

    /// The next notice of another process, or a gap. `Err` when the database cannot be
    /// reached now; the next call tries to connect again (and then reports a gap).
    pub async fn next(&mut self) -> Result<Heard, StoreError> {
        if std::mem::take(&mut self.gap) {
            return Ok(Heard::Gap);
        }
        loop {
            match self.listener.try_recv().await {
                Ok(Some(notice)) => {
                    if let Some(stored) = decode(notice.payload(), &self.origin) {
                        return Ok(Heard::Stored(stored));
                    }
                }
                // The connection was lost and is back: what was sent meanwhile is lost.
                Ok(None) => return Ok(Heard::Gap),
                Err(e) => {
                    self.gap = true;
                    return Err(e.into());
                }
            }
        }
    }
}

/// Another process's notice; `None` for this process's own or a payload of no use.
fn decode(payload: &str, own: &str) -> Option<Vec<Stored>> {
    let payload: Payload = serde_json::from_str(payload).ok()?;
    if payload.origin == own {
        return None;
    }
    let stored: Vec<Stored> = payload
        .stored
        .into_iter()
        .map(|entry| match entry {
            Entry::Counted(place, table_id, version, seq) => Stored {
                place,
                table_id,
                version,
                seq,
            },
            Entry::Plain(place, table_id, version) => Stored {
                place,
                table_id,
                version,
                seq: 0,
            },
        })
        .collect();
    (!stored.is_empty()).then_some(stored)
}

/// 16 random bytes in hex: which process sent a notice.
fn random_origin() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // Without the system's randomness: the process id and the time are unique enough.
        let fallback = format!("{}-{:?}", std::process::id(), std::time::SystemTime::now());
        return fallback;
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(n: usize) -> Stored {
        Stored {
            place: ChatId::new("telegram", format!("-100{n}#{n}")),
            table_id: n as i64,
            version: n as u64 * 3,
            seq: n as u64 * 4,
        }
    }

    #[test]
    fn a_notice_reaches_the_other_processes_only() {
        let batch: Vec<Stored> = (0..3).map(stored).collect();
        let sent = payloads("a", &batch);
        assert_eq!(sent.len(), 1);
        assert_eq!(decode(&sent[0], "b"), Some(batch));
        assert_eq!(decode(&sent[0], "a"), None, "the sender's own");
        assert_eq!(decode("not json", "b"), None);
    }

    #[test]
    fn a_notice_of_a_process_without_the_count_is_read() {
        let old = r#"{"origin":"a","stored":[["telegram:-1",7,12]]}"#;
        let heard = decode(old, "b").expect("heard");
        assert_eq!(
            (heard[0].table_id, heard[0].version, heard[0].seq),
            (7, 12, 0)
        );
    }

    #[test]
    fn a_large_batch_goes_in_several_notices_that_fit() {
        let batch: Vec<Stored> = (0..1000).map(stored).collect();
        let sent = payloads("a", &batch);
        assert!(sent.len() > 1);
        assert!(sent.iter().all(|p| p.len() < 8000), "PostgreSQL's limit");
        let heard: Vec<Stored> = sent
            .iter()
            .flat_map(|p| decode(p, "b").unwrap_or_default())
            .collect();
        assert_eq!(heard, batch, "all of them, in order");
    }
}
