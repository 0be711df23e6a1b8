//! Who a page is and where it plays: a session is opened once the page proved who it is
//! (Telegram's `initData`, Discord's token, or the local keyboard). Its id carries the session
//! itself, signed with the server's secret and with its expiry, so every process of one bot
//! (the same `SCHOCKEN_WEB_SECRET`, or the same bot tokens) accepts it: a load balancer needs
//! no stickiness and a restart logs nobody out. The id is
//! `base64url(JSON).base64url(HMAC-SHA256)`; a changed byte or another server's key opens
//! nothing. A page whose session expired opens a new one.

use bot_core::model::token::{decode, encode};
use bot_core::service::{Actor, ChatId, UserId};
use bot_core::text::Lang;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a session opens sockets.
pub const SESSION_TTL: Duration = Duration::from_secs(12 * 3600);
/// A session id longer than this is none of ours (a name is at most a few dozen characters).
const MAX_ID: usize = 2048;

/// How the page proved who it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    #[serde(rename = "t")]
    Telegram,
    #[serde(rename = "d")]
    Discord,
    /// `schocken web`: one keyboard, every player at it (a hot seat).
    #[serde(rename = "l")]
    Local,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub user: UserId,
    pub name: String,
    pub lang: Lang,
    pub place: ChatId,
    pub kind: Kind,
    /// Unix seconds.
    expires: u64,
}

/// A session as its id carries it.
#[derive(Serialize, Deserialize)]
struct Signed {
    #[serde(rename = "u")]
    user: String,
    #[serde(rename = "n")]
    name: String,
    #[serde(rename = "l")]
    lang: String,
    #[serde(rename = "p")]
    place: ChatId,
    #[serde(rename = "k")]
    kind: Kind,
    #[serde(rename = "e")]
    expires: u64,
}

impl Session {
    pub fn new(user: UserId, name: String, lang: Lang, place: ChatId, kind: Kind) -> Session {
        Session {
            user,
            name,
            lang,
            place,
            kind,
            expires: unix_now() + SESSION_TTL.as_secs(),
        }
    }

    /// The session's user as the service knows actors. At the local keyboard everybody
    /// administers the table, as at the terminal.
    pub fn actor(&self) -> Actor {
        Actor::new(
            self.user.clone(),
            self.name.clone(),
            Some(self.lang),
            self.kind == Kind::Local,
        )
    }
}

/// Signs and checks session ids with the server's secret.
pub struct Sessions {
    key: Vec<u8>,
    issued: AtomicU64,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions")
            .field("issued", &self.issued())
            .finish_non_exhaustive()
    }
}

impl Sessions {
    /// Sessions signed with a key of their own, derived from `secret` (a table token's
    /// signature is never a session's).
    pub fn new(secret: &[u8]) -> Sessions {
        Sessions {
            key: mac(secret, b"schocken web sessions"),
            issued: AtomicU64::new(0),
        }
    }

    /// The id of `session`.
    pub fn start(&self, session: Session) -> String {
        self.issued.fetch_add(1, Ordering::Relaxed);
        let signed = Signed {
            user: session.user.0,
            name: session.name,
            lang: session.lang.code().to_string(),
            place: session.place,
            kind: session.kind,
            expires: session.expires,
        };
        let body = encode(
            serde_json::to_string(&signed)
                .unwrap_or_default()
                .as_bytes(),
        );
        let tag = encode(&mac(&self.key, body.as_bytes()));
        format!("{body}.{tag}")
    }

    /// The session `id` carries, if it is ours, intact and not expired.
    pub fn get(&self, id: &str) -> Option<Session> {
        self.get_at(id, unix_now())
    }

    fn get_at(&self, id: &str, now: u64) -> Option<Session> {
        if id.len() > MAX_ID {
            return None;
        }
        let (body, tag) = id.split_once('.')?;
        let mut check = Hmac::<Sha256>::new_from_slice(&self.key).ok()?;
        check.update(body.as_bytes());
        // Constant time: the tag is compared by the MAC itself.
        check.verify_slice(&decode(tag)?).ok()?;
        let signed: Signed = serde_json::from_slice(&decode(body)?).ok()?;
        (signed.expires > now).then(|| Session {
            user: UserId(signed.user),
            name: signed.name,
            lang: Lang::from_code(&signed.lang),
            place: signed.place,
            kind: signed.kind,
            expires: signed.expires,
        })
    }

    /// Sessions opened by this process since it started.
    pub fn issued(&self) -> u64 {
        self.issued.load(Ordering::Relaxed)
    }
}

fn mac(key: &[u8], data: &[u8]) -> Vec<u8> {
    match Hmac::<Sha256>::new_from_slice(key) {
        Ok(mut mac) => {
            mac.update(data);
            mac.finalize().into_bytes().to_vec()
        }
        Err(_) => unreachable!("HMAC-SHA256 accepts a key of any length"),
    }
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(
            UserId::new("telegram", 7),
            "Anna „die Würfelkönigin“".into(),
            Lang::En,
            ChatId::new("telegram", "-100#42"),
            Kind::Telegram,
        )
    }

    #[test]
    fn a_session_opens_sockets_on_every_process_until_it_expires() {
        let here = Sessions::new(b"secret");
        let there = Sessions::new(b"secret");
        let id = here.start(session());
        assert_eq!(here.get(&id), Some(session()), "everything it carries");
        assert_eq!(
            there.get(&id),
            Some(session()),
            "another process of the bot"
        );
        let later = unix_now() + SESSION_TTL.as_secs();
        assert_eq!(here.get_at(&id, later), None, "expired");
        assert_eq!(
            here.get_at(&id, later - 60).map(|s| s.name),
            Some(session().name)
        );
        assert_eq!(here.issued(), 1);
    }

    #[test]
    fn a_forged_changed_or_foreign_id_opens_nothing() {
        let sessions = Sessions::new(b"secret");
        let id = sessions.start(session());
        let (body, tag) = id.split_once('.').expect("two parts");
        let changed = Signed {
            user: "telegram:8".into(),
            name: "Mallory".into(),
            lang: "de".into(),
            place: ChatId::new("telegram", -100),
            kind: Kind::Telegram,
            expires: u64::MAX,
        };
        let forged = encode(
            serde_json::to_string(&changed)
                .unwrap_or_default()
                .as_bytes(),
        );
        for bad in [
            format!("{forged}.{tag}"),
            format!("{body}.{}", &tag[1..]),
            format!("{body}x.{tag}"),
            Sessions::new(b"other").start(session()),
            String::new(),
            ".".into(),
            "nope".into(),
            "a".repeat(MAX_ID + 1),
        ] {
            assert_eq!(sessions.get(&bad), None, "{bad}");
        }
    }

    #[test]
    fn ids_differ_by_what_they_carry() {
        let sessions = Sessions::new(b"secret");
        let mut other = session();
        other.user = UserId::new("telegram", 8);
        assert_ne!(sessions.start(session()), sessions.start(other));
    }
}
