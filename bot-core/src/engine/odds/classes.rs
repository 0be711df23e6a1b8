//! How often strong play ends a turn in each throw class, by the throws allowed — the odds
//! table of the docs (`schocken odds`).

use super::round::Reference;
use crate::engine::eval::{ThrowClass, evaluate};
use crate::engine::round::MAX_THROWS;
use crate::engine::rules::{ExtraSet, RuleSet};

/// Per throw class (in [`ThrowClass::ALL`] order, classes that never occur left out), the
/// chance that a strong player's final throw is of it with at most 1, 2 and 3 throws, at a
/// table of `players`, without announced extras.
pub fn class_odds(rules: &RuleSet, players: usize) -> Vec<(ThrowClass, [f64; 3])> {
    let extras = rules.extras_in_play(ExtraSet::EMPTY);
    let reference = Reference::compute(rules, extras, players);
    let mut shares = [[0.0; 3]; ThrowClass::ALL.len()];
    for max_throws in 1..=MAX_THROWS {
        for (key, p) in reference.of(max_throws, None) {
            let class = evaluate(key.0, key.2, rules, extras).class;
            if let Some(i) = ThrowClass::ALL.iter().position(|c| *c == class) {
                shares[i][usize::from(max_throws) - 1] += p;
            }
        }
    }
    ThrowClass::ALL
        .iter()
        .zip(shares)
        .filter(|(_, s)| s.iter().any(|p| *p > 0.0))
        .map(|(c, s)| (*c, s))
        .collect()
}
