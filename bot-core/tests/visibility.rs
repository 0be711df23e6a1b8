//! R-RND-4 as data: what `Viewer::Public` and every `Viewer::Player` can and cannot see at
//! each step of a round, and that `Event::visible_to` hides other players' dice.

mod common;

use bot_core::engine::{
    Action, ActionError, ActionKind, DieView, Event, Game, RuleSet, Seat, ThrowClass, Viewer, ai,
    seeded,
};
use common::{A, B, C, Table, preset};

const VIEWERS: [Viewer; 4] = [
    Viewer::Public,
    Viewer::Player(A),
    Viewer::Player(B),
    Viewer::Player(C),
];

/// The views this file looks at, on top of the shared harness.
impl Table {
    fn standard3() -> Table {
        Table::new(
            RuleSet::standard(),
            3,
            A,
            &[[2, 3, 5], [6, 4, 1], [5, 5, 2]],
        )
    }

    /// The dice of `seat` as `viewer` sees them.
    fn dice(&self, viewer: Viewer, seat: Seat) -> [DieView; 3] {
        self.cup_view(viewer, seat).dice
    }
}

const COVERED: [DieView; 3] = [DieView::Covered; 3];

fn own(d: [u8; 3]) -> [DieView; 3] {
    d.map(DieView::Own)
}

fn open(d: [u8; 3]) -> [DieView; 3] {
    d.map(DieView::Open)
}

/// Whether `event` shows dice of `seat` that lie under a cup.
fn shows_hidden_dice_of(event: &Event, seat: Seat) -> bool {
    match event {
        Event::Dealt { seat: s, .. } => *s == seat,
        Event::Thrown {
            seat: s,
            open: false,
            ..
        } => *s == seat,
        _ => false,
    }
}

#[test]
fn after_the_deal_every_cup_is_covered_even_for_its_owner() {
    let t = Table::standard3();
    for viewer in VIEWERS {
        for seat in [A, B, C] {
            let cup = t.cup_view(viewer, seat);
            assert_eq!(cup.dice, COVERED, "{viewer:?} on {seat}");
            assert_eq!(cup.evaluation, None);
            assert!(!cup.looked);
        }
    }
}

#[test]
fn a_player_sees_his_own_dice_once_he_looked_and_nobody_else_does() {
    let mut t = Table::standard3();
    let events = t.act(B, Action::Look); // looking is allowed out of turn
    assert_eq!(
        events,
        vec![Event::Looked { seat: B }],
        "looking shows nothing to others"
    );
    assert_eq!(t.dice(Viewer::Player(B), B), own([6, 4, 1]));
    let mine = t.cup_view(Viewer::Player(B), B);
    assert_eq!(
        mine.evaluation.map(|e| (e.class, e.number())),
        Some((ThrowClass::Hausnummer, 641))
    );
    for viewer in [Viewer::Public, Viewer::Player(A), Viewer::Player(C)] {
        let cup = t.cup_view(viewer, B);
        assert_eq!(cup.dice, COVERED, "{viewer:?}");
        assert_eq!(cup.evaluation, None, "{viewer:?} must not learn the class");
        assert!(cup.looked, "that he looked is public");
    }
}

#[test]
fn the_starters_first_throw_is_public_once_he_looks() {
    let mut t = Table::standard3();
    let events = t.act(A, Action::Look);
    let opened = Event::Opened {
        seat: A,
        dice: [2, 3, 5],
    };
    assert!(events.contains(&opened));
    for viewer in VIEWERS {
        assert_eq!(t.dice(viewer, A), open([2, 3, 5]), "{viewer:?}");
        assert_eq!(opened.visible_to(viewer), Some(opened.clone()));
        assert!(t.cup_view(viewer, A).evaluation.is_some());
    }
    // The others' cups stay covered.
    assert_eq!(t.dice(Viewer::Public, B), COVERED);
    assert_eq!(t.dice(Viewer::Player(A), B), COVERED);
}

