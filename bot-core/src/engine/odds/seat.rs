//! What the player to act may know of his round, in the terms of the odds: his own dice, the
//! open throws, and for a covered throw only the throws it used and the limit (R-RND-4).

use super::costs::Stakes;
use super::round::{Other, OtherSeat};
use super::solve::key;
use super::turn::TurnState;
use crate::engine::round::{MAX_THROWS, Round};
use crate::engine::rules::ExtraSet;

/// A seat's view of the round at its decision point.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// The seat's place in the turn order (0 = the round's starter).
    pub me: usize,
    /// Players in the round.
    pub players: usize,
    pub extras: ExtraSet,
    pub stakes: Stakes,
    /// Everybody else; empty for the starter, whose others all follow him.
    pub others: Vec<OtherSeat>,
    /// The seat's own turn.
    pub state: TurnState,
}

impl Seen {
    /// The round's starter decides before anybody else has thrown.
    pub fn is_starter(&self) -> bool {
        self.me == 0
    }

    /// What tells two situations apart for the costs (everything but the seat's own dice).
    pub fn situation(&self) -> Situation {
        Situation {
            me: self.me,
            players: self.players,
            extras: self.extras,
            stakes: self.stakes,
            others: self
                .others
                .iter()
                .map(|o| {
                    let known = match &o.known {
                        Other::Open(t) => Known::Open(key(t)),
                        Other::Covered { throws, max_throws } => {
                            Known::Covered(*throws, *max_throws)
                        }
                        Other::ToPlay { max_throws } => Known::ToPlay(*max_throws),
                    };
                    (o.position, known)
                })
                .collect(),
        }
    }
}

/// [`Other`] as a hashable key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Known {
    Open(super::solve::FinalKey),
    Covered(u8, u8),
    ToPlay(u8),
}

/// The costs' part of a [`Seen`], usable as a cache key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Situation {
    pub me: usize,
    pub players: usize,
    pub extras: ExtraSet,
    pub stakes: Stakes,
    pub others: Vec<(usize, Known)>,
}

/// What the cup at `index` (the player to act) may know, with what is at stake for him and
/// the throws counting in the round (`Game::in_play`); `None` for a cup that is done.
pub fn seen_by(round: &Round, extras: ExtraSet, index: usize, stakes: Stakes) -> Option<Seen> {
    let cup = round.cups.get(index)?;
    if cup.done {
        return None;
    }
    let state = TurnState::of_cup(cup, round.max_throws(index));
    let others = if index == 0 {
        Vec::new()
    } else {
        round
            .cups
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != index)
            .map(|(j, other)| {
                // The limit without flips' extra throws, which are his own.
                let limit = round.max_throws(j).saturating_sub(other.bonus).max(1);
                let known = if !other.done {
                    Other::ToPlay {
                        max_throws: round.limit.unwrap_or(MAX_THROWS),
                    }
                } else if other.open {
                    Other::Open(other.final_throw())
                } else {
                    Other::Covered {
                        throws: other.throws,
                        max_throws: limit,
                    }
                };
                OtherSeat { position: j, known }
            })
            .collect()
    };
    Some(Seen {
        me: index,
        players: round.cups.len(),
        extras,
        stakes,
        others,
        state,
    })
}
