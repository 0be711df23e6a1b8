//! The outbox against a recording writer, on tokio's paused clock: what is written when.

use super::*;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, Ordering};

const GAP: Duration = Duration::from_secs(3);
const CHAT: i64 = -100;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Text(String);

#[derive(Debug)]
struct Note(&'static str);

impl Other for Note {
    fn absorb(&mut self, newer: Note) -> Option<Note> {
        Some(newer)
    }
}

/// One write as the platform got it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    at: Duration,
    what: String,
}

#[derive(Default)]
struct Recorder {
    start: Mutex<Option<Instant>>,
    seen: Mutex<Vec<Seen>>,
    /// Answers for the next requests, instead of success.
    failures: Mutex<VecDeque<Failure>>,
    next_message: AtomicU32,
    posted: Mutex<Vec<(i64, u32)>>,
}

#[derive(Clone, Default)]
struct FakeWriter(Arc<Recorder>);

impl FakeWriter {
    fn record(&self, what: String) -> Result<(), Failure> {
        let start = *self
            .0
            .start
            .lock()
            .unwrap()
            .get_or_insert_with(Instant::now);
        self.0.seen.lock().unwrap().push(Seen {
            at: Instant::now() - start,
            what,
        });
        match self.0.failures.lock().unwrap().pop_front() {
            Some(failure) => Err(failure),
            None => Ok(()),
        }
    }

    fn seen(&self) -> Vec<Seen> {
        self.0.seen.lock().unwrap().clone()
    }

    fn what(&self) -> Vec<String> {
        self.seen().into_iter().map(|s| s.what).collect()
    }

    fn fail_next(&self, failure: Failure) {
        self.0.failures.lock().unwrap().push_back(failure);
    }
}

fn shown(table: &TableOf<FakeWriter>) -> String {
    let mut text = format!("t{} v{}", table.table_id, table.version);
    if !table.notices.is_empty() {
        text.push_str(&format!(" [{}]", table.notices.join(", ")));
    }
    text
}

impl Writer for FakeWriter {
    type Chat = i64;
    type Message = u32;
    type Place = ();
    type Body = Text;
    type Other = Note;

    fn limits(&self, _chat: &i64) -> ChatLimits {
        ChatLimits {
            gap_after_start: GAP,
            gap_after_end: Duration::ZERO,
            window: Some((20, Duration::from_secs(60))),
            kept_gap: GAP,
            hold: GAP * 4,
        }
    }

    fn chat_key(&self, chat: &i64) -> String {
        chat.to_string()
    }

    fn chat_from_key(&self, key: &str) -> Option<i64> {
        key.parse().ok()
    }

    fn message_ref(&self, _chat: &i64, message: u32) -> String {
        message.to_string()
    }

    fn message_from_ref(&self, _chat: &i64, stored: &str) -> Option<u32> {
        stored.parse().ok()
    }

    async fn edit(
        &self,
        _: &i64,
        message: u32,
        table: &TableOf<Self>,
        gate: &Gate,
    ) -> Result<(), Failure> {
        gate.pass().await;
        self.record(format!("edit {message}: {}", shown(table)))
    }

    async fn post(&self, _: &i64, table: &TableOf<Self>, gate: &Gate) -> Result<u32, Failure> {
        gate.pass().await;
        self.record(format!("post: {}", shown(table)))?;
        Ok(self.0.next_message.fetch_add(1, Ordering::SeqCst) + 1)
    }

    /// A body saying "no buttons" shows none (a real-dice table).
    fn has_buttons(&self, body: &Text) -> bool {
        !body.0.contains("no buttons")
    }

    async fn strip(&self, _: &i64, message: u32, gate: &Gate) -> Result<(), Failure> {
        gate.pass().await;
        self.record(format!("strip {message}"))
    }

    async fn send(&self, _: &i64, other: &Note, gate: &Gate) -> Result<Option<u32>, Failure> {
        gate.pass().await;
        self.record(format!("send {}", other.0)).map(|()| None)
    }

    async fn posted(&self, _: &i64, _: (), table_id: i64, message: u32) {
        self.0.posted.lock().unwrap().push((table_id, message));
    }
}

const LIMITS: Limits = Limits {
    platform: "test",
    token_gap: Duration::from_millis(40),
    token_key: "test:all",
    claim_states: false,
};

