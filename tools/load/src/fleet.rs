//! The bot processes of a run: one, or several on one PostgreSQL database as an operator runs
//! them — Discord split by gateway shards (`DISCORD_SHARDS=i/N`), Telegram in webhook mode
//! behind a round-robin balancer. Each process serves its metrics, so a run can read how many
//! places the processes hold in memory.

use crate::bot::{BotProcess, BotSetup};
use crate::drive::Arena;
use schocken_fakes::balancer::{Balancer, free_addr};
use schocken_fakes::scrape;
use std::time::{Duration, Instant};

/// The secret Telegram sends with each webhook update (all processes share it).
const WEBHOOK_SECRET: &str = "schocken-load-webhook-secret";

pub struct Fleet {
    bots: Vec<BotProcess>,
    /// Each process's metrics address.
    metrics: Vec<String>,
    /// Telegram updates come through the webhook (several processes), not long polling.
    webhook: bool,
    /// Hands Telegram's webhook requests to the processes in turn; lives as long as they do.
    _balancer: Option<Balancer>,
}

impl Fleet {
    /// Starts `processes` bots one after the other, each connected before the next starts.
    pub async fn start(setup: &BotSetup, processes: usize, arena: &Arena) -> anyhow::Result<Fleet> {
        let count = processes.max(1);
        let webhook = count > 1 && arena.telegram.is_some();
        let listens = (0..count)
            .map(|_| free_addr())
            .collect::<std::io::Result<Vec<_>>>()?;
        let balancer = if webhook {
            Some(Balancer::start(listens.clone()).await?)
        } else {
            None
        };
        let webhook_url = balancer
            .as_ref()
            .map(|b| format!("http://{}/telegram", b.addr));
        let mut fleet = Fleet {
            bots: Vec::with_capacity(count),
            metrics: Vec::with_capacity(count),
            webhook,
            _balancer: balancer,
        };
        for (i, listen) in listens.iter().enumerate() {
            let metrics = free_addr()?.to_string();
            let mut own = setup.clone();
            own.seed = setup.seed.wrapping_add(1_000 * i as u64);
            own.env
                .push(("SCHOCKEN_METRICS_ADDR".into(), metrics.clone()));
            if count > 1 {
                own.env
                    .push(("DISCORD_SHARDS".into(), format!("{i}/{count}")));
            }
            if let Some(url) = &webhook_url {
                own.env.extend([
                    ("TELOXIDE_WEBHOOK_URL".into(), url.clone()),
                    ("TELOXIDE_WEBHOOK_LISTEN".into(), listen.to_string()),
                    ("TELOXIDE_WEBHOOK_SECRET".into(), WEBHOOK_SECRET.into()),
                ]);
            }
            let ready = Readiness::before(arena);
            fleet.bots.push(BotProcess::start(own)?);
            fleet.metrics.push(metrics);
            ready.wait(arena, webhook).await?;
        }
        Ok(fleet)
    }

    pub fn len(&self) -> usize {
        self.bots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bots.is_empty()
    }

    /// SIGKILL process `index` and start it again; returns once it is connected.
    pub async fn restart(&mut self, index: usize, arena: &Arena) -> anyhow::Result<()> {
        let ready = Readiness::before(arena);
        if let Some(bot) = self.bots.get_mut(index) {
            bot.restart()?;
        }
        ready.wait(arena, self.webhook).await
    }

    /// Samples every process's peak memory and CPU time.
    pub fn sample(&mut self) {
        self.bots.iter_mut().for_each(BotProcess::sample_memory);
    }

    /// The processes' resident memory now, together, in MiB: all of it, and the anonymous
    /// part (heap and stacks; the rest are the binary's code pages, shared and read-only).
    pub fn resident_mib(&self) -> (f64, f64) {
        self.bots
            .iter()
            .map(BotProcess::resident_mib)
            .fold((0.0, 0.0), |(r, a), (rss, anon)| (r + rss, a + anon))
    }

    pub fn starts(&self) -> usize {
        self.bots.iter().map(|b| b.starts).sum()
    }

    /// Places (chats) the processes hold in memory together, from their metrics.
    pub async fn places_in_memory(&self) -> Option<f64> {
        let mut total = 0.0;
        for addr in &self.metrics {
            let (status, body) = scrape::get(addr, "/metrics").await.ok()?;
            if status != 200 {
                return None;
            }
            total += scrape::sample(&body, "schocken_places_in_memory")?;
        }
        Some(total)
    }

    /// Ends the run: the last samples, then SIGKILL. Returns the sum of the processes' peak
    /// memory in MiB (each process's own peak) and the CPU seconds they used together.
    pub fn stop(self) -> anyhow::Result<(f64, f64)> {
        let mut peak = 0.0;
        let mut cpu = 0.0;
        for bot in self.bots {
            let (mib, seconds) = bot.stop()?;
            peak += mib;
            cpu += seconds;
        }
        Ok((peak, cpu))
    }
}

/// What the fakes had seen before a process started, to tell when that process is connected.
struct Readiness {
    sessions: usize,
    telegram_mark: u64,
}

impl Readiness {
    fn before(arena: &Arena) -> Readiness {
        Readiness {
            sessions: arena.discord.as_ref().map_or(0, |d| d.sessions()),
            telegram_mark: arena.telegram.as_ref().map_or(0, |t| t.mark()),
        }
    }

    /// Waits until the process is connected to every fake: a new Discord session with its
    /// commands registered, and a Telegram long poll (or, in webhook mode, its webhook set).
    async fn wait(&self, arena: &Arena, webhook: bool) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(60);
        if let Some(discord) = &arena.discord {
            discord
                .wait_ready_after(
                    self.sessions,
                    deadline.saturating_duration_since(Instant::now()),
                )
                .await?;
        }
        if let Some(telegram) = &arena.telegram {
            let method = if webhook { "setWebhook" } else { "getUpdates" };
            telegram
                .wait_for(
                    self.telegram_mark,
                    deadline.saturating_duration_since(Instant::now()),
                    |r| r.is(method),
                )
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
        }
        Ok(())
    }
}
