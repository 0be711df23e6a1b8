//! What each final throw costs one seat, in expected Deckel, and how likely it is the round's
//! lowest — from what the seat may know of the others ([`super::round`] writes the model down).
//!
//! The others' throws are ordered by one strength key (rank, then R-RANK-3's tie-break), so
//! the chance that everybody ranks above a throw, and the penalty the best of them sets, come
//! from running sums instead of comparing every pair of throws.

use super::round::{Other, OtherSeat, Reference};
use super::solve::{Distribution, FinalKey, Solver, key};
use super::turn::{Choice, TurnState};
use crate::engine::eval::{Evaluation, ThrowClass, evaluate};
use crate::engine::round::MAX_THROWS;
use crate::engine::rules::{ExtraSet, RuleSet};
use crate::engine::score::FinalThrow;
use std::collections::BTreeMap;

/// Throws used with flips' extra throws: at most one more than the limit.
const MOST_THROWS: u8 = MAX_THROWS + 1;
/// Sorted throws of three dice.
const COMBOS: usize = 56;
const SLOTS: usize = COMBOS * MOST_THROWS as usize * 2;

/// The number of each sorted throw (a ≤ b ≤ c), by `36a + 6b + c` of its faces less one.
const COMBO_INDEX: [u8; 216] = {
    let mut index = [0u8; 216];
    let mut next = 0u8;
    let mut a = 0;
    while a < 6 {
        let mut b = a;
        while b < 6 {
            let mut c = b;
            while c < 6 {
                index[a * 36 + b * 6 + c] = next;
                next += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    index
};

/// The slot of a final throw (dice sorted) in the dense tables; blind throws count like open
/// ones.
fn slot(k: &FinalKey) -> usize {
    let (d, throws, hand, _) = *k;
    let face = |v: u8| usize::from(v.clamp(1, 6) - 1);
    let dice = usize::from(COMBO_INDEX[face(d[0]) * 36 + face(d[1]) * 6 + face(d[2])]);
    let throws = usize::from(throws.clamp(1, MOST_THROWS) - 1);
    (dice * usize::from(MOST_THROWS) + throws) * 2 + usize::from(hand)
}

/// Every final throw a turn can end with: sorted dice, throws used (up to one extra), hand.
fn all_finals() -> Vec<FinalKey> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6 {
            for c in b..=6 {
                for throws in 1..=MOST_THROWS {
                    for hand in [true, false] {
                        out.push(([a, b, c], throws, hand, false));
                    }
                }
            }
        }
    }
    out
}

pub(super) fn final_of(k: &FinalKey) -> FinalThrow {
    let (dice, throws, hand, blind) = *k;
    FinalThrow {
        dice,
        throws,
        hand,
        blind,
    }
}

/// A throw's place in the round's order: higher ranks higher (R-RANK-3, R-RANK-5). Two
/// players never share a key, since their turn positions differ.
fn strength(eval: &Evaluation, throws: u8, position: usize, rules: &RuleSet) -> (u16, i32) {
    let position = i32::try_from(position).unwrap_or(i32::MAX / 2);
    let tie = if rules.later_schock_aus_wins && eval.class == ThrowClass::SchockAus {
        position
    } else {
        -(i32::from(throws) * 64 + position)
    };
    (eval.rank.0, tie)
}

/// One other player's possible throws, ordered by strength.
struct Opponent {
    /// (strength, probability), ascending.
    throws: Vec<((u16, i32), f64)>,
    /// `at_most[i]`: the chance his rank is at most `levels[i]`.
    at_most: Vec<f64>,
}

/// What is at stake for the seat this round (R-SCORE-2): while the stock lasts the lowest
/// throw takes at most what is left in it; once it is empty, the best throw hands its
/// penalty on, as far as its owner holds Deckel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stakes {
    /// The most Deckel a lowest throw can receive (besides a Schock aus, which takes all).
    pub receive_at_most: u8,
    /// The Deckel the seat holds and could hand on with the best throw; 0 while the stock
    /// lasts.
    pub give_at_most: u8,
}

