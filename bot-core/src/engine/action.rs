//! What a player can ask the engine to do, and every reason it can refuse.

use super::rules::{Extra, ExtraSet};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// A seat at the table (index into the game's players, stable for the whole game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A player's move in a running game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// R-RANK-6 (`extras_announced`): the round's starter names the extras that count, then
    /// everybody throws. An empty set plays the round classic.
    Announce { extras: ExtraSet },
    /// Lift the cup and look at one's own dice (after that, blind is no longer possible).
    Look,
    /// Throw every die that is not set aside.
    Throw,
    /// Set dice aside, open on the table, by value (e.g. `[1, 1]`).
    Keep { values: Vec<u8> },
    /// R-SIX-1: turn two sixes into a one (three sixes into two ones).
    Flip,
    /// Stop throwing ("stehen lassen").
    Stand,
    /// R-RND-6: announce blind before looking at the first throw.
    Blind,
    /// R-SCORE-5: a player who is out throws in again (from the next dealt round).
    ThrowIn,
    /// The turn timer ran out: the current player stands with what they have.
    Timeout,
}

impl Action {
    pub fn kind(&self) -> ActionKind {
        match self {
            Action::Announce { .. } => ActionKind::Announce,
            Action::Look => ActionKind::Look,
            Action::Throw => ActionKind::Throw,
            Action::Keep { .. } => ActionKind::Keep,
            Action::Flip => ActionKind::Flip,
            Action::Stand => ActionKind::Stand,
            Action::Blind => ActionKind::Blind,
            Action::ThrowIn => ActionKind::ThrowIn,
            Action::Timeout => ActionKind::Timeout,
        }
    }
}

/// The kind of an action, for menus and buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Announce,
    Look,
    Throw,
    Keep,
    Flip,
    Stand,
    Blind,
    ThrowIn,
    Timeout,
}

/// How a player leaves a running game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Departure {
    /// Of his own accord.
    Left,
    /// Taken off the table by the opener or an admin.
    Kicked,
}

/// Why the engine refused an action. A refused action never changes the game.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("no such player")]
    UnknownPlayer,
    #[error("the player has left the game")]
    PlayerLeft,
    #[error("the player does not play this round")]
    NotInRound,
    #[error("it is not this player's turn ({current} is to act)")]
    NotYourTurn { current: Seat },
    #[error("the player has already finished this round")]
    AlreadyFinished,
    #[error("the round's starter has not announced the extras yet")]
    AnnouncementPending,
    #[error("extras can only be announced before a round, by its starter")]
    NotAnnouncing,
    #[error("only the round's starter may announce")]
    NotStarter { starter: Seat },
    #[error("extra `{extra}` is not part of these rules")]
    ExtraNotInRules { extra: Extra },
    #[error("no throws left (limit {limit})")]
    NoThrowsLeft { limit: u8 },
    #[error("after flipping, the dice in the cup must be thrown again")]
    MustThrowAfterFlip,
    #[error("look at the dice under the cup first")]
    LookFirst,
    #[error("name the dice to set aside")]
    NothingToKeep,
    #[error("a die shows 1 to 6, not {value}")]
    InvalidDie { value: u8 },
    #[error("there is no {value} in the cup")]
    NotInCup { value: u8 },
    #[error("at least one die must stay in the cup to throw")]
    MustLeaveDieInCup,
    #[error("the six that went back into the cup must be thrown again")]
    MustRethrowSix,
    #[error("these rules do not allow turning sixes")]
    SixesNotAllowed,
    #[error("turning needs two sixes in the last throw")]
    NoTwoSixes,
    #[error("turning sixes needs a throw left under these rules")]
    FlipNeedsThrowLeft,
    #[error("these rules do not allow blind throws")]
    BlindNotAllowed,
    #[error("blind must be announced before looking at the first throw")]
    BlindAfterLooking,
    #[error("these rules do not allow throwing in again")]
    ThrowInNotAllowed,
    #[error("only a player who is out may throw in")]
    NotOut,
    #[error("the player is already throwing in")]
    AlreadyThrowingIn,
    #[error("this game's dice fall on a real table: enter the round instead")]
    RealDice,
}

/// Why a game could not be started.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StartError {
    #[error("a game needs at least 2 players")]
    TooFewPlayers,
    #[error("a game takes at most {max} players")]
    TooManyPlayers { max: usize },
    #[error("player names must not be empty")]
    EmptyName,
    #[error("player name `{0}` appears twice")]
    DuplicateName(String),
    #[error("the starter must be one of the players")]
    NoSuchStarter,
}

/// Who is looking: everybody at the table, or one player (the events and views a viewer may
/// see are decided in `event` and `view`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// Everybody at the table (a public message).
    Public,
    /// One player (a private view).
    Player(Seat),
}
