//! Telegram's flood limits: 20 writes a minute per group, about one a second per chat (short
//! bursts pass), 30 a second overall. A write over a limit is answered 429 with
//! `parameters.retry_after` and changes nothing.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// The flood limits the fake enforces on writes ([`is_write_method`]).
///
/// [`Default`] is Telegram's. [`TelegramLimits::unlimited`] and other loosened values are for
/// tests of the fake itself: a bot test must keep the defaults (and the bot its `Throttle`),
/// or it proves nothing about production.
#[derive(Clone, Debug, PartialEq)]
pub struct TelegramLimits {
    /// Accepted writes per group or supergroup (chat id < 0) within `group_window`, counted
    /// over arrival times (a sliding window). Topics of a forum share their chat's count.
    pub group_writes: usize,
    pub group_window: Duration,
    /// Per chat (private ones too): a token bucket of this many writes …
    pub chat_burst: f64,
    /// … refilled at this rate (writes per second).
    pub chat_per_second: f64,
    /// Across all chats: a token bucket of this many writes …
    pub overall_burst: f64,
    /// … refilled at this rate.
    pub overall_per_second: f64,
}

impl Default for TelegramLimits {
    fn default() -> Self {
        TelegramLimits {
            group_writes: 20,
            group_window: Duration::from_secs(60),
            chat_burst: 3.0,
            chat_per_second: 1.0,
            overall_burst: 30.0,
            overall_per_second: 30.0,
        }
    }
}

impl TelegramLimits {
    /// No flood limits at all (tests of the fake only).
    pub fn unlimited() -> Self {
        TelegramLimits {
            group_writes: usize::MAX,
            group_window: Duration::from_secs(60),
            chat_burst: f64::INFINITY,
            chat_per_second: f64::INFINITY,
            overall_burst: f64::INFINITY,
            overall_per_second: f64::INFINITY,
        }
    }
}

/// Whether a Bot API method writes to a chat and counts against the flood limits: every
/// `send*` (but `sendChatAction`, which posts nothing), every `editMessage*`, and
/// `copyMessage(s)` / `forwardMessage(s)`. Not counted: `answerCallbackQuery`,
/// `deleteMessage`, `get*`, `setMyCommands`, `deleteWebhook` and the like.
pub fn is_write_method(method: &str) -> bool {
    let m = method.to_ascii_lowercase();
    (m.starts_with("send") && m != "sendchataction")
        || m.starts_with("editmessage")
        || matches!(
            m.as_str(),
            "copymessage" | "copymessages" | "forwardmessage" | "forwardmessages"
        )
}

/// A token bucket; it starts full.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Float slack: a client pacing exactly at the refill rate must not be refused by rounding.
const SLACK: f64 = 1e-9;

impl Bucket {
    fn level(this: Option<&Bucket>, burst: f64, rate: f64, now: Instant) -> f64 {
        match this {
            None => burst,
            // No limit: an infinite rate times a zero wait would be NaN.
            Some(_) if rate.is_infinite() => burst,
            Some(b) => {
                let refill = now.saturating_duration_since(b.at).as_secs_f64() * rate;
                (b.tokens + refill).min(burst)
            }
        }
    }

    /// How long until one token is there.
    fn wait(this: Option<&Bucket>, burst: f64, rate: f64, now: Instant) -> Duration {
        let level = Self::level(this, burst, rate, now);
        if level >= 1.0 - SLACK || rate <= 0.0 {
            return Duration::ZERO;
        }
        Duration::try_from_secs_f64((1.0 - level) / rate).unwrap_or(Duration::MAX)
    }

    fn take(this: &mut Option<Bucket>, burst: f64, rate: f64, now: Instant) {
        let level = Self::level(this.as_ref(), burst, rate, now);
        let at = this.map_or(now, |b| b.at.max(now));
        *this = Some(Bucket {
            tokens: (level - 1.0).max(0.0),
            at,
        });
    }
}

