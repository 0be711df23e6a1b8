//! What an operator watches (Prometheus' text format, served by the binary at
//! `SCHOCKEN_METRICS_ADDR`): commands answered per platform and outcome with their latency,
//! moves stored, tables open, store errors, moves decided again after another process moved
//! first, and the platforms' errors and retries as the adapters meet them.

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

type Labels = Vec<(&'static str, String)>;

/// How a command ended, as counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    Refused,
    Duplicate,
    StorageError,
    /// Refused unhandled: too many commands in flight.
    Busy,
    /// Refused at once: the database is known to be gone.
    Unreachable,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Duplicate => "duplicate",
            Outcome::StorageError => "storage_error",
            Outcome::Busy => "busy",
            Outcome::Unreachable => "unreachable",
        }
    }
}

pub struct Metrics {
    registry: Registry,
    commands: Family<Labels, Counter>,
    latency: Family<Labels, Histogram>,
    moves: Family<Labels, Counter>,
    tables_open: Gauge,
    places_in_memory: Gauge,
    store_errors: Counter,
    decided_again: Counter,
    platform_errors: Family<Labels, Counter>,
    platform_retries: Family<Labels, Counter>,
    store_up: Gauge,
    store_down_seconds: Gauge<f64, std::sync::atomic::AtomicU64>,
    store_outage_seconds: Counter<f64, std::sync::atomic::AtomicU64>,
    store_outages: Family<Labels, Counter>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

fn latency_histogram() -> Histogram {
    // 0.5 ms … about 16 s.
    Histogram::new(exponential_buckets(0.0005, 2.0, 16))
}

impl Metrics {
    pub fn new() -> Metrics {
        let store_up = Gauge::default();
        store_up.set(1);
        let mut metrics = Metrics {
            registry: Registry::with_prefix("schocken"),
            commands: Family::default(),
            latency: Family::new_with_constructor(latency_histogram as fn() -> Histogram),
            moves: Family::default(),
            tables_open: Gauge::default(),
            places_in_memory: Gauge::default(),
            store_errors: Counter::default(),
            decided_again: Counter::default(),
            platform_errors: Family::default(),
            platform_retries: Family::default(),
            store_up,
            store_down_seconds: Gauge::default(),
            store_outage_seconds: Counter::default(),
            store_outages: Family::default(),
        };
        metrics.register_traffic();
        metrics.register_store();
        metrics
    }

    /// Commands, moves, tables and the platforms' answers.
    fn register_traffic(&mut self) {
        self.registry.register(
            "commands",
            "Commands answered, by platform and outcome",
            self.commands.clone(),
        );
        self.registry.register(
            "command_seconds",
            "Time from a command's arrival at the service to its reply, by platform",
            self.latency.clone(),
        );
        self.registry.register(
            "moves",
            "Table changes stored (moves, joins, timer moves …), by platform",
            self.moves.clone(),
        );
        self.registry.register(
            "tables_open",
            "Tables in the lobby or running, as the database has them",
            self.tables_open.clone(),
        );
        self.registry.register(
            "places_in_memory",
            "Chats and topics this process holds in memory (idle ones are forgotten)",
            self.places_in_memory.clone(),
        );
        self.registry.register(
            "store_errors",
            "Commands and timer moves the database failed to store",
            self.store_errors.clone(),
        );
        self.registry.register(
            "decided_again",
            "Commands decided again because another process had moved the table first",
            self.decided_again.clone(),
        );
        self.registry.register(
            "platform_errors",
            "Failed requests to a platform, by platform and kind",
            self.platform_errors.clone(),
        );
        self.registry.register(
            "platform_retries",
            "Requests to a platform made again after a failure or a 429, by platform",
            self.platform_retries.clone(),
        );
    }

