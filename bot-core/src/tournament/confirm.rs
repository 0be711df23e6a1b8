//! A real-cup table's entries: its captain (or, when he cannot, another player at the table)
//! enters a game, a second player at the table confirms it; only then it counts. As the cash
//! box takes a member's payment.

use super::error::TournamentError;
use super::game::EntrantId;
use super::results::Entered;
use super::state::{PendingGame, Tournament};

impl Tournament {
    /// The entry waiting at `table` of the running round.
    pub fn pending_at(&self, table: u32) -> Option<&PendingGame> {
        let round = self.running_round()?.number;
        self.pending
            .iter()
            .find(|p| p.round == round && p.table == table)
    }

    /// Enters a game for confirmation; it is checked now as it will be counted (a wrong
    /// entry is refused at once). A new entry of the same table replaces the waiting one.
    pub fn propose_game(&mut self, entry: PendingGame) -> Result<(), TournamentError> {
        let round = self
            .running_round()
            .ok_or(TournamentError::NoRoundRunning)?;
        if round.number == entry.round
            && let Some(table) = round.table(entry.table)
            && !table.seats(entry.by)
        {
            return Err(TournamentError::NotAtTable {
                player: entry.by,
                table: entry.table,
            });
        }
        // The same checks as counting it, on a copy.
        let mut trial = self.clone();
        trial.record_game(entry.round, entry.table, entry.game, entry.result.clone())?;
        self.pending
            .retain(|p| !(p.round == entry.round && p.table == entry.table));
        self.pending.push(entry);
        Ok(())
    }

    /// A second player at the table confirms the waiting entry: it counts.
    pub fn confirm_game(&mut self, table: u32, by: EntrantId) -> Result<Entered, TournamentError> {
        let pending = self
            .pending_at(table)
            .cloned()
            .ok_or(TournamentError::NothingToConfirm(table))?;
        if pending.by == by {
            return Err(TournamentError::OwnEntry);
        }
        let seated = self
            .running_round()
            .and_then(|r| r.table(table))
            .is_some_and(|t| t.seats(by));
        if !seated {
            return Err(TournamentError::NotAtTable { player: by, table });
        }
        let entered = self.record_game(pending.round, table, pending.game, pending.result)?;
        self.pending
            .retain(|p| !(p.round == entered.round && p.table == table));
        Ok(entered)
    }

    /// Drops the waiting entry of `table` (a player at the table disagrees, or its author
    /// takes it back).
    pub fn reject_game(
        &mut self,
        table: u32,
        by: EntrantId,
    ) -> Result<PendingGame, TournamentError> {
        let pending = self
            .pending_at(table)
            .cloned()
            .ok_or(TournamentError::NothingToConfirm(table))?;
        let seated = self
            .running_round()
            .and_then(|r| r.table(table))
            .is_some_and(|t| t.seats(by));
        if !seated {
            return Err(TournamentError::NotAtTable { player: by, table });
        }
        self.pending
            .retain(|p| !(p.round == pending.round && p.table == table));
        Ok(pending)
    }
}
