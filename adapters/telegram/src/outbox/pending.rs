//! What one chat is still to receive, coalesced: per place the newest table state (notices of
//! the states it replaces are kept and shown with it), the newest private cup, and new
//! messages in the order they came. Pure: no I/O, no time.

use crate::compose::MAX_TEXT;
use bot_core::render::clip;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::{Arc, Mutex};
use teloxide::types::InlineKeyboardMarkup;
use tokio::sync::oneshot;

/// How many notice lines a coalesced table write keeps (the newest).
pub const MAX_NOTICES: usize = 8;

/// The table message of a place as it should look.
#[derive(Clone, Debug, PartialEq)]
pub struct TableWrite {
    /// The topic, if the table lives in one.
    pub thread: Option<i32>,
    pub table_id: i64,
    pub version: u64,
    /// The table without notices.
    pub body: String,
    /// What happened since the message was last written, one line each.
    pub notices: Vec<String>,
    pub markup: InlineKeyboardMarkup,
    /// Post it as a new message (a new game, `/table`); the old one loses its buttons.
    pub fresh: bool,
    /// Only if the message may show an older state (after a refusal).
    pub repair: bool,
    /// The message the service remembers for this table, if any.
    pub stored: Option<i32>,
}

impl TableWrite {
    fn key(&self) -> (i64, u64) {
        (self.table_id, self.version)
    }

    /// The message text: the table, then what just happened (within Telegram's 4096
    /// characters).
    pub fn text(&self) -> String {
        if self.notices.is_empty() {
            return clip(&self.body, MAX_TEXT);
        }
        clip(
            &format!("{}\n\n{}", self.body, self.notices.join("\n")),
            MAX_TEXT,
        )
    }

    /// `self`, newer, absorbing the older pending write `older`.
    fn absorb(mut self, older: TableWrite) -> TableWrite {
        let mut notices = older.notices;
        notices.append(&mut self.notices);
        let cut = notices.len().saturating_sub(MAX_NOTICES);
        self.notices = notices.split_off(cut);
        self.fresh |= older.fresh;
        self.repair &= older.repair;
        self.stored = self.stored.or(older.stored);
        self
    }
}

/// A player's private cup message as it should look.
#[derive(Clone, Debug, PartialEq)]
pub struct CupWrite {
    pub table_id: i64,
    pub text: String,
    pub markup: InlineKeyboardMarkup,
    /// Post a new message (his turn came: it should notify him); else edit the cup message.
    pub fresh: bool,
    /// The message to edit (the one he pressed), if known.
    pub message: Option<i32>,
}

/// A new message: a reply to a command, an answer, a document.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageWrite {
    pub thread: Option<i32>,
    pub text: String,
    /// Answer this message (a refusal to a command).
    pub reply_to: Option<i32>,
    pub markup: Option<InlineKeyboardMarkup>,
    /// A file or a picture instead of a text message (the text is its caption).
    pub attachment: Option<Attachment>,
    /// Who wants to know whether the message arrived (a private hint that falls back to
    /// an alert when the user never started the private chat).
    pub notify: Option<Notify>,
}

/// Tells whoever handed in a message whether it arrived: `true` once written, `false` when
/// it was dropped (403: no private chat, or refused); a write given up after its attempts
/// drops the sender, which the receiver sees as an error.
#[derive(Clone)]
pub struct Notify(Arc<Mutex<Option<oneshot::Sender<bool>>>>);

impl Notify {
    pub fn new() -> (Notify, oneshot::Receiver<bool>) {
        let (tx, rx) = oneshot::channel();
        (Notify(Arc::new(Mutex::new(Some(tx)))), rx)
    }

    /// Says how the write ended (once; later calls do nothing).
    pub fn send(&self, delivered: bool) {
        let sender = self.0.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(sender) = sender {
            let _ = sender.send(delivered);
        }
    }
}

impl PartialEq for Notify {
    fn eq(&self, other: &Notify) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for Notify {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Notify")
    }
}

