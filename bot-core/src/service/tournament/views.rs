//! The read-only answers: the tournament at a glance, a round's tables, the standings, a
//! player's page, a draw checked, the corrections. Built from the stored tournament with the
//! names resolved.

use super::{
    KnockoutView, LogLine, OverviewView, PlayerRound, PlayerView, RoundView, StandingRow,
    StandingsView, TableCard, TeamRow, TournamentContent, TourneyError, tournament_content,
    tourney_error,
};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::store::ChatSettings;
use crate::tournament::{
    Round, Stage, TableGame, Tournament, final_order, plays_for_lives, standings, team_standings,
};

pub fn round_view(t: &Tournament, round: &Round, now: i64) -> RoundView {
    let lives = plays_for_lives(&t.format, round.stage);
    let last = t.current_round().map(|r| r.number) == Some(round.number);
    RoundView {
        tournament: t.name.clone(),
        number: round.number,
        stage: round.stage,
        seed: round.seed.clone(),
        commitment: round.commitment.clone(),
        next_commitment: last.then(|| t.next_commitment()),
        tables: round
            .tables
            .iter()
            .map(|table| TableCard {
                number: table.number,
                players: table
                    .players
                    .iter()
                    .map(|p| t.name_of(*p).to_string())
                    .collect(),
                mode: table.mode,
                games: table.games.len() as u32,
                closed: table.closed,
                pending: t
                    .pending
                    .iter()
                    .find(|p| p.round == round.number && p.table == table.number)
                    .map(|p| p.game),
                lives: lives.then(|| {
                    table
                        .lives_left(t.format.lives)
                        .into_iter()
                        .map(|(_, l)| l)
                        .collect()
                }),
            })
            .collect(),
        games_per_round: t.format.games_per_round,
        minutes: round.clock.minutes,
        remaining_ms: round.clock.remaining(now),
        paused: t.paused,
    }
}

pub fn standings_view(t: &Tournament) -> StandingsView {
    let lines = standings(t);
    let team_name = |id: Option<u32>| id.and_then(|i| t.team(i)).map(|team| team.name.clone());
    let knockout = t.rounds.iter().any(|r| r.stage.is_knockout()).then(|| {
        let still_in = t
            .running_round()
            .filter(|r| r.stage.is_knockout())
            .map(|r| r.drawn.iter().map(|p| t.name_of(*p).to_string()).collect())
            .unwrap_or_default();
        KnockoutView {
            decided: t.decided(),
            order: final_order(t)
                .into_iter()
                .map(|p| t.name_of(p).to_string())
                .collect(),
            still_in,
        }
    });
    StandingsView {
        tournament: t.name.clone(),
        format: t.format.clone(),
        rounds_done: t
            .rounds
            .iter()
            .filter(|r| r.stage == Stage::Points && r.complete())
            .count() as u32,
        teams: team_standings(t, &lines)
            .into_iter()
            .map(|team| TeamRow {
                place: team.place,
                name: team.name,
                members: team.members.len() as u32,
                tally: team.tally,
            })
            .collect(),
        rows: lines
            .into_iter()
            .map(|l| StandingRow {
                place: l.place,
                name: l.name,
                team: team_name(l.team),
                tally: l.tally,
                withdrawn: l.withdrawn,
            })
            .collect(),
        knockout,
    }
}

/// One player's page (computes the standings; for every player at once see [`player_views`]).
pub fn player_view(t: &Tournament, player: crate::tournament::EntrantId) -> Option<PlayerView> {
    let lines = standings(t);
    let order = if t.decided() {
        final_order(t)
    } else {
        Vec::new()
    };
    player_view_of(t, &lines, &order, player)
}

/// Every registered player's page, the standings computed once (the board's watcher).
pub fn player_views(t: &Tournament) -> Vec<(crate::tournament::EntrantId, PlayerView)> {
    let lines = standings(t);
    let order = if t.decided() {
        final_order(t)
    } else {
        Vec::new()
    };
    t.entrants
        .iter()
        .filter_map(|e| Some((e.id, player_view_of(t, &lines, &order, e.id)?)))
        .collect()
}

