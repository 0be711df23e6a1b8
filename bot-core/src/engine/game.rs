//! The game state machine: roll-off, rounds, halves, final, Blattschuss (R-GAME-*, R-RND-*,
//! R-SIX-*, R-SCORE-*). Every method either refuses (and changes nothing) or applies an action
//! completely and returns the events it caused.

use super::action::{Action, ActionError, ActionKind, Departure, Seat, StartError};
use super::dice::DiceRoller;
use super::eval::sorted;
use super::event::{Event, GameResult, Part, RevealedThrow, RoundSummary, Title};
use super::round::{Cup, Round};
use super::rules::{ExtraSet, FlipOnLastThrow, RuleSet};
use super::score::{DebtReason, Source, score_round, throw_debt};
use serde::{Deserialize, Serialize};

/// The most players at one table (a pub table; also what a chat message can show).
pub const MAX_PLAYERS: usize = 10;

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub left: bool,
}

/// A whole game (Partie).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    rules: RuleSet,
    players: Vec<Player>,
    part: Part,
    stock: u8,
    /// Deckel per seat.
    holdings: Vec<u8>,
    /// Losers of half 1 and half 2, in order.
    half_losers: Vec<Seat>,
    finalists: Option<[Seat; 2]>,
    round: Round,
    /// Out players who throw in at the next deal (R-SCORE-5).
    throw_ins: Vec<Seat>,
    last_round: Option<RoundSummary>,
    debts: Vec<(Seat, DebtReason)>,
    result: Option<GameResult>,
    rounds_played: u32,
}

fn roll<R: DiceRoller + ?Sized>(rng: &mut R) -> u8 {
    rng.roll_die()
}

fn roll3<R: DiceRoller + ?Sized>(rng: &mut R) -> [u8; 3] {
    [roll(rng), roll(rng), roll(rng)]
}

impl Game {
    /// Starts a game: validates the players, holds the roll-off (R-GAME-5) and deals the first
    /// round of half 1.
    pub fn start<R: DiceRoller + ?Sized>(
        rules: RuleSet,
        names: &[String],
        rng: &mut R,
    ) -> Result<(Game, Vec<Event>), StartError> {
        validate_names(names)?;
        let mut events = Vec::new();
        let mut contenders: Vec<Seat> = (0..names.len()).map(|i| Seat(i as u8)).collect();
        // Roll-off: highest pip total starts; the tied throw again (Stechen).
        let starter = loop {
            let rolls: Vec<(Seat, [u8; 3])> = contenders.iter().map(|s| (*s, roll3(rng))).collect();
            let best = rolls.iter().map(|(_, d)| pips(d)).max().unwrap_or(0);
            let tied: Vec<Seat> = rolls
                .iter()
                .filter(|(_, d)| pips(d) == best)
                .map(|(s, _)| *s)
                .collect();
            events.push(Event::RollOff { rolls });
            if let [only] = tied[..] {
                break only;
            }
            contenders = tied;
        };
        let deckel = rules.deckel;
        let mut game = Game {
            players: names
                .iter()
                .map(|n| Player {
                    name: n.trim().to_string(),
                    left: false,
                })
                .collect(),
            holdings: vec![0; names.len()],
            rules,
            part: Part::Half1,
            stock: deckel,
            half_losers: Vec::new(),
            finalists: None,
            round: Round {
                number: 0,
                starter,
                announcing: false,
                extras: ExtraSet::EMPTY,
                limit: None,
                turn: 0,
                cups: Vec::new(),
            },
            throw_ins: Vec::new(),
            last_round: None,
            debts: Vec::new(),
            result: None,
            rounds_played: 0,
        };
        game.start_part(Part::Half1, starter, rng, &mut events);
        Ok((game, events))
    }

