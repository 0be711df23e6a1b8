//! A local fake of Discord: the REST API (axum) and the gateway (a plain websocket), both on
//! 127.0.0.1, enough for serenity 0.12 and poise 0.6 to connect, register commands and answer
//! interactions. It records every REST request (method, path, JSON or multipart body) and lets
//! a test inject `INTERACTION_CREATE` dispatches — slash commands with options, button clicks —
//! and wait for the bot's answers, with timeouts. Many interactions may be in flight at once
//! (a load test measures [`Answer::latency`] from injection to the first callback).
//!
//! Rate limits as Discord's, on by default ([`DiscordLimits`]), so serenity's ratelimiter runs
//! as in production: per-route buckets keyed by method, route and major parameter (channel,
//! guild, webhook + token) with fixed windows — creating, editing or deleting messages in a
//! channel 5 per 5 s per bucket, interaction webhooks 5 per 2 s per token, other routes 50 per
//! second — and 50 requests a second globally. Interaction callbacks are exempt and carry no
//! headers. Every other answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`,
//! `-Reset-After` and `-Bucket`; a request over a limit changes nothing and gets 429 with
//! `Retry-After` and `{"message", "retry_after", "global"}` (`X-RateLimit-Global` for the
//! global limit). [`FakeDiscord::rate_limited`] and [`FakeDiscord::max_edits_in_window`] let
//! a test check the bot's pace.
//!
//! Interactions as Discord answers them: type 4 (flag 64: ephemeral), 5 (a "thinking"
//! placeholder with the deferral's flags), 6 and 7 for components only (7 changes the clicked
//! message in place, ephemeral or not); one first response per interaction (else 400, code
//! 40060), within 3 s (else 404 Unknown interaction, code 10062). After a deferral the first
//! follow-up completes the placeholder instead of posting, keeping the deferral's visibility.
//! Ephemeral messages belong to their interaction's user ([`FakeDiscord::ephemeral_messages`]);
//! only that user can click them ([`FakeDiscord::replay_click`]: a modified client replays
//! a click on somebody else's). A message answering an interaction carries that
//! interaction's `interaction_metadata` (the user who triggered it) in every click on it.
//!
//! OAuth2 for a Discord Activity's login (`oauth.rs`): [`FakeDiscord::oauth_code`] issues a
//! code as the Embedded App SDK's `authorize` would; `POST /api/v10/oauth2/token` exchanges it
//! once with the client secret ([`CLIENT_SECRET`]); `GET /api/v10/users/@me` with
//! `Bearer <token>` names the user ([`FakeDiscord::oauth_calls`] lists these requests).
//!
//! Activities (`activities.rs`): a LAUNCH_ACTIVITY answer (callback type 12) opens an
//! instance in the clicked message's channel for the clicking user (another user's launch in
//! that channel joins it); `GET /api/v10/applications/{app}/activity-instances/{instance}`
//! with the bot's token tells its channel and users ([`FakeDiscord::activities`],
//! [`FakeDiscord::join_activity`], [`FakeDiscord::leave_activity`]).
//!
//! Gateway: an IDENTIFY (or RESUME) with a token other than the fake's is closed with 4004
//! Authentication failed. Faults for robustness tests: the fake closes the connection (with a
//! close code, or abruptly), sends op 7 RECONNECT or op 9 INVALID_SESSION, and can hold
//! RESUMEs back for a while. A session keeps every dispatch: a RESUME gets the ones the bot
//! missed, then RESUMED; while the fake itself cut the connection, new dispatches wait for
//! that RESUME.
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! use schocken_fakes::discord::{FakeDiscord, FakeUser, Slash};
//! use std::time::Duration;
//! let fake = FakeDiscord::start().await?;
//! // start the bot with DISCORD_TOKEN = fake.token(), DISCORD_API_URL = fake.api_url() …
//! fake.wait_ready(Duration::from_secs(10)).await?;
//! let anna = FakeUser::new(11, "anna");
//! let sent = fake.slash(&anna, &Slash::new("schocken").subcommand("new"))?;
//! let answer = fake.answer(&sent, Duration::from_secs(5)).await?;
//! assert!(answer.ephemeral);
//! assert!(fake.rate_limited().is_empty());
//! # Ok(()) }
//! ```

