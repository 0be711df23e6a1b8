//! Parts and rounds: the roll-off's halves and the final, dealing, standing, scoring a
//! round, a lost half, the game's end (R-GAME-*, R-RND-*, R-SCORE-*).

use super::{DiceMode, Game, roll3};
use crate::engine::action::Seat;
use crate::engine::dice::DiceRoller;
use crate::engine::event::{Event, GameResult, Part, RevealedThrow, RoundSummary, Title};
use crate::engine::round::{Cup, Round};
use crate::engine::rules::ExtraSet;
use crate::engine::score::{DebtReason, FinalThrow, Source, score_round};

impl Game {
    pub(super) fn start_part<R: DiceRoller + ?Sized>(
        &mut self,
        part: Part,
        starter: Seat,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        self.part = part;
        self.stock = self.rules.deckel;
        self.holdings.iter_mut().for_each(|h| *h = 0);
        self.throw_ins.clear();
        let players = self.seats().filter(|s| self.is_active(*s)).collect();
        events.push(Event::PartStarted {
            part,
            starter,
            players,
        });
        self.round.number = 0;
        self.begin_round(starter, rng, events);
    }

    /// Begins the next round, started by `starter` (or the next active seat).
    pub(super) fn begin_round<R: DiceRoller + ?Sized>(
        &mut self,
        starter: Seat,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        let starter = self.next_active(starter).unwrap_or(starter);
        let number = self.round.number + 1;
        // R-RANK-6: with announced extras the first round of a half is classic.
        let announcing = self.rules.extras_announced && !self.rules.extras.is_empty() && number > 1;
        self.round = Round {
            number,
            starter,
            announcing,
            extras: if self.rules.extras_announced {
                ExtraSet::EMPTY
            } else {
                self.rules.extras
            },
            limit: None,
            turn: 0,
            cups: Vec::new(),
        };
        events.push(Event::RoundStarted {
            part: self.part,
            number,
            starter,
            announcing,
        });
        if !announcing {
            self.deal(rng, events);
        }
    }

