//! One game at a tournament table as the office records it: per half the order the players
//! went out and its loser, the final's loser, and whether the round's time ran out during it
//! ("scharf"). A digital table's game is read from the engine's events; a real-cup table's
//! captain enters it.

use crate::engine::{Event, Part, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use thiserror::Error;

/// A registered player, numbered from 1 in the order of registration.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct EntrantId(pub u32);

impl fmt::Display for EntrantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One half: who went out when (players going out in the same round share a group) and who
/// lost it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HalfResult {
    /// First out first. A captain who enters only the loser leaves everyone else in one group.
    pub out: Vec<Vec<EntrantId>>,
    pub loser: EntrantId,
}

impl HalfResult {
    /// A half of which only the loser is known.
    pub fn lost_by(loser: EntrantId, players: &[EntrantId]) -> HalfResult {
        let rest: Vec<EntrantId> = players.iter().copied().filter(|p| *p != loser).collect();
        HalfResult {
            out: if rest.is_empty() { vec![] } else { vec![rest] },
            loser,
        }
    }
}

/// A finished tournament game.
///
/// Scharf (time ran out while it was in play): the next lost half ends the game and its loser
/// loses it — after the first half there is no second, after the second no final; a final
/// under way is played out as usual.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableGame {
    /// Who played it, in seat order.
    pub players: Vec<EntrantId>,
    pub halves: Vec<HalfResult>,
    pub final_loser: Option<EntrantId>,
    pub scharf: bool,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameError {
    #[error("a game needs at least two players")]
    TooFewPlayers,
    #[error("player {0} is named twice in the game")]
    Twice(EntrantId),
    #[error("player {0} does not play this game")]
    NotPlaying(EntrantId),
    #[error("half {half} does not name every player once")]
    HalfIncomplete { half: usize },
    #[error("a game has two halves (one only when the time ran out during the first)")]
    Halves,
    #[error("the halves were lost by different players: the final's loser is missing")]
    FinalMissing,
    #[error("the final is played by the two halves' losers")]
    FinalNotAHalfLoser,
    #[error("one player lost both halves: there is no final")]
    NoFinalAfterDurchmarsch,
}

impl TableGame {
    /// The game from its losers only (halves, and the final when the halves' losers differ).
    pub fn from_losers(
        players: &[EntrantId],
        halves: &[EntrantId],
        final_loser: Option<EntrantId>,
        scharf: bool,
    ) -> TableGame {
        TableGame {
            players: players.to_vec(),
            halves: halves
                .iter()
                .map(|l| HalfResult::lost_by(*l, players))
                .collect(),
            final_loser,
            scharf,
        }
    }

    /// Who lost the game: the final's loser, the loser of both halves (Durchmarsch), or under
    /// time the loser of the last half played.
    pub fn loser(&self) -> Option<EntrantId> {
        if let Some(loser) = self.final_loser {
            return Some(loser);
        }
        match self.halves.as_slice() {
            [a, b] if a.loser == b.loser => Some(a.loser),
            [.., last] if self.scharf => Some(last.loser),
            _ => None,
        }
    }

    /// R-GAME-2: the loser lost both halves.
    pub fn durchmarsch(&self) -> bool {
        matches!(self.halves.as_slice(), [a, b] if a.loser == b.loser)
    }

    pub fn halves_lost_by(&self, player: EntrantId) -> u32 {
        self.halves.iter().filter(|h| h.loser == player).count() as u32
    }

    pub fn validate(&self) -> Result<(), GameError> {
        if self.players.len() < 2 {
            return Err(GameError::TooFewPlayers);
        }
        let mut seen = BTreeSet::new();
        if let Some(p) = self.players.iter().find(|p| !seen.insert(**p)) {
            return Err(GameError::Twice(*p));
        }
        let halves_fit = match self.halves.len() {
            1 => self.scharf,
            2 => true,
            _ => false,
        };
        if !halves_fit {
            return Err(GameError::Halves);
        }
        for (i, half) in self.halves.iter().enumerate() {
            self.check_half(i + 1, half)?;
        }
        self.check_final()
    }

    fn check_half(&self, number: usize, half: &HalfResult) -> Result<(), GameError> {
        let mut named = BTreeSet::new();
        for p in half.out.iter().flatten().chain([&half.loser]) {
            if !self.players.contains(p) {
                return Err(GameError::NotPlaying(*p));
            }
            if !named.insert(*p) {
                return Err(GameError::HalfIncomplete { half: number });
            }
        }
        if named.len() != self.players.len() || half.out.iter().any(Vec::is_empty) {
            return Err(GameError::HalfIncomplete { half: number });
        }
        Ok(())
    }

