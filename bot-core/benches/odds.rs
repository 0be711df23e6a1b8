//! What exact odds cost: `cargo bench -p bot-core --bench odds`.
//!
//! - `turn_cold`: a whole turn solved from nothing (every decision point of a starter with
//!   three throws, every fall enumerated) and its final-throw distribution;
//! - `decision_warm`: one decision once the turn's values are known;
//! - `reference`: strong play's reference distributions for a table of four (once per rule
//!   set and extras);
//! - `hint`: every choice of a position with its odds under strong play (what a hint asks),
//!   the costs of the seat given.

use bot_core::engine::odds::{Costs, Reference, Solver, TurnState, choice_odds};
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

fn strong(c: &mut Criterion) {
    let rules = RuleSet::standard();
    c.bench_function("reference/standard_4_players", |b| {
        b.iter(|| black_box(Reference::compute(&rules, ExtraSet::EMPTY, 4)))
    });
    let reference = Reference::compute(&rules, ExtraSet::EMPTY, 4);
    c.bench_function("costs/starter_of_4", |b| {
        b.iter(|| black_box(Costs::starter(&rules, ExtraSet::EMPTY, &reference, 4)))
    });
    let costs = Costs::starter(&rules, ExtraSet::EMPTY, &reference, 4);
    let state = TurnState::first([1, 4, 5], 3);
    c.bench_function("hint/first_throw", |b| {
        b.iter(|| black_box(choice_odds(&rules, &costs, black_box(&state))))
    });
}

criterion_group!(benches, bench, strong);
criterion_main!(benches);