fn outbox(writer: &FakeWriter, turns: &Arc<MemoryTurns>) -> Outbox<FakeWriter> {
    let turns: Arc<dyn SharedTurns> = turns.clone();
    Outbox::new(
        writer.clone(),
        LIMITS,
        turns,
        Arc::new(Metrics::new()),
        true,
    )
}

fn state(version: u64, notice: &str) -> TableOf<FakeWriter> {
    TableState {
        table_id: 1,
        version,
        place: (),
        body: Text(format!("v{version}")),
        notices: vec![notice.to_string()],
        fresh: false,
        repair_only: false,
        last_round: None,
        stored: None,
    }
}

async fn settle(outbox: &Outbox<FakeWriter>) {
    assert!(outbox.drained(Duration::from_secs(300)).await);
}

#[tokio::test(start_paused = true)]
async fn states_handed_in_during_a_gap_are_written_as_one() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    outbox.table(&CHAT, state(1, "a"));
    tokio::time::sleep(Duration::from_millis(100)).await;
    for (v, n) in [(2, "b"), (3, "c"), (4, "d")] {
        outbox.table(&CHAT, state(v, n));
    }
    settle(&outbox).await;
    assert_eq!(
        writer.what(),
        ["post: t1 v1 [a]", "edit 1: t1 v4 [b, c, d]"]
    );
    assert_eq!(writer.seen()[1].at, GAP);
    assert_eq!(*writer.0.posted.lock().unwrap(), [(1, 1)]);
}

/// Moves every 1–2 s: the table message is never more than one gap behind.
#[tokio::test(start_paused = true)]
async fn a_busy_table_is_at_most_one_gap_behind() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    let start = Instant::now();
    let mut handed_in = Vec::new();
    for v in 1..=60u64 {
        outbox.table(&CHAT, state(v, &format!("move {v}")));
        handed_in.push((v, start.elapsed()));
        tokio::time::sleep(Duration::from_millis(1000 + (v % 3) * 500)).await;
    }
    settle(&outbox).await;
    let seen = writer.seen();
    for pair in seen.windows(2) {
        assert!(pair[1].at - pair[0].at >= GAP, "{pair:?}");
    }
    for (v, at) in handed_in {
        let shown_at = seen
            .iter()
            .find(|s| s.what.contains(&format!("move {v}")))
            .map(|s| s.at)
            .expect("every move shown");
        assert!(shown_at - at <= GAP, "move {v} {:?} behind", shown_at - at);
    }
}

