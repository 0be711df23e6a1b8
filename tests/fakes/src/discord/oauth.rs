//! OAuth2 as Discord answers it, for a Discord Activity's login: the application's client
//! (id = [`FakeDiscord::client_id`], secret [`CLIENT_SECRET`]) exchanges a code for an access
//! token (`POST /api/v10/oauth2/token`, form body; also unversioned under `/api`), and the
//! token names its user (`GET /api/v10/users/@me` with `Authorization: Bearer …`; with
//! `Bot …` that route stays the bot's own user).
//!
//! A test plays the Embedded App SDK's `authorize`: [`FakeDiscord::oauth_code`] issues a code
//! for a user. As Discord: a code works once (again: 400 `invalid_grant`); a wrong client
//! id or secret is 401 `invalid_client` (the code stays usable); a grant type other than
//! `authorization_code` is 400 `unsupported_grant_type`; a body that is no form is 400
//! `invalid_request`; an unknown token at `/users/@me` is 401 `{"message": "401:
//! Unauthorized", "code": 0}`. Client credentials go in the form (as Discord's Activity
//! starter sends them); the fake does not take them as HTTP Basic. These requests are kept
//! apart from the bot's ([`FakeDiscord::oauth_calls`], not [`FakeDiscord::requests`]), without
//! codes, tokens or secrets, and are not rate limited.

use super::state::Inner;
use super::{FakeDiscord, FakeUser};
use axum::extract::Request;
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::HashMap;

/// The fake application's client secret (the end-to-end tests' `DISCORD_CLIENT_SECRET`).
pub const CLIENT_SECRET: &str = "fAkE-cLiEnT-sEcReT_do-not-log-7q";
/// What the fake says its access tokens last (Discord's: a week).
pub const ACCESS_TOKEN_LIFETIME_SECS: u64 = 604_800;

/// Which OAuth route a request took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OAuthEndpoint {
    /// `POST /oauth2/token`.
    Token,
    /// `GET /users/@me` with a `Bearer` token.
    Me,
}

/// One OAuth request as the fake answered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OAuthCall {
    pub endpoint: OAuthEndpoint,
    pub status: u16,
    /// A token exchange that carried `redirect_uri`.
    pub redirect_uri: bool,
}

#[derive(Default)]
pub(super) struct OAuthState {
    /// Codes not yet exchanged.
    codes: HashMap<String, FakeUser>,
    tokens: HashMap<String, FakeUser>,
    calls: Vec<OAuthCall>,
    /// Answer every OAuth request 502 (Discord down).
    down: bool,
}

impl FakeDiscord {
    /// The application's OAuth client id (its application id, as Discord's).
    pub fn client_id(&self) -> String {
        self.inner.application_id.to_string()
    }

    /// The application's client secret: [`CLIENT_SECRET`].
    pub fn client_secret(&self) -> &'static str {
        CLIENT_SECRET
    }

    /// A fresh code for `user`, as the Embedded App SDK's `authorize` gives the page.
    pub fn oauth_code(&self, user: &FakeUser) -> String {
        let code = format!("fake-code-{}", self.inner.next_id());
        let mut state = self.inner.lock();
        state.oauth.codes.insert(code.clone(), user.clone());
        code
    }

    /// Every OAuth request so far, in order.
    pub fn oauth_calls(&self) -> Vec<OAuthCall> {
        self.inner.lock().oauth.calls.clone()
    }

    /// From now on answer every OAuth request 502 (`true`), or again as usual (`false`).
    pub fn set_oauth_down(&self, down: bool) {
        self.inner.lock().oauth.down = down;
    }
}

/// The OAuth route `req` takes, if it is one.
pub(super) fn endpoint(req: &Request) -> Option<OAuthEndpoint> {
    let path = req.uri().path();
    let path = path
        .strip_prefix("/api/v10")
        .or_else(|| path.strip_prefix("/api"))?;
    let bearer = bearer(req).is_some();
    match (req.method(), path) {
        (&Method::POST, "/oauth2/token") => Some(OAuthEndpoint::Token),
        (&Method::GET, "/users/@me") if bearer => Some(OAuthEndpoint::Me),
        _ => None,
    }
}

fn bearer(req: &Request) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(str::to_string)
}

pub(super) async fn answer(inner: &Inner, endpoint: OAuthEndpoint, req: Request) -> Response {
    let token = bearer(&req);
    let form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let body = axum::body::to_bytes(req.into_body(), 64 * 1024)
        .await
        .unwrap_or_default();
    let fields: HashMap<String, String> = form_urlencoded::parse(&body).into_owned().collect();
    let mut state = inner.lock();
    let oauth = &mut state.oauth;
    let (status, reply) = if oauth.down {
        bad_gateway()
    } else {
        match endpoint {
            OAuthEndpoint::Token if !form => oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "The request body must be application/x-www-form-urlencoded.",
            ),
            OAuthEndpoint::Token => exchange(inner, oauth, &fields),
            OAuthEndpoint::Me => me(oauth, token.as_deref()),
        }
    };
    oauth.calls.push(OAuthCall {
        endpoint,
        status: status.as_u16(),
        redirect_uri: endpoint == OAuthEndpoint::Token && fields.contains_key("redirect_uri"),
    });
    drop(state);
    inner.notify();
    (status, axum::Json(reply)).into_response()
}

fn exchange(
    inner: &Inner,
    oauth: &mut OAuthState,
    fields: &HashMap<String, String>,
) -> (StatusCode, Value) {
    let field = |k: &str| fields.get(k).map(String::as_str);
    let client = field("client_id") == Some(inner.application_id.to_string().as_str())
        && field("client_secret") == Some(CLIENT_SECRET);
    if !client {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client", "");
    }
    if field("grant_type") != Some("authorization_code") {
        return oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type", "");
    }
    let Some(user) = field("code").and_then(|c| oauth.codes.remove(c)) else {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "Invalid \"code\" in request.",
        );
    };
    let token = format!("fake-access-{}", inner.next_id());
    oauth.tokens.insert(token.clone(), user);
    (
        StatusCode::OK,
        json!({
            "token_type": "Bearer",
            "access_token": token,
            "expires_in": ACCESS_TOKEN_LIFETIME_SECS,
            "refresh_token": format!("fake-refresh-{}", inner.next_id()),
            "scope": "identify",
        }),
    )
}

fn me(oauth: &OAuthState, token: Option<&str>) -> (StatusCode, Value) {
    let Some(user) = token.and_then(|t| oauth.tokens.get(t)) else {
        return (
            StatusCode::UNAUTHORIZED,
            json!({"message": "401: Unauthorized", "code": 0}),
        );
    };
    (
        StatusCode::OK,
        json!({
            "id": user.id.to_string(),
            "username": user.username,
            "discriminator": "0",
            "global_name": user.global_name,
            "avatar": null,
            "locale": user.locale,
            "mfa_enabled": false,
            "flags": 0,
            "public_flags": 0,
        }),
    )
}

fn oauth_error(status: StatusCode, error: &str, description: &str) -> (StatusCode, Value) {
    let mut body = json!({ "error": error });
    if !description.is_empty() {
        body["error_description"] = json!(description);
    }
    (status, body)
}

fn bad_gateway() -> (StatusCode, Value) {
    (
        StatusCode::BAD_GATEWAY,
        json!({"message": "502: Bad Gateway", "code": 0}),
    )
}
