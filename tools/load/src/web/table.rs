//! One web table of three pages, driven by one task: the pages open their sessions and
//! sockets, the table opens, the others join, the game starts, and then the player to act
//! presses a move every 1–2 s (uniformly at random), game after game. After every step the
//! task waits until each page has read the state frame that shows it, and notes how long
//! that took.

use super::frame::{Frame, Key, State};
use super::page::{self, Arrival, Got, Page, Visitor};
use super::pick::{self, Step, Turn};
use super::{Phase, Window};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Semaphore, mpsc, watch};

/// Players (pages) at a table.
pub const SEATS: usize = 3;
const NAMES: [&str; SEATS] = ["Anna", "Ben", "Cem"];
/// A push slower than this is noted with the second of the window it was sent in (the goal:
/// p99 below it).
pub const SLOW: Duration = Duration::from_millis(50);
/// How long after a refusal to the sender the other pages may still show the step.
const REFUSED_GRACE: Duration = Duration::from_millis(500);
/// A step whose state frame has not reached a page by then counts as missing there.
const PATIENCE: Duration = Duration::from_secs(10);

/// What every table task shares.
pub struct Shared {
    pub addr: SocketAddr,
    pub http: reqwest::Client,
    pub phase: watch::Receiver<Phase>,
    /// Tables setting up at once (opening sessions and sockets, seating).
    pub setting_up: Semaphore,
    /// Each table reports here when it is connected, and again when its game runs.
    pub ready: mpsc::UnboundedSender<Result<(), String>>,
    /// Time between two moves of a table: uniform in this range.
    pub gap: (Duration, Duration),
}

/// What one table measured and met.
#[derive(Debug, Default)]
pub struct Tally {
    /// Press (or lobby word) → a page read the state frame that shows it; every page.
    pub push: Vec<Duration>,
    /// Press → the presser's own page read it.
    pub answer: Vec<Duration>,
    /// Pushes slower than [`SLOW`]: (second of the window the step was sent in, delay).
    pub slow: Vec<(usize, Duration)>,
    /// Steps sent within the measured window.
    pub steps: u64,
    /// State frames the pages read within it, and their bytes.
    pub states: u64,
    pub state_bytes: u64,
    /// Of them, games opened.
    pub games: u64,
    /// Notices (refusals) read within the measured window, and their texts (a few).
    pub refused: u64,
    pub refusals: Vec<String>,
    /// Notices read outside it (setting up, warming up).
    pub refused_outside: u64,
    /// State frames that never reached a page within [`PATIENCE`].
    pub missing: u64,
    /// Frames no page could read (and the first of them), sockets that closed before the end.
    pub unreadable: u64,
    pub unreadable_texts: Vec<String>,
    pub closed: u64,
    /// Moments the pages showed no move to make.
    pub stalls: u64,
}

struct Driver {
    pages: Vec<Page>,
    states: Vec<State>,
    arrivals: mpsc::UnboundedReceiver<Arrival>,
    names: Vec<String>,
    tally: Tally,
    /// Notices count as refusals from here on (the measured window).
    counting: Option<Window>,
}

/// Runs table `n` (its token `token`) through every phase; returns what it measured.
pub async fn run(shared: Arc<Shared>, n: usize, token: String, seed: u64) -> Tally {
    let mut phase = shared.phase.clone();
    let connected = async {
        let _permit = shared.setting_up.acquire().await?;
        Driver::connect(&shared, n, &token).await
    }
    .await;
    let mut driver = match connected {
        Ok(driver) => {
            let _ = shared.ready.send(Ok(()));
            driver
        }
        Err(e) => {
            let _ = shared.ready.send(Err(format!("table {n}: {e:#}")));
            return Tally::default();
        }
    };
    if !matches!(
        wait_past(&mut phase, |p| matches!(p, Phase::Connect)).await,
        Phase::Seat
    ) {
        return driver.tally;
    }
    let seated = async {
        let _permit = shared
            .setting_up
            .acquire()
            .await
            .map_err(|e| e.to_string())?;
        driver.seat().await
    }
    .await;
    let _ = shared
        .ready
        .send(seated.map_err(|e| format!("table {n}: {e}")));
    if let Phase::Play(window) = wait_past(&mut phase, |p| matches!(p, Phase::Seat)).await {
        driver.play(window, &shared, seed).await;
        // The sockets stay open until the run has taken its last readings.
        wait_past(&mut phase, |p| matches!(p, Phase::Play(_))).await;
    }
    for page in driver.pages.drain(..) {
        page.close().await;
    }
    driver.tally
}

