//! Giving freed memory back to the system. glibc's malloc keeps what a process frees in its
//! arenas (one per thread that allocated: tokio's workers, each SQLite connection's thread)
//! for reuse, so after a busy hour or after the service forgot thousands of idle chats the
//! memory is free but still resident, and the process only ever grows. Trimming once a minute
//! (a few milliseconds) hands the free pages back, so the resident memory follows what the
//! bot holds now: the active chats.

use bot_core::service::Stop;
use std::time::Duration;
use tokio::task::JoinHandle;

const TRIM_EVERY: Duration = Duration::from_secs(60);

/// Trims the allocator's free memory every minute until the process stops.
pub fn spawn_until(mut stop: Stop) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TRIM_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        every.tick().await;
        loop {
            tokio::select! {
                () = stop.stopped() => return,
                _ = every.tick() => trim(),
            }
        }
    })
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim() {
    // SAFETY: malloc_trim only walks glibc's own arenas under their locks; it takes no
    // pointers from us and may be called from any thread at any time.
    let released = unsafe { libc::malloc_trim(0) };
    tracing::debug!(
        released = released != 0,
        "gave free memory back to the system"
    );
}

/// Other allocators and systems return free memory themselves.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}
