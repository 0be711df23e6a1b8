//! The tournament office: the director's steps on the tournament (the format, the draw,
//! the rounds' order). Pure: the caller passes the time and fresh seeds; every refusal leaves the
//! tournament as it was.

use super::draw::{DrawFacts, draw, table_sizes};
use super::error::TournamentError;
use super::format::FormatKey;
use super::game::EntrantId;
use super::knockout;
use super::round::{Clock, Round, RoundTable, Stage, TableMode};
use super::state::Tournament;
use crate::engine::ServerSeed;

impl Tournament {
    /// Changes one format key; only before the first draw.
    pub fn set_format(&mut self, key: FormatKey, value: &str) -> Result<(), TournamentError> {
        self.check_open()?;
        if !self.rounds.is_empty() {
            return Err(TournamentError::FormatFixed);
        }
        let next = self.format.with(key, value)?;
        if next.team_size < self.format.team_size && !self.teams.is_empty() {
            return Err(TournamentError::FormatFixed);
        }
        self.format = next;
        Ok(())
    }

    pub fn current_round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// The last round while it is not complete.
    pub fn running_round(&self) -> Option<&Round> {
        self.rounds.last().filter(|r| !r.complete())
    }

    pub fn round(&self, number: u32) -> Result<&Round, TournamentError> {
        self.rounds
            .iter()
            .find(|r| r.number == number)
            .ok_or(TournamentError::UnknownRound(number))
    }

    /// What the next draw would be: its stage and who it seats; `None` when the tournament
    /// has been decided.
    pub fn next_stage(&self) -> Option<(Stage, Vec<EntrantId>)> {
        let point_rounds = self
            .rounds
            .iter()
            .filter(|r| r.stage == Stage::Points)
            .count();
        if point_rounds < usize::from(self.format.point_rounds) {
            return Some((Stage::Points, self.playing()));
        }
        if !self.format.has_knockout() || self.rounds.last()?.stage == Stage::Final {
            return None;
        }
        let seated = match self.rounds.last() {
            Some(r) if r.stage == Stage::Knockout => knockout::advancers(self, r),
            _ => knockout::qualifiers(self),
        };
        // Who fits one table plays the final (five left with tables of four: one table of five).
        let one_table = seated.len() <= usize::from(self.format.knockout_table)
            || self
                .sizes_for(Stage::Knockout, seated.len())
                .is_ok_and(|sizes| sizes.len() <= 1);
        let stage = if one_table {
            Stage::Final
        } else {
            Stage::Knockout
        };
        Some((stage, seated))
    }

    /// Whether the last round is complete and no round follows: the tournament is decided.
    pub fn decided(&self) -> bool {
        !self.rounds.is_empty() && self.running_round().is_none() && self.next_stage().is_none()
    }

    /// Ends the tournament once it is decided (nothing can change afterwards).
    pub fn finish(&mut self) -> Result<(), TournamentError> {
        self.check_open()?;
        if let Some(running) = self.running_round() {
            return Err(TournamentError::RoundRunning(running.number));
        }
        if !self.decided() {
            return Err(TournamentError::NotDecided);
        }
        self.finished = true;
        Ok(())
    }

    /// Draws the next round with the committed seed, shows that seed and commits to `fresh`
    /// for the draw after it.
    pub fn draw_next(&mut self, fresh: ServerSeed) -> Result<&Round, TournamentError> {
        self.check_open()?;
        if let Some(running) = self.running_round() {
            return Err(TournamentError::RoundRunning(running.number));
        }
        let (stage, seated) = self.next_stage().ok_or(TournamentError::Finished)?;
        let sizes = self.sizes_for(stage, seated.len())?;
        let number = self.rounds.len() as u32 + 1;
        let seed = self.next_seed.reveal().to_string();
        let tables = draw(&seed, number, &seated, &sizes, &self.draw_facts(number));
        let mut drawn = seated;
        drawn.sort();
        self.rounds.push(Round {
            number,
            stage,
            commitment: self.next_seed.commitment(),
            seed,
            drawn,
            tables: tables
                .into_iter()
                .enumerate()
                .map(|(i, players)| RoundTable {
                    number: i as u32 + 1,
                    players,
                    mode: TableMode::RealCups,
                    games: Vec::new(),
                    place: None,
                    closed: false,
                })
                .collect(),
            clock: Clock {
                minutes: self.format.round_minutes,
                ..Clock::default()
            },
        });
        self.next_seed = fresh;
        self.rounds.last().ok_or(TournamentError::NoRoundRunning)
    }

