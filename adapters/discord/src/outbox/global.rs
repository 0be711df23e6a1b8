//! Discord's global limit: a bot may send about 50 REST requests a second in all (interaction
//! callbacks and webhooks aside). Serenity only reacts to a global 429; the table writes of
//! many busy channels would meet one, so they take a slot here first, and a global 429 pauses
//! every channel's writes, not only the bucket that met it.

use bot_core::store::SharedPace;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// Table writes per second across all channels (Discord allows 50; the bot's other REST calls,
/// such as registering commands, need a little room).
pub const REQUESTS_PER_SECOND: usize = 45;

/// The key of the token's REST requests among the turns processes share.
const SHARED_KEY: &str = "discord:global";
/// The gap between two requests of the token (45 a second), in this process and across
/// processes. Spaced, not 45 at once: a burst's requests reach Discord over a while, and the
/// late ones would share a second with the next burst's early ones.
const GAP: Duration = Duration::from_millis(1000 / REQUESTS_PER_SECOND as u64);

#[derive(Debug, Default)]
pub struct Global {
    state: Mutex<State>,
    /// Other processes send with the same token: they take turns through the database.
    shared: Option<SharedPace>,
}

#[derive(Debug, Default)]
struct State {
    /// When the next slot is free: [`GAP`] after the last one handed out.
    next_free: Option<Instant>,
    /// A global 429 asked everyone to wait until then.
    paused_until: Option<Instant>,
}

impl State {
    /// Hands out the next free slot at or after `now`: the moment to send at. Slots go out
    /// in the order they are asked for, so each waiter sleeps once, until its own slot.
    fn reserve(&mut self, now: Instant) -> Instant {
        let mut slot = self.next_free.map_or(now, |free| free.max(now));
        if let Some(until) = self.paused_until {
            slot = slot.max(until);
        }
        self.next_free = Some(slot + GAP);
        slot
    }

    /// Whether a slot may be used at `now`: not while a global 429 that came meanwhile
    /// pauses every write.
    fn open_at(&self, now: Instant) -> bool {
        self.paused_until.is_none_or(|until| now >= until)
    }
}

impl Global {
    /// The global limit of a token that processes on one database share (`shared`), or of
    /// this process alone.
    pub fn new(shared: Option<SharedPace>) -> Global {
        Global {
            state: Mutex::default(),
            shared,
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for a slot of the global limit.
    pub async fn take(&self) {
        if let Some(shared) = &self.shared {
            shared.wait_turn(SHARED_KEY, GAP).await;
        }
        loop {
            let slot = self.state().reserve(Instant::now());
            tokio::time::sleep_until(slot).await;
            if self.state().open_at(Instant::now()) {
                return;
            }
        }
    }

    /// Discord answered a global 429: nobody writes before `until`.
    pub fn pause_until(&self, until: Instant) {
        let mut state = self.state();
        state.paused_until = Some(state.paused_until.map_or(until, |p| p.max(until)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes queued at once get slots one [`GAP`] apart: never more than Discord's 50 in
    /// any second, and no burst whose late requests would arrive together with the next
    /// burst's.
    #[test]
    fn queued_writes_get_slots_spaced_not_all_at_once() {
        let start = Instant::now();
        let mut state = State::default();
        let slots: Vec<Instant> = (0..200).map(|_| state.reserve(start)).collect();
        for pair in slots.windows(2) {
            assert_eq!(pair[1] - pair[0], GAP);
        }
        for (i, first) in slots.iter().enumerate() {
            let within = slots[i..]
                .iter()
                .take_while(|t| t.duration_since(*first) < Duration::from_secs(1))
                .count();
            assert!(within <= REQUESTS_PER_SECOND + 1, "{within} from {i}");
        }
        // 200 writes take four and a half seconds, not four bursts.
        assert!(slots[199] - slots[0] >= Duration::from_millis(4300));
    }

    #[test]
    fn a_write_after_a_quiet_while_goes_at_once() {
        let start = Instant::now();
        let mut state = State::default();
        assert_eq!(state.reserve(start), start);
        let later = start + Duration::from_secs(5);
        assert_eq!(state.reserve(later), later);
        assert_eq!(state.reserve(later), later + GAP);
    }

    #[test]
    fn a_global_429_pauses_every_write() {
        let start = Instant::now();
        let mut state = State::default();
        let reserved = state.reserve(start);
        let until = start + Duration::from_secs(2);
        state.paused_until = Some(until);
        assert!(
            !state.open_at(reserved),
            "a slot reserved before the 429 waits too"
        );
        assert_eq!(state.reserve(start), until);
        assert!(state.open_at(until));
    }
}
