//! `schocken-bench`: throughput of the `schocken` command line measured side by side.
//!
//! - `schocken-bench judge`: writes a file of JSON Lines rounds, then runs
//!   `schocken judge --json` and the plain serde_json loop `judge-plain` on it in turn
//!   (alternating, `--runs` times each, output to /dev/null) and prints rounds/s of each
//!   (median) and the ratio.
//! - `schocken-bench simulate`: runs `schocken simulate` with each `--threads` count in turn and
//!   prints games/s (median over the runs, wall time of the whole process).
//! - `schocken-bench gen-judge`: only writes the rounds (to stdout or `--out`).
//!
//! `--also PATH` adds another `schocken` binary (e.g. an older build) to the same run.

use clap::{Parser, Subcommand};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "schocken-bench",
    about = "Side-by-side throughput of schocken judge and simulate"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Write JSON Lines rounds for `judge` (every one valid).
    GenJudge {
        #[arg(long, default_value_t = 200_000)]
        rounds: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// `schocken judge --json` against the plain loop, alternating, on the same rounds.
    Judge(JudgeBench),
    /// `schocken simulate` with 1 thread and with all cores.
    Simulate(SimulateBench),
}

#[derive(clap::Args)]
struct JudgeBench {
    #[arg(long, default_value_t = 300_000)]
    rounds: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Runs of each program.
    #[arg(long, default_value_t = 7)]
    runs: usize,
    /// The `schocken` binary (default: next to this one).
    #[arg(long)]
    schocken: Option<PathBuf>,
    /// The plain loop (default: `judge-plain` next to this one).
    #[arg(long)]
    plain: Option<PathBuf>,
    /// Further `schocken` binaries to measure in the same run.
    #[arg(long)]
    also: Vec<PathBuf>,
    /// Use this input file instead of generating one.
    #[arg(long)]
    input: Option<PathBuf>,
}

#[derive(clap::Args)]
struct SimulateBench {
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    #[arg(long, default_value_t = 4)]
    players: usize,
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Strategies as for `simulate --strategy` (default: all `einfach`).
    #[arg(long)]
    strategy: Option<String>,
    /// Runs of each configuration.
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Thread counts to measure (default: 1 and all cores).
    #[arg(long, value_delimiter = ',')]
    threads: Vec<usize>,
    /// The `schocken` binary (default: next to this one).
    #[arg(long)]
    schocken: Option<PathBuf>,
    /// Further `schocken` binaries (without `--threads` they run once per round, single-threaded).
    #[arg(long)]
    also: Vec<PathBuf>,
}

const NAMES: [&str; 12] = [
    "Anna", "Ben", "Cem", "Dörte", "Emil", "Fatma", "Gregor", "Hanna", "Ilse", "Jürgen", "Kai",
    "Lena",
];
const PRESETS: [(&str, u8); 7] = [
    ("standard", 13),
    ("wikipedia", 13),
    ("moin-moin", 13),
    ("muensterland", 13),
    ("dortmund", 13),
    ("jule", 13),
    ("bochum", 27),
];

