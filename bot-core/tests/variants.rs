//! The variants added last (issue 14): collecting sixes (R-SIX-4) and the Baby Schock Out
//! Hand (R-RANK-7), in the engine, in the exact odds' model of a turn and in evaluation.

mod common;

use bot_core::engine::odds::{Choice, Next, TurnState};
use bot_core::engine::{
    Action, ActionError, ActionKind, ExtraSet, Game, RuleSet, ThrowClass, evaluate, seeded,
};
use common::{A, B, Table, preset, with};
use proptest::prelude::*;

fn collecting(base: RuleSet) -> RuleSet {
    with(base, &["collect_sixes=true"])
}

// ----- R-SIX-4 in the engine ---------------------------------------------------------------

#[test]
fn r_six_4_three_sixes_with_two_collected_become_two_ones() {
    // 6,6,3: both sixes aside (collected, not turned), then 6: three sixes together.
    let mut t = Table::new(
        collecting(RuleSet::standard()),
        2,
        A,
        &[[6, 6, 3], [5, 3, 2]],
    );
    t.act(A, Action::Keep { values: vec![6, 6] });
    t.push_dice(&[6]);
    t.act(A, Action::Throw);
    t.act(A, Action::Flip);
    let cup = t.cup(A);
    assert_eq!(cup.dice, [1, 1, 6], "the collected sixes turned first");
    assert_eq!(cup.aside, [true, true, false]);
    assert_eq!(cup.reroll, [false, false, true]);
}

#[test]
fn r_six_4_two_collected_sixes_may_be_turned_later() {
    let mut t = Table::new(
        collecting(RuleSet::standard()),
        2,
        A,
        &[[6, 6, 3], [5, 3, 2]],
    );
    t.act(A, Action::Keep { values: vec![6, 6] });
    t.push_dice(&[4]);
    t.act(A, Action::Throw);
    t.act(A, Action::Flip);
    let cup = t.cup(A);
    assert_eq!(cup.dice, [1, 6, 4]);
    assert_eq!(cup.aside, [true, false, false], "the second six goes back");
    assert_eq!(cup.reroll, [false, true, false]);
    assert!(!cup.hand(), "R-SIX-3");
}

#[test]
fn r_six_4_r_six_2_on_the_last_throw_the_preset_decides() {
    // The second six falls with the last throw: forbidden needs a throw left …
    let last_six = |rules: RuleSet| {
        let mut t = Table::new(rules, 2, A, &[[6, 4, 3], [5, 3, 2]]);
        t.act(A, Action::Keep { values: vec![6] });
        t.push_dice(&[5, 2]);
        t.act(A, Action::Throw);
        t.push_dice(&[6, 2]);
        t.act(A, Action::Throw);
        t
    };
    let mut t = last_six(collecting(RuleSet::standard()));
    assert!(
        t.cup(A).done,
        "no throw left and no flip: the engine stands"
    );
    t.refuse(A, Action::Flip, ActionError::AlreadyFinished);
    // … Moin-Moin grants a fourth throw …
    let mut t = last_six(preset("moin-moin"));
    assert!(t.game.available_actions(A).contains(&ActionKind::Flip));
    t.act(A, Action::Flip);
    assert_eq!(t.cup(A).bonus, 1);
    t.push_dice(&[1, 2]);
    t.act(A, Action::Throw);
    assert_eq!((t.cup(A).dice, t.cup(A).throws), ([1, 1, 2], 4));
    // … Münsterland turns in place, the other dice stay.
    let mut t = last_six(collecting(preset("muensterland")));
    t.act(A, Action::Flip);
    let cup = t.cup(A);
    assert_eq!((cup.dice, cup.done), ([1, 6, 2], true));
}

#[test]
fn r_six_4_one_six_alone_is_not_turned_and_the_flip_waits_for_a_look() {
    let mut t = Table::new(preset("moin-moin"), 2, A, &[[6, 4, 3], [6, 6, 2]]);
    t.act(A, Action::Keep { values: vec![6] });
    t.push_dice(&[5, 2]);
    t.act(A, Action::Throw);
    t.refuse(A, Action::Flip, ActionError::NoTwoSixes);
    t.act(A, Action::Stand);
    // B has not looked: no flip offered, whatever lies under his cup.
    assert!(!t.game.available_actions(B).contains(&ActionKind::Flip));
    t.act(B, Action::Look);
    assert!(t.game.available_actions(B).contains(&ActionKind::Flip));
}

// ----- R-SIX-4 in the exact odds --------------------------------------------------------

