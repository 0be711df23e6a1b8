//! Discord's global limit: a bot may send about 50 REST requests a second in all (interaction
//! callbacks and webhooks aside). Serenity only reacts to a global 429; the table writes of
//! many busy channels would meet one, so they take a slot here first, and a global 429 pauses
//! every channel's writes, not only the bucket that met it.

use bot_core::store::SharedPace;
use std::collections::VecDeque;
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
    /// Starts of the writes in the last second, oldest first.
    recent: VecDeque<Instant>,
    /// A global 429 asked everyone to wait until then.
    paused_until: Option<Instant>,
    /// The next slot is free from then on ([`GAP`] after the last one).
    next_free: Option<Instant>,
}

impl State {
    /// Takes a slot at `now`, or says how long to wait for one.
    fn try_take(&mut self, now: Instant) -> Result<(), Duration> {
        if let Some(until) = self.paused_until {
            if now < until {
                return Err(until - now);
            }
            self.paused_until = None;
        }
        if let Some(free) = self.next_free
            && now < free
        {
            return Err(free - now);
        }
        let second = Duration::from_secs(1);
        while self
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= second)
        {
            self.recent.pop_front();
        }
        if self.recent.len() < REQUESTS_PER_SECOND {
            self.recent.push_back(now);
            self.next_free = Some(now + GAP);
            return Ok(());
        }
        let oldest = self.recent.front().copied().unwrap_or(now);
        Err((oldest + second).saturating_duration_since(now))
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

    /// Waits for a slot of the global limit.
    pub async fn take(&self) {
        if let Some(shared) = &self.shared {
            shared.wait_turn(SHARED_KEY, GAP).await;
        }
        loop {
            let wait = self
                .state
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .try_take(Instant::now());
            match wait {
                Ok(()) => return,
                Err(wait) => tokio::time::sleep(wait).await,
            }
        }
    }

    /// Discord answered a global 429: nobody writes before `until`.
    pub fn pause_until(&self, until: Instant) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.paused_until = Some(state.paused_until.map_or(until, |p| p.max(until)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_forty_five_writes_start_in_any_second() {
        let start = Instant::now();
        let mut state = State::default();
        let mut taken = Vec::new();
        let mut now = start;
        while now < start + Duration::from_secs(3) {
            match state.try_take(now) {
                Ok(()) => taken.push(now),
                Err(wait) => assert!(wait <= Duration::from_secs(1), "{wait:?}"),
            }
            now += Duration::from_millis(1);
        }
        for (i, first) in taken.iter().enumerate() {
            let within = taken[i..]
                .iter()
                .take_while(|t| t.duration_since(*first) < Duration::from_secs(1))
                .count();
            assert!(within <= REQUESTS_PER_SECOND, "{within} from {i}");
        }
        assert!(
            taken.len() >= 3 * REQUESTS_PER_SECOND - 3,
            "{}",
            taken.len()
        );
    }

    /// Spaced, not in bursts: writes that queued up start one [`GAP`] apart.
    #[test]
    fn queued_writes_start_spaced_not_all_at_once() {
        let start = Instant::now();
        let mut state = State::default();
        assert_eq!(state.try_take(start), Ok(()));
        assert_eq!(state.try_take(start), Err(GAP));
        assert_eq!(state.try_take(start + GAP / 2), Err(GAP / 2));
        assert_eq!(state.try_take(start + GAP), Ok(()));
    }

    #[test]
    fn a_global_429_pauses_every_write() {
        let start = Instant::now();
        let mut state = State {
            paused_until: Some(start + Duration::from_secs(2)),
            ..State::default()
        };
        assert_eq!(state.try_take(start), Err(Duration::from_secs(2)));
        assert_eq!(state.try_take(start + Duration::from_secs(2)), Ok(()));
    }
}
