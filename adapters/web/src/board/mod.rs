//! The tournament board and player pages (issue 35): read-only, no login, the link's signed
//! token names the tournament. One watcher per tournament asks the database for its version
//! every [`POLL`] (so a result stored by any process shows within a second) and, when it
//! moved, builds the frames once for every page; a page waits for the next version with a
//! long poll.

pub mod frames;
pub mod routes;
mod watch;

pub use watch::{Boards, Snapshot};

/// How often a watched tournament's version is read.
pub const POLL: std::time::Duration = std::time::Duration::from_millis(250);
