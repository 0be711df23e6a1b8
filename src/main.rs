//! `schocken`: the chat bot, the terminal table, and the referee's command line.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => return cli::clap_failure(e),
    };
    match cli::run(args) {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}
