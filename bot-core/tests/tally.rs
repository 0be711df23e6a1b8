//! Tally mode (issue 12): rounds of a real table entered whole. Every round a tally game
//! scores must come out as the referee (`judge`) scores it (R-RND-2, R-SCORE-1 … R-SCORE-6),
//! a refused entry changes nothing, and quick entries move the Deckel as a scored round would.

use bot_core::engine::judge::{JudgeInput, JudgeRound, ThrowInput};
use bot_core::engine::rules::PRESETS;
use bot_core::engine::score::ThrowProblem;
use bot_core::engine::{
    Action, ActionError, DebtReason, EnteredThrow, Event, ExtraSet, FinalThrow, Game, Part,
    RoundEntry, RuleSet, Seat, Source, TallyError, seeded,
};
use proptest::prelude::*;
use rand::Rng;

fn names(n: usize) -> Vec<String> {
    ["Anna", "Ben", "Cem", "Dora", "Emil"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn throw(seat: u8, dice: [u8; 3], throws: u8, hand: bool) -> EnteredThrow {
    EnteredThrow {
        seat: Seat(seat),
        throw: FinalThrow {
            dice,
            throws,
            hand,
            blind: false,
        },
    }
}

/// Random final throws for the round's participants, within the starter's limit.
fn random_round(game: &Game, rng: &mut impl Rng) -> Vec<EnteredThrow> {
    let mut limit = 3;
    game.participants()
        .into_iter()
        .enumerate()
        .map(|(i, seat)| {
            let throws = rng.random_range(1..=limit);
            if i == 0 {
                limit = throws;
            }
            let dice = [0; 3].map(|_: u8| rng.random_range(1..=6));
            throw(seat.0, dice, throws, throws == 1 || rng.random_bool(0.5))
        })
        .collect()
}

/// What the referee says about the round the game is about to score.
fn judge(game: &Game, preset: &str, throws: &[EnteredThrow]) -> bot_core::engine::RoundOutcome {
    let name = |s: Seat| game.player_name(s).to_string();
    let input = JudgeInput {
        rules: Some(preset.to_string()),
        stock: Some(i64::from(game.stock())),
        holdings: Some(
            throws
                .iter()
                .map(|t| (name(t.seat), game.holdings(t.seat).into()))
                .collect(),
        ),
        announced: Some(game.round().extras.iter().map(|e| e.id().into()).collect()),
        in_final: game.part() == bot_core::engine::Part::Final,
        throws: throws
            .iter()
            .map(|t| ThrowInput {
                player: name(t.seat),
                dice: t.throw.dice.iter().map(|d| i64::from(*d)).collect(),
                throws: i64::from(t.throw.throws),
                hand: t.throw.hand,
                blind: false,
            })
            .collect(),
    };
    JudgeRound::from_input(&input, None)
        .expect("the referee takes the round")
        .score()
}

/// Plays a whole tally game with random throws; checks every round against the referee.
fn play_against_judge(preset: &str, players: usize, seed: u64) {
    let rules = RuleSet::preset(preset).expect("preset");
    let mut rng = seeded(seed);
    let (mut game, _) = Game::start_tally(rules.clone(), &names(players), None).expect("start");
    for _ in 0..2000 {
        if game.is_over() {
            break;
        }
        if game.round().announcing {
            // R-RANK-6: the starter names the extras (all of them, or none).
            let extras = if rng.random_bool(0.5) {
                rules.extras
            } else {
                ExtraSet::EMPTY
            };
            let starter = game.round().starter;
            game.apply(starter, &Action::Announce { extras }, &mut rng)
                .expect("announce");
        }
        let throws = random_round(&game, &mut rng);
        let expected = judge(&game, preset, &throws);
        let events = game
            .enter_round(&RoundEntry::Throws {
                throws: throws.clone(),
            })
            .expect("a valid round");
        let Some(Event::RoundScored(summary)) =
            events.iter().find(|e| matches!(e, Event::RoundScored(_)))
        else {
            panic!("no round scored: {events:?}");
        };
        assert_eq!(summary.loser, throws[expected.loser].seat);
        assert_eq!(summary.moved, expected.moved);
        assert_eq!(summary.stock, expected.stock_after);
        let after: Vec<u8> = summary.throws.iter().map(|t| t.deckel).collect();
        assert_eq!(after, expected.holdings_after);
        // R-SCORE-6: the Deckel add up while a part runs.
        if !game.is_over() && !events.iter().any(|e| matches!(e, Event::PartLost { .. })) {
            let held: u32 = game.all_holdings().iter().map(|h| u32::from(*h)).sum();
            assert_eq!(held + u32::from(game.stock()), u32::from(rules.deckel));
        }
    }
    let result = game.result().expect("the game ends");
    // R-GAME-4: one Bierrunde per finished game.
    let lost = result
        .debts
        .iter()
        .filter(|(_, r)| *r == DebtReason::GameLost)
        .count();
    assert_eq!(lost, 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn r_score_every_tally_round_scores_as_the_referee_does(
        seed in any::<u64>(),
        players in 2usize..=5,
        preset in prop::sample::select(PRESETS.iter().map(|(name, _)| *name).collect::<Vec<_>>()),
    ) {
        play_against_judge(preset, players, seed);
    }
}

#[test]
fn r_game_5_the_named_starter_begins_and_no_die_is_thrown() {
    let (game, events) =
        Game::start_tally(RuleSet::standard(), &names(3), Some(Seat(1))).expect("start");
    assert_eq!(game.round().starter, Seat(1));
    assert_eq!(game.participants(), [Seat(1), Seat(2), Seat(0)]);
    assert!(game.round().cups.is_empty());
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RollOff { .. } | Event::Dealt { .. }))
    );
    assert!(Game::start_tally(RuleSet::standard(), &names(3), Some(Seat(3))).is_err());
    // Without a starter the seating order begins.
    let (game, _) = Game::start_tally(RuleSet::standard(), &names(2), None).expect("start");
    assert_eq!(game.round().starter, Seat(0));
}

