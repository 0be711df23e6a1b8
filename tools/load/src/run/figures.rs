//! The run's own figures: the bot processes' memory and CPU, what the database stored, and
//! the report assembled from them and the platforms' figures.

use super::RunFiles;
use super::platforms::PlatformFigures;
use crate::drive::Arena;
use crate::fleet::Fleet;
use crate::report::{BriefMemory, DiscordReport, Latency, Report, TelegramReport};
use crate::{LoadConfig, baseline, check};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The bot's processes as they were at the end of the busy tables.
pub(super) struct MachineFigures {
    /// The highest resident memory (all, anonymous) after the warm-up, in MiB.
    pub(super) busy_max_mib: (f64, f64),
    /// Resident memory (all, anonymous) at the end, in MiB.
    pub(super) end_mib: (f64, f64),
    pub(super) starts: usize,
    pub(super) processes: usize,
    pub(super) peak_memory_mib: f64,
    pub(super) cpu_seconds: f64,
}

/// Takes the last memory sample, then stops the bot.
pub(super) fn stop_fleet(
    mut fleet: Fleet,
    memory: &MemoryTrace,
    busy_from: f64,
) -> anyhow::Result<MachineFigures> {
    fleet.sample();
    let busy_max_mib = memory.max_since(busy_from);
    let end_mib = fleet.resident_mib();
    let starts = fleet.starts();
    let processes = fleet.len();
    let (peak_memory_mib, cpu_seconds) = fleet.stop()?;
    Ok(MachineFigures {
        busy_max_mib,
        end_mib,
        starts,
        processes,
        peak_memory_mib,
        cpu_seconds,
    })
}

/// What the database holds at the end, and the plain sqlx loop to compare it with.
pub(super) struct StoredFigures {
    /// Where the checks read the stored tables.
    pub(super) read_url: String,
    pub(super) committed: u64,
    pub(super) games_finished: u64,
    pub(super) baseline_tx_per_second: Option<f64>,
    pub(super) ratio_to_baseline: Option<f64>,
    pub(super) database_bytes: u64,
}

/// Reads what the bot stored; on SQLite (unless `--no-baseline`) a plain sqlx loop then runs
/// as many transactions of the same size, to compare.
pub(super) async fn stored_figures(
    config: &LoadConfig,
    files: &RunFiles,
    work_dir: &Path,
    seconds: f64,
) -> anyhow::Result<StoredFigures> {
    let sqlite = files.is_sqlite();
    // The checks read a SQLite file without writing to it.
    let read_url = if sqlite {
        check::sqlite(&files.database)
    } else {
        files.url.clone()
    };
    let (committed, payload) = check::committed(&read_url).await?;
    let games_finished = check::finished_games(&read_url).await?;
    let (baseline_tx_per_second, ratio_to_baseline) = if config.baseline && sqlite && committed > 0
    {
        let rate = baseline::transactions_per_second(work_dir, committed, payload).await?;
        (Some(rate), Some(committed as f64 / seconds / rate))
    } else {
        (None, None)
    };
    Ok(StoredFigures {
        read_url,
        committed,
        games_finished,
        baseline_tx_per_second,
        ratio_to_baseline,
        database_bytes: crate::bot::stored_bytes(&files.url, &files.database).await?,
    })
}

/// Everything a run measured, by part, before it becomes the [`Report`].
pub(super) struct Figures {
    pub(super) seconds: f64,
    pub(super) brief: Option<BriefMemory>,
    pub(super) discord: PlatformFigures<DiscordReport>,
    pub(super) telegram: PlatformFigures<TelegramReport>,
    pub(super) seen: check::SeenSummary,
    pub(super) machine: MachineFigures,
    pub(super) stored: StoredFigures,
    pub(super) memory: MemoryTrace,
}

