//! Counting requests in a sliding window, as the platforms' limits count them.

use std::time::{Duration, Instant};

/// The largest number of `arrivals` (sorted) within any window of length `window`: windows
/// `(t - window, t]`, as the group limit counts them.
pub fn max_in_window(arrivals: &[Instant], window: Duration) -> usize {
    let mut best = 0;
    let mut first = 0;
    for (i, t) in arrivals.iter().enumerate() {
        // `first < i`: a zero window still counts the request itself.
        while first < i && t.saturating_duration_since(arrivals[first]) >= window {
            first += 1;
        }
        best = best.max(i + 1 - first);
    }
    best
}