    // ----- accessors -------------------------------------------------------------------

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn player_name(&self, seat: Seat) -> &str {
        self.players
            .get(seat.index())
            .map(|p| p.name.as_str())
            .unwrap_or("?")
    }
    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(|i| Seat(i as u8))
    }
    pub fn part(&self) -> Part {
        self.part
    }
    pub fn stock(&self) -> u8 {
        self.stock
    }
    pub fn holdings(&self, seat: Seat) -> u8 {
        self.holdings.get(seat.index()).copied().unwrap_or(0)
    }
    pub fn all_holdings(&self) -> &[u8] {
        &self.holdings
    }
    pub fn half_losers(&self) -> &[Seat] {
        &self.half_losers
    }
    pub fn finalists(&self) -> Option<[Seat; 2]> {
        self.finalists
    }
    pub fn round(&self) -> &Round {
        &self.round
    }
    pub fn last_round(&self) -> Option<&RoundSummary> {
        self.last_round.as_ref()
    }
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn debts(&self) -> &[(Seat, DebtReason)] {
        &self.debts
    }
    pub fn rounds_played(&self) -> u32 {
        self.rounds_played
    }
    pub fn throw_ins(&self) -> &[Seat] {
        &self.throw_ins
    }
    /// The player to act (the starter while he announces), if the game runs.
    pub fn current(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.round.current()
        }
    }

    /// Whether the seat may play in the current part: in a half every player, in the final
    /// the two finalists.
    fn eligible(&self, seat: Seat) -> bool {
        match self.finalists {
            Some(f) if self.part == Part::Final => f.contains(&seat),
            _ => true,
        }
    }

    /// Whether the seat takes part in rounds (R-SCORE-4): everybody while the stock holds
    /// Deckel, afterwards only those holding Deckel.
    pub fn is_active(&self, seat: Seat) -> bool {
        let Some(p) = self.players.get(seat.index()) else {
            return false;
        };
        !p.left && (self.holdings(seat) > 0 || (self.stock > 0 && self.eligible(seat)))
    }

    /// Whether the seat is out of the current half or final (and has not left the game).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(|p| !p.left) && !self.is_active(seat)
    }

    fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len()).map(|i| Seat(i as u8))
    }

    /// Seats in seating order starting at `from` (R-GAME-7).
    fn seats_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (0..n).map(move |k| Seat(((from.index() + k) % n) as u8))
    }

    /// The first active seat at or after `from`.
    fn next_active(&self, from: Seat) -> Option<Seat> {
        self.seats_from(from).find(|s| self.is_active(*s))
    }

    // ----- parts and rounds ------------------------------------------------------------

    fn start_part<R: DiceRoller + ?Sized>(
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
    fn begin_round<R: DiceRoller + ?Sized>(
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
    fn deal<R: DiceRoller + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
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
                let dice = roll3(rng);
                events.push(Event::Dealt { seat, dice });
                Cup::dealt(seat, dice, thrown_in)
            })
            .collect();
        self.round.turn = 0;
    }

    /// After every action: passes turns, stands for players without a choice, scores a
    /// finished round and moves on.
    fn settle<R: DiceRoller + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
        loop {
            if self.result.is_some() || self.round.announcing {
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
    fn stand(&mut self, index: usize, automatic: bool, events: &mut Vec<Event>) {
        let cup = &self.round.cups[index];
        events.push(Event::Stood {
            seat: cup.seat,
            throws: cup.throws,
            automatic,
        });
        self.finish_turn(index, events);
    }

    fn finish_turn(&mut self, index: usize, events: &mut Vec<Event>) {
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
    fn score<R: DiceRoller + ?Sized>(&mut self, rng: &mut R, events: &mut Vec<Event>) {
        let round = &self.round;
        let throws: Vec<_> = round.cups.iter().map(Cup::final_throw).collect();
        let holdings: Vec<u8> = round.cups.iter().map(|c| self.holdings(c.seat)).collect();
        let outcome = score_round(&self.rules, round.extras, self.stock, &holdings, &throws);
        let seat_at = |i: usize| round.cups[i].seat;

        let mut new_debts: Vec<(Seat, DebtReason)> = Vec::new();
        for cup in &round.cups {
            new_debts.extend(cup.seen_debts.iter().map(|r| (cup.seat, *r)));
        }
        new_debts.extend(outcome.debts.iter().map(|(i, r)| (seat_at(*i), *r)));

        let summary = RoundSummary {
            part: self.part,
            number: round.number,
            starter: round.starter,
            limit: round.limit.unwrap_or(1),
            extras: round.extras,
            throws: round
                .cups
                .iter()
                .enumerate()
                .map(|(i, c)| RevealedThrow {
                    seat: c.seat,
                    eval: outcome.evaluations[i],
                    throws: c.throws,
                    blind: c.blind,
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
        for (i, cup) in round.cups.iter().enumerate() {
            self.holdings[cup.seat.index()] = outcome.holdings_after[i];
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

    fn owe(&mut self, seat: Seat, reason: DebtReason, events: &mut Vec<Event>) {
        self.debts.push((seat, reason));
        events.push(Event::DebtOwed { seat, reason });
    }

    /// R-GAME-1, R-GAME-2, R-GAME-6, R-GAME-8.
    fn part_lost<R: DiceRoller + ?Sized>(
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

    fn finish(&mut self, loser: Option<Seat>, blattschuss: bool, events: &mut Vec<Event>) {
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

    // ----- actions ---------------------------------------------------------------------

    /// Applies `action` by `seat`. On error nothing changes.
    pub fn apply<R: DiceRoller + ?Sized>(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut R,
    ) -> Result<Vec<Event>, ActionError> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.perform(seat, action, rng, &mut events);
        self.settle(rng, &mut events);
        Ok(events)
    }

    /// `seat` is a player still in a running game.
    fn active_player(&self, seat: Seat) -> Result<(), ActionError> {
        if self.result.is_some() {
            return Err(ActionError::GameOver);
        }
        let player = self
            .players
            .get(seat.index())
            .ok_or(ActionError::UnknownPlayer)?;
        if player.left {
            return Err(ActionError::PlayerLeft);
        }
        Ok(())
    }

    /// Whether `action` by `seat` would be accepted now (no state change).
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.active_player(seat)?;
        let round = &self.round;
        match action {
            Action::ThrowIn => {
                if !self.rules.einwuerfeln {
                    return Err(ActionError::ThrowInNotAllowed);
                }
                if self.is_active(seat) {
                    return Err(ActionError::NotOut);
                }
                // R-GAME-8: only the two half-losers play the final.
                if !self.eligible(seat) {
                    return Err(ActionError::NotInRound);
                }
                if self.throw_ins.contains(&seat) || round.cup(seat).is_some() {
                    return Err(ActionError::AlreadyThrowingIn);
                }
                return Ok(());
            }
            Action::Announce { extras } => {
                if !round.announcing {
                    return Err(ActionError::NotAnnouncing);
                }
                if seat != round.starter {
                    return Err(ActionError::NotStarter {
                        starter: round.starter,
                    });
                }
                if let Some(extra) = extras.iter().find(|e| !self.rules.extras.contains(*e)) {
                    return Err(ActionError::ExtraNotInRules { extra });
                }
                return Ok(());
            }
            _ => {}
        }
        if round.announcing {
            // The starter's "throw" starts the round without extras; nothing else is possible.
            return if *action == Action::Throw && seat == round.starter {
                Ok(())
            } else if seat == round.starter
                || self.is_active(seat)
                || self.throw_ins.contains(&seat)
            {
                Err(ActionError::AnnouncementPending)
            } else {
                Err(ActionError::NotInRound)
            };
        }
        let index = round.cup_index(seat).ok_or(ActionError::NotInRound)?;
        let cup = &round.cups[index];
        if *action == Action::Look {
            return Ok(());
        }
        if cup.done {
            return Err(ActionError::AlreadyFinished);
        }
        if index != round.turn {
            return Err(ActionError::NotYourTurn {
                current: round.cups[round.turn].seat,
            });
        }
        let left = round.throws_left(index);
        let limit = round.max_throws(index);
        match action {
            Action::Throw => {
                if left == 0 {
                    return Err(ActionError::NoThrowsLeft { limit });
                }
            }
            Action::Keep { values } => {
                // Answers about dice he has not seen would let him peek without looking.
                if !cup.looked {
                    return Err(ActionError::LookFirst);
                }
                if values.is_empty() {
                    return Err(ActionError::NothingToKeep);
                }
                if let Some(v) = values.iter().find(|v| !(1..=6).contains(*v)) {
                    return Err(ActionError::InvalidDie { value: *v });
                }
                if left == 0 {
                    return Err(ActionError::NoThrowsLeft { limit });
                }
                self.keep_positions(cup, values)?;
            }
            Action::Flip => {
                if !self.rules.sixes {
                    return Err(ActionError::SixesNotAllowed);
                }
                if !cup.looked {
                    return Err(ActionError::LookFirst);
                }
                if cup.must_throw() {
                    return Err(ActionError::MustThrowAfterFlip);
                }
                if cup.sixes_in_cup() < 2 {
                    return Err(ActionError::NoTwoSixes);
                }
                if left == 0 && !round.may_flip_on_last(index, &self.rules) {
                    return Err(ActionError::FlipNeedsThrowLeft);
                }
            }
            Action::Stand => {
                if cup.must_throw() {
                    return Err(ActionError::MustThrowAfterFlip);
                }
            }
            Action::Blind => {
                if !self.rules.blind {
                    return Err(ActionError::BlindNotAllowed);
                }
                if cup.looked || cup.throws > 1 {
                    return Err(ActionError::BlindAfterLooking);
                }
            }
            Action::Timeout => {}
            Action::Look | Action::ThrowIn | Action::Announce { .. } => {}
        }
        Ok(())
    }

    /// The positions of the dice `values` would set aside, or why they cannot.
    fn keep_positions(&self, cup: &Cup, values: &[u8]) -> Result<Vec<usize>, ActionError> {
        let mut taken = [false; 3];
        let mut positions = Vec::with_capacity(values.len());
        for &v in values {
            let free =
                (0..3).find(|&i| !cup.aside[i] && !taken[i] && !cup.reroll[i] && cup.dice[i] == v);
            match free {
                Some(i) => {
                    taken[i] = true;
                    positions.push(i);
                }
                None => {
                    let rethrow_six = (0..3)
                        .any(|i| !cup.aside[i] && !taken[i] && cup.reroll[i] && cup.dice[i] == v);
                    return Err(if rethrow_six {
                        ActionError::MustRethrowSix
                    } else {
                        ActionError::NotInCup { value: v }
                    });
                }
            }
        }
        let remaining = (0..3).filter(|&i| !cup.aside[i] && !taken[i]).count();
        if remaining == 0 {
            return Err(ActionError::MustLeaveDieInCup);
        }
        Ok(positions)
    }

    fn perform<R: DiceRoller + ?Sized>(
        &mut self,
        seat: Seat,
        action: &Action,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        match action {
            Action::ThrowIn => {
                // Joins at the next deal (this round's, while its starter still announces).
                self.throw_ins.push(seat);
                events.push(Event::ThrowInRegistered { seat });
                return;
            }
            Action::Announce { extras } => {
                self.round.extras = self.rules.extras_in_play(*extras);
                events.push(Event::ExtrasAnnounced {
                    starter: seat,
                    extras: self.round.extras,
                });
                self.deal(rng, events);
                return;
            }
            Action::Throw if self.round.announcing => {
                events.push(Event::ExtrasAnnounced {
                    starter: seat,
                    extras: ExtraSet::EMPTY,
                });
                self.deal(rng, events);
                return;
            }
            _ => {}
        }
        let Some(index) = self.round.cup_index(seat) else {
            return;
        };
        let is_starter = seat == self.round.starter;
        match action {
            Action::Look => self.look(index, events),
            Action::Throw => {
                // Throwing implies looking: the starter's first throw becomes public (R-RND-4).
                self.look(index, events);
                let cup = &mut self.round.cups[index];
                // A public throw with a debt that is now thrown over still counts (R-DEBT-*).
                if cup.open
                    && let Some(reason) = throw_debt(cup.dice, cup.hand(), &self.rules)
                {
                    cup.seen_debts.push(reason);
                }
                for i in 0..3 {
                    if !cup.aside[i] {
                        cup.dice[i] = roll(rng);
                    }
                }
                cup.reroll = [false; 3];
                cup.throws += 1;
                cup.looked = true;
                // R-RND-4: the starter throws 1 and 2 openly, his third under the cup.
                cup.open = is_starter && cup.throws <= 2;
                events.push(Event::Thrown {
                    seat,
                    number: cup.throws,
                    dice: cup.dice,
                    open: cup.open,
                });
                if self.round.throws_left(index) == 0
                    && !self.round.may_flip_on_last(index, &self.rules)
                {
                    self.finish_turn(index, events);
                }
            }
            Action::Keep { values } => {
                let cup = &self.round.cups[index];
                if let Ok(positions) = self.keep_positions(cup, values) {
                    let cup = &mut self.round.cups[index];
                    // Setting aside ends the public throw "from the hand": a debt it showed
                    // counts now (R-DEBT-*), or it would be lost when the rest is thrown over.
                    if cup.open
                        && let Some(reason) = throw_debt(cup.dice, cup.hand(), &self.rules)
                    {
                        cup.seen_debts.push(reason);
                    }
                    for i in positions {
                        cup.aside[i] = true;
                    }
                    events.push(Event::Kept {
                        seat,
                        values: values.clone(),
                    });
                }
            }
            Action::Flip => {
                let last = self.round.throws_left(index) == 0;
                let in_place = last && self.rules.flip_on_last_throw == FlipOnLastThrow::InPlace;
                let bonus = last && self.rules.flip_on_last_throw == FlipOnLastThrow::ExtraThrow;
                let cup = &mut self.round.cups[index];
                let sixes: Vec<usize> = (0..3)
                    .filter(|&i| !cup.aside[i] && cup.dice[i] == 6)
                    .collect();
                // Three sixes become two ones; two sixes one.
                let ones = if sixes.len() >= 3 { 2 } else { 1 };
                for &i in &sixes[..ones] {
                    cup.dice[i] = 1;
                    cup.flipped[i] = true;
                    cup.aside[i] = true;
                }
                if !in_place {
                    cup.reroll[sixes[ones]] = true;
                }
                if bonus {
                    cup.bonus += 1;
                }
                events.push(Event::Flipped {
                    seat,
                    ones: ones as u8,
                    bonus,
                    in_place,
                });
                if in_place {
                    // Turned in place on the last throw: nothing left to do but stand.
                    self.stand(index, true, events);
                }
            }
            Action::Stand => self.stand(index, false, events),
            Action::Blind => {
                self.round.cups[index].blind = true;
                events.push(Event::WentBlind { seat });
                self.finish_turn(index, events);
            }
            Action::Timeout => {
                events.push(Event::TimedOut { seat });
                self.finish_turn(index, events);
            }
            Action::ThrowIn | Action::Announce { .. } => {}
        }
    }

    /// The owner looks under his cup; the starter's first throw becomes public (R-RND-4).
    fn look(&mut self, index: usize, events: &mut Vec<Event>) {
        let is_starter = self.round.cups[index].seat == self.round.starter;
        let cup = &mut self.round.cups[index];
        if cup.looked {
            return;
        }
        cup.looked = true;
        events.push(Event::Looked { seat: cup.seat });
        if is_starter && cup.throws == 1 && !cup.done {
            cup.open = true;
            events.push(Event::Opened {
                seat: cup.seat,
                dice: cup.dice,
            });
        }
    }

    /// What `seat` may do now (for menus and buttons). Keep and flip are offered by what the
    /// player's own dice allow.
    pub fn available_actions(&self, seat: Seat) -> Vec<ActionKind> {
        let candidates = [
            Action::Announce {
                extras: ExtraSet::EMPTY,
            },
            Action::Look,
            Action::Throw,
            Action::Flip,
            Action::Stand,
            Action::Blind,
            Action::ThrowIn,
        ];
        // Like keepable values, turning is offered only after looking: offering it before
        // would tell the owner whether he has two sixes without looking (R-RND-4, blind).
        let looked = self.round.cup(seat).is_some_and(|c| c.looked);
        let mut kinds: Vec<ActionKind> = candidates
            .iter()
            .filter(|a| (**a != Action::Flip || looked) && self.check(seat, a).is_ok())
            .map(Action::kind)
            .collect();
        if self.keepable_values(seat).is_some() {
            kinds.push(ActionKind::Keep);
        }
        kinds
    }

    /// The values `seat` could set aside now (each die under the cup once), if any.
    pub fn keepable_values(&self, seat: Seat) -> Option<Vec<u8>> {
        let index = self.round.cup_index(seat)?;
        let cup = &self.round.cups[index];
        if !cup.looked {
            return None; // offering values would show the dice before he looks
        }
        let values: Vec<u8> = (0..3)
            .filter(|&i| !cup.aside[i] && !cup.reroll[i])
            .map(|i| cup.dice[i])
            .collect();
        let first = *values.first()?;
        self.check(
            seat,
            &Action::Keep {
                values: vec![first],
            },
        )
        .is_ok()
        .then_some(values)
    }

    /// Every way `seat` may set dice aside now, as the values to keep (sorted, each set once,
    /// fewest dice first). Each is a `Keep` the engine accepts, so menus never offer a keep
    /// it would refuse (after a flip, say, when the six to re-throw stays in the cup).
    pub fn keep_options(&self, seat: Seat) -> Vec<Vec<u8>> {
        let Some(values) = self.keepable_values(seat) else {
            return Vec::new();
        };
        let n = values.len();
        let mut options: Vec<Vec<u8>> = Vec::new();
        for mask in 1u32..(1 << n) {
            let mut chosen: Vec<u8> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| values[i])
                .collect();
            chosen.sort_unstable();
            if options.contains(&chosen) {
                continue;
            }
            let keep = Action::Keep {
                values: chosen.clone(),
            };
            if self.check(seat, &keep).is_ok() {
                options.push(chosen);
            }
        }
        options.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
        options
    }

    // ----- leaving and ending ----------------------------------------------------------

    /// A player leaves (or is kicked): his Deckel go back to the stock. With fewer than two
    /// players left, or when a finalist leaves the final, the game is abandoned. Only a
    /// player who leaves of his own accord owes the house rule's round (`quitter_pays`): a
    /// kicked one did not choose to go.
    pub fn remove_player<R: DiceRoller + ?Sized>(
        &mut self,
        seat: Seat,
        departure: Departure,
        rng: &mut R,
    ) -> Result<Vec<Event>, ActionError> {
        self.active_player(seat)?;
        let mut events = Vec::new();
        let returned = self.holdings[seat.index()];
        self.players[seat.index()].left = true;
        self.holdings[seat.index()] = 0;
        self.stock += returned;
        self.throw_ins.retain(|s| *s != seat);
        events.push(Event::PlayerLeft { seat, returned });
        if self.rules.quitter_pays && departure == Departure::Left {
            self.owe(seat, DebtReason::Quit, &mut events);
        }
        let remaining = self.players.iter().filter(|p| !p.left).count();
        let finalist_left =
            self.part == Part::Final && self.finalists.is_some_and(|f| f.contains(&seat));
        if remaining < 2 || finalist_left {
            self.finish(None, false, &mut events);
            return Ok(events);
        }
        let next = Seat(((seat.index() + 1) % self.players.len()) as u8);
        let next_starter = self.next_active(next).unwrap_or(next);
        let round = &mut self.round;
        if round.announcing {
            if round.starter == seat {
                round.starter = next_starter;
            }
        } else if let Some(index) = round.cup_index(seat) {
            let starter_unfinished = seat == round.starter && round.limit.is_none();
            round.cups.remove(index);
            if index < round.turn {
                round.turn -= 1;
            }
            if starter_unfinished || round.cups.len() < 2 {
                // Nobody has a limit to follow (or too few cups): deal the round anew.
                let starter = if seat == round.starter {
                    next_starter
                } else {
                    round.starter
                };
                self.round.number -= 1;
                events.push(Event::RoundRedealt { starter });
                self.begin_round(starter, rng, &mut events);
            }
        }
        self.settle(rng, &mut events);
        Ok(events)
    }

    /// Ends the game without a loser (closed by its opener or an admin, or idle).
    pub fn abandon(&mut self) -> Result<Vec<Event>, ActionError> {
        if self.result.is_some() {
            return Err(ActionError::GameOver);
        }
        let mut events = Vec::new();
        self.finish(None, false, &mut events);
        Ok(events)
    }
}

fn pips(d: &[u8; 3]) -> u8 {
    d.iter().sum()
}

fn validate_names(names: &[String]) -> Result<(), StartError> {
    if names.len() < 2 {
        return Err(StartError::TooFewPlayers);
    }
    if names.len() > MAX_PLAYERS {
        return Err(StartError::TooManyPlayers { max: MAX_PLAYERS });
    }
    for (i, n) in names.iter().enumerate() {
        let n = n.trim();
        if n.is_empty() {
            return Err(StartError::EmptyName);
        }
        if names[..i].iter().any(|m| m.trim() == n) {
            return Err(StartError::DuplicateName(n.to_string()));
        }
    }
    Ok(())
}

/// The sorted dice of a cup, for display.
pub fn shown(dice: [u8; 3]) -> [u8; 3] {
    sorted(dice)
}
