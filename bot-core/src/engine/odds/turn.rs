//! One player's turn as the odds see it: what lies aside, what is under the cup, the throws
//! used and allowed, and what each choice leads to. It mirrors the engine's own rules for a
//! cup (`round::Cup`, `game::perform`): set-aside dice stay aside (R-RND-3), flipping two
//! sixes sets a one aside and sends the other six back (R-SIX-1 … R-SIX-3, with the
//! `flip_on_last_throw` variants; R-SIX-4 counts collected sixes aside), a throw is "from
//! the hand" only with nothing aside.

use crate::engine::round::{Cup, MAX_THROWS};
use crate::engine::rules::{FlipOnLastThrow, RuleSet};
use crate::engine::score::FinalThrow;

/// A decision point of a turn: just after a throw (or a flip), before the next choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TurnState {
    /// Values set aside (flipped ones included), ascending, `0` for none.
    pub kept: [u8; 3],
    /// Values under the cup, ascending, `0` for none; a six to be thrown again not included.
    pub cup: [u8; 3],
    /// A six went back into the cup after a flip and must be thrown.
    pub reroll: bool,
    /// Throws used, the first (dealt) one included.
    pub throws: u8,
    /// Throws allowed: the starter's limit or the one he set, plus flips' extra throws.
    pub max_throws: u8,
    /// Extra throws granted by flipping on the last throw.
    pub bonus: u8,
}

/// What a player can do at a decision point. Setting dice aside always comes with the
/// throw of the rest (setting aside and then standing only loses "from the hand").
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    Stand,
    /// Throw the dice under the cup again, after setting `keep` aside (may be empty).
    Throw {
        keep: Vec<u8>,
    },
    /// Turn two sixes into a one (three into two ones).
    Flip,
}

/// Where a choice leads before the dice fall.
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// The turn ends with this throw.
    Final(FinalThrow),
    /// The dice under the cup are thrown: `dice` of them, then `after` decides.
    Throw { dice: usize, after: TurnState },
    /// A new decision point without a throw (after a flip).
    Decide(TurnState),
}

fn pack(values: &[u8]) -> [u8; 3] {
    let mut v: Vec<u8> = values.to_vec();
    v.sort_unstable();
    let mut out = [0; 3];
    out[..v.len()].copy_from_slice(&v);
    out
}

fn values(packed: &[u8; 3]) -> Vec<u8> {
    packed.iter().copied().filter(|v| *v != 0).collect()
}

impl TurnState {
    /// The state right after a throw of a cup with `kept` aside and `fresh` thrown.
    pub fn after_throw(kept: &[u8], fresh: &[u8], throws: u8, max_throws: u8, bonus: u8) -> Self {
        TurnState {
            kept: pack(kept),
            cup: pack(fresh),
            reroll: false,
            throws,
            max_throws,
            bonus,
        }
    }

    /// The engine's cup as a decision point; `max_throws` as `Round::max_throws` says.
    pub fn of_cup(cup: &Cup, max_throws: u8) -> Self {
        let kept: Vec<u8> = (0..3)
            .filter(|&i| cup.aside[i])
            .map(|i| cup.dice[i])
            .collect();
        let under: Vec<u8> = (0..3)
            .filter(|&i| !cup.aside[i] && !cup.reroll[i])
            .map(|i| cup.dice[i])
            .collect();
        TurnState {
            kept: pack(&kept),
            cup: pack(&under),
            reroll: cup.must_throw(),
            throws: cup.throws,
            max_throws,
            bonus: cup.bonus,
        }
    }

    /// The first throw of a player who may use `max_throws` (the starter: [`MAX_THROWS`]).
    pub fn first(dice: [u8; 3], max_throws: u8) -> Self {
        TurnState::after_throw(&[], &dice, 1, max_throws.min(MAX_THROWS), 0)
    }

    pub fn kept_values(&self) -> Vec<u8> {
        values(&self.kept)
    }

    pub fn cup_values(&self) -> Vec<u8> {
        values(&self.cup)
    }

    pub fn throws_left(&self) -> u8 {
        self.max_throws.saturating_sub(self.throws)
    }

    fn dice_to_throw(&self) -> usize {
        self.cup_values().len() + usize::from(self.reroll)
    }

    fn may_flip_on_last(&self, rules: &RuleSet) -> bool {
        rules.sixes
            && match rules.flip_on_last_throw {
                FlipOnLastThrow::Forbidden => false,
                FlipOnLastThrow::ExtraThrow => self.bonus == 0,
                FlipOnLastThrow::InPlace => true,
            }
    }

    /// The turn ends by itself here: no throw left and no flip possible on the last throw
    /// (the engine stands for the player).
    pub fn is_over(&self, rules: &RuleSet) -> bool {
        !self.reroll && self.throws_left() == 0 && !self.may_flip_on_last(rules)
    }