#[test]
fn r_rnd_1_a_tally_game_takes_no_dice_actions() {
    let (mut game, _) = Game::start_tally(RuleSet::standard(), &names(2), None).expect("start");
    let before = game.clone();
    for action in [Action::Throw, Action::Look, Action::Stand, Action::Timeout] {
        assert_eq!(
            game.apply(Seat(0), &action, &mut seeded(1)),
            Err(ActionError::RealDice)
        );
    }
    assert_eq!(game, before);
    // A rolled game takes no entered round.
    let (mut rolled, _) =
        Game::start(RuleSet::standard(), &names(2), &mut seeded(1)).expect("start");
    let entry = RoundEntry::SchockAus { loser: Seat(0) };
    assert_eq!(rolled.enter_round(&entry), Err(TallyError::NotTally));
}

#[test]
fn r_rnd_2_wrong_lines_are_refused_and_change_nothing() {
    let (mut game, _) = Game::start_tally(RuleSet::standard(), &names(3), None).expect("start");
    let before = game.clone();
    let cases: Vec<(Vec<EnteredThrow>, TallyError)> = vec![
        (
            vec![throw(0, [6, 6, 5], 1, true), throw(1, [2, 2, 1], 1, true)],
            TallyError::Missing { seat: Seat(2) },
        ),
        (
            vec![
                throw(1, [6, 6, 5], 1, true),
                throw(0, [2, 2, 1], 1, true),
                throw(2, [3, 2, 1], 1, true),
            ],
            TallyError::Order {
                expected: vec![Seat(0), Seat(1), Seat(2)],
            },
        ),
        (
            vec![
                throw(0, [6, 6, 5], 1, true),
                throw(0, [2, 2, 1], 1, true),
                throw(2, [3, 2, 1], 1, true),
            ],
            TallyError::Twice { seat: Seat(0) },
        ),
        (
            vec![
                throw(0, [6, 6, 5], 2, false),
                throw(1, [2, 2, 1], 3, false),
                throw(2, [3, 2, 1], 1, true),
            ],
            TallyError::Throw {
                seat: Seat(1),
                problem: ThrowProblem::OverLimit {
                    throws: 3,
                    limit: 2,
                },
            },
        ),
        (
            vec![
                throw(0, [6, 6, 5], 1, true),
                throw(1, [2, 2, 1], 1, true),
                throw(2, [3, 2, 1], 1, true),
                throw(7, [3, 2, 1], 1, true),
            ],
            TallyError::NotInRound { seat: Seat(7) },
        ),
    ];
    for (throws, error) in cases {
        assert_eq!(game.enter_round(&RoundEntry::Throws { throws }), Err(error));
        assert_eq!(game, before);
    }
    let quick = [
        (
            RoundEntry::Penalty {
                loser: Seat(0),
                deckel: 0,
                from: None,
            },
            TallyError::PenaltyRange { max: 13 },
        ),
        (
            RoundEntry::Penalty {
                loser: Seat(0),
                deckel: 2,
                from: Some(Seat(1)),
            },
            TallyError::FromWhileStock,
        ),
    ];
    for (entry, error) in quick {
        assert_eq!(game.enter_round(&entry), Err(error));
        assert_eq!(game, before);
    }
}

