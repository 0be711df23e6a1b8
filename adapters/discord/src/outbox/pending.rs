//! What a channel's outbox still has to show, coalesced, and what its table messages show
//! now. Pure: no clock, no HTTP. The newest state of each table wins; notices of coalesced
//! replies add up (the last few lines); a state older than the one shown is never written.
//! One exception keeps every round's reveal public: a state that reveals a round is shown
//! before a state of a later round replaces it.

use crate::plan::TableUpdate;
use serenity::all::MessageId;
use std::collections::{BTreeMap, HashMap, VecDeque};

/// Notice lines kept for the next write: the rest of a long burst is old news.
pub const MAX_NOTICE_LINES: usize = 8;

/// Tables whose message this channel remembers (a finished game's final state may still be
/// on its way while the next game's message exists).
const REMEMBERED_TABLES: usize = 4;

/// One table's state waiting to be shown, with the notices of every reply it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub update: TableUpdate,
    /// (version, line): kept in version order, whatever order the replies came in.
    notices: Vec<(u64, String)>,
}

impl Job {
    fn new(update: TableUpdate) -> Job {
        let mut job = Job {
            notices: Vec::new(),
            update: TableUpdate {
                notices: Vec::new(),
                ..update.clone()
            },
        };
        job.add_notices(update.version, &update.notices);
        job
    }

    fn add_notices(&mut self, version: u64, lines: &[String]) {
        for line in lines.iter().flat_map(|n| n.lines()) {
            self.notices.push((version, line.to_string()));
        }
        // Stable: lines of one reply keep their order.
        self.notices.sort_by_key(|(v, _)| *v);
        let extra = self.notices.len().saturating_sub(MAX_NOTICE_LINES);
        self.notices.drain(..extra);
    }

    /// Whether `newer` must wait for this job to be shown: this job reveals a round that
    /// `newer`, a state of a later round, would replace unseen.
    fn holds_back(&self, newer: &Job, shown_round: Option<&String>) -> bool {
        let (mine, theirs) = (&self.update.last_round, &newer.update.last_round);
        mine.is_some()
            && mine.as_ref() != shown_round
            && theirs != mine
            && newer.update.version > self.update.version
    }

    /// Takes `other` (of the same table) in: the newer state wins, nothing asked for is lost.
    fn absorb(&mut self, other: Job) {
        for (v, line) in other.notices {
            self.add_notices(v, &[line]);
        }
        let (fresh, repair_only) = (
            self.update.fresh || other.update.fresh,
            self.update.repair_only && other.update.repair_only,
        );
        let message_ref = self.update.message_ref.clone();
        if other.update.version >= self.update.version {
            self.update = other.update;
        }
        self.update.fresh = fresh;
        self.update.repair_only = repair_only;
        if self.update.message_ref.is_none() {
            self.update.message_ref = message_ref;
        }
    }

    /// The update to show: the state with the notices gathered for it.
    pub fn to_show(&self) -> TableUpdate {
        TableUpdate {
            notices: self.notices.iter().map(|(_, l)| l.clone()).collect(),
            ..self.update.clone()
        }
    }

    pub fn has_notices(&self) -> bool {
        !self.notices.is_empty()
    }
}

/// What one table's message shows, as far as this process knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The message showing the table (`None`: none known, or it was deleted).
    pub message: Option<MessageId>,
    /// The version and fingerprint it shows.
    pub state: Option<(u64, u64)>,
    /// The round whose reveal it shows.
    pub last_round: Option<String>,
    /// Messages found deleted: a stored reference to one of them is not used again.
    pub gone: Vec<MessageId>,
}

impl Shown {
    /// The message to edit for `update`: the one this process showed the table in, else the
    /// one the service remembers (after a restart) unless it is gone.
    pub fn message_for(&self, update: &TableUpdate) -> Option<MessageId> {
        self.message.or_else(|| {
            update
                .message_ref
                .as_deref()
                .and_then(|r| r.parse::<u64>().ok())
                .filter(|id| *id != 0)
                .map(MessageId::new)
                .filter(|id| !self.gone.contains(id))
        })
    }

