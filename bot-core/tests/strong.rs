//! The strong computer player (issue 13): it decides only from what its seat may see, and it
//! plays whole games under every preset.

use bot_core::engine::ai::{Strategy, StrongPlayer};
use bot_core::engine::rules::PRESETS;
use bot_core::engine::{Action, Game, RuleSet, Seat, seeded};
use proptest::prelude::*;

fn names(players: usize) -> Vec<String> {
    (0..players).map(|i| format!("P{i}")).collect()
}

/// The same game with other dice under every cup `seat` cannot see (covered throws of
/// players who are done, and cups not yet looked at), from `dice`.
fn with_other_covered_dice(game: &Game, seat: Seat, dice: &[u8]) -> Game {
    let mut json = serde_json::to_value(game).expect("a game serializes");
    let mut next = dice.iter().cycle();
    if let Some(cups) = json["round"]["cups"].as_array_mut() {
        for cup in cups {
            let own = cup["seat"] == serde_json::json!(seat.0);
            let open = cup["open"] == serde_json::json!(true);
            if own || open {
                continue;
            }
            for i in 0..3 {
                // Dice set aside lie open on the table.
                if cup["aside"][i] == serde_json::json!(true) {
                    continue;
                }
                cup["dice"][i] = serde_json::json!(*next.next().expect("cycled"));
            }
        }
    }
    serde_json::from_value(json).expect("a game deserializes")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// R-RND-4: what lies under another player's cup never changes the strong player's move.
    #[test]
    fn r_rnd_4_the_strong_player_never_sees_a_covered_die(
        seed in 0u64..10_000,
        preset in 0usize..PRESETS.len(),
        players in 2usize..6,
        dice in proptest::collection::vec(1u8..=6, 12),
    ) {
        let rules = RuleSet::preset(PRESETS[preset].0).expect("preset");
        let mut player = StrongPlayer::new(&rules);
        let mut rng = seeded(seed);
        let (mut game, _) = Game::start(rules, &names(players), &mut rng).expect("starts");
        let mut changed = 0;
        for _ in 0..300 {
            let Some(seat) = game.current() else { break };
            let action = player.choose(&game, seat).expect("a move");
            let other = with_other_covered_dice(&game, seat, &dice);
            changed += usize::from(other != game);
            prop_assert_eq!(player.choose(&other, seat), Some(action.clone()));
            game.apply(seat, &action, &mut rng).expect("the engine accepts the move");
        }
        prop_assert!(changed > 0, "other dice were put under the covered cups");
    }
}

#[test]
fn strong_players_finish_games_under_every_preset() {
    for (i, (preset, _)) in PRESETS.iter().enumerate() {
        let rules = RuleSet::preset(preset).expect("preset");
        let mut player = StrongPlayer::new(&rules);
        let mut rng = seeded(i as u64);
        let (mut game, _) = Game::start(rules, &names(3), &mut rng).expect("starts");
        let mut moves = 0;
        while let Some(seat) = game.current() {
            let action = player.choose(&game, seat).expect("a move");
            game.apply(seat, &action, &mut rng)
                .unwrap_or_else(|e| panic!("{preset}: {action:?} refused: {e:?}"));
            moves += 1;
            assert!(moves < 20_000, "{preset}: the game ends");
        }
        assert!(game.is_over(), "{preset}");
    }
}

#[test]
fn advice_lists_every_choice_best_first_and_only_for_the_player_to_act() {
    let rules = RuleSet::standard();
    let mut player = StrongPlayer::new(&rules);
    let mut rng = seeded(11);
    let (mut game, _) = Game::start(rules, &names(3), &mut rng).expect("starts");
    let seat = game.current().expect("the starter");
    // Before looking there is nothing to advise on (the dice are not seen yet).
    assert!(player.advice(&game, seat).is_none());
    game.apply(seat, &Action::Look, &mut rng).expect("look");
    let waiting = Seat((seat.0 + 1) % 3);
    assert!(player.advice(&game, waiting).is_none(), "not his turn");
    let odds = player
        .advice(&game, seat)
        .expect("advice for the player to act");
    assert!(odds.len() >= 2, "{odds:?}");
    assert!(odds.windows(2).all(|w| w[0].deckel <= w[1].deckel));
    let action = player.choose(&game, seat).expect("a move");
    let best = match &odds[0].choice {
        bot_core::engine::odds::Choice::Stand => Action::Stand,
        bot_core::engine::odds::Choice::Flip => Action::Flip,
        bot_core::engine::odds::Choice::Throw { keep } if keep.is_empty() => Action::Throw,
        bot_core::engine::odds::Choice::Throw { keep } => Action::Keep {
            values: keep.clone(),
        },
    };
    assert_eq!(
        action, best,
        "the hint's first choice is the strong player's move"
    );
}

#[test]
fn strategies_read_german_and_english() {
    assert_eq!(Strategy::parse("stark"), Some(Strategy::Strong));
    assert_eq!(Strategy::parse("Strong"), Some(Strategy::Strong));
    assert_eq!(Strategy::parse("einfach"), Some(Strategy::Simple));
    assert_eq!(Strategy::parse("simple"), Some(Strategy::Simple));
    assert_eq!(Strategy::parse("genial"), None);
}
