//! Why the service refused a command. A refused command changes nothing.

use crate::engine::judge::JudgeError;
use crate::engine::{ActionError, RulesError, StartError, TallyError};
use crate::grammar::WordError;
use crate::store::StoreError;
use thiserror::Error;
use tracing::{debug, error};

/// Something the acting user asked for that cannot be done; shown to him in his language.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ServiceError {
    #[error("there is no table in this chat")]
    NoTable,
    #[error("a table is already open in this chat")]
    TableExists,
    #[error("you are not at this table")]
    NotMember,
    #[error("you are already at this table")]
    AlreadyMember,
    #[error("the table is full")]
    TableFull { max: usize },
    #[error("the game is already running")]
    GameRunning,
    #[error("no game is running")]
    NotRunning,
    #[error("a game needs at least two players")]
    TooFewPlayers,
    #[error("only the table's opener or an admin may do that")]
    OpenerOrAdminOnly,
    #[error("only an admin may do that")]
    AdminOnly,
    #[error("this button belongs to an older state of the table")]
    Stale,
    #[error("the game of this button is over")]
    GameOver,
    #[error("this button does not belong to this table")]
    ForeignButton,
    #[error("an anonymous admin cannot confirm someone's payment")]
    AnonymousConfirmation,
    #[error("this request was already handled")]
    Duplicate,
    #[error("no player `{name}` at this table")]
    UnknownPlayer { name: String },
    #[error("name the player")]
    NameMissing,
    #[error("cannot read `{text}`")]
    BadArgument { text: String },
    #[error("no round of this game has been revealed yet")]
    NothingRevealed,
    #[error("counting starts at 1: `{text}`")]
    BelowOne { text: String },
    #[error("nothing may follow this command: `{text}`")]
    TextAfterCommand { text: String },
    #[error("this button is not valid")]
    BadButton,
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error(transparent)]
    Judge(#[from] JudgeError),
    #[error("cannot read the round: {0}")]
    JudgeSyntax(String),
    #[error("the turn timer takes 0 (off) or 30 to 3600 seconds")]
    TimerRange,
    #[error("there is no time zone `{zone}`")]
    UnknownTimeZone { zone: String },
    #[error("{} owes no round", name.as_deref().unwrap_or("that member"))]
    /// `name` is `None` for a member the chat has never seen at a table or in the ledger.
    NothingOwed { name: Option<String> },
    #[error("another member has to confirm your payment")]
    ConfirmOwnPayment,
    #[error("you have already claimed this payment")]
    AlreadyClaimed,
    #[error("nothing of yours to undo")]
    NothingToUndo,
    #[error("undo is possible for 5 minutes only")]
    UndoExpired { minutes: u32 },
    #[error("that page does not exist")]
    NoSuchPage { pages: u32 },
    #[error("the client seed is fixed once the game has started")]
    SeedFixed,
    #[error("a client seed is 1 to {max} characters of text")]
    BadClientSeed { max: usize },
    #[error("there is no game {game} in this chat")]
    NoSuchGame { game: i64 },
    #[error("this game was stored before provably fair dice")]
    NoProofYet,
    #[error(transparent)]
    Tally(#[from] TallyError),
    #[error("game {game} was played with real dice")]
    RealDiceGame { game: i64 },
    #[error("the roll-off decides who starts")]
    StarterByRollOff,
    #[error("a computer player cannot throw real dice")]
    ComputerAtRealTable,
    #[error("hints are switched off in this chat")]
    HintsOff,
    #[error("a hint is for the player whose turn it is, once he has looked under his cup")]
    NoHintNow,
    #[error(transparent)]
    Club(super::club::error::ClubError),
    #[error(transparent)]
    Tournament(super::tournament::error::TourneyError),
    #[error("the bot could not save this; nothing changed, please try again")]
    Storage,
    #[error("the bot is too busy right now; nothing changed, please try again")]
    Busy,
    /// The database is gone for a moment (or full): nothing changed.
    #[error(
        "the table cannot be reached for a moment; nothing changed, try again in a few seconds"
    )]
    Unreachable,
}

impl From<StartError> for ServiceError {
    fn from(e: StartError) -> Self {
        match e {
            StartError::TooManyPlayers { max } => ServiceError::TableFull { max },
            // The service names the starter from the table's members.
            StartError::NoSuchStarter => ServiceError::NameMissing,
            // The service names players itself (unique, never empty); only the count is left.
            _ => ServiceError::TooFewPlayers,
        }
    }
}

/// Words that could not be read, as the user sees them: the words, or what the dice say.
impl From<WordError> for ServiceError {
    fn from(e: WordError) -> Self {
        match e {
            WordError::Unreadable { text } => ServiceError::BadArgument { text },
            WordError::InvalidDie { value } => ActionError::InvalidDie { value }.into(),
            WordError::NoDice => ActionError::NothingToKeep.into(),
            WordError::BelowOne { text } => ServiceError::BelowOne { text },
            WordError::Trailing { text } => ServiceError::TextAfterCommand { text },
        }
    }
}

/// A store failure as the user sees it: a repeated request is "already done", anything else
/// "nothing changed, try again" (logged here, the one way a store error becomes a reply).
impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Duplicate => ServiceError::Duplicate,
            // Said once for the outage (the service's watch finds it), not once per command.
            StoreError::Unreachable(why) => {
                debug!(error = %why, "database gone");
                ServiceError::Unreachable
            }
            other => {
                error!(error = %other, "storage failed");
                ServiceError::Storage
            }
        }
    }
}
