//! `schocken eval 1 1 4`: a throw's name, class and penalty under a rule set.

use super::{Failure, RulesArgs, emit};
use bot_core::engine::{Penalty, ThrowClass, evaluate};
use bot_core::text::{self, Lang};
use clap::Args;
use serde_json::json;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct EvalArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The throw was assembled from set-aside dice (not "aus der Hand").
    #[arg(long)]
    built: bool,
    /// The throw falls in the final (R-RANK-7: with `baby_schock_out` 2,2,1 from the hand
    /// beats everything there).
    #[arg(long = "final")]
    in_final: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Three dice, e.g. `1 1 4` or `1,1,4`.
    #[arg(value_name = "DICE", required = true, num_args = 1..)]
    dice: Vec<String>,
}

/// Reads dice from words like `1 1 4`, `1,1,4` or `114`.
pub fn parse_dice(words: &[String], lang: Lang) -> Result<[u8; 3], Failure> {
    let mut values = Vec::new();
    for word in words {
        let parts: Vec<&str> = if word.contains([',', ' ']) {
            word.split([',', ' ']).filter(|s| !s.is_empty()).collect()
        } else if word.len() == 3 && word.chars().all(|c| c.is_ascii_digit()) {
            // "114": three dice written together.
            (0..3).map(|i| &word[i..=i]).collect()
        } else {
            vec![word.as_str()]
        };
        for part in parts {
            match part.trim().parse::<u8>() {
                Ok(v) if (1..=6).contains(&v) => values.push(v),
                _ => {
                    return Err(Failure::input(text::tr(
                        lang,
                        "cli-error-die",
                        &[("value", text::arg_text(part))],
                    )));
                }
            }
        }
    }
    match values[..] {
        [a, b, c] => Ok([a, b, c]),
        _ => Err(Failure::input(text::tr(
            lang,
            "cli-error-dice-count",
            &[("count", text::arg_num(values.len() as i64))],
        ))),
    }
}

pub fn run(args: &EvalArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let rules = args.rules.load(None, lang)?;
    let dice = parse_dice(&args.dice, lang)?;
    let hand = !args.built;
    // With announced extras, eval shows what the throw is worth once announced.
    let in_play = if args.in_final {
        rules.in_final(rules.extras)
    } else {
        rules.extras
    };
    let eval = evaluate(dice, hand, &rules, in_play);
    let announced_only = eval.class == ThrowClass::Extra && rules.extras_announced;
    let name_de = text::throw_name(Lang::De, &eval, &rules);
    let name_en = text::throw_name(Lang::En, &eval, &rules);
    let penalty = eval.penalty.deckel(&rules);
    if args.json {
        let value = json!({
            "dice": eval.dice,
            "hand": hand,
            "name": name_de,
            "name_en": name_en,
            "class": eval.class.id(),
            "extra": eval.extra.map(|e| e.id()),
            "penalty": penalty,
            "penalty_all": eval.penalty == Penalty::All,
            "announced_only": announced_only,
            "rank": eval.rank.0,
            "rules": rules.name,
        });
        emit(&value.to_string())?;
    } else {
        let (first, second) = match lang {
            Lang::De => (&name_de, &name_en),
            Lang::En => (&name_en, &name_de),
        };
        let name = if first == second {
            first.clone()
        } else {
            format!("{first} ({second})")
        };
        let mut line = text::tr(
            lang,
            "eval-line",
            &[
                ("name", text::arg_text(name)),
                ("class", text::arg_text(text::class_name(lang, eval.class))),
                (
                    "penalty",
                    text::arg_text(text::penalty_text(lang, eval.penalty)),
                ),
            ],
        );
        let how = if hand { "eval-hand" } else { "eval-built" };
        line.push_str(&format!(" ({})", text::tr(lang, how, &[])));
        if announced_only {
            line.push_str(&format!(
                " — {}",
                text::tr(lang, "eval-announced-only", &[])
            ));
        }
        emit(&line)?;
    }
    Ok(ExitCode::SUCCESS)
}
