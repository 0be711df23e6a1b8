//! The ten worked examples of RULES.md, played through the real `Game` state machine with
//! loaded dice (and, where the example is about scoring, also through `score_round` and the
//! `judge` referee).

mod common;

use bot_core::engine::judge::{JudgeInput, JudgeRound};
use bot_core::engine::score::score_round;
use bot_core::engine::{
    Action, ActionError, DebtReason, Event, ExtraSet, Part, RoundSummary, RuleSet, Seat, Source,
    ThrowClass, Viewer,
};
use common::{A, B, C, Table, ft, preset, revealed};

/// What the `judge` referee makes of a round given as JSON.
fn judge(json: &str) -> bot_core::engine::score::RoundOutcome {
    let input: JudgeInput = serde_json::from_str(json).expect("valid judge input");
    JudgeRound::from_input(&input, None)
        .expect("a valid round")
        .score()
}

// ----- Example 1 -----------------------------------------------------------------------------

#[test]
fn example_1_schock_four_is_highest_and_the_lowest_221_takes_four() {
    // A starts: 2,3,5 → 3,3,5 → 6,6,5 (three throws; no turning on the last throw).
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[2, 3, 5], [1, 1, 6], [2, 2, 1]],
    );
    t.push(&[[3, 3, 5], [6, 6, 5]]);
    t.act(A, Action::Look);
    t.act(A, Action::Throw);
    t.act(A, Action::Throw);
    assert_eq!(t.game.round().limit, Some(3));
    // B: sets the two ones aside, 1,1,2, then 1,1,4 on his third throw.
    t.act(B, Action::Keep { values: vec![1, 1] });
    t.push_dice(&[2]);
    t.act(B, Action::Throw);
    t.push_dice(&[4]);
    t.act(B, Action::Throw);
    // C stands on his first throw 2,2,1.
    let events = t.act(C, Action::Stand);
    assert!(events.iter().any(|e| matches!(e, Event::RoundScored(_))));
    let s = t.last();
    assert_eq!(revealed(s, A).eval.dice, [6, 6, 5]);
    assert_eq!(revealed(s, A).throws, 3);
    assert_eq!(revealed(s, B).eval.dice, [4, 1, 1]);
    assert_eq!(revealed(s, B).throws, 3);
    assert_eq!(revealed(s, B).eval.class, ThrowClass::Schock);
    assert_eq!(revealed(s, C).eval.dice, [2, 2, 1]);
    assert_eq!(revealed(s, C).throws, 1);
    assert_eq!(s.ranking, vec![B, A, C]);
    assert_eq!((s.winner, s.loser), (B, C));
    assert_eq!((s.penalty, s.moved, s.source), (4, 4, Source::Stock));
    assert_eq!(t.game.holdings(C), 4);
    assert_eq!(t.game.stock(), 9);
    assert_eq!(t.game.round().starter, C, "the loser starts the next round");
}

#[test]
fn example_1_through_the_referee() {
    let out = judge(
        r#"{"rules": "standard", "throws": [
            {"player": "A", "dice": [6, 6, 5], "throws": 3, "hand": true},
            {"player": "B", "dice": [1, 1, 4], "throws": 3, "hand": false},
            {"player": "C", "dice": [2, 2, 1], "throws": 1, "hand": true}
        ]}"#,
    );
    assert_eq!(
        (out.winner, out.loser, out.penalty, out.moved),
        (1, 2, 4, 4)
    );
    assert_eq!(out.holdings_after, vec![0, 0, 4]);
    assert_eq!(out.stock_after, 9);
}

// ----- Example 2 -----------------------------------------------------------------------------

#[test]
fn example_2_equal_generals_in_one_throw_the_later_player_ranks_lower() {
    let mut t = Table::new(RuleSet::standard(), 2, A, &[[5, 5, 5], [5, 5, 5]]);
    t.act(A, Action::Stand);
    let s = t.last();
    assert!(revealed(s, A).eval.hand && revealed(s, B).eval.hand);
    assert_eq!(s.ranking, vec![A, B], "B nachgelegt");
    assert_eq!((s.loser, s.penalty), (B, 3));
}

