//! Discord Activity logins. The page asks the Embedded App SDK's `authorize` for a `code` and
//! posts it to us; we exchange it with the client secret (`POST {api}/oauth2/token`, a form
//! body, as Discord's Activity starter does: no `redirect_uri` in this flow) and hand the
//! access token back; the page passes it to the SDK's `authenticate` and opens its session
//! with it, and we ask Discord whose it is (`GET {api}/users/@me`, `Bearer`).
//!
//! Discord saying no (400, 401, 403, 404: no such instance) is a refusal ([`AuthError::Refused`], our 401); Discord
//! not answering (network, timeouts, 429, 5xx, a body that is no answer) is
//! [`AuthError::Unavailable`] (our 503). Codes and tokens are never logged; the users behind
//! tokens are cached a while (keyed by a hash of the token) so reconnects do not ask Discord
//! each time.

mod activity;

pub use activity::ActivityInstance;

use super::{AuthError, plausible_secret};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tracing::{debug, warn};

pub const DEFAULT_API_BASE: &str = "https://discord.com/api/v10";
/// How long a token's user is remembered.
pub const DEFAULT_CACHE_TTL: Duration = Duration::from_secs(5 * 60);
/// How many tokens' users are remembered at most.
pub const DEFAULT_CACHE_CAPACITY: usize = 4096;
/// One request to Discord, all in all.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Discord's answer to a code exchange. `Debug` shows no token.
#[derive(Clone, PartialEq, Eq, Deserialize)]
pub struct AccessToken {
    pub access_token: String,
    #[serde(default)]
    pub token_type: String,
    /// Seconds.
    #[serde(default)]
    pub expires_in: u64,
    #[serde(default)]
    pub scope: String,
    #[serde(default)]
    pub refresh_token: Option<String>,
}

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AccessToken")
            .field("token_type", &self.token_type)
            .field("expires_in", &self.expires_in)
            .field("scope", &self.scope)
            .finish_non_exhaustive()
    }
}

/// The user an access token belongs to (`GET /users/@me`, scope `identify`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscordUser {
    pub id: u64,
    pub username: String,
    pub global_name: Option<String>,
    /// The client's language (`de`, `en-US`, …).
    pub locale: Option<String>,
}

impl DiscordUser {
    /// The name at the table: the display name, else the username (the Discord chat adapter
    /// puts a server nickname first; an Activity's token does not tell it).
    pub fn display_name(&self) -> String {
        self.global_name
            .clone()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| self.username.clone())
    }
}

/// `/users/@me` as Discord sends it (the id a string).
#[derive(Deserialize)]
struct UserBody {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
    #[serde(default)]
    locale: Option<String>,
}

/// Discord's OAuth for our Activity. `Debug` shows no secret.
pub struct DiscordOAuth {
    client_id: String,
    client_secret: String,
    api_base: String,
    redirect_uri: Option<String>,
    http: reqwest::Client,
    cache: UserCache,
}

impl fmt::Debug for DiscordOAuth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiscordOAuth")
            .field("client_id", &self.client_id)
            .field("api_base", &self.api_base)
            .field("redirect_uri", &self.redirect_uri)
            .field("cached_users", &self.cached_users())
            .finish_non_exhaustive()
    }
}

