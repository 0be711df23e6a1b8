//! Issue 27 on Telegram: a busy group table is at most one group gap behind its moves, also
//! when other writes wait in the group's queue (the answers to typed rolls) and when Telegram
//! asks the bot to wait (429).

use super::driver::{Driver, Move, reply_to, shown_version};
use super::{anna, ben, carla, serial};
use crate::common::telegram::{open_and_start, table_message};
use crate::common::{Bot, Db};
use schocken_fakes::telegram::{FakeTelegram, Fault, Recorded, TgChat};
use schocken_telegram::outbox::{GROUP_WRITES, KEPT_GROUP_GAP};
use std::time::{Duration, Instant};

/// How long the table is played.
const PLAY: Duration = Duration::from_secs(75);
/// When Telegram answers one table edit with 429.
const FAULT_AFTER: Duration = Duration::from_secs(30);
/// The wait that 429 asks for.
const RETRY_AFTER: u32 = 5;
/// How long another write (an answer) may wait while table states go first in a group: the
/// outbox's `hold` of a group (adapters/telegram/src/outbox/deliver.rs), so a busy table
/// never silences the chat. Each turn such a write takes costs the table one gap.
const HOLD: Duration = Duration::from_secs(12);
/// Beyond the gap kept between two turns: the move's way into the bot (the long poll wakes,
/// the move is stored) and the write's way to the fake after its turn (the token's gate, at
/// most 40 ms, and the HTTP round trip), on two cores the fake, the test and the bot share.
/// Measured: at most 0.01 s beyond what the rules allow.
const LATENCY: Duration = Duration::from_millis(250);

/// How one move was shown.
#[derive(Debug)]
struct Lag {
    mv: Move,
    /// How long until the table message showed it.
    lag: Duration,
    /// Writes that took a turn before it (after the pause, if it fell into one): other
    /// writes that had waited `HOLD`.
    held: usize,
    /// It fell into the pause a 429 asked for, ending then.
    paused_until: Option<Instant>,
}

/// Issue 27 "The table keeps its promise": a group table played at real pace (a move every
/// 1–2 s, by buttons and typed commands) is never more than one group gap behind, though the
/// answers to typed rolls wait in the group's queue. The only exceptions are the platform's:
/// a move in the pause a 429 asked for is shown right after the pause; and the outbox's own
/// rule that an answer which has waited `hold` (12 s) goes before the table (a busy table
/// never silences the chat), which costs the table that one gap. Before the fix an answer
/// queued ahead of the table's new state went first: "Carla's turn 5.9 s behind, 1 other
/// write ahead".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_table_is_never_more_than_one_gap_behind() {
    let _serial = serial().await;
    let fake = FakeTelegram::start().await.expect("fake Telegram");
    let db = Db::new();
    let bot = Bot::telegram(&fake, &db.path, 2027).await;
    let group = TgChat::supergroup(-100_2701, "Versprechen");
    let players = [anna(), ben(), carla()];
    open_and_start(&fake, &group, &players).await;
    let table = table_message(&fake, group.id).expect("the table message");
    // Ben and Carla type their moves; Anna presses the table's buttons.
    let typists = [ben(), carla()];
    let mut driver = Driver::new(
        &fake,
        &db,
        &group,
        &players,
        &typists,
        table.message_id,
        2701,
    )
    .await;
    let begin = Instant::now();
    let mut faulted = false;
    while begin.elapsed() < PLAY {
        if !faulted && begin.elapsed() >= FAULT_AFTER {
            fake.fail_next(
                "editMessageText",
                1,
                Fault::RateLimited {
                    retry_after: RETRY_AFTER,
                },
            );
            faulted = true;
        }
        if !driver.step().await {
            break;
        }
    }
    driver.quiet().await;
    let writes = driver.group_writes();
    let lags = lags(&driver, &writes);
    report(&driver, &writes, &lags);
    check(&driver, &writes, &lags);
    drop(bot);
}

impl Lag {
    /// The most the rules allow before the latency: one gap; or until the pause's end; and
    /// one gap more for an answer that had waited `HOLD` (never two in a row).
    fn allowed(&self) -> Duration {
        let start = self.paused_until.unwrap_or(self.mv.at + KEPT_GROUP_GAP);
        start.saturating_duration_since(self.mv.at) + KEPT_GROUP_GAP * self.held.min(1) as u32
    }
}

/// For every move: how long until an accepted edit of the table message showed its version,
/// the turns other writes that had waited `HOLD` took meanwhile, and the 429's pause it fell
/// into.
fn lags(driver: &Driver<'_>, writes: &[Recorded]) -> Vec<Lag> {
    let tables: Vec<(Instant, u64)> = writes
        .iter()
        .filter(|r| r.ok() && driver.is_table_write(r))
        .map(|r| (r.at, shown_version(r)))
        .collect();
    let pause = writes
        .iter()
        .find(|r| r.rate_limited())
        .and_then(|r| Some((r.at, r.at + Duration::from_secs(r.retry_after()?))));
    driver
        .moves
        .iter()
        .map(|mv| {
            let shown = tables
                .iter()
                .find(|(_, v)| *v >= mv.version)
                .map(|(at, _)| *at)
                .unwrap_or_else(|| {
                    timeline(driver, writes);
                    panic!("move {mv:?} never shown")
                });
            let paused_until = pause
                .filter(|(refused, until)| mv.at < *until && shown > *refused)
                .map(|(_, until)| until);
            // After a pause the table's turn was the refused write: count from its end.
            let from = paused_until.unwrap_or(mv.at);
            let held = writes
                .iter()
                .filter(|w| w.ok() && w.at > from && w.at < shown)
                .filter(|w| waited(driver, w).is_some_and(|waited| waited >= HOLD))
                .count();
            Lag {
                mv: mv.clone(),
                lag: shown - mv.at,
                held,
                paused_until,
            }
        })
        .collect()
}