/// Issue 27: an answer queued before the table's state does not make the table wait a
/// second gap.
#[tokio::test(start_paused = true)]
async fn the_table_goes_before_an_answer_queued_ahead_of_it() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    outbox.table(&CHAT, state(1, "a"));
    tokio::time::sleep(Duration::from_millis(100)).await;
    outbox.other(&CHAT, Note("🎲 Geworfen!"));
    outbox.table(&CHAT, state(2, "Anna würfelt"));
    settle(&outbox).await;
    assert_eq!(
        writer.what(),
        [
            "post: t1 v1 [a]",
            "edit 1: t1 v2 [Anna würfelt]",
            "send 🎲 Geworfen!"
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn a_429_pauses_the_chat_and_the_newest_state_goes_after() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    outbox.table(&CHAT, state(1, "a"));
    tokio::time::sleep(Duration::from_millis(100)).await;
    writer.fail_next(Failure::RetryAfter(Duration::from_secs(10)));
    outbox.table(&CHAT, state(2, "b"));
    tokio::time::sleep(GAP).await;
    outbox.table(&CHAT, state(3, "c"));
    settle(&outbox).await;
    let seen = writer.seen();
    assert_eq!(seen[2].what, "edit 1: t1 v3 [b, c]");
    assert!(
        seen[2].at >= seen[1].at + Duration::from_secs(10),
        "{seen:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn a_deleted_message_is_posted_anew_in_the_same_turn() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    outbox.table(
        &CHAT,
        TableState {
            stored: Some(7),
            ..state(1, "a")
        },
    );
    writer.fail_next(Failure::Gone);
    settle(&outbox).await;
    assert_eq!(writer.what(), ["edit 7: t1 v1 [a]", "post: t1 v1 [a]"]);
    assert_eq!(*writer.0.posted.lock().unwrap(), [(1, 1)]);
}

/// Issue 27: a table posted anew loses the old message's buttons also when the process
/// dies before that write: the job is kept in the database and the next process does it.
#[tokio::test(start_paused = true)]
async fn old_buttons_are_taken_off_also_after_a_restart() {
    let turns = Arc::new(MemoryTurns::default());
    let writer = FakeWriter::default();
    let first = outbox(&writer, &turns);
    first.table(&CHAT, state(1, "a"));
    settle(&first).await;
    first.table(
        &CHAT,
        TableState {
            fresh: true,
            ..state(2, "")
        },
    );
    // The process dies right after the new post, before the old message's strip.
    tokio::time::sleep(Duration::from_millis(3050)).await;
    assert_eq!(writer.what(), ["post: t1 v1 [a]", "post: t1 v2"]);
    assert_eq!(
        turns.pending_strips("test").await.expect("strips"),
        [("-100".to_string(), "1".to_string())]
    );
    drop(first);
    let writer = FakeWriter::default();
    let second = outbox(&writer, &turns);
    second.resume().await;
    settle(&second).await;
    assert_eq!(writer.what(), ["strip 1"]);
    assert!(
        turns
            .pending_strips("test")
            .await
            .expect("strips")
            .is_empty()
    );
}

/// Issue 37: a table posted anew whose old message showed no buttons (a real-dice table)
/// costs no write to take off buttons that are not there.
#[tokio::test(start_paused = true)]
async fn an_old_message_without_buttons_is_left_alone() {
    let turns = Arc::new(MemoryTurns::default());
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &turns);
    let plain = |version, fresh| TableState {
        body: Text("no buttons".into()),
        fresh,
        ..state(version, "")
    };
    outbox.table(&CHAT, plain(1, false));
    settle(&outbox).await;
    outbox.table(&CHAT, plain(2, true));
    settle(&outbox).await;
    assert_eq!(writer.what(), ["post: t1 v1", "post: t1 v2"]);
    assert!(
        turns
            .pending_strips("test")
            .await
            .expect("strips")
            .is_empty()
    );
}

/// Issue 27: the pace is kept in the database, so a restarted process does not write to a
/// group right after the last write of the one before it.
#[tokio::test(start_paused = true)]
async fn the_pace_is_kept_across_a_restart() {
    let turns = Arc::new(MemoryTurns::default());
    let writer = FakeWriter::default();
    let first = outbox(&writer, &turns);
    first.table(&CHAT, state(1, "a"));
    settle(&first).await;
    drop(first);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let second = outbox(&writer, &turns);
    second.table(
        &CHAT,
        TableState {
            stored: Some(1),
            ..state(2, "b")
        },
    );
    settle(&second).await;
    let seen = writer.seen();
    assert_eq!(seen.len(), 2);
    assert!(seen[1].at >= GAP, "{seen:?}");
}

#[tokio::test(start_paused = true)]
async fn a_write_that_keeps_failing_is_given_up_and_the_chat_goes_on() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    for _ in 0..limits::MAX_TRIES {
        writer.fail_next(Failure::Transient);
    }
    outbox.other(&CHAT, Note("eins"));
    outbox.other(&CHAT, Note("zwei"));
    settle(&outbox).await;
    let what = writer.what();
    assert_eq!(what.iter().filter(|w| *w == "send eins").count(), 5);
    assert_eq!(what.last().map(String::as_str), Some("send zwei"));
}

#[tokio::test(start_paused = true)]
async fn a_closed_chat_drops_what_waits() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    writer.fail_next(Failure::Closed);
    outbox.other(&CHAT, Note("eins"));
    outbox.other(&CHAT, Note("zwei"));
    outbox.table(&CHAT, state(1, "a"));
    settle(&outbox).await;
    assert_eq!(writer.what(), ["post: t1 v1 [a]"]);
}

#[tokio::test(start_paused = true)]
async fn writes_of_many_chats_keep_the_tokens_gap() {
    let writer = FakeWriter::default();
    let outbox = outbox(&writer, &Arc::default());
    for chat in 0..50 {
        outbox.other(&chat, Note("hallo"));
    }
    settle(&outbox).await;
    let seen = writer.seen();
    assert_eq!(seen.len(), 50);
    for pair in seen.windows(2) {
        assert!(pair[1].at - pair[0].at >= LIMITS.token_gap, "{pair:?}");
    }
}
