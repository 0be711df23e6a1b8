//! Property tests of the rules engine. Each test is named after the rule of RULES.md it
//! guards (R-…); the rest guard engine contracts (a refused action changes nothing, a seed
//! replays its game).
//!
//! Whole games are driven by [`play`]: a random mix of the computer player's moves, random
//! legal and illegal actions by random seats (seats that do not exist included) and, now and
//! then, a player who leaves. The dice come from a seed, the choices from a second seed, so
//! every failure names a reproducible game.

mod common;

use bot_core::engine::eval::{RankedThrow, compare_results};
use bot_core::engine::judge::{JudgeInput, JudgeRound};
use bot_core::engine::score::score_round;
use bot_core::engine::{
    Action, ActionError, Departure, Evaluation, Event, Extra, ExtraSet, FinalThrow, Game, Part,
    Penalty, RuleSet, Seat, Source, StraightOrder, ThrowClass, Viewer, ai, evaluate, seeded,
};
use common::{PRESET_NAMES, total_deckel};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;
use std::collections::VecDeque;

/// Steps (attempted actions, refused ones included) after which a game must be over.
const MAX_STEPS: usize = 20_000;
/// Rounds after which a half or the final must be over.
const MAX_ROUNDS_PER_PART: u32 = 300;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Failures print their seeds; no regression files are written next to the tests.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{i}")).collect()
}

// ----- the game driver -------------------------------------------------------------------

/// One random game: rules, table size, the dice seed, the seed of the choices, and the mix.
#[derive(Clone, Debug)]
struct Plan {
    preset: usize,
    players: usize,
    dice_seed: u64,
    choice_seed: u64,
    /// Percent of steps that are the computer player's move for the current seat.
    ai_percent: u32,
    /// Per mille of steps in which somebody (maybe nobody real) leaves the table.
    remove_per_mille: u32,
}

impl Plan {
    fn rules(&self) -> RuleSet {
        RuleSet::preset(PRESET_NAMES[self.preset]).expect("preset")
    }
}

fn plan() -> impl Strategy<Value = Plan> {
    (
        0..PRESET_NAMES.len(),
        2..=6usize,
        any::<u64>(),
        any::<u64>(),
        20..=95u32,
        prop_oneof![Just(0u32), Just(0), Just(1), Just(3)],
    )
        .prop_map(
            |(preset, players, dice_seed, choice_seed, ai_percent, remove_per_mille)| Plan {
                preset,
                players,
                dice_seed,
                choice_seed,
                ai_percent,
                remove_per_mille,
            },
        )
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Op {
    Act(Seat, Action),
    Remove(Seat),
}

type Outcome = Result<Vec<Event>, ActionError>;

/// One attempted step, as the checks see it.
struct Step<'a> {
    before: &'a Game,
    op: &'a Op,
    by_ai: bool,
    outcome: &'a Outcome,
    after: &'a Game,
    dice_before: &'a ChaCha8Rng,
    dice_after: &'a ChaCha8Rng,
}

struct Played {
    game: Game,
    start_events: Vec<Event>,
    /// Every step and its outcome (only when recording).
    log: Vec<(Op, Outcome)>,
    steps: usize,
}

fn random_extras(rng: &mut ChaCha8Rng) -> ExtraSet {
    Extra::ALL
        .into_iter()
        .filter(|_| rng.random_bool(0.5))
        .collect()
}

fn random_action(game: &Game, seat: Seat, rng: &mut ChaCha8Rng) -> Action {
    match rng.random_range(0..11) {
        0 => Action::Announce {
            extras: random_extras(rng),
        },
        1 => Action::Look,
        2 => Action::Throw,
        3 => {
            let len = rng.random_range(0..=4);
            Action::Keep {
                values: (0..len).map(|_| rng.random_range(0..=7)).collect(),
            }
        }
        4 => {
            // Values the seat's cup really shows (so that some keeps are legal).
            let dice = game.round().cup(seat).map(|c| c.dice).unwrap_or([1, 1, 1]);
            Action::Keep {
                values: dice.into_iter().filter(|_| rng.random_bool(0.5)).collect(),
            }
        }
        5 => Action::Flip,
        6 => Action::Stand,
        7 => Action::Blind,
        8 => Action::ThrowIn,
        9 => Action::Timeout,
        _ => Action::Throw,
    }
}

