//! One chat's pace in this process: the gap after the last write (from its start, from its
//! end, or both), at most so many writes ending in a window, and the pause a 429 asked for.
//! The window counts the moments writes ended: the platform counts arrivals, and a write may
//! arrive late (a slow connection, a send held by the client); a write that ended has
//! certainly arrived. Pure: the time is passed in.

use crate::limits::ChatLimits;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::time::Instant;

/// Added to the window before a write may take the place of the oldest one in it.
const WINDOW_MARGIN: Duration = Duration::from_millis(50);

#[derive(Debug)]
pub struct Pace {
    limits: ChatLimits,
    last_start: Option<Instant>,
    last_end: Option<Instant>,
    /// When recent writes ended, oldest first (only with a window).
    recent: VecDeque<Instant>,
    /// The platform asked to wait (429) until then.
    paused_until: Option<Instant>,
}

impl Pace {
    pub fn new(limits: ChatLimits) -> Pace {
        Pace {
            limits,
            last_start: None,
            last_end: None,
            recent: VecDeque::new(),
            paused_until: None,
        }
    }

    /// The earliest moment the next write may start.
    pub fn ready_at(&self, now: Instant) -> Instant {
        let mut at = now;
        if let Some(start) = self.last_start {
            at = at.max(start + self.limits.gap_after_start);
        }
        if let Some(end) = self.last_end {
            at = at.max(end + self.limits.gap_after_end);
        }
        if let Some((max, window)) = self.limits.window
            && self.recent.len() >= max
            && let Some(oldest) = self.recent.get(self.recent.len() - max)
        {
            at = at.max(*oldest + window + WINDOW_MARGIN);
        }
        if let Some(paused) = self.paused_until {
            at = at.max(paused);
        }
        at
    }

    /// Whether this process wrote to the chat (and so paces it itself).
    pub fn has_history(&self) -> bool {
        self.last_start.is_some()
    }

    /// A write started at `started` and ended (its answer came) at `ended`.
    pub fn record(&mut self, started: Instant, ended: Instant) {
        self.last_start = Some(self.last_start.map_or(started, |s| s.max(started)));
        self.last_end = Some(self.last_end.map_or(ended, |e| e.max(ended)));
        let Some((max, window)) = self.limits.window else {
            return;
        };
        self.recent.push_back(ended);
        while self.recent.len() > max
            || self
                .recent
                .front()
                .is_some_and(|t| ended.duration_since(*t) > window)
        {
            self.recent.pop_front();
        }
    }

    /// The platform answered 429: no write before `until`.
    pub fn pause_until(&mut self, until: Instant) {
        self.paused_until = Some(self.paused_until.map_or(until, |p| p.max(until)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAP: Duration = Duration::from_secs(3);
    const MINUTE: Duration = Duration::from_secs(60);

    fn group() -> ChatLimits {
        ChatLimits {
            gap_after_start: GAP,
            gap_after_end: Duration::ZERO,
            window: Some((20, MINUTE)),
            kept_gap: GAP,
            hold: GAP * 4,
        }
    }

    #[test]
    fn a_group_gets_a_write_every_gap_and_never_more_than_twenty_a_minute() {
        let start = Instant::now();
        let mut pace = Pace::new(group());
        assert_eq!(pace.ready_at(start), start, "the first write goes at once");
        let mut at = start;
        let mut starts = Vec::new();
        for _ in 0..45 {
            at = pace.ready_at(at);
            let started = at;
            at += Duration::from_millis(10);
            pace.record(started, at);
            starts.push(started);
        }
        for pair in starts.windows(2) {
            assert!(pair[1] - pair[0] >= GAP);
        }
        for (i, first) in starts.iter().enumerate() {
            let in_minute = starts[i..]
                .iter()
                .filter(|t| t.duration_since(*first) <= MINUTE)
                .count();
            assert!(in_minute <= 20, "{in_minute} in a minute");
        }
    }

    #[test]
    fn a_burst_waits_for_the_oldest_write_to_leave_the_window() {
        let start = Instant::now();
        let mut pace = Pace::new(ChatLimits {
            gap_after_start: Duration::from_secs(1),
            ..group()
        });
        for i in 0..20 {
            let started = start + Duration::from_secs(i);
            pace.record(started, started);
        }
        let next = pace.ready_at(start + Duration::from_secs(20));
        assert_eq!(next, start + MINUTE + WINDOW_MARGIN);
    }

    #[test]
    fn the_window_counts_ends_the_gap_counts_starts() {
        // A write held up for 2 s: the 21st write waits until its end is a minute old.
        let start = Instant::now();
        let mut pace = Pace::new(group());
        pace.record(start, start + Duration::from_secs(2));
        assert_eq!(pace.ready_at(start), start + GAP);
        for i in 1..20 {
            let started = start + GAP * i;
            pace.record(started, started + Duration::from_millis(5));
        }
        assert_eq!(
            pace.ready_at(start + GAP * 20),
            start + Duration::from_secs(2) + MINUTE + WINDOW_MARGIN
        );
    }

    #[test]
    fn a_gap_after_the_end_counts_from_when_the_write_came_back() {
        let start = Instant::now();
        let mut pace = Pace::new(ChatLimits {
            gap_after_start: Duration::ZERO,
            gap_after_end: Duration::from_millis(1050),
            window: None,
            kept_gap: Duration::from_millis(1050),
            hold: Duration::from_secs(4),
        });
        pace.record(start, start + Duration::from_millis(700));
        assert_eq!(
            pace.ready_at(start),
            start + Duration::from_millis(1750),
            "a write that waited for its bucket ends late"
        );
    }

    #[test]
    fn a_429_pauses_the_chat() {
        let start = Instant::now();
        let mut pace = Pace::new(group());
        pace.pause_until(start + Duration::from_secs(7));
        pace.pause_until(start + Duration::from_secs(2));
        assert_eq!(pace.ready_at(start), start + Duration::from_secs(7));
    }
}
