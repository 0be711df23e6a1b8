//! What provably fair dice cost: `cargo bench -p bot-core --bench dice`.
//!
//! - `throw_3_dice/chacha8`: the generator used before (a seeded ChaCha8 per command);
//! - `throw_3_dice/hmac_sha256`: one throw of the scheme (HMAC-SHA256 of "K:n:c");
//! - `command_setup`: what every command pays before any die: a fresh ChaCha8 from a seed,
//!   or the game's fair dice from its stored seeds;
//! - `game_4_players`: a whole game of four computer players on each source.

use bot_core::engine::{DiceRoller, FairDice, Game, RuleSet, Seat, ServerSeed, ai, seeded};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const SEED: [u8; 32] = [7; 32];

fn names() -> Vec<String> {
    (0..4).map(|i| format!("P{i}")).collect()
}

fn throw(c: &mut Criterion) {
    let mut group = c.benchmark_group("throw_3_dice");
    group.throughput(Throughput::Elements(1));
    let mut chacha = seeded(1);
    group.bench_function("chacha8", |b| {
        b.iter(|| {
            let mut dice = [0u8; 3];
            chacha.throw(Seat(0), &mut dice);
            black_box(dice)
        })
    });
    let mut fair = FairDice::new(ServerSeed::from_bytes(&SEED), "Stammtisch".into(), 0);
    group.bench_function("hmac_sha256", |b| {
        b.iter(|| {
            let mut dice = [0u8; 3];
            fair.throw(Seat(0), &mut dice);
            // The recorded throws are taken by the service after each command.
            if fair.throws_made().is_multiple_of(64) {
                black_box(fair.take_drawn());
            }
            black_box(dice)
        })
    });
    group.finish();
}

fn command_setup(c: &mut Criterion) {
    let mut group = c.benchmark_group("command_setup");
    group.bench_function("chacha8_from_seed", |b| {
        b.iter(|| black_box(seeded(black_box(42))))
    });
    let server = ServerSeed::from_bytes(&SEED);
    group.bench_function("fair_dice_from_seeds", |b| {
        b.iter(|| black_box(FairDice::new(server.clone(), "Stammtisch".into(), 117)))
    });
    group.bench_function("commitment_sha256", |b| {
        b.iter(|| black_box(server.commitment()))
    });
    group.finish();
}

fn game(c: &mut Criterion) {
    let rules = RuleSet::standard();
    let mut group = c.benchmark_group("game_4_players");
    group.throughput(Throughput::Elements(1));
    let mut n = 0u64;
    group.bench_function("chacha8", |b| {
        b.iter(|| {
            n += 1;
            let mut rng = seeded(n);
            let (mut game, _) = Game::start(rules.clone(), &names(), &mut rng).expect("start");
            black_box(ai::play_out(&mut game, &mut rng))
        })
    });
    group.bench_function("hmac_sha256", |b| {
        b.iter(|| {
            n += 1;
            let mut dice = FairDice::new(ServerSeed::from_bytes(&SEED), n.to_string(), 0);
            let (mut game, _) = Game::start(rules.clone(), &names(), &mut dice).expect("start");
            black_box(ai::play_out(&mut game, &mut dice))
        })
    });
    group.finish();
}

criterion_group!(benches, throw, command_setup, game);
criterion_main!(benches);
