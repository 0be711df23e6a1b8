//! Schocken in the terminal: 1–6 players at one keyboard (hot seat), computer players to
//! fill up, on the same service and database as the chat bots.

use bot_core::engine::RuleSet;
use bot_core::service::Service;
use bot_core::text::Lang;
use std::sync::Arc;

/// How the terminal table is set up.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    /// The table's name (its chat id is `console:<table>`).
    pub table: String,
    /// Human players; asked for when empty and no game is running.
    pub players: Vec<String>,
    /// Computer players; asked for when `None`.
    pub bots: Option<usize>,
    pub rules: RuleSet,
    pub lang: Lang,
}

/// Plays at the terminal until the game ends or the input does.
pub async fn run<R, W>(
    service: Arc<Service>,
    options: ConsoleOptions,
    input: R,
    output: W,
) -> anyhow::Result<()>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: std::io::Write,
{
    let _ = (service, options, input, output);
    anyhow::bail!("the terminal table is being built")
}