fn random_seat(game: &Game, rng: &mut ChaCha8Rng) -> Seat {
    let n = game.players().len() as u8;
    match rng.random_range(0..20) {
        0..10 => game.current().unwrap_or(Seat(0)),
        10..18 => Seat(rng.random_range(0..n)),
        18 => Seat(rng.random_range(n..n + 4)),
        _ => Seat(u8::MAX),
    }
}

/// The next step of a random game: the op, and whether the computer player chose it.
fn next_op(game: &Game, plan: &Plan, rng: &mut ChaCha8Rng) -> (Op, bool) {
    if rng.random_range(0..1000) < plan.remove_per_mille {
        let n = game.players().len() as u8;
        return (Op::Remove(Seat(rng.random_range(0..n + 1))), false);
    }
    if rng.random_range(0..100) < plan.ai_percent
        && let Some(seat) = game.current()
        && let Some(action) = ai::choose(game, seat)
    {
        return (Op::Act(seat, action), true);
    }
    let seat = random_seat(game, rng);
    (Op::Act(seat, random_action(game, seat, rng)), false)
}

fn apply_op(game: &mut Game, op: &Op, dice: &mut ChaCha8Rng) -> Outcome {
    match op {
        Op::Act(seat, action) => game.apply(*seat, action, dice),
        Op::Remove(seat) => game.remove_player(*seat, Departure::Left, dice),
    }
}

fn describe(plan: &Plan, recent: &VecDeque<(Op, Outcome)>, step: usize, message: &str) -> String {
    let mut s = format!("{message}\n  plan: {plan:?}\n  at step {step}; the last steps:\n");
    for (op, outcome) in recent {
        let outcome = match outcome {
            Ok(events) => format!("ok, {} events", events.len()),
            Err(e) => format!("refused: {e}"),
        };
        s.push_str(&format!("    {op:?} -> {outcome}\n"));
    }
    s
}

/// Plays a random game for at most `max_steps` steps, calling `check` after every step.
fn play(
    plan: &Plan,
    max_steps: usize,
    record: bool,
    mut check: impl FnMut(&Step) -> Result<(), String>,
) -> Result<Played, TestCaseError> {
    let mut dice = seeded(plan.dice_seed);
    let mut choices = seeded(plan.choice_seed);
    let (mut game, start_events) = Game::start(plan.rules(), &names(plan.players), &mut dice)
        .map_err(|e| TestCaseError::fail(format!("start failed: {e}")))?;
    let mut log = Vec::new();
    let mut recent: VecDeque<(Op, Outcome)> = VecDeque::new();
    let mut steps = 0;
    while !game.is_over() && steps < max_steps {
        let (op, by_ai) = next_op(&game, plan, &mut choices);
        let before = game.clone();
        let dice_before = dice.clone();
        let outcome = apply_op(&mut game, &op, &mut dice);
        steps += 1;
        let result = check(&Step {
            before: &before,
            op: &op,
            by_ai,
            outcome: &outcome,
            after: &game,
            dice_before: &dice_before,
            dice_after: &dice,
        });
        if recent.len() == 12 {
            recent.pop_front();
        }
        recent.push_back((op.clone(), outcome.clone()));
        if let Err(message) = result {
            return Err(TestCaseError::fail(describe(
                plan, &recent, steps, &message,
            )));
        }
        if record {
            log.push((op, outcome));
        }
    }
    Ok(Played {
        game,
        start_events,
        log,
        steps,
    })
}

fn check_deckel(game: &Game) -> Result<(), String> {
    let total = total_deckel(game);
    let n = u32::from(game.rules().deckel);
    if total != n {
        return Err(format!(
            "Deckel total {total} != {n}: stock {}, holdings {:?}",
            game.stock(),
            game.all_holdings()
        ));
    }
    Ok(())
}

// ----- R-SCORE-6: the Deckel total ---------------------------------------------------------