#[test]
fn example_2_equal_generals_the_player_with_more_throws_ranks_lower() {
    // A needs two throws (all three dice again: still from the hand), B one.
    let mut t = Table::new(RuleSet::standard(), 2, A, &[[2, 3, 6], [5, 5, 5]]);
    t.push(&[[5, 5, 5]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    let s = t.last();
    assert_eq!(revealed(s, A).throws, 2);
    assert_eq!(revealed(s, B).throws, 1);
    assert!(revealed(s, A).eval.hand);
    assert_eq!(s.ranking, vec![B, A]);
    assert_eq!((s.loser, s.penalty), (A, 3));
}

// ----- Example 3 -----------------------------------------------------------------------------

fn example_3(rules: RuleSet) -> RoundSummary {
    // A sets a 3 aside and throws 3,3; B throws 2,2,2 from the hand.
    let mut t = Table::new(rules, 2, A, &[[3, 1, 5], [2, 2, 2]]);
    t.act(A, Action::Keep { values: vec![3] });
    t.push_dice(&[3, 3]);
    t.act(A, Action::Throw);
    assert_eq!(t.game.round().cup(A).expect("cup").dice, [3, 3, 3]);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    t.last().clone()
}

#[test]
fn example_3_assembled_333_is_a_hausnummer_and_loses_to_222_from_the_hand() {
    let s = example_3(RuleSet::standard());
    let a = revealed(&s, A);
    assert_eq!(a.eval.class, ThrowClass::Hausnummer);
    assert_eq!(a.eval.number(), 333);
    assert!(!a.eval.hand);
    assert_eq!(revealed(&s, B).eval.class, ThrowClass::General);
    assert_eq!((s.winner, s.loser, s.penalty), (B, A, 3));
    // Mit Pflücken (wikipedia) the same dice are a General 3 and win.
    let s = example_3(preset("wikipedia"));
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::General);
    assert_eq!((s.winner, s.loser, s.penalty), (A, B, 3));
}

// ----- Example 4 -----------------------------------------------------------------------------

#[test]
fn example_4_stock_of_two_and_penalty_four_the_loser_takes_two() {
    // R1: B Schock 6 → A 6 (stock 7). R2 (A starts): B Schock 5 → A 5 (stock 2).
    let mut t = Table::new(RuleSet::standard(), 2, A, &[[5, 3, 2], [1, 1, 6]]);
    t.push(&[[5, 3, 2], [1, 1, 5]]);
    t.act(A, Action::Stand);
    t.push(&[[1, 1, 4], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!(
        (t.game.stock(), t.game.holdings(A), t.game.holdings(B)),
        (2, 11, 0)
    );
    // R3 (A starts): A Schock 4 is highest, B lowest.
    t.act(A, Action::Stand);
    let s = t.last();
    assert_eq!((s.winner, s.loser), (A, B));
    assert_eq!(s.penalty, 4);
    assert_eq!((s.moved, s.source), (2, Source::Stock));
    assert_eq!(t.game.holdings(B), 2);
    assert_eq!(t.game.holdings(A), 11, "nothing from the winner");
    assert_eq!(t.game.stock(), 0);
}

#[test]
fn example_4_through_score_round() {
    let out = score_round(
        &RuleSet::standard(),
        ExtraSet::EMPTY,
        2,
        &[11, 0],
        &[ft([1, 1, 4], 1, true), ft([5, 3, 2], 1, true)],
    );
    assert_eq!((out.penalty, out.moved, out.source), (4, 2, Source::Stock));
    assert_eq!(out.holdings_after, vec![11, 2]);
    assert_eq!(out.stock_after, 0);
}

// ----- Example 5 -----------------------------------------------------------------------------

#[test]
fn example_5_empty_stock_the_winner_holding_one_gives_one_and_is_out() {
    // R1 (A starts): B Schock 6 → A +6. R2 (A starts): 6,5,3 best → C +1.
    // R3 (C starts): C Schock 6 → B +6, the stock is empty: A 6, B 6, C 1.
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[5, 3, 2], [1, 1, 6], [6, 5, 3]],
    );
    t.push(&[[6, 5, 3], [6, 4, 2], [5, 3, 2]]);
    t.act(A, Action::Stand);
    t.push(&[[1, 1, 6], [6, 4, 2], [5, 3, 2]]);
    t.act(A, Action::Stand);
    t.push(&[[6, 5, 3], [3, 3, 3], [5, 3, 2]]);
    t.act(C, Action::Stand);
    assert_eq!(t.game.stock(), 0);
    assert_eq!(t.game.all_holdings(), &[6, 6, 1]);
    // R4 (B starts; B, C, A): C wins with a General (p = 3) holding one Deckel, A is lowest.
    t.push(&[[6, 5, 3], [5, 3, 2]]);
    t.act(B, Action::Stand);
    let s = t.last();
    assert_eq!((s.winner, s.loser, s.penalty), (C, A, 3));
    assert_eq!((s.moved, s.source), (1, Source::Winner));
    assert_eq!(t.game.all_holdings(), &[7, 6, 0]);
    assert_eq!(s.out, vec![C]);
    assert!(t.game.is_out(C));
    assert_eq!(t.turn_order(), vec![A, B], "C no longer plays this half");
    assert_eq!(t.dice.remaining(), 0);
}

#[test]
fn example_5_through_score_round() {
    let out = score_round(
        &RuleSet::standard(),
        ExtraSet::EMPTY,
        0,
        &[1, 5, 7],
        &[
            ft([3, 3, 3], 1, true),
            ft([6, 4, 2], 1, true),
            ft([5, 3, 2], 1, true),
        ],
    );
    assert_eq!((out.winner, out.loser, out.penalty), (0, 2, 3));
    assert_eq!((out.moved, out.source), (1, Source::Winner));
    assert_eq!(out.holdings_after, vec![0, 5, 8]);
    assert_eq!(out.out, vec![0]);
}

// ----- Example 6 -----------------------------------------------------------------------------

#[test]
fn example_6_schock_aus_the_loser_holds_all_thirteen_and_loses_the_half() {
    // R1: B Schock 6 → A 6 (stock 7). R2 (A starts): B Schock aus, C lowest.
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[5, 3, 2], [1, 1, 6], [6, 5, 3]],
    );
    t.push(&[[6, 5, 3], [1, 1, 1], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!((t.game.holdings(A), t.game.stock()), (6, 7));
    let events = t.act(A, Action::Stand);
    let s = t.last();
    assert_eq!((s.winner, s.loser), (B, C));
    assert_eq!((s.penalty, s.source), (13, Source::All));
    assert_eq!(revealed(s, C).deckel, 13);
    assert_eq!(revealed(s, A).deckel, 0, "A's Deckel went to C too");
    assert_eq!(s.stock, 0);
    assert_eq!(s.half_lost_by, Some(C));
    assert!(events.contains(&Event::PartLost {
        part: Part::Half1,
        seat: C
    }));
    assert_eq!(t.game.half_losers(), &[C]);
    assert_eq!(t.game.part(), Part::Half2);
}

// ----- Example 7 -----------------------------------------------------------------------------

#[test]
fn example_7_a_loses_both_halves_blattschuss_and_a_bierrunde() {
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[5, 3, 2], [1, 1, 1], [6, 5, 3]],
    );
    t.push(&[[5, 3, 2], [1, 1, 1], [6, 5, 3]]); // half 2, A starts
    t.act(A, Action::Stand);
    assert_eq!(t.game.half_losers(), &[A]);
    let events = t.act(A, Action::Stand);
    let result = t.game.result().expect("the game is over");
    assert_eq!(result.loser, Some(A));
    assert!(result.blattschuss);
    assert_eq!(result.debts, vec![(A, DebtReason::GameLost)]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::FinalStarted { .. }))
    );
    assert_eq!(t.game.finalists(), None);
}

