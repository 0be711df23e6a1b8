//! The tournament as one value: its format, its people, its rounds, the director's
//! corrections and the entries waiting for confirmation. The steps on it live beside it
//! (`office`, `entrants`, `results`, `confirm`); this file holds only the data.

use super::error::TournamentError;
use super::format::Format;
use super::game::{EntrantId, TableGame};
use super::round::Round;
use crate::engine::ServerSeed;
use crate::model::ids::UserId;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: EntrantId,
    pub name: String,
    /// The chat user, when he registered himself or was named by a mention.
    pub user: Option<UserId>,
    pub team: Option<u32>,
    pub present: bool,
    pub withdrawn: bool,
    /// A computer player (load runs and filling a table).
    pub computer: bool,
}

impl Entrant {
    /// Drawn into the next round.
    pub fn plays(&self) -> bool {
        self.present && !self.withdrawn
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub id: u32,
    pub name: String,
}

/// A game entered and waiting for a second player's word.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingGame {
    pub round: u32,
    pub table: u32,
    pub game: u32,
    pub result: TableGame,
    pub by: EntrantId,
    pub at: i64,
}

/// A director's correction, kept for everyone to read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub at: i64,
    pub by: String,
    pub round: u32,
    pub table: u32,
    pub game: u32,
    pub before: Option<TableGame>,
    pub after: Option<TableGame>,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub name: String,
    pub format: Format,
    pub entrants: Vec<Entrant>,
    pub teams: Vec<Team>,
    pub rounds: Vec<Round>,
    /// The seed of the next draw: secret until then, its SHA-256 shown.
    pub next_seed: ServerSeed,
    pub paused: bool,
    pub finished: bool,
    pub corrections: Vec<Correction>,
    /// Real-cup entries waiting for a second player's confirmation.
    #[serde(default)]
    pub pending: Vec<PendingGame>,
}

impl Tournament {
    pub fn new(name: &str, format: Format, first_seed: ServerSeed) -> Tournament {
        Tournament {
            name: name.trim().to_string(),
            format,
            entrants: Vec::new(),
            teams: Vec::new(),
            rounds: Vec::new(),
            next_seed: first_seed,
            paused: false,
            finished: false,
            corrections: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// `SHA-256` of the next draw's seed, shown before the draw.
    pub fn next_commitment(&self) -> String {
        self.next_seed.commitment()
    }

    pub(super) fn check_open(&self) -> Result<(), TournamentError> {
        if self.finished {
            Err(TournamentError::Finished)
        } else {
            Ok(())
        }
    }
}