impl Stakes {
    /// A round early in a half: a full stock, nothing to hand on.
    pub fn full_stock(rules: &RuleSet) -> Stakes {
        Stakes {
            receive_at_most: rules.deckel,
            give_at_most: 0,
        }
    }
}

/// What each of my possible final throws costs and how likely it is the round's lowest.
pub struct Costs {
    deckel: Vec<f64>,
    lowest: Vec<f64>,
}

impl Costs {
    /// For the seat at `me` in the turn order, with `others` as known.
    pub fn new(
        rules: &RuleSet,
        extras: ExtraSet,
        reference: &Reference,
        me: usize,
        others: &[OtherSeat],
        stakes: Stakes,
    ) -> Costs {
        let mut penalty_of_rank: BTreeMap<u16, (u8, u8)> = BTreeMap::new();
        let mut ranked = |k: &FinalKey, position: usize| {
            let eval = evaluate(k.0, k.2, rules, extras);
            let all = eval.penalty.deckel(rules);
            let (received, given) = if eval.class.takes_all() {
                (all, all.min(stakes.give_at_most))
            } else {
                (
                    all.min(stakes.receive_at_most),
                    all.min(stakes.give_at_most),
                )
            };
            penalty_of_rank
                .entry(eval.rank.0)
                .or_insert((received, given));
            strength(&eval, k.1, position, rules)
        };
        let mut opponents: Vec<Vec<((u16, i32), f64)>> = others
            .iter()
            .map(|o| {
                let dist = match &o.known {
                    Other::Open(t) => Distribution::from([(key(t), 1.0)]),
                    Other::Covered { throws, max_throws } => {
                        reference.of(*max_throws, Some(*throws))
                    }
                    Other::ToPlay { max_throws } => reference.of(*max_throws, None),
                };
                let mut throws: Vec<((u16, i32), f64)> = dist
                    .iter()
                    .map(|(k, p)| (ranked(k, o.position), *p))
                    .collect();
                throws.sort_by_key(|t| t.0);
                throws
            })
            .collect();
        let mine: Vec<(FinalKey, (u16, i32))> = all_finals()
            .into_iter()
            .map(|k| {
                let s = ranked(&k, me);
                (k, s)
            })
            .collect();
        let levels: Vec<u16> = penalty_of_rank.keys().copied().collect();
        let penalties: Vec<(f64, f64)> = penalty_of_rank
            .values()
            .map(|(r, g)| (f64::from(*r), f64::from(*g)))
            .collect();
        let opponents: Vec<Opponent> = opponents
            .drain(..)
            .map(|throws| {
                let mut at_most = vec![0.0; levels.len()];
                let mut sum = 0.0;
                let mut next = 0;
                for (i, level) in levels.iter().enumerate() {
                    while next < throws.len() && throws[next].0.0 <= *level {
                        sum += throws[next].1;
                        next += 1;
                    }
                    at_most[i] = sum;
                }
                Opponent { throws, at_most }
            })
            .collect();
        let mut deckel = vec![0.0; SLOTS];
        let mut lowest = vec![0.0; SLOTS];
        for (k, s) in mine {
            let (p_lowest, expected) = lowest_and_penalty(s, &opponents, &levels, &penalties);
            deckel[slot(&k)] = expected;
            lowest[slot(&k)] = p_lowest;
        }
        Costs { deckel, lowest }
    }