/// The report from the run's parts; the answers and latencies are totalled over both platforms.
pub(super) fn assemble_report(
    config: &LoadConfig,
    arena: &Arena,
    files: RunFiles,
    figures: Figures,
) -> Report {
    let answered = figures.discord.answered + figures.telegram.answered;
    let mut all = figures.discord.latencies;
    all.extend(figures.telegram.latencies);
    let (seconds, machine, stored) = (figures.seconds, figures.machine, figures.stored);
    Report {
        discord_tables: config.discord_tables,
        telegram_tables: config.telegram_tables,
        players: config.players,
        think_ms: config.think.as_millis() as u64,
        seconds,
        warmup_seconds: config.warmup.as_secs_f64(),
        rules: config.rules.clone(),
        sent: arena.sent.load(Ordering::Relaxed),
        answered,
        actions_per_second: answered as f64 / seconds,
        committed: stored.committed,
        committed_per_second: stored.committed as f64 / seconds,
        games_finished: arena.games_finished.load(Ordering::Relaxed),
        games_stored_finished: stored.games_finished,
        latency: Latency::of(all),
        discord: figures.discord.report,
        telegram: figures.telegram.report,
        peak_memory_mib: machine.peak_memory_mib,
        cpu_seconds: machine.cpu_seconds,
        database_bytes: stored.database_bytes,
        backend: files.backend().into(),
        processes: machine.processes,
        bot_starts: machine.starts,
        brief: figures.brief,
        memory_by_minute_mib: figures.memory.by_minute(|(rss, _)| rss),
        anonymous_by_minute_mib: figures.memory.by_minute(|(_, anon)| anon),
        memory_busy_max_mib: machine.busy_max_mib.0,
        anonymous_busy_max_mib: machine.busy_max_mib.1,
        memory_end_mib: machine.end_mib.0,
        anonymous_end_mib: machine.end_mib.1,
        baseline_tx_per_second: stored.baseline_tx_per_second,
        ratio_to_baseline: stored.ratio_to_baseline,
        database: files.database,
        database_url: stored.read_url,
        log: files.log,
        seen_versions: figures.seen.versions,
        stuck: figures.seen.stuck,
    }
}

/// Sleeps `total`, sampling the processes' memory and CPU every second.
pub(super) async fn sample_while(fleet: &mut Fleet, memory: &mut MemoryTrace, total: Duration) {
    let end = Instant::now() + total;
    while Instant::now() < end {
        fleet.sample();
        memory.push(fleet.resident_mib());
        let step = end
            .saturating_duration_since(Instant::now())
            .min(Duration::from_secs(1));
        tokio::time::sleep(step).await;
    }
}

/// The processes' resident memory together (all, anonymous), sampled about once a second.
pub(super) struct MemoryTrace {
    pub(super) start: Instant,
    pub(super) samples: Vec<(f64, (f64, f64))>,
}

impl MemoryTrace {
    pub(super) fn new() -> MemoryTrace {
        MemoryTrace {
            start: Instant::now(),
            samples: Vec::new(),
        }
    }

    pub(super) fn elapsed(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }

    pub(super) fn push(&mut self, mib: (f64, f64)) {
        if mib.0 > 0.0 {
            self.samples.push((self.elapsed(), mib));
        }
    }

    /// The highest samples from `from` seconds on.
    pub(super) fn max_since(&self, from: f64) -> (f64, f64) {
        self.samples
            .iter()
            .filter(|(at, _)| *at >= from)
            .fold((0.0, 0.0), |(r, a), (_, (rss, anon))| {
                (f64::max(r, *rss), f64::max(a, *anon))
            })
    }

    /// The last sample of each minute, of what `pick` takes.
    pub(super) fn by_minute(&self, pick: impl Fn((f64, f64)) -> f64) -> Vec<f64> {
        let mut out: Vec<f64> = Vec::new();
        for (at, mib) in &self.samples {
            let minute = (*at / 60.0) as usize;
            let value = pick(*mib);
            if out.len() <= minute {
                let last = out.last().copied().unwrap_or(value);
                out.resize(minute + 1, last);
            }
            out[minute] = value;
        }
        out
    }
}