/// What a message carries besides its text (which becomes the caption).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attachment {
    /// A file to download (sendDocument).
    Document { name: String, bytes: Vec<u8> },
    /// A picture shown in the chat (sendPhoto).
    Photo { name: String, bytes: Vec<u8> },
}

/// One write the worker is to make now.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    Table(TableWrite),
    Cup(CupWrite),
    Message(MessageWrite),
    /// Remove the buttons of an older message (its table or cup moved to a new one).
    Strip(i32),
}

#[derive(Clone, Debug, PartialEq)]
enum Slot {
    Table(Option<i32>),
    Cup,
    Message(MessageWrite),
    Strip(i32),
}

/// What a place's table message shows, as far as this process knows.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub table_id: i64,
    pub version: u64,
    pub message: i32,
    pub text: String,
    pub markup: InlineKeyboardMarkup,
}

/// A chat's writes still to make, and what its table messages show.
#[derive(Debug, Default)]
pub struct Pending {
    order: VecDeque<Slot>,
    tables: HashMap<Option<i32>, TableWrite>,
    cup: Option<CupWrite>,
    shown: HashMap<Option<i32>, Shown>,
}

impl Pending {
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// What the table message of `thread` shows.
    pub fn shown(&self, thread: Option<i32>) -> Option<&Shown> {
        self.shown.get(&thread)
    }

    /// Whether the table message shows `write` already, or something newer: an older state
    /// never wins, a repair is needed only when the message is behind, and the same state
    /// without news keeps the message showing what happened last.
    fn superseded(&self, write: &TableWrite) -> bool {
        let Some(shown) = self.shown.get(&write.thread) else {
            return false;
        };
        let shown = (shown.table_id, shown.version);
        !write.fresh
            && (shown > write.key()
                || (shown == write.key() && (write.repair || write.notices.is_empty())))
    }

    /// A table state to show; an older state than the one shown (or pending) never wins.
    pub fn push_table(&mut self, write: TableWrite) {
        let thread = write.thread;
        if self.superseded(&write) {
            return;
        }
        let merged = match self.tables.remove(&thread) {
            Some(older) if older.key() > write.key() && !write.fresh => {
                // Keep the newer pending state; the late one only adds its notices.
                let mut newer = older;
                let mut notices = write.notices;
                newer.notices.splice(0..0, notices.drain(..));
                let cut = newer.notices.len().saturating_sub(MAX_NOTICES);
                newer.notices = newer.notices.split_off(cut);
                newer
            }
            Some(older) => write.absorb(older),
            None => {
                self.order.push_back(Slot::Table(thread));
                write
            }
        };
        self.tables.insert(thread, merged);
    }

    /// The private cup to show (the newest wins; a pending "post new" stays one).
    pub fn push_cup(&mut self, write: CupWrite) {
        let merged = match self.cup.take() {
            Some(older) => CupWrite {
                fresh: write.fresh || older.fresh,
                message: write.message.or(older.message),
                ..write
            },
            None => {
                self.order.push_back(Slot::Cup);
                write
            }
        };
        self.cup = Some(merged);
    }

    pub fn push_message(&mut self, write: MessageWrite) {
        self.order.push_back(Slot::Message(write));
    }

    pub fn push_strip(&mut self, message: i32) {
        if !self.order.contains(&Slot::Strip(message)) {
            self.order.push_back(Slot::Strip(message));
        }
    }

    /// The next write, in the order they came (a coalesced one at the place of its first).
    pub fn take_next(&mut self) -> Option<Job> {
        while let Some(slot) = self.order.pop_front() {
            let job = match slot {
                // A write that was in flight meanwhile may have shown this already.
                Slot::Table(thread) => self
                    .tables
                    .remove(&thread)
                    .filter(|w| !self.superseded(w))
                    .map(Job::Table),
                Slot::Cup => self.cup.take().map(Job::Cup),
                Slot::Message(m) => Some(Job::Message(m)),
                Slot::Strip(m) => Some(Job::Strip(m)),
            };
            if job.is_some() {
                return job;
            }
        }
        None
    }

