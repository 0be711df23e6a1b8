//! `schocken simulate`: whole games between computer players, with statistics.
//!
//! Game `i` throws its dice from its own stream of the seed (ChaCha8, key from `--seed`,
//! stream `i`), so the games can be played on any number of threads (`--threads`) and the
//! statistics for a seed are the same whatever the number.

mod report;

use super::{Failure, RulesArgs};
use bot_core::engine::ai::{self, Strategy, StrongPlayer};
use bot_core::engine::{Action, Event, Game, MAX_PLAYERS, RuleSet, Seat, ThrowClass, dice};
use bot_core::text::{self, Lang};
use clap::Args;
use rand_chacha::ChaCha8Rng;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// Threads to play the games on (default: one per core; at most one per game). The
    /// statistics for a seed are the same whatever the number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// What the simulation counts: sums (and the fewest and most rounds), so the tallies of
/// several threads add up to the same whatever games each played.
#[derive(Debug)]
struct Tally {
    losses: Vec<u64>,
    halves_lost: Vec<u64>,
    finals: u64,
    blattschuss: u64,
    rounds: u64,
    rounds_min: u32,
    rounds_max: u32,
    classes: [u64; ThrowClass::ALL.len()],
}

impl Tally {
    fn new(seats: usize) -> Tally {
        Tally {
            losses: vec![0; seats],
            halves_lost: vec![0; seats],
            finals: 0,
            blattschuss: 0,
            rounds: 0,
            rounds_min: u32::MAX,
            rounds_max: 0,
            classes: [0; ThrowClass::ALL.len()],
        }
    }

    fn add(&mut self, other: &Tally) {
        for (a, b) in self.losses.iter_mut().zip(&other.losses) {
            *a += b;
        }
        for (a, b) in self.halves_lost.iter_mut().zip(&other.halves_lost) {
            *a += b;
        }
        self.finals += other.finals;
        self.blattschuss += other.blattschuss;
        self.rounds += other.rounds;
        self.rounds_min = self.rounds_min.min(other.rounds_min);
        self.rounds_max = self.rounds_max.max(other.rounds_max);
        for (a, b) in self.classes.iter_mut().zip(other.classes) {
            *a += b;
        }
    }
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
    // A table the engine refuses is bad input, found before any thread starts.
    Game::start(rules.clone(), &names, &mut game_dice(seed, 0))
        .map_err(|e| Failure::input(e.to_string()))?;
    let threads = args
        .threads
        .map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        )
        .min(usize::try_from(args.games).unwrap_or(usize::MAX));
    let table = Table {
        rules: &rules,
        seats: &seats,
        names: &names,
        seed,
        games: args.games,
        next: AtomicU64::new(0),
    };
    let started = Instant::now();
    let tallies: Vec<Result<Tally, String>> = if threads <= 1 {
        vec![table.play_share()]
    } else {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| scope.spawn(|| table.play_share()))
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|_| Err("a thread failed".into())))
                .collect()
        })
    };
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let mut tally = Tally::new(seats.len());
    for share in tallies {
        tally.add(&share.map_err(Failure::input)?);
    }
    report::report(
        &report::Outcome {
            args,
            seats: &seats,
            rules: &rules.name,
            seed,
            threads,
            tally: &tally,
            seconds,
        },
        lang,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Games handed to a thread at a time.
const GAMES_PER_TURN: u64 = 64;

/// The games to play, shared by the threads: each takes the next games until none are left.
struct Table<'a> {
    rules: &'a RuleSet,
    seats: &'a [Strategy],
    names: &'a [String],
    seed: u64,
    games: u64,
    next: AtomicU64,
}

impl Table<'_> {
    /// Plays games until all are taken, with players of its own; what they counted.
    fn play_share(&self) -> Result<Tally, String> {
        let mut players = Players::new(self.rules, self.seats.to_vec());
        let mut tally = Tally::new(self.seats.len());
        loop {
            let first = self.next.fetch_add(GAMES_PER_TURN, Ordering::Relaxed);
            if first >= self.games {
                return Ok(tally);
            }
            for index in first..self.games.min(first.saturating_add(GAMES_PER_TURN)) {
                let mut rng = game_dice(self.seed, index);
                let (mut game, _) = Game::start(self.rules.clone(), self.names, &mut rng)
                    .map_err(|e| e.to_string())?;
                play(&mut game, &mut players, &mut rng, &mut tally);
            }
        }
    }
}

/// The dice of game `index`: stream `index` of the seed's ChaCha8 key.
fn game_dice(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = dice::seeded(seed);
    rng.set_stream(index);
    rng
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
    let rounds = game.rounds_played();
    tally.rounds += u64::from(rounds);
    tally.rounds_min = tally.rounds_min.min(rounds);
    tally.rounds_max = tally.rounds_max.max(rounds);
}

fn class_index(class: ThrowClass) -> usize {
    ThrowClass::ALL
        .iter()
        .position(|c| *c == class)
        .unwrap_or(0)
}
