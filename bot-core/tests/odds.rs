//! Exact odds of a turn (issue 13): the enumeration agrees with the real engine. A turn is
//! played many times through `Game` with seeded dice, choosing by the solver at every
//! decision point; the frequencies of the final throws (class and throws used) must lie within the error
//! bars of the exact distribution (R-RND-1 … R-RND-3, R-SIX-1 … R-SIX-3 as the engine plays
//! them, every preset).

use bot_core::engine::odds::{Choice, Distribution, Solver, TurnState};
use bot_core::engine::rules::PRESETS;
use bot_core::engine::{
    Action, Event, ExtraSet, FinalThrow, Game, RuleSet, Seat, evaluate, seeded,
};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn names() -> Vec<String> {
    vec!["Anna".into(), "Ben".into()]
}

/// Costs to play against: the higher rank, reaching a Schock, few throws with a good throw.
fn cost(kind: u8, rules: &RuleSet) -> impl Fn(&FinalThrow) -> f64 + '_ {
    let extras = rules.extras_in_play(ExtraSet::EMPTY);
    let schock = evaluate([1, 1, 4], true, rules, extras).rank.0;
    move |t: &FinalThrow| {
        let rank = f64::from(evaluate(t.dice, t.hand, rules, extras).rank.0);
        match kind {
            0 => -rank,
            1 => f64::from(u8::from(rank < f64::from(schock))),
            _ => -rank + 40.0 * f64::from(t.throws),
        }
    }
}

/// What the comparison tells apart: the throw's class and the throws used.
fn bucket(t: &FinalThrow, rules: &RuleSet) -> String {
    let class = evaluate(t.dice, t.hand, rules, rules.extras_in_play(ExtraSet::EMPTY)).class;
    format!("{} in {}", class.id(), t.throws)
}

/// The starter's first turn of a game, played by the solver's choices through the engine.
fn play_turn<C: Fn(&FinalThrow) -> f64>(
    rules: &RuleSet,
    solver: &mut Solver<'_, C>,
    seed: u64,
) -> FinalThrow {
    let mut rng = seeded(seed);
    let (mut game, _) = Game::start(rules.clone(), &names(), &mut rng).expect("start");
    let seat = game.current().expect("the starter");
    let index = game.round().cup_index(seat).expect("a cup");
    game.apply(seat, &Action::Look, &mut rng).expect("look");
    loop {
        let round = game.round();
        let cup = &round.cups[index];
        if cup.done {
            return cup.final_throw();
        }
        let state = TurnState::of_cup(cup, round.max_throws(index));
        let choice = solver.best(&state).expect("a choice while the turn runs");
        let actions = match choice {
            Choice::Stand => vec![Action::Stand],
            Choice::Flip => vec![Action::Flip],
            Choice::Throw { keep } if keep.is_empty() => vec![Action::Throw],
            Choice::Throw { keep } => vec![Action::Keep { values: keep }, Action::Throw],
        };
        for action in actions {
            let events = game
                .apply(seat, &action, &mut rng)
                .unwrap_or_else(|e| panic!("{action:?} at {state:?}: {e}"));
            // The others' turns may end the round at once (no choice left with the limit).
            if let Some(t) = revealed(&events, seat) {
                return t;
            }
        }
    }
}

/// `seat`'s final throw, if `events` scored the round.
fn revealed(events: &[Event], seat: Seat) -> Option<FinalThrow> {
    events.iter().find_map(|e| match e {
        Event::RoundScored(summary) => {
            summary
                .throws
                .iter()
                .find(|t| t.seat == seat)
                .map(|t| FinalThrow {
                    dice: t.eval.dice,
                    throws: t.throws,
                    hand: t.eval.hand,
                    blind: t.blind,
                })
        }
        _ => None,
    })
}

fn class_odds(dist: &Distribution, rules: &RuleSet) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for ((dice, throws, hand, blind), p) in dist {
        let t = FinalThrow {
            dice: *dice,
            throws: *throws,
            hand: *hand,
            blind: *blind,
        };
        *out.entry(bucket(&t, rules)).or_default() += p;
    }
    out
}

fn agree(preset: usize, kind: u8, seed: u64, turns: u64) {
    let (name, _) = PRESETS[preset % PRESETS.len()];
    let rules = RuleSet::preset(name).expect("preset");
    let mut solver = Solver::new(&rules, cost(kind, &rules));
    let exact = class_odds(&solver.turn_distribution(3), &rules);
    let total: f64 = exact.values().sum();
    assert!((total - 1.0).abs() < 1e-9, "{name}: {total}");
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    for k in 0..turns {
        let t = play_turn(&rules, &mut solver, seed.wrapping_add(k));
        *seen.entry(bucket(&t, &rules)).or_default() += 1;
    }
    let buckets: Vec<&String> = exact.keys().chain(seen.keys()).collect();
    for b in buckets {
        let p = exact.get(b).copied().unwrap_or(0.0);
        let observed = seen.get(b).copied().unwrap_or(0) as f64 / turns as f64;
        let bar = 5.0 * (p * (1.0 - p) / turns as f64).sqrt() + 2.0 / turns as f64;
        assert!(
            (observed - p).abs() <= bar,
            "{name}, cost {kind}, {b}: exact {p:.4}, observed {observed:.4} (±{bar:.4})"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn the_exact_odds_agree_with_the_engine_played_by_the_same_choices(
        preset in 0usize..16,
        kind in 0u8..3,
        seed in any::<u64>(),
    ) {
        agree(preset, kind, seed, 3000);
    }
}

#[test]
fn every_preset_with_every_cost_agrees() {
    for preset in 0..PRESETS.len() {
        for kind in 0..3 {
            agree(preset, kind, 7 + preset as u64 * 100_000, 2000);
        }
    }
}
