//! `schocken-load --web N`: N web tables of three pages each — the real service on SQLite and
//! the real web adapter on a local port, in a process of its own ([`apart`]; or in this one on
//! a thread pool of its own), and 3 × N WebSocket clients as the pages (this process's pool). Each table opens, seats its
//! players and starts over the socket, then the player to act presses a move every 1–2 s;
//! games start again when they end. The run measures how long after a press each page of the
//! table reads the state frame that shows it (push latency) and the presser's own answer,
//! counts refusals, and takes memory (per socket) and CPU. See docs/PERFORMANCE.md, "Web
//! table".

pub mod apart;
pub mod frame;
pub mod heap;
pub mod measure;
pub mod page;
pub mod pick;
pub mod report;
pub mod server;
pub mod summary;
pub mod table;

pub use report::WebReport;

use heap::Side;
use measure::{CLIENT_THREADS, Cpu, Memory, SERVER_THREADS};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::{SEATS, Shared, Tally};
use tokio::sync::{Semaphore, mpsc, watch};

/// What to run.
#[derive(Clone, Debug)]
pub struct WebLoadConfig {
    pub tables: usize,
    /// The measured window, after all tables run and the warm-up.
    pub duration: Duration,
    /// Play before the measured window.
    pub warmup: Duration,
    /// Time between two moves of a table: uniform in this range.
    pub gap: (Duration, Duration),
    pub seed: u64,
    /// Tables that open their pages and sit down at once.
    pub setting_up: usize,
    /// A quiet moment before each memory reading (jemalloc gives freed pages back after a
    /// second).
    pub settle: Duration,
    /// Keep the database here (else in a temporary directory).
    pub database: Option<PathBuf>,
    /// Run the server as `PROGRAM --web-serve N` (this tool's binary), apart from the pages;
    /// `None`: in this process.
    pub server_program: Option<PathBuf>,
}

impl WebLoadConfig {
    /// The run: `tables` tables, a move every 1–2 s, 120 s measured after 10 s.
    pub fn new(tables: usize) -> WebLoadConfig {
        WebLoadConfig {
            tables,
            duration: Duration::from_secs(120),
            warmup: Duration::from_secs(10),
            gap: (Duration::from_secs(1), Duration::from_secs(2)),
            seed: 1,
            setting_up: 32,
            settle: Duration::from_secs(3),
            database: None,
            server_program: None,
        }
    }
}

/// Where the tables are in the run.
#[derive(Clone, Copy, Debug)]
pub enum Phase {
    /// Open the sessions and sockets.
    Connect,
    /// Open the tables and start the games.
    Seat,
    /// Play.
    Play(Window),
    /// Give up (a table could not set up).
    Stop,
}

/// When the tables play and when it counts.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub start: Instant,
    pub from: Instant,
    pub until: Instant,
}

impl Window {
    pub fn measures(&self, at: Instant) -> bool {
        at >= self.from && at < self.until
    }
}

pub(crate) fn runtime(name: &'static str, side: Side) -> std::io::Result<tokio::runtime::Runtime> {
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .thread_name(name)
        // Threads stay, so that their CPU time can be read at the end of the window.
        .thread_keep_alive(Duration::from_secs(3600))
        .on_thread_start(move || heap::set_side(side))
        .enable_all()
        .build()
}

/// The server as the pages' side reaches it.
pub enum Link {
    /// In this process.
    Here(Arc<schocken_web::Web>, SocketAddr),
    /// In a process of its own.
    Apart(Box<apart::Apart>),
}

impl Link {
    fn addr(&self) -> SocketAddr {
        match self {
            Link::Here(_, addr) => *addr,
            Link::Apart(apart) => apart.addr,
        }
    }

    fn token(&self, n: usize) -> String {
        match self {
            Link::Here(web, _) => web.tokens.token(&server::place(n)),
            Link::Apart(apart) => apart.token(n),
        }
    }

