//! How often the bot may write: Telegram allows about 20 messages a minute in a group
//! (edits count too), about one a second in any chat, and about 30 a second in all. The
//! pace of a chat spaces its writes evenly — one every 3 s in a group, so a busy table
//! message is never more than one gap behind — and never lets a minute hold more than 20
//! (with a small margin). Gaps run from the start of one write to the start of the next; the
//! minute is counted from the moments writes ended, because Telegram counts arrivals and a
//! write may arrive late (a slow connection, teloxide's Throttle holding a send): a write
//! that ended has certainly arrived.

use std::collections::VecDeque;
use std::time::Duration;
use tokio::time::Instant;

/// Writes a group may receive per window.
pub const GROUP_WRITES: usize = 20;
/// The window of [`GROUP_WRITES`].
pub const GROUP_WINDOW: Duration = Duration::from_secs(60);
/// The even gap between two writes to a group (60 s / 20).
pub const GROUP_GAP: Duration = Duration::from_secs(3);
/// The gap between two group writes whose turns processes share through the database: a
/// little more than [`GROUP_GAP`], because a turn is kept by its start and a write may begin a
/// little after it (the database's answer, a turn taken over late); 21 turns then span 61 s,
/// and only a write more than a second late could bring 21 into one minute.
pub const SHARED_GROUP_GAP: Duration = Duration::from_millis(3_050);
/// The gap between two writes to a private chat.
pub const PRIVATE_GAP: Duration = Duration::from_secs(1);
/// Writes per second across all chats (Telegram allows about 30).
pub const OVERALL_PER_SECOND: usize = 25;
/// Added to the window before a write may take the place of the oldest one in it.
const WINDOW_MARGIN: Duration = Duration::from_millis(50);

/// One chat's pace.
#[derive(Debug)]
pub struct Pace {
    gap: Duration,
    /// At most this many writes within `window`.
    max: usize,
    window: Duration,
    /// When the latest write started.
    last_start: Option<Instant>,
    /// When recent writes ended, oldest first.
    recent: VecDeque<Instant>,
    /// Telegram asked to wait (429 `retry_after`) until then.
    paused_until: Option<Instant>,
}

impl Pace {
    /// The pace of chat `chat` (groups have negative ids). When processes share the chat's
    /// turns through the database (`shared`), the gap between writes is kept there, across all
    /// of them, and here only Telegram's pauses (429) and the minute's count: a process that
    /// waited a whole gap after its own last write before taking a turn would wait twice.
    pub fn for_chat(chat: i64, shared: bool) -> Pace {
        let writes = if chat < 0 { GROUP_WRITES } else { usize::MAX };
        let gap = match (shared, chat < 0) {
            (true, _) => Duration::ZERO,
            (false, true) => GROUP_GAP,
            (false, false) => PRIVATE_GAP,
        };
        Pace::new(gap, writes, GROUP_WINDOW)
    }

    pub fn new(gap: Duration, max: usize, window: Duration) -> Pace {
        Pace {
            gap,
            max,
            window,
            last_start: None,
            recent: VecDeque::new(),
            paused_until: None,
        }
    }

    /// The earliest moment the next write may start.
    pub fn ready_at(&self, now: Instant) -> Instant {
        let mut at = now;
        if let Some(last) = self.last_start {
            at = at.max(last + self.gap);
        }
        if self.recent.len() >= self.max
            && let Some(oldest) = self.recent.get(self.recent.len() - self.max)
        {
            at = at.max(*oldest + self.window + WINDOW_MARGIN);
        }
        if let Some(paused) = self.paused_until {
            at = at.max(paused);
        }
        at
    }

    /// A write started at `started` and ended (its answer came) at `ended`.
    pub fn record(&mut self, started: Instant, ended: Instant) {
        self.last_start = Some(self.last_start.map_or(started, |s| s.max(started)));
        let at = ended;
        self.recent.push_back(at);
        while self
            .recent
            .front()
            .is_some_and(|t| at.duration_since(*t) > self.window)
            && self.recent.len() > 1
        {
            self.recent.pop_front();
        }
        if self.max != usize::MAX {
            while self.recent.len() > self.max {
                self.recent.pop_front();
            }
        }
    }

