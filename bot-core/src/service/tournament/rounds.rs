//! The director's steps through the rounds: the draw, the clock, pause, closing a table, the
//! end.

use super::views::round_view;
use super::{TournamentContent, TournamentNotice, TourneyError, director_only, tournament_notice};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::tournament::{TournamentError, final_order};

impl Service {
    pub(super) async fn draw_round(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let fresh = self.server_seed(self.new_seed());
        let (state, number) = self
            .change_tournament(cmd, |t, asker| {
                director_only(asker)?;
                Ok(t.draw_next(fresh.clone())?.number)
            })
            .await?;
        let round = state
            .round(number)
            .map_err(|e| super::tourney_error(e.into()))?;
        let view = round_view(&state, round, self.now());
        Ok(tournament_notice(
            TournamentNotice::Drawn {
                round: number,
                stage: round.stage,
            },
            Some(TournamentContent::Round(Box::new(view))),
        ))
    }

    pub(super) async fn start_round_clock(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let now = self.now();
        let (state, ()) = self
            .change_tournament(cmd, |t, asker| {
                director_only(asker)?;
                Ok(t.start_clock(now)?)
            })
            .await?;
        let round = state
            .current_round()
            .ok_or(super::tourney_error(TournamentError::NoRoundRunning.into()))?;
        Ok(tournament_notice(
            TournamentNotice::ClockStarted {
                round: round.number,
                minutes: round.clock.minutes,
            },
            None,
        ))
    }

    pub(super) async fn pause_tournament(
        &self,
        cmd: &Command,
        pause: bool,
    ) -> Result<Reply, ServiceError> {
        let now = self.now();
        self.change_tournament(cmd, |t, asker| {
            director_only(asker)?;
            if pause {
                Ok(t.pause(now)?)
            } else {
                Ok(t.resume(now)?)
            }
        })
        .await?;
        let notice = if pause {
            TournamentNotice::Paused
        } else {
            TournamentNotice::Resumed
        };
        Ok(tournament_notice(notice, None))
    }

    /// Closes a table: its players once the time ran out and no game is in play, the
    /// director at any time.
    pub(super) async fn close_round_table(
        &self,
        cmd: &Command,
        table: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let (_, (table, round_complete)) = self
            .change_tournament(cmd, |t, asker| {
                let round = t.running_round().ok_or(TournamentError::NoRoundRunning)?;
                let own = asker
                    .entrant
                    .and_then(|e| round.table_of(e))
                    .map(|t| t.number);
                let table = match (table, own) {
                    (Some(n), _) => n,
                    (None, Some(own)) => own,
                    (None, None) => return Err(TourneyError::NotSeated),
                };
                if own != Some(table) {
                    director_only(asker)?;
                }
                Ok((table, t.close_table(table, asker.director)?))
            })
            .await?;
        Ok(tournament_notice(
            TournamentNotice::TableClosed {
                table,
                round_complete,
            },
            None,
        ))
    }

    pub(super) async fn finish_tournament(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let (state, ()) = self
            .change_tournament(cmd, |t, asker| {
                director_only(asker)?;
                Ok(t.finish()?)
            })
            .await?;
        let winner = final_order(&state)
            .first()
            .map(|id| state.name_of(*id).to_string());
        let standings = super::views::standings_view(&state);
        Ok(tournament_notice(
            TournamentNotice::Finished { winner },
            Some(TournamentContent::Standings(Box::new(standings))),
        ))
    }
}
