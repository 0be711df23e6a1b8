//! What exact odds cost: `cargo bench -p bot-core --bench odds`.
//!
//! - `turn_cold`: a whole turn solved from nothing (every decision point of a starter with
//!   three throws, every fall enumerated) and its final-throw distribution;
//! - `decision_warm`: one decision once the turn's values are known (what a hint asks).

use bot_core::engine::odds::{Solver, TurnState};
use bot_core::engine::{ExtraSet, RuleSet, evaluate};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    for preset in ["standard", "moin-moin"] {
        let rules = RuleSet::preset(preset).unwrap_or_default();
        let extras = rules.extras_in_play(ExtraSet::EMPTY);
        let cost = |t: &bot_core::engine::FinalThrow| {
            -f64::from(evaluate(t.dice, t.hand, &rules, extras).rank.0)
        };
        c.bench_function(&format!("turn_cold/{preset}"), |b| {
            b.iter(|| {
                let mut solver = Solver::new(&rules, cost);
                black_box(solver.turn_distribution(3))
            })
        });
        let mut solver = Solver::new(&rules, cost);
        solver.turn_distribution(3);
        let state = TurnState::first([1, 6, 6], 3);
        c.bench_function(&format!("decision_warm/{preset}"), |b| {
            b.iter(|| black_box(solver.best(black_box(&state))))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
