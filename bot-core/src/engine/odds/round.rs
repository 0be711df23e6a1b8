//! What a final throw costs in expectation, judged from one seat (issue 13, second step).
//!
//! The model, using nothing a human at the same seat could not see:
//! - The others' final throws are independent. A throw that is open on the table (the
//!   starter's after one or two throws, R-RND-4) is known. A covered throw of a player who
//!   used `t` of at most `m` throws follows the *reference* distribution for `m` throws,
//!   conditioned on `t` throws used. A player still to play follows the reference
//!   distribution for the limit.
//! - The cost of my final throw is the Deckel I can expect to receive less those I can expect
//!   to hand on ([`super::costs::Stakes`], R-SCORE-2): the chance that every other throw
//!   ranks above mine (R-RANK-3: fewer throws, then the earlier player, win ties) times the
//!   penalty of the round's best throw (R-SCORE-1; at most what the stock holds; Schock aus
//!   takes every Deckel), and — once the stock is empty — the chance that mine is the best
//!   throw times its penalty, at most the Deckel I hold. The stock and every player's Deckel
//!   are on the table for all to see.
//! - The reference distribution is that of strong play itself: starting from a player who
//!   only maximises the rank of his throw, a player at a table of the same size plays his
//!   best reply to the reference, and his distribution becomes the new reference; a few
//!   rounds of this settle it.
//! - Blind play and announced extras are outside the model: a round's extras are given.

use super::solve::{Distribution, FinalKey};
use crate::engine::round::MAX_THROWS;
use crate::engine::score::FinalThrow;

/// What the seat knows of another player's throw this round.
#[derive(Clone, Debug, PartialEq)]
pub enum Other {
    /// Finished, the throw open on the table.
    Open(FinalThrow),
    /// Finished under the cup after `throws` of at most `max_throws` throws.
    Covered { throws: u8, max_throws: u8 },
    /// Still to play, with at most `max_throws` throws (the limit).
    ToPlay { max_throws: u8 },
}

/// Another player of the round: his place in the turn order (0 = starter) and what is known.
#[derive(Clone, Debug, PartialEq)]
pub struct OtherSeat {
    pub position: usize,
    pub known: Other,
}

/// The reference distribution of a final throw by the throws allowed (1 to 3).
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// By the throws allowed: 1, 2, 3 (built in [`super::strong`]).
    pub(super) by_max: [Distribution; 3],
}

impl Reference {
    /// The final throw of a player allowed `max_throws`, given `throws` used if known.
    pub fn of(&self, max_throws: u8, throws: Option<u8>) -> Distribution {
        let all = &self.by_max[usize::from(max_throws.clamp(1, MAX_THROWS)) - 1];
        let Some(t) = throws else {
            return all.clone();
        };
        // Extra throws from flipping count with the throw they follow.
        let used = |k: &FinalKey| k.1.min(MAX_THROWS) == t.min(MAX_THROWS);
        let total: f64 = all.iter().filter(|(k, _)| used(k)).map(|(_, p)| p).sum();
        if total <= 0.0 {
            return all.clone();
        }
        all.iter()
            .filter(|(k, _)| used(k))
            .map(|(k, p)| (*k, p / total))
            .collect()
    }
}
