//! Each platform's figures over the measured window: answers, latencies, writes and 429s,
//! and how current the tables' watchers saw them.

use super::STUCK_AFTER;
use crate::drive::{Arena, Seats};
use crate::report::{DiscordReport, Latency, PlatformReport, TableLag, TelegramReport};
use crate::{LAG_LIMIT, LoadConfig, check, watch};
use schocken_fakes::telegram::FakeTelegram;
use std::time::{Duration, Instant};

/// The measured window of a run: from the end of the warm-up to the players' stop.
pub(super) struct Window {
    pub(super) started: Instant,
    pub(super) from: Instant,
    pub(super) ended: Instant,
}

impl Window {
    /// The samples taken within the window.
    pub(super) fn steady(&self, samples: &[(Instant, Duration)]) -> Vec<Duration> {
        samples
            .iter()
            .filter(|(at, _)| *at >= self.from && *at < self.ended)
            .map(|(_, d)| *d)
            .collect()
    }

    /// How far the table messages were behind the moves, within the window.
    pub(super) fn lag_of(&self, lag: &watch::Lag) -> TableLag {
        let shown = self.steady(&lag.samples);
        let unshown = self.steady(&lag.unshown(self.ended));
        TableLag {
            over_limit: shown.iter().filter(|d| **d > LAG_LIMIT).count(),
            never_shown: unshown.len(),
            lag: Latency::of(shown),
        }
    }

    /// Events per second within the window.
    pub(super) fn rate_of(&self, events: &[Instant]) -> f64 {
        let within = events
            .iter()
            .filter(|at| **at >= self.from && **at < self.ended)
            .count();
        let span = self
            .ended
            .saturating_duration_since(self.from)
            .as_secs_f64();
        within as f64 / span.max(1e-9)
    }
}

/// A platform's report with its answers counted and its latencies within the window, which
/// the run's totals add up over both platforms.
#[derive(Default)]
pub(super) struct PlatformFigures<R> {
    pub(super) report: R,
    pub(super) answered: usize,
    pub(super) latencies: Vec<Duration>,
}

impl<R> PlatformFigures<R> {
    /// The same counts, with the platform's own report built around the shared one.
    pub(super) fn map<S>(self, build: impl FnOnce(R) -> S) -> PlatformFigures<S> {
        PlatformFigures {
            report: build(self.report),
            answered: self.answered,
            latencies: self.latencies,
        }
    }
}

/// What both platforms measure alike: the answers and their latency, the table lag, the
/// requests answered 429 (`rate_limited`) and the presses refused.
pub(super) fn shared_figures(
    window: &Window,
    counts: &watch::Counts,
    tables: usize,
    rate_limited: usize,
) -> PlatformFigures<PlatformReport> {
    let samples = window.steady(&counts.latencies);
    PlatformFigures {
        answered: counts.latencies.len(),
        latencies: samples.clone(),
        report: PlatformReport {
            tables,
            latency: Latency::of(samples),
            table_lag: window.lag_of(&counts.lag),
            rate_limited,
            refused: counts.refused,
        },
    }
}

/// The Discord tables' figures.
pub(super) fn discord_report(
    arena: &Arena,
    window: &Window,
    config: &LoadConfig,
    seats: &[Seats],
) -> PlatformFigures<DiscordReport> {
    let (Some(fake), Ok(w)) = (arena.discord.as_ref(), arena.discord_watch.lock()) else {
        return PlatformFigures::default();
    };
    let tables = config.discord_tables;
    let shared = shared_figures(window, &w.counts, tables, fake.rate_limited().len());
    let channels = seats.iter().map(|s| s.chat() as u64);
    shared.map(|common| DiscordReport {
        common,
        late: fake.late_answers().len(),
        rate_limited_routes: routes_of(&fake.rate_limited()),
        max_table_writes_per_5s_per_channel: channels
            .map(|c| fake.max_message_writes_in_window(c, Duration::from_secs(5)))
            .max()
            .unwrap_or(0),
        // What counts against the global limit: interaction callbacks and webhooks are
        // exempt.
        max_requests_per_second: fake.max_in_window(Duration::from_secs(1), |r| {
            r.bucket.is_some() && !r.path.starts_with("/webhooks/") && !r.rate_limited()
        }),
    })
}

/// The Telegram tables' figures.
pub(super) fn telegram_report(
    arena: &Arena,
    window: &Window,
    config: &LoadConfig,
    seats: &[Seats],
) -> PlatformFigures<TelegramReport> {
    let (Some(fake), Ok(w)) = (arena.telegram.as_ref(), arena.telegram_watch.lock()) else {
        return PlatformFigures::default();
    };
    let tables = config.telegram_tables;
    let shared = shared_figures(window, &w.counts, tables, fake.rate_limited().len());
    shared.map(|common| TelegramReport {
        common,
        private_tables: config.telegram_private.min(config.telegram_tables),
        command_latency: Latency::of(window.steady(&w.command_latencies)),
        max_writes_per_minute_per_group: seats
            .iter()
            .map(|s| fake.max_writes_per_minute(s.chat()))
            .max()
            .unwrap_or(0),
        max_writes_per_second: watch::max_in_window(&w.writes, Duration::from_secs(1)),
        writes_per_second: window.rate_of(&w.writes),
        private_tries_refused: fake
            .requests()
            .iter()
            .filter(|r| r.is_write() && r.status == 403)
            .count(),
        refused_writes: refused_writes(fake, window.started),
    })
}

/// Every write answered 429: (seconds into the run, chat, accepted writes to that chat in the
/// 60 s before it).
pub(super) fn refused_writes(fake: &FakeTelegram, started: Instant) -> Vec<(f64, i64, usize)> {
    fake.rate_limited()
        .iter()
        .map(|r| {
            let chat = r.chat_id().unwrap_or(0);
            let before = fake
                .accepted_writes(chat)
                .iter()
                .filter(|w| {
                    w.at <= r.at && r.at.saturating_duration_since(w.at) < Duration::from_secs(60)
                })
                .count();
            let at = r.at.saturating_duration_since(started).as_secs_f64();
            (at, chat, before)
        })
        .collect()
}

/// Every table version the players saw, and the games that did not move for
/// [`STUCK_AFTER`] at the end.
pub(super) fn seen_summary(arena: &Arena, ended: Instant) -> check::SeenSummary {
    let mut seen = check::SeenSummary::default();
    for s in [
        arena
            .discord_watch
            .lock()
            .map(|w| w.tables.seen.clone())
            .ok(),
        arena
            .telegram_watch
            .lock()
            .map(|w| w.tables.seen.clone())
            .ok(),
    ]
    .into_iter()
    .flatten()
    {
        seen.versions.extend(s.versions);
        for (chat, (table, at)) in &s.progress {
            if !table.finished && ended.saturating_duration_since(*at) > STUCK_AFTER {
                seen.stuck
                    .push((*chat, table.table, table.version, table.content.clone()));
            }
        }
    }
    seen
}

/// Requests by method and route (ids left out), most first.
pub(super) fn routes_of(requests: &[schocken_fakes::discord::Recorded]) -> Vec<(String, usize)> {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for r in requests {
        let route: Vec<&str> = r
            .path
            .split('/')
            .map(|part| {
                if !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()) {
                    "{id}"
                } else {
                    part
                }
            })
            .collect();
        *counts
            .entry(format!("{} {}", r.method, route.join("/")))
            .or_default() += 1;
    }
    let mut out: Vec<(String, usize)> = counts.into_iter().collect();
    out.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    out
}