#[test]
fn throwing_implies_looking_keeping_or_turning_needs_a_look_first() {
    // Throw without looking first: throw 1 became public, throw 2 is open.
    let mut t = Table::standard3();
    t.push_dice(&[4, 4, 6]);
    let events = t.act(A, Action::Throw);
    let opened = events
        .iter()
        .position(|e| {
            *e == Event::Opened {
                seat: A,
                dice: [2, 3, 5],
            }
        })
        .expect("the first throw was shown");
    let thrown = events
        .iter()
        .position(|e| matches!(e, Event::Thrown { number: 2, .. }))
        .expect("thrown");
    assert!(opened < thrown);
    // Keep and Flip without looking are refused: an answer about dice he has not seen
    // (no 5 in the cup, no two sixes) would let him peek and still go blind (R-RND-6).
    let mut t = Table::standard3();
    let before = t.game.clone();
    assert_eq!(
        t.game
            .apply(A, &Action::Keep { values: vec![5] }, &mut t.dice),
        Err(ActionError::LookFirst)
    );
    assert!(t.game == before);
    assert_eq!(t.dice(Viewer::Public, A), [DieView::Covered; 3]);
    let mut t = Table::new(RuleSet::standard(), 2, A, &[[6, 6, 3], [5, 3, 2]]);
    assert_eq!(
        t.game.apply(A, &Action::Flip, &mut t.dice),
        Err(ActionError::LookFirst)
    );
    // After looking both work, and the looked-at first throw is public.
    t.act(A, Action::Look);
    t.act(A, Action::Flip);
    assert_eq!(
        t.dice(Viewer::Public, A),
        [DieView::Aside(1), DieView::Open(6), DieView::Open(3)]
    );
}

#[test]
fn the_starters_second_throw_is_thrown_openly() {
    let mut t = Table::standard3();
    t.act(A, Action::Look);
    t.push_dice(&[4, 4, 6]);
    let events = t.act(A, Action::Throw);
    let thrown = Event::Thrown {
        seat: A,
        number: 2,
        dice: [4, 4, 6],
        open: true,
    };
    assert!(events.contains(&thrown));
    for viewer in VIEWERS {
        assert_eq!(
            thrown.visible_to(viewer),
            Some(thrown.clone()),
            "{viewer:?}"
        );
        assert_eq!(t.dice(viewer, A), open([4, 4, 6]));
    }
    // Standing on it leaves it open for the rest of the round.
    t.act(A, Action::Stand);
    assert!(t.cup_view(Viewer::Public, A).done);
    assert_eq!(t.dice(Viewer::Public, A), open([4, 4, 6]));
    assert_eq!(t.dice(Viewer::Player(C), A), open([4, 4, 6]));
}

#[test]
fn the_starters_third_throw_stays_under_the_cup_set_aside_dice_stay_public() {
    let mut t = Table::standard3();
    t.act(A, Action::Look);
    t.push_dice(&[6, 4, 4]);
    t.act(A, Action::Throw);
    t.act(A, Action::Keep { values: vec![6] });
    t.push_dice(&[5, 5]);
    let events = t.act(A, Action::Throw);
    let thrown = events
        .iter()
        .find(|e| matches!(e, Event::Thrown { number: 3, .. }))
        .expect("third throw")
        .clone();
    assert_eq!(
        thrown,
        Event::Thrown {
            seat: A,
            number: 3,
            dice: [6, 5, 5],
            open: false
        }
    );
    assert_eq!(thrown.visible_to(Viewer::Player(A)), Some(thrown.clone()));
    for viewer in [Viewer::Public, Viewer::Player(B), Viewer::Player(C)] {
        assert_eq!(
            thrown.visible_to(viewer),
            Some(Event::ThrownCovered { seat: A, number: 3 }),
            "{viewer:?}"
        );
        assert_eq!(
            t.dice(viewer, A),
            [DieView::Aside(6), DieView::Covered, DieView::Covered]
        );
        assert_eq!(t.cup_view(viewer, A).evaluation, None);
    }
    assert_eq!(
        t.dice(Viewer::Player(A), A),
        [DieView::Aside(6), DieView::Own(5), DieView::Own(5)]
    );
    assert_eq!(
        t.cup_view(Viewer::Player(A), A).throws,
        3,
        "the count is public"
    );
    assert_eq!(t.cup_view(Viewer::Public, A).throws, 3);
}

#[test]
fn other_players_throws_stay_hidden_their_set_aside_dice_do_not() {
    let mut t = Table::standard3();
    t.push_dice(&[6, 5, 3]);
    t.act(A, Action::Throw);
    t.act(A, Action::Stand); // limit 2
    let kept = t.act(B, Action::Keep { values: vec![1] });
    let kept_event = Event::Kept {
        seat: B,
        values: vec![1],
    };
    assert!(kept.contains(&kept_event));
    for viewer in VIEWERS {
        assert_eq!(kept_event.visible_to(viewer), Some(kept_event.clone()));
    }
    assert!(
        !kept.iter().any(|e| matches!(e, Event::Opened { .. })),
        "B is not the starter"
    );
    for viewer in [Viewer::Public, Viewer::Player(A), Viewer::Player(C)] {
        assert_eq!(
            t.dice(viewer, B),
            [DieView::Covered, DieView::Covered, DieView::Aside(1)],
            "{viewer:?}"
        );
    }
    assert_eq!(
        t.dice(Viewer::Player(B), B),
        [DieView::Own(6), DieView::Own(4), DieView::Aside(1)]
    );
    t.push_dice(&[2, 2]);
    let events = t.act(B, Action::Throw);
    let thrown = Event::Thrown {
        seat: B,
        number: 2,
        dice: [2, 2, 1],
        open: false,
    };
    assert!(events.contains(&thrown));
    assert_eq!(thrown.visible_to(Viewer::Player(B)), Some(thrown.clone()));
    for viewer in [Viewer::Public, Viewer::Player(A), Viewer::Player(C)] {
        assert_eq!(
            thrown.visible_to(viewer),
            Some(Event::ThrownCovered { seat: B, number: 2 })
        );
        assert_eq!(
            t.dice(viewer, B),
            [DieView::Covered, DieView::Covered, DieView::Aside(1)]
        );
    }
}