    /// A newer state of `write`'s table that came while `write` waited for its turn, taken
    /// out with `write`'s lines of what happened added: it is written in that turn instead.
    pub fn take_newer_table(&mut self, write: &TableWrite) -> Option<TableWrite> {
        let thread = write.thread;
        let newer = self
            .tables
            .get(&thread)
            .is_some_and(|w| w.table_id == write.table_id && w.version > write.version);
        if !newer {
            return None;
        }
        self.order.retain(|slot| *slot != Slot::Table(thread));
        let newer = self.tables.remove(&thread)?;
        Some(newer.absorb(write.clone()))
    }

    /// A job that could not be done now goes back first; a newer table or cup state that
    /// came meanwhile takes it over.
    pub fn retry(&mut self, job: Job) {
        match job {
            Job::Table(write) => {
                let thread = write.thread;
                match self.tables.remove(&thread) {
                    Some(newer) => {
                        self.tables.insert(thread, newer.absorb(write));
                    }
                    None => {
                        self.order.push_front(Slot::Table(thread));
                        self.tables.insert(thread, write);
                    }
                }
            }
            Job::Cup(write) => {
                if self.cup.is_none() {
                    self.order.push_front(Slot::Cup);
                    self.cup = Some(write);
                }
            }
            Job::Message(m) => self.order.push_front(Slot::Message(m)),
            Job::Strip(m) => self.order.push_front(Slot::Strip(m)),
        }
    }

    /// The table message of `thread` now shows `write` in `message`.
    pub fn table_shown(&mut self, write: &TableWrite, message: i32) {
        self.shown.insert(
            write.thread,
            Shown {
                table_id: write.table_id,
                version: write.version,
                message,
                text: write.text(),
                markup: write.markup.clone(),
            },
        );
    }

    /// Forgets what the table message of one topic shows (another process posted it anew).
    pub fn forget_shown_in(&mut self, thread: Option<i32>) {
        self.shown.remove(&thread);
    }

    /// Forgets what the table messages show (the chat moved, or they are gone).
    pub fn forget_shown(&mut self) {
        self.shown.clear();
    }

