//! A player leaves or is kicked, and a game is abandoned.

use super::Game;
use crate::engine::action::{ActionError, Departure, Seat};
use crate::engine::dice::DiceRoller;
use crate::engine::event::{Event, Part};
use crate::engine::score::DebtReason;

impl Game {
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
        if round.announcing || round.cups.is_empty() {
            // Nothing dealt (announcing, or a tally round): the next player starts instead.
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