proptest! {
    #![proptest_config(config(30))]

    /// R-SCORE-6: stock + all holdings is N after the start and after every accepted action
    /// (every preset, 2 to 6 players: each case plays all 30 combinations); every scored
    /// round's reveal adds up to N too, and names the half's loser exactly when one player
    /// holds N.
    #[test]
    fn r_score_6_deckel_total_is_always_n(
        dice_seed in any::<u64>(),
        choice_seed in any::<u64>(),
        ai_percent in 40..=95u32,
        remove_per_mille in prop_oneof![Just(0u32), Just(2)],
    ) {
        for preset in 0..PRESET_NAMES.len() {
            for players in 2..=6 {
                let plan = Plan {
                    preset,
                    players,
                    dice_seed: dice_seed ^ (preset * 8 + players) as u64,
                    choice_seed,
                    ai_percent,
                    remove_per_mille,
                };
                let mut dice = seeded(plan.dice_seed);
                let (start, _) = Game::start(plan.rules(), &names(players), &mut dice)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
                check_deckel(&start).map_err(TestCaseError::fail)?;
                play(&plan, MAX_STEPS, false, |step| {
                    let Ok(events) = step.outcome else { return Ok(()) };
                    check_deckel(step.after)?;
                    let n = u32::from(step.after.rules().deckel);
                    for event in events {
                        if let Event::RoundScored(summary) = event {
                            let held: u32 =
                                summary.throws.iter().map(|t| u32::from(t.deckel)).sum();
                            if held + u32::from(summary.stock) != n {
                                return Err(format!(
                                    "round reveal adds up to {}, not {n}: {summary:?}",
                                    held + u32::from(summary.stock)
                                ));
                            }
                            let full = summary
                                .throws
                                .iter()
                                .find(|t| u32::from(t.deckel) == n)
                                .map(|t| t.seat);
                            if full != summary.half_lost_by {
                                return Err(format!(
                                    "half_lost_by {:?} but {full:?} holds all Deckel",
                                    summary.half_lost_by
                                ));
                            }
                        }
                    }
                    Ok(())
                })?;
            }
        }
    }
}

// ----- R-GAME-3: every half ends -----------------------------------------------------------

fn check_result(game: &Game) -> Result<(), String> {
    let Some(result) = game.result() else {
        return Err("not over".into());
    };
    let losers = game.half_losers();
    if result.abandoned {
        return if result.loser.is_none() {
            Ok(())
        } else {
            Err("an abandoned game has a loser".into())
        };
    }
    let loser = result.loser.ok_or("a finished game without a loser")?;
    // R-GAME-1, R-GAME-2
    match losers {
        [a, b] if a == b => {
            if !result.blattschuss || loser != *a {
                return Err(format!("Blattschuss by {a} not recorded: {result:?}"));
            }
        }
        [a, b] => {
            // Who may lose the final is R-GAME-8's business (see below).
            if result.blattschuss {
                return Err(format!("Blattschuss without losing both halves ({a}, {b})"));
            }
        }
        _ => return Err(format!("game over after halves {losers:?}")),
    }
    // R-GAME-4: the loser owes the Bierrunde.
    if !result
        .debts
        .iter()
        .any(|(s, r)| *s == loser && *r == bot_core::engine::DebtReason::GameLost)
    {
        return Err("the loser owes no Bierrunde".into());
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(800))]

    /// R-GAME-3 (every half ends): a random mix of the computer player's moves, random legal
    /// and illegal actions by random seats and players leaving ends the game within a bound
    /// of steps, no half or final lasts more than a bound of rounds, the computer player
    /// only makes legal moves, and the end is a well-formed result (R-GAME-1, R-GAME-2,
    /// R-GAME-4).
    #[test]
    fn r_game_3_every_half_ends(plan in plan()) {
        let mut rounds_in_part = 0u32;
        let played = play(&plan, MAX_STEPS, false, |step| {
            if step.by_ai && let Err(e) = step.outcome {
                return Err(format!("the computer player's {:?} was refused: {e}", step.op));
            }
            for event in step.outcome.iter().flatten() {
                match event {
                    Event::PartStarted { .. } => rounds_in_part = 0,
                    Event::RoundScored(_) => rounds_in_part += 1,
                    _ => {}
                }
            }
            if rounds_in_part > MAX_ROUNDS_PER_PART {
                return Err(format!(
                    "{:?} has lasted {rounds_in_part} rounds",
                    step.after.part()
                ));
            }
            Ok(())
        })?;
        prop_assert!(
            played.game.is_over(),
            "not over after {} steps: {:?}",
            played.steps,
            plan
        );
        check_result(&played.game).map_err(|e| TestCaseError::fail(format!("{e}; {plan:?}")))?;
    }
}

