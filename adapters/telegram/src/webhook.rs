//! Webhook mode, for several processes behind an HTTP load balancer: Telegram posts every
//! update to `TELOXIDE_WEBHOOK_URL`, the balancer hands it to any process, and each process
//! listens on `TELOXIDE_WEBHOOK_LISTEN` and takes only requests with the shared
//! `TELOXIDE_WEBHOOK_SECRET`. Long polling stays the default for one process. A process that
//! stops answers 503 to what comes after, and Telegram sends that again (to another process).
//! No process deletes the webhook when it stops: the others still serve it.

use crate::handlers;
use crate::send::{Api, retry};
use crate::state::App;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use bot_core::service::Stop;
use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;
use teloxide::payloads::SetWebhookSetters;
use teloxide::requests::Request as _;
use teloxide::types::{AllowedUpdate, Update, UpdateKind};
use tracing::{info, warn};

/// Where Telegram sends the updates, where this process listens, and the shared secret.
#[derive(Clone)]
pub struct WebhookConfig {
    pub url: url::Url,
    pub listen: SocketAddr,
    secret: String,
}

impl fmt::Debug for WebhookConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WebhookConfig")
            .field("url", &self.url.as_str())
            .field("listen", &self.listen)
            .field("secret", &"<redacted>")
            .finish()
    }
}

/// Where a process listens unless `TELOXIDE_WEBHOOK_LISTEN` says otherwise.
const DEFAULT_LISTEN: &str = "0.0.0.0:8443";

impl WebhookConfig {
    /// From `TELOXIDE_WEBHOOK_URL`, `TELOXIDE_WEBHOOK_LISTEN` and `TELOXIDE_WEBHOOK_SECRET`
    /// (looked up with `var`); `None` without a URL (long polling).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<Self>> {
        let Some(url) = var("TELOXIDE_WEBHOOK_URL").filter(|u| !u.trim().is_empty()) else {
            return Ok(None);
        };
        let url: url::Url = url
            .trim()
            .parse()
            .ok()
            .filter(|u: &url::Url| matches!(u.scheme(), "http" | "https"))
            .ok_or_else(|| anyhow::anyhow!("TELOXIDE_WEBHOOK_URL is no http(s) URL: {url}"))?;
        let listen = var("TELOXIDE_WEBHOOK_LISTEN")
            .filter(|l| !l.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_LISTEN.to_string());
        let listen = listen.trim().parse().map_err(|_| {
            anyhow::anyhow!("TELOXIDE_WEBHOOK_LISTEN is no address (e.g. 0.0.0.0:8443): {listen}")
        })?;
        let secret = var("TELOXIDE_WEBHOOK_SECRET").unwrap_or_default();
        let secret = secret.trim();
        let valid = (1..=256).contains(&secret.len())
            && secret
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !valid {
            anyhow::bail!(
                "TELOXIDE_WEBHOOK_SECRET is needed with TELOXIDE_WEBHOOK_URL: 1 to 256 of \
                 A-Z a-z 0-9 _ -, the same for every process"
            );
        }
        Ok(Some(WebhookConfig {
            url,
            listen,
            secret: secret.to_string(),
        }))
    }
}

/// Sets the webhook at Telegram and handles its updates until the process stops. Each
/// update is answered only once it is handled: a process that dies mid-update leaves it
/// unanswered, and Telegram sends it again (to another process; the request id makes a
/// second handling change nothing). After the stop new updates get 503 and go elsewhere;
/// those in flight are finished.
pub async fn serve<B: Api>(
    app: Arc<App<B>>,
    config: &WebhookConfig,
    mut stop: Stop,
) -> anyhow::Result<()> {
    let set = retry("setWebhook", || {
        app.bot
            .set_webhook(config.url.clone())
            .secret_token(config.secret.clone())
            .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery])
            .send()
    })
    .await;
    if let Err(e) = set {
        anyhow::bail!("Telegram refused the webhook: {}", app.redact.clean(&e));
    }
    let socket = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| anyhow::anyhow!("TELOXIDE_WEBHOOK_LISTEN={}: {e}", config.listen))?;
    info!(url = %config.url, listen = %config.listen, "connected to Telegram (webhook)");
    let hook = Arc::new(Hook {
        app,
        secret: config.secret.clone(),
        stop: stop.clone(),
    });
    let path = match config.url.path() {
        "" => "/",
        path => path,
    };
    let router = Router::new()
        .route(path, post(receive::<B>))
        .with_state(hook);
    axum::serve(socket, router)
        .with_graceful_shutdown(async move { stop.stopped().await })
        .await
        .map_err(|e| anyhow::anyhow!("the webhook listener stopped: {e}"))
}

