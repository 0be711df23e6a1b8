//! Issue 27 "The table keeps its promise", end to end through the rate-limiting fakes at the
//! platforms' real pace (teloxide's Throttle and the Discord pacer on, as in production):
//!
//! - `lag`: a busy Telegram group table is at most one group gap (3 s) behind its moves,
//!   with answers to typed rolls waiting in the group's queue and a 429 on the way;
//! - `kills`: Telegram's pace survives SIGKILL: the group's writes stay within 20 a minute
//!   and a restarted process waits the gap after the killed one's last write;
//! - `strip`: Discord, a table posted anew: the old message loses its buttons also when the
//!   process is killed between the new post and that write.
//!
//! The tests take turns (one at a time): their figures are timings on a shared machine.

mod common;
#[path = "table_promise/driver.rs"]
mod driver;
#[path = "table_promise/kills.rs"]
mod kills;
#[path = "table_promise/lag.rs"]
mod lag;
#[path = "table_promise/strip.rs"]
mod strip;

use schocken_fakes::telegram::TgUser;
use tokio::sync::{Mutex, MutexGuard};

/// One test at a time: each measures timings.
static SERIAL: Mutex<()> = Mutex::const_new(());

async fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().await
}

fn anna() -> TgUser {
    TgUser::new(2701, "Anna")
}

fn ben() -> TgUser {
    TgUser::new(2702, "Ben")
}

fn carla() -> TgUser {
    TgUser::new(2703, "Carla")
}