// ----- R-SCORE-4 / R-SCORE-5: players who are out -----------------------------------------

proptest! {
    #![proptest_config(config(800))]

    /// R-SCORE-4, R-SCORE-5: a player who is out gets no action but ThrowIn accepted (unless
    /// he threw in and plays this round), a dealt round holds a cup for an out player only if
    /// he threw in, nobody throws in without `einwuerfeln`, and a player who left never
    /// plays.
    #[test]
    fn r_score_4_out_player_only_throws_in(plan in plan()) {
        play(&plan, MAX_STEPS, false, |step| {
            if step.outcome.is_err() {
                return Ok(());
            }
            if let Op::Act(seat, Action::ThrowIn) = step.op
                && !step.before.is_out(*seat)
            {
                return Err(format!("{seat} is not out but his ThrowIn was accepted"));
            }
            if let Op::Act(seat, action) = step.op
                && *action != Action::ThrowIn
                && step.before.is_out(*seat)
                && !step.before.round().cup(*seat).is_some_and(|c| c.thrown_in)
            {
                return Err(format!("{seat} is out but {action:?} was accepted"));
            }
            let game = step.after;
            if game.is_over() || game.round().announcing {
                return Ok(());
            }
            for cup in &game.round().cups {
                if game.players()[cup.seat.index()].left {
                    return Err(format!("{} left but has a cup", cup.seat));
                }
                if game.is_out(cup.seat) && !cup.thrown_in {
                    return Err(format!("{} is out but was dealt a cup", cup.seat));
                }
                if cup.thrown_in && !game.rules().einwuerfeln {
                    return Err(format!("{} threw in without einwuerfeln", cup.seat));
                }
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(config(500))]

    /// R-GAME-8: only the two half-losers play the final (nobody else is dealt a cup in it,
    /// and nobody else can lose it).
    #[test]
    fn r_game_8_only_finalists_play_the_final(plan in plan()) {
        play(&plan, MAX_STEPS, false, |step| {
            if step.outcome.is_err() {
                return Ok(());
            }
            let game = step.after;
            let Some(finalists) = game.finalists() else { return Ok(()) };
            if game.part() != Part::Final {
                return Ok(());
            }
            if let Some(result) = game.result()
                && let Some(loser) = result.loser
                && !finalists.contains(&loser)
            {
                return Err(format!("{loser} lost the final but is no finalist {finalists:?}"));
            }
            if game.is_over() || game.round().announcing {
                return Ok(());
            }
            if let Some(cup) = game.round().cups.iter().find(|c| !finalists.contains(&c.seat)) {
                return Err(format!(
                    "{} plays the final between {finalists:?} (thrown in: {})",
                    cup.seat, cup.thrown_in
                ));
            }
            Ok(())
        })?;
    }
}

// ----- refused actions change nothing ------------------------------------------------------

proptest! {
    #![proptest_config(config(400))]

    /// A refused action (Keep with random values, Flip, Blind, Announce with random extras,
    /// Timeout, actions by seats that do not exist or have left, removing such seats) never
    /// panics and leaves the game and the dice exactly as they were; `check` agrees with
    /// `apply`; every view and every event's visible form can be built.
    #[test]
    fn refused_action_leaves_game_unchanged(
        plan in plan().prop_map(|p| Plan { ai_percent: p.ai_percent.min(60), ..p }),
    ) {
        play(&plan, MAX_STEPS, false, |step| {
            if let Op::Act(seat, action) = step.op {
                let checked = step.before.check(*seat, action);
                if checked.is_ok() != step.outcome.is_ok() {
                    return Err(format!(
                        "check says {checked:?}, apply {:?}",
                        step.outcome.as_ref().map(|_| ())
                    ));
                }
            }
            match step.outcome {
                Err(e) => {
                    if step.after != step.before {
                        return Err(format!("refused ({e}) but the game changed"));
                    }
                    if step.dice_after != step.dice_before {
                        return Err(format!("refused ({e}) but dice were rolled"));
                    }
                }
                Ok(events) => {
                    let game = step.after;
                    let _ = game.view_for(Viewer::Public);
                    for i in 0..game.players().len() {
                        let _ = game.view_for(Viewer::Player(Seat(i as u8)));
                    }
                    for event in events {
                        let _ = event.visible_to(Viewer::Public);
                        let _ = event.visible_to(Viewer::Player(Seat(0)));
                    }
                }
            }
            Ok(())
        })?;
    }

}

proptest! {
    #![proptest_config(config(64))]

    /// The same as above with the actions as a shrinkable list: every action is tried by
    /// every seat (and two that do not exist) before the computer player moves on.
    #[test]
    fn refused_action_leaves_game_unchanged_exhaustive(
        preset in 0..PRESET_NAMES.len(),
        players in 2..=6usize,
        dice_seed in any::<u64>(),
        actions in prop::collection::vec(action(), 1..24),
        moves in 1..120usize,
    ) {
        let rules = RuleSet::preset(PRESET_NAMES[preset]).expect("preset");
        let mut dice = seeded(dice_seed);
        let (mut game, _) = Game::start(rules, &names(players), &mut dice)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        for _ in 0..moves {
            let Some(current) = game.current() else { break };
            for seat in (0..players as u8 + 2).map(Seat) {
                for action in &actions {
                    let before = game.clone();
                    let dice_before = dice.clone();
                    match game.apply(seat, action, &mut dice) {
                        Err(e) => {
                            prop_assert!(
                                game == before,
                                "{seat} {action:?} refused ({e}) changed the game"
                            );
                            prop_assert!(
                                dice == dice_before,
                                "{seat} {action:?} refused ({e}) rolled dice"
                            );
                        }
                        Ok(_) => {
                            // Accepted: go back so every action meets the same state.
                            game = before;
                            dice = dice_before;
                        }
                    }
                }
            }
            let Some(action) = ai::choose(&game, current) else { break };
            game.apply(current, &action, &mut dice)
                .map_err(|e| TestCaseError::fail(format!("computer player refused: {e}")))?;
        }
    }
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(Extra::ALL.to_vec()), 0..4).prop_map(|e| {
            Action::Announce {
                extras: e.into_iter().collect(),
            }
        }),
        Just(Action::Look),
        Just(Action::Throw),
        prop::collection::vec(any::<u8>(), 0..5).prop_map(|values| Action::Keep { values }),
        prop::collection::vec(1..=6u8, 1..4).prop_map(|values| Action::Keep { values }),
        Just(Action::Flip),
        Just(Action::Stand),
        Just(Action::Blind),
        Just(Action::ThrowIn),
        Just(Action::Timeout),
    ]
}

// ----- determinism ------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(300))]

    /// The engine is deterministic: the same seed and the same action sequence replay the
    /// same game, step for step (equal outcomes and events) and at the end (equal Game).
    #[test]
    fn same_seed_and_actions_replay_the_same_game(plan in plan()) {
        let played = play(&plan, MAX_STEPS, true, |_| Ok(()))?;
        let mut dice = seeded(plan.dice_seed);
        let (mut game, start_events) =
            Game::start(plan.rules(), &names(plan.players), &mut dice)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&start_events, &played.start_events);
        for (i, (op, outcome)) in played.log.iter().enumerate() {
            let again = apply_op(&mut game, op, &mut dice);
            prop_assert_eq!(&again, outcome, "step {} ({:?}) differs; {:?}", i, op, plan);
        }
        prop_assert_eq!(&game, &played.game);
    }
}

