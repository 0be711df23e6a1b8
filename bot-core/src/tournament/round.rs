//! A round of the tournament: its stage, its draw (seed and commitment), its tables with the
//! games they entered, and its clock.

use super::format::{Format, KnockoutKind};
use super::game::{EntrantId, TableGame};
use serde::{Deserialize, Serialize};

/// Which part of the tournament a round belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Points,
    Knockout,
    Final,
}

impl Stage {
    pub fn id(self) -> &'static str {
        match self {
            Stage::Points => "points",
            Stage::Knockout => "knockout",
            Stage::Final => "final",
        }
    }

    pub fn is_knockout(self) -> bool {
        self != Stage::Points
    }
}

/// How a table plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableMode {
    /// A chat or web table bound to the tournament table: the engine reports each game.
    Digital,
    /// Real cups (until a place is bound): the table's captain enters each game, a second
    /// player confirms.
    #[default]
    RealCups,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTable {
    pub number: u32,
    /// Seat order as drawn; the first is the captain at a real-cup table.
    pub players: Vec<EntrantId>,
    pub mode: TableMode,
    pub games: Vec<TableGame>,
    /// Where a digital table plays (a chat place, written as the store writes places): its
    /// games there count without anyone entering them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// No more games: all played, the game in play when time ran out entered, a knockout
    /// table decided, or closed by the director.
    pub closed: bool,
}

impl RoundTable {
    pub fn captain(&self) -> Option<EntrantId> {
        self.players.first().copied()
    }

    pub fn seats(&self, player: EntrantId) -> bool {
        self.players.contains(&player)
    }

    /// Lives left per player (seat order) at a knockout table played for lives.
    pub fn lives_left(&self, lives: u8) -> Vec<(EntrantId, u8)> {
        self.players
            .iter()
            .map(|&p| {
                let lost = self.games.iter().filter(|g| g.loser() == Some(p)).count();
                (p, lives.saturating_sub(lost.min(255) as u8))
            })
            .collect()
    }

    /// Who plays the next game: everyone, or at a table for lives those with lives left.
    pub fn next_players(&self, format: &Format, stage: Stage) -> Vec<EntrantId> {
        if plays_for_lives(format, stage) {
            self.lives_left(format.lives)
                .into_iter()
                .filter(|(_, l)| *l > 0)
                .map(|(p, _)| p)
                .collect()
        } else {
            self.players.clone()
        }
    }

    /// Whether the table has played what it must (before any time-out).
    pub fn done(&self, format: &Format, stage: Stage) -> bool {
        if plays_for_lives(format, stage) {
            self.next_players(format, stage).len() <= 1
        } else {
            self.games.len() >= usize::from(format.games_per_round)
        }
    }

    /// The order players left a table played for lives, first out first.
    pub fn eliminated(&self, lives: u8) -> Vec<EntrantId> {
        let mut left: Vec<(EntrantId, u8)> = self.players.iter().map(|&p| (p, lives)).collect();
        let mut out = Vec::new();
        for game in &self.games {
            let Some(loser) = game.loser() else { continue };
            if let Some(entry) = left.iter_mut().find(|(p, _)| *p == loser) {
                entry.1 = entry.1.saturating_sub(1);
                if entry.1 == 0 {
                    out.push(loser);
                }
            }
        }
        out
    }
}

/// Knockout tables for lives play until one is left; everything else plays games for points.
pub fn plays_for_lives(format: &Format, stage: Stage) -> bool {
    stage.is_knockout() && format.knockout == KnockoutKind::Lives
}

/// The round's clock in unix milliseconds; a pause stops it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub minutes: u16,
    pub started_at: Option<i64>,
    pub paused_at: Option<i64>,
    /// Milliseconds paused before the running pause.
    pub paused_ms: i64,
    pub time_over: bool,
}

impl Clock {
    /// Milliseconds left at `now` (`None` before the start; 0 once over).
    pub fn remaining(&self, now: i64) -> Option<i64> {
        let started = self.started_at?;
        if self.time_over {
            return Some(0);
        }
        let until = self.paused_at.unwrap_or(now);
        let played = until - started - self.paused_ms;
        Some((i64::from(self.minutes) * 60_000 - played).max(0))
    }

    /// When the time runs out if nobody pauses (for the timer).
    pub fn ends_at(&self) -> Option<i64> {
        let started = self.started_at?;
        if self.paused_at.is_some() || self.time_over {
            return None;
        }
        Some(started + self.paused_ms + i64::from(self.minutes) * 60_000)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub stage: Stage,
    /// The draw's seed, shown once the round is drawn; its SHA-256 was shown before.
    pub seed: String,
    pub commitment: String,
    /// Who was drawn (the draw's input, for `verify`).
    pub drawn: Vec<EntrantId>,
    pub tables: Vec<RoundTable>,
    pub clock: Clock,
}

impl Round {
    pub fn complete(&self) -> bool {
        self.tables.iter().all(|t| t.closed)
    }

    pub fn table(&self, number: u32) -> Option<&RoundTable> {
        self.tables.iter().find(|t| t.number == number)
    }

    pub fn table_of(&self, player: EntrantId) -> Option<&RoundTable> {
        self.tables.iter().find(|t| t.seats(player))
    }

    pub fn seatings(&self) -> Vec<Vec<EntrantId>> {
        self.tables.iter().map(|t| t.players.clone()).collect()
    }
}