#[test]
fn r_score_2_quick_entries_take_from_the_stock_then_from_the_winner() {
    let (mut game, _) = Game::start_tally(RuleSet::standard(), &names(2), None).expect("start");
    // Anna gets 10, then Ben 3: the stock (13) is empty.
    for (loser, deckel) in [(0, 10), (1, 3)] {
        let events = game
            .enter_round(&RoundEntry::Penalty {
                loser: Seat(loser),
                deckel,
                from: None,
            })
            .expect("entered");
        let Some(Event::PenaltyEntered(entered)) = events.first() else {
            panic!("{events:?}");
        };
        assert_eq!(entered.source, Source::Stock);
        assert_eq!(entered.moved, deckel);
    }
    assert_eq!((game.stock(), game.all_holdings()), (0, &[10, 3][..]));
    // The round's loser starts the next one (R-GAME-7): Ben.
    assert_eq!(game.round().starter, Seat(1));
    let needs_winner = RoundEntry::Penalty {
        loser: Seat(1),
        deckel: 2,
        from: None,
    };
    assert_eq!(
        game.enter_round(&needs_winner),
        Err(TallyError::FromMissing)
    );
    let from_self = RoundEntry::Penalty {
        loser: Seat(1),
        deckel: 2,
        from: Some(Seat(1)),
    };
    assert_eq!(game.enter_round(&from_self), Err(TallyError::FromLoser));
    game.enter_round(&RoundEntry::Penalty {
        loser: Seat(1),
        deckel: 2,
        from: Some(Seat(0)),
    })
    .expect("from the winner");
    assert_eq!(game.all_holdings(), [8, 5]);
}

/// Three players; Anna 12 and Cem 1 empty the stock: Ben is out, Cem starts.
fn ben_out(rules: RuleSet) -> Game {
    let (mut game, _) = Game::start_tally(rules, &names(3), None).expect("start");
    for (loser, deckel) in [(0, 12), (2, 1)] {
        game.enter_round(&RoundEntry::Penalty {
            loser: Seat(loser),
            deckel,
            from: None,
        })
        .expect("entered");
    }
    assert!(game.is_out(Seat(1)));
    assert_eq!(game.participants(), [Seat(2), Seat(0)]);
    game
}

#[test]
fn r_score_5_whoever_is_out_and_throws_along_throws_in() {
    let line = RoundEntry::Throws {
        throws: vec![
            throw(2, [6, 6, 5], 1, true),
            throw(0, [1, 1, 4], 1, true),
            throw(1, [2, 2, 1], 1, true),
        ],
    };
    // Without the switch an out player has no place in the line.
    let mut standard = ben_out(RuleSet::standard());
    let before = standard.clone();
    assert_eq!(
        standard.enter_round(&line),
        Err(TallyError::NotInRound { seat: Seat(1) })
    );
    assert_eq!(standard, before);
    // With it, Ben throws in: the lowest throw, 4 Deckel from the winner Anna, back in.
    let rules = RuleSet {
        einwuerfeln: true,
        ..RuleSet::standard()
    };
    let mut game = ben_out(rules.clone());
    let events = game.enter_round(&line).expect("entered");
    assert!(
        events.contains(&Event::ThrowInRegistered { seat: Seat(1) }),
        "{events:?}"
    );
    assert_eq!(game.all_holdings(), [8, 4, 1]);
    assert!(!game.is_out(Seat(1)));
    // The same by quick entry; in the line's turn order Ben comes last.
    let mut quick = ben_out(rules.clone());
    quick
        .enter_round(&RoundEntry::Penalty {
            loser: Seat(1),
            deckel: 4,
            from: Some(Seat(0)),
        })
        .expect("entered");
    assert_eq!(quick.all_holdings(), [8, 4, 1]);
    let mut misordered = ben_out(rules);
    let wrong = RoundEntry::Throws {
        throws: vec![
            throw(2, [6, 6, 5], 1, true),
            throw(1, [2, 2, 1], 1, true),
            throw(0, [1, 1, 4], 1, true),
        ],
    };
    assert_eq!(
        misordered.enter_round(&wrong),
        Err(TallyError::Order {
            expected: vec![Seat(2), Seat(0), Seat(1)]
        })
    );
}

#[test]
fn r_score_3_schock_aus_entered_loses_the_half() {
    let (mut game, _) = Game::start_tally(RuleSet::standard(), &names(3), None).expect("start");
    let events = game
        .enter_round(&RoundEntry::SchockAus { loser: Seat(2) })
        .expect("entered");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::PartLost {
            part: Part::Half1,
            seat: Seat(2)
        }
    )));
    assert_eq!(game.part(), Part::Half2);
    assert_eq!(game.round().starter, Seat(2));
    assert_eq!(game.stock(), 13);
}

#[test]
fn a_game_stored_before_tally_mode_is_a_rolled_game() {
    let (game, _) = Game::start(RuleSet::standard(), &names(2), &mut seeded(3)).expect("start");
    let mut json = serde_json::to_value(&game).expect("json");
    json.as_object_mut().expect("object").remove("mode");
    let old: Game = serde_json::from_value(json).expect("reads");
    assert!(!old.is_tally());
    assert_eq!(old, game);
}
