//! Who a page is and where it plays: a session is opened once the page proved who it is
//! (Telegram's `initData`, Discord's token, or the local keyboard), and its random id opens
//! sockets. Sessions expire; a page whose session expired opens a new one.

use bot_core::memory::release_unused_room;
use bot_core::service::{Actor, ChatId, UserId};
use bot_core::text::Lang;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tokio::time::Instant;

/// How long a session opens sockets.
pub const SESSION_TTL: Duration = Duration::from_secs(12 * 3600);

/// How the page proved who it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Telegram,
    Discord,
    /// `schocken web`: one keyboard, every player at it (a hot seat).
    Local,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub user: UserId,
    pub name: String,
    pub lang: Lang,
    pub place: ChatId,
    pub kind: Kind,
    expires: Instant,
}

impl Session {
    pub fn new(user: UserId, name: String, lang: Lang, place: ChatId, kind: Kind) -> Session {
        Session {
            user,
            name,
            lang,
            place,
            kind,
            expires: Instant::now() + SESSION_TTL,
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

/// The open sessions, by id.
#[derive(Debug, Default)]
pub struct Sessions {
    open: Mutex<HashMap<String, Session>>,
}

impl Sessions {
    fn open(&self) -> MutexGuard<'_, HashMap<String, Session>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Opens `session`; returns its id.
    pub fn start(&self, session: Session) -> String {
        let id = random_id();
        self.open().insert(id.clone(), session);
        id
    }

    /// The session `id` names, if it is open.
    pub fn get(&self, id: &str) -> Option<Session> {
        let now = Instant::now();
        let mut open = self.open();
        match open.get(id) {
            Some(s) if s.expires > now => Some(s.clone()),
            Some(_) => {
                open.remove(id);
                None
            }
            None => None,
        }
    }

    /// Forgets the expired sessions; returns how many are open.
    pub fn forget_expired(&self) -> usize {
        let now = Instant::now();
        let mut open = self.open();
        open.retain(|_, s| s.expires > now);
        release_unused_room(&mut open);
        open.len()
    }
}

/// 32 random bytes in hex.
fn random_id() -> String {
    let mut bytes = [0u8; 32];
    // The operating system's randomness; without it a session id would be guessable.
    if getrandom::fill(&mut bytes).is_err() {
        let fallback = format!(
            "{:?}{:?}",
            std::time::SystemTime::now(),
            std::thread::current().id()
        );
        let mut h = <sha2::Sha256 as sha2::Digest>::new();
        sha2::Digest::update(&mut h, fallback.as_bytes());
        bytes.copy_from_slice(&sha2::Digest::finalize(h));
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(
            UserId::new("telegram", 7),
            "Anna".into(),
            Lang::De,
            ChatId::new("telegram", -100),
            Kind::Telegram,
        )
    }

    #[tokio::test(start_paused = true)]
    async fn a_session_opens_sockets_until_it_expires() {
        let sessions = Sessions::default();
        let id = sessions.start(session());
        assert_eq!(id.len(), 64);
        assert_eq!(sessions.get(&id).map(|s| s.name), Some("Anna".into()));
        assert_eq!(sessions.get("nope"), None);
        tokio::time::advance(SESSION_TTL).await;
        assert_eq!(sessions.get(&id), None);
        assert_eq!(sessions.forget_expired(), 0);
    }

    #[test]
    fn ids_differ() {
        let sessions = Sessions::default();
        assert_ne!(sessions.start(session()), sessions.start(session()));
    }
}
