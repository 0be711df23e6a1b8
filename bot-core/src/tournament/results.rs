//! The running round: its clock, the games the tables enter, closing a table, and the
//! director's corrections.

use super::error::TournamentError;
use super::game::TableGame;
use super::round::Round;
use super::state::{Correction, Tournament};

/// What became of a table after an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entered {
    pub round: u32,
    pub table: u32,
    pub game: u32,
    pub table_closed: bool,
    pub round_complete: bool,
}

impl Tournament {
    fn running_mut(&mut self) -> Result<&mut Round, TournamentError> {
        match self.rounds.last_mut() {
            Some(round) if !round.complete() => Ok(round),
            _ => Err(TournamentError::NoRoundRunning),
        }
    }

    /// Starts the running round's clock.
    pub fn start_clock(&mut self, now: i64) -> Result<(), TournamentError> {
        self.check_open()?;
        let round = self.running_mut()?;
        if round.clock.started_at.is_some() {
            return Err(TournamentError::ClockRunning);
        }
        round.clock.started_at = Some(now);
        Ok(())
    }

    /// The director's pause: the clock stops, no table may enter a game.
    pub fn pause(&mut self, now: i64) -> Result<(), TournamentError> {
        self.check_open()?;
        if self.paused {
            return Err(TournamentError::Paused);
        }
        if let Some(round) = self.rounds.last_mut()
            && round.clock.started_at.is_some()
            && !round.clock.time_over
        {
            round.clock.paused_at = Some(now);
        }
        self.paused = true;
        Ok(())
    }

    pub fn resume(&mut self, now: i64) -> Result<(), TournamentError> {
        if !self.paused {
            return Err(TournamentError::NotPaused);
        }
        if let Some(round) = self.rounds.last_mut()
            && let Some(since) = round.clock.paused_at.take()
        {
            round.clock.paused_ms += now - since;
        }
        self.paused = false;
        Ok(())
    }

    /// The round's time ran out (the timer calls it at `ends_at`): the games in play are
    /// finished scharf, no new game begins. Tables that had no game in play close with
    /// `close_table`. True when it changed anything.
    pub fn time_over(&mut self, now: i64) -> bool {
        let Ok(round) = self.running_mut() else {
            return false;
        };
        let due = round.clock.ends_at().is_some_and(|end| end <= now);
        if due {
            round.clock.time_over = true;
        }
        due
    }

    /// Enters game `game` (counted from 1) of `table` in round `round`.
    pub fn record_game(
        &mut self,
        round: u32,
        table: u32,
        game: u32,
        mut result: TableGame,
    ) -> Result<Entered, TournamentError> {
        self.check_open()?;
        if self.paused {
            return Err(TournamentError::Paused);
        }
        let format = self.format.clone();
        let current = self.running_mut()?;
        if current.number != round {
            return Err(TournamentError::NotCurrentRound {
                asked: round,
                current: current.number,
            });
        }
        let (stage, time_over) = (current.stage, current.clock.time_over);
        let entry = self.table_mut(round, table)?;
        check_game_number(entry.games.len() as u32, table, game)?;
        if entry.closed {
            return Err(TournamentError::TableComplete(table));
        }
        if !same_players(&result.players, &entry.next_players(&format, stage)) {
            return Err(TournamentError::WrongPlayers(table));
        }
        result.scharf |= time_over;
        result.validate()?;
        entry.games.push(result);
        // After the time ran out only the game in play is finished; a table for lives goes
        // on (every game scharf) until it is decided.
        let lives = super::round::plays_for_lives(&format, stage);
        entry.closed = entry.done(&format, stage) || (time_over && !lives);
        let table_closed = entry.closed;
        // An entry still waiting for this game is settled by it.
        self.pending
            .retain(|p| !(p.round == round && p.table == table && p.game <= game));
        Ok(Entered {
            round,
            table,
            game,
            table_closed,
            round_complete: self.rounds.last().is_some_and(Round::complete),
        })
    }

    /// Closes a table with no game in play after the time ran out (or, for the director, at
    /// any time: a table that cannot go on).
    pub fn close_table(&mut self, table: u32, director: bool) -> Result<bool, TournamentError> {
        self.check_open()?;
        let format = self.format.clone();
        let current = self.running_mut()?;
        let (round, stage, time_over) = (current.number, current.stage, current.clock.time_over);
        let entry = self.table_mut(round, table)?;
        if entry.closed {
            return Err(TournamentError::TableComplete(table));
        }
        // A table for lives is decided by its games, not by the clock.
        let lives = super::round::plays_for_lives(&format, stage);
        let may_close = entry.done(&format, stage) || (time_over && !lives);
        if !director && !may_close {
            return Err(TournamentError::TableStillPlaying { table });
        }
        entry.closed = true;
        Ok(self.rounds.last().is_some_and(Round::complete))
    }

    /// The director replaces (or with `None` deletes) an entered game; kept in the log. Only
    /// the running round or the last one while the next is not drawn.
    pub fn correct_game(
        &mut self,
        at: (i64, &str, &str),
        place: (u32, u32, u32),
        result: Option<TableGame>,
    ) -> Result<(), TournamentError> {
        self.check_open()?;
        let (now, by, reason) = at;
        let (round, table, game) = place;
        if self.rounds.last().map(|r| r.number) != Some(round) {
            self.round(round)?;
            return Err(TournamentError::RoundClosed(round));
        }
        let format = self.format.clone();
        let (stage, time_over) = {
            let r = self.round(round)?;
            (r.stage, r.clock.time_over)
        };
        let entry = self.table_mut(round, table)?;
        let index = usize::try_from(game.saturating_sub(1)).unwrap_or(usize::MAX);
        let before = entry
            .games
            .get(index)
            .cloned()
            .ok_or(TournamentError::UnknownGame { table, game })?;
        if let Some(after) = &result {
            if !same_players(&after.players, &before.players) {
                return Err(TournamentError::WrongPlayers(table));
            }
            after.validate()?;
        }
        let mut games = entry.games.clone();
        match &result {
            Some(after) => games[index] = after.clone(),
            None => {
                games.remove(index);
            }
        }
        entry.games = games;
        // A table that lost a game it needs plays on; one decided by the change closes.
        let lives = super::round::plays_for_lives(&format, stage);
        entry.closed = entry.done(&format, stage) || (entry.closed && time_over && !lives);
        self.corrections.push(Correction {
            at: now,
            by: by.to_string(),
            round,
            table,
            game,
            before: Some(before),
            after: result,
            reason: reason.to_string(),
        });
        Ok(())
    }
}

fn check_game_number(entered: u32, table: u32, game: u32) -> Result<(), TournamentError> {
    let next = entered + 1;
    if game < next {
        Err(TournamentError::GameEntered { table, game })
    } else if game > next {
        Err(TournamentError::GameAhead {
            table,
            entered,
            next,
        })
    } else {
        Ok(())
    }
}

fn same_players(a: &[super::game::EntrantId], b: &[super::game::EntrantId]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort();
    b.sort();
    a == b
}