// ----- throw evaluation --------------------------------------------------------------------

/// A random rule set: a preset with every ranking switch set at random.
fn rule_set() -> impl Strategy<Value = RuleSet> {
    (
        0..PRESET_NAMES.len(),
        any::<[bool; 8]>(),
        2..=3u8,
        prop::collection::vec(prop::sample::select(Extra::ALL.to_vec()), 0..4),
        [7..=12u8, 7..=12u8, 7..=12u8],
        prop::sample::select(vec![13u8, 15, 17, 27]),
    )
        .prop_map(
            |(preset, switches, straight_penalty, extras, penalties, deckel)| {
                let mut rules = RuleSet::preset(PRESET_NAMES[preset]).expect("preset");
                let [
                    gbs,
                    need_hand,
                    equal,
                    aus_hand,
                    later,
                    announced,
                    blind,
                    einw,
                ] = switches;
                rules.general_beats_schock_two = gbs;
                rules.straight_general_need_hand = need_hand;
                rules.straight_order = if equal {
                    StraightOrder::Equal
                } else {
                    StraightOrder::Ascending
                };
                rules.schock_aus_hand_beats_built = aus_hand;
                rules.later_schock_aus_wins = later;
                rules.extras_announced = announced;
                rules.blind = blind;
                rules.einwuerfeln = einw;
                rules.straight_penalty = straight_penalty;
                rules.extras = extras.into_iter().collect();
                [rules.jule_penalty, rules.penalty_221, rules.penalty_331] = penalties;
                rules.deckel = deckel;
                rules
            },
        )
}

