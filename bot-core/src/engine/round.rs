//! The state of one round: a cup per participant in turn order, the limit, whose turn it is.

use super::action::Seat;
use super::rules::{ExtraSet, FlipOnLastThrow, RuleSet};
pub use super::score::MAX_THROWS;
use super::score::{DebtReason, FinalThrow};
use serde::{Deserialize, Serialize};

/// One player's cup and the dice in front of him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup {
    pub seat: Seat,
    /// Die values by position.
    pub dice: [u8; 3],
    /// Set aside, open on the table (R-RND-3). Set-aside dice stay set aside.
    pub aside: [bool; 3],
    /// Turned from a six into a one (R-SIX-1).
    pub flipped: [bool; 3],
    /// A six that went back into the cup and must be thrown again.
    pub reroll: [bool; 3],
    /// The dice under the cup are public (the starter's throws 1 and 2, R-RND-4).
    pub open: bool,
    /// Throws used, the first throw at the round's start included.
    pub throws: u8,
    /// Throws granted by flipping on the last throw (`extra_throw`).
    pub bonus: u8,
    pub looked: bool,
    pub blind: bool,
    pub done: bool,
    /// Thrown in while out (R-SCORE-5).
    pub thrown_in: bool,
    /// Debts from public throws that were later thrown over (R-DEBT-1, R-DEBT-2).
    pub seen_debts: Vec<DebtReason>,
}

impl Cup {
    pub(crate) fn dealt(seat: Seat, dice: [u8; 3], thrown_in: bool) -> Cup {
        Cup {
            seat,
            dice,
            aside: [false; 3],
            flipped: [false; 3],
            reroll: [false; 3],
            open: false,
            throws: 1,
            bonus: 0,
            looked: false,
            blind: false,
            done: false,
            thrown_in,
            seen_debts: Vec::new(),
        }
    }

    /// R-RANK-2, R-SIX-3: all three dice fell in one throw, nothing set aside or flipped.
    pub fn hand(&self) -> bool {
        !self.aside.iter().any(|a| *a) && !self.flipped.iter().any(|f| *f)
    }

    pub fn must_throw(&self) -> bool {
        self.reroll.iter().any(|r| *r)
    }

    /// Values of the dice under the cup (not set aside).
    pub fn in_cup(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        (0..3)
            .filter(|&i| !self.aside[i])
            .map(|i| (i, self.dice[i]))
    }

    pub fn sixes_in_cup(&self) -> usize {
        self.in_cup().filter(|(_, v)| *v == 6).count()
    }

    /// The positions of the sixes a flip may turn (R-SIX-1): those under the cup and, with
    /// `collect_sixes` (R-SIX-4), those set aside earlier; set-aside sixes first, so the six
    /// that goes back into the cup is one that lay there already when there is one.
    pub fn sixes_to_turn(&self, rules: &RuleSet) -> Vec<usize> {
        let collected = (0..3).filter(|&i| {
            rules.collect_sixes && self.aside[i] && !self.flipped[i] && self.dice[i] == 6
        });
        let in_cup = (0..3).filter(|&i| !self.aside[i] && self.dice[i] == 6);
        collected.chain(in_cup).collect()
    }

    pub fn final_throw(&self) -> FinalThrow {
        FinalThrow {
            dice: self.dice,
            throws: self.throws,
            hand: self.hand(),
            blind: self.blind,
        }
    }
}

/// A round in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Counted from 1 within the half or final.
    pub number: u32,
    pub starter: Seat,
    /// Waiting for the starter to announce extras (R-RANK-6); no dice are thrown yet.
    pub announcing: bool,
    /// The extras counting in this round.
    pub extras: ExtraSet,
    /// R-RND-2: throws the starter used, once he finished.
    pub limit: Option<u8>,
    /// Index into `cups` of the player to act.
    pub turn: usize,
    /// In turn order, the starter first. Empty while announcing.
    pub cups: Vec<Cup>,
}

impl Round {
    pub fn cup_index(&self, seat: Seat) -> Option<usize> {
        self.cups.iter().position(|c| c.seat == seat)
    }

    pub fn cup(&self, seat: Seat) -> Option<&Cup> {
        self.cups.iter().find(|c| c.seat == seat)
    }

    pub fn current(&self) -> Option<Seat> {
        if self.announcing {
            return Some(self.starter);
        }
        self.cups.get(self.turn).map(|c| c.seat)
    }

    /// The most throws the cup at `index` may use this round.
    pub fn max_throws(&self, index: usize) -> u8 {
        let cup = &self.cups[index];
        let base = match self.limit {
            Some(limit) if cup.seat != self.starter => limit,
            _ => MAX_THROWS,
        };
        base + cup.bonus
    }

    pub fn throws_left(&self, index: usize) -> u8 {
        self.max_throws(index)
            .saturating_sub(self.cups[index].throws)
    }

    /// Whether flipping is possible for this cup without a throw left (decided from public
    /// facts only, so that waiting for a player never reveals his dice).
    pub fn may_flip_on_last(&self, index: usize, rules: &RuleSet) -> bool {
        let cup = &self.cups[index];
        rules.sixes
            && match rules.flip_on_last_throw {
                FlipOnLastThrow::Forbidden => false,
                // One extra throw at most ("daraus ergibt sich ein 4. Wurf").
                FlipOnLastThrow::ExtraThrow => cup.bonus == 0,
                FlipOnLastThrow::InPlace => true,
            }
    }

    /// Whether the player at `index` has any decision left; if not, the engine stands for him.
    pub fn has_choice(&self, index: usize, rules: &RuleSet) -> bool {
        let cup = &self.cups[index];
        if cup.done {
            return false;
        }
        self.throws_left(index) > 0
            || (rules.blind && !cup.looked && cup.throws == 1)
            || self.may_flip_on_last(index, rules)
    }
}