#[test]
fn example_7_halves_lost_by_a_and_b_final_a_against_b_started_by_b() {
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[5, 3, 2], [1, 1, 1], [6, 5, 3]],
    );
    t.push(&[[6, 5, 3], [5, 3, 2], [1, 1, 1]]); // half 2 (A starts): B loses
    t.act(A, Action::Stand);
    t.push(&[[6, 5, 3], [6, 4, 2]]); // final (B starts; B, A)
    let events = t.act(A, Action::Stand);
    assert_eq!(t.game.half_losers(), &[A, B]);
    assert!(events.contains(&Event::FinalStarted {
        finalists: [A, B],
        starter: B
    }));
    assert_eq!(t.game.part(), Part::Final);
    assert_eq!(t.game.round().starter, B);
    assert_eq!(t.turn_order(), vec![B, A]);
    assert!(!t.game.is_over());
    let view = t.game.view_for(Viewer::Public);
    assert_eq!(view.finalists, Some([A, B]));
    assert!(view.players[C.index()].cup.is_none());
}

// ----- Example 8 -----------------------------------------------------------------------------

#[test]
fn example_8_the_starter_stops_after_two_throws_nobody_throws_more_than_twice() {
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[2, 3, 5], [6, 4, 2], [5, 3, 2]],
    );
    t.push(&[[6, 5, 3]]);
    t.act(A, Action::Throw);
    let events = t.act(A, Action::Stand);
    assert!(events.contains(&Event::LimitSet { limit: 2 }));
    let view = t.game.view_for(Viewer::Player(B));
    for seat in [B, C] {
        let cup = view.players[seat.index()].cup.as_ref().expect("cup");
        assert_eq!(cup.max_throws, 2);
    }
    t.push(&[[6, 4, 3]]);
    t.act(B, Action::Throw);
    assert!(
        t.game.round().cup(B).expect("cup").done,
        "two throws used up"
    );
    t.refuse(B, Action::Throw, ActionError::AlreadyFinished);
    t.push(&[[5, 3, 3]]);
    t.act(C, Action::Throw);
    let s = t.last();
    assert_eq!(s.limit, 2);
    assert!(s.throws.iter().all(|r| r.throws <= 2));
    assert_eq!(revealed(s, B).throws, 2);
    assert_eq!(revealed(s, C).throws, 2);
}