    fn version(&self) -> Option<u64> {
        self.state.map(|(v, _)| v)
    }
}

/// A channel's pending table states and what its messages show.
#[derive(Debug, Default)]
pub struct Pending {
    /// Per table, oldest first: one job per round reveal still to show.
    jobs: BTreeMap<i64, VecDeque<Job>>,
    shown: HashMap<i64, Shown>,
}

impl Pending {
    /// Takes a reply's table update in. A repair is only wanted when the message may be
    /// behind this state.
    pub fn add(&mut self, update: TableUpdate) {
        let table = update.table_id;
        let shown = self.shown(table);
        if update.repair_only
            && !self.jobs.contains_key(&table)
            && shown.version().is_some_and(|v| v >= update.version)
        {
            return;
        }
        let job = Job::new(update);
        let queue = self.jobs.entry(table).or_default();
        match queue.back_mut() {
            Some(last) if !last.holds_back(&job, shown.last_round.as_ref()) => last.absorb(job),
            _ => queue.push_back(job),
        }
    }

    /// A job whose write failed goes back; anything newer that came meanwhile wins, unless
    /// the failed job reveals a round the newer one would hide.
    pub fn put_back(&mut self, mut job: Job) {
        let table = job.update.table_id;
        let shown = self.shown(table);
        let queue = self.jobs.entry(table).or_default();
        match queue.pop_front() {
            Some(newer) if !job.holds_back(&newer, shown.last_round.as_ref()) => {
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

    pub fn is_empty(&self) -> bool {
        self.jobs.is_empty()
    }

    /// The next job worth a write, oldest table and state first; jobs that would change
    /// nothing, or show an older state than the message does, are dropped.
    pub fn take(&mut self) -> Option<Job> {
        while let Some(mut entry) = self.jobs.first_entry() {
            let table = *entry.key();
            let job = entry.get_mut().pop_front();
            if entry.get().is_empty() {
                entry.remove();
            }
            if let Some(job) = job.filter(|j| self.worth_writing(table, j)) {
                return Some(job);
            }
        }
        None
    }

    fn worth_writing(&self, table: i64, job: &Job) -> bool {
        let u = &job.update;
        if u.fresh {
            return true;
        }
        let shown = self.shown(table);
        let Some((version, fingerprint)) = shown.state else {
            return true;
        };
        if u.version < version || (u.repair_only && u.version <= version) {
            return false;
        }
        job.has_notices() || u.version != version || u.fingerprint() != fingerprint
    }

    /// What table `table`'s message shows.
    pub fn shown(&self, table: i64) -> Shown {
        self.shown.get(&table).cloned().unwrap_or_default()
    }

    /// `update` is on `message` now.
    pub fn showed(&mut self, update: &TableUpdate, message: MessageId) {
        let shown = self.entry(update.table_id);
        shown.message = Some(message);
        shown.state = Some((update.version, update.fingerprint()));
        shown.last_round = update.last_round.clone();
    }

    /// Table `table`'s message was deleted: the next write posts it anew.
    pub fn lost(&mut self, table: i64, message: MessageId) {
        let shown = self.entry(table);
        shown.message = None;
        shown.state = None;
        shown.last_round = None;
        shown.gone.push(message);
    }

    fn entry(&mut self, table: i64) -> &mut Shown {
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
mod tests {
    use super::*;

    fn update(table: i64, version: u64, notices: &[&str]) -> TableUpdate {
        TableUpdate {
            table_id: table,
            version,
            message_ref: None,
            body: format!("table {table} v{version}"),
            notices: notices.iter().map(|n| n.to_string()).collect(),
            rows: Vec::new(),
            fresh: false,
            repair_only: false,
            last_round: None,
        }
    }

    #[test]
    fn the_newest_state_wins_and_notices_add_up_in_order() {
        let mut p = Pending::default();
        p.add(update(1, 3, &["c"]));
        p.add(update(1, 2, &["b"]));
        p.add(update(1, 4, &["d1\nd2"]));
        let job = p.take().expect("a job");
        let shown = job.to_show();
        assert_eq!(shown.version, 4);
        assert_eq!(shown.notices, ["b", "c", "d1", "d2"]);
        assert!(p.take().is_none(), "one write for all of them");
    }

    #[test]
    fn notices_keep_the_last_lines_only() {
        let mut p = Pending::default();
        for v in 1..=20 {
            p.add(update(1, v, &[&format!("n{v}")]));
        }
        let shown = p.take().expect("a job").to_show();
        assert_eq!(shown.notices.len(), MAX_NOTICE_LINES);
        assert_eq!(shown.notices.last().map(String::as_str), Some("n20"));
    }

    #[test]
    fn an_older_state_never_overwrites_a_newer_one() {
        let mut p = Pending::default();
        p.showed(&update(1, 5, &[]), MessageId::new(9));
        p.add(update(1, 4, &["late"]));
        assert!(p.take().is_none());
        // The same state again without news: nothing to write either.
        p.add(update(1, 5, &[]));
        assert!(p.take().is_none());
        p.add(update(1, 5, &["news"]));
        assert!(p.take().is_some());
    }

    #[test]
    fn repairs_only_when_the_message_may_be_behind() {
        let mut p = Pending::default();
        let repair = |v| TableUpdate {
            repair_only: true,
            ..update(1, v, &[])
        };
        p.add(repair(3));
        assert!(p.take().is_some(), "nothing known: repair");
        p.showed(&update(1, 3, &[]), MessageId::new(9));
        p.add(repair(3));
        assert!(p.is_empty());
        p.add(repair(4));
        assert!(p.take().is_some(), "behind: repair");
    }

    #[test]
    fn a_failed_write_goes_back_under_newer_states() {
        let mut p = Pending::default();
        p.add(update(1, 2, &["two"]));
        let failed = p.take().expect("a job");
        p.add(update(1, 3, &["three"]));
        p.put_back(failed);
        let shown = p.take().expect("a job").to_show();
        assert_eq!(shown.version, 3);
        assert_eq!(shown.notices, ["two", "three"]);
    }

    #[test]
    fn tables_are_written_oldest_first_and_fresh_posts_stick() {
        let mut p = Pending::default();
        p.add(update(2, 1, &["opened"]));
        p.add(update(1, 9, &["over"]));
        p.add(TableUpdate {
            fresh: true,
            ..update(2, 1, &[])
        });
        p.add(update(2, 2, &[]));
        assert_eq!(p.take().map(|j| j.update.table_id), Some(1));
        let second = p.take().expect("the second table");
        assert!(second.update.fresh && second.update.version == 2);
    }

    #[test]
    fn a_deleted_message_is_not_edited_again() {
        let mut p = Pending::default();
        let stored = TableUpdate {
            message_ref: Some("77".into()),
            ..update(1, 1, &[])
        };
        assert_eq!(p.shown(1).message_for(&stored), Some(MessageId::new(77)));
        p.lost(1, MessageId::new(77));
        assert_eq!(p.shown(1).message_for(&stored), None);
        p.showed(&stored, MessageId::new(78));
        assert_eq!(p.shown(1).message_for(&stored), Some(MessageId::new(78)));
    }

    #[test]
    fn a_rounds_reveal_is_shown_before_a_later_round_replaces_it() {
        let mut p = Pending::default();
        let at = |v, round: &str| TableUpdate {
            last_round: Some(round.to_string()),
            ..update(1, v, &[&format!("v{v}")])
        };
        p.add(at(5, "half1/1"));
        p.add(at(6, "half1/1"));
        p.add(at(7, "half1/2"));
        p.add(at(8, "half1/2"));
        let first = p.take().expect("round 1's reveal").to_show();
        assert_eq!((first.version, first.notices.len()), (6, 2));
        p.showed(&first, MessageId::new(9));
        let second = p.take().expect("round 2").to_show();
        assert_eq!(
            (second.version, &second.notices[..]),
            (8, &["v7".to_string(), "v8".to_string()][..])
        );
        // A reveal already shown holds nothing back.
        p.showed(&second, MessageId::new(9));
        p.add(at(9, "half1/2"));
        p.add(at(10, "half1/3"));
        assert_eq!(p.take().map(|j| j.update.version), Some(10));
    }
}