fn all_dice() -> impl Iterator<Item = [u8; 3]> {
    (1..=6u8).flat_map(|a| (1..=6u8).flat_map(move |b| (1..=6u8).map(move |c| [a, b, c])))
}

/// RULES.md's table read independently of the engine: (tier, order inside the tier), the
/// class and the penalty of a throw.
fn reference(
    dice: [u8; 3],
    hand: bool,
    rules: &RuleSet,
    extras: ExtraSet,
) -> ((u8, u16), ThrowClass, Penalty) {
    let mut d = dice;
    d.sort_unstable_by(|x, y| y.cmp(x));
    let [a, b, c] = d;
    let picture = hand || !rules.straight_general_need_hand;
    if d == [1, 1, 1] {
        let within = u16::from(hand && rules.schock_aus_hand_beats_built);
        return ((10, within), ThrowClass::SchockAus, Penalty::All);
    }
    if picture && let Some(extra) = extras.iter().find(|e| e.dice() == d) {
        let p = rules.extra_penalty(extra);
        return ((8, u16::from(p)), ThrowClass::Extra, Penalty::Deckel(p));
    }
    if b == 1 && c == 1 {
        // R-RANK-1: Schock 2 below every General with the switch (still above a Straße).
        let tier = if a == 2 && rules.general_beats_schock_two {
            3
        } else {
            6
        };
        return ((tier, u16::from(a)), ThrowClass::Schock, Penalty::Deckel(a));
    }
    if picture && a == b && b == c {
        return ((4, u16::from(a)), ThrowClass::General, Penalty::Deckel(3));
    }
    if picture && a == b + 1 && b == c + 1 {
        let within = match rules.straight_order {
            StraightOrder::Ascending => u16::from(a),
            StraightOrder::Equal => 0,
        };
        return (
            (2, within),
            ThrowClass::Strasse,
            Penalty::Deckel(rules.straight_penalty),
        );
    }
    let number = u16::from(a) * 100 + u16::from(b) * 10 + u16::from(c);
    ((0, number), ThrowClass::Hausnummer, Penalty::Deckel(1))
}

