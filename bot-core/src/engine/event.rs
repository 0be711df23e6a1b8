//! What happened, as the store appends it. Events carry every die (for disputes); who may see
//! which die is decided by [`Event::visible_to`], never by the reader.

use super::action::{Seat, Viewer};
use super::eval::Evaluation;
use super::rules::ExtraSet;
use super::score::{DebtReason, Source};
use serde::{Deserialize, Serialize};

/// A part of the game: the two halves and the final (R-GAME-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    Half1,
    Half2,
    Final,
}

impl Part {
    pub fn id(self) -> &'static str {
        match self {
            Part::Half1 => "half1",
            Part::Half2 => "half2",
            Part::Final => "final",
        }
    }
}

/// One player's revealed throw in a scored round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealedThrow {
    pub seat: Seat,
    pub eval: Evaluation,
    pub throws: u8,
    pub blind: bool,
    /// Deckel held after the round.
    pub deckel: u8,
}

/// The public result of a scored round (the reveal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub part: Part,
    pub number: u32,
    pub starter: Seat,
    pub limit: u8,
    pub extras: ExtraSet,
    /// In turn order.
    pub throws: Vec<RevealedThrow>,
    /// Best to worst.
    pub ranking: Vec<Seat>,
    pub winner: Seat,
    pub loser: Seat,
    pub penalty: u8,
    pub moved: u8,
    pub source: Source,
    pub stock: u8,
    pub out: Vec<Seat>,
    pub half_lost_by: Option<Seat>,
}

/// A round of a tally game of which only the outcome was entered: who got how many Deckel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnteredPenalty {
    pub part: Part,
    pub number: u32,
    pub starter: Seat,
    pub loser: Seat,
    /// Who handed them over (the round's winner, once the stock is empty).
    pub from: Option<Seat>,
    /// The Deckel entered (every Deckel for Schock aus).
    pub penalty: u8,
    pub moved: u8,
    pub source: Source,
    pub stock: u8,
    pub out: Vec<Seat>,
    pub half_lost_by: Option<Seat>,
}

/// Titles without effect on scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    /// R-TITLE-1
    Pisswurf,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Who owes the Bierrunde; `None` when the game was abandoned.
    pub loser: Option<Seat>,
    /// R-GAME-2: the loser lost both halves.
    pub blattschuss: bool,
    pub abandoned: bool,
    /// Every debt of the game, the Bierrunde of the loser included, in the order they arose.
    pub debts: Vec<(Seat, DebtReason)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// R-GAME-5: one roll-off throw each (a Stechen repeats it among the tied).
    RollOff {
        rolls: Vec<(Seat, [u8; 3])>,
    },
    PartStarted {
        part: Part,
        starter: Seat,
        players: Vec<Seat>,
    },
    /// A round begins; with `announcing`, the starter names extras before anyone throws.
    RoundStarted {
        part: Part,
        number: u32,
        starter: Seat,
        announcing: bool,
    },
    ExtrasAnnounced {
        starter: Seat,
        extras: ExtraSet,
    },
    /// R-RND-1: a first throw under the cup (private to the owner).
    Dealt {
        seat: Seat,
        dice: [u8; 3],
    },
    Looked {
        seat: Seat,
    },
    /// A throw; `dice` is the whole cup after it (set-aside dice included). `open`: the dice
    /// under the cup are public (the starter's throws 1 and 2, R-RND-4).
    Thrown {
        seat: Seat,
        number: u8,
        dice: [u8; 3],
        open: bool,
    },
    /// A throw under the cup as everybody but its owner sees it (only made by
    /// [`Event::visible_to`], never stored).
    ThrownCovered {
        seat: Seat,
        number: u8,
    },
    /// The starter's first throw became public when he looked at it (R-RND-4).
    Opened {
        seat: Seat,
        dice: [u8; 3],
    },
    Kept {
        seat: Seat,
        values: Vec<u8>,
    },
    /// R-SIX-1/2: `ones` sixes became ones; `bonus`: a throw was granted (extra_throw);
    /// `in_place`: the turn ended with the dice as they are.
    Flipped {
        seat: Seat,
        ones: u8,
        bonus: bool,
        in_place: bool,
    },
    Stood {
        seat: Seat,
        throws: u8,
        automatic: bool,
    },
    WentBlind {
        seat: Seat,
    },
    TimedOut {
        seat: Seat,
    },
    /// R-RND-2: the starter finished; nobody may throw more often this round.
    LimitSet {
        limit: u8,
    },
    TurnPassed {
        seat: Seat,
    },
    RoundScored(Box<RoundSummary>),
    /// A tally round entered by its outcome only.
    PenaltyEntered(Box<EnteredPenalty>),
    PartLost {
        part: Part,
        seat: Seat,
    },
    FinalStarted {
        finalists: [Seat; 2],
        starter: Seat,
    },
    DebtOwed {
        seat: Seat,
        reason: DebtReason,
    },
    TitleAwarded {
        seat: Seat,
        title: Title,
    },
    ThrowInRegistered {
        seat: Seat,
    },
    PlayerLeft {
        seat: Seat,
        returned: u8,
    },
    /// The round was dealt anew (its starter left before setting the limit).
    RoundRedealt {
        starter: Seat,
    },
    GameOver(GameResult),
}

impl Event {
    /// This event as `viewer` may see it: dice under someone else's cup are hidden.
    /// Returns `None` when the viewer may not learn anything from it.
    pub fn visible_to(&self, viewer: Viewer) -> Option<Event> {
        let owner_only = |seat: Seat| matches!(viewer, Viewer::Player(s) if s == seat);
        match self {
            // The owner sees his first throw by looking (the view), never from the event:
            // that keeps blind honest (R-RND-6).
            Event::Dealt { .. } => None,
            Event::Thrown {
                seat,
                number,
                open: false,
                ..
            } if !owner_only(*seat) => Some(Event::ThrownCovered {
                seat: *seat,
                number: *number,
            }),
            other => Some(other.clone()),
        }
    }
}
