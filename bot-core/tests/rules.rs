//! One test (or several) per rule id of RULES.md, played through the real engine with loaded
//! dice wherever the rule is about play.

mod common;

use bot_core::engine::ai;
use bot_core::engine::eval::{RankedThrow, compare_results};
use bot_core::engine::score::{FinalThrow, RoundOutcome, score_round};
use bot_core::engine::view::PlayerStatus;
use bot_core::engine::{
    Action, ActionError, DebtReason, Departure, Evaluation, Event, Extra, ExtraSet, Game,
    LoadedDice, Part, Penalty, RuleSet, Seat, Source, StartError, ThrowClass, Title, Viewer,
    seeded,
};
use common::{
    A, B, C, D, PRESET_NAMES, Table, ev, ft, names, preset, revealed, scored, standard,
    starter_at_his_third_throw, total_deckel, with,
};

// ----- Material ----------------------------------------------------------------------------

#[test]
fn r_mat_1_every_player_has_a_cup_with_three_dice() {
    // Four players, C starts: turn order C, D, A, B.
    let t = Table::new(
        standard(),
        4,
        C,
        &[[1, 2, 4], [2, 3, 5], [3, 4, 6], [5, 5, 6]],
    );
    let round = t.game.round();
    assert_eq!(round.cups.len(), 4, "one cup per player");
    assert_eq!(t.cup(C).dice, [1, 2, 4]);
    assert_eq!(t.cup(D).dice, [2, 3, 5]);
    assert_eq!(t.cup(A).dice, [3, 4, 6]);
    assert_eq!(t.cup(B).dice, [5, 5, 6]);
    assert_eq!(
        t.dice.remaining(),
        0,
        "the deal rolled exactly three dice per player"
    );
    for p in t.game.view_for(Viewer::Public).players {
        assert_eq!(p.cup.expect("every player has a cup").dice.len(), 3);
    }
}

#[test]
fn r_mat_1_a_cup_never_holds_more_than_three_dice_to_throw() {
    let mut t = Table::new(standard(), 2, A, &[[2, 3, 5], [6, 4, 2]]);
    t.act(A, Action::Keep { values: vec![5] });
    t.push_dice(&[4, 4]);
    t.act(A, Action::Throw);
    assert_eq!(
        t.cup(A).dice,
        [4, 4, 5],
        "only the two dice in the cup were thrown"
    );
    assert_eq!(t.dice.remaining(), 0);
}

#[test]
fn r_mat_2_the_stock_starts_with_n_deckel() {
    let t = Table::new(standard(), 3, A, &[[2, 3, 5], [6, 4, 2], [6, 5, 3]]);
    assert_eq!(t.game.rules().deckel, 13, "13 Deckel by default");
    assert_eq!(t.game.stock(), 13);
    assert!(t.game.all_holdings().iter().all(|h| *h == 0));
    for n in [15u8, 17, 27] {
        let rules = with(standard(), &[&format!("deckel={n}")]);
        let t = Table::new(rules, 2, A, &[[2, 3, 5], [6, 4, 2]]);
        assert_eq!(t.game.stock(), n, "variant with {n} Deckel");
        assert_eq!(t.game.view_for(Viewer::Public).deckel_total, n);
    }
}

#[test]
fn r_mat_2_schock_aus_moves_the_whole_stock_of_the_variant() {
    let rules = with(standard(), &["deckel=17"]);
    let mut t = Table::new(rules, 2, A, &[[5, 3, 2], [1, 1, 1]]);
    t.act(A, Action::Stand);
    let s = t.last();
    assert_eq!(s.loser, A);
    assert_eq!(s.moved, 17);
    assert_eq!(revealed(s, A).deckel, 17);
    assert_eq!(s.half_lost_by, Some(A));
}

#[test]
fn r_mat_3_the_loser_of_the_first_half_is_marked() {
    // B loses half 1 at once to A's Schock aus.
    let mut t = Table::new(standard(), 3, A, &[[1, 1, 1], [5, 3, 2], [6, 5, 3]]);
    assert!(
        t.game
            .view_for(Viewer::Public)
            .players
            .iter()
            .all(|p| p.lost_halves.is_empty()),
        "no marker before a half is lost"
    );
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Half2);
    assert_eq!(t.game.half_losers(), &[B]);
    let view = t.game.view_for(Viewer::Public);
    for p in &view.players {
        let expected: &[Part] = if p.seat == B { &[Part::Half1] } else { &[] };
        assert_eq!(p.lost_halves, expected, "marker of {}", p.name);
    }
    // The marker stays with B during half 2, while the Deckel start over.
    assert_eq!(t.game.stock(), 13);
    assert_eq!(t.game.holdings(B), 0);
}

// ----- Structure of a game ---------------------------------------------------------------------

#[test]
fn r_game_1_half_one_half_two_then_a_final_between_the_two_losers() {
    // Half 1: A loses (B throws Schock aus). Half 2 (started by A): B loses. Final: A vs B.
    let mut t = Table::new(standard(), 3, A, &[[5, 3, 2], [1, 1, 1], [6, 5, 3]]);
    assert_eq!(t.game.part(), Part::Half1);
    t.push(&[[6, 5, 3], [5, 3, 2], [1, 1, 1]]); // half 2, order A, B, C
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Half2);
    assert_eq!(t.game.half_losers(), &[A]);
    t.push(&[[5, 3, 2], [1, 1, 1]]); // final, order B, A
    let events = t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Final);
    assert_eq!(t.game.half_losers(), &[A, B]);
    assert_eq!(t.game.finalists(), Some([A, B]));
    assert!(events.contains(&Event::FinalStarted {
        finalists: [A, B],
        starter: B
    }));
    assert_eq!(
        t.turn_order(),
        vec![B, A],
        "only the finalists play, B starts"
    );
    assert!(t.game.is_out(C));
    t.refuse(C, Action::Look, ActionError::NotInRound);
    t.act(B, Action::Stand);
    let result = t.game.result().expect("the final decides the game");
    assert_eq!(result.loser, Some(B));
    assert!(!result.blattschuss);
    assert!(!result.abandoned);
    assert_eq!(t.dice.remaining(), 0);
}

#[test]
fn r_game_1_no_final_when_one_player_lost_both_halves() {
    let mut t = Table::new(standard(), 3, A, &[[5, 3, 2], [1, 1, 1], [6, 5, 3]]);
    t.push(&[[5, 3, 2], [1, 1, 1], [6, 5, 3]]);
    t.act(A, Action::Stand);
    t.act(A, Action::Stand);
    assert!(t.game.is_over());
    assert_eq!(t.game.finalists(), None);
    assert_ne!(t.game.part(), Part::Final);
}

#[test]
fn r_game_2_losing_both_halves_is_a_blattschuss() {
    let mut t = Table::new(standard(), 2, A, &[[5, 3, 2], [1, 1, 1]]);
    t.push(&[[5, 3, 2], [1, 1, 1]]); // half 2, started by A
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Half2);
    let events = t.act(A, Action::Stand);
    let result = t.game.result().expect("game over").clone();
    assert_eq!(result.loser, Some(A));
    assert!(result.blattschuss);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::FinalStarted { .. }))
    );
    assert!(events.contains(&Event::GameOver(result)));
    t.refuse(B, Action::Look, ActionError::GameOver);
    assert_eq!(t.game.current(), None);
}

#[test]
fn r_game_3_a_half_ends_exactly_when_one_player_holds_all_deckel() {
    // Three Deckel, two players.
    let rules = with(standard(), &["deckel=3"]);
    // Round 1 (A starts): B's Straße costs A 2 Deckel from the stock.
    let mut t = Table::new(rules, 2, A, &[[5, 3, 2], [4, 3, 2]]);
    t.push(&[[6, 5, 3], [5, 3, 2]]); // round 2 (A starts): B loses 1, the stock is empty
    t.act(A, Action::Stand);
    assert_eq!((t.game.stock(), t.game.holdings(A)), (1, 2));
    t.push(&[[6, 5, 3], [5, 3, 2]]); // round 3 (B starts): A loses 1 from B
    t.act(A, Action::Stand);
    assert_eq!(t.game.stock(), 0);
    assert_eq!((t.game.holdings(A), t.game.holdings(B)), (2, 1));
    assert_eq!(
        t.game.part(),
        Part::Half1,
        "an empty stock does not end the half"
    );
    assert_eq!(t.last().half_lost_by, None);
    let events = t.act(B, Action::Stand);
    assert_eq!(t.last().half_lost_by, Some(A));
    assert!(events.contains(&Event::PartLost {
        part: Part::Half1,
        seat: A
    }));
    assert_eq!(t.game.part(), Part::Half2);
    assert_eq!(t.game.rounds_played(), 3);
}

#[test]
fn r_game_4_the_game_loser_owes_the_bierrunde() {
    let mut t = Table::new(standard(), 2, A, &[[5, 3, 2], [1, 1, 1]]);
    t.push(&[[1, 1, 1], [5, 3, 2]]); // half 2: B loses
    t.act(A, Action::Stand);
    t.push(&[[5, 3, 2], [1, 1, 1]]); // final, started by B: B loses
    t.act(A, Action::Stand);
    assert!(t.game.debts().is_empty(), "no debt before the game ends");
    let events = t.act(B, Action::Stand);
    assert!(events.contains(&Event::DebtOwed {
        seat: B,
        reason: DebtReason::GameLost
    }));
    let result = t.game.result().expect("over");
    assert_eq!(result.loser, Some(B));
    assert_eq!(result.debts, vec![(B, DebtReason::GameLost)]);
    assert_eq!(t.game.debts(), &[(B, DebtReason::GameLost)]);
}

#[test]
fn r_game_4_an_abandoned_game_has_no_loser_and_no_bierrunde() {
    let mut t = Table::new(standard(), 2, A, &[[5, 3, 2], [6, 5, 3]]);
    t.game.abandon().expect("a running game can be abandoned");
    let result = t.game.result().expect("over");
    assert_eq!(result.loser, None);
    assert!(result.abandoned);
    assert!(result.debts.is_empty());
}

