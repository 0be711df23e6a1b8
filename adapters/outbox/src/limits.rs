//! A platform's limits as the outbox keeps them: per chat (the gap between two writes, how
//! many in a window) and per token (the gap between any two requests).

use std::time::Duration;

/// The pace of one chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChatLimits {
    /// The least time from the start of one write to the start of the next.
    pub gap_after_start: Duration,
    /// The least time from the end of one write to the start of the next (a write may have
    /// waited for its bucket before it went out, and the platform counts its arrival).
    pub gap_after_end: Duration,
    /// At most this many writes end within the window (`None`: no such limit).
    pub window: Option<(usize, Duration)>,
    /// The gap kept through the database, from start to start: across a restart, and
    /// across processes that share the database and the token.
    pub kept_gap: Duration,
    /// How long another write (a message, a cup, a strip) may wait while table states go
    /// first.
    pub hold: Duration,
}

/// The limits of one platform (one token).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The platform's name in the metrics (`discord`, `telegram`).
    pub platform: &'static str,
    /// The gap between two requests of the token in all chats (its requests a second).
    pub token_gap: Duration,
    /// The token's turns among processes, under this key (the gap is `token_gap`).
    pub token_key: &'static str,
    /// Processes that share the database may write to the same chat (Telegram webhooks
    /// behind a load balancer): they claim each table state before they show it, so a
    /// table's message only moves forward.
    pub claim_states: bool,
}

/// How often one write is tried before it is given up (the next state makes up for it).
pub const MAX_TRIES: u32 = 5;

/// The wait before the `tries`-th try of a write that failed for a passing reason: 1 s,
/// 2 s, 4 s, 8 s.
pub fn backoff(tries: u32) -> Duration {
    Duration::from_secs(1 << tries.saturating_sub(1).min(4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time() {
        let waits: Vec<u64> = (1..=5).map(|t| backoff(t).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16]);
    }
}
