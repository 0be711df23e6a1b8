//! What an adapter gives the outbox: how one write is made on its platform ([`Writer`]) and
//! what a failed write means ([`Failure`]). Everything else — the queue, the pace, retries,
//! the turns processes share — is the outbox's.

use crate::global::Gate;
use crate::limits::ChatLimits;
use std::fmt::{Debug, Display};
use std::future::Future;
use std::hash::Hash;
use std::time::Duration;

/// One state of one table's message: what it shows (`body`, rendered by the adapter) and the
/// lines of what happened since it was last shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableState<B, M, P> {
    pub table_id: i64,
    pub version: u64,
    /// Where in the chat the table lives (a Telegram topic); `()` where a chat has one place.
    pub place: P,
    /// The table as the platform shows it, without the lines of what happened.
    pub body: B,
    /// What just happened, one line each, shown under the table.
    pub notices: Vec<String>,
    /// Post it as a new message; the old one's buttons are taken off.
    pub fresh: bool,
    /// Only show it if the message may show an older state (a refused click).
    pub repair_only: bool,
    /// The round whose reveal the table shows: a later round's state must not replace it
    /// before it was shown.
    pub last_round: Option<String>,
    /// The message the service remembers for this table (after a restart).
    pub stored: Option<M>,
}

/// A write that is not a table state: a private cup, a message.
pub trait Other: Sized {
    /// Takes `newer` in when both are states of one thing (a player's private cup): the
    /// newer wins and this write keeps its place. Gives `newer` back otherwise.
    fn absorb(&mut self, newer: Self) -> Option<Self>;

    /// The write ended: made, or not (refused; dropping the write says "given up").
    fn settled(&self, _made: bool) {}
}

/// Why a write did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The message is gone: a table is posted anew, a strip is done.
    Gone,
    /// The platform asks this chat to wait this long (429).
    RetryAfter(Duration),
    /// Worth another try after a while: the network, a server error.
    Transient,
    /// Refused for good (no permission, a closed private chat): this write is dropped.
    Refused,
    /// Nothing can be written to this chat any more (it moved): everything queued is dropped.
    Closed,
}

/// The table state type of a writer.
pub type TableOf<W> = TableState<<W as Writer>::Body, <W as Writer>::Message, <W as Writer>::Place>;

/// How a platform makes one write. Each write passes the [`Gate`] right before its request
/// leaves (after any wait of the writer's own, such as a route's bucket), once per request.
pub trait Writer: Send + Sync + 'static {
    type Chat: Clone + Eq + Hash + Debug + Display + Send + Sync + 'static;
    type Message: Copy + Eq + Debug + Send + Sync + 'static;
    type Place: Copy + Eq + Debug + Send + Sync + 'static;
    type Body: Clone + Debug + Send + Sync + 'static;
    type Other: Other + Debug + Send + Sync + 'static;

    /// The pace of `chat`.
    fn limits(&self, chat: &Self::Chat) -> ChatLimits;

    /// `chat` among the turns kept in the database, and back.
    fn chat_key(&self, chat: &Self::Chat) -> String;
    fn chat_from_key(&self, key: &str) -> Option<Self::Chat>;

    /// A message as the database keeps it (the table's message reference), and back.
    fn message_ref(&self, chat: &Self::Chat, message: Self::Message) -> String;
    fn message_from_ref(&self, chat: &Self::Chat, stored: &str) -> Option<Self::Message>;

    /// Edits `message` to show `table`.
    fn edit(
        &self,
        chat: &Self::Chat,
        message: Self::Message,
        table: &TableOf<Self>,
        gate: &Gate,
    ) -> impl Future<Output = Result<(), Failure>> + Send;

    /// Posts `table` as a new message.
    fn post(
        &self,
        chat: &Self::Chat,
        table: &TableOf<Self>,
        gate: &Gate,
    ) -> impl Future<Output = Result<Self::Message, Failure>> + Send;

    /// Whether a message showing `body` carries buttons (an old one without any needs no
    /// strip: that write would change nothing, yet cost a slot of the chat's pace).
    fn has_buttons(&self, _body: &Self::Body) -> bool {
        true
    }

    /// Takes the buttons off an old message (its table moved to a newer one).
    fn strip(
        &self,
        chat: &Self::Chat,
        message: Self::Message,
        gate: &Gate,
    ) -> impl Future<Output = Result<(), Failure>> + Send;

    /// Makes another write; `Some(old)`: an older message whose buttons to take off.
    fn send(
        &self,
        chat: &Self::Chat,
        other: &Self::Other,
        gate: &Gate,
    ) -> impl Future<Output = Result<Option<Self::Message>, Failure>> + Send;

    /// Table `table_id` now lives in the new message `message` (remember it: after a
    /// restart, edits go there).
    fn posted(
        &self,
        chat: &Self::Chat,
        place: Self::Place,
        table_id: i64,
        message: Self::Message,
    ) -> impl Future<Output = ()> + Send;

    /// It is this process's turn to show table `table_id`, but another process stored a
    /// newer state: hand the outbox the table as stored now (shared databases only).
    fn behind(
        &self,
        _chat: &Self::Chat,
        _place: Self::Place,
        _table_id: i64,
    ) -> impl Future<Output = ()> + Send {
        async {}
    }
}