/// The first phase that is not `done` (the run stops if the coordinator went away).
async fn wait_past(phase: &mut watch::Receiver<Phase>, done: fn(&Phase) -> bool) -> Phase {
    let next = phase.wait_for(|p| !done(p)).await.map(|p| *p);
    next.unwrap_or(Phase::Stop)
}

impl Driver {
    /// The three pages open their sessions and sockets and read their first state.
    async fn connect(shared: &Shared, n: usize, token: &str) -> anyhow::Result<Driver> {
        let (tx, arrivals) = mpsc::unbounded_channel();
        let mut pages = Vec::with_capacity(SEATS);
        for (seat, name) in NAMES.iter().enumerate() {
            let visitor = Visitor {
                user_id: super::server::visitor(n, seat),
                name,
                token,
            };
            let session = page::session(&shared.http, shared.addr, &visitor).await?;
            pages.push(Page::connect(shared.addr, &session, seat, tx.clone()).await?);
        }
        let mut driver = Driver {
            pages,
            states: vec![State::default(); SEATS],
            arrivals,
            names: NAMES.map(String::from).to_vec(),
            tally: Tally::default(),
            counting: None,
        };
        let first = driver.reflect(None, Instant::now(), SEATS).await;
        if first.missing > 0 {
            anyhow::bail!("{} pages got no first state", first.missing);
        }
        Ok(driver)
    }

    /// Opens the table, seats the others, starts the game.
    async fn seat(&mut self) -> Result<(), String> {
        let mut turn = Turn::default();
        for _ in 0..8 {
            let running = self.states[0]
                .table
                .as_ref()
                .is_some_and(|t| t.status == "running");
            if running {
                return Ok(());
            }
            let step = pick::next(&self.states, &self.names, &mut turn);
            let seen = self.step(&step).await.map_err(|e| e.to_string())?;
            if seen.missing > 0 {
                return Err(format!("{step:?} not shown to {} pages", seen.missing));
            }
        }
        Err(format!("the game did not start: {:?}", self.states[0]))
    }

    /// Plays until the window closes: a step every `gap` (staggered at the start).
    async fn play(&mut self, window: Window, shared: &Shared, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (low, high) = shared.gap;
        // The tables' first moves spread over a whole gap, so that moves arrive evenly.
        let mut next = window.start + high.mul_f64(rng.random_range(0.0..1.0));
        let mut gap = move || low + high.saturating_sub(low).mul_f64(rng.random_range(0.0..1.0));
        let mut turn = Turn::default();
        self.counting = Some(window);
        while next < window.until {
            self.idle_until(next).await;
            let step = pick::next(&self.states, &self.names, &mut turn);
            if step == Step::Wait {
                self.tally.stalls += 1;
                next = Instant::now() + low / 4;
                continue;
            }
            let Ok(seen) = self.step(&step).await else {
                self.tally.closed += 1;
                return;
            };
            next = seen.sent + gap();
            if !window.measures(seen.sent) {
                continue;
            }
            self.tally.steps += 1;
            self.tally.games += u64::from(matches!(step, Step::Say { word: "open", .. }));
            self.tally.missing += seen.missing;
            self.tally.push.extend(seen.push.iter().map(|(_, d)| *d));
            let second = seen.sent.duration_since(window.from).as_secs() as usize;
            for (_, d) in seen.push.iter().filter(|(_, d)| *d > SLOW) {
                self.tally.slow.push((second, *d));
            }
            self.tally.answer.extend(seen.answer);
        }
    }

