//! Exact best play for one turn against a cost of each final throw: every fall of the dice is
//! enumerated (no sampling), and each decision point is solved once.

use super::turn::{Choice, Next, TurnState};
use crate::engine::rules::RuleSet;
use crate::engine::score::FinalThrow;
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// Sorted values of a throw's dice, each with its probability.
type Falls = Vec<(Vec<u8>, f64)>;

/// The falls of `n` dice (0 to 3) as sorted values with their probabilities, computed once.
pub fn falls(n: usize) -> &'static [(Vec<u8>, f64)] {
    static FALLS: OnceLock<[Falls; 4]> = OnceLock::new();
    let all = FALLS.get_or_init(|| {
        [
            count_falls(0),
            count_falls(1),
            count_falls(2),
            count_falls(3),
        ]
    });
    &all[n.min(3)]
}

fn count_falls(n: usize) -> Falls {
    let total = 6usize.pow(n as u32);
    let mut counts: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
    for code in 0..total {
        let mut dice: Vec<u8> = (0..n)
            .map(|k| (code / 6usize.pow(k as u32) % 6) as u8 + 1)
            .collect();
        dice.sort_unstable();
        *counts.entry(dice).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(dice, count)| (dice, count as f64 / total as f64))
        .collect()
}

/// A final throw as the odds tell them apart: sorted dice, throws used, from the hand, blind.
pub type FinalKey = ([u8; 3], u8, bool, bool);

pub fn key(t: &FinalThrow) -> FinalKey {
    let mut dice = t.dice;
    dice.sort_unstable();
    (dice, t.throws, t.hand, t.blind)
}

/// Probabilities of final throws.
pub type Distribution = BTreeMap<FinalKey, f64>;

/// Best play for one turn: the lowest expected cost of the final throw. `cost` must not
/// change while the solver is used.
pub struct Solver<'a, C: Fn(&FinalThrow) -> f64> {
    rules: &'a RuleSet,
    cost: C,
    values: HashMap<TurnState, f64>,
    /// The final-throw distribution from a decision point on, under best play.
    distributions: HashMap<TurnState, Distribution>,
}

impl<'a, C: Fn(&FinalThrow) -> f64> Solver<'a, C> {
    pub fn new(rules: &'a RuleSet, cost: C) -> Self {
        Solver {
            rules,
            cost,
            values: HashMap::new(),
            distributions: HashMap::new(),
        }
    }

    /// A solver that goes on from the values an earlier one with the same rules and cost
    /// found (see [`Solver::into_values`]).
    pub fn resume(rules: &'a RuleSet, cost: C, values: HashMap<TurnState, f64>) -> Self {
        Solver {
            values,
            ..Solver::new(rules, cost)
        }
    }

    /// The values found so far, to [`Solver::resume`] with later.
    pub fn into_values(self) -> HashMap<TurnState, f64> {
        self.values
    }

    /// The expected cost from `state` on, choosing best.
    pub fn value(&mut self, state: &TurnState) -> f64 {
        if let Some(v) = self.values.get(state) {
            return *v;
        }
        let v = if state.is_over(self.rules) {
            (self.cost)(&state.final_throw())
        } else {
            state
                .choices(self.rules)
                .iter()
                .map(|c| self.choice_value(state, c))
                .fold(f64::INFINITY, f64::min)
        };
        self.values.insert(*state, v);
        v
    }

    /// The expected cost of `choice` at `state`, choosing best afterwards.
    pub fn choice_value(&mut self, state: &TurnState, choice: &Choice) -> f64 {
        match state.next(choice, self.rules) {
            Next::Final(t) => (self.cost)(&t),
            Next::Decide(after) => self.value(&after),
            Next::Throw { dice, after } => falls(dice)
                .iter()
                .map(|(fresh, p)| p * self.value(&after.thrown(fresh)))
                .sum(),
        }
    }

    /// The best choice at `state` (the first of equals, in [`TurnState::choices`] order:
    /// standing before throwing, keeping less before more).
    pub fn best(&mut self, state: &TurnState) -> Option<Choice> {
        let mut best: Option<(Choice, f64)> = None;
        for choice in state.choices(self.rules) {
            let v = self.choice_value(state, &choice);
            if best.as_ref().is_none_or(|(_, b)| v < *b - 1e-12) {
                best = Some((choice, v));
            }
        }
        best.map(|(c, _)| c)
    }

    /// The distribution of the final throw after `choice` at `state`, choosing best after.
    pub fn choice_distribution(&mut self, state: &TurnState, choice: &Choice) -> Distribution {
        let mut out = Distribution::new();
        self.add_choice(state, choice, 1.0, &mut out);
        out
    }

    /// The distribution of the final throw from `state` on, choosing best.
    pub fn distribution(&mut self, state: &TurnState) -> Distribution {
        if let Some(d) = self.distributions.get(state) {
            return d.clone();
        }
        let mut out = Distribution::new();
        if state.is_over(self.rules) {
            out.insert(key(&state.final_throw()), 1.0);
        } else if let Some(choice) = self.best(state) {
            self.add_choice(state, &choice, 1.0, &mut out);
        }
        self.distributions.insert(*state, out.clone());
        out
    }

    fn add_state(&mut self, state: &TurnState, p: f64, out: &mut Distribution) {
        for (k, q) in self.distribution(state) {
            *out.entry(k).or_default() += p * q;
        }
    }

    fn add_choice(&mut self, state: &TurnState, choice: &Choice, p: f64, out: &mut Distribution) {
        match state.next(choice, self.rules) {
            Next::Final(t) => *out.entry(key(&t)).or_default() += p,
            Next::Decide(after) => self.add_state(&after, p, out),
            Next::Throw { dice, after } => {
                for (fresh, q) in falls(dice) {
                    self.add_state(&after.thrown(fresh), p * q, out);
                }
            }
        }
    }

    /// The whole turn from the deal: the first throw falls, then best play.
    pub fn turn_distribution(&mut self, max_throws: u8) -> Distribution {
        let mut out = Distribution::new();
        for (dice, p) in falls(3) {
            let first = TurnState::first([dice[0], dice[1], dice[2]], max_throws);
            self.add_state(&first, *p, &mut out);
        }
        out
    }
}
