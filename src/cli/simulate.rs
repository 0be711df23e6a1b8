//! `schocken simulate`: whole games between computer players, with statistics.

use super::{Failure, RulesArgs, emit};
use bot_core::engine::{Event, Game, MAX_PLAYERS, ThrowClass, ai, dice};
use bot_core::text::{self, Lang};
use clap::Args;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Players per game (2 to 10).
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Seed for the dice; the same seed gives the same statistics. Default: random.
    #[arg(long)]
    seed: Option<u64>,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// What the simulation counts.
#[derive(Debug, Default)]
struct Tally {
    losses: Vec<u64>,
    halves_lost: Vec<u64>,
    finals: u64,
    blattschuss: u64,
    rounds: Vec<u32>,
    classes: [u64; 6],
}

pub fn run(args: &SimulateArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let rules = args.rules.load(None, lang)?;
    if !(2..=MAX_PLAYERS).contains(&args.players) {
        return Err(Failure::input(text::tr(
            lang,
            "cli-error-players",
            &[
                ("value", text::arg_num(args.players as i64)),
                ("max", text::arg_num(MAX_PLAYERS as i64)),
            ],
        )));
    }
    if args.games == 0 {
        return Err(Failure::input(text::tr(lang, "cli-error-games", &[])));
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let names: Vec<String> = (1..=args.players).map(|i| format!("P{i}")).collect();
    let mut rng = dice::seeded(seed);
    let mut tally = Tally {
        losses: vec![0; args.players],
        halves_lost: vec![0; args.players],
        ..Tally::default()
    };
    let started = Instant::now();
    for _ in 0..args.games {
        let (mut game, _) = Game::start(rules.clone(), &names, &mut rng)
            .map_err(|e| Failure::input(e.to_string()))?;
        play(&mut game, &mut rng, &mut tally);
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    report(args, &rules.name, seed, &tally, seconds, lang)?;
    Ok(ExitCode::SUCCESS)
}

fn play(game: &mut Game, rng: &mut impl dice::DiceRoller, tally: &mut Tally) {
    while let Some(seat) = game.current() {
        let Some(action) = ai::choose(game, seat) else {
            break;
        };
        let Ok(events) = game.apply(seat, &action, rng) else {
            break;
        };
        for event in &events {
            match event {
                Event::RoundScored(summary) => {
                    for t in &summary.throws {
                        tally.classes[class_index(t.eval.class)] += 1;
                    }
                }
                Event::PartLost { seat, .. } => tally.halves_lost[seat.index()] += 1,
                Event::FinalStarted { .. } => tally.finals += 1,
                Event::GameOver(result) => {
                    if let Some(loser) = result.loser {
                        tally.losses[loser.index()] += 1;
                    }
                    tally.blattschuss += u64::from(result.blattschuss);
                }
                _ => {}
            }
        }
    }
    tally.rounds.push(game.rounds_played());
}

fn class_index(class: ThrowClass) -> usize {
    ThrowClass::ALL
        .iter()
        .position(|c| *c == class)
        .unwrap_or(0)
}

fn pct(part: u64, whole: u64, lang: Lang) -> String {
    let value = if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    };
    decimal(value, 1, lang)
}

fn decimal(value: f64, places: usize, lang: Lang) -> String {
    let s = format!("{value:.places$}");
    match lang {
        Lang::De => s.replace('.', ","),
        Lang::En => s,
    }
}

fn report(
    args: &SimulateArgs,
    rules: &str,
    seed: u64,
    tally: &Tally,
    seconds: f64,
    lang: Lang,
) -> Result<(), Failure> {
    let games = args.games;
    let total_rounds: u64 = tally.rounds.iter().map(|r| u64::from(*r)).sum();
    let min = tally.rounds.iter().min().copied().unwrap_or(0);
    let max = tally.rounds.iter().max().copied().unwrap_or(0);
    let mean = total_rounds as f64 / games as f64;
    let throws: u64 = tally.classes.iter().sum();
    let halves = 2 * games;
    if args.json {
        let classes: serde_json::Map<String, serde_json::Value> = ThrowClass::ALL
            .iter()
            .zip(tally.classes)
            .map(|(c, n)| (c.id().to_string(), json!(n)))
            .collect();
        let value = json!({
            "games": games,
            "players": args.players,
            "rules": rules,
            "seed": seed,
            "losses_per_seat": tally.losses,
            "halves_lost_per_seat": tally.halves_lost,
            "halves": halves,
            "finals": tally.finals,
            "blattschuss": tally.blattschuss,
            "blattschuss_rate": tally.blattschuss as f64 / games as f64,
            "rounds": total_rounds,
            "rounds_per_game": { "mean": mean, "min": min, "max": max },
            "throw_classes": classes,
            "seconds": seconds,
            "games_per_second": games as f64 / seconds,
            "rounds_per_second": total_rounds as f64 / seconds,
        });
        return emit(&value.to_string());
    }
    let a = text::arg_text;
    // Counts as Fluent numbers, so the texts choose "1 Spiel" or "2 Spiele".
    let count = |n: u64| text::arg_num(i64::try_from(n).unwrap_or(i64::MAX));
    let per_seat = |counts: &[u64], whole: u64| -> String {
        counts
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let seat = text::tr(lang, "sim-seat", &[("seat", text::arg_num(i as i64 + 1))]);
                format!("{seat}: {n} ({} %)", pct(*n, whole, lang))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let classes: Vec<String> = ThrowClass::ALL
        .iter()
        .zip(tally.classes)
        .map(|(c, n)| format!("{} {} %", text::class_name(lang, *c), pct(n, throws, lang)))
        .collect();
    let lines = [
        text::tr(
            lang,
            "sim-header",
            &[
                ("games", count(games)),
                ("players", text::arg_num(args.players as i64)),
                ("rules", a(rules.to_string())),
                ("seed", a(seed.to_string())),
            ],
        ),
        text::tr(
            lang,
            "sim-losses",
            &[("list", a(per_seat(&tally.losses, games)))],
        ),
        text::tr(
            lang,
            "sim-halves",
            &[("list", a(per_seat(&tally.halves_lost, halves)))],
        ),
        text::tr(
            lang,
            "sim-parts",
            &[
                ("halves", count(halves)),
                ("finals", count(tally.finals)),
                ("finals_pct", a(pct(tally.finals, games, lang))),
                ("blattschuss", count(tally.blattschuss)),
                ("blattschuss_pct", a(pct(tally.blattschuss, games, lang))),
            ],
        ),
        text::tr(
            lang,
            "sim-rounds",
            &[
                ("mean", a(decimal(mean, 1, lang))),
                ("min", text::arg_num(min)),
                ("max", text::arg_num(max)),
            ],
        ),
        text::tr(lang, "sim-classes", &[("list", a(classes.join(", ")))]),
        text::tr(
            lang,
            "sim-speed",
            &[
                ("games_per_s", a(format!("{:.0}", games as f64 / seconds))),
                (
                    "rounds_per_s",
                    a(format!("{:.0}", total_rounds as f64 / seconds)),
                ),
                ("seconds", a(decimal(seconds, 2, lang))),
            ],
        ),
    ];
    emit(&lines.join("\n"))
}
