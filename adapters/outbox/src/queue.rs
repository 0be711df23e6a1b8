//! What one chat is still to receive, coalesced, and what its table messages show. Pure: no
//! I/O; the time is passed in.
//!
//! - The newest state of each table wins; the lines of what happened of the states it
//!   replaces add up (the last few). A state older than the one shown is never written.
//! - One exception keeps every round's reveal public: a state that reveals a round is shown
//!   before a state of a later round replaces it.
//! - Table states go first, oldest table first: a table message is at most one write
//!   behind. Other writes (messages, cups, old buttons to take off) follow in the order they
//!   came, a private cup coalesced at the place of its first; one that has waited `hold`
//!   goes before the tables, so a busy table never silences the chat — one at a time: the
//!   table's next state goes before the next such write, so answers never silence the table.

use crate::writer::{Other, TableState};
use std::collections::{BTreeMap, HashMap, VecDeque};
use tokio::time::{Duration, Instant};

/// Lines of what happened kept for the next write: the rest of a long burst is old news.
pub const MAX_NOTICE_LINES: usize = 8;

/// Tables whose message a chat remembers (a finished game's final state may still be on its
/// way while the next game's message exists).
const REMEMBERED_TABLES: usize = 4;

/// One table's state waiting to be shown, with the lines of every state it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableJob<B, M, P> {
    /// The state, its lines of what happened taken out (they are in `notices`).
    state: TableState<B, M, P>,
    /// (version, line): in version order, whatever order the states came in.
    notices: Vec<(u64, String)>,
}

impl<B: Clone, M: Copy + Eq, P: Copy + Eq> TableJob<B, M, P> {
    fn new(mut state: TableState<B, M, P>) -> TableJob<B, M, P> {
        let lines = std::mem::take(&mut state.notices);
        let mut job = TableJob {
            notices: Vec::new(),
            state,
        };
        job.add_notices(job.state.version, &lines);
        job
    }

    fn add_notices(&mut self, version: u64, lines: &[String]) {
        for line in lines.iter().flat_map(|n| n.lines()) {
            self.notices.push((version, line.to_string()));
        }
        // Stable: the lines of one state keep their order.
        self.notices.sort_by_key(|(v, _)| *v);
        let extra = self.notices.len().saturating_sub(MAX_NOTICE_LINES);
        self.notices.drain(..extra);
    }

    /// Whether `newer` must wait until this job was shown: this job reveals a round that
    /// `newer`, a state of a later round, would replace unseen.
    fn holds_back(&self, newer: &TableJob<B, M, P>, shown_round: Option<&String>) -> bool {
        let (mine, theirs) = (&self.state.last_round, &newer.state.last_round);
        mine.is_some()
            && mine.as_ref() != shown_round
            && theirs != mine
            && newer.state.version > self.state.version
    }

    /// Takes `other` (of the same table) in: the newer state wins, nothing asked for is lost.
    fn absorb(&mut self, other: TableJob<B, M, P>) {
        for (v, line) in other.notices {
            self.add_notices(v, &[line]);
        }
        let fresh = self.state.fresh || other.state.fresh;
        let repair_only = self.state.repair_only && other.state.repair_only;
        let stored = self.state.stored;
        if other.state.version >= self.state.version {
            self.state = other.state;
        }
        self.state.fresh = fresh;
        self.state.repair_only = repair_only;
        self.state.stored = self.state.stored.or(stored);
    }

    /// The state to show, with the lines gathered for it.
    pub fn to_show(&self) -> TableState<B, M, P> {
        TableState {
            notices: self.notices.iter().map(|(_, l)| l.clone()).collect(),
            ..self.state.clone()
        }
    }

    pub fn state(&self) -> &TableState<B, M, P> {
        &self.state
    }

    /// Adds lines other processes left for this write (they happened before it).
    pub fn add_earlier_notices(&mut self, lines: &[String]) {
        self.add_notices(0, lines);
    }

    /// The table's message as stored now (another process may have posted it anew).
    pub fn set_stored(&mut self, message: M) {
        self.state.stored = Some(message);
    }

    pub fn has_notices(&self) -> bool {
        !self.notices.is_empty()
    }

    /// The lines of what happened, to leave for the write that shows a newer state.
    pub fn notice_lines(&self) -> Vec<String> {
        self.notices.iter().map(|(_, l)| l.clone()).collect()
    }
}

/// What one table's message shows, as far as this process knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown<M, P> {
    /// The message showing the table (`None`: none known, or it was deleted).
    pub message: Option<M>,
    /// The version it shows.
    pub version: Option<u64>,
    /// The round whose reveal it shows.
    pub last_round: Option<String>,
    /// Messages found deleted: a stored reference to one of them is not used again.
    pub gone: Vec<M>,
    pub place: Option<P>,
    /// Whether the message carries buttons (unknown, e.g. after a restart: it may).
    pub buttons: bool,
}