    async fn sockets(&self) -> usize {
        match self {
            Link::Here(web, _) => web.hub.sockets(),
            Link::Apart(apart) => apart.sockets().await,
        }
    }

    async fn memory(&self) -> Memory {
        match self {
            Link::Here(..) => Memory::now(),
            Link::Apart(apart) => Memory::apart(apart.pid(), apart.heap().await),
        }
    }

    fn cpu(&self) -> Cpu {
        match self {
            Link::Here(..) => Cpu::now(),
            Link::Apart(apart) => Cpu::apart(apart.pid()),
        }
    }
}

/// Runs the web load and returns its figures.
pub fn run(config: &WebLoadConfig) -> anyhow::Result<WebReport> {
    let sockets = (config.tables * SEATS) as u64;
    // Both ends of every socket here, or the pages' ends only.
    let ends = if config.server_program.is_some() {
        1
    } else {
        2
    };
    let open_files = measure::open_files(ends * sockets + 256).map_err(anyhow::Error::msg)?;
    let clients = runtime(CLIENT_THREADS, Side::Client)?;
    let (mut report, database_bytes) = match &config.server_program {
        Some(program) => {
            let apart = clients.block_on(apart::Apart::start(
                program,
                config.tables,
                config.seed,
                config.database.as_deref(),
            ))?;
            let link = Arc::new(Link::Apart(Box::new(apart)));
            let run = clients.block_on(clients.spawn(coordinate(config.clone(), link.clone())));
            let bytes = match Arc::try_unwrap(link) {
                Ok(Link::Apart(apart)) => clients.block_on(apart.stop())?,
                _ => 0,
            };
            (run??, bytes)
        }
        None => run_here(config, &clients)?,
    };
    report.open_files_limit = open_files;
    report.database_bytes = database_bytes;
    Ok(report)
}

/// The server in this process, on a thread pool of its own.
fn run_here(
    config: &WebLoadConfig,
    clients: &tokio::runtime::Runtime,
) -> anyhow::Result<(WebReport, u64)> {
    let temp = tempfile::tempdir()?;
    let database = config
        .database
        .clone()
        .unwrap_or_else(|| temp.path().join("web-load.db"));
    let servers = runtime(SERVER_THREADS, Side::Server)?;
    // Started on this thread (the store's opening futures are not `Send`); its tasks run on the
    // server's pool.
    let server = servers.block_on(server::start(database, config.seed, config.tables))?;
    let link = Arc::new(Link::Here(server.web.clone(), server.addr));
    let run = clients.block_on(clients.spawn(coordinate(config.clone(), link)));
    let database_bytes = crate::bot::database_bytes(&server.database);
    servers.block_on(server.stop());
    Ok((run??, database_bytes))
}

/// Waits for one report of every table; the first failure ends the run.
async fn gather(
    ready: &mut mpsc::UnboundedReceiver<Result<(), String>>,
    tables: usize,
) -> anyhow::Result<()> {
    for _ in 0..tables {
        match ready.recv().await {
            Some(Ok(())) => {}
            Some(Err(e)) => anyhow::bail!("{e}"),
            None => anyhow::bail!("the tables went away"),
        }
    }
    Ok(())
}

/// Memory after a quiet moment.
async fn settled(config: &WebLoadConfig, link: &Link) -> Memory {
    tokio::time::sleep(config.settle).await;
    link.memory().await
}