/// One valid round as a JSON line: 2 to 6 players, a preset named in about half of them, a
/// third at the start of a half, a third with holdings and the stock left, a third with the
/// stock empty; blind throws and announced extras where the rules allow them.
fn round(rng: &mut ChaCha8Rng) -> String {
    let preset =
        (rng.random_range(0..10) >= 5).then(|| PRESETS[rng.random_range(0..PRESETS.len())]);
    let (name, total) = preset.unwrap_or(("standard", 13));
    let players = rng.random_range(2..=6usize);
    let mut names: Vec<&str> = Vec::with_capacity(players);
    while names.len() < players {
        let n = NAMES[rng.random_range(0..NAMES.len())];
        if !names.contains(&n) {
            names.push(n);
        }
    }
    let dortmund = name == "dortmund";
    let starter_throws = rng.random_range(1..=3u8);
    let throws: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, player)| {
            let dice: [u8; 3] = std::array::from_fn(|_| rng.random_range(1..=6));
            let throws = if i == 0 { starter_throws } else { rng.random_range(1..=starter_throws) };
            let hand = rng.random_range(0..10) < 8;
            let blind = dortmund && throws == 1 && hand && rng.random_range(0..4) == 0;
            let blind = if blind { r#","blind":true"# } else { "" };
            format!(
                r#"{{"player":"{player}","dice":[{},{},{}],"throws":{throws},"hand":{hand}{blind}}}"#,
                dice[0], dice[1], dice[2]
            )
        })
        .collect();
    let mut fields = Vec::new();
    if let Some((name, _)) = preset {
        fields.push(format!(r#""rules":"{name}""#));
    }
    match rng.random_range(0..3) {
        0 => {}
        1 => {
            // Some players hold Deckel, the stock keeps the rest.
            let mut left = i32::from(total) - 1;
            let mut held: Vec<String> = Vec::new();
            for p in &names {
                if rng.random_range(0..2) == 0 {
                    let n = rng.random_range(0..=left.min(5));
                    left -= n;
                    held.push(format!(r#""{p}":{n}"#));
                }
            }
            fields.push(format!(r#""holdings":{{{}}}"#, held.join(",")));
        }
        _ => {
            // The stock is empty: every Deckel with the players, each holds at least one.
            let mut held = vec![1u8; players];
            for _ in 0..(total as usize - players) {
                let i = rng.random_range(0..players);
                held[i] += 1;
            }
            let held: Vec<String> = names
                .iter()
                .zip(&held)
                .map(|(p, n)| format!(r#""{p}":{n}"#))
                .collect();
            fields.push(r#""stock":0"#.to_string());
            fields.push(format!(r#""holdings":{{{}}}"#, held.join(",")));
        }
    }
    if dortmund && rng.random_range(0..3) == 0 {
        fields.push(r#""announced":["jule","221"]"#.to_string());
    }
    fields.push(format!(r#""throws":[{}]"#, throws.join(",")));
    format!("{{{}}}", fields.join(","))
}

fn write_rounds(rounds: usize, seed: u64, out: &mut impl Write) -> std::io::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..rounds {
        writeln!(out, "{}", round(&mut rng))?;
    }
    out.flush()
}

fn sibling(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from(name));
    exe.parent()
        .map(|d| d.join(name))
        .unwrap_or_else(|| PathBuf::from(name))
}

/// CPU time (user + system) of the waited-for children so far, in seconds (Linux:
/// `/proc/self/stat`, in 1/100 s; elsewhere 0).
fn children_cpu() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // After the command name in parentheses: fields 3 onwards; cutime and cstime are 16 and 17.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i - 3)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(16) + ticks(17)) / 100.0
}

/// Runs `program args < input > /dev/null`; returns its wall time and CPU time in seconds.
fn timed(program: &Path, args: &[String], input: &Path) -> (f64, f64) {
    let stdin = File::open(input).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
    let cpu_before = children_cpu();
    let started = Instant::now();
    let status = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    let seconds = started.elapsed().as_secs_f64();
    assert!(
        status.success(),
        "{} {args:?} failed: {status}",
        program.display()
    );
    (seconds, children_cpu() - cpu_before)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn fmt_rate(rate: f64) -> String {
    let n = rate.round() as u64;
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

struct Entry {
    label: String,
    program: PathBuf,
    args: Vec<String>,
    seconds: Vec<f64>,
    cpu: Vec<f64>,
}

impl Entry {
    /// A program to measure, not run yet.
    fn new(label: String, program: PathBuf, args: Vec<String>) -> Entry {
        Entry {
            label,
            program,
            args,
            seconds: Vec::new(),
            cpu: Vec::new(),
        }
    }

    /// Each run's rate of `units` per second, in the order run.
    fn run_rates(&self, units: f64) -> String {
        let rates: Vec<String> = self.seconds.iter().map(|s| fmt_rate(units / s)).collect();
        rates.join(" ")
    }
}

/// Runs every entry once per round, in turn, `runs` rounds (so a slower moment of the
/// machine hits all of them alike); returns the medians.
fn alternate(entries: &mut [Entry], runs: usize, input: &Path) {
    // One warm-up each (page cache, binary loading).
    for e in entries.iter() {
        timed(&e.program, &e.args, input);
    }
    for _ in 0..runs {
        for e in entries.iter_mut() {
            let (wall, cpu) = timed(&e.program, &e.args, input);
            e.seconds.push(wall);
            e.cpu.push(cpu);
        }
    }
}

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Cmd::GenJudge { rounds, seed, out } => {
            let result = match out {
                Some(path) => {
                    let file =
                        File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    write_rounds(rounds, seed, &mut BufWriter::new(file))
                }
                None => write_rounds(rounds, seed, &mut BufWriter::new(std::io::stdout().lock())),
            };
            if let Err(e) = result {
                eprintln!("schocken-bench: {e}");
                std::process::exit(1);
            }
        }
        Cmd::Judge(bench) => judge(bench),
        Cmd::Simulate(bench) => simulate(bench),
    }
}

/// `judge`: the rounds (generated or given), the programs measured alternately, the rates.
fn judge(bench: JudgeBench) {
    let JudgeBench {
        rounds,
        seed,
        runs,
        schocken,
        plain,
        also,
        input,
    } = bench;
    let schocken = schocken.unwrap_or_else(|| sibling("schocken"));
    let plain = plain.unwrap_or_else(|| sibling("judge-plain"));
    let (path, count) = match input {
        Some(path) => {
            let count = std::fs::read_to_string(&path)
                .map(|t| t.lines().filter(|l| !l.trim().is_empty()).count())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, count)
        }
        None => {
            let path = std::env::temp_dir().join(format!("schocken-judge-{rounds}-{seed}.jsonl"));
            let file = File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            write_rounds(rounds, seed, &mut BufWriter::new(file)).expect("write rounds");
            (path, rounds)
        }
    };
    let judge_args = vec!["judge".to_string(), "--json".to_string()];
    let mut entries: Vec<Entry> = std::iter::once(schocken)
        .chain(also)
        .map(|p| {
            let label = format!("schocken judge --json ({})", p.display());
            Entry::new(label, p, judge_args.clone())
        })
        .collect();
    let label = format!("plain serde_json loop ({})", plain.display());
    entries.push(Entry::new(label, plain, Vec::new()));
    println!(
        "{count} rounds in {}, {runs} runs each, alternating",
        path.display()
    );
    alternate(&mut entries, runs, &path);
    print_judge(&entries, count);
}

/// Each program's rounds per second beside the plain loop's.
fn print_judge(entries: &[Entry], count: usize) {
    let plain = entries.last().expect("plain");
    let plain_rate = count as f64 / median(plain.seconds.clone());
    let plain_cpu_rate = count as f64 / median(plain.cpu.clone());
    let plain_best = count as f64 / plain.seconds.iter().copied().fold(f64::INFINITY, f64::min);
    for e in entries {
        let rate = count as f64 / median(e.seconds.clone());
        let cpu_rate = count as f64 / median(e.cpu.clone());
        let best = count as f64 / e.seconds.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "{:>10} rounds/s {:>6.1} % of plain | per CPU second {:>10} {:>6.1} % | best {:>10} {:>6.1} % | {}\n           runs: {}",
            fmt_rate(rate),
            100.0 * rate / plain_rate,
            fmt_rate(cpu_rate),
            100.0 * cpu_rate / plain_cpu_rate,
            fmt_rate(best),
            100.0 * best / plain_best,
            e.label,
            e.run_rates(count as f64)
        );
    }
    let judge = &entries[0];
    let ratios: Vec<f64> = judge
        .seconds
        .iter()
        .zip(&plain.seconds)
        .map(|(j, p)| p / j)
        .collect();
    println!(
        "judge / plain, run by run (median): {:.1} %",
        100.0 * median(ratios)
    );
}

/// `simulate`: each program at each thread count, measured alternately.
fn simulate(bench: SimulateBench) {
    let SimulateBench {
        games,
        players,
        seed,
        strategy,
        runs,
        threads,
        schocken,
        also,
    } = bench;
    let schocken = schocken.unwrap_or_else(|| sibling("schocken"));
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let threads = if threads.is_empty() {
        if cores > 1 { vec![1, cores] } else { vec![1] }
    } else {
        threads
    };
    let mut base = vec![
        "simulate".to_string(),
        "--games".to_string(),
        games.to_string(),
        "--players".to_string(),
        players.to_string(),
        "--seed".to_string(),
        seed.to_string(),
        "--json".to_string(),
    ];
    if let Some(s) = strategy {
        base.push("--strategy".to_string());
        base.push(s);
    }
    let mut entries = simulate_entries(schocken, also, &base, &threads);
    println!(
        "{games} games of {players}, seed {seed}, {runs} runs each, alternating ({cores} cores)"
    );
    alternate(&mut entries, runs, Path::new("/dev/null"));
    for e in &entries {
        let rate = games as f64 / median(e.seconds.clone());
        let cpu = median(e.cpu.clone());
        println!(
            "{:>10} games/s (CPU {cpu:.2} s) | {}\n           runs: {}",
            fmt_rate(rate),
            e.label,
            e.run_rates(games as f64)
        );
    }
}

/// The runs to measure: each program with each thread count, or once if it has no
/// `--threads`.
fn simulate_entries(
    schocken: PathBuf,
    also: Vec<PathBuf>,
    base: &[String],
    threads: &[usize],
) -> Vec<Entry> {
    let mut entries = Vec::new();
    for program in std::iter::once(schocken).chain(also) {
        let has_threads = Command::new(&program)
            .args(["simulate", "--help"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).contains("--threads"))
            .unwrap_or(false);
        if has_threads {
            for t in threads {
                let mut args = base.to_vec();
                args.push("--threads".to_string());
                args.push(t.to_string());
                let label = format!("--threads {t} ({})", program.display());
                entries.push(Entry::new(label, program.clone(), args));
            }
        } else {
            let label = format!("no --threads ({})", program.display());
            entries.push(Entry::new(label, program, base.to_vec()));
        }
    }
    entries
}
