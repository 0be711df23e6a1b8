//! The command line: argument parsing, shared options, and the exit-code convention
//! (bad input: exit code 2 and one line on stderr, nothing on stdout).

mod database;
mod eval;
mod judge;
mod odds;
mod ops;
mod run;
mod simulate;
mod verify;
mod web;

use bot_core::engine::RuleSet;
use bot_core::text::{self, Lang};
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "schocken",
    version,
    about = "Schocken, the German pub dice game: referee, simulator and chat bot",
    long_about = "Without a subcommand, runs the chat bots (DISCORD_TOKEN, TELOXIDE_TOKEN) or, \
                  with no token set, a Schocken table in this terminal on a local SQLite file.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Language of the output: de (default) or en. Without it, SCHOCKEN_LANG or LANG decide.
    #[arg(long, global = true, value_name = "de|en")]
    lang: Option<String>,

    #[command(flatten)]
    run: run::RunArgs,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Name, class and penalty of one throw, e.g. `schocken eval 1 1 4`.
    Eval(eval::EvalArgs),
    /// Score one round (JSON on stdin) or many (JSON Lines): a referee for a real table.
    Judge(judge::JudgeArgs),
    /// How often strong play reaches each throw class with at most 1, 2 or 3 throws.
    Odds(odds::OddsArgs),
    /// Play whole games between computer players and print statistics.
    Simulate(simulate::SimulateArgs),
    /// Check a game record of provably fair dice (the file `verify` gave in the chat).
    Verify(verify::VerifyArgs),
    /// Create or update the database schema.
    Migrate(database::MigrateArgs),
    /// Copy a SQLite database, also while the bot runs on it (PostgreSQL: pg_dump).
    Backup(database::BackupArgs),
    /// The Schocken table in the browser on this machine (a hot seat; no token).
    Web(web::WebArgs),
}

/// `--rules` and `--set`, shared by the subcommands.
#[derive(Debug, Args, Clone, Default)]
pub struct RulesArgs {
    /// Rule preset (standard, wikipedia, moin-moin, muensterland, dortmund, jule, bochum) or a path to
    /// a rule file (.toml).
    #[arg(long, value_name = "PRESET|FILE")]
    rules: Option<String>,
    /// Override one switch on top of the preset, e.g. `--set blind=true` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    overrides: Vec<String>,
}

impl RulesArgs {
    /// The preset or file [`RulesArgs::load`] reads: `--rules`, else `fallback`, else standard.
    pub fn name<'a>(&'a self, fallback: Option<&'a str>) -> &'a str {
        self.rules.as_deref().or(fallback).unwrap_or("standard")
    }

    /// The rule set: `--rules` (or `fallback`, or standard), then the `--set` overrides.
    pub fn load(&self, fallback: Option<&str>, lang: Lang) -> Result<RuleSet, Failure> {
        let name = self.name(fallback);
        let base = if name.ends_with(".toml") || name.contains('/') {
            let text = std::fs::read_to_string(Path::new(name)).map_err(|e| {
                Failure::input(text::tr(
                    lang,
                    "rules-unreadable",
                    &[
                        ("path", text::arg_text(name)),
                        ("message", text::arg_text(e.to_string())),
                    ],
                ))
            })?;
            RuleSet::from_toml(&text)
        } else {
            RuleSet::preset(name)
        };
        base.and_then(|r| r.with_assignments(&self.overrides))
            .map_err(|e| Failure::input(text::rules_error(lang, &e)))
    }
}

/// Why a command failed; bad input exits with 2.
#[derive(Debug)]
pub struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }

    pub fn io(error: std::io::Error) -> Failure {
        Failure {
            message: error.to_string(),
            code: 1,
        }
    }

    pub fn report(self) -> ExitCode {
        // One line, whatever the message contained.
        let line = self.message.replace('\n', " ");
        let _ = writeln!(std::io::stderr(), "schocken: {line}");
        ExitCode::from(self.code)
    }
}

/// clap's own errors: help and version go to stdout; usage errors become one line, exit 2.
pub fn clap_failure(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::SUCCESS
        }
        _ => {
            let rendered = error.to_string();
            let first = rendered
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            Failure::input(first.to_string()).report()
        }
    }
}

/// The output language: `--lang`, else SCHOCKEN_LANG, else LANG; German by default.
fn language(flag: Option<&str>) -> Result<Lang, Failure> {
    if let Some(code) = flag {
        return match code.to_ascii_lowercase().as_str() {
            "de" | "deutsch" | "german" => Ok(Lang::De),
            "en" | "english" | "englisch" => Ok(Lang::En),
            other => Err(Failure::input(format!(
                "--lang: `{other}` is not a language (de, en)"
            ))),
        };
    }
    let env = std::env::var("SCHOCKEN_LANG")
        .or_else(|_| std::env::var("LANG"))
        .unwrap_or_default();
    Ok(Lang::from_code(&env))
}

pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    let lang = language(cli.lang.as_deref())?;
    match cli.command {
        Some(Command::Eval(args)) => eval::run(&args, lang),
        Some(Command::Judge(args)) => judge::run(&args, lang),
        Some(Command::Odds(args)) => odds::run(&args, lang),
        Some(Command::Simulate(args)) => simulate::run(&args, lang),
        Some(Command::Verify(args)) => verify::run(&args, lang),
        Some(Command::Migrate(args)) => database::migrate(&args),
        Some(Command::Backup(args)) => database::backup(&args),
        Some(Command::Web(args)) => web::run(&args, lang),
        None => run::run(&cli.run, lang),
    }
}

/// Writes to stdout, treating a closed pipe as the end of the output.
pub fn emit(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}") {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(Failure::io),
    }
}
