//! The REST path of the table writes, paced by serenity's own per-bucket logic
//! ([`Ratelimit`]: wait while a bucket is used up, learn the buckets from `X-RateLimit-*`,
//! sleep out a 429 and send again) and sent to `DISCORD_API_URL` when one is set.
//!
//! Why not serenity's `Ratelimiter` itself: in serenity 0.12 it always sends to discord.com
//! and ignores the proxy URL, so with a proxy (an operator's, or the tests' fake) it cannot
//! run. This path works the same with and without a proxy, so the writes that count against a
//! channel's limits are paced the same way in production and in the tests. After its bucket,
//! every request passes the token's gate (the outbox's ordered slots of Discord's global
//! limit), and a global 429 closes that gate for everyone for a while.

use bot_core::memory::release_unused_room;
use bot_core::metrics::Metrics;
use schocken_outbox::Gate;
use serenity::all::{
    ChannelId, CreateMessage, EditMessage, ErrorResponse, HttpError, LightMethod, MessageId,
    Ratelimit, RatelimitingBucket, Request, Route,
};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Per-bucket rate-limit state, as serenity keeps it.
type Buckets = Mutex<HashMap<RatelimitingBucket, Arc<tokio::sync::Mutex<Ratelimit>>>>;

#[derive(Clone)]
pub struct Rest {
    client: reqwest::Client,
    /// `Bot <token>`; never printed.
    authorization: String,
    proxy: Option<String>,
    /// `None`: the ratelimiter is off (an operator's proxy keeps Discord's limits).
    buckets: Option<Arc<Buckets>>,
    /// 429s and retries are counted here.
    metrics: Arc<Metrics>,
}

impl fmt::Debug for Rest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rest")
            .field("proxy", &self.proxy)
            .field("ratelimiter", &self.buckets.is_some())
            .finish_non_exhaustive()
    }
}

impl Rest {
    pub fn new(
        client: reqwest::Client,
        token: &str,
        proxy: Option<String>,
        ratelimiter: bool,
        metrics: Arc<Metrics>,
    ) -> Rest {
        let token = token.trim();
        let authorization = if token.starts_with("Bot ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        };
        Rest {
            client,
            authorization,
            proxy,
            buckets: ratelimiter.then(Arc::default),
            metrics,
        }
    }

    /// Whether the bot keeps Discord's limits itself (else an operator's proxy does).
    pub fn ratelimiter(&self) -> bool {
        self.buckets.is_some()
    }

    /// Forgets the buckets nobody is using whose window has passed (or was never learnt):
    /// a fresh bucket knows as much, and a bot that wrote to many channels once would
    /// otherwise keep one per channel and route for ever. Returns how many are left.
    pub fn forget_spent_buckets(&self) -> usize {
        let Some(buckets) = &self.buckets else {
            return 0;
        };
        let now = std::time::SystemTime::now();
        let mut buckets = buckets.lock().unwrap_or_else(|p| p.into_inner());
        buckets.retain(|_, bucket| {
            if Arc::strong_count(bucket) > 1 {
                return true;
            }
            match bucket.try_lock() {
                Ok(limit) => limit.reset().is_some_and(|reset| reset > now),
                Err(_) => true,
            }
        });
        release_unused_room(&mut buckets);
        buckets.len()
    }

    /// Edits a channel message.
    pub async fn edit(
        &self,
        gate: &Gate,
        channel: ChannelId,
        message: MessageId,
        edit: &EditMessage,
    ) -> serenity::Result<()> {
        let route = Route::ChannelMessage {
            channel_id: channel,
            message_id: message,
        };
        let body = serde_json::to_vec(edit)?;
        self.send(
            gate,
            Request::new(route, LightMethod::Patch).body(Some(body)),
        )
        .await
        .map(drop)
    }

    /// Posts a message in a channel; returns its id.
    pub async fn post(
        &self,
        gate: &Gate,
        channel: ChannelId,
        message: &CreateMessage,
    ) -> serenity::Result<MessageId> {
        let route = Route::ChannelMessages {
            channel_id: channel,
        };
        let body = serde_json::to_vec(message)?;
        let response = self
            .send(
                gate,
                Request::new(route, LightMethod::Post).body(Some(body)),
            )
            .await?;
        let posted: serde_json::Value = serde_json::from_slice(&response.bytes().await?)?;
        posted["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .filter(|id| *id != 0)
            .map(MessageId::new)
            .ok_or_else(|| serenity::Error::Other("a posted message without an id"))
    }

    /// Sends `req` when its bucket allows; a 429 is slept out and sent again (as serenity's
    /// `Ratelimiter::perform` does). Anything but 2xx is an error.
    async fn send(&self, gate: &Gate, req: Request<'_>) -> serenity::Result<reqwest::Response> {
        let bucket = self.buckets.as_ref().map(|buckets| {
            buckets
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(req.route_ref().ratelimiting_bucket())
                .or_default()
                .clone()
        });
        loop {
            // The bucket first: its wait can be seconds, and a global slot taken before it
            // would send late, in the same second as later slots.
            if let Some(bucket) = &bucket {
                bucket.lock().await.pre_hook(&req, &|_| {}).await;
            }
            gate.pass().await;
            let request = req
                .clone()
                .build(&self.client, &self.authorization, self.proxy.as_deref())?
                .build()?;
            let response = self.client.execute(request).await?;
            if let Some(wait) = global_wait(&response) {
                gate.pause_for(wait);
            }
            let again = match &bucket {
                Some(bucket) => {
                    bucket
                        .lock()
                        .await
                        .post_hook(&response, &req, &|_| {}, false)
                        .await?
                }
                None => false,
            };
            if again {
                if response.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
                    self.metrics.platform_error("discord", "rate_limited");
                }
                self.metrics.platform_retry("discord");
                continue;
            }
            if response.status().is_success() {
                return Ok(response);
            }
            let method = req.method_ref().reqwest_method();
            return Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(
                ErrorResponse::from_response(response, method).await,
            )));
        }
    }
}

/// How long a global 429 asks every request to wait (`X-RateLimit-Global`, `Retry-After` in
/// seconds).
fn global_wait(response: &reqwest::Response) -> Option<Duration> {
    if response.status() != reqwest::StatusCode::TOO_MANY_REQUESTS {
        return None;
    }
    let headers = response.headers();
    let global = headers
        .get("x-ratelimit-global")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("true"));
    if !global {
        return None;
    }
    let seconds = headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(1.0);
    Some(Duration::from_secs_f64(seconds.min(60.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bucket(channel: u64) -> RatelimitingBucket {
        Route::ChannelMessages {
            channel_id: ChannelId::new(channel),
        }
        .ratelimiting_bucket()
    }

    #[test]
    fn spent_buckets_of_channels_written_once_are_forgotten() {
        let rest = Rest::new(
            reqwest::Client::new(),
            "token",
            None,
            true,
            Arc::new(Metrics::new()),
        );
        let Some(buckets) = rest.buckets.clone() else {
            panic!("the ratelimiter is on");
        };
        let in_use = Arc::new(tokio::sync::Mutex::new(Ratelimit::default()));
        {
            let mut map = buckets.lock().unwrap_or_else(|p| p.into_inner());
            for channel in 1..=100 {
                map.insert(bucket(channel), Arc::default());
            }
            map.insert(bucket(500), in_use.clone());
        }
        // Nothing learnt about 100 of them, and nobody waits on them: gone. The one a
        // write holds stays.
        assert_eq!(rest.forget_spent_buckets(), 1);
        drop(in_use);
        assert_eq!(rest.forget_spent_buckets(), 0);
    }
}
