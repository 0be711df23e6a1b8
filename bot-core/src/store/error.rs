//! What can go wrong in the store: a refused statement, a stale table, a repeated request —
//! or a database that cannot be used at all ([`Unreachable`]), which the service tells apart
//! (see `health`).

use super::backend;
use crate::model::ids::ChatId;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(sqlx::Error),
    /// The database cannot be used now (gone, full, not writable): nothing was stored.
    #[error(transparent)]
    Unreachable(Unreachable),
    #[error("database URL: {0}")]
    Url(String),
    /// The table changed since it was read (another process stored a move first): nothing
    /// was stored; read it again and decide anew.
    #[error("the table changed since it was read")]
    Stale,
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored table {id} is unreadable: {message}")]
    Snapshot { id: i64, message: String },
    #[error("stored rules of chat {chat} are invalid: {message}")]
    Rules { chat: String, message: String },
    /// The platform request id was handled before (the transaction was rolled back).
    #[error("request already handled")]
    Duplicate,
    /// A cash box entry's postings do not add up to zero: nothing was written.
    #[error("cash box entry does not balance")]
    Unbalanced,
    /// A stored value (a catalogue, an evening's summary, a cash entry) does not read back.
    #[error("stored {what} is unreadable: {message}")]
    Unreadable { what: String, message: String },
}

/// A place as the database holds it (written by [`ChatId`]'s `Display`).
pub(crate) fn stored_place(text: &str) -> Result<ChatId, StoreError> {
    ChatId::parse(text).map_err(|e| StoreError::Unreadable {
        what: "place".into(),
        message: e.to_string(),
    })
}

/// Why the database cannot be used now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("database unreachable ({kind}): {detail}")]
pub struct Unreachable {
    /// `connection`, `shutdown`, `full`, `read_only`, `io`, `resources`, `cannot_open` (a
    /// metric's label).
    pub kind: &'static str,
    pub detail: String,
}

impl StoreError {
    /// Whether the database could not be used at all (rather than refusing this statement).
    pub fn is_unreachable(&self) -> bool {
        matches!(self, StoreError::Unreachable(_))
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        if backend::is_stale(&e) {
            StoreError::Stale
        } else if let Some(reason) = backend::unreachable(&e) {
            StoreError::Unreachable(reason)
        } else {
            StoreError::Db(e)
        }
    }
}
