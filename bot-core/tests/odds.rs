//! Exact odds of a turn (issue 13): the enumeration agrees with the real engine. A turn is
//! played many times through `Game` with seeded dice, choosing by the solver at every
//! decision point; the frequencies of the final throws (class and throws used) must lie within the error
//! bars of the exact distribution (R-RND-1 … R-RND-3, R-SIX-1 … R-SIX-3 as the engine plays
//! them, every preset).

use bot_core::engine::odds::{
    Choice, Costs, Distribution, Other, OtherSeat, Reference, Solver, Stakes, TurnState,
    choice_odds,
};
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

/// Plays `turns` starter's turns through the engine by `solver`'s choices (seeds from
/// `seed` on) and checks each (class, throws used) against the exact odds within 5 σ.
fn assert_engine_agrees<C: Fn(&FinalThrow) -> f64>(
    rules: &RuleSet,
    solver: &mut Solver<C>,
    seed: u64,
    turns: u64,
    label: &str,
) {
    let exact = class_odds(&solver.turn_distribution(3), rules);
    let total: f64 = exact.values().sum();
    assert!((total - 1.0).abs() < 1e-9, "{label}: {total}");
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    for k in 0..turns {
        let t = play_turn(rules, solver, seed.wrapping_add(k));
        *seen.entry(bucket(&t, rules)).or_default() += 1;
    }
    for b in exact.keys().chain(seen.keys()) {
        let p = exact.get(b).copied().unwrap_or(0.0);
        let observed = seen.get(b).copied().unwrap_or(0) as f64 / turns as f64;
        let bar = 5.0 * (p * (1.0 - p) / turns as f64).sqrt() + 2.0 / turns as f64;
        assert!(
            (observed - p).abs() <= bar,
            "{label}, {b}: exact {p:.4}, observed {observed:.4} (±{bar:.4})"
        );
    }
}

fn agree(preset: usize, kind: u8, seed: u64, turns: u64) {
    let (name, _) = PRESETS[preset % PRESETS.len()];
    let rules = RuleSet::preset(name).expect("preset");
    let mut solver = Solver::new(&rules, cost(kind, &rules));
    assert_engine_agrees(
        &rules,
        &mut solver,
        seed,
        turns,
        &format!("{name}, cost {kind}"),
    );
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

// ----- strong play: textbook positions ---------------------------------------------------

/// Strong play at a table of four under the standard rules (first round: no extras).
fn standard_reference() -> (RuleSet, Reference) {
    let rules = RuleSet::standard();
    let reference = Reference::compute(&rules, ExtraSet::EMPTY, 4);
    (rules, reference)
}

fn best(rules: &RuleSet, costs: &Costs, state: &TurnState) -> Choice {
    let odds = choice_odds(rules, costs, state);
    assert!(
        odds.windows(2).all(|w| w[0].deckel <= w[1].deckel),
        "best first: {odds:?}"
    );
    assert!(odds.iter().all(|o| (0.0..=1.0).contains(&o.not_lowest)));
    odds[0].choice.clone()
}

/// The second player of four, the starter done after `limit` throws under the cup.
fn second_of_four(limit: u8) -> Vec<OtherSeat> {
    (0..4)
        .filter(|p| *p != 1)
        .map(|position| OtherSeat {
            position,
            known: if position == 0 {
                Other::Covered {
                    throws: limit,
                    max_throws: 3,
                }
            } else {
                Other::ToPlay { max_throws: limit }
            },
        })
        .collect()
}

#[test]
fn r_six_1_two_sixes_and_a_one_on_the_first_throw_are_flipped() {
    // 1,6,6 is a poor Hausnummer. Flipping sets a one aside and sends a six back: with the
    // other one kept, 1,1,n is certain (a Schock), Schock aus one time in six.
    let (rules, reference) = standard_reference();
    let costs = Costs::new(
        &rules,
        ExtraSet::EMPTY,
        &reference,
        1,
        &second_of_four(3),
        Stakes::full_stock(&rules),
    );
    assert_eq!(
        best(&rules, &costs, &TurnState::first([1, 6, 6], 3)),
        Choice::Flip
    );
}

#[test]
fn r_rank_1_two_ones_aside_with_one_throw_left() {
    let (rules, reference) = standard_reference();
    let costs = Costs::new(
        &rules,
        ExtraSet::EMPTY,
        &reference,
        1,
        &second_of_four(3),
        Stakes::full_stock(&rules),
    );
    // Schock 6 is beaten only by Schock aus: stand.
    let schock_6 = TurnState::after_throw(&[1, 1], &[6], 2, 3, 0);
    assert_eq!(best(&rules, &costs, &schock_6), Choice::Stand);
    // Schock 2 is the lowest Schock: four faces of six make it better, one (the 1) makes
    // Schock aus; throw the last die.
    let schock_2 = TurnState::after_throw(&[1, 1], &[2], 2, 3, 0);
    assert_eq!(
        best(&rules, &costs, &schock_2),
        Choice::Throw { keep: vec![] }
    );
}

#[test]
fn r_rnd_2_a_starter_with_a_strasse_on_the_first_throw_stands() {
    // From the hand a Straße beats every Hausnummer, and standing leaves the others one
    // throw each (the limit): they rarely beat it.
    let (rules, reference) = standard_reference();
    let costs = Costs::starter(
        &rules,
        ExtraSet::EMPTY,
        &reference,
        4,
        Stakes::full_stock(&rules),
    );
    let strasse = TurnState::first([2, 3, 4], 3);
    assert_eq!(best(&rules, &costs, &strasse), Choice::Stand);
    let odds = choice_odds(&rules, &costs, &strasse);
    assert!(odds[0].not_lowest > 0.95, "{odds:?}");
}

#[test]
fn strong_play_through_the_engine_agrees_with_its_exact_odds() {
    let (rules, reference) = standard_reference();
    let costs = Costs::starter(
        &rules,
        ExtraSet::EMPTY,
        &reference,
        4,
        Stakes::full_stock(&rules),
    );
    let mut solver = Solver::new(&rules, |t: &FinalThrow| costs.deckel(t));
    assert_engine_agrees(&rules, &mut solver, 90_000, 3000, "strong, standard");
}

#[test]
fn r_score_2_with_deckel_to_hand_on_a_schock_4_is_not_enough() {
    // While the stock lasts only the lowest throw pays: the starter's Schock 4 from the hand
    // leaves everybody one throw and is rarely the lowest — stand. Once the stock is empty
    // the best throw hands its penalty on: holding six Deckel he keeps the ones and throws
    // for Schock 5, 6 or Schock aus (R-SCORE-3), which hands on more of his own.
    let (rules, reference) = standard_reference();
    let schock_4 = TurnState::first([1, 1, 4], 3);
    let stock = Costs::starter(
        &rules,
        ExtraSet::EMPTY,
        &reference,
        4,
        Stakes::full_stock(&rules),
    );
    assert_eq!(best(&rules, &stock, &schock_4), Choice::Stand);
    let holding_six = Stakes {
        receive_at_most: rules.deckel,
        give_at_most: 6,
    };
    let handing_on = Costs::starter(&rules, ExtraSet::EMPTY, &reference, 4, holding_six);
    assert_eq!(
        best(&rules, &handing_on, &schock_4),
        Choice::Throw { keep: vec![1, 1] }
    );
    // Handing on shows in the expected Deckel: below zero for a throw that is often best.
    let odds = choice_odds(&rules, &handing_on, &schock_4);
    assert!(odds[0].deckel < 0.0, "{odds:?}");
}