#[test]
fn example_8_a_third_throw_is_refused_even_when_the_player_may_still_act() {
    // Münsterland: a player at the limit may still turn sixes in place, so he is not stood
    // automatically; a third throw is refused all the same.
    let rules = preset("muensterland");
    let mut t = Table::new(rules, 2, A, &[[2, 3, 5], [6, 4, 2]]);
    t.push(&[[6, 5, 3]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.push(&[[6, 4, 3]]);
    t.act(B, Action::Throw);
    assert_eq!(t.game.current(), Some(B));
    t.refuse(B, Action::Throw, ActionError::NoThrowsLeft { limit: 2 });
    t.act(B, Action::Stand);
    assert_eq!(revealed(t.last(), B).throws, 2);
}

#[test]
fn example_8_through_the_referee_a_third_throw_is_impossible() {
    let input: JudgeInput = serde_json::from_str(
        r#"{"throws": [
            {"player": "A", "dice": [6, 5, 3], "throws": 2, "hand": true},
            {"player": "B", "dice": [6, 4, 3], "throws": 3, "hand": true}
        ]}"#,
    )
    .expect("json");
    let err = JudgeRound::from_input(&input, None).expect_err("over the limit");
    assert!(err.to_string().contains("B threw 3 times"), "{err}");
}

// ----- Example 9 -----------------------------------------------------------------------------

/// Two players, A starts with 6,4,3, sets the 6 aside and throws 6,2 with the other two dice.
fn six_aside_then_six_two(rules: RuleSet) -> Table {
    let mut t = Table::new(rules, 2, A, &[[6, 4, 3], [5, 3, 2]]);
    t.act(A, Action::Keep { values: vec![6] });
    t.push_dice(&[6, 2]);
    t.act(A, Action::Throw);
    t
}

#[test]
fn example_9_r_six_4_a_collected_six_and_a_new_one_turn_into_a_one() {
    let mut t = six_aside_then_six_two(common::with(RuleSet::standard(), &["collect_sixes=true"]));
    assert!(
        t.game
            .available_actions(A)
            .contains(&bot_core::engine::ActionKind::Flip),
        "the flip is offered"
    );
    let events = t.act(A, Action::Flip);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Flipped { ones: 1, .. }))
    );
    let cup = t.cup(A);
    assert_eq!(cup.dice, [1, 6, 2], "the set-aside six became the one");
    assert_eq!(cup.aside, [true, false, false], "the one stays aside");
    assert_eq!(cup.flipped, [true, false, false]);
    assert_eq!(cup.reroll, [false, true, false], "the other six goes back");
    // The six must be thrown again; the 2 may go aside first (or be thrown along).
    t.refuse(A, Action::Stand, ActionError::MustThrowAfterFlip);
    t.refuse(
        A,
        Action::Keep { values: vec![6] },
        ActionError::MustRethrowSix,
    );
    t.act(A, Action::Keep { values: vec![2] });
    t.push_dice(&[1]);
    t.act(A, Action::Throw);
    let cup = t.cup(A);
    assert_eq!((cup.dice, cup.throws, cup.done), ([1, 1, 2], 3, true));
    t.finish_round();
    let s = t.last();
    assert_eq!(revealed(s, A).eval.class, ThrowClass::Schock);
    assert_eq!((s.winner, s.loser, s.penalty), (A, B, 2));
}