#[test]
fn r_game_5_highest_pip_total_of_the_roll_off_starts() {
    // A 1,1,1 (a Schock aus, but only 3 pips), B 6,5,2 (13 pips), C 4,4,4 (12 pips).
    let mut dice = LoadedDice::new([1, 1, 1, 6, 5, 2, 4, 4, 4]);
    let (game, events) = Game::start(standard(), &names(3), &mut dice).expect("starts");
    assert_eq!(game.round().starter, B);
    assert_eq!(game.round().cups[0].seat, B);
    let rolloffs: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::RollOff { .. }))
        .collect();
    assert_eq!(rolloffs.len(), 1, "no tie, no Stechen");
}

#[test]
fn r_game_5_a_tie_is_rethrown_among_the_tied_only() {
    // A 15, B 15, C 3 → Stechen A vs B: A 4, B 6 → B starts.
    let mut dice = LoadedDice::new([6, 5, 4, 6, 6, 3, 1, 1, 1, 1, 1, 2, 2, 2, 2]);
    let (game, events) = Game::start(standard(), &names(3), &mut dice).expect("starts");
    let rolloffs: Vec<&Vec<(Seat, [u8; 3])>> = events
        .iter()
        .filter_map(|e| match e {
            Event::RollOff { rolls } => Some(rolls),
            _ => None,
        })
        .collect();
    assert_eq!(rolloffs.len(), 2);
    assert_eq!(
        rolloffs[0],
        &vec![(A, [6, 5, 4]), (B, [6, 6, 3]), (C, [1, 1, 1])]
    );
    assert_eq!(rolloffs[1], &vec![(A, [1, 1, 2]), (B, [2, 2, 2])]);
    assert_eq!(game.round().starter, B);
}

#[test]
fn r_game_5_a_game_needs_valid_players() {
    let mut dice = seeded(1);
    assert_eq!(
        Game::start(standard(), &names(1), &mut dice).err(),
        Some(StartError::TooFewPlayers)
    );
    let eleven: Vec<String> = (0..11).map(|i| format!("P{i}")).collect();
    assert!(matches!(
        Game::start(standard(), &eleven, &mut dice).err(),
        Some(StartError::TooManyPlayers { .. })
    ));
    let dup = vec!["A".to_string(), " A ".to_string()];
    assert_eq!(
        Game::start(standard(), &dup, &mut dice).err(),
        Some(StartError::DuplicateName("A".into()))
    );
    let empty = vec!["A".to_string(), " ".to_string()];
    assert_eq!(
        Game::start(standard(), &empty, &mut dice).err(),
        Some(StartError::EmptyName)
    );
}

#[test]
fn r_game_6_the_loser_of_a_round_starts_the_next() {
    // Round 1 (A starts): B loses. Round 2: B starts (order B, C, A), C loses. Round 3: C.
    let mut t = Table::new(standard(), 3, A, &[[6, 5, 3], [5, 3, 2], [6, 4, 2]]);
    t.push(&[[6, 5, 3], [5, 3, 2], [6, 4, 2]]);
    t.act(A, Action::Stand);
    assert_eq!(t.last().loser, B);
    assert_eq!(t.game.round().starter, B);
    assert_eq!(t.turn_order(), vec![B, C, A]);
    t.act(B, Action::Stand);
    assert_eq!(t.last().loser, C);
    assert_eq!(t.game.round().starter, C);
}

#[test]
fn r_game_6_half_two_and_the_final_are_started_by_the_last_half_loser() {
    // C loses half 1; half 2 starts with C. A loses half 2; the final starts with A.
    let mut t = Table::new(standard(), 3, A, &[[1, 1, 1], [6, 5, 3], [5, 3, 2]]);
    t.push(&[[1, 1, 1], [5, 3, 2], [6, 5, 3]]); // half 2, order C, A, B: A loses
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Half2);
    assert_eq!(t.game.round().starter, C);
    t.act(C, Action::Stand);
    assert_eq!(t.game.part(), Part::Final);
    assert_eq!(t.game.round().starter, A);
    assert_eq!(t.game.finalists(), Some([C, A]));
}

#[test]
fn r_game_7_turn_order_is_seating_order_from_the_starter() {
    let mut t = Table::new(
        standard(),
        4,
        C,
        &[[6, 5, 3], [6, 4, 3], [5, 4, 2], [5, 3, 2]],
    );
    assert_eq!(t.turn_order(), vec![C, D, A, B]);
    // C throws twice: everybody may throw twice; D is next, A has to wait.
    t.push(&[[6, 5, 3]]);
    t.act(C, Action::Throw);
    t.act(C, Action::Stand);
    assert_eq!(t.game.current(), Some(D));
    t.refuse(A, Action::Throw, ActionError::NotYourTurn { current: D });
    t.refuse(B, Action::Stand, ActionError::NotYourTurn { current: D });
    t.act(D, Action::Stand);
    assert_eq!(t.game.current(), Some(A));
    t.act(A, Action::Stand);
    assert_eq!(t.game.current(), Some(B));
    let events = t.act(B, Action::Stand);
    assert_eq!(scored(&events).len(), 1);
    let s = t.last();
    let seats: Vec<Seat> = s.throws.iter().map(|r| r.seat).collect();
    assert_eq!(seats, vec![C, D, A, B], "revealed in turn order");
}

