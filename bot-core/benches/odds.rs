//! What exact odds cost: `cargo bench -p bot-core --bench odds`.
//!
//! - `turn_cold`: a whole turn solved from nothing (every decision point of a starter with
//!   three throws, every fall enumerated) and its final-throw distribution;
//! - `decision_warm`: one decision once the turn's values are known;
//! - `reference`: strong play's reference distributions for a table of four (once per rule
//!   set and extras);
//! - `hint`: every choice of a position with its odds under strong play (what a hint asks),
//!   the costs of the seat given;
//! - `strong_decision_new_situation`: a strong player's decision in a real game's position
//!   that it meets for the first time (costs made afresh) — the slowest kind of decision;
//!   p50/p99/max of the same decisions are printed.

use bot_core::engine::ai::StrongPlayer;
use bot_core::engine::odds::{Costs, Reference, Solver, Stakes, TurnState, choice_odds};
use bot_core::engine::{Action, ExtraSet, Game, RuleSet, Seat, evaluate, seeded};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};

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
        b.iter(|| {
            black_box(Costs::starter(
                &rules,
                ExtraSet::EMPTY,
                &reference,
                4,
                Stakes::full_stock(&rules),
            ))
        })
    });
    let costs = Costs::starter(
        &rules,
        ExtraSet::EMPTY,
        &reference,
        4,
        Stakes::full_stock(&rules),
    );
    let state = TurnState::first([1, 4, 5], 3);
    c.bench_function("hint/first_throw", |b| {
        b.iter(|| black_box(choice_odds(&rules, &costs, black_box(&state))))
    });
}

/// Decisions of a strong player in real games, each in a situation it has not seen before
/// (its costs computed afresh; the reference distributions are made once per table): the
/// slowest case a hint or a computer player's move meets. Criterion gives the mean; the
/// percentiles are printed from the same decisions timed one by one.
fn decisions(c: &mut Criterion) {
    for preset in ["standard", "moin-moin"] {
        let rules = RuleSet::preset(preset).unwrap_or_default();
        let positions = positions(&rules, 100);
        let mut player = StrongPlayer::new(&rules);
        player.prepare(4, rules.extras_in_play(ExtraSet::EMPTY));
        let mut times: Vec<Duration> = positions
            .iter()
            .map(|(game, seat)| {
                player.forget_situations();
                let started = Instant::now();
                black_box(player.choose(game, *seat));
                started.elapsed()
            })
            .collect();
        times.sort_unstable();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "strong decision, new situation, {preset}: {} decisions, p50 {:?}, p99 {:?}, max {:?}",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
        let mut next = 0;
        c.bench_function(&format!("strong_decision_new_situation/{preset}"), |b| {
            b.iter(|| {
                let (game, seat) = &positions[next % positions.len()];
                next += 1;
                player.forget_situations();
                black_box(player.choose(game, *seat))
            })
        });
    }
}

/// Positions where a strong player decides on its dice, from whole games of four.
fn positions(rules: &RuleSet, games: u64) -> Vec<(Game, Seat)> {
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    let mut player = StrongPlayer::new(rules);
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = seeded(seed);
        let Ok((mut game, _)) = Game::start(rules.clone(), &names, &mut rng) else {
            continue;
        };
        while let Some(seat) = game.current() {
            let round = game.round();
            let looked = round.cup(seat).is_some_and(|c| c.looked && !c.done);
            let Some(action) = player.choose(&game, seat) else {
                break;
            };
            if looked && !round.announcing && !matches!(action, Action::Look) {
                out.push((game.clone(), seat));
            }
            if game.apply(seat, &action, &mut rng).is_err() {
                break;
            }
        }
    }
    out
}

criterion_group!(benches, bench, strong, decisions);
criterion_main!(benches);