#[test]
fn example_9_without_the_switch_the_set_aside_six_stays_a_six() {
    let mut t = six_aside_then_six_two(RuleSet::standard());
    assert!(
        !t.game
            .available_actions(A)
            .contains(&bot_core::engine::ActionKind::Flip),
        "no flip offered for one six in the throw"
    );
    t.refuse(A, Action::Flip, ActionError::NoTwoSixes);
    assert_eq!(t.cup(A).dice, [6, 6, 2]);
    assert_eq!(t.cup(A).aside, [true, false, false]);
}

#[test]
fn example_9_moin_moin_collects_sixes() {
    let mut t = six_aside_then_six_two(preset("moin-moin"));
    t.act(A, Action::Flip);
    assert_eq!(t.cup(A).dice[0], 1);
}

// ----- Example 10 ----------------------------------------------------------------------------

/// Three players; half 1 lost by A, half 2 by B: the final A against B, B starts. Returns
/// the table at the final's first round (B's first throw 6,5,3, A's 1,1,5).
fn final_a_against_b(rules: RuleSet) -> Table {
    let mut t = Table::new(rules, 3, A, &[[5, 3, 2], [1, 1, 1], [6, 5, 3]]);
    t.push(&[[6, 5, 3], [5, 3, 2], [1, 1, 1]]); // half 2 (A starts): B loses
    t.act(A, Action::Stand);
    t.push(&[[6, 5, 3], [1, 1, 5]]); // final (B starts; B, A)
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Final);
    assert_eq!(t.turn_order(), vec![B, A]);
    t
}

/// B throws all three dice again: 2,2,1 from the hand (two throws); A sets his ones aside
/// and completes 1,1,1 (two throws, assembled).
fn baby_against_built_schock_aus(t: &mut Table, thrower: Seat, builder: Seat) -> Vec<Event> {
    t.push(&[[2, 2, 1]]);
    t.act(thrower, Action::Throw);
    t.act(thrower, Action::Stand);
    t.act(builder, Action::Keep { values: vec![1, 1] });
    t.push_dice(&[1]);
    t.act(builder, Action::Throw)
}

#[test]
fn example_10_r_rank_7_baby_schock_out_hand_in_the_final_beats_schock_aus() {
    let rules = common::with(RuleSet::standard(), &["baby_schock_out=true"]);
    let mut t = final_a_against_b(rules);
    let events = baby_against_built_schock_aus(&mut t, B, A);
    let s = t.last();
    assert_eq!(revealed(s, B).eval.class, ThrowClass::BabySchockOut);
    assert_eq!(revealed(s, A).eval.class, ThrowClass::SchockAus);
    assert_eq!((s.winner, s.loser), (B, A));
    assert_eq!((s.penalty, s.source), (13, Source::All));
    assert_eq!(revealed(s, A).deckel, 13, "A receives every Deckel");
    assert_eq!(s.half_lost_by, Some(A));
    assert!(events.contains(&Event::PartLost {
        part: Part::Final,
        seat: A
    }));
    let result = t.game.result().expect("the final is over");
    assert_eq!(result.loser, Some(A));
}