/// The fake's flood bookkeeping (under the state lock, so arrival order is decision order).
#[derive(Debug, Default)]
pub(super) struct Flood {
    /// Arrival times of accepted writes per group, oldest first, within the group window.
    groups: HashMap<i64, VecDeque<Instant>>,
    chats: HashMap<i64, Option<Bucket>>,
    overall: Option<Bucket>,
}

impl Flood {
    /// `None` if a write to `chat` arriving `now` is within the limits, else how long until
    /// it would be.
    pub(super) fn wait(
        &self,
        limits: &TelegramLimits,
        chat: Option<i64>,
        now: Instant,
    ) -> Option<Duration> {
        let mut wait = Bucket::wait(
            self.overall.as_ref(),
            limits.overall_burst,
            limits.overall_per_second,
            now,
        );
        if let Some(chat) = chat {
            let bucket = self.chats.get(&chat).and_then(Option::as_ref);
            wait = wait.max(Bucket::wait(
                bucket,
                limits.chat_burst,
                limits.chat_per_second,
                now,
            ));
            if chat < 0
                && let Some(arrivals) = self.groups.get(&chat)
            {
                let recent: Vec<Instant> = arrivals
                    .iter()
                    .copied()
                    .filter(|t| now.saturating_duration_since(*t) < limits.group_window)
                    .collect();
                if recent.len() >= limits.group_writes {
                    // Accepted once all but `group_writes - 1` of them are older than the
                    // window: the one at `len - group_writes` has to leave it.
                    let leaving = recent[recent.len() - limits.group_writes];
                    let gone_in = limits
                        .group_window
                        .saturating_sub(now.saturating_duration_since(leaving));
                    wait = wait.max(gone_in.max(Duration::from_nanos(1)));
                }
            }
        }
        (!wait.is_zero()).then_some(wait)
    }

    /// Counts an accepted write to `chat` arriving `now`.
    pub(super) fn take(&mut self, limits: &TelegramLimits, chat: Option<i64>, now: Instant) {
        Bucket::take(
            &mut self.overall,
            limits.overall_burst,
            limits.overall_per_second,
            now,
        );
        let Some(chat) = chat else {
            return;
        };
        Bucket::take(
            self.chats.entry(chat).or_default(),
            limits.chat_burst,
            limits.chat_per_second,
            now,
        );
        if chat < 0 {
            let arrivals = self.groups.entry(chat).or_default();
            while arrivals
                .front()
                .is_some_and(|t| now.saturating_duration_since(*t) >= limits.group_window)
            {
                arrivals.pop_front();
            }
            arrivals.push_back(now);
        }
    }
}

/// Whole seconds to tell the client (`retry_after`), at least 1.
pub(super) fn retry_after_secs(wait: Duration) -> u64 {
    (wait.as_secs_f64().ceil() as u64).max(1)
}

