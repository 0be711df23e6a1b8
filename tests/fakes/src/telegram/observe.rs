//! Observing the bot: recorded requests, stored messages, flood-limit figures, waits.

use super::limits::max_in_window;
use super::{FakeTelegram, Recorded, StoredMessage, Timeout};
use serde_json::Value;
use std::time::{Duration, Instant};

impl FakeTelegram {
    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().requests.clone()
    }

    /// Calls `visit` for each request with `seq >= from` (without copying them; a load test
    /// follows hundreds of chats this way) until it returns false. Returns the position after
    /// the last one visited.
    pub fn visit_since(&self, from: u64, mut visit: impl FnMut(&Recorded) -> bool) -> u64 {
        let state = self.inner.lock();
        let mut next = from;
        for r in state
            .requests
            .iter()
            .skip(usize::try_from(from).unwrap_or(usize::MAX))
        {
            if !visit(r) {
                break;
            }
            next = r.seq + 1;
        }
        next
    }

    /// Requests with `seq >= from`.
    pub fn requests_since(&self, from: u64) -> Vec<Recorded> {
        let state = self.inner.lock();
        state
            .requests
            .iter()
            .skip(usize::try_from(from).unwrap_or(usize::MAX))
            .cloned()
            .collect()
    }

    /// The sequence number the next request will get (a cursor for `wait_for`).
    pub fn mark(&self) -> u64 {
        self.inner.lock().requests.len() as u64
    }

    /// Updates injected but not yet confirmed by the bot.
    pub fn pending_updates(&self) -> usize {
        self.inner.lock().updates.len()
    }

    /// A message of a chat (bot messages with their edits applied).
    pub fn message(&self, chat: i64, message_id: i64) -> Option<StoredMessage> {
        self.inner.lock().messages.get(&(chat, message_id)).cloned()
    }

    /// The bot's messages in a chat, oldest first.
    pub fn bot_messages(&self, chat: i64) -> Vec<StoredMessage> {
        let state = self.inner.lock();
        let mut out: Vec<StoredMessage> = state
            .messages
            .values()
            .filter(|m| m.chat_id == chat && m.from_bot)
            .cloned()
            .collect();
        out.sort_by_key(|m| m.message_id);
        out
    }

    /// The commands registered with setMyCommands for a language code ("" = default).
    pub fn my_commands(&self, language_code: &str) -> Option<Value> {
        self.inner.lock().commands.get(language_code).cloned()
    }

    /// Waits for the first request with `seq >= after` that matches.
    pub async fn wait_for(
        &self,
        after: u64,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> Result<Recorded, Timeout> {
        self.wait_until(timeout, |fake| {
            fake.requests_since(after).into_iter().find(|r| pred(r))
        })
        .await
        .map_err(|_| Timeout("a matching request".into()))
    }

    /// The (successful) answer to a callback query, if it came.
    pub fn answer(&self, callback_id: &str) -> Option<Recorded> {
        let state = self.inner.lock();
        let seq = *state.answers.get(callback_id)?;
        state.requests.get(seq as usize).cloned()
    }

    /// Waits for the answer to a callback query.
    pub async fn answer_to(
        &self,
        callback_id: &str,
        timeout: Duration,
    ) -> Result<Recorded, Timeout> {
        self.wait_until(timeout, |f| f.answer(callback_id))
            .await
            .map_err(|_| Timeout(format!("the answer to callback {callback_id}")))
    }

    /// Waits until `check` finds something, re-checking after every request the bot makes.
    pub async fn wait_until<T>(
        &self,
        timeout: Duration,
        check: impl Fn(&FakeTelegram) -> Option<T>,
    ) -> Result<T, Timeout> {
        let mut rx = self.inner.requests_tx.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            rx.borrow_and_update();
            if let Some(found) = check(self) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, rx.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => {
                    return check(self).ok_or_else(|| Timeout("a condition".into()));
                }
            }
        }
    }

    /// Waits until the bot has confirmed every injected update (its next `getUpdates`
    /// carried an offset above them).
    pub async fn wait_confirmed(&self, timeout: Duration) -> Result<(), Timeout> {
        self.wait_until(timeout, |f| (f.pending_updates() == 0).then_some(()))
            .await
            .map_err(|_| Timeout("the bot to confirm every update".into()))
    }

    // ----- flood limits --------------------------------------------------------------

    /// Every request answered 429 Too Many Requests: writes over a flood limit and injected
    /// [`Fault::RateLimited`](super::Fault::RateLimited) answers.
    pub fn rate_limited(&self) -> Vec<Recorded> {
        let state = self.inner.lock();
        state
            .requests
            .iter()
            .filter(|r| r.rate_limited())
            .cloned()
            .collect()
    }

    /// The accepted writes (answered 200) to `chat`, in arrival order (`Recorded::at`).
    pub fn accepted_writes(&self, chat: i64) -> Vec<Recorded> {
        let state = self.inner.lock();
        state
            .requests
            .iter()
            .filter(|r| r.ok() && r.is_write() && r.chat_id() == Some(chat))
            .cloned()
            .collect()
    }

    /// The largest number of accepted writes to `chat` that arrived within any 60 s (a
    /// sliding window over arrival times): at most 20 for a group while the limits hold.
    pub fn max_writes_per_minute(&self, chat: i64) -> usize {
        self.max_writes_within(chat, Duration::from_secs(60))
    }

    /// The largest number of accepted writes to `chat` that arrived within any `window`.
    pub fn max_writes_within(&self, chat: i64, window: Duration) -> usize {
        let arrivals: Vec<Instant> = self.accepted_writes(chat).iter().map(|r| r.at).collect();
        max_in_window(&arrivals, window)
    }
}
