//! Why a club command is refused; nothing changes then.

use crate::club::{CatalogueError, Cents, MoneyError};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClubError {
    #[error("no club evening is open")]
    NoNightOpen,
    #[error("a club evening is open already (since {opened_at})")]
    NightAlreadyOpen { opened_at: i64 },
    #[error("`{text}` is not a time of day like 19:30")]
    BadClock { text: String },
    #[error(transparent)]
    Money(MoneyError),
    #[error("an amount above zero, please")]
    ZeroAmount,
    #[error("name the amount")]
    AmountMissing,
    #[error(transparent)]
    Catalogue(CatalogueError),
    #[error("nobody called `{name}` in this club")]
    UnknownMember { name: String },
    #[error("no cash entry {id} in this club")]
    NoSuchEntry { id: i64 },
    #[error("cash entry {id} is undone already or undoes another")]
    NotUndoable { id: i64 },
    #[error("you have claimed a payment already; another member confirms it")]
    AlreadyClaimed,
    /// The actor named no amount for himself while his claim waits for another member.
    #[error("your claim of {amount} waits for another member to confirm it")]
    OwnClaimWaits { amount: Cents, name: String },
    /// Confirming `name`'s payment without an amount while he has no claim waiting.
    #[error("{name} has no claim waiting")]
    NoOpenClaim { name: String },
    #[error("claim {id} is settled already")]
    ClaimSettled { id: i64 },
    #[error("no entry of your own to take back")]
    NothingOwnToUndo,
    #[error("cash entry {id} is not yours to take back")]
    NotYourEntry { id: i64 },
    #[error("computer players have no cash account")]
    ComputerMember,
}