#[test]
fn r_game_8_only_the_two_half_losers_play_the_final_under_the_same_rules() {
    let mut t = Table::new(
        standard(),
        4,
        A,
        &[[5, 3, 2], [1, 1, 1], [6, 5, 3], [6, 4, 2]],
    );
    // Half 1: A loses. Half 2 (A starts; order A, B, C, D): C loses.
    t.push(&[[6, 5, 3], [1, 1, 1], [5, 3, 2], [6, 4, 2]]);
    t.act(A, Action::Stand);
    // Final (C starts; order C, A): C 6,5,3, A 5,3,2 → A takes one Deckel from a full stock.
    t.push(&[[6, 5, 3], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Final);
    assert_eq!(
        t.game.stock(),
        13,
        "the final uses a full stock like a half"
    );
    let view = t.game.view_for(Viewer::Public);
    for p in &view.players {
        let playing = p.seat == A || p.seat == C;
        assert_eq!(p.cup.is_some(), playing, "{} plays the final", p.name);
        let status = if playing {
            PlayerStatus::Playing
        } else {
            PlayerStatus::Out
        };
        assert_eq!(p.status, status);
    }
    t.refuse(B, Action::Stand, ActionError::NotInRound);
    t.refuse(D, Action::Look, ActionError::NotInRound);
    t.act(C, Action::Stand);
    let s = t.last();
    assert_eq!(s.part, Part::Final);
    assert_eq!((s.loser, s.moved, s.source), (A, 1, Source::Stock));
    assert_eq!(t.game.stock(), 12);
}

// ----- A round ----------------------------------------------------------------------------------

#[test]
fn r_rnd_1_every_active_player_throws_once_under_the_cup() {
    let t = Table::new(standard(), 3, B, &[[6, 5, 3], [5, 3, 2], [6, 4, 2]]);
    let dealt: Vec<(Seat, [u8; 3])> = t
        .start_events
        .iter()
        .filter_map(|e| match e {
            Event::Dealt { seat, dice } => Some((*seat, *dice)),
            _ => None,
        })
        .collect();
    assert_eq!(dealt, vec![(B, [6, 5, 3]), (C, [5, 3, 2]), (A, [6, 4, 2])]);
    for cup in &t.game.round().cups {
        assert_eq!(cup.throws, 1);
        assert!(!cup.looked && !cup.done && !cup.open);
    }
    let public = t.game.view_for(Viewer::Public);
    for p in &public.players {
        let cup = p.cup.as_ref().expect("dealt");
        assert!(
            cup.dice.iter().all(|d| d.value().is_none()),
            "hidden under the cup"
        );
    }
    assert_eq!(
        t.game.current(),
        Some(B),
        "then players act one after another"
    );
}

#[test]
fn r_rnd_2_the_starter_may_throw_three_times() {
    let mut t = Table::new(standard(), 3, A, &[[2, 3, 5], [6, 4, 2], [6, 5, 3]]);
    assert_eq!(t.game.round().max_throws(0), 3);
    t.push(&[[2, 3, 6], [5, 4, 2]]);
    t.act(A, Action::Throw);
    assert_eq!(
        t.game.round().limit,
        None,
        "no limit while the starter throws"
    );
    let events = t.act(A, Action::Throw);
    assert!(events.contains(&Event::LimitSet { limit: 3 }));
    assert!(t.cup(A).done, "three throws end the starter's turn");
    assert_eq!(t.game.current(), Some(B));
    t.refuse(A, Action::Throw, ActionError::AlreadyFinished);
    assert_eq!(t.game.round().max_throws(1), 3);
}

#[test]
fn r_rnd_2_the_starters_count_is_everybodys_limit() {
    // Limit 1: nobody else has a decision left, so everybody stands at once.
    let mut t = Table::new(standard(), 3, A, &[[6, 5, 3], [5, 3, 2], [6, 4, 2]]);
    let events = t.act(A, Action::Stand);
    assert!(events.contains(&Event::LimitSet { limit: 1 }));
    let s = t.last();
    assert_eq!(s.limit, 1);
    assert!(s.throws.iter().all(|r| r.throws == 1));

    // Limit 2: B may throw once more, then he is done; B also may stop earlier (C).
    let mut t = Table::new(standard(), 3, A, &[[2, 3, 5], [6, 4, 2], [6, 5, 3]]);
    t.push(&[[6, 5, 3]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    assert_eq!(t.game.round().limit, Some(2));
    assert_eq!(t.game.round().max_throws(1), 2);
    t.push(&[[5, 5, 2]]);
    t.act(B, Action::Throw);
    assert!(t.cup(B).done, "B used the limit");
    t.refuse(B, Action::Throw, ActionError::AlreadyFinished);
    let events = t.act(C, Action::Stand);
    assert_eq!(scored(&events).len(), 1);
    let s = t.last();
    assert_eq!(revealed(s, B).throws, 2);
    assert_eq!(revealed(s, C).throws, 1);
}

#[test]
fn r_rnd_2_a_player_at_the_limit_cannot_throw() {
    // Münsterland keeps a player at the limit waiting (he may still turn sixes in place),
    // but a throw beyond the limit is refused.
    let mut t = Table::new(preset("muensterland"), 2, A, &[[6, 5, 3], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!(t.game.current(), Some(B));
    t.refuse(B, Action::Throw, ActionError::NoThrowsLeft { limit: 1 });
    t.refuse(
        B,
        Action::Keep { values: vec![5] },
        ActionError::NoThrowsLeft { limit: 1 },
    );
}

#[test]
fn r_rnd_3_set_aside_dice_stay_and_the_rest_is_thrown_again() {
    let mut t = Table::new(standard(), 2, A, &[[1, 4, 5], [6, 5, 3]]);
    let before = t.dice.remaining();
    let events = t.act(A, Action::Keep { values: vec![1] });
    assert!(events.contains(&Event::Kept {
        seat: A,
        values: vec![1]
    }));
    assert_eq!(t.dice.remaining(), before, "setting aside throws nothing");
    assert_eq!(t.cup(A).throws, 1);
    assert_eq!(t.cup(A).aside, [true, false, false]);
    t.push_dice(&[1, 3]);
    t.act(A, Action::Throw);
    assert_eq!(t.cup(A).dice, [1, 1, 3], "the set-aside 1 was not thrown");
    assert_eq!(t.cup(A).aside, [true, false, false], "it stays set aside");
    t.refuse(
        A,
        Action::Keep { values: vec![5] },
        ActionError::NotInCup { value: 5 },
    );
    t.refuse(
        A,
        Action::Keep { values: vec![1, 1] },
        ActionError::NotInCup { value: 1 },
    );
    t.refuse(
        A,
        Action::Keep { values: vec![1, 3] },
        ActionError::MustLeaveDieInCup,
    );
    t.refuse(
        A,
        Action::Keep { values: vec![] },
        ActionError::NothingToKeep,
    );
    t.refuse(
        A,
        Action::Keep { values: vec![7] },
        ActionError::InvalidDie { value: 7 },
    );
    t.act(A, Action::Keep { values: vec![1] });
    assert_eq!(t.cup(A).aside, [true, true, false]);
    t.push_dice(&[2]);
    t.act(A, Action::Throw);
    let cup = t.cup(A);
    assert_eq!(cup.dice, [1, 1, 2]);
    assert_eq!(cup.throws, 3);
    assert!(!cup.hand());
}

#[test]
fn r_rnd_3_a_player_may_stop_instead_of_throwing() {
    let mut t = Table::new(standard(), 2, A, &[[2, 3, 5], [6, 5, 3]]);
    t.push(&[[4, 4, 4]]);
    t.act(A, Action::Throw);
    let events = t.act(A, Action::Stand);
    assert!(events.contains(&Event::Stood {
        seat: A,
        throws: 2,
        automatic: false
    }));
    assert!(t.cup(A).done);
    assert_eq!(t.cup(A).dice, [4, 4, 4]);
}

#[test]
fn r_rnd_4_cups_are_hidden_except_set_aside_dice_and_the_starters_first_two_throws() {
    let mut t = Table::new(standard(), 2, A, &[[2, 3, 5], [6, 5, 3]]);
    let public = |t: &Table, seat: Seat| {
        t.game.view_for(Viewer::Public).players[seat.index()]
            .cup
            .as_ref()
            .expect("cup")
            .dice
            .map(|d| d.value())
    };
    assert_eq!(public(&t, A), [None; 3]);
    t.act(A, Action::Look);
    assert_eq!(
        public(&t, A),
        [Some(2), Some(3), Some(5)],
        "throw 1 is public"
    );
    t.push(&[[6, 4, 1]]);
    t.act(A, Action::Throw);
    assert_eq!(
        public(&t, A),
        [Some(6), Some(4), Some(1)],
        "throw 2 is public"
    );
    t.act(A, Action::Keep { values: vec![6] });
    t.push_dice(&[2, 2]);
    t.act(A, Action::Throw);
    assert_eq!(
        public(&t, A),
        [Some(6), None, None],
        "throw 3 stays under the cup, the set-aside six is public"
    );
    t.push(&[[5, 5, 2]]);
    t.act(B, Action::Throw);
    assert_eq!(
        public(&t, B),
        [None; 3],
        "other players' throws stay hidden"
    );
}

#[test]
fn r_rnd_5_the_round_is_scored_when_every_player_has_finished() {
    let mut t = Table::new(standard(), 3, A, &[[2, 3, 5], [6, 4, 2], [5, 3, 2]]);
    t.push(&[[3, 3, 5], [6, 6, 5]]);
    let mut events = t.act(A, Action::Throw);
    events.extend(t.act(A, Action::Throw));
    events.extend(t.act(B, Action::Stand));
    assert!(scored(&events).is_empty(), "C has not finished yet");
    assert_eq!(t.game.rounds_played(), 0);
    t.push(&[[4, 3, 1]]);
    t.act(C, Action::Throw);
    let events = t.act(C, Action::Stand);
    assert_eq!(scored(&events).len(), 1);
    let s = t.last();
    let shown: Vec<(Seat, [u8; 3], u8)> = s
        .throws
        .iter()
        .map(|r| (r.seat, r.eval.dice, r.throws))
        .collect();
    assert_eq!(
        shown,
        vec![(A, [6, 6, 5], 3), (B, [6, 4, 2], 1), (C, [4, 3, 1], 2)],
        "every cup is revealed"
    );
    assert_eq!((s.winner, s.loser), (A, C));
    assert_eq!(t.game.round().number, 2, "the next round has begun");
}

fn blind_rules() -> RuleSet {
    with(standard(), &["blind=true"])
}

#[test]
fn r_rnd_6_blind_is_announced_before_looking_and_ends_the_turn() {
    let mut t = Table::new(blind_rules(), 3, A, &[[4, 4, 4], [5, 3, 2], [6, 5, 3]]);
    let events = t.act(A, Action::Blind);
    assert!(events.contains(&Event::WentBlind { seat: A }));
    assert!(events.contains(&Event::LimitSet { limit: 1 }));
    assert!(t.cup(A).blind && t.cup(A).done);
    assert!(!t.cup(A).looked, "a blind player never looked");
    t.refuse(A, Action::Throw, ActionError::AlreadyFinished);
    // B could still go blind, so the engine waits for him.
    assert_eq!(t.game.current(), Some(B));
    t.act(B, Action::Stand);
    // C looks: with limit 1 and blind gone, nothing is left to decide.
    let events = t.act(C, Action::Look);
    assert_eq!(scored(&events).len(), 1);
    let s = t.last();
    assert!(revealed(s, A).blind);
    assert_eq!(s.winner, A);
    assert_eq!(s.loser, B);
    assert_eq!(s.penalty, 6, "a blind General costs double");
    assert_eq!(revealed(s, B).deckel, 6);
}

#[test]
fn r_rnd_6_blind_doubles_only_when_it_is_the_best_throw() {
    // A blind 4,4,4, B Schock 5 (not blind): B's throw sets the penalty, undoubled.
    let mut t = Table::new(blind_rules(), 3, A, &[[4, 4, 4], [1, 1, 5], [6, 5, 3]]);
    t.act(A, Action::Blind);
    t.act(B, Action::Stand);
    t.act(C, Action::Stand);
    let s = t.last();
    assert_eq!((s.winner, s.loser, s.penalty), (B, C, 5));
    // A blind throw that loses costs nothing extra either.
    let mut t = Table::new(blind_rules(), 2, A, &[[5, 3, 2], [4, 4, 4]]);
    t.act(A, Action::Blind);
    t.act(B, Action::Stand);
    let s = t.last();
    assert_eq!((s.winner, s.loser, s.penalty), (B, A, 3));
}

#[test]
fn r_rnd_6_no_blind_after_looking_or_a_second_throw_or_without_the_switch() {
    let mut t = Table::new(blind_rules(), 3, A, &[[2, 3, 5], [6, 4, 2], [6, 5, 3]]);
    t.act(A, Action::Look);
    t.refuse(A, Action::Blind, ActionError::BlindAfterLooking);
    t.push(&[[2, 3, 6], [5, 4, 2]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Throw); // limit 3
    t.act(B, Action::Look);
    t.refuse(B, Action::Blind, ActionError::BlindAfterLooking);
    t.push(&[[6, 6, 5]]);
    t.act(B, Action::Throw);
    t.refuse(B, Action::Blind, ActionError::BlindAfterLooking);
    t.act(B, Action::Stand);
    // C has not looked: blind is possible with throws left, then C may not throw again.
    t.act(C, Action::Blind);
    assert_eq!(t.game.rounds_played(), 1);
    assert_eq!(revealed(t.last(), C).throws, 1);

    let mut t = Table::new(standard(), 2, A, &[[2, 3, 5], [6, 5, 3]]);
    t.refuse(A, Action::Blind, ActionError::BlindNotAllowed);
}

// ----- Ranking -----------------------------------------------------------------------------

/// Scores one round at the start of a half: 13 Deckel in the stock, none held, no extras
/// announced.
fn score_with_full_stock(rules: &RuleSet, throws: &[FinalThrow]) -> RoundOutcome {
    score_round(rules, ExtraSet::EMPTY, 13, &vec![0; throws.len()], throws)
}

/// Every throw class of the table, lowest to highest, under `standard`.
const LADDER: [[u8; 3]; 22] = [
    [2, 2, 1],
    [3, 2, 2],
    [3, 3, 1],
    [4, 2, 1],
    [5, 3, 2],
    [6, 4, 2],
    [6, 6, 5],
    [3, 2, 1],
    [4, 3, 2],
    [5, 4, 3],
    [6, 5, 4],
    [2, 2, 2],
    [3, 3, 3],
    [4, 4, 4],
    [5, 5, 5],
    [6, 6, 6],
    [2, 1, 1],
    [3, 1, 1],
    [4, 1, 1],
    [5, 1, 1],
    [6, 1, 1],
    [1, 1, 1],
];

#[test]
fn ranking_table_classes_order_and_penalties() {
    let rules = standard();
    let evals: Vec<Evaluation> = LADDER.iter().map(|d| ev(*d, true, &rules)).collect();
    for w in evals.windows(2) {
        assert!(
            w[0].rank < w[1].rank,
            "{:?} must rank below {:?}",
            w[0].dice,
            w[1].dice
        );
    }
    let classes: Vec<ThrowClass> = evals.iter().map(|e| e.class).collect();
    use ThrowClass::*;
    let mut expected = vec![Hausnummer; 7];
    expected.extend([Strasse; 4]);
    expected.extend([General; 5]);
    expected.extend([Schock; 5]);
    expected.push(SchockAus);
    assert_eq!(classes, expected);
    let penalties: Vec<Penalty> = evals.iter().map(|e| e.penalty).collect();
    let mut expected = vec![Penalty::Deckel(1); 7];
    expected.extend([Penalty::Deckel(2); 4]);
    expected.extend([Penalty::Deckel(3); 5]);
    expected.extend((2..=6).map(Penalty::Deckel));
    expected.push(Penalty::All);
    assert_eq!(penalties, expected);
    assert_eq!(
        ev([2, 4, 6], true, &rules).number(),
        642,
        "dice read high to low"
    );
    assert_eq!(ev([1, 4, 1], true, &rules).schock_value(), Some(4));
    assert_eq!(Penalty::All.deckel(&rules), 13);
}

#[test]
fn ranking_table_strasse_switches() {
    let three = with(standard(), &["straight_penalty=3"]);
    assert_eq!(ev([4, 5, 6], true, &three).penalty, Penalty::Deckel(3));
    let equal = with(standard(), &["straight_order=equal"]);
    assert_eq!(
        ev([1, 2, 3], true, &equal).rank,
        ev([4, 5, 6], true, &equal).rank,
        "all Straßen tie"
    );
    assert!(ev([6, 6, 5], true, &equal).rank < ev([1, 2, 3], true, &equal).rank);
    assert!(ev([4, 3, 2], true, &standard()).rank < ev([5, 4, 3], true, &standard()).rank);
    // With equal Straßen, R-RANK-3 decides: the later of two equal throws loses.
    let out = score_with_full_stock(&equal, &[ft([1, 2, 3], 1, true), ft([6, 5, 4], 1, true)]);
    assert_eq!((out.winner, out.loser), (0, 1));
}

#[test]
fn r_rank_1_every_schock_beats_every_general() {
    let rules = standard();
    for n in 2..=6 {
        for g in 2..=6 {
            assert!(
                ev([1, 1, n], true, &rules).rank > ev([g, g, g], true, &rules).rank,
                "Schock {n} vs General {g}"
            );
        }
    }
}

#[test]
fn r_rank_1_general_beats_schock_two_switch() {
    let rules = with(standard(), &["general_beats_schock_two=true"]);
    for g in 2..=6 {
        let general = ev([g, g, g], true, &rules).rank;
        assert!(
            general > ev([1, 1, 2], true, &rules).rank,
            "General {g} > Schock 2"
        );
        assert!(
            general < ev([1, 1, 3], true, &rules).rank,
            "General {g} < Schock 3"
        );
    }
    assert!(ev([1, 1, 2], true, &rules).rank > ev([6, 5, 4], true, &rules).rank);
    // In play: A Schock 2, B General 3.
    let mut t = Table::new(standard(), 2, A, &[[2, 1, 1], [3, 3, 3]]);
    t.act(A, Action::Stand);
    assert_eq!((t.last().loser, t.last().penalty), (B, 2));
    let mut t = Table::new(rules, 2, A, &[[2, 1, 1], [3, 3, 3]]);
    t.act(A, Action::Stand);
    assert_eq!((t.last().loser, t.last().penalty), (A, 3));
}

#[test]
fn r_rank_2_strasse_and_general_count_only_from_the_hand() {
    let rules = standard();
    for dice in [[3, 3, 3], [6, 6, 6], [4, 5, 6], [1, 2, 3]] {
        let built = ev(dice, false, &rules);
        assert_eq!(built.class, ThrowClass::Hausnummer, "{dice:?} built");
        assert_eq!(built.penalty, Penalty::Deckel(1));
        assert!(built.downgraded(&rules, ExtraSet::EMPTY));
        assert_ne!(ev(dice, true, &rules).class, ThrowClass::Hausnummer);
    }
    let wiki = preset("wikipedia");
    assert_eq!(ev([3, 3, 3], false, &wiki).class, ThrowClass::General);
    assert_eq!(ev([4, 5, 6], false, &wiki).class, ThrowClass::Strasse);
}

#[test]
fn r_rank_2_a_schock_counts_however_it_was_built() {
    for rules in [standard(), preset("wikipedia")] {
        for n in 2..=6 {
            let built = ev([1, n, 1], false, &rules);
            assert_eq!(built.class, ThrowClass::Schock);
            assert_eq!(built.penalty, Penalty::Deckel(n));
        }
        assert_eq!(ev([1, 1, 1], false, &rules).class, ThrowClass::SchockAus);
    }
    // In play: two ones set aside, the third die thrown.
    let mut t = Table::new(standard(), 2, A, &[[1, 1, 5], [6, 5, 3]]);
    t.act(A, Action::Keep { values: vec![1, 1] });
    t.push_dice(&[3]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    let a = revealed(t.last(), A);
    assert_eq!(a.eval.class, ThrowClass::Schock);
    assert!(!a.eval.hand);
    assert_eq!((t.last().loser, t.last().penalty), (B, 3));
}

#[test]
fn r_rank_2_assembled_general_in_play_and_a_later_throw_of_all_three_dice() {
    // A sets two fours aside and throws the third: 4,4,4 built.
    let play = |rules: RuleSet, keep: bool| {
        let mut t = Table::new(rules, 2, A, &[[4, 4, 2], [6, 5, 3]]);
        if keep {
            t.act(A, Action::Keep { values: vec![4, 4] });
            t.push_dice(&[4]);
        } else {
            t.push_dice(&[4, 4, 4]);
        }
        t.act(A, Action::Throw);
        t.act(A, Action::Stand);
        t.act(B, Action::Stand);
        t.last().clone()
    };
    let s = play(standard(), true);
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::Hausnummer);
    assert_eq!((s.loser, s.penalty), (A, 1), "built 444 < 653");
    let s = play(preset("wikipedia"), true);
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::General);
    assert_eq!((s.loser, s.penalty), (B, 3), "mit Pflücken");
    // Throwing all three dice again is a throw from the hand.
    let s = play(standard(), false);
    assert!(revealed(&s, A).eval.hand);
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::General);
    assert_eq!((s.loser, s.penalty), (B, 3));
}

#[test]
fn r_rank_3_fewer_throws_rank_higher() {
    let rules = standard();
    let out = score_with_full_stock(
        &rules,
        &[
            ft([5, 3, 2], 3, true),
            ft([5, 3, 2], 1, true),
            ft([5, 3, 2], 2, true),
        ],
    );
    assert_eq!(out.ranking, vec![1, 2, 0]);
    assert_eq!((out.winner, out.loser), (1, 0));
}

#[test]
fn r_rank_3_with_equal_throws_the_later_player_ranks_lower() {
    let rules = standard();
    let out = score_with_full_stock(
        &rules,
        &[
            ft([5, 5, 5], 2, true),
            ft([5, 5, 5], 2, true),
            ft([5, 5, 5], 2, true),
        ],
    );
    assert_eq!(out.ranking, vec![0, 1, 2]);
    assert_eq!(out.penalty, 3);
    // A different throw is not a tie: a higher rank wins whatever the throws.
    let out = score_with_full_stock(&rules, &[ft([5, 5, 5], 1, true), ft([6, 6, 6], 3, true)]);
    assert_eq!(out.ranking, vec![1, 0]);
}

#[test]
fn r_rank_3_nachgelegt_in_play() {
    // C starts; order C, A, B. A and B both 6,5,3 in one throw: B (later) is lowest.
    let mut t = Table::new(standard(), 3, C, &[[4, 4, 4], [6, 5, 3], [6, 5, 3]]);
    t.act(C, Action::Stand);
    let s = t.last();
    assert_eq!(s.ranking, vec![C, A, B]);
    assert_eq!((s.loser, s.penalty), (B, 3));
}

fn schock_aus_pair(rules: &RuleSet, first: FinalThrow, second: FinalThrow) -> (usize, usize) {
    let out = score_with_full_stock(rules, &[first, second]);
    (out.winner, out.loser)
}

#[test]
fn r_rank_4_schock_aus_from_the_hand_beats_a_built_one() {
    let built = ft([1, 1, 1], 2, false);
    let hand = ft([1, 1, 1], 2, true);
    assert_eq!(schock_aus_pair(&standard(), built, hand), (0, 1));
    let moin = preset("moin-moin");
    assert_eq!(schock_aus_pair(&moin, built, hand), (1, 0));
    // Even with fewer throws a built one loses.
    assert_eq!(
        schock_aus_pair(&moin, ft([1, 1, 1], 1, true), ft([1, 1, 1], 2, false)),
        (0, 1)
    );
    assert_eq!(
        schock_aus_pair(&moin, ft([1, 1, 1], 3, true), ft([1, 1, 1], 2, false)),
        (0, 1)
    );
    assert!(ev([1, 1, 1], true, &moin).rank > ev([1, 1, 1], false, &moin).rank);
    assert_eq!(
        ev([1, 1, 1], true, &standard()).rank,
        ev([1, 1, 1], false, &standard()).rank
    );
}

#[test]
fn r_rank_4_in_play_the_built_schock_aus_loses_the_half() {
    // A builds 1,1,1 in two throws, B throws 1,1,1 from the hand in two throws.
    let play = |rules: RuleSet| {
        let mut t = Table::new(rules, 2, A, &[[1, 1, 4], [2, 3, 5]]);
        t.act(A, Action::Keep { values: vec![1, 1] });
        t.push_dice(&[1]);
        t.act(A, Action::Throw);
        t.act(A, Action::Stand);
        t.push(&[[1, 1, 1]]);
        t.act(B, Action::Throw);
        if t.game.rounds_played() == 0 {
            t.act(B, Action::Stand);
        }
        t.last().clone()
    };
    let s = play(standard());
    assert_eq!(s.half_lost_by, Some(B), "equal: the later one loses");
    let s = play(preset("moin-moin"));
    assert_eq!(s.half_lost_by, Some(A), "the built Schock aus loses");
}

#[test]
fn r_rank_5_the_later_of_two_equal_schock_aus_wins() {
    let mut rules = standard();
    rules.later_schock_aus_wins = true;
    let first = ft([1, 1, 1], 1, true);
    let second = ft([1, 1, 1], 1, true);
    assert_eq!(schock_aus_pair(&standard(), first, second), (0, 1));
    assert_eq!(schock_aus_pair(&rules, first, second), (1, 0));
    // The later one wins even with more throws.
    assert_eq!(
        schock_aus_pair(&rules, ft([1, 1, 1], 1, true), ft([1, 1, 1], 3, true)),
        (1, 0)
    );
    // Only Schock aus: an equal General still goes to the earlier player.
    let out = score_with_full_stock(&rules, &[ft([5, 5, 5], 1, true), ft([5, 5, 5], 1, true)]);
    assert_eq!((out.winner, out.loser), (0, 1));
    // compare_results directly: positions matter only for Schock aus.
    let a = RankedThrow {
        eval: ev([1, 1, 1], true, &rules),
        throws: 1,
        position: 0,
    };
    let b = RankedThrow { position: 1, ..a };
    assert_eq!(compare_results(&b, &a, &rules), std::cmp::Ordering::Greater);
}

#[test]
fn r_rank_5_in_play_muensterland() {
    let mut t = Table::new(preset("muensterland"), 2, A, &[[1, 1, 1], [1, 1, 1]]);
    t.finish_round();
    assert_eq!(
        t.last().half_lost_by,
        Some(A),
        "B's nachgelegter Schock aus wins"
    );
    let mut t = Table::new(standard(), 2, A, &[[1, 1, 1], [1, 1, 1]]);
    t.finish_round();
    assert_eq!(t.last().half_lost_by, Some(B));
}

#[test]
fn r_rank_6_extras_rank_above_schock_six_and_below_schock_aus() {
    let rules = with(
        standard(),
        &["extras=jule,221,331", "penalty_221=9", "penalty_331=8"],
    );
    let jule = ev([4, 2, 1], true, &rules);
    let n221 = ev([2, 2, 1], true, &rules);
    let n331 = ev([3, 3, 1], true, &rules);
    assert_eq!(
        (jule.class, jule.extra, jule.penalty),
        (ThrowClass::Extra, Some(Extra::Jule), Penalty::Deckel(7))
    );
    assert_eq!(n221.penalty, Penalty::Deckel(9));
    assert_eq!(n331.penalty, Penalty::Deckel(8));
    let schock6 = ev([1, 1, 6], true, &rules).rank;
    let aus = ev([1, 1, 1], true, &rules).rank;
    for e in [jule, n221, n331] {
        assert!(e.rank > schock6 && e.rank < aus, "{:?}", e.dice);
    }
    // Ordered by penalty: Jule 7 < 3,3,1 8 < 2,2,1 9 (Westphalia) …
    assert!(jule.rank < n331.rank && n331.rank < n221.rank);
    // … and Jule 7 < 2,2,1 9 < 3,3,1 10 (Dortmund).
    let dortmund = preset("dortmund");
    let order: Vec<_> = [[4, 2, 1], [2, 2, 1], [3, 3, 1]]
        .iter()
        .map(|d| ev(*d, true, &dortmund).rank)
        .collect();
    assert!(order[0] < order[1] && order[1] < order[2]);
    assert_eq!(ev([3, 3, 1], true, &dortmund).penalty, Penalty::Deckel(10));
}

#[test]
fn r_rank_6_inactive_or_assembled_extras_are_hausnummern() {
    let rules = standard();
    for dice in [[4, 2, 1], [2, 2, 1], [3, 3, 1]] {
        assert_eq!(ev(dice, true, &rules).class, ThrowClass::Hausnummer);
    }
    let jule = preset("jule");
    assert_eq!(
        ev([2, 2, 1], true, &jule).class,
        ThrowClass::Hausnummer,
        "only Jule is active"
    );
    assert_eq!(
        ev([4, 2, 1], false, &jule).class,
        ThrowClass::Hausnummer,
        "built"
    );
    let wiki_jule = with(preset("wikipedia"), &["extras=jule"]);
    assert_eq!(
        ev([4, 2, 1], false, &wiki_jule).class,
        ThrowClass::Extra,
        "mit Pflücken"
    );
    // In play (jule preset): Jule from the hand beats Schock 6 and costs 7.
    let mut t = Table::new(jule.clone(), 2, A, &[[4, 2, 1], [1, 1, 6]]);
    t.act(A, Action::Stand);
    assert_eq!((t.last().loser, t.last().penalty), (B, 7));
    // Built, it is the Hausnummer 421 and loses to 5,3,2.
    let mut t = Table::new(jule, 2, A, &[[4, 2, 6], [5, 3, 2]]);
    t.act(A, Action::Keep { values: vec![4, 2] });
    t.push_dice(&[1]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    assert_eq!((t.last().loser, t.last().penalty), (A, 1));
}

#[test]
fn r_rank_6_announced_extras_count_only_when_the_starter_announced_them() {
    let mut t = Table::new(preset("dortmund"), 2, A, &[[4, 2, 1], [5, 3, 2]]);
    // Round 1 of a half is classic: 4,2,1 is the Hausnummer 421.
    assert!(!t.game.round().announcing);
    t.finish_round();
    let s = t.last().clone();
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::Hausnummer);
    assert_eq!((s.loser, s.penalty), (A, 1));
    // Round 2 (A starts): no dice before the announcement.
    assert!(t.game.round().announcing);
    assert!(t.game.round().cups.is_empty());
    assert_eq!(t.game.current(), Some(A));
    t.refuse(
        B,
        Action::Announce {
            extras: [Extra::Jule].into_iter().collect(),
        },
        ActionError::NotStarter { starter: A },
    );
    t.refuse(B, Action::Look, ActionError::AnnouncementPending);
    t.refuse(A, Action::Stand, ActionError::AnnouncementPending);
    t.push(&[[4, 2, 1], [3, 3, 1]]);
    let events = t.act(
        A,
        Action::Announce {
            extras: [Extra::Jule].into_iter().collect(),
        },
    );
    assert!(events.contains(&Event::ExtrasAnnounced {
        starter: A,
        extras: [Extra::Jule].into_iter().collect()
    }));
    assert_eq!(t.game.round().cups.len(), 2, "dealt after the announcement");
    t.finish_round();
    let s = t.last().clone();
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::Extra);
    assert_eq!(
        revealed(&s, B).eval.class,
        ThrowClass::Hausnummer,
        "3,3,1 was not announced"
    );
    assert_eq!((s.loser, s.penalty), (B, 7));
    // Round 3 (B starts): a throw announces nothing.
    t.push(&[[3, 3, 1], [4, 2, 1]]);
    let events = t.act(B, Action::Throw);
    assert!(events.contains(&Event::ExtrasAnnounced {
        starter: B,
        extras: ExtraSet::EMPTY
    }));
    assert_eq!(
        t.cup(B).throws,
        1,
        "the announcing throw is the deal, not a second throw"
    );
    t.finish_round();
    let s = t.last().clone();
    assert!(
        s.throws
            .iter()
            .all(|r| r.eval.class == ThrowClass::Hausnummer)
    );
    assert_eq!(s.loser, B, "331 < 421");
}

#[test]
fn r_rank_6_the_first_round_of_half_two_is_classic_too() {
    let mut t = Table::new(preset("dortmund"), 2, A, &[[5, 3, 2], [1, 1, 1]]);
    t.push(&[[4, 2, 1], [5, 3, 2]]);
    t.finish_round();
    assert_eq!(t.game.part(), Part::Half2);
    assert_eq!(t.game.round().number, 1);
    assert!(!t.game.round().announcing);
    assert_eq!(t.game.round().cups.len(), 2);
    t.refuse(
        A,
        Action::Announce {
            extras: ExtraSet::EMPTY,
        },
        ActionError::NotAnnouncing,
    );
}

#[test]
fn r_rank_6_only_extras_of_the_rule_set_can_be_announced() {
    let rules = with(standard(), &["extras=jule", "extras_announced=true"]);
    let mut t = Table::new(rules, 2, A, &[[5, 3, 2], [6, 5, 3]]);
    t.act(A, Action::Stand);
    assert!(t.game.round().announcing);
    t.refuse(
        A,
        Action::Announce {
            extras: [Extra::TwoTwoOne].into_iter().collect(),
        },
        ActionError::ExtraNotInRules {
            extra: Extra::TwoTwoOne,
        },
    );
}

// ----- Sixes -------------------------------------------------------------------------------------

#[test]
fn r_six_1_two_sixes_become_a_one_and_the_other_six_is_thrown_again() {
    let mut t = Table::new(standard(), 2, A, &[[6, 3, 6], [6, 5, 3]]);
    let events = t.act(A, Action::Flip);
    assert!(events.contains(&Event::Flipped {
        seat: A,
        ones: 1,
        bonus: false,
        in_place: false
    }));
    let cup = t.cup(A);
    assert_eq!(cup.dice, [1, 3, 6]);
    assert_eq!(cup.aside, [true, false, false], "the one is set aside");
    assert_eq!(cup.reroll, [false, false, true], "the other six goes back");
    assert_eq!(cup.throws, 1, "turning is not a throw");
    t.refuse(A, Action::Stand, ActionError::MustThrowAfterFlip);
    t.refuse(A, Action::Flip, ActionError::MustThrowAfterFlip);
    t.refuse(
        A,
        Action::Keep { values: vec![6] },
        ActionError::MustRethrowSix,
    );
    t.push_dice(&[4, 2]);
    t.act(A, Action::Throw);
    let cup = t.cup(A);
    assert_eq!(cup.dice, [1, 4, 2]);
    assert!(!cup.must_throw());
    t.act(A, Action::Stand);
}

#[test]
fn r_six_1_three_sixes_become_two_ones() {
    let mut t = Table::new(standard(), 2, A, &[[6, 6, 6], [6, 5, 3]]);
    let events = t.act(A, Action::Flip);
    assert!(events.contains(&Event::Flipped {
        seat: A,
        ones: 2,
        bonus: false,
        in_place: false
    }));
    assert_eq!(t.cup(A).dice, [1, 1, 6]);
    assert_eq!(t.cup(A).aside, [true, true, false]);
    t.refuse(A, Action::Stand, ActionError::MustThrowAfterFlip);
    t.push_dice(&[1]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    let a = revealed(t.last(), A);
    assert_eq!(a.eval.class, ThrowClass::SchockAus);
    assert_eq!(t.last().half_lost_by, Some(B));
}

#[test]
fn r_six_1_needs_two_sixes_in_the_cup_and_the_switch() {
    let mut t = Table::new(standard(), 2, A, &[[6, 5, 3], [6, 5, 3]]);
    t.refuse(A, Action::Flip, ActionError::NoTwoSixes);
    // A six set aside earlier does not pair with a new one.
    t.act(A, Action::Keep { values: vec![6] });
    t.push_dice(&[6, 2]);
    t.act(A, Action::Throw);
    t.refuse(A, Action::Flip, ActionError::NoTwoSixes);

    let rules = with(standard(), &["sixes=false"]);
    let mut t = Table::new(rules, 2, A, &[[6, 6, 3], [6, 5, 3]]);
    t.refuse(A, Action::Flip, ActionError::SixesNotAllowed);
}

#[test]
fn r_six_2_flipping_needs_a_throw_left_by_default() {
    // A's third throw shows two sixes: under standard his turn simply ends.
    let mut t = starter_at_his_third_throw(standard(), [6, 6, 3]);
    assert!(t.cup(A).done);
    assert_eq!(t.cup(A).dice, [6, 6, 3]);
    t.refuse(A, Action::Flip, ActionError::AlreadyFinished);
    // B at the limit with two sixes: no decision left, he stands automatically.
    let mut t = Table::new(standard(), 2, A, &[[5, 3, 2], [6, 6, 3]]);
    let events = t.act(A, Action::Stand);
    assert!(events.contains(&Event::Stood {
        seat: B,
        throws: 1,
        automatic: true
    }));
    assert_eq!(revealed(t.last(), B).eval.dice, [6, 6, 3]);
}

#[test]
fn r_six_2_a_waiting_player_without_a_throw_left_may_not_turn() {
    // With blind on, B (limit 1, not looked yet) still has a decision, but no throw left.
    // Turning needs a look first; once he looks he has no decision left and stands.
    let mut t = Table::new(blind_rules(), 2, A, &[[5, 3, 2], [6, 6, 3]]);
    t.act(A, Action::Stand);
    assert_eq!(t.game.current(), Some(B));
    t.refuse(B, Action::Flip, ActionError::LookFirst);
    t.refuse(B, Action::Throw, ActionError::NoThrowsLeft { limit: 1 });
    t.act(B, Action::Stand);
    assert_eq!(revealed(t.last(), B).eval.dice, [6, 6, 3]);
}

#[test]
fn r_six_2_extra_throw_grants_one_more_throw_once() {
    let mut t = starter_at_his_third_throw(preset("moin-moin"), [6, 6, 3]);
    assert!(!t.cup(A).done, "he may still turn the sixes");
    assert_eq!(t.game.round().throws_left(0), 0);
    t.refuse(A, Action::Throw, ActionError::NoThrowsLeft { limit: 3 });
    let events = t.act(A, Action::Flip);
    assert!(events.contains(&Event::Flipped {
        seat: A,
        ones: 1,
        bonus: true,
        in_place: false
    }));
    assert_eq!(t.game.round().max_throws(0), 4);
    t.refuse(A, Action::Stand, ActionError::MustThrowAfterFlip);
    t.push_dice(&[6, 6]);
    let events = t.act(A, Action::Throw);
    assert!(t.cup(A).done, "only one extra throw, no second flip");
    assert_eq!(t.cup(A).dice, [1, 6, 6]);
    assert_eq!(t.cup(A).throws, 4);
    assert!(
        events.contains(&Event::LimitSet { limit: 3 }),
        "the bonus throw does not raise the limit"
    );
    assert_eq!(t.game.round().max_throws(1), 3);
}

#[test]
fn r_six_2_in_place_turns_the_six_and_ends_the_turn() {
    let mut t = starter_at_his_third_throw(preset("muensterland"), [6, 6, 1]);
    assert!(!t.cup(A).done);
    let events = t.act(A, Action::Flip);
    assert!(events.contains(&Event::Flipped {
        seat: A,
        ones: 1,
        bonus: false,
        in_place: true
    }));
    let cup = t.cup(A);
    assert!(cup.done);
    assert_eq!(cup.dice, [1, 6, 1], "the other dice stay as they are");
    assert!(!cup.must_throw());
    assert_eq!(t.game.round().limit, Some(3));
    t.finish_round();
    let a = revealed(t.last(), A);
    assert_eq!(
        (a.eval.class, a.eval.schock_value()),
        (ThrowClass::Schock, Some(6))
    );
    // With a throw left, Münsterland flips like everyone else: the six must be thrown.
    let mut t = Table::new(preset("muensterland"), 2, A, &[[6, 6, 2], [6, 5, 3]]);
    t.act(A, Action::Flip);
    assert!(!t.cup(A).done && t.cup(A).must_throw());
    // Three sixes in place become two ones and a six: Schock 6.
    let mut t = Table::new(preset("muensterland"), 2, A, &[[5, 3, 2], [6, 6, 6]]);
    t.act(A, Action::Stand);
    t.act(B, Action::Flip);
    let s = t.last();
    assert_eq!(revealed(s, B).eval.dice, [6, 1, 1]);
    assert_eq!((s.loser, s.penalty), (A, 6));
}

#[test]
fn r_six_3_a_throw_with_a_turned_die_is_not_from_the_hand() {
    let play = |rules: RuleSet| {
        let mut t = Table::new(rules, 2, A, &[[6, 6, 5], [5, 4, 1]]);
        t.act(A, Action::Flip);
        t.push_dice(&[2, 3]);
        t.act(A, Action::Throw);
        assert_eq!(t.cup(A).dice, [1, 2, 3]);
        assert!(!t.cup(A).hand());
        t.act(A, Action::Stand);
        t.act(B, Action::Stand);
        t.last().clone()
    };
    let s = play(standard());
    let a = revealed(&s, A);
    assert_eq!(a.eval.class, ThrowClass::Hausnummer);
    assert!(!a.eval.hand);
    assert_eq!(s.loser, A, "321 < 541");
    let s = play(preset("wikipedia"));
    assert_eq!(revealed(&s, A).eval.class, ThrowClass::Strasse);
    assert_eq!((s.loser, s.penalty), (B, 2));
}

// ----- Scoring -----------------------------------------------------------------------------------

#[test]
fn r_score_1_the_highest_throw_sets_the_penalty_the_lowest_receives_it() {
    // A Straße, B 5,3,2, C General 3: C's General costs B 3 Deckel; A gets nothing.
    let mut t = Table::new(standard(), 3, A, &[[3, 2, 1], [5, 3, 2], [3, 3, 3]]);
    t.act(A, Action::Stand);
    let s = t.last();
    assert_eq!((s.winner, s.loser, s.penalty, s.moved), (C, B, 3, 3));
    assert_eq!(s.ranking, vec![C, A, B]);
    assert_eq!(t.game.holdings(B), 3);
    assert_eq!(t.game.holdings(A), 0);
    assert_eq!(t.game.holdings(C), 0);
    assert_eq!(t.game.stock(), 10);
}

#[test]
fn r_score_2_the_loser_takes_from_the_stock_capped_by_it() {
    let out = score_round(
        &standard(),
        ExtraSet::EMPTY,
        2,
        &[5, 6],
        &[ft([1, 1, 4], 1, true), ft([5, 3, 2], 1, true)],
    );
    assert_eq!((out.penalty, out.moved, out.source), (4, 2, Source::Stock));
    assert_eq!(out.holdings_after, vec![5, 8], "nothing from the winner");
    assert_eq!(out.stock_after, 0);
}

#[test]
fn r_score_2_winner_pays_once_stock_is_empty() {
    let out = score_round(
        &standard(),
        ExtraSet::EMPTY,
        0,
        &[5, 8],
        &[ft([1, 1, 4], 1, true), ft([5, 3, 2], 1, true)],
    );
    assert_eq!((out.moved, out.source), (4, Source::Winner));
    assert_eq!(out.holdings_after, vec![1, 12]);
    let out = score_round(
        &standard(),
        ExtraSet::EMPTY,
        0,
        &[2, 11],
        &[ft([1, 1, 6], 1, true), ft([5, 3, 2], 1, true)],
    );
    assert_eq!(out.moved, 2, "capped by the winner's Deckel");
    assert_eq!(out.holdings_after, vec![0, 13]);
    assert_eq!(out.half_lost_by, Some(1));
}

#[test]
fn r_score_3_schock_aus_takes_every_deckel_and_the_half() {
    let out = score_round(
        &standard(),
        ExtraSet::EMPTY,
        4,
        &[3, 2, 4],
        &[
            ft([6, 5, 3], 1, true),
            ft([1, 1, 1], 1, true),
            ft([5, 3, 2], 1, true),
        ],
    );
    assert_eq!(out.source, Source::All);
    assert_eq!(out.holdings_after, vec![0, 0, 13]);
    assert_eq!((out.stock_after, out.moved, out.penalty), (0, 9, 13));
    assert_eq!(out.half_lost_by, Some(2));
}

#[test]
fn r_score_3_in_play_deckel_from_the_stock_and_from_every_player() {
    // Round 1: A loses 6 to B's Schock 6. Round 2 (A starts): B Schock aus, C lowest.
    let mut t = Table::new(standard(), 3, A, &[[5, 3, 2], [1, 1, 6], [6, 5, 3]]);
    t.push(&[[6, 5, 3], [1, 1, 1], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!((t.game.holdings(A), t.game.stock()), (6, 7));
    let events = t.act(A, Action::Stand);
    let s = scored(&events)[0];
    assert_eq!((s.loser, s.source, s.penalty), (C, Source::All, 13));
    assert_eq!(s.half_lost_by, Some(C));
    assert_eq!(revealed(s, A).deckel, 0);
    assert_eq!(revealed(s, C).deckel, 13);
    assert!(events.contains(&Event::PartLost {
        part: Part::Half1,
        seat: C
    }));
}

/// Three players under `rules`: after four rounds the stock is empty and C, having won the
/// last round with his only Deckel, is out. Returns the table at the start of round 5 (A
/// starts, A and B play).
fn c_out(rules: RuleSet) -> Table {
    // R1 (A starts; A, B, C): B Schock 6 → A +6 (stock 7).
    let mut t = Table::new(rules, 3, A, &[[5, 3, 2], [1, 1, 6], [6, 5, 3]]);
    // R2 (A starts): best 6,5,3 → C +1 (stock 6).
    t.push(&[[6, 5, 3], [6, 4, 2], [5, 3, 2]]);
    t.finish_round();
    assert_eq!((t.last().loser, t.game.stock()), (A, 7));
    // R3 (C starts; C, A, B): C Schock 6 → B +6 (stock 0).
    t.push(&[[1, 1, 6], [6, 4, 2], [5, 3, 2]]);
    t.finish_round();
    assert_eq!((t.last().loser, t.game.stock()), (C, 6));
    // R4 (B starts; B, C, A): C General 3, A lowest → C hands his only Deckel to A.
    t.push(&[[6, 5, 3], [3, 3, 3], [5, 3, 2]]);
    t.finish_round();
    assert_eq!((t.last().loser, t.game.stock()), (B, 0));
    assert_eq!(t.game.all_holdings(), &[6, 6, 1]);
    assert!(t.last().out.is_empty(), "everybody holds Deckel");
    // R5 (A starts; only A and B).
    t.push(&[[6, 5, 3], [5, 3, 2]]);
    t.finish_round();
    let s = t.last();
    assert_eq!((s.winner, s.loser, s.penalty, s.moved), (C, A, 3, 1));
    assert_eq!(s.source, Source::Winner);
    assert_eq!(s.out, vec![C]);
    assert_eq!(t.game.all_holdings(), &[7, 6, 0]);
    t
}

#[test]
fn r_score_4_a_player_without_deckel_is_out_once_the_stock_is_empty() {
    let mut t = c_out(standard());
    assert!(t.game.is_out(C));
    assert!(!t.game.is_active(C));
    assert_eq!(
        t.turn_order(),
        vec![A, B],
        "the half is played out by the players holding Deckel"
    );
    t.refuse(C, Action::Look, ActionError::NotInRound);
    t.refuse(C, Action::ThrowIn, ActionError::ThrowInNotAllowed);
    let view = t.game.view_for(Viewer::Public);
    assert_eq!(view.players[C.index()].status, PlayerStatus::Out);
    assert!(view.players[C.index()].cup.is_none());
    t.act(A, Action::Stand);
    assert_eq!(t.last().throws.len(), 2);
}

#[test]
fn r_score_4_nobody_is_out_while_the_stock_holds_deckel() {
    let mut t = Table::new(standard(), 3, A, &[[6, 5, 3], [6, 4, 2], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!(t.game.holdings(A), 0);
    assert!(t.game.is_active(A) && t.game.is_active(B));
    assert!(t.last().out.is_empty());
    assert_eq!(t.game.round().cups.len(), 3);
}

#[test]
fn r_score_5_an_out_player_throws_in_and_is_back_when_he_receives_deckel() {
    let mut t = c_out(preset("muensterland"));
    t.refuse(A, Action::ThrowIn, ActionError::NotOut);
    let events = t.act(C, Action::ThrowIn);
    assert!(events.contains(&Event::ThrowInRegistered { seat: C }));
    assert!(
        t.game.round().cup(C).is_none(),
        "he plays from the next dealt round"
    );
    assert!(t.game.throw_ins().contains(&C));
    t.refuse(C, Action::ThrowIn, ActionError::AlreadyThrowingIn);
    // Round 5 (A 6,5,3, B 5,3,2): B takes one Deckel from A.
    // Round 6 (B starts; B, C thrown in, A): C is lowest and receives one of B's Deckel.
    t.push(&[[6, 5, 3], [5, 3, 2], [6, 4, 2]]);
    t.finish_round();
    assert_eq!(t.last().number, 5);
    assert_eq!(t.last().throws.len(), 2);
    assert_eq!(t.turn_order(), vec![B, C, A]);
    assert!(t.cup(C).thrown_in);
    assert!(t.game.throw_ins().is_empty());
    t.finish_round();
    let s = t.last().clone();
    assert_eq!(
        (s.winner, s.loser, s.moved, s.source),
        (B, C, 1, Source::Winner)
    );
    assert_eq!(revealed(&s, C).deckel, 1);
    assert!(s.out.is_empty());
    assert!(t.game.is_active(C), "back in");
    let cup = t.game.round().cup(C).expect("C plays the next round");
    assert!(!cup.thrown_in, "as a regular player now");
    assert_eq!(t.game.round().starter, C);
}

#[test]
fn r_score_5_a_thrown_in_player_without_deckel_stays_out() {
    let mut t = c_out(preset("muensterland"));
    t.act(C, Action::ThrowIn);
    // Round 6 (B starts; B, C, A): A wins, B loses; C receives nothing.
    t.push(&[[5, 3, 2], [6, 4, 2], [6, 5, 3]]);
    t.finish_round();
    t.finish_round();
    let s = t.last().clone();
    assert_eq!((s.winner, s.loser), (A, B));
    assert_eq!(revealed(&s, C).deckel, 0);
    assert_eq!(s.out, vec![C]);
    assert!(t.game.is_out(C));
    assert!(t.game.round().cup(C).is_none(), "out again");
    // He may throw in once more.
    t.act(C, Action::ThrowIn);
}

#[test]
fn r_score_6_the_deckel_always_add_up_and_a_half_ends_exactly_at_n() {
    for (p, name) in PRESET_NAMES.iter().enumerate() {
        for seed in 0..12u64 {
            let players = 2 + (seed as usize % 4);
            let rules = preset(name);
            let n = rules.deckel;
            let mut rng = seeded(seed * 31 + p as u64);
            let (mut game, _) = Game::start(rules, &names(players), &mut rng).expect("starts");
            let mut actions = 0;
            while let Some(seat) = game.current() {
                let action = ai::choose(&game, seat).expect("the computer always has a move");
                let events = game.apply(seat, &action, &mut rng).expect("legal move");
                assert_eq!(total_deckel(&game), u32::from(n), "{name} seed {seed}");
                for s in scored(&events) {
                    let held: u32 = s.throws.iter().map(|r| u32::from(r.deckel)).sum();
                    assert_eq!(
                        held + u32::from(s.stock),
                        u32::from(n),
                        "{name} seed {seed}"
                    );
                    let full: Vec<Seat> = s
                        .throws
                        .iter()
                        .filter(|r| r.deckel == n)
                        .map(|r| r.seat)
                        .collect();
                    match s.half_lost_by {
                        Some(seat) => assert_eq!(full, vec![seat]),
                        None => assert!(full.is_empty()),
                    }
                }
                if !game.is_over() {
                    assert!(game.all_holdings().iter().all(|h| *h < n), "a part runs on");
                }
                actions += 1;
                assert!(actions < 100_000, "the game ends");
            }
            let result = game.result().expect("played to the end");
            assert!(result.loser.is_some());
        }
    }
}

// ----- Debts and titles ------------------------------------------------------------------------

fn debts_of(t: &Table) -> Vec<(Seat, DebtReason)> {
    t.game.debts().to_vec()
}

#[test]
fn r_debt_1_schock_aus_in_one_throw_buys_a_round() {
    let mut t = Table::new(
        preset("muensterland"),
        3,
        A,
        &[[6, 5, 3], [1, 1, 1], [5, 3, 2]],
    );
    let events = t.finish_round();
    assert!(events.contains(&Event::DebtOwed {
        seat: B,
        reason: DebtReason::SchockAusHand
    }));
    assert_eq!(debts_of(&t), vec![(B, DebtReason::SchockAusHand)]);
    assert_eq!(t.last().half_lost_by, Some(C), "and it still wins the half");
    // Without the switch: no debt.
    let mut t = Table::new(standard(), 3, A, &[[6, 5, 3], [1, 1, 1], [5, 3, 2]]);
    t.finish_round();
    assert!(debts_of(&t).is_empty());
}

#[test]
fn r_debt_1_a_built_schock_aus_buys_nothing() {
    let mut t = Table::new(preset("muensterland"), 2, A, &[[1, 1, 4], [5, 3, 2]]);
    t.act(A, Action::Keep { values: vec![1, 1] });
    t.push_dice(&[1]);
    t.act(A, Action::Throw);
    t.finish_round();
    assert_eq!(t.last().half_lost_by, Some(B));
    assert!(debts_of(&t).is_empty());
}

fn hille() -> RuleSet {
    with(standard(), &["hille=true"])
}

#[test]
fn r_debt_2_hille_221_from_the_hand_owes_a_round() {
    let mut t = Table::new(hille(), 3, A, &[[6, 5, 3], [2, 2, 1], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert_eq!(debts_of(&t), vec![(B, DebtReason::Hille)]);
    assert_eq!(t.last().loser, B, "it is still the lowest throw");
    let mut t = Table::new(standard(), 3, A, &[[6, 5, 3], [2, 2, 1], [5, 3, 2]]);
    t.act(A, Action::Stand);
    assert!(debts_of(&t).is_empty(), "hille is off by default");
}

#[test]
fn r_debt_2_built_221_owes_nothing() {
    let mut t = Table::new(hille(), 2, A, &[[2, 3, 5], [2, 2, 5]]);
    t.push(&[[6, 5, 3]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Keep { values: vec![2, 2] });
    t.push_dice(&[1]);
    t.act(B, Action::Throw);
    assert_eq!(t.game.rounds_played(), 1);
    assert_eq!(revealed(t.last(), B).eval.dice, [2, 2, 1]);
    assert!(debts_of(&t).is_empty());
}

#[test]
fn r_debt_2_the_starters_open_221_counts_even_when_thrown_over() {
    let mut t = Table::new(hille(), 2, A, &[[2, 2, 1], [5, 3, 2]]);
    t.act(A, Action::Look);
    t.push(&[[6, 5, 3]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    assert_eq!(debts_of(&t), vec![(A, DebtReason::Hille)]);
}

#[test]
fn r_debt_2_the_starters_221_is_seen_when_he_throws_without_looking_first() {
    // Throwing implies looking: the first throw became public (and so did the Hille).
    let mut t = Table::new(hille(), 2, A, &[[2, 2, 1], [5, 3, 2]]);
    t.push(&[[6, 5, 3]]);
    let events = t.act(A, Action::Throw);
    assert!(events.contains(&Event::Opened {
        seat: A,
        dice: [2, 2, 1]
    }));
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    assert_eq!(debts_of(&t), vec![(A, DebtReason::Hille)]);
}

#[test]
fn r_debt_2_the_starters_open_221_counts_when_he_sets_dice_aside_and_throws_over() {
    let mut t = Table::new(hille(), 2, A, &[[2, 2, 1], [5, 3, 2]]);
    t.act(A, Action::Look);
    t.act(A, Action::Keep { values: vec![2] });
    t.push_dice(&[6, 6]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Stand);
    assert_eq!(debts_of(&t), vec![(A, DebtReason::Hille)]);
}

#[test]
fn r_debt_2_an_open_221_kept_as_the_final_throw_counts_once() {
    let mut t = Table::new(hille(), 2, A, &[[2, 2, 1], [5, 3, 2]]);
    t.act(A, Action::Look);
    t.act(A, Action::Stand);
    assert_eq!(debts_of(&t), vec![(A, DebtReason::Hille)]);
}

#[test]
fn r_debt_2_an_open_221_set_aside_and_kept_counts_once() {
    let mut t = Table::new(hille(), 2, A, &[[2, 2, 1], [5, 3, 2]]);
    t.act(A, Action::Look);
    t.act(A, Action::Keep { values: vec![2, 2] });
    t.act(A, Action::Stand);
    assert_eq!(t.game.rounds_played(), 1);
    assert!(!revealed(t.last(), A).eval.hand);
    assert_eq!(debts_of(&t), vec![(A, DebtReason::Hille)]);
}

#[test]
fn r_debt_2_a_hidden_221_thrown_over_is_not_seen() {
    let mut t = Table::new(hille(), 2, A, &[[2, 3, 5], [2, 2, 1]]);
    t.push(&[[6, 5, 3]]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.act(B, Action::Look);
    t.push(&[[6, 4, 3]]);
    t.act(B, Action::Throw);
    assert_eq!(t.game.rounds_played(), 1);
    assert!(debts_of(&t).is_empty());
}

#[test]
fn r_title_1_a_starter_who_stops_after_one_throw_made_a_pisswurf() {
    let mut t = Table::new(preset("moin-moin"), 2, A, &[[6, 5, 5], [5, 3, 2]]);
    let events = t.act(A, Action::Stand);
    assert!(events.contains(&Event::TitleAwarded {
        seat: A,
        title: Title::Pisswurf
    }));
    // Not after two throws, not for other players, not without the switch.
    let mut t = Table::new(preset("moin-moin"), 2, A, &[[2, 3, 5], [5, 3, 2]]);
    t.push(&[[6, 5, 5]]);
    let mut events = t.act(A, Action::Throw);
    events.extend(t.act(A, Action::Stand));
    events.extend(t.finish_round());
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::TitleAwarded { .. }))
    );
    let mut t = Table::new(standard(), 2, A, &[[6, 5, 5], [5, 3, 2]]);
    let events = t.act(A, Action::Stand);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::TitleAwarded { .. }))
    );
}

#[test]
fn r_title_1_the_pisswurf_does_not_change_the_score() {
    let deal = [[6, 5, 5], [5, 3, 2], [4, 4, 4]];
    let mut with_title = Table::new(with(standard(), &["pisswurf=true"]), 3, A, &deal);
    let mut without = Table::new(standard(), 3, A, &deal);
    with_title.act(A, Action::Stand);
    without.act(A, Action::Stand);
    assert_eq!(with_title.last(), without.last());
    assert_eq!(with_title.game.all_holdings(), without.game.all_holdings());
    assert_eq!(without.last().loser, B);
}

// ----- Illegal actions and leaving ---------------------------------------------------------------

#[test]
fn illegal_actions_name_the_reason_and_change_nothing() {
    let mut t = Table::new(standard(), 3, A, &[[6, 6, 3], [5, 3, 2], [6, 4, 2]]);
    t.refuse(Seat(7), Action::Look, ActionError::UnknownPlayer);
    t.refuse(B, Action::Throw, ActionError::NotYourTurn { current: A });
    t.refuse(
        C,
        Action::Keep { values: vec![6] },
        ActionError::NotYourTurn { current: A },
    );
    t.refuse(
        A,
        Action::Announce {
            extras: ExtraSet::EMPTY,
        },
        ActionError::NotAnnouncing,
    );
    t.refuse(A, Action::Blind, ActionError::BlindNotAllowed);
    t.refuse(A, Action::ThrowIn, ActionError::ThrowInNotAllowed);
    t.act(A, Action::Flip);
    t.refuse(A, Action::Stand, ActionError::MustThrowAfterFlip);
    t.push_dice(&[5, 5]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand);
    t.refuse(A, Action::Stand, ActionError::AlreadyFinished);
    t.refuse(A, Action::Timeout, ActionError::AlreadyFinished);
    // Looking is always allowed and changes nothing for anybody else.
    t.act(C, Action::Look);
    assert_eq!(t.game.current(), Some(B));
    t.game
        .remove_player(C, Departure::Left, &mut t.dice)
        .expect("C leaves");
    t.refuse(C, Action::Look, ActionError::PlayerLeft);
    let before = t.game.clone();
    assert_eq!(
        t.game.remove_player(C, Departure::Left, &mut t.dice),
        Err(ActionError::PlayerLeft)
    );
    assert_eq!(
        t.game.remove_player(Seat(9), Departure::Left, &mut t.dice),
        Err(ActionError::UnknownPlayer)
    );
    assert!(t.game == before);
    t.game.abandon().expect("abandon");
    let before = t.game.clone();
    assert_eq!(
        t.game.remove_player(A, Departure::Left, &mut t.dice),
        Err(ActionError::GameOver)
    );
    assert_eq!(t.game.abandon(), Err(ActionError::GameOver));
    assert!(t.game == before);
    t.refuse(B, Action::Stand, ActionError::GameOver);
}

#[test]
fn a_timeout_stands_for_the_current_player() {
    let mut t = Table::new(standard(), 2, A, &[[2, 3, 5], [6, 5, 3]]);
    t.push(&[[4, 4, 1]]);
    t.act(A, Action::Throw);
    let events = t.act(A, Action::Timeout);
    assert!(events.contains(&Event::TimedOut { seat: A }));
    assert_eq!(t.game.round().limit, Some(2));
}

#[test]
fn leaving_returns_the_deckel_to_the_stock() {
    let mut t = Table::new(standard(), 3, A, &[[5, 3, 2], [1, 1, 6], [6, 5, 3]]);
    t.act(A, Action::Stand);
    assert_eq!((t.game.holdings(A), t.game.stock()), (6, 7));
    let events = t
        .game
        .remove_player(A, Departure::Left, &mut t.dice)
        .expect("leaves");
    assert!(events.contains(&Event::PlayerLeft {
        seat: A,
        returned: 6
    }));
    assert_eq!((t.game.holdings(A), t.game.stock()), (0, 13));
    assert!(!t.game.is_over());
    assert!(t.game.debts().is_empty(), "quitter_pays is off");
    // A was this round's starter and had not finished: the round is dealt anew, B starts.
    assert_eq!(t.game.round().starter, B);
    assert!(t.game.round().cup(A).is_none());
    assert_eq!(
        t.game.view_for(Viewer::Public).players[0].status,
        PlayerStatus::Left
    );
}

#[test]
fn leaving_below_two_players_abandons_the_game_and_quitter_pays() {
    let mut t = Table::new(
        with(standard(), &["quitter_pays=true"]),
        2,
        A,
        &[[5, 3, 2], [6, 5, 3]],
    );
    let events = t
        .game
        .remove_player(B, Departure::Left, &mut t.dice)
        .expect("leaves");
    assert!(events.contains(&Event::DebtOwed {
        seat: B,
        reason: DebtReason::Quit
    }));
    let result = t.game.result().expect("abandoned");
    assert_eq!(result.loser, None);
    assert!(result.abandoned);
    assert_eq!(result.debts, vec![(B, DebtReason::Quit)]);
}

#[test]
fn a_kicked_player_owes_no_quitter_round() {
    // House rule quitter_pays: only who leaves of his own accord owes the round.
    let mut t = Table::new(
        with(standard(), &["quitter_pays=true"]),
        3,
        A,
        &[[5, 3, 2], [6, 5, 3], [4, 4, 2]],
    );
    let events = t
        .game
        .remove_player(C, Departure::Kicked, &mut t.dice)
        .expect("kicked");
    assert!(
        !events.iter().any(|e| matches!(e, Event::DebtOwed { .. })),
        "{events:?}"
    );
    assert!(t.game.debts().is_empty());
}

#[test]
fn leaving_the_final_abandons_it_and_a_gone_half_one_loser_loses_nothing() {
    // Half 1: A loses. Half 2: B loses → final A vs B. A finalist leaves: abandoned.
    let mut t = Table::new(standard(), 3, A, &[[5, 3, 2], [1, 1, 1], [6, 5, 3]]);
    t.push(&[[6, 5, 3], [5, 3, 2], [1, 1, 1]]);
    t.act(A, Action::Stand);
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Final);
    t.game
        .remove_player(A, Departure::Left, &mut t.dice)
        .expect("leaves");
    let result = t.game.result().expect("over");
    assert!(result.abandoned);
    assert_eq!(result.loser, None);

    // Half 1: A loses, then leaves during half 2: the half-2 loser loses the game directly.
    let mut t = Table::new(standard(), 3, A, &[[5, 3, 2], [1, 1, 1], [6, 5, 3]]);
    t.push(&[[6, 5, 3], [5, 3, 2], [1, 1, 1]]);
    t.act(A, Action::Stand);
    assert_eq!(t.game.part(), Part::Half2);
    t.push(&[[5, 3, 2], [1, 1, 1]]); // redealt: B starts, B and C
    t.game
        .remove_player(A, Departure::Left, &mut t.dice)
        .expect("leaves");
    assert!(!t.game.is_over());
    t.act(B, Action::Stand);
    let result = t.game.result().expect("over");
    assert_eq!(result.loser, Some(B));
    assert!(!result.blattschuss && !result.abandoned);
    assert_eq!(t.game.finalists(), None);
}
