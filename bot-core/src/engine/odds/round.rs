//! What a final throw costs in expectation, judged from one seat (issue 13, second step).
//!
//! The model, using nothing a human at the same seat could not see:
//! - The others' final throws are independent. A throw that is open on the table (the
//!   starter's after one or two throws, R-RND-4) is known. A covered throw of a player who
//!   used `t` of at most `m` throws follows the *reference* distribution for `m` throws,
//!   conditioned on `t` throws used. A player still to play follows the reference
//!   distribution for the limit.
//! - The cost of my final throw is the Deckel I can expect to receive: the chance that every
//!   other throw ranks above mine (R-RANK-3: fewer throws, then the earlier player, win
//!   ties), times the penalty of the round's best throw (R-SCORE-1; Schock aus counts as the
//!   whole stock). Being the best throw costs nothing here.
//! - The reference distribution is that of strong play itself: starting from a player who
//!   only maximises the rank of his throw, a player at a table of the same size plays his
//!   best reply to the reference, and his distribution becomes the new reference; a few
//!   rounds of this settle it.
//! - Blind play and announced extras are outside the model: a round's extras are given.

use super::solve::{Distribution, FinalKey, Solver, key};
use crate::engine::eval::{RankedThrow, compare_results, evaluate};
use crate::engine::round::MAX_THROWS;
use crate::engine::rules::{ExtraSet, RuleSet};
use crate::engine::score::FinalThrow;
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};

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
    by_max: [Distribution; 3],
}

/// How often the reference is replied to before it is taken as settled.
const REFERENCE_ROUNDS: usize = 3;

fn final_of(k: &FinalKey) -> FinalThrow {
    let (dice, throws, hand, blind) = *k;
    FinalThrow {
        dice,
        throws,
        hand,
        blind,
    }
}

/// Every final throw a turn can end with: sorted dice, throws used (up to one extra), hand.
fn all_finals() -> Vec<FinalKey> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6 {
            for c in b..=6 {
                for throws in 1..=MAX_THROWS + 1 {
                    for hand in [true, false] {
                        out.push(([a, b, c], throws, hand, false));
                    }
                }
            }
        }
    }
    out
}