impl<M, P> Default for Shown<M, P> {
    fn default() -> Self {
        Shown {
            message: None,
            version: None,
            last_round: None,
            gone: Vec::new(),
            place: None,
            buttons: true,
        }
    }
}

impl<M: Copy + Eq, P> Shown<M, P> {
    /// The message to edit for `state`: the one this process showed the table in, else the
    /// one the service remembers unless it is gone.
    pub fn message_for<B>(&self, state: &TableState<B, M, P>) -> Option<M> {
        self.message
            .or_else(|| state.stored.filter(|m| !self.gone.contains(m)))
    }
}

/// A write that is not a table state.
#[derive(Debug)]
enum Later<O, M> {
    Other(O),
    Strip(M),
}

#[derive(Debug)]
struct Waiting<O, M> {
    item: Later<O, M>,
    since: Instant,
}

/// One write to make now.
#[derive(Debug)]
pub enum Job<B, M, P, O> {
    Table(TableJob<B, M, P>),
    Other { other: O, since: Instant },
    Strip { message: M, since: Instant },
}

/// One chat's writes still to make, and what its table messages show.
#[derive(Debug)]
pub struct Queue<B, M, P, O> {
    /// Per table, oldest first: one job per round reveal still to show.
    tables: BTreeMap<i64, VecDeque<TableJob<B, M, P>>>,
    later: VecDeque<Waiting<O, M>>,
    shown: HashMap<i64, Shown<M, P>>,
    /// The last write taken was one that had waited `hold` and went before a waiting table
    /// state: the next turn is the table's.
    overtaken: bool,
}

impl<B, M, P, O> Default for Queue<B, M, P, O> {
    fn default() -> Self {
        Queue {
            tables: BTreeMap::new(),
            later: VecDeque::new(),
            shown: HashMap::new(),
            overtaken: false,
        }
    }
}

