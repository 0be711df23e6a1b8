//! Engine benchmarks: `cargo bench -p bot-core --bench engine`.
//!
//! - `eval`: all 216 dice combinations under `standard` (throughput in evaluations);
//! - `judge_6_player_round`: scoring a 6-player round directly and through the referee's
//!   validated JSON input;
//! - `full_game_4_players`: a whole game of four computer players (throughput in games);
//! - `rounds`: a fixed batch of computer games (throughput in rounds played).

use bot_core::engine::judge::{JudgeInput, JudgeRound};
use bot_core::engine::score::score_round;
use bot_core::engine::{FinalThrow, Game, RuleSet, ai, evaluate, seeded};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{i}")).collect()
}

fn all_dice() -> Vec<[u8; 3]> {
    (1..=6u8)
        .flat_map(|a| (1..=6u8).flat_map(move |b| (1..=6u8).map(move |c| [a, b, c])))
        .collect()
}

fn eval(c: &mut Criterion) {
    let rules = RuleSet::standard();
    let all = all_dice();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("all_216_standard", |b| {
        b.iter(|| {
            for dice in &all {
                black_box(evaluate(black_box(*dice), true, &rules, rules.extras));
            }
        })
    });
    group.finish();
}

const JUDGE_INPUT: &str = r#"{
  "rules": "standard",
  "stock": 0,
  "holdings": { "Anna": 3, "Ben": 2, "Cem": 1, "Dora": 4, "Emil": 2, "Fritz": 1 },
  "throws": [
    { "player": "Anna",  "dice": [6, 6, 5], "throws": 3, "hand": false },
    { "player": "Ben",   "dice": [1, 1, 4], "throws": 3, "hand": false },
    { "player": "Cem",   "dice": [2, 2, 1], "throws": 1, "hand": true },
    { "player": "Dora",  "dice": [4, 5, 6], "throws": 2, "hand": true },
    { "player": "Emil",  "dice": [3, 3, 3], "throws": 3, "hand": false },
    { "player": "Fritz", "dice": [5, 3, 2], "throws": 1, "hand": true }
  ]
}"#;

fn judge_6_player_round(c: &mut Criterion) {
    let rules = RuleSet::standard();
    let throws: Vec<FinalThrow> = [
        ([6, 6, 5], 3, false),
        ([1, 1, 4], 3, false),
        ([2, 2, 1], 1, true),
        ([4, 5, 6], 2, true),
        ([3, 3, 3], 3, false),
        ([5, 3, 2], 1, true),
    ]
    .into_iter()
    .map(|(dice, throws, hand)| FinalThrow {
        dice,
        throws,
        hand,
        blind: false,
    })
    .collect();
    let holdings = [3u8, 2, 1, 4, 2, 1];
    let input: JudgeInput = serde_json::from_str(JUDGE_INPUT).expect("judge input");

    let mut group = c.benchmark_group("judge_6_player_round");
    group.throughput(Throughput::Elements(1));
    group.bench_function("score_round", |b| {
        b.iter(|| {
            score_round(
                black_box(&rules),
                rules.extras,
                black_box(0),
                black_box(&holdings),
                black_box(&throws),
            )
        })
    });
    group.bench_function("from_input_and_score", |b| {
        b.iter(|| {
            JudgeRound::from_input(black_box(&input), None)
                .expect("valid round")
                .score()
        })
    });
    // The same with the rule set given (as `--rules` does): no preset to parse.
    group.bench_function("from_input_rules_given_and_score", |b| {
        b.iter(|| {
            JudgeRound::from_input(black_box(&input), Some(&rules))
                .expect("valid round")
                .score()
        })
    });
    group.bench_function("parse_from_input_and_score", |b| {
        b.iter(|| {
            let input: JudgeInput = serde_json::from_str(black_box(JUDGE_INPUT)).expect("json");
            JudgeRound::from_input(&input, None)
                .expect("valid round")
                .score()
        })
    });
    group.finish();
}

fn full_game_4_players(c: &mut Criterion) {
    let rules = RuleSet::standard();
    let names = names(4);
    let mut rng = seeded(4);
    let mut group = c.benchmark_group("full_game_4_players");
    group.throughput(Throughput::Elements(1));
    group.bench_function("start_and_play_out", |b| {
        b.iter(|| {
            let (mut game, _) = Game::start(rules.clone(), &names, &mut rng).expect("start");
            ai::play_out(&mut game, &mut rng);
            debug_assert!(game.is_over());
            black_box(game.rounds_played())
        })
    });
    group.finish();
}

/// Games of the `rounds` batch: (preset, players, seed).
const BATCH: [(&str, usize, u64); 12] = [
    ("standard", 2, 1),
    ("standard", 4, 2),
    ("standard", 6, 3),
    ("wikipedia", 3, 4),
    ("moin-moin", 4, 5),
    ("moin-moin", 5, 6),
    ("muensterland", 4, 7),
    ("muensterland", 6, 8),
    ("dortmund", 3, 9),
    ("dortmund", 5, 10),
    ("jule", 4, 11),
    ("jule", 2, 12),
];

/// Plays the batch; returns the rounds played (the same every time: the games are seeded).
fn play_batch(batch: &[(RuleSet, Vec<String>, u64)]) -> u64 {
    let mut rounds = 0;
    for (rules, names, seed) in batch {
        let mut rng = seeded(*seed);
        let (mut game, _) = Game::start(rules.clone(), names, &mut rng).expect("start");
        ai::play_out(&mut game, &mut rng);
        rounds += u64::from(game.rounds_played());
    }
    rounds
}

fn rounds(c: &mut Criterion) {
    let batch: Vec<(RuleSet, Vec<String>, u64)> = BATCH
        .iter()
        .map(|(preset, n, seed)| (RuleSet::preset(preset).expect("preset"), names(*n), *seed))
        .collect();
    let total = play_batch(&batch);
    assert_eq!(total, play_batch(&batch), "seeded games replay");
    let mut group = c.benchmark_group("rounds");
    group.throughput(Throughput::Elements(total));
    group.bench_function(
        format!("batch_of_{}_games_{total}_rounds", batch.len()),
        |b| b.iter(|| black_box(play_batch(black_box(&batch)))),
    );
    group.finish();
}

criterion_group!(
    benches,
    eval,
    judge_6_player_round,
    full_game_4_players,
    rounds
);
criterion_main!(benches);
