//! Strong play's reference distribution (see [`super::round`] for the model): starting from
//! a player who only maximises the rank of his throw, a player at a table of the same size
//! plays his best reply to the reference ([`super::costs`]), and his distribution becomes the
//! new reference; a few rounds of this settle it.

use super::costs::{Costs, Stakes};
use super::round::{Other, OtherSeat, Reference};
use super::solve::Solver;
use crate::engine::eval::evaluate;
use crate::engine::round::MAX_THROWS;
use crate::engine::rules::{ExtraSet, RuleSet};
use crate::engine::score::FinalThrow;

/// How often the reference is replied to before it is taken as settled.
const REFERENCE_ROUNDS: usize = 3;

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
                let costs = Costs::new(
                    rules,
                    extras,
                    &reference,
                    1,
                    &others,
                    Stakes::full_stock(rules),
                );
                let mut solver = Solver::new(rules, |t: &FinalThrow| costs.deckel(t));
                solver.turn_distribution(m)
            });
            reference = Reference { by_max };
        }
        reference
    }
}
