//! Registration: players and teams, check-in on the day, late entries and withdrawals
//! between rounds.

use super::error::TournamentError;
use super::game::EntrantId;
use super::state::{Entrant, Team, Tournament};
use crate::model::ids::UserId;

/// The longest name the office keeps (a table card's line).
pub const LONGEST_NAME: usize = 40;

/// A new entry as the office receives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Registration {
    pub name: String,
    pub user: Option<UserId>,
    pub team: Option<String>,
    /// Checked in at once (a late entry on the day, or the director entering who is there).
    pub present: bool,
    pub computer: bool,
}

fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl Tournament {
    pub fn entrant(&self, id: EntrantId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.id == id)
    }

    pub fn entrant_named(&self, name: &str) -> Result<&Entrant, TournamentError> {
        let name = name.trim().trim_start_matches('@');
        self.entrants
            .iter()
            .find(|e| same_name(&e.name, name))
            .ok_or_else(|| TournamentError::UnknownEntrant(name.to_string()))
    }

    pub fn entrant_of(&self, user: &UserId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.user.as_ref() == Some(user))
    }

    pub fn team(&self, id: u32) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    pub fn name_of(&self, id: EntrantId) -> &str {
        self.entrant(id).map_or("?", |e| e.name.as_str())
    }

    /// Registers a player (and his team, new or known). Closed once the knockout began.
    pub fn register(&mut self, entry: Registration) -> Result<EntrantId, TournamentError> {
        self.check_open()?;
        if self.rounds.iter().any(|r| r.stage.is_knockout()) {
            return Err(TournamentError::EntriesClosed);
        }
        let name: String = entry.name.trim().chars().take(LONGEST_NAME).collect();
        if name.is_empty() {
            return Err(TournamentError::NoName);
        }
        if self.entrants.iter().any(|e| same_name(&e.name, &name)) {
            return Err(TournamentError::NameTaken(name));
        }
        let team = match entry.team.as_deref().map(str::trim) {
            Some(team) if !team.is_empty() => Some(self.team_with_room(team)?),
            _ => None,
        };
        let id = EntrantId(self.entrants.len() as u32 + 1);
        if let Some((team_id, true)) = team {
            self.teams.push(Team {
                id: team_id,
                name: entry.team.unwrap_or_default().trim().to_string(),
            });
        }
        self.entrants.push(Entrant {
            id,
            name,
            user: entry.user,
            team: team.map(|(t, _)| t),
            present: entry.present,
            withdrawn: false,
            computer: entry.computer,
        });
        Ok(id)
    }

    /// The team's id and whether it is new; refused when the team is full.
    fn team_with_room(&self, name: &str) -> Result<(u32, bool), TournamentError> {
        if !self.format.has_teams() {
            return Err(TournamentError::NoTeams);
        }
        let Some(team) = self.teams.iter().find(|t| same_name(&t.name, name)) else {
            return Ok((self.teams.len() as u32 + 1, true));
        };
        let members = self
            .entrants
            .iter()
            .filter(|e| e.team == Some(team.id))
            .count();
        if members >= usize::from(self.format.team_size) {
            return Err(TournamentError::TeamFull {
                team: team.name.clone(),
                size: self.format.team_size,
            });
        }
        Ok((team.id, false))
    }

    /// Links `user` to the entrant of his name whom the director registered without an
    /// account (he speaks for himself from now on); `None` when there is none.
    pub fn link_user(&mut self, name: &str, user: &UserId) -> Option<EntrantId> {
        if self.entrant_of(user).is_some() {
            return None;
        }
        let entrant = self
            .entrants
            .iter_mut()
            .find(|e| e.user.is_none() && !e.computer && same_name(&e.name, name))?;
        entrant.user = Some(user.clone());
        Some(entrant.id)
    }

    /// Marks a player present for the next draw.
    pub fn check_in(&mut self, id: EntrantId) -> Result<(), TournamentError> {
        self.check_open()?;
        let entrant = self
            .entrants
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or(TournamentError::UnknownNumber(id))?;
        entrant.present = true;
        entrant.withdrawn = false;
        Ok(())
    }

    /// Takes a player out of every later draw; refused while he sits at a running table.
    pub fn withdraw(&mut self, id: EntrantId) -> Result<(), TournamentError> {
        self.check_open()?;
        if self.entrant(id).is_none() {
            return Err(TournamentError::UnknownNumber(id));
        }
        if let Some(round) = self.running_round()
            && let Some(table) = round.table_of(id)
            && !table.closed
        {
            return Err(TournamentError::Seated(id, table.number));
        }
        if let Some(entrant) = self.entrants.iter_mut().find(|e| e.id == id) {
            entrant.withdrawn = true;
        }
        Ok(())
    }

    /// Players the next point round draws.
    pub fn playing(&self) -> Vec<EntrantId> {
        self.entrants
            .iter()
            .filter(|e| e.plays())
            .map(|e| e.id)
            .collect()
    }
}
