//! `schocken-load --web` in small: three web tables play a few seconds against the real
//! service and web adapter, and the run's figures are there — every step reached every page,
//! latencies were recorded, nothing was refused.

use schocken_load::web::{WebLoadConfig, run};
use std::time::Duration;

#[test]
fn three_web_tables_play_and_every_push_is_measured() {
    let config = WebLoadConfig {
        duration: Duration::from_secs(3),
        warmup: Duration::from_millis(500),
        gap: (Duration::from_millis(100), Duration::from_millis(200)),
        settle: Duration::ZERO,
        ..WebLoadConfig::new(3)
    };
    let report = run(&config).expect("the web run");
    assert_eq!(report.pages, 9);
    assert_eq!(report.setup.sockets, 9, "every page's socket in the hub");
    assert!(
        report.steps >= 9,
        "the tables moved: {} steps",
        report.steps
    );
    assert_eq!(
        report.push.count as u64,
        3 * report.steps,
        "each step reached each of the table's three pages"
    );
    assert_eq!(report.answer.count as u64, report.steps);
    assert!(report.push.p50_ms > 0.0 && report.push.max_ms >= report.push.p99_ms);
    assert_eq!(report.missing, 0);
    assert_eq!(report.refused, 0, "{:?}", report.refusals);
    assert_eq!(report.refused_outside, 0);
    assert_eq!((report.unreadable, report.closed), (0, 0));
    assert!(report.memory.tables_idle.rss > 0);
    assert!(report.database_bytes > 0);
    let lines = report.lines();
    assert!(lines.iter().any(|l| l.starts_with("push latency")));
}

/// The run as `schocken-load --web N` makes it: the server in a process of its own (this
/// package's binary with `--web-serve`), its memory and CPU read from outside.
#[test]
fn the_server_apart_serves_the_pages_and_is_measured_from_outside() {
    let config = WebLoadConfig {
        duration: Duration::from_secs(2),
        warmup: Duration::from_millis(500),
        gap: (Duration::from_millis(100), Duration::from_millis(200)),
        settle: Duration::ZERO,
        server_program: Some(env!("CARGO_BIN_EXE_schocken-load").into()),
        ..WebLoadConfig::new(2)
    };
    let report = run(&config).expect("the web run");
    assert!(report.server_apart);
    assert_eq!(
        report.setup.sockets, 6,
        "the server process's hub counted them"
    );
    assert!(
        report.steps >= 4,
        "the tables moved: {} steps",
        report.steps
    );
    assert_eq!(report.push.count as u64, 3 * report.steps);
    assert_eq!((report.missing, report.refused), (0, 0));
    let idle = &report.memory.tables_idle;
    assert!(idle.rss > 0, "the server process's RSS");
    assert!(idle.pages_rss.is_some_and(|pages| pages > 0));
    assert!(report.cpu.server > 0.0 && report.cpu.process >= report.cpu.server);
    assert!(
        report.database_bytes > 0,
        "the server said its database's size"
    );
    assert!(
        report
            .lines()
            .iter()
            .any(|l| l.contains("server's process RSS"))
    );
}