#[test]
fn example_10_the_same_throws_in_a_half_schock_aus_wins() {
    let rules = common::with(RuleSet::standard(), &["baby_schock_out=true"]);
    // Two players, A starts with 1,1,5; B has 6,5,3. A builds Schock aus, B throws 2,2,1.
    let mut t = Table::new(rules, 2, A, &[[1, 1, 5], [6, 5, 3]]);
    t.act(A, Action::Keep { values: vec![1, 1] });
    t.push_dice(&[1]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.push(&[[2, 2, 1]]);
    let events = t.act(B, Action::Throw);
    let s = t.last();
    assert_eq!(revealed(s, A).eval.class, ThrowClass::SchockAus);
    assert_eq!(revealed(s, B).eval.class, ThrowClass::Hausnummer);
    assert_eq!((s.winner, s.loser, s.source), (A, B, Source::All));
    assert!(events.contains(&Event::PartLost {
        part: Part::Half1,
        seat: B
    }));
}

#[test]
fn example_10_without_the_switch_schock_aus_wins_the_final() {
    let mut t = final_a_against_b(RuleSet::standard());
    baby_against_built_schock_aus(&mut t, B, A);
    let s = t.last();
    assert_eq!(revealed(s, A).eval.class, ThrowClass::SchockAus);
    assert_eq!((s.winner, s.loser), (A, B));
    assert_eq!(t.game.result().expect("over").loser, Some(B));
}

#[test]
fn example_10_the_reveal_names_the_baby_schock_out_hand_in_both_languages() {
    use bot_core::service::TableStatus;
    use bot_core::service::reply::PublicTable;
    use bot_core::text::Lang;
    let rules = common::with(RuleSet::standard(), &["baby_schock_out=true"]);
    let mut t = final_a_against_b(rules.clone());
    baby_against_built_schock_aus(&mut t, B, A);
    let table = PublicTable {
        table_id: 1,
        version: 1,
        status: TableStatus::Finished,
        members: common::names(3),
        computer: vec![false; 3],
        opener: "A".into(),
        rules,
        view: Some(t.game.view_for(Viewer::Public)),
        message_ref: None,
        deadline: None,
        time_zone: "Europe/Berlin".into(),
        proof: None,
        tally: false,
        seq: 0,
    };
    let de = bot_core::render::reveal_text(t.last(), &table, Lang::De);
    assert!(
        de.contains("🏆 B: ⚁2 ⚁2 ⚀1 Baby Schock Out Hand (2 Würfe)"),
        "{de}"
    );
    assert!(
        de.contains("→ Baby Schock Out Hand! A bekommt alle Deckel."),
        "{de}"
    );
    assert!(!de.contains("Schock aus!"), "the Schock aus lost: {de}");
    let en = bot_core::render::reveal_text(t.last(), &table, Lang::En);
    assert!(
        en.contains("→ Baby Schock Out Hand! A gets every Deckel."),
        "{en}"
    );
}

#[test]
fn example_9_the_private_cup_offers_the_flip_button_in_both_languages() {
    use bot_core::model::ids::UserId;
    use bot_core::service::reply::PrivateView;
    use bot_core::text::Lang;
    let rules = preset("moin-moin");
    let buttons = |t: &Table, lang: Lang| -> Vec<String> {
        let view = PrivateView {
            user: UserId::new("test", "anna"),
            lang,
            table_id: 1,
            version: 1,
            view: t.game.view_for(Viewer::Player(A)),
            rules: rules.clone(),
            hints: false,
            round_over: None,
        };
        bot_core::render::private_buttons(&view)
            .into_iter()
            .flatten()
            .map(|b| format!("{} {}", b.id, b.label))
            .collect()
    };
    let t = six_aside_then_six_two(rules.clone());
    let de = buttons(&t, Lang::De);
    assert!(
        de.contains(&"v1:f:1:1 🔄 Sechsen drehen".to_string()),
        "{de:?}"
    );
    assert!(buttons(&t, Lang::En).iter().any(|b| b.starts_with("v1:f:")));
    // Under the standard rules the same dice offer no flip.
    let t = six_aside_then_six_two(RuleSet::standard());
    assert!(!buttons(&t, Lang::De).iter().any(|b| b.starts_with("v1:f:")));
}

#[test]
fn example_10_through_the_referee_with_final() {
    let round = |final_round: bool| {
        judge(&format!(
            r#"{{"rules": "standard", "final": {final_round}, "throws": [
                {{"player": "B", "dice": [2, 2, 1], "throws": 2, "hand": true}},
                {{"player": "A", "dice": [1, 1, 1], "throws": 2, "hand": false}}
            ]}}"#
        ))
    };
    // Without the switch the Schock aus wins, final or not.
    assert_eq!((round(true).winner, round(true).loser), (1, 0));
    let with_baby = |final_round: bool| {
        let input: JudgeInput = serde_json::from_str(&format!(
            r#"{{"final": {final_round}, "throws": [
                {{"player": "B", "dice": [2, 2, 1], "throws": 2, "hand": true}},
                {{"player": "A", "dice": [1, 1, 1], "throws": 2, "hand": false}}
            ]}}"#
        ))
        .expect("valid judge input");
        let rules = common::with(RuleSet::standard(), &["baby_schock_out=true"]);
        JudgeRound::with_rules(input, &rules)
            .expect("a valid round")
            .score()
    };
    let out = with_baby(true);
    assert_eq!((out.winner, out.loser, out.source), (0, 1, Source::All));
    assert_eq!(out.best.class, ThrowClass::BabySchockOut);
    assert_eq!(out.half_lost_by, Some(1));
    let out = with_baby(false);
    assert_eq!((out.winner, out.loser, out.source), (1, 0, Source::All));
}