    /// R-RND-1: every participant throws once under the cup.
    pub(super) fn deal<R: DiceRoller + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
        if self.mode == DiceMode::Tally {
            // The dice fall on the real table; the round is entered whole when it is over.
            self.round.announcing = false;
            return;
        }
        let starter = self.round.starter;
        let throw_ins = std::mem::take(&mut self.throw_ins);
        let participants: Vec<(Seat, bool)> = self
            .seats_from(starter)
            .filter_map(|s| {
                if self.is_active(s) {
                    Some((s, false))
                } else if throw_ins.contains(&s)
                    && !self.players[s.index()].left
                    && self.eligible(s)
                {
                    Some((s, true))
                } else {
                    None
                }
            })
            .collect();
        self.round.announcing = false;
        self.round.cups = participants
            .into_iter()
            .map(|(seat, thrown_in)| {
                let dice = roll3(seat, rng);
                events.push(Event::Dealt { seat, dice });
                Cup::dealt(seat, dice, thrown_in)
            })
            .collect();
        self.round.turn = 0;
    }

    /// After every action: passes turns, stands for players without a choice, scores a
    /// finished round and moves on.
    pub(super) fn settle<R: DiceRoller + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
        loop {
            if self.result.is_some() || self.round.announcing || self.mode == DiceMode::Tally {
                return;
            }
            let before = self.round.turn;
            while self.round.turn < self.round.cups.len() && self.round.cups[self.round.turn].done {
                self.round.turn += 1;
            }
            let turn = self.round.turn;
            if turn >= self.round.cups.len() {
                self.score(rng, events);
                continue;
            }
            if turn != before {
                events.push(Event::TurnPassed {
                    seat: self.round.cups[turn].seat,
                });
            }
            if self.round.has_choice(turn, &self.rules) {
                return;
            }
            let seat = self.round.cups[turn].seat;
            let throws = self.round.cups[turn].throws;
            events.push(Event::Stood {
                seat,
                throws,
                automatic: true,
            });
            self.finish_turn(turn, events);
        }
    }

    /// Marks the cup at `index` done; the starter's finish sets the limit (R-RND-2).
    pub(super) fn stand(&mut self, index: usize, automatic: bool, events: &mut Vec<Event>) {
        let cup = &self.round.cups[index];
        events.push(Event::Stood {
            seat: cup.seat,
            throws: cup.throws,
            automatic,
        });
        self.finish_turn(index, events);
    }

    pub(super) fn finish_turn(&mut self, index: usize, events: &mut Vec<Event>) {
        let cup = &mut self.round.cups[index];
        cup.done = true;
        cup.reroll = [false; 3];
        if cup.seat == self.round.starter && self.round.limit.is_none() {
            let limit = cup.throws - cup.bonus;
            let seat = cup.seat;
            self.round.limit = Some(limit);
            events.push(Event::LimitSet { limit });
            // R-TITLE-1
            if limit == 1 && self.rules.pisswurf {
                events.push(Event::TitleAwarded {
                    seat,
                    title: Title::Pisswurf,
                });
            }
        }
    }

    /// R-RND-5, R-SCORE-*: reveal, score, move Deckel, end the half or begin the next round.
    pub(super) fn score<R: DiceRoller + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
        let throws: Vec<(Seat, FinalThrow)> = self
            .round
            .cups
            .iter()
            .map(|c| (c.seat, c.final_throw()))
            .collect();
        let seen_debts: Vec<(Seat, DebtReason)> = self
            .round
            .cups
            .iter()
            .flat_map(|c| c.seen_debts.iter().map(|r| (c.seat, *r)))
            .collect();
        self.score_throws(&throws, seen_debts, rng, events);
    }

    /// Scores the round's final `throws` (in turn order), adds the debts they cause to
    /// `new_debts`, moves the Deckel and goes on to the next round or part.
    pub(super) fn score_throws<R: DiceRoller + ?Sized>(
        &mut self,
        throws: &[(Seat, FinalThrow)],
        mut new_debts: Vec<(Seat, DebtReason)>,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        let round = &self.round;
        let finals: Vec<FinalThrow> = throws.iter().map(|(_, t)| *t).collect();
        let holdings: Vec<u8> = throws.iter().map(|(s, _)| self.holdings(*s)).collect();
        let outcome = score_round(&self.rules, self.in_play(), self.stock, &holdings, &finals);
        let seat_at = |i: usize| throws[i].0;
        new_debts.extend(outcome.debts.iter().map(|(i, r)| (seat_at(*i), *r)));

        let summary = RoundSummary {
            part: self.part,
            number: round.number,
            starter: round.starter,
            limit: round.limit.unwrap_or(1),
            extras: round.extras,
            throws: throws
                .iter()
                .enumerate()
                .map(|(i, (seat, t))| RevealedThrow {
                    seat: *seat,
                    eval: outcome.evaluations[i],
                    throws: t.throws,
                    blind: t.blind,
                    deckel: outcome.holdings_after[i],
                })
                .collect(),
            ranking: outcome.ranking.iter().map(|i| seat_at(*i)).collect(),
            winner: seat_at(outcome.winner),
            loser: seat_at(outcome.loser),
            penalty: outcome.penalty,
            moved: outcome.moved,
            source: outcome.source,
            stock: outcome.stock_after,
            out: outcome.out.iter().map(|i| seat_at(*i)).collect(),
            half_lost_by: outcome.half_lost_by.map(seat_at),
        };
        if outcome.source == Source::All {
            // R-SCORE-3: every Deckel, wherever it was, goes to the loser.
            self.holdings.iter_mut().for_each(|h| *h = 0);
        }
        for (i, (seat, _)) in throws.iter().enumerate() {
            self.holdings[seat.index()] = outcome.holdings_after[i];
        }
        self.stock = outcome.stock_after;
        self.rounds_played += 1;
        let loser = summary.loser;
        let half_lost_by = summary.half_lost_by;
        events.push(Event::RoundScored(Box::new(summary.clone())));
        self.last_round = Some(summary);
        for (seat, reason) in new_debts {
            self.owe(seat, reason, events);
        }
        match half_lost_by {
            Some(seat) => self.part_lost(seat, rng, events),
            None => self.begin_round(loser, rng, events),
        }
    }

    pub(super) fn owe(&mut self, seat: Seat, reason: DebtReason, events: &mut Vec<Event>) {
        self.debts.push((seat, reason));
        events.push(Event::DebtOwed { seat, reason });
    }

    /// R-GAME-1, R-GAME-2, R-GAME-6, R-GAME-8.
    pub(super) fn part_lost<R: DiceRoller + ?Sized>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        let part = self.part;
        events.push(Event::PartLost { part, seat });
        match part {
            Part::Half1 => {
                self.half_losers.push(seat);
                self.start_part(Part::Half2, seat, rng, events);
            }
            Part::Half2 => {
                self.half_losers.push(seat);
                let first = self.half_losers[0];
                if first == seat {
                    self.finish(Some(seat), true, events);
                } else if self.players[first.index()].left {
                    // The loser of half 1 has left: no final can be played.
                    self.finish(Some(seat), false, events);
                } else {
                    let finalists = [first, seat];
                    self.finalists = Some(finalists);
                    events.push(Event::FinalStarted {
                        finalists,
                        starter: seat,
                    });
                    self.start_part(Part::Final, seat, rng, events);
                }
            }
            Part::Final => self.finish(Some(seat), false, events),
        }
    }

    pub(super) fn finish(
        &mut self,
        loser: Option<Seat>,
        blattschuss: bool,
        events: &mut Vec<Event>,
    ) {
        if let Some(seat) = loser {
            self.owe(seat, DebtReason::GameLost, events);
        }
        let result = GameResult {
            loser,
            blattschuss,
            abandoned: loser.is_none(),
            debts: self.debts.clone(),
        };
        events.push(Event::GameOver(result.clone()));
        self.round.cups.iter_mut().for_each(|c| c.done = true);
        self.result = Some(result);
    }
}
