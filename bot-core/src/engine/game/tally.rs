//! Tally mode: the dice fall on a real table and the game keeps score. Each round comes in
//! whole — every participant's final throw, or only who got how many Deckel — and is scored
//! by the same functions as a rolled round (R-RND-2, R-SCORE-*), so a tally game and
//! `judge` agree on every round.

use super::{DiceMode, Game, NoDice};
use crate::engine::action::Seat;
use crate::engine::event::{EnteredPenalty, Event};
use crate::engine::score::{FinalThrow, ThrowProblem, check_round_throws, move_deckel};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One participant's final throw as told at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnteredThrow {
    pub seat: Seat,
    pub throw: FinalThrow,
}

/// A round played at a real table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum RoundEntry {
    /// Every participant's final throw in turn order, the starter first.
    Throws { throws: Vec<EnteredThrow> },
    /// Only the outcome: `loser` gets `deckel` from the stock, or from `from` (the round's
    /// winner) once the stock is empty.
    Penalty {
        loser: Seat,
        deckel: u8,
        from: Option<Seat>,
    },
    /// Schock aus (R-SCORE-3): `loser` gets every Deckel and loses the half.
    SchockAus { loser: Seat },
}

/// Why an entered round was refused. A refused round changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TallyError {
    #[error("this game's dice are rolled by the bot")]
    NotTally,
    #[error("the game is over")]
    GameOver,
    #[error("the round's starter has not announced the extras yet")]
    AnnouncementPending { starter: Seat },
    #[error("{seat} does not play this round")]
    NotInRound { seat: Seat },
    #[error("{seat} is named twice")]
    Twice { seat: Seat },
    #[error("{seat} plays this round but is not named")]
    Missing { seat: Seat },
    #[error("the round must be listed in turn order")]
    Order { expected: Vec<Seat> },
    #[error("{seat}: {problem:?}")]
    Throw { seat: Seat, problem: ThrowProblem },
    #[error("a round costs 1 to {max} Deckel")]
    PenaltyRange { max: u8 },
    #[error("the Deckel come from the stock while it holds any")]
    FromWhileStock,
    #[error("the stock is empty: name who hands over the Deckel")]
    FromMissing,
    #[error("the loser cannot hand Deckel to himself")]
    FromLoser,
}

impl Game {
    /// Starts a game played with real dice: no roll-off (it happened at the table); `starter`
    /// begins, or the first seat.
    pub fn start_tally(
        rules: crate::engine::RuleSet,
        names: &[String],
        starter: Option<Seat>,
    ) -> Result<(Game, Vec<Event>), crate::engine::StartError> {
        let starter = starter.unwrap_or(Seat(0));
        let mut game = Game::seated(rules, names, starter, DiceMode::Tally)?;
        let mut events = Vec::new();
        game.start_part(
            crate::engine::Part::Half1,
            starter,
            &mut NoDice,
            &mut events,
        );
        Ok((game, events))
    }

    pub fn is_tally(&self) -> bool {
        self.mode == DiceMode::Tally
    }

    /// Who plays the round now to be entered, in turn order from its starter: every active
    /// player and those throwing in (R-SCORE-5).
    pub fn participants(&self) -> Vec<Seat> {
        self.participants_with(&[])
    }

    /// [`Game::participants`], with `joining` throwing in as well.
    fn participants_with(&self, joining: &[Seat]) -> Vec<Seat> {
        self.seats_from(self.round.starter)
            .filter(|s| {
                self.is_active(*s)
                    || ((self.throw_ins.contains(s) || joining.contains(s))
                        && !self.players[s.index()].left
                        && self.eligible(*s))
            })
            .collect()
    }

    /// Out players the entry names who may throw in (R-SCORE-5): at a real table, whoever is
    /// out and throws along anyway is throwing in; nobody registers it first.
    fn throwing_in(&self, entry: &RoundEntry) -> Vec<Seat> {
        if !self.rules.einwuerfeln {
            return Vec::new();
        }
        let named: Vec<Seat> = match entry {
            RoundEntry::Throws { throws } => throws.iter().map(|t| t.seat).collect(),
            RoundEntry::Penalty { loser, from, .. } => {
                std::iter::once(*loser).chain(*from).collect()
            }
            RoundEntry::SchockAus { loser } => vec![*loser],
        };
        let mut joining: Vec<Seat> = named
            .into_iter()
            .filter(|s| self.is_out(*s) && self.eligible(*s) && !self.throw_ins.contains(s))
            .collect();
        joining.dedup();
        joining
    }

