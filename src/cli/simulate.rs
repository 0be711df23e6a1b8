//! `schocken simulate`: whole games between computer players, with statistics.

use super::{Failure, RulesArgs, emit};
use bot_core::engine::ai::{self, Strategy, StrongPlayer};
use bot_core::engine::{Action, Event, Game, MAX_PLAYERS, RuleSet, Seat, ThrowClass, dice};
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
    /// Players per game (2 to 10). Default: one per strategy, or 4.
    #[arg(long)]
    players: Option<usize>,
    /// How each seat plays, comma-separated in seat order: `einfach` (the rule of thumb) or
    /// `stark` (the exact odds); seats beyond the list play `einfach`.
    #[arg(long, value_delimiter = ',')]
    strategy: Vec<String>,
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

/// The seats' strategies, checked: every name known, as many as the players at most.
fn strategies(args: &SimulateArgs, lang: Lang) -> Result<Vec<Strategy>, Failure> {
    let mut chosen = Vec::new();
    for name in &args.strategy {
        let Some(strategy) = Strategy::parse(name) else {
            return Err(Failure::input(text::tr(
                lang,
                "cli-error-strategy",
                &[("value", text::arg_text(name.clone()))],
            )));
        };
        chosen.push(strategy);
    }
    let players = args
        .players
        .unwrap_or(if chosen.is_empty() { 4 } else { chosen.len() });
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(Failure::input(text::tr(
            lang,
            "cli-error-players",
            &[
                ("value", text::arg_num(players as i64)),
                ("max", text::arg_num(MAX_PLAYERS as i64)),
            ],
        )));
    }
    if chosen.len() > players {
        return Err(Failure::input(text::tr(
            lang,
            "cli-error-strategies",
            &[
                ("count", text::arg_num(chosen.len() as i64)),
                ("players", text::arg_num(players as i64)),
            ],
        )));
    }
    chosen.resize(players, Strategy::Simple);
    Ok(chosen)
}

pub fn run(args: &SimulateArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let rules = args.rules.load(None, lang)?;
    let seats = strategies(args, lang)?;
    if args.games == 0 {
        return Err(Failure::input(text::tr(lang, "cli-error-games", &[])));
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let names: Vec<String> = (1..=seats.len()).map(|i| format!("P{i}")).collect();
    let mut rng = dice::seeded(seed);
    let mut tally = Tally {
        losses: vec![0; seats.len()],
        halves_lost: vec![0; seats.len()],
        ..Tally::default()
    };
    let mut players = Players::new(&rules, seats.clone());
    let started = Instant::now();
    for _ in 0..args.games {
        let (mut game, _) = Game::start(rules.clone(), &names, &mut rng)
            .map_err(|e| Failure::input(e.to_string()))?;
        play(&mut game, &mut players, &mut rng, &mut tally);
    }
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    report(args, &seats, &rules.name, seed, &tally, seconds, lang)?;
    Ok(ExitCode::SUCCESS)
}

/// The computer players of a simulation, one strategy per seat; strong players share what
/// they computed.
struct Players {
    seats: Vec<Strategy>,
    strong: StrongPlayer,
}

impl Players {
    fn new(rules: &RuleSet, seats: Vec<Strategy>) -> Players {
        Players {
            seats,
            // A long run meets many situations: keep more of them than a chat bot would.
            strong: StrongPlayer::keeping(rules, 8192),
        }
    }

    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Action> {
        match self.seats.get(seat.index()) {
            Some(Strategy::Strong) => self.strong.choose(game, seat),
            _ => ai::choose(game, seat),
        }
    }
}

fn play(
    game: &mut Game,
    players: &mut Players,
    rng: &mut impl dice::DiceRoller,
    tally: &mut Tally,
) {
    while let Some(seat) = game.current() {
        let Some(action) = players.choose(game, seat) else {
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

/// A share with its 95 % confidence interval (Wilson score interval), in percent.
fn share_with_interval(part: u64, whole: u64) -> (f64, f64, f64) {
    if whole == 0 {
        return (0.0, 0.0, 0.0);
    }
    let n = whole as f64;
    let p = part as f64 / n;
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
    )
}

fn strategy_name(strategy: Strategy, lang: Lang) -> String {
    text::tr(lang, &format!("sim-strategy-{}", strategy.id()), &[])
}

fn report(
    args: &SimulateArgs,
    seats: &[Strategy],
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
        let shares: Vec<serde_json::Value> = tally
            .losses
            .iter()
            .zip(seats)
            .enumerate()
            .map(|(i, (lost, strategy))| {
                let (share, low, high) = share_with_interval(*lost, games);
                json!({
                    "seat": i + 1,
                    "strategy": strategy.id(),
                    "lost": lost,
                    "share_pct": share,
                    "interval_95_pct": [low, high],
                })
            })
            .collect();
        let value = json!({
            "games": games,
            "players": seats.len(),
            "strategies": seats.iter().map(|s| s.id()).collect::<Vec<_>>(),
            "loss_share": shares,
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
                ("players", text::arg_num(seats.len() as i64)),
                ("rules", a(rules.to_string())),
                ("seed", a(seed.to_string())),
            ],
        ),
        text::tr(lang, "sim-losses-head", &[]),
        seat_losses(tally, seats, games, lang),
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

/// One line per seat: its strategy and its share of lost games with the 95 % interval.
fn seat_losses(tally: &Tally, seats: &[Strategy], games: u64, lang: Lang) -> String {
    tally
        .losses
        .iter()
        .zip(seats)
        .enumerate()
        .map(|(i, (lost, strategy))| {
            let (share, low, high) = share_with_interval(*lost, games);
            text::tr(
                lang,
                "sim-seat-losses",
                &[
                    ("seat", text::arg_num(i as i64 + 1)),
                    ("strategy", text::arg_text(strategy_name(*strategy, lang))),
                    (
                        "lost",
                        text::arg_num(i64::try_from(*lost).unwrap_or(i64::MAX)),
                    ),
                    ("share", text::arg_text(decimal(share, 1, lang))),
                    ("low", text::arg_text(decimal(low, 1, lang))),
                    ("high", text::arg_text(decimal(high, 1, lang))),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
