//! `schocken`: the chat bot, the terminal table, and the referee's command line.

mod cli;

use clap::Parser;
use std::process::ExitCode;

/// jemalloc instead of glibc's malloc, for Rust and for the bundled SQLite alike (unprefixed
/// `malloc`). glibc keeps what the bot frees in its per-thread arenas, so after thousands of
/// brief chats were forgotten their memory stayed resident; jemalloc hands it back.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's settings, read at its start (`MALLOC_CONF` in the environment overrides them):
/// a background thread gives unused pages back to the system a second after they were freed
/// (`muzzy_decay_ms:0`: at once with `MADV_DONTNEED`, no lazily freed pages that still count
/// as resident).
#[cfg(target_os = "linux")]
#[allow(non_upper_case_globals)]
#[unsafe(export_name = "malloc_conf")]
pub static malloc_conf: &[u8; 60] =
    b"background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0\0";

/// A database file that reaches the process's file size limit (`ulimit -f`, systemd's
/// `LimitFSIZE`) fails its write, as on a full disk, instead of SIGXFSZ ending the bot: the
/// store refuses cleanly and recovers when there is room again.
#[cfg(target_os = "linux")]
fn survive_file_size_limit() {
    // SAFETY: sets one signal's disposition to "ignore" before any other thread runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

fn main() -> ExitCode {
    #[cfg(target_os = "linux")]
    survive_file_size_limit();
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return cli::clap_failure(e),
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}