    fn sizes_for(&self, stage: Stage, seated: usize) -> Result<Vec<usize>, TournamentError> {
        let f = &self.format;
        match stage {
            Stage::Final if seated >= 2 => Ok(vec![seated]),
            Stage::Points | Stage::Final => {
                if seated < usize::from(f.table_min) {
                    return Err(TournamentError::TooFewPlayers { present: seated });
                }
                Ok(table_sizes(seated, f.table_min, f.table_size, f.table_max)?)
            }
            Stage::Knockout => {
                let max = f.table_max.max(f.knockout_table);
                let size = f.knockout_table.clamp(f.table_min, max);
                Ok(table_sizes(seated, f.table_min, size, max)?)
            }
        }
    }

    /// What the draw of round `number` respects: teams, and who met whom before it.
    pub fn draw_facts(&self, number: u32) -> DrawFacts {
        let mut facts = DrawFacts::default();
        for entrant in &self.entrants {
            if let Some(team) = entrant.team {
                facts.team_of.insert(entrant.id, team);
            }
        }
        for round in self.rounds.iter().filter(|r| r.number < number) {
            facts.add_tables(&round.seatings());
        }
        facts
    }

    /// Draws round `number` again from its shown seed; true when it seats everyone as shown.
    pub fn verify_draw(&self, number: u32) -> Result<bool, TournamentError> {
        let round = self.round(number)?;
        let sizes: Vec<usize> = round.tables.iter().map(|t| t.players.len()).collect();
        let again = draw(
            &round.seed,
            number,
            &round.drawn,
            &sizes,
            &self.draw_facts(number),
        );
        let commitment_holds = crate::engine::fair::commitment(&round.seed) == round.commitment;
        Ok(commitment_holds && again == round.seatings())
    }

    /// Sets how a table of the running round plays (before its first game).
    pub fn set_table_mode(&mut self, table: u32, mode: TableMode) -> Result<(), TournamentError> {
        let round = self
            .running_round()
            .ok_or(TournamentError::NoRoundRunning)?;
        let number = round.number;
        let entry = self.table_mut(number, table)?;
        if !entry.games.is_empty() {
            return Err(TournamentError::GameEntered { table, game: 1 });
        }
        entry.mode = mode;
        Ok(())
    }

    /// Table `table` of the running round plays at `place` (a chat, thread, topic or web
    /// table): its games there count by themselves. One place serves one table.
    pub fn bind_place(&mut self, table: u32, place: &str) -> Result<(), TournamentError> {
        self.check_open()?;
        let round = self
            .running_round()
            .ok_or(TournamentError::NoRoundRunning)?;
        let number = round.number;
        if let Some(other) = round
            .tables
            .iter()
            .find(|t| t.number != table && t.place.as_deref() == Some(place))
        {
            return Err(TournamentError::PlaceTaken(other.number));
        }
        let entry = self.table_mut(number, table)?;
        if entry.closed {
            return Err(TournamentError::TableComplete(table));
        }
        entry.place = Some(place.to_string());
        entry.mode = TableMode::Digital;
        Ok(())
    }

    /// The running round's table that plays at `place`.
    pub fn table_at(&self, place: &str) -> Option<(u32, u32)> {
        let round = self.running_round()?;
        let table = round
            .tables
            .iter()
            .find(|t| t.place.as_deref() == Some(place))?;
        Some((round.number, table.number))
    }

    pub(super) fn table_mut(
        &mut self,
        round: u32,
        table: u32,
    ) -> Result<&mut RoundTable, TournamentError> {
        self.rounds
            .iter_mut()
            .find(|r| r.number == round)
            .ok_or(TournamentError::UnknownRound(round))?
            .tables
            .iter_mut()
            .find(|t| t.number == table)
            .ok_or(TournamentError::UnknownTable { round, table })
    }
}
