//! `schocken odds`: how often strong play reaches each throw class with 1, 2 or 3 throws.

use super::{Failure, RulesArgs, emit};
use bot_core::engine::MAX_PLAYERS;
use bot_core::engine::odds::class_odds;
use bot_core::text::{self, Lang};
use clap::Args;
use serde_json::json;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct OddsArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Players at the table (2 to 10); strong play depends a little on it.
    #[arg(long, default_value_t = 4)]
    players: usize,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &OddsArgs, lang: Lang) -> Result<ExitCode, Failure> {
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
    let table = class_odds(&rules, args.players);
    if args.json {
        let classes: serde_json::Map<String, serde_json::Value> = table
            .iter()
            .map(|(class, shares)| (class.id().to_string(), json!(shares)))
            .collect();
        let value = json!({
            "rules": rules.name,
            "players": args.players,
            "max_throws": [1, 2, 3],
            "classes": classes,
        });
        emit(&value.to_string())?;
        return Ok(ExitCode::SUCCESS);
    }
    let percent = |p: f64| {
        let s = format!("{:.1} %", 100.0 * p);
        match lang {
            Lang::De => s.replace('.', ","),
            Lang::En => s,
        }
    };
    let mut lines = vec![
        text::tr(
            lang,
            "odds-header",
            &[
                ("rules", text::arg_text(rules.name.clone())),
                ("players", text::arg_num(args.players as i64)),
            ],
        ),
        format!(
            "{:<14}{:>10}{:>10}{:>10}",
            "",
            text::tr(lang, "odds-throws", &[("count", text::arg_num(1))]),
            text::tr(lang, "odds-throws", &[("count", text::arg_num(2))]),
            text::tr(lang, "odds-throws", &[("count", text::arg_num(3))]),
        ),
    ];
    for (class, shares) in &table {
        lines.push(format!(
            "{:<14}{:>10}{:>10}{:>10}",
            text::class_name(lang, *class),
            percent(shares[0]),
            percent(shares[1]),
            percent(shares[2]),
        ));
    }
    emit(&lines.join("\n"))?;
    Ok(ExitCode::SUCCESS)
}