    /// For the round's starter at a table of `players`: the others follow with the limit his
    /// own throws set (R-RND-2).
    pub fn starter(
        rules: &RuleSet,
        extras: ExtraSet,
        reference: &Reference,
        players: usize,
        stakes: Stakes,
    ) -> Costs {
        let by_limit: Vec<Costs> = (1..=MAX_THROWS)
            .map(|limit| {
                let others: Vec<OtherSeat> = (1..players.max(2))
                    .map(|position| OtherSeat {
                        position,
                        known: Other::ToPlay { max_throws: limit },
                    })
                    .collect();
                Costs::new(rules, extras, reference, 0, &others, stakes)
            })
            .collect();
        let mut deckel = vec![0.0; SLOTS];
        let mut lowest = vec![0.0; SLOTS];
        for k in all_finals() {
            // An extra throw from flipping does not count for the limit.
            let limit = &by_limit[usize::from(k.1.min(MAX_THROWS)) - 1];
            deckel[slot(&k)] = limit.deckel[slot(&k)];
            lowest[slot(&k)] = limit.lowest[slot(&k)];
        }
        Costs { deckel, lowest }
    }

    /// Expected Deckel received with this final throw, less those expected to be handed on.
    pub fn deckel(&self, t: &FinalThrow) -> f64 {
        self.deckel[slot(&key(t))]
    }

    /// The chance that this final throw is the round's lowest.
    pub fn lowest(&self, t: &FinalThrow) -> f64 {
        self.lowest[slot(&key(t))]
    }
}

/// The chance that every other throw ranks above `mine`, and the Deckel that costs in
/// expectation (the penalty of the best throw, R-SCORE-1) less what being the best throw
/// hands on. `penalties`: per level, Deckel received and handed on.
fn lowest_and_penalty(
    mine: (u16, i32),
    opponents: &[Opponent],
    levels: &[u16],
    penalties: &[(f64, f64)],
) -> (f64, f64) {
    if opponents.is_empty() {
        return (0.0, 0.0);
    }
    // Level index of my rank (my rank is always one of the levels).
    let Ok(my_level) = levels.binary_search(&mine.0) else {
        return (0.0, 0.0);
    };
    // Per opponent: the chance to rank above me with my own rank, and up to my rank.
    let (tied_above, up_to_me): (Vec<f64>, Vec<f64>) = opponents
        .iter()
        .map(|o| {
            let start = o.throws.partition_point(|(s, _)| *s <= mine);
            let end = o.throws.partition_point(|(s, _)| s.0 <= mine.0);
            let tied: f64 = o.throws[start..end].iter().map(|(_, p)| p).sum();
            (tied, o.at_most[my_level])
        })
        .unzip();
    let highest: f64 = tied_above
        .iter()
        .zip(&up_to_me)
        .map(|(tied, base)| base - tied)
        .product();
    let mut before: f64 = tied_above.iter().product();
    let mut expected = before * penalties[my_level].0 - highest * penalties[my_level].1;
    for (level, (received, _)) in penalties.iter().enumerate().skip(my_level + 1) {
        let now: f64 = opponents
            .iter()
            .zip(&tied_above)
            .zip(&up_to_me)
            .map(|((o, tied), base)| tied + o.at_most[level] - base)
            .product();
        expected += (now - before) * received;
        before = now;
    }
    (before, expected)
}

/// A choice of the seat and what follows from it under strong play.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceOdds {
    pub choice: Choice,
    /// The chance not to be the round's lowest throw.
    pub not_lowest: f64,
    /// The Deckel received in expectation.
    pub deckel: f64,
}

/// Every choice at `state` with its odds, the best first.
pub fn choice_odds(rules: &RuleSet, costs: &Costs, state: &TurnState) -> Vec<ChoiceOdds> {
    let mut solver = Solver::new(rules, |t: &FinalThrow| costs.deckel(t));
    let mut out: Vec<ChoiceOdds> = state
        .choices(rules)
        .into_iter()
        .map(|choice| {
            let deckel = solver.choice_value(state, &choice);
            let dist = solver.choice_distribution(state, &choice);
            let lowest: f64 = dist
                .iter()
                .map(|(k, p)| p * costs.lowest(&final_of(k)))
                .sum();
            ChoiceOdds {
                choice,
                not_lowest: 1.0 - lowest,
                deckel,
            }
        })
        .collect();
    // Stable: among equal choices the simpler one (standing, keeping less) stays first.
    out.sort_by(|a, b| a.deckel.total_cmp(&b.deckel));
    out
}
