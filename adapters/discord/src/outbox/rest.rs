//! The REST path of the table writes, paced by serenity's own per-bucket logic
//! ([`Ratelimit`]: wait while a bucket is used up, learn the buckets from `X-RateLimit-*`,
//! sleep out a 429 and send again) and sent to `DISCORD_API_URL` when one is set.
//!
//! Why not serenity's `Ratelimiter` itself: in serenity 0.12 it always sends to discord.com
//! and ignores the proxy URL, so with a proxy (an operator's, or the tests' fake) it cannot
//! run. This path works the same with and without a proxy, so the writes that count against a
//! channel's limits are paced the same way in production and in the tests.

use serenity::all::{
    ChannelId, CreateMessage, EditMessage, ErrorResponse, HttpError, LightMethod, MessageId,
    Ratelimit, RatelimitingBucket, Request, Route,
};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

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
        }
    }

    /// Edits a channel message.
    pub async fn edit(
        &self,
        channel: ChannelId,
        message: MessageId,
        edit: &EditMessage,
    ) -> serenity::Result<()> {
        let route = Route::ChannelMessage {
            channel_id: channel,
            message_id: message,
        };
        let body = serde_json::to_vec(edit)?;
        self.send(Request::new(route, LightMethod::Patch).body(Some(body)))
            .await
            .map(drop)
    }

    /// Posts a message in a channel; returns its id.
    pub async fn post(
        &self,
        channel: ChannelId,
        message: &CreateMessage,
    ) -> serenity::Result<MessageId> {
        let route = Route::ChannelMessages {
            channel_id: channel,
        };
        let body = serde_json::to_vec(message)?;
        let response = self
            .send(Request::new(route, LightMethod::Post).body(Some(body)))
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
    async fn send(&self, req: Request<'_>) -> serenity::Result<reqwest::Response> {
        let bucket = self.buckets.as_ref().map(|buckets| {
            buckets
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(req.route_ref().ratelimiting_bucket())
                .or_default()
                .clone()
        });
        loop {
            if let Some(bucket) = &bucket {
                bucket.lock().await.pre_hook(&req, &|_| {}).await;
            }
            let request = req
                .clone()
                .build(&self.client, &self.authorization, self.proxy.as_deref())?
                .build()?;
            let response = self.client.execute(request).await?;
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
