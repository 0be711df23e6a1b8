//! A web run's figures for people: one line each.

use super::measure::Memory;
use super::report::WebReport;
use super::table::SEATS;
use crate::report::Latency;

fn mib(bytes: u64) -> f64 {
    bytes as f64 / 1_048_576.0
}

fn heap_mib(bytes: Option<i64>) -> String {
    bytes.map_or("-".into(), |b| format!("{:.1}", b as f64 / 1_048_576.0))
}

fn kib(bytes: Option<f64>) -> String {
    bytes.map_or("-".into(), |b| format!("{:.1}", b / 1024.0))
}

fn latency(l: &Latency) -> String {
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({})",
        l.p50_ms, l.p99_ms, l.max_ms, l.count
    )
}

fn point(name: &str, at: &Memory) -> String {
    let rss = match at.pages_rss {
        Some(pages) => format!(
            "server's process RSS {:.1} MiB ({:.1} anonymous), the pages' {:.1} MiB",
            mib(at.rss),
            mib(at.anon),
            mib(pages)
        ),
        None => format!("RSS {:.1} MiB ({:.1} anonymous)", mib(at.rss), mib(at.anon)),
    };
    format!(
        "  {name}: {rss}; live heap: server {} MiB, pages {} MiB",
        heap_mib(at.server_heap),
        heap_mib(at.client_heap)
    )
}

impl WebReport {
    /// The summary for people, one line each.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = self.run_lines();
        lines.extend(self.latency_lines());
        lines.extend(self.memory_lines());
        lines.extend(self.cpu_lines());
        lines
    }

    fn run_lines(&self) -> Vec<String> {
        vec![
            format!(
                "web tables: {} of {SEATS} pages ({} sockets), a move every {}–{} ms per table, \
                 {:.0} s measured after {:.0} s warm-up, {} cores (server, pages and load share \
                 them)",
                self.tables,
                self.pages,
                self.gap_ms.0,
                self.gap_ms.1,
                self.seconds,
                self.warmup_seconds,
                self.cores
            ),
            format!(
                "setup: all pages connected in {:.1} s ({} sockets in the hub), all tables \
                 opened, seated and started in {:.1} s",
                self.setup.connected_seconds, self.setup.sockets, self.setup.seated_seconds
            ),
            format!(
                "steps: {} = {:.0}/s ({} games opened); state frames read: {:.0}/s, {:.1} KiB \
                 each on average; pushes missing after 10 s: {}",
                self.steps,
                self.steps_per_second,
                self.games_opened,
                self.states_per_second,
                self.state_frame_bytes / 1024.0,
                self.missing
            ),
        ]
    }

    fn latency_lines(&self) -> Vec<String> {
        let refusals = if self.refusals.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.refusals.join(" | "))
        };
        vec![
            format!(
                "push latency (press → each page of the table): {}",
                latency(&self.push)
            ),
            format!(
                "answer (press → the presser's own page): {}",
                latency(&self.answer)
            ),
            self.slow_line(),
            format!(
                "refused: {} in the window{refusals}, {} outside it; unreadable frames {} (first: \
                 {}), sockets closed {}, stalls {}",
                self.refused,
                self.refused_outside,
                self.unreadable,
                self.unreadable_first.as_deref().unwrap_or("none"),
                self.closed,
                self.stalls
            ),
        ]
    }

    /// How the pushes over 50 ms spread over the window: in a few bad seconds or all along.
    fn slow_line(&self) -> String {
        let slow: usize = self.slow_by_second.iter().sum();
        let seconds = self.slow_by_second.iter().filter(|c| **c > 0).count();
        let mut worst: Vec<(usize, usize)> =
            self.slow_by_second.iter().copied().enumerate().collect();
        worst.sort_by_key(|w| std::cmp::Reverse(w.1));
        let worst: Vec<String> = worst
            .iter()
            .take(5)
            .filter(|(_, c)| *c > 0)
            .map(|(s, c)| format!("{c} at {s} s"))
            .collect();
        format!(
            "pushes over 50 ms: {slow} ({:.2} %), in {seconds} of {} seconds; most: {}",
            slow as f64 * 100.0 / self.push.count.max(1) as f64,
            self.slow_by_second.len(),
            if worst.is_empty() {
                "-".into()
            } else {
                worst.join(", ")
            }
        )
    }

    fn memory_lines(&self) -> Vec<String> {
        let m = &self.memory;
        let p = &self.per_socket;
        vec![
            "memory:".to_string(),
            point("before any socket", &m.before),
            point("all sockets idle, no table", &m.sockets_idle),
            point("all games running, idle", &m.tables_idle),
            point("under load, max", &m.load_max),
            point("under load, end", &m.load_end),
            format!(
                "per socket: {}RSS {} KiB idle, {} KiB with its table, {} KiB under load; server \
                 heap {} / {} / {} KiB; the page's own heap {} KiB",
                if self.server_apart {
                    "the server's "
                } else {
                    ""
                },
                kib(Some(p.rss_sockets_idle)),
                kib(Some(p.rss_tables_idle)),
                kib(Some(p.rss_load_max)),
                kib(p.server_heap_sockets_idle),
                kib(p.server_heap_tables_idle),
                kib(p.server_heap_load_max),
                kib(p.client_heap_sockets_idle)
            ),
        ]
    }

    fn cpu_lines(&self) -> Vec<String> {
        vec![
            format!(
                "CPU in the window: {:.1} s = {:.0} % of one core (server {} {:.1} s, pages \
                 {:.1} s); other processes on the machine meanwhile: {:.1} s",
                self.cpu.process,
                self.cpu_percent_of_core,
                if self.server_apart {
                    "process"
                } else {
                    "threads"
                },
                self.cpu.server,
                self.cpu.client,
                self.cpu.others()
            ),
            format!(
                "open-files limit {}; database {:.1} MiB",
                self.open_files_limit,
                mib(self.database_bytes)
            ),
        ]
    }
}