    /// The database: up or gone, and for how long.
    fn register_store(&mut self) {
        self.registry.register(
            "store_up",
            "1 while the database takes what the bot stores, 0 while it is gone",
            self.store_up.clone(),
        );
        self.registry.register(
            "store_down_seconds",
            "How long the current database outage lasts (0 while it answers)",
            self.store_down_seconds.clone(),
        );
        self.registry.register(
            "store_outage_seconds",
            "Seconds of database outages that ended",
            self.store_outage_seconds.clone(),
        );
        self.registry.register(
            "store_outages",
            "Database outages, by why it could not be used (connection, shutdown, full, \
             read_only, io …)",
            self.store_outages.clone(),
        );
    }

    /// The database is gone, for this reason (`connection`, `full` …).
    pub fn store_gone(&self, kind: &str) {
        self.store_up.set(0);
        self.store_outages
            .get_or_create(&vec![("kind", kind.to_string())])
            .inc();
    }

    /// The current outage lasts `seconds` by now.
    pub fn store_down_for(&self, seconds: f64) {
        self.store_down_seconds.set(seconds);
    }

    /// The database answers again after an outage of `seconds`.
    pub fn store_back(&self, seconds: f64) {
        self.store_up.set(1);
        self.store_down_seconds.set(0.0);
        self.store_outage_seconds.inc_by(seconds);
    }

    pub fn command(&self, platform: &str, outcome: Outcome, seconds: f64) {
        let platform = platform.to_string();
        self.commands
            .get_or_create(&vec![
                ("platform", platform.clone()),
                ("outcome", outcome.label().to_string()),
            ])
            .inc();
        self.latency
            .get_or_create(&vec![("platform", platform)])
            .observe(seconds);
    }

    pub fn moved(&self, platform: &str) {
        self.moves
            .get_or_create(&vec![("platform", platform.to_string())])
            .inc();
    }

    pub fn store_error(&self) {
        self.store_errors.inc();
    }

    pub fn decided_again(&self) {
        self.decided_again.inc();
    }

    /// A request to `platform` failed (`kind`: `rate_limited`, `transient`, `refused` …).
    pub fn platform_error(&self, platform: &str, kind: &'static str) {
        self.platform_errors
            .get_or_create(&vec![
                ("platform", platform.to_string()),
                ("kind", kind.to_string()),
            ])
            .inc();
    }

    pub fn platform_retry(&self, platform: &str) {
        self.platform_retries
            .get_or_create(&vec![("platform", platform.to_string())])
            .inc();
    }

    pub fn set_tables_open(&self, tables: i64) {
        self.tables_open.set(tables);
    }

    pub fn set_places_in_memory(&self, places: i64) {
        self.places_in_memory.set(places);
    }

    /// Everything in Prometheus' text format.
    pub fn text(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut out, &self.registry);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_appear_in_the_text_format() {
        let m = Metrics::new();
        m.command("telegram", Outcome::Ok, 0.003);
        m.command("telegram", Outcome::Refused, 0.001);
        m.moved("discord");
        m.platform_error("telegram", "rate_limited");
        m.platform_retry("telegram");
        m.set_tables_open(3);
        m.store_gone("full");
        m.store_down_for(2.5);
        let text = m.text();
        for line in [
            "schocken_commands_total{platform=\"telegram\",outcome=\"ok\"} 1",
            "schocken_commands_total{platform=\"telegram\",outcome=\"refused\"} 1",
            "schocken_moves_total{platform=\"discord\"} 1",
            "schocken_tables_open 3",
            "schocken_store_up 0",
            "schocken_store_down_seconds 2.5",
            "schocken_store_outages_total{kind=\"full\"} 1",
            "schocken_command_seconds_count{platform=\"telegram\"} 2",
            "schocken_platform_errors_total{platform=\"telegram\",kind=\"rate_limited\"} 1",
            "schocken_platform_retries_total{platform=\"telegram\"} 1",
            "schocken_store_errors_total 0",
        ] {
            assert!(text.contains(line), "{line} in\n{text}");
        }
    }
}
