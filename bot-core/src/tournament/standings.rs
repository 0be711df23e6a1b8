//! The standings: a fold over the point rounds' games. Each player's line, his place at each
//! table ("Runde 3: Tisch 7, Platz 2"), and the teams' sums beside them.

use super::format::Format;
use super::game::EntrantId;
use super::round::{RoundTable, Stage};
use super::scoring::score_game;
use super::state::Tournament;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// What a player gathered at one table (or over the point rounds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub points: i32,
    pub games: u32,
    pub games_lost: u32,
    pub halves_lost: u32,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.points += other.points;
        self.games += other.games;
        self.games_lost += other.games_lost;
        self.halves_lost += other.halves_lost;
    }

    /// Better first: most points (fewest under Strafpunkte), then fewer games lost, then
    /// fewer halves lost.
    pub fn rank(&self, other: &Tally, format: &Format) -> Ordering {
        let points = if format.scoring.fewest_win() {
            self.points.cmp(&other.points)
        } else {
            other.points.cmp(&self.points)
        };
        points
            .then(self.games_lost.cmp(&other.games_lost))
            .then(self.halves_lost.cmp(&other.halves_lost))
    }
}

/// A player's part in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundLine {
    pub round: u32,
    pub stage: Stage,
    pub table: u32,
    /// Place at the table (shared on equal tallies).
    pub place: u32,
    pub tally: Tally,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    pub entrant: EntrantId,
    pub name: String,
    pub team: Option<u32>,
    pub withdrawn: bool,
    /// Over the point rounds.
    pub tally: Tally,
    /// Place over the point rounds (shared on equal tallies).
    pub place: u32,
    pub rounds: Vec<RoundLine>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamLine {
    pub team: u32,
    pub name: String,
    pub members: Vec<EntrantId>,
    pub tally: Tally,
    pub place: u32,
}

/// Each player's tally at `table`, best first, with his place there.
pub fn table_ranking(format: &Format, table: &RoundTable) -> Vec<(EntrantId, u32, Tally)> {
    let mut tallies: BTreeMap<EntrantId, Tally> = table
        .players
        .iter()
        .map(|p| (*p, Tally::default()))
        .collect();
    for game in &table.games {
        for (player, score) in score_game(format, game) {
            tallies.entry(player).or_default().add(Tally {
                points: score.points,
                games: 1,
                games_lost: u32::from(score.game_lost),
                halves_lost: score.halves_lost,
            });
        }
    }
    let mut ranked: Vec<(EntrantId, Tally)> = tallies.into_iter().collect();
    ranked.sort_by(|a, b| a.1.rank(&b.1, format).then(a.0.cmp(&b.0)));
    with_places(ranked, |a, b| a.rank(b, format))
}

/// Places 1, 2, 2, 4 …: equal tallies share the better place.
fn with_places<T: Copy>(
    sorted: Vec<(EntrantId, T)>,
    rank: impl Fn(&T, &T) -> Ordering,
) -> Vec<(EntrantId, u32, T)> {
    let mut out: Vec<(EntrantId, u32, T)> = Vec::with_capacity(sorted.len());
    for (i, (id, tally)) in sorted.into_iter().enumerate() {
        let place = match out.last() {
            Some((_, place, prev)) if rank(prev, &tally) == Ordering::Equal => *place,
            _ => i as u32 + 1,
        };
        out.push((id, place, tally));
    }
    out
}

/// Every registered player's line over the point rounds, best first (then by number).
pub fn standings(t: &Tournament) -> Vec<StandingLine> {
    let mut rounds: BTreeMap<EntrantId, Vec<RoundLine>> = BTreeMap::new();
    for round in &t.rounds {
        for table in &round.tables {
            for (player, place, tally) in table_ranking(&t.format, table) {
                rounds.entry(player).or_default().push(RoundLine {
                    round: round.number,
                    stage: round.stage,
                    table: table.number,
                    place,
                    tally,
                });
            }
        }
    }
    let mut lines: Vec<(EntrantId, StandingLine)> = t
        .entrants
        .iter()
        .map(|e| {
            let rounds = rounds.remove(&e.id).unwrap_or_default();
            let mut tally = Tally::default();
            rounds
                .iter()
                .filter(|r| r.stage == Stage::Points)
                .for_each(|r| tally.add(r.tally));
            let line = StandingLine {
                entrant: e.id,
                name: e.name.clone(),
                team: e.team,
                withdrawn: e.withdrawn,
                tally,
                place: 0,
                rounds,
            };
            (e.id, line)
        })
        .collect();
    lines.sort_by(|a, b| a.1.tally.rank(&b.1.tally, &t.format).then(a.0.cmp(&b.0)));
    let tallies: Vec<(EntrantId, Tally)> = lines.iter().map(|(id, l)| (*id, l.tally)).collect();
    let places = with_places(tallies, |a, b| a.rank(b, &t.format));
    lines
        .into_iter()
        .zip(places)
        .map(|((_, mut line), (_, place, _))| {
            line.place = place;
            line
        })
        .collect()
}

/// The teams' sums of their members' point-round tallies, best first.
pub fn team_standings(t: &Tournament, lines: &[StandingLine]) -> Vec<TeamLine> {
    let mut teams: Vec<(EntrantId, TeamLine)> = t
        .teams
        .iter()
        .map(|team| {
            let members: Vec<&StandingLine> =
                lines.iter().filter(|l| l.team == Some(team.id)).collect();
            let mut tally = Tally::default();
            members.iter().for_each(|l| tally.add(l.tally));
            let line = TeamLine {
                team: team.id,
                name: team.name.clone(),
                members: members.iter().map(|l| l.entrant).collect(),
                tally,
                place: 0,
            };
            (EntrantId(team.id), line)
        })
        .collect();
    teams.sort_by(|a, b| a.1.tally.rank(&b.1.tally, &t.format).then(a.0.cmp(&b.0)));
    let tallies: Vec<(EntrantId, Tally)> = teams.iter().map(|(id, l)| (*id, l.tally)).collect();
    let places = with_places(tallies, |a, b| a.rank(b, &t.format));
    teams
        .into_iter()
        .zip(places)
        .map(|((_, mut line), (_, place, _))| {
            line.place = place;
            line
        })
        .collect()
}
