//! Schockturnier as chat commands (issue 35): the office ([`crate::tournament`]) decides,
//! this module finds the place's tournament, checks who may do what, stores each change as a
//! compare-and-set on the tournament's version, and answers with views and notices.
//!
//! A tournament belongs to a club (a Discord server, a Telegram group: `ChatId::club`), so
//! its director's channel and its tables' channels, threads or topics all reach it.

pub mod board;
mod clock;
mod digital;
mod entries;
pub mod error;
mod exports;
mod registration;
pub mod reply;
pub mod request;
mod rounds;
mod views;

pub use board::{BOARD_PLATFORM, BoardLinks};
pub use error::TourneyError;
pub use reply::{
    ExportFile, ExportKind, GameLosers, GameRow, KnockoutView, LogLine, OverviewView, PlayerRound,
    PlayerView, RoundView, StandingRow, StandingsView, TableCard, TeamRow, TournamentContent,
    TournamentNotice,
};
pub use request::{GameEntry, TournamentRequest};
pub use views::{player_view, player_views, round_view, standings_view};

use super::reply::{Content, Notice, Reply};
use super::{Command, Langs, Service, ServiceError};
use crate::store::{ChatSettings, StoreError, TournamentRow};
use crate::tournament::{EntrantId, Tournament};

/// How often a change is decided again when another command stored first.
const RETRIES: usize = 8;

/// Who is asking, as the tournament knows him.
pub(super) struct Asker {
    pub director: bool,
    pub entrant: Option<EntrantId>,
    pub name: String,
}

impl Service {
    pub(super) async fn tournament(
        &self,
        cmd: &Command,
        request: &TournamentRequest,
        settings: &ChatSettings,
        langs: Langs,
    ) -> Result<Reply, ServiceError> {
        use TournamentRequest as R;
        let mut reply = match request {
            R::Overview => self.tournament_overview(cmd).await,
            R::Create { name, format } => {
                self.create_tournament(cmd, name, format.as_deref()).await
            }
            R::Format { assignments } => self.tournament_format(cmd, assignments).await,
            R::Register { name, team } => {
                self.register_entrant(cmd, name.as_deref(), team.as_deref())
                    .await
            }
            R::CheckIn { name } => self.check_in_entrant(cmd, name.as_deref()).await,
            R::Withdraw { name } => self.withdraw_entrant(cmd, name.as_deref()).await,
            R::Draw => self.draw_round(cmd).await,
            R::StartClock => self.start_round_clock(cmd).await,
            R::Pause => self.pause_tournament(cmd, true).await,
            R::Resume => self.pause_tournament(cmd, false).await,
            R::Result { table, game, entry } => self.enter_game(cmd, *table, *game, entry).await,
            R::Confirm { table } => self.confirm_entry(cmd, *table, true).await,
            R::Reject { table } => self.confirm_entry(cmd, *table, false).await,
            R::CloseTable { table } => self.close_round_table(cmd, *table).await,
            R::Correct {
                round,
                table,
                game,
                entry,
            } => {
                self.correct_entry(cmd, (*round, *table, *game), entry.as_ref())
                    .await
            }
            R::Standings => self.tournament_standings(cmd).await,
            R::Player { name } => self.player_page(cmd, name.as_deref()).await,
            R::Tables { round } => self.round_tables(cmd, *round).await,
            R::Verify { round } => self.verify_tournament_draw(cmd, *round).await,
            R::Log => self.tournament_log(cmd, settings).await,
            R::Finish => self.finish_tournament(cmd).await,
            R::Help => Ok(tournament_content(TournamentContent::Help)),
            R::PlayHere { table } => self.bind_table_here(cmd, *table).await,
            R::Export { kind } => self.tournament_export(cmd, *kind, settings).await,
            R::Board => self.board_links(cmd).await,
        }?;
        reply.lang = langs.public;
        reply.actor_lang = langs.actor;
        Ok(reply)
    }

    /// The club's running tournament, or the refusal that names how to start one.
    pub(super) async fn running_tournament(
        &self,
        cmd: &Command,
    ) -> Result<TournamentRow, ServiceError> {
        self.store
            .running_tournament(&cmd.chat.club())
            .await?
            .ok_or(tourney_error(TourneyError::NoTournament))
    }

    /// The club's newest tournament (a finished one still answers standings and pages).
    pub(super) async fn latest_tournament(
        &self,
        cmd: &Command,
    ) -> Result<TournamentRow, ServiceError> {
        self.store
            .latest_tournament(&cmd.chat.club())
            .await?
            .ok_or(tourney_error(TourneyError::NoTournament))
    }

    pub(super) fn asker(&self, cmd: &Command, row: &TournamentRow) -> Asker {
        let entrant = row.state.entrant_of(&cmd.actor.user).map(|e| e.id);
        Asker {
            director: cmd.actor.admin || row.created_by == cmd.actor.user.0,
            entrant,
            name: super::table::clean_name(&cmd.actor.name),
        }
    }

    /// Loads the running tournament, lets `change` decide on a copy and stores the copy if
    /// nobody stored meanwhile (else decides again on the newer state). A refusal stores
    /// nothing.
    pub(super) async fn change_tournament<T>(
        &self,
        cmd: &Command,
        mut change: impl FnMut(&mut Tournament, &Asker) -> Result<T, TourneyError>,
    ) -> Result<(Tournament, T), ServiceError> {
        for _ in 0..RETRIES {
            let row = self.running_tournament(cmd).await?;
            let asker = self.asker(cmd, &row);
            let mut next = row.state.clone();
            // A round whose time ran out meanwhile is over before anything else happens.
            next.time_over(self.now());
            let answer = change(&mut next, &asker).map_err(tourney_error)?;
            match self
                .store
                .save_tournament(row.id, row.version, &next, self.now())
                .await
            {
                Ok(_) => return Ok((next, answer)),
                Err(StoreError::Stale) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ServiceError::Busy)
    }
}

pub(super) fn tourney_error(e: TourneyError) -> ServiceError {
    ServiceError::Tournament(e)
}

/// Refuses what only the director may do.
pub(super) fn director_only(asker: &Asker) -> Result<(), TourneyError> {
    if asker.director {
        Ok(())
    } else {
        Err(TourneyError::DirectorOnly)
    }
}

fn tournament_content(content: TournamentContent) -> Reply {
    Reply {
        content: Some(Content::Tournament(Box::new(content))),
        ..Reply::default()
    }
}

fn tournament_notice(notice: TournamentNotice, content: Option<TournamentContent>) -> Reply {
    Reply {
        notices: vec![Notice::Tournament(notice)],
        content: content.map(|c| Content::Tournament(Box::new(c))),
        ..Reply::default()
    }
}
