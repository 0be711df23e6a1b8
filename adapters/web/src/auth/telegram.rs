//! Telegram Mini App logins: the `initData` the Telegram client hands a Mini App, signed with
//! the bot's token (<https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app>).
//!
//! - secret = HMAC-SHA256(key `WebAppData`, message: the bot token);
//! - hash = lowercase hex HMAC-SHA256(key: secret, message: the data-check-string), where the
//!   data-check-string is every received field but `hash`, URL-decoded, as `key=value` lines
//!   sorted and joined by `\n`.
//!
//! Only `hash` is left out: the `signature` field (Ed25519, for third parties that do not
//! know the token) is a received field like any other and is part of the HMAC's string. Real
//! client data with a `signature` validates only that way (see the tests' second sample).

use super::AuthError;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::time::Duration;
use url::form_urlencoded;

/// How old initData may be by default: a day, as Telegram's SDKs check.
pub const DEFAULT_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);
/// How far `auth_date` may lie ahead of our clock (clocks differ a little).
pub const MAX_AHEAD_SECS: i64 = 60;
/// No client sends more (initData is about a kilobyte); longer is refused unread.
const MAX_LEN: usize = 8 * 1024;

/// The user in `initData` (Telegram's `WebAppUser`; other fields are ignored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TelegramUser {
    pub id: u64,
    pub first_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language_code: Option<String>,
}

impl TelegramUser {
    pub fn new(id: u64, first_name: &str) -> TelegramUser {
        TelegramUser {
            id,
            first_name: first_name.to_string(),
            last_name: None,
            username: None,
            language_code: None,
        }
    }

    /// The name at the table: first and last name, else the username (as the Telegram chat
    /// adapter's `identity::display_name`).
    pub fn display_name(&self) -> String {
        let mut name = self.first_name.trim().to_string();
        if let Some(last) = self.last_name.as_deref().map(str::trim)
            && !last.is_empty()
        {
            if !name.is_empty() {
                name.push(' ');
            }
            name.push_str(last);
        }
        if name.is_empty() {
            name = self.username.clone().unwrap_or_else(|| "?".into());
        }
        name
    }
}

/// What checked `initData` tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitData {
    pub user: TelegramUser,
    /// When the Mini App was opened (unix seconds).
    pub auth_date: i64,
    /// The link's `startapp` parameter: our table token.
    pub start_param: Option<String>,
    pub chat_type: Option<String>,
    pub chat_instance: Option<String>,
    pub query_id: Option<String>,
}

/// Checks `init_data` (`Telegram.WebApp.initData` as the page sends it) against the bot's
/// token: the hash first (in constant time), then that `auth_date` is at most `max_age` old
/// and at most [`MAX_AHEAD_SECS`] ahead of `now_unix`, then the user.
pub fn verify(
    init_data: &str,
    bot_token: &str,
    now_unix: i64,
    max_age: Duration,
) -> Result<InitData, AuthError> {
    if init_data.len() > MAX_LEN {
        return Err(AuthError::Malformed("initData too long"));
    }
    let mut fields = parse(init_data)?;
    let at = fields.iter().position(|(k, _)| k == "hash");
    let (_, hash) = fields.remove(at.ok_or(AuthError::MissingHash)?);
    let expected = decode_hex(&hash).ok_or(AuthError::Tampered)?;
    let mut mac = mac(&secret_key(bot_token));
    mac.update(check_string(&fields).as_bytes());
    mac.verify_slice(&expected)
        .map_err(|_| AuthError::Tampered)?;

    // Telegram's from here on: what it says must still fit.
    let field = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let auth_date: i64 = field("auth_date")
        .ok_or(AuthError::MissingAuthDate)?
        .parse()
        .map_err(|_| AuthError::Malformed("auth_date"))?;
    let age = now_unix.saturating_sub(auth_date);
    if age < -MAX_AHEAD_SECS {
        return Err(AuthError::FromTheFuture {
            ahead_secs: auth_date.saturating_sub(now_unix),
        });
    }
    if age > i64::try_from(max_age.as_secs()).unwrap_or(i64::MAX) {
        return Err(AuthError::Expired { age_secs: age });
    }
    let user = field("user").ok_or(AuthError::NoUser)?;
    let user: TelegramUser =
        serde_json::from_str(&user).map_err(|_| AuthError::Malformed("user"))?;
    Ok(InitData {
        user,
        auth_date,
        start_param: field("start_param"),
        chat_type: field("chat_type"),
        chat_instance: field("chat_instance"),
        query_id: field("query_id"),
    })
}