mod activities;
mod buckets;
mod gateway;
mod interactions;
mod model;
mod oauth;
mod responses;
mod rest;
mod state;

#[cfg(test)]
mod tests;

pub use activities::FakeActivity;
pub use buckets::{DiscordLimits, Rate};
pub use gateway::AUTHENTICATION_FAILED;
pub use model::{
    Answer, Call, FakeMessage, FakeUser, Injected, OptionValue, Place, Recorded, RecordedFile,
    Slash,
};
pub use oauth::{ACCESS_TOKEN_LIFETIME_SECS, CLIENT_SECRET, OAuthCall, OAuthEndpoint};

use anyhow::bail;
use axum::Router;
use serde_json::Value;
use state::{Inner, World};
use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Manage Server.
pub const MANAGE_GUILD: u64 = 1 << 5;
/// View Channel, Send Messages, Use Application Commands: an ordinary member.
pub const MEMBER_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 31);
/// Message flag: only the interaction's user sees the message.
pub const EPHEMERAL: u64 = 64;
/// Message flag: a deferral's "thinking…" placeholder.
pub const LOADING: u64 = 128;
/// The first bytes of every PNG file (a chart the bot attaches).
pub const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
/// Discord's limit for the first answer to an interaction.
pub const ANSWER_DEADLINE: Duration = Duration::from_secs(3);
/// How long an interaction's token serves follow-ups and edits.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// The bot token the fake accepts unless another is given (the end-to-end tests' token).
pub const DEFAULT_TOKEN: &str = "MTIzNDU2Nzg5MDEy.GfAkEd.sEcReT-tOkEn_do-not-log-9x7";

const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";

/// Options for [`FakeDiscord::start_with`].
#[derive(Clone, Debug)]
pub struct DiscordOptions {
    /// The bot token the gateway accepts (with or without `Bot `); others are closed with
    /// 4004.
    pub token: String,
    /// Rate limits; [`Default`] = Discord's. Only tests of the fake itself may loosen them.
    pub limits: DiscordLimits,
}

impl Default for DiscordOptions {
    fn default() -> Self {
        DiscordOptions {
            token: DEFAULT_TOKEN.to_string(),
            limits: DiscordLimits::default(),
        }
    }
}

/// The running fake. Dropping it stops its servers.
pub struct FakeDiscord {
    inner: Arc<Inner>,
    api: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// Starts REST and gateway on free ports of 127.0.0.1, with [`DEFAULT_TOKEN`] and
    /// Discord's rate limits.
    pub async fn start() -> anyhow::Result<FakeDiscord> {
        Self::start_with(DiscordOptions::default()).await
    }

    pub async fn start_with(options: DiscordOptions) -> anyhow::Result<FakeDiscord> {
        let api_listener = TcpListener::bind("127.0.0.1:0").await?;
        let gateway_listener = TcpListener::bind("127.0.0.1:0").await?;
        let api = api_listener.local_addr()?;
        let gateway = gateway_listener.local_addr()?;
        let (changed, _) = watch::channel(0);
        let inner = Arc::new(Inner {
            options,
            application_id: 1_100_000_000_000_000_001,
            bot_user_id: 1_100_000_000_000_000_002,
            guild_id: 1_200_000_000_000_000_001,
            channel_id: 1_300_000_000_000_000_001,
            gateway_url: format!("ws://{gateway}"),
            ids: AtomicU64::new(1_500_000_000_000_000_000),
            state: Mutex::new(World::default()),
            changed,
        });
        let app = Router::new().fallback(rest::rest).with_state(inner.clone());
        let rest_task = tokio::spawn(async move {
            if let Err(e) = axum::serve(api_listener, app).await {
                tracing::warn!(error = %e, "fake Discord REST stopped");
            }
        });
        let gateway_task = tokio::spawn(gateway::serve_gateway(gateway_listener, inner.clone()));
        Ok(FakeDiscord {
            inner,
            api,
            tasks: vec![rest_task, gateway_task],
        })
    }