#[test]
fn dealt_throws_are_private() {
    let t = Table::standard3();
    let dealt: Vec<&Event> = t
        .start_events
        .iter()
        .filter(|e| matches!(e, Event::Dealt { .. }))
        .collect();
    assert_eq!(dealt.len(), 3);
    for event in dealt {
        let Event::Dealt { seat, .. } = event else {
            unreachable!()
        };
        assert_eq!(event.visible_to(Viewer::Public), None);
        for other in [A, B, C].into_iter().filter(|s| s != seat) {
            assert_eq!(event.visible_to(Viewer::Player(other)), None);
        }
        // Not even to its owner: he sees his first throw by looking (the view), so an
        // adapter forwarding events cannot spoil a blind throw.
        assert_eq!(event.visible_to(Viewer::Player(*seat)), None);
    }
    // The roll-off is public.
    let rolloff = t
        .start_events
        .iter()
        .find(|e| matches!(e, Event::RollOff { .. }))
        .expect("roll-off");
    assert_eq!(rolloff.visible_to(Viewer::Public), Some(rolloff.clone()));
}

#[test]
fn a_blind_throw_stays_covered_until_the_reveal() {
    let rules = RuleSet::standard()
        .with_assignments(&["blind=true"])
        .expect("override");
    let mut t = Table::new(rules, 3, A, &[[4, 4, 4], [5, 3, 2], [6, 5, 3]]);
    let events = t.act(A, Action::Blind);
    assert!(!events.iter().any(|e| matches!(e, Event::Opened { .. })));
    for viewer in VIEWERS {
        let cup = t.cup_view(viewer, A);
        assert!(cup.blind, "that he went blind is public");
        assert_eq!(cup.dice, COVERED, "{viewer:?}: not even the owner looked");
    }
    // Lifting the cup after the turn does not make a blind starter's throw public.
    let events = t.act(A, Action::Look);
    assert!(!events.iter().any(|e| matches!(e, Event::Opened { .. })));
    assert_eq!(t.dice(Viewer::Public, A), COVERED);
    assert_eq!(t.dice(Viewer::Player(B), A), COVERED);
    assert_eq!(t.dice(Viewer::Player(A), A), own([4, 4, 4]));
    t.act(B, Action::Stand);
    t.act(C, Action::Stand);
    let summary = t
        .game
        .view_for(Viewer::Public)
        .last_round
        .expect("revealed");
    let a = summary.throws.iter().find(|r| r.seat == A).expect("A");
    assert!(a.blind);
    assert_eq!(a.eval.dice, [4, 4, 4]);
}

#[test]
fn after_the_reveal_every_final_throw_is_public_and_the_new_round_is_covered() {
    let mut t = Table::standard3();
    t.act(A, Action::Look);
    t.push_dice(&[6, 4, 4]);
    t.act(A, Action::Throw);
    t.push_dice(&[3, 3, 1]);
    t.act(A, Action::Throw); // third throw, under the cup
    t.act(B, Action::Stand); // B never showed anything
    t.push_dice(&[5, 5, 5]);
    t.act(C, Action::Throw);
    let events = t.act(C, Action::Stand);
    let scored = events
        .iter()
        .find(|e| matches!(e, Event::RoundScored(_)))
        .expect("scored");
    for viewer in VIEWERS {
        assert_eq!(
            scored.visible_to(viewer),
            Some(scored.clone()),
            "the reveal is public"
        );
        let view = t.game.view_for(viewer);
        let last = view.last_round.expect("the reveal");
        let shown: Vec<(Seat, [u8; 3], u8)> = last
            .throws
            .iter()
            .map(|r| (r.seat, r.eval.dice, r.throws))
            .collect();
        assert_eq!(
            shown,
            vec![(A, [3, 3, 1], 3), (B, [6, 4, 1], 1), (C, [5, 5, 5], 2)]
        );
        // The next round is dealt and covered for everybody.
        assert_eq!(view.round, 2);
        for p in &view.players {
            assert_eq!(p.cup.as_ref().expect("dealt").dice, COVERED);
        }
    }
}