    /// Scores a round played at the table. On error nothing changes.
    pub fn enter_round(&mut self, entry: &RoundEntry) -> Result<Vec<Event>, TallyError> {
        self.check_entry(entry)?;
        let mut events = Vec::new();
        let joining = self.throwing_in(entry);
        let participants = self.participants_with(&joining);
        for seat in joining {
            events.push(Event::ThrowInRegistered { seat });
        }
        self.throw_ins.clear();
        match entry {
            RoundEntry::Throws { throws } => {
                let finals: Vec<(Seat, FinalThrow)> =
                    throws.iter().map(|t| (t.seat, t.throw)).collect();
                let starter_throws = finals.first().map_or(1, |(_, t)| t.throws);
                self.round.limit = Some(starter_throws.min(crate::engine::round::MAX_THROWS));
                self.score_throws(&finals, Vec::new(), &mut NoDice, &mut events);
            }
            RoundEntry::Penalty {
                loser,
                deckel,
                from,
            } => self.enter_penalty(&participants, *loser, *deckel, *from, false, &mut events),
            RoundEntry::SchockAus { loser } => {
                let all = self.rules.deckel;
                self.enter_penalty(&participants, *loser, all, None, true, &mut events);
            }
        }
        Ok(events)
    }

    /// Whether `entry` would be accepted now (no state change).
    pub fn check_entry(&self, entry: &RoundEntry) -> Result<(), TallyError> {
        if self.mode != DiceMode::Tally {
            return Err(TallyError::NotTally);
        }
        if self.result.is_some() {
            return Err(TallyError::GameOver);
        }
        if self.round.announcing {
            return Err(TallyError::AnnouncementPending {
                starter: self.round.starter,
            });
        }
        let participants = self.participants_with(&self.throwing_in(entry));
        let playing = |seat: Seat| {
            participants
                .contains(&seat)
                .then_some(())
                .ok_or(TallyError::NotInRound { seat })
        };
        match entry {
            RoundEntry::Throws { throws } => {
                let seats: Vec<Seat> = throws.iter().map(|t| t.seat).collect();
                for (i, seat) in seats.iter().enumerate() {
                    playing(*seat)?;
                    if seats[..i].contains(seat) {
                        return Err(TallyError::Twice { seat: *seat });
                    }
                }
                if let Some(seat) = participants.iter().find(|s| !seats.contains(s)) {
                    return Err(TallyError::Missing { seat: *seat });
                }
                if seats != participants {
                    return Err(TallyError::Order {
                        expected: participants,
                    });
                }
                let finals: Vec<FinalThrow> = throws.iter().map(|t| t.throw).collect();
                check_round_throws(&self.rules, &finals).map_err(|(i, problem)| {
                    TallyError::Throw {
                        seat: seats[i],
                        problem,
                    }
                })?;
            }
            RoundEntry::Penalty {
                loser,
                deckel,
                from,
            } => {
                playing(*loser)?;
                if !(1..=self.rules.deckel).contains(deckel) {
                    return Err(TallyError::PenaltyRange {
                        max: self.rules.deckel,
                    });
                }
                match (self.stock > 0, from) {
                    (true, Some(_)) => return Err(TallyError::FromWhileStock),
                    (false, None) => return Err(TallyError::FromMissing),
                    (_, Some(from)) if from == loser => return Err(TallyError::FromLoser),
                    (_, Some(from)) => playing(*from)?,
                    (true, None) => {}
                }
            }
            RoundEntry::SchockAus { loser } => playing(*loser)?,
        }
        Ok(())
    }

    /// A round of which only the outcome was told: the Deckel move as in a scored round.
    fn enter_penalty(
        &mut self,
        participants: &[Seat],
        loser: Seat,
        deckel: u8,
        from: Option<Seat>,
        schock_aus: bool,
        events: &mut Vec<Event>,
    ) {
        let index = |seat: Seat| participants.iter().position(|s| *s == seat);
        let Some(loser_at) = index(loser) else {
            return;
        };
        let holdings: Vec<u8> = participants.iter().map(|s| self.holdings(*s)).collect();
        let moved = move_deckel(
            &self.rules,
            self.stock,
            &holdings,
            from.and_then(index),
            loser_at,
            deckel,
            schock_aus,
        );
        if schock_aus {
            // R-SCORE-3: every Deckel, wherever it was, goes to the loser.
            self.holdings.iter_mut().for_each(|h| *h = 0);
        }
        for (seat, held) in participants.iter().zip(&moved.holdings_after) {
            self.holdings[seat.index()] = *held;
        }
        self.stock = moved.stock_after;
        self.rounds_played += 1;
        self.last_round = None;
        let half_lost_by = moved.half_lost_by.map(|i| participants[i]);
        events.push(Event::PenaltyEntered(Box::new(EnteredPenalty {
            part: self.part,
            number: self.round.number,
            starter: self.round.starter,
            loser,
            from,
            penalty: deckel,
            moved: moved.moved,
            source: moved.source,
            stock: moved.stock_after,
            out: moved.out.iter().map(|i| participants[*i]).collect(),
            half_lost_by,
        })));
        // A quick entry does not tell how the throws fell: no R-DEBT-* debts (enter the
        // throws for those).
        match half_lost_by {
            Some(seat) => self.part_lost(seat, &mut NoDice, events),
            None => self.begin_round(loser, &mut NoDice, events),
        }
    }
}