pub(super) use crate::window::max_in_window;

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn writes_are_sends_edits_copies_and_forwards() {
        for m in [
            "sendMessage",
            "SendDocument",
            "sendPhoto",
            "editMessageText",
            "EditMessageReplyMarkup",
            "editMessageCaption",
            "copyMessage",
            "forwardMessage",
        ] {
            assert!(is_write_method(m), "{m}");
        }
        for m in [
            "answerCallbackQuery",
            "getUpdates",
            "getMe",
            "getChatMember",
            "getWebhookInfo",
            "deleteWebhook",
            "setMyCommands",
            "deleteMessage",
            "getChat",
            "sendChatAction",
        ] {
            assert!(!is_write_method(m), "{m}");
        }
    }

    #[test]
    fn a_chat_gets_three_at_once_then_one_a_second() {
        let limits = TelegramLimits::default();
        let mut flood = Flood::default();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(flood.wait(&limits, Some(7), t0), None);
            flood.take(&limits, Some(7), t0);
        }
        let wait = flood.wait(&limits, Some(7), t0).expect("the fourth waits");
        assert!((wait.as_secs_f64() - 1.0).abs() < 1e-6, "{wait:?}");
        assert_eq!(retry_after_secs(wait), 1);
        // Another chat is not held back.
        assert_eq!(flood.wait(&limits, Some(8), t0), None);
        assert!(flood.wait(&limits, Some(7), t0 + secs(0.999)).is_some());
        assert_eq!(flood.wait(&limits, Some(7), t0 + secs(1.0)), None);
        flood.take(&limits, Some(7), t0 + secs(1.0));
        assert!(flood.wait(&limits, Some(7), t0 + secs(1.5)).is_some());
        assert_eq!(flood.wait(&limits, Some(7), t0 + secs(2.0)), None);
    }

    #[test]
    fn a_group_gets_twenty_writes_in_any_sixty_seconds() {
        let limits = TelegramLimits::default();
        let mut flood = Flood::default();
        let t0 = Instant::now();
        // One every 1.5 s: the chat bucket never holds them back.
        let at = |i: u32| t0 + secs(1.5 * f64::from(i));
        for i in 0..20 {
            assert_eq!(flood.wait(&limits, Some(-5), at(i)), None, "write {i}");
            flood.take(&limits, Some(-5), at(i));
        }
        // The 21st (at 30 s) waits until the first (at 0 s) is 60 s old.
        let wait = flood.wait(&limits, Some(-5), at(20)).expect("21st waits");
        assert!((wait.as_secs_f64() - 30.0).abs() < 1e-6, "{wait:?}");
        assert_eq!(retry_after_secs(wait), 30);
        // Just before 60 s the first still counts; at 60 s it does not.
        assert!(flood.wait(&limits, Some(-5), t0 + secs(59.999)).is_some());
        assert_eq!(flood.wait(&limits, Some(-5), t0 + secs(60.0)), None);
        flood.take(&limits, Some(-5), t0 + secs(60.0));
        // Now the second (1.5 s) must leave: 61.5 s.
        let wait = flood
            .wait(&limits, Some(-5), t0 + secs(61.0))
            .expect("the window is full again");
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-6, "{wait:?}");
        assert_eq!(retry_after_secs(wait), 1);
        // A private chat has no per-minute limit.
        let mut private = Flood::default();
        for i in 0..40 {
            let t = t0 + secs(f64::from(i));
            assert_eq!(private.wait(&limits, Some(9), t), None, "write {i}");
            private.take(&limits, Some(9), t);
        }
    }

    #[test]
    fn thirty_writes_a_second_overall() {
        let limits = TelegramLimits::default();
        let mut flood = Flood::default();
        let t0 = Instant::now();
        for chat in 1..=30 {
            assert_eq!(flood.wait(&limits, Some(chat), t0), None, "chat {chat}");
            flood.take(&limits, Some(chat), t0);
        }
        let wait = flood.wait(&limits, Some(31), t0).expect("the 31st waits");
        assert!((wait.as_secs_f64() - 1.0 / 30.0).abs() < 1e-6, "{wait:?}");
        assert_eq!(retry_after_secs(wait), 1);
        assert_eq!(flood.wait(&limits, Some(31), t0 + secs(1.0 / 30.0)), None);
    }

    #[test]
    fn unlimited_lets_everything_pass() {
        let limits = TelegramLimits::unlimited();
        let mut flood = Flood::default();
        let t0 = Instant::now();
        for _ in 0..1000 {
            assert_eq!(flood.wait(&limits, Some(-1), t0), None);
            flood.take(&limits, Some(-1), t0);
        }
    }

    #[test]
    fn max_in_window_slides_over_arrivals() {
        let t0 = Instant::now();
        let arrivals: Vec<Instant> = [0.0, 10.0, 59.0, 60.0, 61.0, 130.0]
            .iter()
            .map(|s| t0 + secs(*s))
            .collect();
        // (1, 61]: 10, 59, 60, 61; at 60 the one at 0 has left.
        assert_eq!(max_in_window(&arrivals, secs(60.0)), 4);
        assert_eq!(max_in_window(&arrivals, secs(1.0)), 1);
        assert_eq!(max_in_window(&[], secs(60.0)), 0);
    }
}