    /// Telegram answered 429: no write before `until`.
    pub fn pause_until(&mut self, until: Instant) {
        self.paused_until = Some(self.paused_until.map_or(until, |p| p.max(until)));
    }
}

/// The pace of all chats together: at most [`OVERALL_PER_SECOND`] writes in any second.
#[derive(Debug, Default)]
pub struct Overall {
    recent: VecDeque<Instant>,
}

impl Overall {
    /// Takes a slot for a write now, or says how long to wait for one.
    pub fn try_take(&mut self, now: Instant) -> Result<(), Duration> {
        let second = Duration::from_secs(1);
        while self
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= second)
        {
            self.recent.pop_front();
        }
        if self.recent.len() < OVERALL_PER_SECOND {
            self.recent.push_back(now);
            return Ok(());
        }
        let oldest = self.recent.front().copied().unwrap_or(now);
        Err((oldest + second).saturating_duration_since(now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_get_a_write_every_three_seconds_and_never_more_than_twenty_a_minute() {
        let start = Instant::now();
        let mut pace = Pace::for_chat(-100, false);
        assert_eq!(pace.ready_at(start), start, "the first write goes at once");
        // Writes as fast as the pace allows, each taking 10 ms.
        let mut at = start;
        let mut ends = Vec::new();
        for _ in 0..45 {
            at = pace.ready_at(at);
            let started = at;
            at += Duration::from_millis(10);
            pace.record(started, at);
            ends.push(started);
        }
        for pair in ends.windows(2) {
            assert!(pair[1] - pair[0] >= GROUP_GAP);
        }
        for (i, first) in ends.iter().enumerate() {
            let in_minute = ends[i..]
                .iter()
                .filter(|t| t.duration_since(*first) <= GROUP_WINDOW)
                .count();
            assert!(in_minute <= GROUP_WRITES, "{in_minute} in a minute");
        }
    }

    #[test]
    fn a_burst_after_a_quiet_spell_waits_for_the_window() {
        // Twenty writes a second apart (a gap of 1 s) fill the minute: the next waits for
        // the oldest to leave it.
        let start = Instant::now();
        let mut pace = Pace::new(Duration::from_secs(1), 20, GROUP_WINDOW);
        for i in 0..20 {
            let started = start + Duration::from_secs(i);
            pace.record(started, started);
        }
        let next = pace.ready_at(start + Duration::from_secs(20));
        assert_eq!(next, start + GROUP_WINDOW + WINDOW_MARGIN);
    }

    #[test]
    fn the_minute_counts_from_when_writes_ended_the_gap_from_when_they_started() {
        // A write held up for 2 s (Telegram counts its arrival): the 21st write waits until
        // the first one's end is a minute old, while the gap still runs from starts.
        let start = Instant::now();
        let mut pace = Pace::for_chat(-7, false);
        pace.record(start, start + Duration::from_secs(2));
        assert_eq!(pace.ready_at(start), start + GROUP_GAP);
        for i in 1..20 {
            let started = start + GROUP_GAP * i;
            pace.record(started, started + Duration::from_millis(5));
        }
        let after_twenty = start + GROUP_GAP * 20;
        assert_eq!(
            pace.ready_at(after_twenty),
            start + Duration::from_secs(2) + GROUP_WINDOW + WINDOW_MARGIN
        );
    }

    #[test]
    fn private_chats_get_a_write_a_second_and_a_429_pauses() {
        let start = Instant::now();
        let mut pace = Pace::for_chat(42, false);
        pace.record(start, start);
        assert_eq!(pace.ready_at(start), start + PRIVATE_GAP);
        pace.pause_until(start + Duration::from_secs(7));
        assert_eq!(pace.ready_at(start), start + Duration::from_secs(7));
    }

    #[test]
    fn all_chats_together_stay_under_telegrams_overall_limit() {
        let start = Instant::now();
        let mut overall = Overall::default();
        for _ in 0..OVERALL_PER_SECOND {
            assert_eq!(overall.try_take(start), Ok(()));
        }
        let wait = overall.try_take(start).expect_err("full");
        assert_eq!(wait, Duration::from_secs(1));
        assert_eq!(overall.try_take(start + Duration::from_secs(1)), Ok(()));
    }
}