    fn check_final(&self) -> Result<(), GameError> {
        let losers: Vec<EntrantId> = self.halves.iter().map(|h| h.loser).collect();
        match (losers.as_slice(), self.final_loser) {
            ([a, b], Some(_)) if a == b => Err(GameError::NoFinalAfterDurchmarsch),
            ([a, b], Some(f)) if f != *a && f != *b => Err(GameError::FinalNotAHalfLoser),
            ([_], Some(_)) => Err(GameError::Halves),
            ([a, b], None) if a != b && !self.scharf => Err(GameError::FinalMissing),
            _ => Ok(()),
        }
    }

    /// The game as the engine played it at a digital table: `entrants[seat]` is who sat in
    /// the seat. `None` while the game has not ended (or it was abandoned).
    pub fn from_events(events: &[Event], entrants: &[EntrantId]) -> Option<TableGame> {
        let who = |seat: Seat| entrants.get(seat.index()).copied();
        let mut players = Vec::new();
        let mut halves: Vec<HalfResult> = Vec::new();
        let mut out: Vec<Vec<EntrantId>> = Vec::new();
        let mut final_loser = None;
        let mut ended = false;
        for event in events {
            match event {
                Event::PartStarted {
                    part, players: p, ..
                } if *part == Part::Half1 => {
                    players = p.iter().filter_map(|s| who(*s)).collect();
                }
                Event::PartStarted { .. } => out.clear(),
                Event::RoundScored(summary) => note_out(&mut out, summary.out.iter(), &who),
                Event::PenaltyEntered(entered) => note_out(&mut out, entered.out.iter(), &who),
                Event::PartLost { part, seat } => {
                    let loser = who(*seat)?;
                    if *part == Part::Final {
                        final_loser = Some(loser);
                    } else {
                        let out = std::mem::take(&mut out)
                            .into_iter()
                            .map(|g| g.into_iter().filter(|p| *p != loser).collect())
                            .filter(|g: &Vec<EntrantId>| !g.is_empty())
                            .collect();
                        halves.push(HalfResult { out, loser });
                    }
                }
                Event::GameOver(result) => ended = !result.abandoned,
                _ => {}
            }
        }
        let game = TableGame {
            players,
            halves,
            final_loser,
            scharf: false,
        };
        (ended && game.validate().is_ok()).then_some(game)
    }
}

/// Adds the players a round put out (those not out before) as one group.
fn note_out<'a>(
    out: &mut Vec<Vec<EntrantId>>,
    seats: impl Iterator<Item = &'a Seat>,
    who: &impl Fn(Seat) -> Option<EntrantId>,
) {
    let group: Vec<EntrantId> = seats
        .filter_map(|s| who(*s))
        .filter(|p| !out.iter().flatten().any(|q| q == p))
        .collect();
    if !group.is_empty() {
        out.push(group);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u32]) -> Vec<EntrantId> {
        v.iter().map(|i| EntrantId(*i)).collect()
    }

    #[test]
    fn the_final_decides_otherwise_a_durchmarsch_r_game_2() {
        let players = ids(&[1, 2, 3, 4]);
        let game = TableGame::from_losers(&players, &ids(&[1, 2]), Some(EntrantId(2)), false);
        assert_eq!(game.validate(), Ok(()));
        assert_eq!(game.loser(), Some(EntrantId(2)));
        let durch = TableGame::from_losers(&players, &ids(&[3, 3]), None, false);
        assert_eq!(durch.validate(), Ok(()));
        assert!(durch.durchmarsch());
        assert_eq!(durch.loser(), Some(EntrantId(3)));
    }

    #[test]
    fn scharf_ends_the_game_with_the_next_lost_half() {
        let players = ids(&[1, 2, 3]);
        let after_first = TableGame::from_losers(&players, &ids(&[2]), None, true);
        assert_eq!(after_first.validate(), Ok(()));
        assert_eq!(after_first.loser(), Some(EntrantId(2)));
        let after_second = TableGame::from_losers(&players, &ids(&[1, 3]), None, true);
        assert_eq!(after_second.loser(), Some(EntrantId(3)));
        let not_scharf = TableGame::from_losers(&players, &ids(&[2]), None, false);
        assert_eq!(not_scharf.validate(), Err(GameError::Halves));
    }

    #[test]
    fn wrong_games_are_refused() {
        let players = ids(&[1, 2, 3]);
        let no_final = TableGame::from_losers(&players, &ids(&[1, 2]), None, false);
        assert_eq!(no_final.validate(), Err(GameError::FinalMissing));
        let outsider = TableGame::from_losers(&players, &ids(&[1, 2]), Some(EntrantId(3)), false);
        assert_eq!(outsider.validate(), Err(GameError::FinalNotAHalfLoser));
        let stranger = TableGame::from_losers(&players, &ids(&[9, 2]), Some(EntrantId(2)), false);
        assert_eq!(
            stranger.validate(),
            Err(GameError::NotPlaying(EntrantId(9)))
        );
        let both = TableGame::from_losers(&players, &ids(&[1, 1]), Some(EntrantId(1)), false);
        assert_eq!(both.validate(), Err(GameError::NoFinalAfterDurchmarsch));
    }
}