impl DiscordOAuth {
    /// The application's OAuth client (its id and secret from the developer portal), talking
    /// to Discord itself.
    pub fn new(
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
    ) -> Result<DiscordOAuth, AuthError> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .build()
            .map_err(|e| AuthError::Unavailable(format!("no HTTP client: {e}")))?;
        Ok(DiscordOAuth::with_client(client_id, client_secret, http))
    }

    /// As [`DiscordOAuth::new`], with the HTTP client given.
    pub fn with_client(
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
        http: reqwest::Client,
    ) -> DiscordOAuth {
        DiscordOAuth {
            client_id: client_id.into(),
            client_secret: client_secret.into(),
            api_base: DEFAULT_API_BASE.to_string(),
            redirect_uri: None,
            http,
            cache: UserCache::new(DEFAULT_CACHE_TTL, DEFAULT_CACHE_CAPACITY),
        }
    }

    /// Another API address (a test's fake Discord: `http://127.0.0.1:…/api/v10`).
    pub fn with_api_base(mut self, api_base: impl Into<String>) -> DiscordOAuth {
        self.api_base = api_base.into().trim_end_matches('/').to_string();
        self
    }

    /// Sends `redirect_uri` with each exchange: only for codes from a redirect flow, which
    /// Discord wants it for; the Embedded App SDK's codes come without one.
    pub fn with_redirect_uri(mut self, uri: impl Into<String>) -> DiscordOAuth {
        self.redirect_uri = Some(uri.into());
        self
    }

    /// How long and how many tokens' users are remembered (a zero `ttl` or `capacity`:
    /// none).
    pub fn with_cache(mut self, ttl: Duration, capacity: usize) -> DiscordOAuth {
        self.cache = UserCache::new(ttl, capacity);
        self
    }

    pub fn client_id(&self) -> &str {
        &self.client_id
    }

    pub fn api_base(&self) -> &str {
        &self.api_base
    }

    /// How many tokens' users are remembered now.
    pub fn cached_users(&self) -> usize {
        self.cache.len()
    }

    /// Exchanges the code from the SDK's `authorize` for an access token.
    pub async fn exchange(&self, code: &str) -> Result<AccessToken, AuthError> {
        let code = plausible_secret(code)?;
        let mut form = vec![
            ("client_id", self.client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        if let Some(uri) = &self.redirect_uri {
            form.push(("redirect_uri", uri));
        }
        let sent = self
            .http
            .post(format!("{}/oauth2/token", self.api_base))
            .form(&form)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await;
        let body = answer(sent, "code exchange").await?;
        let token: AccessToken = serde_json::from_slice(&body)
            .map_err(|_| AuthError::Unavailable("code exchange: an odd answer".into()))?;
        // A token we could not send back to Discord ourselves is no token.
        plausible_secret(&token.access_token)
            .map_err(|_| AuthError::Unavailable("code exchange: an odd token".into()))?;
        Ok(token)
    }

    /// The user `access_token` belongs to: remembered, or asked of Discord.
    pub async fn user(&self, access_token: &str) -> Result<DiscordUser, AuthError> {
        let token = plausible_secret(access_token)?;
        let key = UserCache::key(token);
        if let Some(user) = self.cache.get(&key) {
            return Ok(user);
        }
        let sent = self
            .http
            .get(format!("{}/users/@me", self.api_base))
            .bearer_auth(token)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await;
        let body = answer(sent, "user lookup").await?;
        let user = parse_user(&body)?;
        self.cache.put(key, user.clone());
        Ok(user)
    }
}

/// The body of a successful answer; Discord's no as [`AuthError::Refused`], anything else as
/// [`AuthError::Unavailable`].
async fn answer(
    sent: Result<reqwest::Response, reqwest::Error>,
    what: &str,
) -> Result<Vec<u8>, AuthError> {
    let unavailable = |e: reqwest::Error| {
        // Without the URL: it names only Discord, but an error text needs no addresses.
        let e = e.without_url();
        warn!(error = %e, "Discord did not answer the {what}");
        AuthError::Unavailable(format!("{what}: {e}"))
    };
    let response = sent.map_err(unavailable)?;
    let status = response.status();
    let body = response.bytes().await.map_err(unavailable)?;
    if status.is_success() {
        return Ok(body.to_vec());
    }
    if matches!(status.as_u16(), 400 | 401 | 403 | 404) {
        let error = oauth_error(&body);
        debug!(
            status = status.as_u16(),
            error, "Discord refused the {what}"
        );
        let why = match error.as_str() {
            "" => status.as_u16().to_string(),
            error => format!("{} {error}", status.as_u16()),
        };
        return Err(AuthError::Refused(format!("{what}: {why}")));
    }
    warn!(
        status = status.as_u16(),
        "Discord did not answer the {what}"
    );
    Err(AuthError::Unavailable(format!(
        "{what}: {}",
        status.as_u16()
    )))
}

/// Discord's OAuth error code (`invalid_grant`, `invalid_client`, …) for the logs, if the body
/// has one that looks like one; never anything else from the body.
fn oauth_error(body: &[u8]) -> String {
    let error = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("error")?.as_str().map(str::to_string))
        .unwrap_or_default();
    let plain = error.len() <= 40 && error.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
    if plain { error } else { String::new() }
}

fn parse_user(body: &[u8]) -> Result<DiscordUser, AuthError> {
    let odd = || AuthError::Unavailable("user lookup: an odd answer".into());
    let user: UserBody = serde_json::from_slice(body).map_err(|_| odd())?;
    Ok(DiscordUser {
        id: user.id.parse().map_err(|_| odd())?,
        username: user.username,
        global_name: user.global_name,
        locale: user.locale,
    })
}

/// Token (its SHA-256) → user, for a while; the oldest go first when full.
struct UserCache {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<[u8; 32], (DiscordUser, Instant)>>,
}

impl UserCache {
    fn new(ttl: Duration, capacity: usize) -> UserCache {
        UserCache {
            ttl,
            capacity,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The cache keeps no token, only its hash.
    fn key(token: &str) -> [u8; 32] {
        Sha256::digest(token.as_bytes()).into()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<[u8; 32], (DiscordUser, Instant)>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn len(&self) -> usize {
        self.lock().len()
    }

    fn get(&self, key: &[u8; 32]) -> Option<DiscordUser> {
        let mut entries = self.lock();
        match entries.get(key) {
            Some((user, at)) if at.elapsed() < self.ttl => Some(user.clone()),
            Some(_) => {
                entries.remove(key);
                None
            }
            None => None,
        }
    }

    fn put(&self, key: [u8; 32], user: DiscordUser) {
        if self.capacity == 0 || self.ttl.is_zero() {
            return;
        }
        let mut entries = self.lock();
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            entries.retain(|_, (_, at)| at.elapsed() < self.ttl);
        }
        while entries.len() >= self.capacity && !entries.contains_key(&key) {
            let oldest = entries
                .iter()
                .min_by_key(|(_, (_, at))| *at)
                .map(|(k, _)| *k);
            match oldest {
                Some(oldest) => entries.remove(&oldest),
                None => break,
            };
        }
        entries.insert(key, (user, Instant::now()));
    }
}