#[test]
fn waiting_for_a_player_reveals_nothing_about_his_dice() {
    // Moin-moin, limit 1: turning sixes is still possible for everybody, so the engine waits
    // for B (who has two sixes) and for C (who has none) alike.
    let moin = preset("moin-moin");
    let mut t = Table::new(moin, 3, A, &[[5, 3, 2], [6, 6, 3], [5, 4, 2]]);
    let events = t.act(A, Action::Stand);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Stood { seat, .. } if *seat != A))
    );
    assert_eq!(t.game.current(), Some(B));
    let events = t.act(B, Action::Stand);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Stood { seat, .. } if *seat == C))
    );
    assert_eq!(t.game.current(), Some(C));
    // Standard, limit 1: nobody has a decision left, whatever the dice.
    let mut t = Table::new(
        RuleSet::standard(),
        3,
        A,
        &[[5, 3, 2], [6, 6, 3], [5, 4, 2]],
    );
    let events = t.act(A, Action::Stand);
    let automatic: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::Stood {
                seat,
                automatic: true,
                ..
            } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(automatic, vec![B, C]);
}

#[test]
fn before_looking_the_owners_menu_does_not_depend_on_his_dice() {
    let menu = |deal: [u8; 3]| {
        let t = Table::new(RuleSet::standard(), 2, A, &[deal, [5, 3, 2]]);
        let view = t.game.view_for(Viewer::Player(A));
        (view.actions, view.keepable)
    };
    let (with_sixes, keep1) = menu([6, 6, 3]);
    let (without, keep2) = menu([5, 4, 2]);
    assert_eq!(
        with_sixes, without,
        "the menu must not tell whether he has two sixes"
    );
    assert!(keep1.is_empty() && keep2.is_empty());
    assert!(without.contains(&ActionKind::Look));
    // After looking the menu follows his dice.
    let mut t = Table::new(RuleSet::standard(), 2, A, &[[6, 6, 3], [5, 3, 2]]);
    t.act(A, Action::Look);
    let view = t.game.view_for(Viewer::Player(A));
    assert!(view.actions.contains(&ActionKind::Flip));
    assert_eq!(view.keepable, vec![6, 6, 3]);
    // The public has no menu.
    let public = t.game.view_for(Viewer::Public);
    assert!(public.actions.is_empty() && public.keepable.is_empty());
    // Another player's menu never offers keeping (it is not his turn).
    let b = t.game.view_for(Viewer::Player(B));
    assert!(b.keepable.is_empty());
}

#[test]
fn covered_dice_carry_no_value_in_the_serialized_view() {
    let mut t = Table::standard3();
    t.act(B, Action::Look);
    let json = serde_json::to_value(t.game.view_for(Viewer::Player(C))).expect("serializes");
    let b_dice = &json["players"][1]["cup"]["dice"];
    for die in b_dice.as_array().expect("dice") {
        assert_eq!(die, &serde_json::json!({"die": "covered"}));
    }
    assert!(json["players"][1]["cup"]["evaluation"].is_null());
}

#[test]
fn no_event_ever_shows_a_viewer_dice_under_someone_elses_cup() {
    for seed in 0..20u64 {
        let players = 2 + (seed as usize % 3);
        let preset = ["standard", "moin-moin", "muensterland", "dortmund"][seed as usize % 4];
        let rules = RuleSet::preset(preset).expect("preset");
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut rng = seeded(seed);
        let (mut game, mut events) = Game::start(rules, &names, &mut rng).expect("starts");
        let mut steps = 0;
        while let Some(seat) = game.current() {
            let action = ai::choose(&game, seat).expect("a move");
            events.extend(game.apply(seat, &action, &mut rng).expect("legal"));
            steps += 1;
            if steps > 400 {
                break;
            }
        }
        let viewers: Vec<Viewer> = std::iter::once(Viewer::Public)
            .chain((0..players).map(|i| Viewer::Player(Seat(i as u8))))
            .collect();
        for event in &events {
            for viewer in &viewers {
                let Some(seen) = event.visible_to(*viewer) else {
                    continue;
                };
                for i in 0..players {
                    let seat = Seat(i as u8);
                    if *viewer != Viewer::Player(seat) {
                        assert!(
                            !shows_hidden_dice_of(&seen, seat),
                            "{viewer:?} saw {seen:?}"
                        );
                    }
                }
            }
        }
    }
}