/// The odds' model of a turn offers a flip exactly when the engine allows one, and a flip
/// leads to the state the engine's cup is in afterwards.
fn model_mirrors_engine(rules: &RuleSet, seed: u64, script: &[u8]) {
    let names = ["Anna".to_string(), "Ben".to_string()];
    let mut rng = seeded(seed);
    let Ok((mut game, _)) = Game::start(rules.clone(), &names, &mut rng) else {
        return;
    };
    let seat = game.current().expect("the starter");
    let _ = game.apply(seat, &Action::Look, &mut rng);
    for step in script {
        let round = game.round();
        let Some(index) = round.cup_index(seat) else {
            return;
        };
        let cup = &round.cups[index];
        if cup.done || game.current() != Some(seat) {
            return;
        }
        let state = TurnState::of_cup(cup, round.max_throws(index));
        let offered = state.choices(rules).contains(&Choice::Flip);
        let allowed = game.check(seat, &Action::Flip).is_ok();
        assert_eq!(offered, allowed, "{state:?}");
        if allowed && step % 2 == 0 {
            let next = state.next(&Choice::Flip, rules);
            game.apply(seat, &Action::Flip, &mut rng).expect("flip");
            let round = game.round();
            let cup = &round.cups[index];
            match next {
                Next::Decide(after) => {
                    assert_eq!(after, TurnState::of_cup(cup, round.max_throws(index)));
                }
                Next::Final(t) => {
                    let (mut model, mut engine) = (t.dice, cup.dice);
                    model.sort_unstable();
                    engine.sort_unstable();
                    assert_eq!(model, engine);
                }
                Next::Throw { .. } => panic!("a flip throws nothing"),
            }
            continue;
        }
        // Set aside the sixes (and sometimes more) and throw the rest.
        let mut keep: Vec<u8> = cup
            .in_cup()
            .filter(|(i, v)| !cup.reroll[*i] && (*v == 6 || (*v == 1 && step % 3 == 0)))
            .map(|(_, v)| v)
            .collect();
        let in_cup = cup.in_cup().count();
        keep.truncate(in_cup.saturating_sub(1));
        if !keep.is_empty()
            && game
                .check(
                    seat,
                    &Action::Keep {
                        values: keep.clone(),
                    },
                )
                .is_ok()
        {
            game.apply(seat, &Action::Keep { values: keep }, &mut rng)
                .expect("keep");
        }
        if game.apply(seat, &Action::Throw, &mut rng).is_err() {
            let _ = game.apply(seat, &Action::Stand, &mut rng);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn r_six_4_the_odds_model_mirrors_the_engine(
        seed in any::<u64>(),
        flip in prop_oneof![Just("forbidden"), Just("extra_throw"), Just("in_place")],
        collect in any::<bool>(),
        script in proptest::collection::vec(0u8..6, 4),
    ) {
        let rules = with(
            RuleSet::standard(),
            &[&format!("flip_on_last_throw={flip}"), &format!("collect_sixes={collect}")],
        );
        model_mirrors_engine(&rules, seed, &script);
    }
}

#[test]
fn r_six_4_the_model_counts_a_collected_six() {
    let rules = preset("moin-moin");
    let state = TurnState::after_throw(&[6], &[6, 2], 2, 3, 0);
    assert!(state.choices(&rules).contains(&Choice::Flip));
    let Next::Decide(after) = state.next(&Choice::Flip, &rules) else {
        panic!("a flip with a throw left decides again");
    };
    assert_eq!(
        (after.kept_values(), after.cup_values()),
        (vec![1], vec![2])
    );
    assert!(after.reroll);
    assert!(!state.choices(&RuleSet::standard()).contains(&Choice::Flip));
}

// ----- R-RANK-7 in evaluation ------------------------------------------------------------

#[test]
fn r_rank_7_only_from_the_hand_and_only_in_the_final() {
    let rules = with(RuleSet::standard(), &["baby_schock_out=true"]);
    let final_round = ExtraSet::EMPTY.with_baby_schock_out();
    let baby = evaluate([2, 1, 2], true, &rules, final_round);
    let aus = evaluate([1, 1, 1], true, &rules, final_round);
    assert_eq!(baby.class, ThrowClass::BabySchockOut);
    assert!(baby.rank > aus.rank, "above Schock aus from the hand too");
    assert_eq!(baby.penalty.deckel(&rules), 13);
    assert!(baby.class.takes_all());
    // Assembled, or in a half: a Hausnummer.
    let built = evaluate([2, 2, 1], false, &rules, final_round);
    assert_eq!(built.class, ThrowClass::Hausnummer);
    let half = evaluate([2, 2, 1], true, &rules, ExtraSet::EMPTY);
    assert_eq!(half.class, ThrowClass::Hausnummer);
    assert!(ExtraSet::EMPTY.with_baby_schock_out().baby_schock_out());
    assert!(
        ExtraSet::EMPTY.with_baby_schock_out().is_empty(),
        "no extra"
    );
}

#[test]
fn r_rank_7_with_the_extra_221_outside_the_final_it_stays_the_extra() {
    let rules = with(
        preset("dortmund"),
        &["baby_schock_out=true", "extras_announced=false"],
    );
    let half = evaluate([2, 2, 1], true, &rules, rules.extras);
    assert_eq!(half.class, ThrowClass::Extra);
    let final_round = evaluate([2, 2, 1], true, &rules, rules.extras.with_baby_schock_out());
    assert_eq!(final_round.class, ThrowClass::BabySchockOut);
}

#[test]
fn r_rank_7_the_switch_reads_from_rule_files_and_old_files_mean_off() {
    let rules = with(RuleSet::standard(), &["baby_schock_out=on"]);
    assert!(rules.baby_schock_out);
    assert!(!RuleSet::standard().baby_schock_out && !RuleSet::standard().collect_sixes);
    assert!(
        preset("moin-moin").collect_sixes,
        "R-SIX-4 in the moin-moin preset"
    );
    // A rule file written before the two keys existed still loads, with both off.
    let old: String = RuleSet::standard()
        .to_toml()
        .lines()
        .filter(|l| !l.starts_with("collect_sixes") && !l.starts_with("baby_schock_out"))
        .map(|l| format!("{l}\n"))
        .collect();
    let loaded = RuleSet::from_toml(&old).expect("an older rule file loads");
    assert_eq!(loaded, RuleSet::standard());
    // A stored game's rules from before the switches (JSON without the keys) read as off.
    let mut json = serde_json::to_value(RuleSet::standard()).expect("json");
    let map = json.as_object_mut().expect("object");
    map.remove("collect_sixes");
    map.remove("baby_schock_out");
    let stored: RuleSet = serde_json::from_value(json).expect("old snapshot rules");
    assert_eq!(stored, RuleSet::standard());
}