struct Hook<B: Api> {
    app: Arc<App<B>>,
    secret: String,
    stop: Stop,
}

/// One update from Telegram: checked, handled, then answered.
async fn receive<B: Api>(
    State(hook): State<Arc<Hook<B>>>,
    headers: HeaderMap,
    body: String,
) -> StatusCode {
    let given = headers
        .get("x-telegram-bot-api-secret-token")
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    if !same_secret(given, hook.secret.as_bytes()) {
        return StatusCode::UNAUTHORIZED;
    }
    if hook.stop.is_stopped() {
        return StatusCode::SERVICE_UNAVAILABLE;
    }
    let update: Update = match serde_json::from_str(&body) {
        Ok(update) => update,
        Err(e) => {
            // Answered all the same: Telegram would send it again and again.
            warn!(error = %e, "an update that cannot be read");
            return StatusCode::OK;
        }
    };
    let app = hook.app.clone();
    let result = match update.kind.clone() {
        UpdateKind::Message(message) => handlers::on_message(app, message, update).await,
        UpdateKind::CallbackQuery(query) => handlers::on_callback(app, query).await,
        _ => Ok(()),
    };
    if let Err(e) = result {
        warn!(error = %e, "an update failed");
    }
    StatusCode::OK
}

/// Compares the secrets in time that does not depend on where they differ.
fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    given.len() == expected.len()
        && given
            .iter()
            .zip(expected)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn webhook_settings_are_checked() {
        assert!(WebhookConfig::from_vars(vars(&[])).expect("ok").is_none());
        let ok = WebhookConfig::from_vars(vars(&[
            ("TELOXIDE_WEBHOOK_URL", "https://bot.example.org/telegram"),
            ("TELOXIDE_WEBHOOK_SECRET", "s3cret_-X"),
        ]))
        .expect("valid")
        .expect("webhook");
        assert_eq!(ok.listen.to_string(), DEFAULT_LISTEN);
        assert!(
            !format!("{ok:?}").contains("s3cret"),
            "the secret is never printed"
        );
        for (pairs, needle) in [
            (
                vec![("TELOXIDE_WEBHOOK_URL", "https://x/y")],
                "TELOXIDE_WEBHOOK_SECRET is needed",
            ),
            (
                vec![
                    ("TELOXIDE_WEBHOOK_URL", "https://x/y"),
                    ("TELOXIDE_WEBHOOK_SECRET", "with space"),
                ],
                "TELOXIDE_WEBHOOK_SECRET is needed",
            ),
            (
                vec![
                    ("TELOXIDE_WEBHOOK_URL", "ftp://x/y"),
                    ("TELOXIDE_WEBHOOK_SECRET", "s"),
                ],
                "no http(s) URL",
            ),
            (
                vec![
                    ("TELOXIDE_WEBHOOK_URL", "https://x/y"),
                    ("TELOXIDE_WEBHOOK_SECRET", "s"),
                    ("TELOXIDE_WEBHOOK_LISTEN", "port 80"),
                ],
                "no address",
            ),
        ] {
            let e = WebhookConfig::from_vars(vars(&pairs)).expect_err(needle);
            assert!(e.to_string().contains(needle), "{e}");
        }
    }
}

#[cfg(test)]
mod secret_tests {
    use super::same_secret;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abc", b"abc"));
        assert!(!same_secret(b"abd", b"abc"));
        assert!(!same_secret(b"ab", b"abc"));
        assert!(!same_secret(b"", b"abc"));
    }
}
