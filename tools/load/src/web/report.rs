//! The figures of a web run, and their summary for people.

use super::measure::{Cpu, Memory};
use super::table::SEATS;
use super::{WebLoadConfig, merged};
use crate::report::Latency;
use serde::Serialize;

/// Memory at the run's moments.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct MemoryPoints {
    /// The server started, no session, no socket.
    pub before: Memory,
    /// Every page connected and showed its first state (no table yet), all quiet.
    pub sockets_idle: Memory,
    /// Every table's game running, all quiet.
    pub tables_idle: Memory,
    /// The highest reading (each figure's own) within the measured window.
    pub load_max: Memory,
    pub load_end: Memory,
}

/// Bytes per socket, from the readings before any socket.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct PerSocket {
    pub rss_sockets_idle: f64,
    pub rss_tables_idle: f64,
    pub rss_load_max: f64,
    /// The server's live heap per socket (with the counting allocator).
    pub server_heap_sockets_idle: Option<f64>,
    pub server_heap_tables_idle: Option<f64>,
    pub server_heap_load_max: Option<f64>,
    /// The pages' own live heap per socket (the clients, not the bot).
    pub client_heap_sockets_idle: Option<f64>,
}

impl PerSocket {
    fn of(m: &MemoryPoints, sockets: usize) -> PerSocket {
        let n = sockets.max(1) as f64;
        let rss = |at: &Memory| (at.rss as f64 - m.before.rss as f64) / n;
        let heap = |at: Option<i64>, before: Option<i64>| Some((at? - before?) as f64 / n);
        let server = |at: &Memory| heap(at.server_heap, m.before.server_heap);
        PerSocket {
            rss_sockets_idle: rss(&m.sockets_idle),
            rss_tables_idle: rss(&m.tables_idle),
            rss_load_max: rss(&m.load_max),
            server_heap_sockets_idle: server(&m.sockets_idle),
            server_heap_tables_idle: server(&m.tables_idle),
            server_heap_load_max: server(&m.load_max),
            client_heap_sockets_idle: heap(m.sockets_idle.client_heap, m.before.client_heap),
        }
    }
}

/// How the tables set up.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Setup {
    /// From the first session to every page connected.
    pub connected_seconds: f64,
    /// From the first lobby word to every game running.
    pub seated_seconds: f64,
    /// Sockets the server's hub held with every page connected.
    pub sockets: usize,
    /// When the measured window began (unix seconds).
    pub window_from_unix: f64,
}

/// The figures of a web run.
#[derive(Clone, Debug, Serialize)]
pub struct WebReport {
    pub tables: usize,
    pub pages: usize,
    /// The server ran in a process of its own (memory and CPU are its own).
    pub server_apart: bool,
    pub cores: usize,
    pub seconds: f64,
    pub warmup_seconds: f64,
    pub gap_ms: (u64, u64),
    pub setup: Setup,
    /// Presses and lobby words sent in the measured window, and per second.
    pub steps: u64,
    pub steps_per_second: f64,
    pub games_opened: u64,
    /// State frames the pages read in the window, per second, and their mean size.
    pub states_per_second: f64,
    pub state_frame_bytes: f64,
    /// Step sent → a page read the state frame that shows it (all pages of the table).
    pub push: Latency,
    /// Step sent → the sender's own page read it.
    pub answer: Latency,
    /// Pushes slower than 50 ms, by the second of the window the step was sent in.
    pub slow_by_second: Vec<usize>,
    /// State frames that did not reach a page within 10 s.
    pub missing: u64,
    /// Notices (refusals, "busy") in the measured window, a few of their texts, and outside.
    pub refused: u64,
    pub refusals: Vec<String>,
    pub refused_outside: u64,
    pub unreadable: u64,
    /// The first frame no page could read: why, and its beginning.
    pub unreadable_first: Option<String>,
    pub closed: u64,
    /// Moments a table showed nobody a move.
    pub stalls: u64,
    pub memory: MemoryPoints,
    pub per_socket: PerSocket,
    /// CPU seconds within the measured window.
    pub cpu: Cpu,
    /// Of one core, in percent (process CPU seconds / window seconds).
    pub cpu_percent_of_core: f64,
    pub open_files_limit: u64,
    pub database_bytes: u64,
}

/// Slow pushes counted by second of the window.
fn by_second(slow: &[(usize, std::time::Duration)], seconds: f64) -> Vec<usize> {
    let mut counts = vec![0; seconds.ceil().max(1.0) as usize];
    for (second, _) in slow {
        if let Some(c) = counts.get_mut(*second) {
            *c += 1;
        }
    }
    counts
}

impl WebReport {
    pub fn new(
        config: &WebLoadConfig,
        setup: Setup,
        memory: MemoryPoints,
        cpu: Cpu,
        tallies: Vec<super::table::Tally>,
    ) -> WebReport {
        let all = merged(tallies);
        let seconds = config.duration.as_secs_f64();
        let pages = config.tables * SEATS;
        WebReport {
            tables: config.tables,
            pages,
            server_apart: config.server_program.is_some(),
            cores: std::thread::available_parallelism().map_or(0, usize::from),
            seconds,
            warmup_seconds: config.warmup.as_secs_f64(),
            gap_ms: (
                config.gap.0.as_millis() as u64,
                config.gap.1.as_millis() as u64,
            ),
            setup,
            steps: all.steps,
            steps_per_second: all.steps as f64 / seconds.max(1e-9),
            games_opened: all.games,
            states_per_second: all.states as f64 / seconds.max(1e-9),
            state_frame_bytes: all.state_bytes as f64 / all.states.max(1) as f64,
            push: Latency::of(all.push),
            answer: Latency::of(all.answer),
            slow_by_second: by_second(&all.slow, seconds),
            missing: all.missing,
            refused: all.refused,
            refusals: all.refusals,
            refused_outside: all.refused_outside,
            unreadable: all.unreadable,
            unreadable_first: all.unreadable_texts.into_iter().next(),
            closed: all.closed,
            stalls: all.stalls,
            per_socket: PerSocket::of(&memory, pages),
            memory,
            cpu,
            cpu_percent_of_core: cpu.process / seconds.max(1e-9) * 100.0,
            open_files_limit: 0,
            database_bytes: 0,
        }
    }
}
