//! What the chat's records hold: open rounds, ledger entries as history shows them, and
//! players' statistics.

use super::ids::UserId;
use serde::{Deserialize, Serialize};

/// A player's open rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DebtLine {
    pub user: UserId,
    pub name: String,
    pub rounds: i64,
}

/// One ledger entry as history shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LedgerLine {
    pub id: i64,
    pub at: i64,
    pub kind: String,
    pub debtor: String,
    pub rounds: i64,
    pub reason: String,
    /// Who recorded it; `None` for what the game itself recorded (a lost game's debt).
    pub actor: Option<String>,
    pub reverses: Option<i64>,
}

/// One player's statistics: a season's totals, or what one game adds to them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    pub user: UserId,
    pub name: String,
    pub games: i64,
    pub halves_lost: i64,
    pub finals: i64,
    pub games_lost: i64,
    pub blattschuss: i64,
    pub schock_aus: i64,
    /// Rounds lost to another's Schock aus (club penalties); not kept in the season's rows.
    #[serde(default)]
    pub schock_aus_received: i64,
    /// The best throw, e.g. "Schock aus" (named in the reader's language by the renderer).
    pub best: Option<crate::engine::Evaluation>,
}