impl<B: Clone, M: Copy + Eq, P: Copy + Eq, O: Other> Queue<B, M, P, O> {
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty() && self.later.is_empty()
    }

    /// A table state to show. One that would change nothing (older than shown, the same
    /// without news, a repair of a current message) is dropped unless a state of its table
    /// waits, which then takes its lines.
    pub fn push_table(&mut self, state: TableState<B, M, P>) {
        let table = state.table_id;
        let job = TableJob::new(state);
        if !self.tables.contains_key(&table) && !self.worth_writing(&job) {
            return;
        }
        let shown_round = self.shown(table).last_round;
        let queue = self.tables.entry(table).or_default();
        match queue.back_mut() {
            Some(last) if !last.holds_back(&job, shown_round.as_ref()) => last.absorb(job),
            _ => queue.push_back(job),
        }
    }

    /// Another write: after the tables, a newer state of the same thing taking the place
    /// of the older.
    pub fn push_other(&mut self, mut other: O, now: Instant) {
        for waiting in &mut self.later {
            if let Later::Other(queued) = &mut waiting.item {
                match queued.absorb(other) {
                    None => return,
                    Some(back) => other = back,
                }
            }
        }
        self.later.push_back(Waiting {
            item: Later::Other(other),
            since: now,
        });
    }

    /// Old buttons to take off `message`.
    pub fn push_strip(&mut self, message: M, now: Instant) {
        let queued = self
            .later
            .iter()
            .any(|w| matches!(w.item, Later::Strip(m) if m == message));
        if !queued {
            self.later.push_back(Waiting {
                item: Later::Strip(message),
                since: now,
            });
        }
    }

    /// The next write: one that waited `hold`, else the tables' newest states (oldest table
    /// first), else the others in the order they came. A write that waited `hold` goes
    /// before a waiting table state only once in a row: others that waited as long follow
    /// the table's next write, so a busy table is never more than one such write behind.
    pub fn take(&mut self, now: Instant, hold: Duration) -> Option<Job<B, M, P, O>> {
        let overdue = !self.overtaken
            && self
                .later
                .front()
                .is_some_and(|w| now.saturating_duration_since(w.since) >= hold);
        if !overdue && let Some(job) = self.take_table() {
            self.overtaken = false;
            return Some(Job::Table(job));
        }
        let waiting = self.later.pop_front()?;
        self.overtaken = overdue && !self.tables.is_empty();
        Some(match waiting.item {
            Later::Other(other) => Job::Other {
                other,
                since: waiting.since,
            },
            Later::Strip(message) => Job::Strip {
                message,
                since: waiting.since,
            },
        })
    }

    fn take_table(&mut self) -> Option<TableJob<B, M, P>> {
        while let Some(mut entry) = self.tables.first_entry() {
            let job = entry.get_mut().pop_front();
            if entry.get().is_empty() {
                entry.remove();
            }
            if let Some(job) = job.filter(|j| self.worth_writing(j)) {
                return Some(job);
            }
        }
        None
    }

    /// Takes a newer state of `job`'s table that came while `job` waited for its turn into
    /// it (it is written in that turn instead); whether there was one.
    pub fn take_newer(&mut self, job: &mut TableJob<B, M, P>) -> bool {
        let table = job.state.table_id;
        let shown_round = self.shown(table).last_round;
        let Some(queue) = self.tables.get_mut(&table) else {
            return false;
        };
        let newer = queue.front().is_some_and(|front| {
            front.state.version > job.state.version && !job.holds_back(front, shown_round.as_ref())
        });
        if !newer {
            return false;
        }
        if let Some(front) = queue.pop_front() {
            job.absorb(front);
        }
        if queue.is_empty() {
            self.tables.remove(&table);
        }
        true
    }

    /// A write that could not be made now goes back first; a newer state of its table that
    /// came meanwhile wins (unless the failed one reveals a round the newer would hide).
    pub fn put_back(&mut self, job: Job<B, M, P, O>) {
        match job {
            Job::Table(job) => self.put_back_table(job),
            Job::Other { mut other, since } => {
                self.absorb_queued(&mut other);
                self.later.push_front(Waiting {
                    item: Later::Other(other),
                    since,
                });
            }
            Job::Strip { message, since } => self.later.push_front(Waiting {
                item: Later::Strip(message),
                since,
            }),
        }
    }

    /// Takes a newer state of the same thing as `other` out of the queue into `other`.
    fn absorb_queued(&mut self, other: &mut O) {
        for i in 0..self.later.len() {
            if !matches!(self.later[i].item, Later::Other(_)) {
                continue;
            }
            let Some(waiting) = self.later.remove(i) else {
                return;
            };
            let Later::Other(queued) = waiting.item else {
                return;
            };
            match other.absorb(queued) {
                None => return,
                Some(unrelated) => self.later.insert(
                    i,
                    Waiting {
                        item: Later::Other(unrelated),
                        since: waiting.since,
                    },
                ),
            }
        }
    }

    fn put_back_table(&mut self, mut job: TableJob<B, M, P>) {
        let table = job.state.table_id;
        let shown_round = self.shown(table).last_round;
        let queue = self.tables.entry(table).or_default();
        match queue.pop_front() {
            Some(newer) if !job.holds_back(&newer, shown_round.as_ref()) => {
                job.absorb(newer);
                queue.push_front(job);
            }
            Some(newer) => {
                queue.push_front(newer);
                queue.push_front(job);
            }
            None => queue.push_front(job),
        }
    }

    /// Whether a write of `job` would show something new: a newer state, or news. The same
    /// state without news (in another language, say) leaves the message as it is; a repair
    /// is only wanted when the message is behind.
    fn worth_writing(&self, job: &TableJob<B, M, P>) -> bool {
        let s = &job.state;
        if s.fresh {
            return true;
        }
        let Some(version) = self.shown(s.table_id).version else {
            return true;
        };
        s.version > version || (s.version == version && !s.repair_only && job.has_notices())
    }

    /// What table `table`'s message shows.
    pub fn shown(&self, table: i64) -> Shown<M, P> {
        self.shown.get(&table).cloned().unwrap_or_default()
    }

    /// The newest table shown in `place`, and the version its message shows.
    pub fn shown_in(&self, place: P) -> Option<(i64, u64)> {
        self.shown
            .iter()
            .filter(|(_, s)| s.place == Some(place) && s.message.is_some())
            .filter_map(|(table, s)| Some((*table, s.version?)))
            .max()
    }

    /// `state` is on `message` now (`buttons`: with buttons).
    pub fn showed(&mut self, state: &TableState<B, M, P>, message: M, buttons: bool) {
        let shown = self.entry(state.table_id);
        shown.buttons = buttons;
        shown.message = Some(message);
        shown.version = Some(state.version);
        shown.last_round = state.last_round.clone();
        shown.place = Some(state.place);
    }

    /// Table `table`'s message was deleted: the next write posts it anew.
    pub fn lost(&mut self, table: i64, message: M) {
        let shown = self.entry(table);
        shown.message = None;
        shown.version = None;
        shown.last_round = None;
        shown.gone.push(message);
    }

    /// Forgets what table `table`'s message shows (another process posted it anew).
    pub fn forget_shown_of(&mut self, table: i64) {
        self.shown.remove(&table);
    }

    /// Forgets what the table messages show (the chat moved).
    pub fn forget_shown(&mut self) {
        self.shown.clear();
    }

    /// Drops every write still to make (nothing can be written to the chat any more).
    pub fn clear(&mut self) {
        self.tables.clear();
        self.later.clear();
        self.shown.clear();
    }

    fn entry(&mut self, table: i64) -> &mut Shown<M, P> {
        if !self.shown.contains_key(&table) && self.shown.len() >= REMEMBERED_TABLES {
            // Forget the oldest table: its game is long over.
            if let Some(oldest) = self.shown.keys().min().copied() {
                self.shown.remove(&oldest);
            }
        }
        self.shown.entry(table).or_default()
    }
}

#[cfg(test)]
mod tests;
