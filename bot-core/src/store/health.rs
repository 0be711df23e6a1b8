//! Whether the database can be reached, as the service last found out (a failed command, or
//! the watch's probe). While it is known to be gone, PostgreSQL is not asked at all: a
//! command is refused at once instead of waiting for a connection that will not come, and
//! the outboxes write without their turns in the database. The times are the service's
//! clock (ms), so an outage can be set against the turn timers' deadlines.

use super::Unreachable;
use std::sync::Mutex;

/// An outage that ended: from the first failure seen to the first answer after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outage {
    pub since: i64,
    pub until: i64,
}

impl Outage {
    pub fn millis(&self) -> i64 {
        (self.until - self.since).max(0)
    }
}

/// What changed with one finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The database was reachable and is gone now.
    Gone,
    /// It answers again after this outage.
    Back(Outage),
    /// Nothing new.
    Same,
}

#[derive(Debug, Default)]
struct State {
    /// Since when (ms) and why it is gone; `None` while it answers.
    down: Option<(i64, Unreachable)>,
    /// The outage that ended last, until the timers took it into account.
    ended: Option<Outage>,
    /// Milliseconds of every outage that ended.
    total_ms: i64,
}

#[derive(Debug, Default)]
pub struct Health {
    state: Mutex<State>,
}

impl Health {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding this lock cannot leave the state half-changed.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether the database is known to be gone.
    pub fn is_down(&self) -> bool {
        self.state().down.is_some()
    }

    /// Why it is gone, if it is.
    pub fn reason(&self) -> Option<Unreachable> {
        self.state().down.as_ref().map(|(_, reason)| reason.clone())
    }

    /// How long (ms) the current outage lasts by `now`; 0 while the database answers.
    pub fn down_for(&self, now: i64) -> i64 {
        self.state()
            .down
            .as_ref()
            .map_or(0, |(since, _)| (now - since).max(0))
    }

    /// Milliseconds of all outages that ended.
    pub fn total_ms(&self) -> i64 {
        self.state().total_ms
    }

    /// The database failed at `now` for `why`.
    pub fn failed(&self, now: i64, why: &Unreachable) -> Change {
        let mut state = self.state();
        if let Some((_, known)) = state.down.as_mut() {
            // The newest reason is the one to tell (refused connections after a shutdown).
            *known = why.clone();
            return Change::Same;
        }
        state.down = Some((now, why.clone()));
        Change::Gone
    }

    /// The database answered at `now`.
    pub fn answered(&self, now: i64) -> Change {
        let mut state = self.state();
        let Some((since, _)) = state.down.take() else {
            return Change::Same;
        };
        let outage = Outage {
            // Two outages the timers did not see yet count as one from the first.
            since: state.ended.map_or(since, |e| e.since.min(since)),
            until: now,
        };
        state.total_ms += (now - since).max(0);
        state.ended = Some(outage);
        Change::Back(outage)
    }

    /// The outage that ended last, once (the timers move their deadlines by it).
    pub fn take_ended(&self) -> Option<Outage> {
        self.state().ended.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(detail: &str) -> Unreachable {
        Unreachable {
            kind: "connection",
            detail: detail.into(),
        }
    }

    #[test]
    fn an_outage_is_found_once_and_ends_once() {
        let health = Health::default();
        assert_eq!(health.answered(5), Change::Same);
        assert_eq!(health.failed(1_000, &why("refused")), Change::Gone);
        assert_eq!(health.failed(1_500, &why("refused")), Change::Same);
        assert!(health.is_down());
        assert_eq!(health.down_for(3_000), 2_000);
        let back = health.answered(16_000);
        assert_eq!(
            back,
            Change::Back(Outage {
                since: 1_000,
                until: 16_000
            })
        );
        assert_eq!(health.answered(16_500), Change::Same);
        assert_eq!(health.total_ms(), 15_000);
        assert_eq!(health.down_for(17_000), 0);
        assert_eq!(health.take_ended().map(|o| o.millis()), Some(15_000));
        assert_eq!(health.take_ended(), None);
    }

    #[test]
    fn outages_the_timers_did_not_see_count_from_the_first() {
        let health = Health::default();
        health.failed(1_000, &why("a"));
        health.answered(2_000);
        health.failed(3_000, &why("b"));
        health.answered(4_000);
        assert_eq!(
            health.take_ended(),
            Some(Outage {
                since: 1_000,
                until: 4_000
            })
        );
        assert_eq!(health.total_ms(), 2_000);
    }
}