proptest! {
    #![proptest_config(config(48))]

    /// R-RANK-1 … R-RANK-6 and the table of RULES.md: for every rule set, every one of the
    /// 216 throws (from the hand and built) gets the table's class and penalty, and the rank
    /// order is total and the table's order: Hausnummern by number < Straßen < Generals <
    /// Schocks < extras (by penalty) < Schock aus; every Schock beats every General unless
    /// `general_beats_schock_two`, where a General beats Schock 2 only.
    #[test]
    fn r_rank_order_matches_the_table(
        rules in rule_set(),
        announced in prop::collection::vec(prop::sample::select(Extra::ALL.to_vec()), 0..4),
    ) {
        let extras = rules.extras_in_play(announced.into_iter().collect());
        let mut all: Vec<(Evaluation, (u8, u16))> = Vec::with_capacity(432);
        for dice in all_dice() {
            for hand in [true, false] {
                let eval = evaluate(dice, hand, &rules, extras);
                let (key, class, penalty) = reference(dice, hand, &rules, extras);
                prop_assert_eq!(eval.class, class, "{:?} hand {}", dice, hand);
                prop_assert_eq!(eval.penalty, penalty, "{:?} hand {}", dice, hand);
                let mut sorted = dice;
                sorted.sort_unstable_by(|x, y| y.cmp(x));
                prop_assert_eq!(eval.dice, sorted);
                all.push((eval, key));
            }
        }
        // The rank is a total order key that agrees with the table on every pair.
        for (x, kx) in &all {
            for (y, ky) in &all {
                prop_assert_eq!(
                    x.rank.cmp(&y.rank),
                    kx.cmp(ky),
                    "{:?} vs {:?} under {}",
                    x,
                    y,
                    rules.name
                );
            }
        }
        // The headline statements, spelled out.
        let of = |class: ThrowClass| all.iter().map(|(e, _)| *e).filter(move |e| e.class == class);
        for s in of(ThrowClass::Schock) {
            for g in of(ThrowClass::General) {
                if rules.general_beats_schock_two && s.dice[0] == 2 {
                    prop_assert!(g.rank > s.rank, "R-RANK-1 switch: {g:?} must beat {s:?}");
                } else {
                    prop_assert!(s.rank > g.rank, "R-RANK-1: {s:?} must beat {g:?}");
                }
            }
            for x in of(ThrowClass::Extra) {
                prop_assert!(x.rank > s.rank, "R-RANK-6: {x:?} must beat {s:?}");
            }
        }
        for aus in of(ThrowClass::SchockAus) {
            for (other, _) in all.iter().filter(|(e, _)| e.class != ThrowClass::SchockAus) {
                prop_assert!(aus.rank > other.rank, "Schock aus must beat {other:?}");
            }
        }
    }

    /// R-RANK-3, R-RANK-5: equal throws are ordered by fewer throws, then by turn order (the
    /// later ranks lower), except equal Schock aus under `later_schock_aus_wins` (the later
    /// ranks higher); the order of a round's throws is total (never Equal for two players).
    #[test]
    fn r_rank_3_ties_fewer_throws_then_earlier_player(
        rules in rule_set(),
        throws in prop::collection::vec(
            ((1..=6u8, 1..=6u8, 1..=6u8), any::<bool>(), 1..=3u8),
            2..7,
        ),
    ) {
        let ranked: Vec<RankedThrow> = throws
            .iter()
            .enumerate()
            .map(|(position, ((a, b, c), hand, n))| RankedThrow {
                eval: evaluate([*a, *b, *c], *hand, &rules, rules.extras),
                throws: *n,
                position,
            })
            .collect();
        for x in &ranked {
            for y in &ranked {
                let got = compare_results(x, y, &rules);
                let expected = x.eval.rank.cmp(&y.eval.rank).then_with(|| {
                    if rules.later_schock_aus_wins && x.eval.class == ThrowClass::SchockAus {
                        x.position.cmp(&y.position)
                    } else {
                        y.throws.cmp(&x.throws).then(y.position.cmp(&x.position))
                    }
                });
                prop_assert_eq!(got, expected, "{:?} vs {:?}", x, y);
                prop_assert_eq!(got, compare_results(y, x, &rules).reverse());
                prop_assert_eq!(got == Ordering::Equal, x.position == y.position);
            }
        }
    }
}

// ----- scoring a round ---------------------------------------------------------------------

/// A round to score: rules, stock, holdings (stock + holdings = N, nobody holding N) and
/// the throws in turn order.
fn scored_round() -> impl Strategy<Value = (RuleSet, u8, Vec<u8>, Vec<FinalThrow>)> {
    (rule_set(), 2..=6usize, any::<u64>()).prop_map(|(rules, players, seed)| {
        let mut rng = seeded(seed);
        let n = rules.deckel;
        let (stock, holdings) = loop {
            let stock = if rng.random_bool(0.4) {
                0
            } else {
                rng.random_range(0..=n)
            };
            let mut holdings = vec![0u8; players];
            for _ in 0..(n - stock) {
                holdings[rng.random_range(0..players)] += 1;
            }
            if holdings.iter().all(|h| *h < n) {
                break (stock, holdings);
            }
        };
        // R-RND-2: nobody throws more often than the starter.
        let mut limit = 3;
        let throws = (0..players)
            .map(|_| {
                let blind = rules.blind && rng.random_bool(0.2);
                let dice = [0; 3].map(|_| rng.random_range(1..=6u8));
                let dice = if rng.random_bool(0.1) {
                    [1, 1, rng.random_range(1..=6)]
                } else {
                    dice
                };
                let throws = if blind {
                    1
                } else {
                    rng.random_range(1..=limit)
                };
                limit = limit.min(throws);
                FinalThrow {
                    dice,
                    throws,
                    hand: blind || rng.random_bool(0.6),
                    blind,
                }
            })
            .collect();
        (rules, stock, holdings, throws)
    })
}

