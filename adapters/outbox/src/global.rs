//! The token's limit in all chats (Discord: about 50 requests a second; Telegram: about 30
//! writes a second). Slots are handed out in the order they are asked for, one gap apart, so
//! each waiter sleeps once, until its own slot, and requests never arrive bunched (a burst's
//! late requests would share a second with the next burst's early ones). A 429 that names
//! the whole token pauses every write, also those whose slot was reserved before it. On a
//! database other processes share, the token's turns are taken there first.

use crate::turns::{SharedTurns, wait_turn};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::time::Instant;

/// What every write passes right before its request leaves.
pub struct Gate {
    state: Mutex<State>,
    /// `None`: no limit here (an operator's proxy keeps the platform's limits).
    gap: Option<Duration>,
    /// The token's turns among processes on one database, and their key.
    shared: Option<(Arc<dyn SharedTurns>, &'static str)>,
}

#[derive(Debug, Default)]
struct State {
    /// When the next slot is free: one gap after the last one handed out.
    next_free: Option<Instant>,
    /// A 429 for the whole token asked everyone to wait until then.
    paused_until: Option<Instant>,
}

impl State {
    /// Hands out the next free slot at or after `now`.
    fn reserve(&mut self, now: Instant, gap: Duration) -> Instant {
        let mut slot = self.next_free.map_or(now, |free| free.max(now));
        if let Some(until) = self.paused_until {
            slot = slot.max(until);
        }
        self.next_free = Some(slot + gap);
        slot
    }

    /// Whether a slot may be used at `now`: not while a 429 that came meanwhile pauses all.
    fn open_at(&self, now: Instant) -> bool {
        self.paused_until.is_none_or(|until| now >= until)
    }
}

impl Gate {
    /// Requests one `gap` apart; with `shared`, also across the processes on that database.
    pub fn new(gap: Duration, shared: Option<(Arc<dyn SharedTurns>, &'static str)>) -> Gate {
        Gate {
            state: Mutex::default(),
            gap: Some(gap),
            shared,
        }
    }

    /// A gate that never waits (the limits are kept elsewhere).
    pub fn open() -> Gate {
        Gate {
            state: Mutex::default(),
            gap: None,
            shared: None,
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for this request's slot.
    pub async fn pass(&self) {
        let Some(gap) = self.gap else { return };
        if let Some((turns, key)) = &self.shared {
            wait_turn(turns.as_ref(), key, gap).await;
        }
        loop {
            let slot = self.state().reserve(Instant::now(), gap);
            tokio::time::sleep_until(slot).await;
            if self.state().open_at(Instant::now()) {
                return;
            }
        }
    }

    /// The platform answered a 429 for the whole token: nobody writes for `wait`.
    pub fn pause_for(&self, wait: Duration) {
        let until = Instant::now() + wait;
        let mut state = self.state();
        state.paused_until = Some(state.paused_until.map_or(until, |p| p.max(until)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAP: Duration = Duration::from_millis(22);

    #[test]
    fn queued_requests_get_slots_one_gap_apart() {
        let start = Instant::now();
        let mut state = State::default();
        let slots: Vec<Instant> = (0..200).map(|_| state.reserve(start, GAP)).collect();
        for pair in slots.windows(2) {
            assert_eq!(pair[1] - pair[0], GAP);
        }
        for (i, first) in slots.iter().enumerate() {
            let within = slots[i..]
                .iter()
                .take_while(|t| t.duration_since(*first) < Duration::from_secs(1))
                .count();
            assert!(within <= 46, "{within} from {i}");
        }
    }

    #[test]
    fn a_request_after_a_quiet_while_goes_at_once() {
        let start = Instant::now();
        let mut state = State::default();
        assert_eq!(state.reserve(start, GAP), start);
        let later = start + Duration::from_secs(5);
        assert_eq!(state.reserve(later, GAP), later);
        assert_eq!(state.reserve(later, GAP), later + GAP);
    }

    #[test]
    fn a_429_for_the_token_pauses_every_request() {
        let start = Instant::now();
        let mut state = State::default();
        let reserved = state.reserve(start, GAP);
        let until = start + Duration::from_secs(2);
        state.paused_until = Some(until);
        assert!(!state.open_at(reserved), "a slot reserved before waits too");
        assert_eq!(state.reserve(start, GAP), until);
        assert!(state.open_at(until));
    }

    #[tokio::test(start_paused = true)]
    async fn an_open_gate_never_waits() {
        let gate = Gate::open();
        let start = Instant::now();
        for _ in 0..100 {
            gate.pass().await;
        }
        assert_eq!(Instant::now(), start);
    }
}