    /// The throw as it stands.
    pub fn final_throw(&self) -> FinalThrow {
        let mut dice = self.kept_values();
        dice.extend(self.cup_values());
        dice.resize(3, 1);
        FinalThrow {
            dice: [dice[0], dice[1], dice[2]],
            throws: self.throws,
            hand: self.kept_values().is_empty(),
            blind: false,
        }
    }

    /// Every choice the rules allow here (different choices, each once).
    pub fn choices(&self, rules: &RuleSet) -> Vec<Choice> {
        let mut out = Vec::new();
        if !self.reroll {
            out.push(Choice::Stand);
        }
        if self.throws_left() > 0 {
            for keep in self.keeps() {
                out.push(Choice::Throw { keep });
            }
        }
        if rules.sixes
            && !self.reroll
            && self.sixes_to_turn(rules) >= 2
            && (self.throws_left() > 0 || self.may_flip_on_last(rules))
        {
            out.push(Choice::Flip);
        }
        out
    }

    /// The distinct sets of values that may go aside before a throw; one die stays in.
    fn keeps(&self) -> Vec<Vec<u8>> {
        let cup = self.cup_values();
        let in_cup = self.dice_to_throw();
        let mut out: Vec<Vec<u8>> = Vec::new();
        for mask in 0u8..(1 << cup.len()) {
            let keep: Vec<u8> = (0..cup.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| cup[i])
                .collect();
            if keep.len() < in_cup && !out.contains(&keep) {
                out.push(keep);
            }
        }
        out.sort();
        out
    }

    /// Where `choice` leads (it must be one of [`TurnState::choices`]).
    pub fn next(&self, choice: &Choice, rules: &RuleSet) -> Next {
        match choice {
            Choice::Stand => Next::Final(self.final_throw()),
            Choice::Throw { keep } => {
                let mut kept = self.kept_values();
                kept.extend(keep);
                let mut cup = self.cup_values();
                for v in keep {
                    if let Some(i) = cup.iter().position(|c| c == v) {
                        cup.remove(i);
                    }
                }
                let dice = cup.len() + usize::from(self.reroll);
                Next::Throw {
                    dice,
                    after: TurnState {
                        kept: pack(&kept),
                        cup: [0; 3],
                        reroll: false,
                        throws: self.throws + 1,
                        max_throws: self.max_throws,
                        bonus: self.bonus,
                    },
                }
            }
            Choice::Flip => self.flip(rules),
        }
    }

    /// Sixes a flip may turn: under the cup, and set aside ones with `collect_sixes` (R-SIX-4;
    /// a flipped die shows a one, so every six aside is an unturned one).
    fn sixes_to_turn(&self, rules: &RuleSet) -> usize {
        let sixes = |packed: &[u8; 3]| packed.iter().filter(|v| **v == 6).count();
        sixes(&self.cup)
            + if rules.collect_sixes {
                sixes(&self.kept)
            } else {
                0
            }
    }

    fn flip(&self, rules: &RuleSet) -> Next {
        let last = self.throws_left() == 0;
        let in_place = last && rules.flip_on_last_throw == FlipOnLastThrow::InPlace;
        let bonus = last && rules.flip_on_last_throw == FlipOnLastThrow::ExtraThrow;
        let ones = if self.sixes_to_turn(rules) >= 3 { 2 } else { 1 };
        let mut cup = self.cup_values();
        let mut kept = self.kept_values();
        // The flipped sixes go aside as ones; the next six goes back (unless in place). Like
        // the engine, collected sixes are taken first.
        let gone = if in_place { ones } else { ones + 1 };
        for _ in 0..gone {
            let collected = kept.iter().position(|v| *v == 6);
            match collected.filter(|_| rules.collect_sixes) {
                Some(i) => kept.remove(i),
                None => match cup.iter().position(|v| *v == 6) {
                    Some(i) => cup.remove(i),
                    None => 0,
                },
            };
        }
        kept.extend(std::iter::repeat_n(1, ones));
        let state = TurnState {
            kept: pack(&kept),
            cup: pack(&cup),
            reroll: !in_place,
            throws: self.throws,
            max_throws: self.max_throws + u8::from(bonus),
            bonus: self.bonus + u8::from(bonus),
        };
        if in_place {
            Next::Final(state.final_throw())
        } else {
            Next::Decide(state)
        }
    }

    /// The state once `fresh` fell for a [`Next::Throw`]'s `after`.
    pub fn thrown(&self, fresh: &[u8]) -> TurnState {
        TurnState {
            cup: pack(fresh),
            ..*self
        }
    }
}