    /// The bot token the fake accepts.
    pub fn token(&self) -> &str {
        &self.inner.options.token
    }

    /// The rate limits in force.
    pub fn limits(&self) -> &DiscordLimits {
        &self.inner.options.limits
    }

    /// The base URL for `DISCORD_API_URL` (serenity's proxy setting).
    pub fn api_url(&self) -> String {
        format!("http://{}", self.api)
    }

    pub fn gateway_url(&self) -> String {
        self.inner.gateway_url.clone()
    }

    pub fn application_id(&self) -> u64 {
        self.inner.application_id
    }

    pub fn guild_id(&self) -> u64 {
        self.inner.guild_id
    }

    pub fn channel_id(&self) -> u64 {
        self.inner.channel_id
    }

    /// The fake guild's channel, German server locale.
    pub fn place(&self) -> Place {
        Place {
            guild_id: Some(self.inner.guild_id),
            channel_id: self.inner.channel_id,
            guild_locale: Some("de".to_string()),
        }
    }

    /// The intents of the latest IDENTIFY.
    pub fn intents(&self) -> Option<u64> {
        self.inner.lock().intents
    }

    /// Whether the latest IDENTIFY carried a token (its value is not kept).
    pub fn identified_with_token(&self) -> bool {
        self.inner.lock().identified_with_token
    }

    /// How many gateway sessions identified so far (one per bot start).
    pub fn sessions(&self) -> usize {
        self.inner.lock().sessions.len()
    }

    /// The shards (`[id, total]`) of the sessions connected now.
    pub fn connected_shards(&self) -> Vec<[u64; 2]> {
        self.connected_shards_since(0)
    }

    /// The shards of the sessions connected now among those identified after the first
    /// `sessions_before` (see [`FakeDiscord::sessions`]).
    pub fn connected_shards_since(&self, sessions_before: usize) -> Vec<[u64; 2]> {
        let state = self.inner.lock();
        let mut shards: Vec<[u64; 2]> = state
            .sessions
            .iter()
            .skip(sessions_before)
            .filter(|s| s.open && s.link.is_some())
            .map(|s| s.shard)
            .collect();
        shards.sort_unstable();
        shards
    }

    /// A moderator deletes a message; `false` if there was none.
    pub fn delete_message(&self, id: u64) -> bool {
        let mut state = self.inner.lock();
        let Some(m) = state.messages.get_mut(&id).filter(|m| !m.deleted) else {
            return false;
        };
        m.deleted = true;
        drop(state);
        self.inner.notify();
        true
    }

    /// From now on, refuse to register commands (403 Missing Access).
    pub fn refuse_commands(&self) {
        self.inner.lock().refuse_commands = true;
    }

    /// The latest registered commands, as Discord stored them.
    pub fn commands(&self) -> Vec<Value> {
        self.inner.lock().commands.clone()
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.inner.lock().requests.clone()
    }

    /// Calls `visit` for each request from `seq` on (without copying them; a load test
    /// follows hundreds of tables this way) until it returns false. Returns the position
    /// after the last one visited.
    pub fn visit_since(&self, seq: usize, mut visit: impl FnMut(&Recorded) -> bool) -> usize {
        let state = self.inner.lock();
        let mut next = seq;
        for r in state.requests.get(seq..).unwrap_or_default() {
            if !visit(r) {
                break;
            }
            next = r.seq + 1;
        }
        next
    }

    pub fn requests_since(&self, seq: usize) -> Vec<Recorded> {
        let state = self.inner.lock();
        state.requests.get(seq..).unwrap_or_default().to_vec()
    }

