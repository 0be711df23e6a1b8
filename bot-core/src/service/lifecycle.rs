//! Stopping gracefully: a [`Stop`] tells adapters and timers that the process is stopping (they
//! take no new events and no new timer moves), and the service counts the commands still in
//! flight so the process can wait for them before it closes the store.

use super::Service;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::watch;

/// Says "stop" once, to every [`Stop`] made from it.
pub struct StopSender(watch::Sender<bool>);

/// Whether the process is stopping; `stopped().await` waits for it.
#[derive(Clone)]
pub struct Stop(watch::Receiver<bool>);

impl StopSender {
    pub fn stop(&self) {
        self.0.send_replace(true);
    }
}

impl Stop {
    pub fn new() -> (StopSender, Stop) {
        let (tx, rx) = watch::channel(false);
        (StopSender(tx), Stop(rx))
    }

    /// A stop that never comes (tests, the terminal).
    pub fn never() -> Stop {
        let (tx, rx) = watch::channel(false);
        // The sender is gone: `stopped` then waits forever instead of returning.
        drop(tx);
        Stop(rx)
    }

    pub fn is_stopped(&self) -> bool {
        *self.0.borrow()
    }

    /// Returns once the process is stopping.
    pub async fn stopped(&mut self) {
        if self.0.wait_for(|stop| *stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Counts one command in flight while it lives.
pub(super) struct InFlight<'a>(&'a AtomicUsize);

impl<'a> InFlight<'a> {
    pub(super) fn enter(count: &'a AtomicUsize) -> InFlight<'a> {
        count.fetch_add(1, Ordering::SeqCst);
        InFlight(count)
    }

    /// Commands in flight now, this one included.
    pub(super) fn count(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Service {
    /// Commands being handled right now.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// Waits until no command is in flight, at most `limit`; whether none is.
    pub async fn settled(&self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        while self.in_flight() > 0 {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        true
    }
}