/// Signs `fields` (decoded `key`/`value` pairs, each key once; a `hash` among them is
/// dropped) as Telegram does and returns the URL-encoded `initData` with its `hash` last.
///
/// For tests and the local fake Telegram WebApp: a browser test signs its own initData with
/// the test bot's token. A server never signs initData.
pub fn sign(fields: &[(&str, &str)], bot_token: &str) -> String {
    let fields: Vec<(String, String)> = fields
        .iter()
        .filter(|(k, _)| *k != "hash")
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let hash = hash_hex(&check_string(&fields), bot_token);
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (k, v) in &fields {
        query.append_pair(k, v);
    }
    query.append_pair("hash", &hash);
    query.finish()
}

/// Signed initData for `user` opened at `auth_date` (unix seconds) with the link's
/// `start_param`, as a Mini App in a private chat gets it. For tests, like [`sign`].
pub fn sign_user(
    user: &TelegramUser,
    auth_date: i64,
    start_param: Option<&str>,
    bot_token: &str,
) -> String {
    // A struct of strings and numbers always serializes.
    let user = serde_json::to_string(user).unwrap_or_default();
    let auth_date = auth_date.to_string();
    let mut fields = vec![
        ("user", user.as_str()),
        ("chat_type", "private"),
        ("auth_date", auth_date.as_str()),
    ];
    if let Some(start) = start_param {
        fields.push(("start_param", start));
    }
    sign(&fields, bot_token)
}

/// The decoded fields; a key twice is refused (implementations would disagree on which one
/// the hash covers).
fn parse(init_data: &str) -> Result<Vec<(String, String)>, AuthError> {
    let mut fields: Vec<(String, String)> = form_urlencoded::parse(init_data.as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    fields.sort();
    if fields.windows(2).any(|w| w[0].0 == w[1].0) {
        return Err(AuthError::Malformed("a field twice"));
    }
    Ok(fields)
}

/// The `key=value` lines, sorted, joined by `\n` (sorting the lines as Telegram's reference
/// implementations do; for Telegram's keys, `[a-z_]`, that is the order of the keys).
fn check_string(fields: &[(String, String)]) -> String {
    let mut lines: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    lines.sort_unstable();
    lines.join("\n")
}

fn secret_key(bot_token: &str) -> [u8; 32] {
    let mut mac = mac(b"WebAppData");
    mac.update(bot_token.as_bytes());
    mac.finalize().into_bytes().into()
}

/// The lowercase hex hash of a data-check-string.
pub(super) fn hash_hex(check_string: &str, bot_token: &str) -> String {
    let mut mac = mac(&secret_key(bot_token));
    mac.update(check_string.as_bytes());
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn mac(key: &[u8]) -> Hmac<Sha256> {
    match Hmac::<Sha256>::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC-SHA256 accepts a key of any length"),
    }
}

/// 64 lowercase hex digits, as Telegram writes the hash. Upper case is refused so that no
/// other spelling of a hash is accepted.
fn decode_hex(hex: &str) -> Option<[u8; 32]> {
    let digits = hex.as_bytes();
    if digits.len() != 64 {
        return None;
    }
    let nibble = |d: u8| match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'a'..=b'f' => Some(d - b'a' + 10),
        _ => None,
    };
    let mut out = [0u8; 32];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = nibble(pair[0])? << 4 | nibble(pair[1])?;
    }
    Some(out)
}