    /// Sends `step` and waits until every page shows it.
    async fn step(&mut self, step: &Step) -> anyhow::Result<Seen> {
        let (page, frame) = match step {
            Step::Say { page, word } => (*page, json!({"type": "say", "text": word})),
            Step::Press { page, id } => (*page, json!({"type": "press", "id": id})),
            Step::Wait => anyhow::bail!("no step"),
        };
        let before = self.states[0].key();
        let sent = self.pages[page].send(&frame).await?;
        let mut seen = self.reflect(before, sent, page).await;
        seen.answer = seen.push.iter().find(|(p, _)| *p == page).map(|(_, d)| *d);
        Ok(seen)
    }

    /// Reads frames until every page read a state other than `before` (or [`PATIENCE`]
    /// passed): how long after `sent` each did. A notice to the sender's page (a refusal)
    /// ends the wait a moment later: a refused step shows nothing new.
    async fn reflect(&mut self, before: Option<Key>, sent: Instant, sender: usize) -> Seen {
        let mut seen = Seen {
            sent,
            push: Vec::with_capacity(SEATS),
            answer: None,
            missing: 0,
        };
        let mut pending = [true; SEATS];
        let mut deadline = tokio::time::Instant::from_std(sent + PATIENCE);
        let mut refused = false;
        while pending.iter().any(|p| *p) {
            let Ok(Some(arrival)) = tokio::time::timeout_at(deadline, self.arrivals.recv()).await
            else {
                break;
            };
            match &arrival.got {
                Got::Frame(Frame::State(state))
                    if pending[arrival.page] && (before.is_none() || state.key() != before) =>
                {
                    pending[arrival.page] = false;
                    seen.push
                        .push((arrival.page, arrival.at.duration_since(sent)));
                }
                Got::Frame(Frame::Notice(_)) if arrival.page == sender => {
                    refused = true;
                    deadline = deadline.min(tokio::time::Instant::now() + REFUSED_GRACE);
                }
                _ => {}
            }
            self.take(arrival);
        }
        if !refused {
            seen.missing = pending.iter().filter(|p| **p).count() as u64;
        }
        seen
    }

    /// Reads what arrives until `at`.
    async fn idle_until(&mut self, at: Instant) {
        let deadline = tokio::time::Instant::from_std(at);
        while let Ok(Some(arrival)) = tokio::time::timeout_at(deadline, self.arrivals.recv()).await
        {
            self.take(arrival);
        }
    }

    /// Keeps a page's newest state; counts what is not one.
    fn take(&mut self, arrival: Arrival) {
        let measured = self.counting.is_some_and(|w| w.measures(arrival.at));
        match arrival.got {
            Got::Frame(Frame::State(state)) => {
                self.states[arrival.page] = state;
                if measured {
                    self.tally.states += 1;
                    self.tally.state_bytes += arrival.bytes as u64;
                }
            }
            Got::Frame(Frame::Notice(text)) => {
                if measured {
                    self.tally.refused += 1;
                    if self.tally.refusals.len() < 3 {
                        self.tally.refusals.push(text);
                    }
                } else {
                    self.tally.refused_outside += 1;
                }
            }
            Got::Frame(Frame::Bye | Frame::Other) => {}
            Got::Unreadable(text) => {
                self.tally.unreadable += 1;
                if self.tally.unreadable_texts.is_empty() {
                    self.tally.unreadable_texts.push(text);
                }
            }
            Got::Closed => self.tally.closed += 1,
        }
    }
}

/// How a step reached the pages.
#[derive(Debug)]
struct Seen {
    sent: Instant,
    /// (page, delay) for each page that read it.
    push: Vec<(usize, Duration)>,
    /// The presser's own page.
    answer: Option<Duration>,
    missing: u64,
}