proptest! {
    #![proptest_config(config(2000))]

    /// R-SCORE-1 … R-SCORE-6, R-RND-6: the highest throw sets the penalty (doubled when it
    /// was blind), the lowest receives it; the moved Deckel are min(penalty, stock) while the
    /// stock holds any, else min(penalty, the winner's Deckel); Schock aus hands the loser
    /// all N. No Deckel is created or destroyed; `out` and `half_lost_by` follow; the judge
    /// (from its JSON input) agrees with `score_round`.
    #[test]
    fn r_score_2_moves_min_of_penalty_and_source(
        (rules, stock, holdings, throws) in scored_round(),
    ) {
        let extras = rules.extras;
        let n = rules.deckel;
        let out = score_round(&rules, extras, stock, &holdings, &throws);
        let k = throws.len();

        let mut ranking = out.ranking.clone();
        ranking.sort_unstable();
        prop_assert_eq!(ranking, (0..k).collect::<Vec<_>>());
        prop_assert_eq!(out.winner, out.ranking[0]);
        prop_assert_eq!(out.loser, out.ranking[k - 1]);
        let ranked: Vec<RankedThrow> = throws
            .iter()
            .enumerate()
            .map(|(position, t)| RankedThrow {
                eval: evaluate(t.dice, t.hand, &rules, extras),
                throws: t.throws,
                position,
            })
            .collect();
        for w in out.ranking.windows(2) {
            prop_assert_eq!(
                compare_results(&ranked[w[0]], &ranked[w[1]], &rules),
                Ordering::Greater
            );
        }
        prop_assert_eq!(out.best, ranked[out.winner].eval);

        let penalty = match out.best.penalty {
            Penalty::All => n,
            Penalty::Deckel(p) if throws[out.winner].blind => p * 2,
            Penalty::Deckel(p) => p,
        };
        prop_assert_eq!(out.penalty, penalty);

        let mut expected = holdings.clone();
        let (moved, source, stock_after) = if out.best.class == ThrowClass::SchockAus {
            expected.iter_mut().for_each(|h| *h = 0);
            expected[out.loser] = n;
            (n - holdings[out.loser], Source::All, 0)
        } else if stock > 0 {
            let m = penalty.min(stock);
            expected[out.loser] += m;
            (m, Source::Stock, stock - m)
        } else {
            let m = penalty.min(holdings[out.winner]);
            expected[out.winner] -= m;
            expected[out.loser] += m;
            (m, Source::Winner, 0)
        };
        prop_assert_eq!(out.moved, moved);
        prop_assert_eq!(out.source, source);
        prop_assert_eq!(out.stock_after, stock_after);
        prop_assert_eq!(&out.holdings_after, &expected);

        // R-SCORE-6: nothing created, nothing destroyed.
        let total = |s: u8, h: &[u8]| u32::from(s) + h.iter().map(|x| u32::from(*x)).sum::<u32>();
        prop_assert_eq!(total(out.stock_after, &out.holdings_after), total(stock, &holdings));
        prop_assert_eq!(total(stock, &holdings), u32::from(n));

        // R-SCORE-4
        let zero: Vec<usize> = if stock_after == 0 {
            (0..k).filter(|&i| expected[i] == 0).collect()
        } else {
            Vec::new()
        };
        prop_assert_eq!(&out.out, &zero);
        prop_assert_eq!(out.half_lost_by, (0..k).find(|&i| expected[i] == n));

        // The referee scores the same round from its JSON input the same way.
        let players: Vec<String> = names(k);
        let input = serde_json::json!({
            "stock": stock,
            "holdings": players
                .iter()
                .zip(&holdings)
                .map(|(p, h)| (p.clone(), serde_json::json!(h)))
                .collect::<serde_json::Map<_, _>>(),
            "throws": players.iter().zip(&throws).map(|(p, t)| serde_json::json!({
                "player": p, "dice": t.dice, "throws": t.throws, "hand": t.hand, "blind": t.blind,
            })).collect::<Vec<_>>(),
        });
        let input: JudgeInput = serde_json::from_value(input).expect("judge input");
        if let Ok(round) = JudgeRound::from_input(&input, Some(&rules)) {
            if !rules.extras_announced {
                prop_assert_eq!(round.score(), out);
            } else {
                // Nothing announced: classic round.
                prop_assert_eq!(
                    round.score(),
                    score_round(&rules, ExtraSet::EMPTY, stock, &holdings, &throws)
                );
            }
        }
    }
}