impl Reference {
    /// Strong play at a table of `players` under `rules` with the round's `extras`.
    pub fn compute(rules: &RuleSet, extras: ExtraSet, players: usize) -> Reference {
        let by_rank = |t: &FinalThrow| -f64::from(evaluate(t.dice, t.hand, rules, extras).rank.0);
        let mut solver = Solver::new(rules, by_rank);
        let mut reference = Reference {
            by_max: [1, 2, 3].map(|m| solver.turn_distribution(m)),
        };
        for _ in 0..REFERENCE_ROUNDS {
            let by_max = [1u8, 2, 3].map(|m| {
                // The second player of the round: the starter used `m` throws, the rest follow.
                let others: Vec<OtherSeat> = (0..players.max(2))
                    .filter(|p| *p != 1)
                    .map(|position| OtherSeat {
                        position,
                        known: if position == 0 {
                            Other::Covered {
                                throws: m,
                                max_throws: MAX_THROWS,
                            }
                        } else {
                            Other::ToPlay { max_throws: m }
                        },
                    })
                    .collect();
                let costs = Costs::new(rules, extras, &reference, 1, &others);
                let mut solver = Solver::new(rules, |t: &FinalThrow| costs.deckel(t));
                solver.turn_distribution(m)
            });
            reference = Reference { by_max };
        }
        reference
    }

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

/// What each of my possible final throws costs and how likely it is the round's lowest.
pub struct Costs {
    deckel: HashMap<FinalKey, f64>,
    lowest: HashMap<FinalKey, f64>,
}

impl Costs {
    /// For the seat at `me` in the turn order, with `others` as known.
    pub fn new(
        rules: &RuleSet,
        extras: ExtraSet,
        reference: &Reference,
        me: usize,
        others: &[OtherSeat],
    ) -> Costs {
        let ranked = |k: &FinalKey, position: usize| RankedThrow {
            eval: evaluate(k.0, k.2, rules, extras),
            throws: k.1,
            position,
        };
        let outcomes: Vec<Vec<(RankedThrow, f64)>> = others
            .iter()
            .map(|o| {
                let dist = match &o.known {
                    Other::Open(t) => BTreeMap::from([(key(t), 1.0)]),
                    Other::Covered { throws, max_throws } => {
                        reference.of(*max_throws, Some(*throws))
                    }
                    Other::ToPlay { max_throws } => reference.of(*max_throws, None),
                };
                dist.iter()
                    .map(|(k, p)| (ranked(k, o.position), *p))
                    .collect()
            })
            .collect();
        let mut deckel = HashMap::new();
        let mut lowest = HashMap::new();
        for k in all_finals() {
            let mine = ranked(&k, me);
            let (p_lowest, expected) = lowest_and_penalty(&mine, &outcomes, rules);
            deckel.insert(k, expected);
            lowest.insert(k, p_lowest);
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
    ) -> Costs {
        let by_limit: Vec<Costs> = (1..=MAX_THROWS)
            .map(|limit| {
                let others: Vec<OtherSeat> = (1..players.max(2))
                    .map(|position| OtherSeat {
                        position,
                        known: Other::ToPlay { max_throws: limit },
                    })
                    .collect();
                Costs::new(rules, extras, reference, 0, &others)
            })
            .collect();
        let mut deckel = HashMap::new();
        let mut lowest = HashMap::new();
        for k in all_finals() {
            // An extra throw from flipping does not count for the limit.
            let limit = &by_limit[usize::from(k.1.min(MAX_THROWS)) - 1];
            deckel.insert(k, limit.deckel.get(&k).copied().unwrap_or(0.0));
            lowest.insert(k, limit.lowest.get(&k).copied().unwrap_or(0.0));
        }
        Costs { deckel, lowest }
    }

    /// Expected Deckel received with this final throw.
    pub fn deckel(&self, t: &FinalThrow) -> f64 {
        self.deckel.get(&key(t)).copied().unwrap_or(0.0)
    }

    /// The chance that this final throw is the round's lowest.
    pub fn lowest(&self, t: &FinalThrow) -> f64 {
        self.lowest.get(&key(t)).copied().unwrap_or(0.0)
    }
}

/// The chance that every other throw ranks above `mine`, and the Deckel that costs in
/// expectation (the best throw's penalty).
fn lowest_and_penalty(
    mine: &RankedThrow,
    others: &[Vec<(RankedThrow, f64)>],
    rules: &RuleSet,
) -> (f64, f64) {
    if others.is_empty() {
        return (0.0, 0.0);
    }
    // Per other: the chance to rank above me, by the rank of his throw.
    let mut ranks: Vec<u16> = Vec::new();
    let above: Vec<BTreeMap<u16, (f64, u8)>> = others
        .iter()
        .map(|outcomes| {
            let mut by_rank: BTreeMap<u16, (f64, u8)> = BTreeMap::new();
            for (t, p) in outcomes {
                if compare_results(t, mine, rules) == Ordering::Greater {
                    let entry = by_rank
                        .entry(t.eval.rank.0)
                        .or_insert((0.0, t.eval.penalty.deckel(rules)));
                    entry.0 += p;
                    ranks.push(t.eval.rank.0);
                }
            }
            by_rank
        })
        .collect();
    ranks.sort_unstable();
    ranks.dedup();
    let penalty_of = |rank: u16| {
        above
            .iter()
            .find_map(|a| a.get(&rank).map(|(_, pen)| *pen))
            .unwrap_or(0)
    };
    // P(all above me and the best at most rank r), step by step in r.
    let mut cumulative = vec![0.0; above.len()];
    let mut before = 0.0;
    let mut expected = 0.0;
    for rank in &ranks {
        for (c, a) in cumulative.iter_mut().zip(&above) {
            *c += a.get(rank).map_or(0.0, |(p, _)| *p);
        }
        let now: f64 = cumulative.iter().product();
        expected += (now - before) * f64::from(penalty_of(*rank));
        before = now;
    }
    (before, expected)
}

/// A choice of the seat and what follows from it under strong play.
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceOdds {
    pub choice: super::turn::Choice,
    /// The chance not to be the round's lowest throw.
    pub not_lowest: f64,
    /// The Deckel received in expectation.
    pub deckel: f64,
}

/// Every choice at `state` with its odds, the best first.
pub fn choice_odds(
    rules: &RuleSet,
    costs: &Costs,
    state: &super::turn::TurnState,
) -> Vec<ChoiceOdds> {
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
    out.sort_by(|a, b| a.deckel.total_cmp(&b.deckel));
    out
}