    /// Drops every write still to make (the chat is gone: it became a supergroup).
    pub fn clear(&mut self) {
        self.order.clear();
        self.tables.clear();
        self.cup = None;
        self.shown.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(version: u64, notice: &str) -> TableWrite {
        TableWrite {
            thread: None,
            table_id: 1,
            version,
            body: format!("table v{version}"),
            notices: vec![notice.to_string()],
            markup: InlineKeyboardMarkup::default(),
            fresh: false,
            repair: false,
            stored: Some(10),
        }
    }

    fn text(t: &str) -> MessageWrite {
        MessageWrite {
            thread: None,
            text: t.into(),
            reply_to: None,
            markup: None,
            attachment: None,
            notify: None,
        }
    }

    #[test]
    fn the_newest_table_state_wins_and_keeps_the_notices() {
        let mut p = Pending::default();
        p.push_table(table(1, "Anna würfelt"));
        p.push_message(text("Antwort"));
        p.push_table(table(2, "Ben würfelt"));
        p.push_table(table(3, "Cem steht"));
        let Some(Job::Table(t)) = p.take_next() else {
            panic!("the table first, where it came")
        };
        assert_eq!(t.version, 3);
        assert_eq!(t.notices, ["Anna würfelt", "Ben würfelt", "Cem steht"]);
        assert_eq!(t.text(), "table v3\n\nAnna würfelt\nBen würfelt\nCem steht");
        assert_eq!(p.take_next(), Some(Job::Message(text("Antwort"))));
        assert_eq!(p.take_next(), None);
        assert!(p.is_empty());
    }

    #[test]
    fn an_older_state_never_overwrites_a_newer_one() {
        let mut p = Pending::default();
        p.push_table(table(5, "neu"));
        p.push_table(table(4, "alt"));
        let Some(Job::Table(t)) = p.take_next() else {
            panic!("table")
        };
        assert_eq!(t.version, 5);
        assert_eq!(t.notices, ["alt", "neu"], "the late notice is kept");
        p.table_shown(&t, 10);
        p.push_table(table(3, "zu spät"));
        assert_eq!(p.take_next(), None, "older than shown: nothing to write");
        // A repair only when the message may be behind; the same state without news
        // leaves the message as it is.
        p.push_table(TableWrite {
            repair: true,
            ..table(5, "")
        });
        assert_eq!(p.take_next(), None);
        p.push_table(TableWrite {
            notices: Vec::new(),
            ..table(5, "")
        });
        assert_eq!(p.take_next(), None);
        p.push_table(TableWrite {
            repair: true,
            ..table(6, "")
        });
        assert!(matches!(p.take_next(), Some(Job::Table(t)) if t.version == 6));
        // A repair queued while a newer write was in flight is dropped when it is due.
        p.push_table(TableWrite {
            repair: true,
            ..table(7, "")
        });
        let newer = table(7, "neu");
        p.table_shown(&newer, 10);
        assert_eq!(p.take_next(), None);
    }

    #[test]
    fn notices_are_bounded_and_a_failed_write_is_retried_with_the_newest_state() {
        let mut p = Pending::default();
        for v in 0..20 {
            p.push_table(table(v, &format!("n{v}")));
        }
        let Some(job) = p.take_next() else {
            panic!("table")
        };
        let Job::Table(t) = &job else { panic!("table") };
        assert_eq!(t.notices.len(), MAX_NOTICES);
        assert_eq!(t.notices.last().map(String::as_str), Some("n19"));
        // While it was in flight (and answered 429) a newer state came.
        p.push_table(table(20, "n20"));
        p.retry(job);
        let Some(Job::Table(t)) = p.take_next() else {
            panic!("table")
        };
        assert_eq!(t.version, 20);
        assert_eq!(t.notices.last().map(String::as_str), Some("n20"));
        assert_eq!(p.take_next(), None);
    }

    #[test]
    fn topics_have_their_own_table_messages() {
        let mut p = Pending::default();
        p.push_table(table(1, "a"));
        p.push_table(TableWrite {
            thread: Some(7),
            ..table(1, "b")
        });
        let first = p.take_next();
        let second = p.take_next();
        assert!(matches!(first, Some(Job::Table(t)) if t.thread.is_none()));
        assert!(matches!(second, Some(Job::Table(t)) if t.thread == Some(7)));
    }

    #[test]
    fn a_waiting_sender_learns_once_whether_its_message_arrived() {
        let (notify, mut arrived) = Notify::new();
        let write = MessageWrite {
            notify: Some(notify.clone()),
            ..text("💡")
        };
        let mut p = Pending::default();
        p.push_message(write.clone());
        assert_eq!(p.take_next(), Some(Job::Message(write)));
        assert_ne!(Some(Notify::new().0), Some(notify.clone()));
        notify.send(true);
        notify.send(false);
        assert_eq!(arrived.try_recv(), Ok(true));
        // Given up: the sender is dropped, the receiver hears that.
        let (notify, mut given_up) = Notify::new();
        drop(notify);
        assert!(given_up.try_recv().is_err());
    }

    #[test]
    fn a_cup_posted_anew_stays_new_when_coalesced() {
        let mut p = Pending::default();
        let cup = |fresh, text: &str| CupWrite {
            table_id: 1,
            text: text.into(),
            markup: InlineKeyboardMarkup::default(),
            fresh,
            message: None,
        };
        p.push_cup(cup(true, "dran"));
        p.push_cup(cup(false, "geworfen"));
        assert_eq!(p.take_next(), Some(Job::Cup(cup(true, "geworfen"))));
        p.push_strip(4);
        p.push_strip(4);
        assert_eq!(p.take_next(), Some(Job::Strip(4)));
        assert_eq!(p.take_next(), None);
    }
}
