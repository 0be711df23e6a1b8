//! The run measured from inside (Linux): resident memory, CPU time in all and split by the
//! server's and the pages' threads (or processes, when the server runs apart), live heap by
//! side, and the open-files limit that thousands of sockets need.

use super::heap::{self, Side};
use serde::Serialize;

/// Thread names of the server's runtime (the service, the web adapter).
pub const SERVER_THREADS: &str = "web-srv";
/// Thread names of the pages' runtime (the WebSocket clients, the table drivers).
pub const CLIENT_THREADS: &str = "web-load";

/// Memory at one moment.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Memory {
    /// Resident set of the server's process, bytes (with the pages when they share it).
    pub rss: u64,
    /// Its anonymous part (heap, stacks), bytes.
    pub anon: u64,
    /// Resident set of the pages' process when the server runs apart.
    pub pages_rss: Option<u64>,
    /// Live heap bytes the server's threads hold (with the counting allocator).
    pub server_heap: Option<i64>,
    /// Live heap bytes the pages' threads hold.
    pub client_heap: Option<i64>,
}

impl Memory {
    /// This process, the server's and the pages' threads in it.
    pub fn now() -> Memory {
        let kib = |field: &str| status_kib("self", field).unwrap_or(0) * 1024;
        Memory {
            rss: kib("VmRSS:"),
            anon: kib("RssAnon:"),
            pages_rss: None,
            server_heap: heap::live(Side::Server),
            client_heap: heap::live(Side::Client),
        }
    }

    /// The server in process `pid` (its live heap as it told), the pages in this one.
    pub fn apart(pid: u32, server_heap: Option<i64>) -> Memory {
        let pid = pid.to_string();
        let kib = |field: &str| status_kib(&pid, field).unwrap_or(0) * 1024;
        Memory {
            rss: kib("VmRSS:"),
            anon: kib("RssAnon:"),
            pages_rss: status_kib("self", "VmRSS:").map(|k| k * 1024),
            server_heap,
            client_heap: heap::live(Side::Client),
        }
    }
}

fn status_kib(process: &str, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// CPU seconds (user + system) at one moment.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Cpu {
    /// The whole process (`getrusage`), threads that ended included; with the server apart,
    /// both processes.
    pub process: f64,
    /// The server's threads alive now (its runtime and SQLite's workers); with the server
    /// apart, its whole process.
    pub server: f64,
    /// The pages' threads alive now.
    pub client: f64,
    /// The whole machine, every process (`/proc/stat`): what others used shows whether the
    /// run had the cores to itself.
    pub machine: f64,
}

impl Cpu {
    pub fn now() -> Cpu {
        let (server, client) = threads_cpu();
        Cpu {
            process: process_cpu(),
            server,
            client,
            machine: machine_cpu(),
        }
    }

    /// The server in process `pid`, the pages in this one.
    pub fn apart(pid: u32) -> Cpu {
        let server = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| stat_ticks(&stat))
            .map_or(0.0, |ticks| ticks as f64 / ticks_per_second());
        Cpu {
            process: process_cpu() + server,
            server,
            client: threads_cpu().1,
            machine: machine_cpu(),
        }
    }

    /// What was used since `earlier`.
    pub fn since(self, earlier: Cpu) -> Cpu {
        Cpu {
            process: self.process - earlier.process,
            server: self.server - earlier.server,
            client: self.client - earlier.client,
            machine: self.machine - earlier.machine,
        }
    }

    /// CPU seconds other processes used (of the machine's, not this process's).
    pub fn others(&self) -> f64 {
        (self.machine - self.process).max(0.0)
    }
}

/// Busy CPU seconds of the whole machine since it booted: every field of `/proc/stat`'s
/// `cpu` line but idle and iowait (guest time is already in user).
fn machine_cpu() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/stat") else {
        return 0.0;
    };
    let Some(line) = stat.lines().find(|l| l.starts_with("cpu ")) else {
        return 0.0;
    };
    let ticks: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    let busy: u64 = ticks
        .iter()
        .take(8)
        .enumerate()
        .filter(|(i, _)| *i != 3 && *i != 4)
        .map(|(_, t)| t)
        .sum();
    busy as f64 / ticks_per_second()
}

fn process_cpu() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
            return 0.0;
        }
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Clock ticks per second of `/proc/…/stat` (USER_HZ).
fn ticks_per_second() -> f64 {
    // SAFETY: sysconf only reads a setting.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if hz > 0 { hz as f64 } else { 100.0 }
}

/// CPU seconds of the live threads: (server, pages). SQLite's worker threads are the
/// server's; the main thread and the allocator's are neither.
fn threads_cpu() -> (f64, f64) {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return (0.0, 0.0);
    };
    let hz = ticks_per_second();
    let (mut server, mut client) = (0.0, 0.0);
    for task in tasks.flatten() {
        let path = task.path();
        let name = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        let Some(ticks) = std::fs::read_to_string(path.join("stat"))
            .ok()
            .and_then(|stat| stat_ticks(&stat))
        else {
            continue;
        };
        let secs = ticks as f64 / hz;
        if name.starts_with(SERVER_THREADS) || name.starts_with("sqlx") {
            server += secs;
        } else if name.starts_with(CLIENT_THREADS) {
            client += secs;
        }
    }
    (server, client)
}

/// utime + stime of a `stat` line.
fn stat_ticks(stat: &str) -> Option<u64> {
    // The name may hold spaces: the fields after it start behind the last ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// Raises the soft open-files limit to the hard one if `needed` descriptors do not fit;
/// returns the limit in force, or why it cannot serve.
pub fn open_files(needed: u64) -> Result<u64, String> {
    // SAFETY: getrlimit and setrlimit read and write the struct they are given.
    unsafe {
        let mut limit: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return Err("cannot read the open-files limit".into());
        }
        if limit.rlim_cur >= needed {
            return Ok(limit.rlim_cur);
        }
        if limit.rlim_max < needed {
            return Err(format!(
                "the run needs about {needed} open files, the hard limit is {} (ulimit -Hn)",
                limit.rlim_max
            ));
        }
        limit.rlim_cur = limit.rlim_max;
        if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) != 0 {
            return Err("cannot raise the open-files limit".into());
        }
        Ok(limit.rlim_cur)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process() {
        assert!(Memory::now().rss > 0);
        assert!(stat_ticks("1 (a b) S 0 0 0 0 0 0 0 0 0 0 7 5 0 0").is_some());
        assert_eq!(
            stat_ticks("1 (a b) S 0 0 0 0 0 0 0 0 0 0 7 5 0 0"),
            Some(12)
        );
        assert!(open_files(16).is_ok());
    }
}
