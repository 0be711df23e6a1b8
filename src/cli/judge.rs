//! `schocken judge`: scores rounds read as JSON from stdin — one document, or JSON Lines
//! (one round per line, one answer per line).

use super::{Failure, RulesArgs, emit};
use bot_core::engine::judge::{JudgeInput, JudgeRound};
use bot_core::text::{self, Lang};
use clap::Args;
use std::io::Read;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct JudgeArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Machine-readable output (one JSON object per round).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &JudgeArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| Failure::input(e.to_string()))?;
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(Failure::input(text::tr(lang, "judge-error-empty", &[])));
    }
    // One document (possibly pretty-printed) unless it only parses line by line.
    if let Ok(document) = serde_json::from_str::<serde_json::Value>(trimmed) {
        let answer = judge_value(document, args, lang).map_err(Failure::input)?;
        emit(&answer)?;
        return Ok(ExitCode::SUCCESS);
    }
    let lines: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    if lines.len() < 2 {
        let message = json_error(trimmed).unwrap_or_default();
        return Err(Failure::input(text::tr(
            lang,
            "judge-error-json",
            &[("message", text::arg_text(message))],
        )));
    }
    let mut failed = false;
    for (number, line) in lines {
        let answer = serde_json::from_str::<serde_json::Value>(line)
            .map_err(|e| {
                text::tr(
                    lang,
                    "judge-error-json",
                    &[("message", text::arg_text(e.to_string()))],
                )
            })
            .and_then(|value| judge_value(value, args, lang));
        match answer {
            Ok(answer) => emit(&answer.replace('\n', " · "))?,
            Err(message) => {
                failed = true;
                let message = text::tr(
                    lang,
                    "judge-error-line",
                    &[
                        ("line", text::arg_num(number as i64 + 1)),
                        ("message", text::arg_text(message)),
                    ],
                );
                emit(&serde_json::json!({ "error": message }).to_string())?;
            }
        }
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn json_error(text: &str) -> Option<String> {
    serde_json::from_str::<serde_json::Value>(text)
        .err()
        .map(|e| e.to_string())
}

/// Judges one round given as JSON; the answer as JSON or German/English text.
fn judge_value(value: serde_json::Value, args: &JudgeArgs, lang: Lang) -> Result<String, String> {
    let input: JudgeInput = serde_json::from_value(value).map_err(|e| {
        text::tr(
            lang,
            "judge-error-json",
            &[("message", text::arg_text(e.to_string()))],
        )
    })?;
    let rules = args
        .rules
        .load(input.rules.as_deref(), lang)
        .map_err(|f| f.message)?;
    let round =
        JudgeRound::from_input(&input, Some(&rules)).map_err(|e| text::judge_error(lang, &e))?;
    let outcome = round.score();
    let verdict = round.verdict(&outcome, |eval| {
        (
            text::throw_name(Lang::De, eval, &round.rules),
            text::throw_name(Lang::En, eval, &round.rules),
        )
    });
    if args.json {
        serde_json::to_string(&verdict).map_err(|e| e.to_string())
    } else {
        Ok(bot_core::render::verdict_text(&round, &outcome, lang))
    }
}