fn player_view_of(
    t: &Tournament,
    lines: &[crate::tournament::StandingLine],
    order: &[crate::tournament::EntrantId],
    player: crate::tournament::EntrantId,
) -> Option<PlayerView> {
    let entrant = t.entrant(player)?;
    let line = lines.iter().find(|l| l.entrant == player)?;
    let now = t.running_round().and_then(|r| {
        let table = r.table_of(player)?;
        let mates = table
            .players
            .iter()
            .filter(|p| **p != player)
            .map(|p| t.name_of(*p).to_string())
            .collect();
        Some((r.number, table.number, mates))
    });
    let final_place = order
        .iter()
        .position(|p| *p == player)
        .map(|i| i as u32 + 1);
    Some(PlayerView {
        tournament: t.name.clone(),
        name: entrant.name.clone(),
        team: entrant
            .team
            .and_then(|i| t.team(i))
            .map(|team| team.name.clone()),
        present: entrant.present,
        withdrawn: entrant.withdrawn,
        place: line.place,
        players: lines.len() as u32,
        tally: line.tally,
        rounds: line
            .rounds
            .iter()
            .map(|r| PlayerRound {
                round: r.round,
                stage: r.stage,
                table: r.table,
                place: r.place,
                tally: r.tally,
                closed: t
                    .round(r.round)
                    .ok()
                    .and_then(|round| round.table(r.table))
                    .is_some_and(|table| table.closed),
            })
            .collect(),
        now,
        final_place,
    })
}

/// A game in one line for the log: the halves' losers and the final's.
fn game_line(t: &Tournament, game: &TableGame) -> String {
    let mut parts: Vec<String> = game
        .halves
        .iter()
        .map(|h| t.name_of(h.loser).to_string())
        .collect();
    if let Some(f) = game.final_loser {
        parts.push(t.name_of(f).to_string());
    }
    parts.join(" / ")
}

impl Service {
    pub(super) async fn tournament_overview(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        let t = &row.state;
        let view = OverviewView {
            tournament: t.name.clone(),
            format: t.format.clone(),
            registered: t.entrants.len() as u32,
            present: t.entrants.iter().filter(|e| e.plays()).count() as u32,
            teams: t.teams.len() as u32,
            round: t.current_round().map(|r| round_view(t, r, self.now())),
            next_commitment: t.next_commitment(),
            finished: t.finished,
            next_stage: t
                .running_round()
                .is_none()
                .then(|| t.next_stage().map(|(s, _)| s))
                .flatten(),
        };
        Ok(tournament_content(TournamentContent::Overview(Box::new(
            view,
        ))))
    }

    pub(super) async fn tournament_standings(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        Ok(tournament_content(TournamentContent::Standings(Box::new(
            standings_view(&row.state),
        ))))
    }

    pub(super) async fn player_page(
        &self,
        cmd: &Command,
        name: Option<&str>,
    ) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        let t = &row.state;
        let player = match name {
            Some(name) => {
                t.entrant_named(name)
                    .map_err(|e| tourney_error(e.into()))?
                    .id
            }
            None => {
                t.entrant_of(&cmd.actor.user)
                    .ok_or(tourney_error(TourneyError::NotRegistered))?
                    .id
            }
        };
        let view = player_view(t, player).ok_or(tourney_error(TourneyError::NotRegistered))?;
        Ok(tournament_content(TournamentContent::Player(Box::new(
            view,
        ))))
    }

    pub(super) async fn round_tables(
        &self,
        cmd: &Command,
        round: Option<u32>,
    ) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        let t = &row.state;
        let round = match round {
            Some(n) => t.round(n).map_err(|e| tourney_error(e.into()))?,
            None => t.current_round().ok_or(tourney_error(
                crate::tournament::TournamentError::NoRoundRunning.into(),
            ))?,
        };
        let view = round_view(t, round, self.now());
        Ok(tournament_content(TournamentContent::Round(Box::new(view))))
    }

    pub(super) async fn verify_tournament_draw(
        &self,
        cmd: &Command,
        round: u32,
    ) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        let t = &row.state;
        let holds = t.verify_draw(round).map_err(|e| tourney_error(e.into()))?;
        let r = t.round(round).map_err(|e| tourney_error(e.into()))?;
        Ok(tournament_content(TournamentContent::Verified {
            round,
            holds,
            seed: r.seed.clone(),
            commitment: r.commitment.clone(),
        }))
    }

    pub(super) async fn tournament_log(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        let t = &row.state;
        let lines = t
            .corrections
            .iter()
            .map(|c| LogLine {
                at: c.at,
                by: c.by.clone(),
                round: c.round,
                table: c.table,
                game: c.game,
                before: c.before.as_ref().map(|g| game_line(t, g)),
                after: c.after.as_ref().map(|g| game_line(t, g)),
            })
            .collect();
        Ok(tournament_content(TournamentContent::Log {
            lines,
            time_zone: self.zone(settings),
        }))
    }
}
