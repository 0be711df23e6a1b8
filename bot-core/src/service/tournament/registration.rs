//! Creating a tournament, its format, registration, check-in and withdrawals.

use super::{
    TournamentContent, TournamentNotice, TourneyError, director_only, tournament_content,
    tournament_notice, tourney_error,
};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError, table};
use crate::store::CreatedTournament;
use crate::tournament::{
    EntrantId, Format, FormatError, FormatKey, Registration, Tournament, TournamentError,
};

/// The words that check in everyone registered.
const EVERYONE: [&str; 4] = ["alle", "all", "everyone", "jeder"];

impl Service {
    pub(super) async fn create_tournament(
        &self,
        cmd: &Command,
        name: &str,
        format: Option<&str>,
    ) -> Result<Reply, ServiceError> {
        if !cmd.actor.admin {
            return Err(tourney_error(TourneyError::DirectorOnly));
        }
        let format = Format::preset(format.unwrap_or("punkte"))
            .map_err(|e| tourney_error(TourneyError::from(e)))?;
        let name = table::clean_name(name);
        if name.is_empty() {
            return Err(tourney_error(TournamentError::NoName.into()));
        }
        let seed = self.server_seed(self.new_seed());
        let state = Tournament::new(&name, format.clone(), seed);
        let club = cmd.chat.club();
        match self
            .store
            .create_tournament((&club, &cmd.chat), &state, self.now(), &cmd.actor.user.0)
            .await?
        {
            CreatedTournament::Created(_) => Ok(tournament_notice(
                TournamentNotice::Created {
                    name,
                    format: format.name.clone(),
                },
                Some(TournamentContent::Format(Box::new(format))),
            )),
            CreatedTournament::Running(row) => Err(tourney_error(TourneyError::AlreadyRunning {
                name: row.state.name,
            })),
        }
    }

    pub(super) async fn tournament_format(
        &self,
        cmd: &Command,
        assignments: &[(String, String)],
    ) -> Result<Reply, ServiceError> {
        if assignments.is_empty() {
            let row = self.latest_tournament(cmd).await?;
            return Ok(tournament_content(TournamentContent::Format(Box::new(
                row.state.format,
            ))));
        }
        let (state, ()) = self
            .change_tournament(cmd, |t, asker| {
                director_only(asker)?;
                for (key, value) in assignments {
                    let key = FormatKey::from_word(key)
                        .ok_or_else(|| FormatError::UnknownKey(key.clone()))?;
                    t.set_format(key, value)?;
                }
                Ok(())
            })
            .await?;
        Ok(tournament_notice(
            TournamentNotice::FormatChanged,
            Some(TournamentContent::Format(Box::new(state.format))),
        ))
    }

    pub(super) async fn register_entrant(
        &self,
        cmd: &Command,
        name: Option<&str>,
        team: Option<&str>,
    ) -> Result<Reply, ServiceError> {
        let (state, ids) = self
            .change_tournament(cmd, |t, asker| {
                // A late entry, once the rounds have begun, is there: he plays the next one.
                let present = !t.rounds.is_empty();
                let entry = |name: String, user| Registration {
                    name,
                    user,
                    team: team.map(str::to_string),
                    present,
                    computer: false,
                };
                match name {
                    // The director registers one or several (`Anna, Ben, Cem`), all or none.
                    Some(names) => {
                        director_only(asker)?;
                        names
                            .split(',')
                            .map(table::clean_name)
                            .filter(|n| !n.is_empty())
                            .map(|n| Ok(t.register(entry(n, None))?))
                            .collect::<Result<Vec<EntrantId>, TourneyError>>()
                    }
                    None => Ok(vec![self_entry(t, asker, &cmd.actor.user, entry)?]),
                }
            })
            .await?;
        let entrants: Vec<(String, u32)> = ids
            .iter()
            .map(|id| (state.name_of(*id).to_string(), id.0))
            .collect();
        let first = ids
            .first()
            .and_then(|id| state.entrant(*id))
            .ok_or(tourney_error(TournamentError::NoName.into()))?;
        Ok(tournament_notice(
            TournamentNotice::Registered {
                entrants,
                team: first
                    .team
                    .and_then(|t| state.team(t))
                    .map(|t| t.name.clone()),
                present: first.present,
            },
            None,
        ))
    }

    pub(super) async fn check_in_entrant(
        &self,
        cmd: &Command,
        name: Option<&str>,
    ) -> Result<Reply, ServiceError> {
        let everyone = name.is_some_and(|n| EVERYONE.contains(&n.trim().to_lowercase().as_str()));
        let (state, ids) = self
            .change_tournament(cmd, |t, asker| {
                let ids: Vec<EntrantId> = if everyone {
                    director_only(asker)?;
                    t.entrants
                        .iter()
                        .filter(|e| !e.present)
                        .map(|e| e.id)
                        .collect()
                } else {
                    vec![named_or_linked(t, asker, &cmd.actor.user, name)?]
                };
                for id in &ids {
                    t.check_in(*id)?;
                }
                Ok(ids)
            })
            .await?;
        let names: Vec<String> = ids
            .iter()
            .map(|id| state.name_of(*id).to_string())
            .collect();
        Ok(tournament_notice(
            TournamentNotice::CheckedIn {
                name: names.join(", "),
            },
            None,
        ))
    }

    pub(super) async fn withdraw_entrant(
        &self,
        cmd: &Command,
        name: Option<&str>,
    ) -> Result<Reply, ServiceError> {
        let (state, id) = self
            .change_tournament(cmd, |t, asker| {
                let id = named_or_linked(t, asker, &cmd.actor.user, name)?;
                t.withdraw(id)?;
                Ok(id)
            })
            .await?;
        Ok(tournament_notice(
            TournamentNotice::Withdrawn {
                name: state.name_of(id).to_string(),
            },
            None,
        ))
    }
}

/// The asker registers himself: a new entry, or the entry of his name the director made
/// without an account (linked to him now).
fn self_entry(
    t: &mut Tournament,
    asker: &super::Asker,
    user: &crate::model::ids::UserId,
    entry: impl Fn(String, Option<crate::model::ids::UserId>) -> Registration,
) -> Result<EntrantId, TourneyError> {
    if asker.entrant.is_some() {
        return Err(TournamentError::NameTaken(asker.name.clone()).into());
    }
    if let Some(id) = t.link_user(&asker.name, user) {
        return Ok(id);
    }
    Ok(t.register(entry(asker.name.clone(), Some(user.clone())))?)
}

/// The player a command names (the director may name anyone), or the asker himself (linked
/// to the entry of his name the director made, if he has none).
fn named_or_linked(
    t: &mut Tournament,
    asker: &super::Asker,
    user: &crate::model::ids::UserId,
    name: Option<&str>,
) -> Result<EntrantId, TourneyError> {
    if name.is_none()
        && asker.entrant.is_none()
        && let Some(id) = t.link_user(&asker.name, user)
    {
        return Ok(id);
    }
    named_or_self(t, asker, name)
}

pub(super) fn named_or_self(
    t: &Tournament,
    asker: &super::Asker,
    name: Option<&str>,
) -> Result<EntrantId, TourneyError> {
    match name {
        Some(name) => {
            let named = t.entrant_named(name)?.id;
            if Some(named) != asker.entrant {
                director_only(asker)?;
            }
            Ok(named)
        }
        None => asker.entrant.ok_or(TourneyError::NotRegistered),
    }
}