    pub fn messages(&self) -> Vec<FakeMessage> {
        self.inner.lock().messages.values().cloned().collect()
    }

    pub fn message(&self, id: u64) -> Option<FakeMessage> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// Waits until `check` finds something in the state, or fails after `timeout`.
    async fn until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&World) -> Option<T>,
    ) -> anyhow::Result<T> {
        let mut changed = self.inner.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changed.borrow_and_update();
            if let Some(found) = check(&self.inner.lock()) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, changed.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => bail!("the fake stopped while waiting for {what}"),
                Err(_) => bail!("timed out after {timeout:?} waiting for {what}"),
            }
        }
    }

    /// Waits until a bot session identified and registered its commands after identifying.
    pub async fn wait_ready(&self, timeout: Duration) -> anyhow::Result<()> {
        self.wait_ready_after(0, timeout).await
    }

    /// Like `wait_ready`, for a session opened after the first `sessions_before` ones: after a
    /// restart the killed bot's session may still look open for a moment.
    pub async fn wait_ready_after(
        &self,
        sessions_before: usize,
        timeout: Duration,
    ) -> anyhow::Result<()> {
        self.until(timeout, "the bot to connect and register commands", |s| {
            let session = s.sessions[sessions_before.min(s.sessions.len())..]
                .iter()
                .rev()
                .find(|x| x.open)?;
            s.requests[session.identified_at..]
                .iter()
                .any(|r| matches!(r.call, Call::RegisterCommands { .. }) && r.status < 300)
                .then_some(())
        })
        .await
    }

    /// Waits for the first request from `since` on that satisfies `pred`.
    pub async fn wait_for(
        &self,
        since: usize,
        timeout: Duration,
        pred: impl Fn(&Recorded) -> bool,
    ) -> anyhow::Result<Recorded> {
        self.until(timeout, "a matching request", |s| {
            s.requests.get(since..)?.iter().find(|r| pred(r)).cloned()
        })
        .await
    }

    // ----- rate limits ---------------------------------------------------------------

    /// Every request answered 429 (a bucket or the global limit was exhausted), in order.
    pub fn rate_limited(&self) -> Vec<Recorded> {
        let state = self.inner.lock();
        state
            .requests
            .iter()
            .filter(|r| r.rate_limited())
            .cloned()
            .collect()
    }

    /// The largest number of requests matching `pred` that arrived within any `window`
    /// (sliding over `Recorded::at`).
    pub fn max_in_window(&self, window: Duration, pred: impl Fn(&Recorded) -> bool) -> usize {
        let state = self.inner.lock();
        let arrivals: Vec<Instant> = state
            .requests
            .iter()
            .filter(|r| pred(r))
            .map(|r| r.at)
            .collect();
        crate::window::max_in_window(&arrivals, window)
    }

    /// The largest number of accepted edits (`PATCH /channels/{channel}/messages/{id}`, not
    /// answered 429) of messages in `channel` within any `window`. Discord's windows are fixed,
    /// not sliding: a bot within 5 per 5 s can still show up to 10 in some sliding 5 s (the end
    /// of one window and the start of the next); [`FakeDiscord::rate_limited`] tells whether
    /// it ever went over.
    pub fn max_edits_in_window(&self, channel: u64, window: Duration) -> usize {
        self.max_in_window(window, |r| {
            !r.rate_limited()
                && matches!(r.call, Call::EditMessage { channel: c, .. } if c == channel)
        })
    }

    /// As [`FakeDiscord::max_edits_in_window`], for every message write in `channel`:
    /// creations, edits and deletions (each method its own bucket on Discord).
    pub fn max_message_writes_in_window(&self, channel: u64, window: Duration) -> usize {
        self.max_in_window(window, |r| {
            !r.rate_limited()
                && matches!(
                    r.call,
                    Call::CreateMessage { channel: c, .. }
                        | Call::EditMessage { channel: c, .. }
                        | Call::DeleteMessage { channel: c, .. }
                        if c == channel
                )
        })
    }
}