/// The run on the pages' side: sets the tables up phase by phase, measures, collects.
async fn coordinate(config: WebLoadConfig, link: Arc<Link>) -> anyhow::Result<WebReport> {
    let mut memory = report::MemoryPoints {
        before: settled(&config, &link).await,
        ..Default::default()
    };
    let (phase, phases) = watch::channel(Phase::Connect);
    let (ready, mut readiness) = mpsc::unbounded_channel();
    let shared = Arc::new(Shared {
        addr: link.addr(),
        http: reqwest::Client::new(),
        phase: phases,
        setting_up: Semaphore::new(config.setting_up.max(1)),
        ready,
        gap: config.gap,
    });
    let tasks: Vec<_> = (0..config.tables)
        .map(|n| {
            let token = link.token(n);
            let seed = config.seed.wrapping_mul(1_000_003).wrapping_add(n as u64);
            tokio::spawn(table::run(shared.clone(), n, token, seed))
        })
        .collect();
    let mut setup = match set_up(&config, &link, &phase, &mut readiness, &mut memory).await {
        Ok(setup) => setup,
        Err(e) => {
            phase.send_replace(Phase::Stop);
            return Err(e);
        }
    };
    let start = Instant::now();
    let window = Window {
        start,
        from: start + config.warmup,
        until: start + config.warmup + config.duration,
    };
    phase.send_replace(Phase::Play(window));
    // The window's start on the wall clock, to line it up with other traces (strace, perf).
    setup.window_from_unix = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
        + config.warmup.as_secs_f64();
    let (cpu, load_max, load_end) = watch_window(window, &link).await;
    phase.send_replace(Phase::Stop);
    memory.load_max = load_max;
    memory.load_end = load_end;
    let mut tallies = Vec::with_capacity(tasks.len());
    for task in tasks {
        tallies.push(task.await.unwrap_or_default());
    }
    Ok(WebReport::new(&config, setup, memory, cpu, tallies))
}

/// Takes the tables through connecting and seating, with the memory of the quiet moments in
/// between.
async fn set_up(
    config: &WebLoadConfig,
    link: &Link,
    phase: &watch::Sender<Phase>,
    readiness: &mut mpsc::UnboundedReceiver<Result<(), String>>,
    memory: &mut report::MemoryPoints,
) -> anyhow::Result<report::Setup> {
    let started = Instant::now();
    gather(readiness, config.tables).await?;
    let connected = started.elapsed();
    let sockets = link.sockets().await;
    memory.sockets_idle = settled(config, link).await;
    let seating = Instant::now();
    phase.send_replace(Phase::Seat);
    gather(readiness, config.tables).await?;
    let seated = seating.elapsed();
    memory.tables_idle = settled(config, link).await;
    Ok(report::Setup {
        connected_seconds: connected.as_secs_f64(),
        seated_seconds: seated.as_secs_f64(),
        sockets,
        window_from_unix: 0.0,
    })
}

/// Waits through the window, reading memory every second: the CPU used within it, the
/// highest memory (each figure's own maximum) and the memory at its end.
async fn watch_window(window: Window, link: &Link) -> (Cpu, Memory, Memory) {
    tokio::time::sleep_until(window.from.into()).await;
    let cpu = link.cpu();
    let mut max = link.memory().await;
    let mut at = window.from;
    while at < window.until {
        at = (at + Duration::from_secs(1)).min(window.until);
        tokio::time::sleep_until(at.into()).await;
        let now = link.memory().await;
        max.rss = max.rss.max(now.rss);
        max.pages_rss = max.pages_rss.max(now.pages_rss);
        max.anon = max.anon.max(now.anon);
        max.server_heap = max.server_heap.max(now.server_heap);
        max.client_heap = max.client_heap.max(now.client_heap);
    }
    let used = link.cpu().since(cpu);
    (used, max, link.memory().await)
}

/// The tallies of all tables, merged.
pub(crate) fn merged(tallies: Vec<Tally>) -> Tally {
    let mut all = Tally::default();
    for t in tallies {
        all.push.extend(t.push);
        all.answer.extend(t.answer);
        all.slow.extend(t.slow);
        all.steps += t.steps;
        all.states += t.states;
        all.state_bytes += t.state_bytes;
        all.games += t.games;
        all.refused += t.refused;
        all.refused_outside += t.refused_outside;
        if all.refusals.len() < 5 {
            all.refusals.extend(t.refusals);
        }
        all.missing += t.missing;
        all.unreadable += t.unreadable;
        if all.unreadable_texts.is_empty() {
            all.unreadable_texts = t.unreadable_texts;
        }
        all.closed += t.closed;
        all.stalls += t.stalls;
    }
    all
}