/// How long an answer to a typed command waited: from the command to its arrival.
fn waited(driver: &Driver<'_>, write: &Recorded) -> Option<Duration> {
    if driver.is_table_write(write) {
        return None;
    }
    let sent = driver.typed.get(&reply_to(write)?)?;
    Some(write.at - *sent)
}

/// Every move and every group write, in seconds from the first move (for a failure).
fn timeline(driver: &Driver<'_>, writes: &[Recorded]) {
    let Some(t0) = driver.moves.first().map(|m| m.at) else {
        return;
    };
    let mut lines: Vec<(Instant, String)> = writes
        .iter()
        .map(|w| {
            let what = match waited(driver, w) {
                Some(waited) => format!("answer, waited {waited:.2?}"),
                None => format!("table v{}", shown_version(w)),
            };
            (w.at, format!("{} {what} → {}", w.method, w.status))
        })
        .collect();
    lines.extend(
        driver
            .moves
            .iter()
            .map(|m| (m.at, format!("    {} {} → v{}", m.who, m.what, m.version))),
    );
    lines.sort_by_key(|(at, _)| *at);
    for (at, line) in lines.iter().filter(|(at, _)| *at >= t0) {
        eprintln!("{:>8.3} {line}", (*at - t0).as_secs_f64());
    }
}

fn report(driver: &Driver<'_>, writes: &[Recorded], lags: &[Lag]) {
    let mut sorted: Vec<Duration> = lags.iter().map(|l| l.lag).collect();
    sorted.sort();
    let plain = lags
        .iter()
        .filter(|l| l.held == 0 && l.paused_until.is_none())
        .map(|l| l.lag)
        .max()
        .unwrap_or_default();
    let latency = lags
        .iter()
        .map(|l| l.lag.as_secs_f64() - l.allowed().as_secs_f64())
        .fold(f64::MIN, f64::max);
    let answers: Vec<String> = writes
        .iter()
        .filter_map(|w| waited(driver, w))
        .map(|w| format!("{:.1}", w.as_secs_f64()))
        .collect();
    eprintln!(
        "table promise: {} moves ({} refused), lag p50 {:?}, max {:?} ({:?} without a 429's \
         pause or a held answer); {} moves behind a held answer, {} in the 429's pause; {} \
         group writes, at most {} in a minute; at most {latency:.3} s beyond what the rules \
         allow; answers waited {answers:?} s",
        lags.len(),
        driver.refused,
        sorted.get(sorted.len() / 2).copied().unwrap_or_default(),
        sorted.last().copied().unwrap_or_default(),
        plain,
        lags.iter().filter(|l| l.held > 0).count(),
        lags.iter().filter(|l| l.paused_until.is_some()).count(),
        writes.len(),
        driver.max_writes_per_minute(),
    );
    for l in lags.iter().filter(|l| l.lag > KEPT_GROUP_GAP) {
        eprintln!(
            "  {} {} (v{}) {:?} behind, {} held answers ahead, pause {:?}",
            l.mv.who,
            l.mv.what,
            l.mv.version,
            l.lag,
            l.held,
            l.paused_until.map(|p| p.saturating_duration_since(l.mv.at))
        );
    }
}

fn check(driver: &Driver<'_>, writes: &[Recorded], lags: &[Lag]) {
    assert!(lags.len() >= 25, "{} moves", lags.len());
    assert_eq!(
        driver.refused, 0,
        "every move is made from the stored state"
    );
    // The answers to typed rolls did wait behind the table's newer states.
    let behind = writes
        .iter()
        .filter(|w| waited(driver, w).is_some_and(|waited| waited > KEPT_GROUP_GAP))
        .count();
    assert!(behind >= 3, "{behind} answers waited behind the table");
    for l in lags {
        if l.lag <= KEPT_GROUP_GAP + LATENCY {
            continue;
        }
        // Late only by the platform's pause and the outbox's own rule: one answer that had
        // waited `HOLD` may take the table's turn, never two in a row.
        let allowed = l.allowed() + LATENCY;
        if l.held > 1 || l.lag > allowed {
            timeline(driver, writes);
        }
        assert!(
            l.held <= 1 && l.lag <= allowed,
            "{} {} (v{}) shown {:?} after the move, more than one group gap behind: {} \
             answers that had waited {HOLD:?} went first, pause {:?}",
            l.mv.who,
            l.mv.what,
            l.mv.version,
            l.lag,
            l.held,
            l.paused_until.map(|p| p.saturating_duration_since(l.mv.at)),
        );
    }
    // Only the 429 the fake was told to give, and within Telegram's 20 a minute.
    let refused: Vec<&Recorded> = writes.iter().filter(|w| !w.ok()).collect();
    assert_eq!(refused.len(), 1, "one injected 429: {refused:?}");
    assert!(
        lags.iter().any(|l| l.paused_until.is_some()),
        "moves fell into the pause"
    );
    assert!(driver.max_writes_per_minute() <= GROUP_WRITES);
}
