//! `schocken verify FILE`: checks a game record of provably fair dice on its own — the
//! server seed against the commitment, then every throw against the seeds. Exit code 0 when
//! all match, 1 at the first that does not (or a game from before the scheme), 2 for a file
//! that cannot be read as a record.

use super::{Failure, emit};
use bot_core::engine::proof::{GameRecord, Mismatch};
use bot_core::text::{self, Lang, arg_num, arg_text};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The game record (JSON) the bot's `verify` handed out.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

pub fn run(args: &VerifyArgs, lang: Lang) -> Result<ExitCode, Failure> {
    let path = args.file.display().to_string();
    let bad_file = |message: String| {
        Failure::input(text::tr(
            lang,
            "cli-verify-bad-file",
            &[
                ("path", arg_text(path.clone())),
                ("message", arg_text(message)),
            ],
        ))
    };
    let content = std::fs::read_to_string(&args.file).map_err(|e| bad_file(e.to_string()))?;
    let value: serde_json::Value =
        serde_json::from_str(&content).map_err(|e| bad_file(e.to_string()))?;
    if value
        .get("predates_scheme")
        .and_then(serde_json::Value::as_bool)
        == Some(true)
    {
        emit(&text::tr(lang, "cli-verify-predates", &[]))?;
        return Ok(ExitCode::from(1));
    }
    let record: GameRecord = serde_json::from_value(value).map_err(|e| bad_file(e.to_string()))?;
    match record.verify() {
        Ok(throws) => {
            emit(&text::tr(
                lang,
                "cli-verify-ok",
                &[("throws", arg_num(throws as i64))],
            ))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(mismatch) => {
            emit(&mismatch_line(&mismatch, lang))?;
            Ok(ExitCode::from(1))
        }
    }
}

fn mismatch_line(mismatch: &Mismatch, lang: Lang) -> String {
    let dice = |d: &[u8]| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    match mismatch {
        Mismatch::Commitment => text::tr(lang, "cli-verify-commitment", &[]),
        Mismatch::Missing { n } => {
            text::tr(lang, "cli-verify-missing", &[("n", arg_num(*n as i64))])
        }
        Mismatch::Extra { n } => text::tr(lang, "cli-verify-extra", &[("n", arg_num(*n as i64))]),
        Mismatch::Dice { n, recorded, drawn } => text::tr(
            lang,
            "cli-verify-dice",
            &[
                ("n", arg_num(*n as i64)),
                ("recorded", arg_text(dice(recorded))),
                ("drawn", arg_text(dice(drawn))),
            ],
        ),
    }
}
