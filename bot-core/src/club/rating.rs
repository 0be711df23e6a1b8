//! Playing strength: a Weng-Lin rating (free for all) replayed over a chat's games in the
//! order they ended. The list shows the conservative rating μ − 3σ, which starts at 0 and
//! grows with games, so a newcomer's lucky first evening does not put him on top.
//! A game ranks its players by how little they lost: nothing, a half, the game (more
//! halves lost ranks lower; equals tie). Computer players are left out; a game with fewer
//! than two people rates nobody.

use super::night::{GameLine, GameRecord};
use crate::model::ids::UserId;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub user: UserId,
    pub name: String,
    pub mu: f64,
    pub sigma: f64,
    pub games: u32,
}

impl PlayerRating {
    /// What the list shows and sorts by.
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// How a line places in its game: lower is better.
fn place_key(line: &GameLine) -> (bool, u32) {
    (line.lost, line.halves_lost)
}

/// Ratings after replaying `games` (any order: they are sorted by end), best first.
pub fn ratings(games: &[GameRecord]) -> Vec<PlayerRating> {
    let mut order: Vec<&GameRecord> = games.iter().collect();
    order.sort_by_key(|g| (g.at, g.table_id));
    let config = WengLinConfig::new();
    let mut players: Vec<PlayerRating> = Vec::new();
    for game in order {
        let people: Vec<&GameLine> = game.lines.iter().filter(|l| !l.computer).collect();
        if people.len() < 2 {
            continue;
        }
        let index: Vec<usize> = people
            .iter()
            .map(|line| player_index(&mut players, line))
            .collect();
        let mut keys: Vec<(bool, u32)> = people.iter().map(|l| place_key(l)).collect();
        keys.sort();
        keys.dedup();
        let teams: Vec<[WengLinRating; 1]> = index
            .iter()
            .map(|&i| {
                [WengLinRating {
                    rating: players[i].mu,
                    uncertainty: players[i].sigma,
                }]
            })
            .collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&people)
            .map(|(team, line)| {
                let rank = keys.iter().position(|k| *k == place_key(line)).unwrap_or(0) + 1;
                (&team[..], MultiTeamOutcome::new(rank))
            })
            .collect();
        let rated = weng_lin_multi_team(&ranked, &config);
        for (&i, team) in index.iter().zip(rated) {
            if let Some(r) = team.first() {
                players[i].mu = r.rating;
                players[i].sigma = r.uncertainty;
                players[i].games += 1;
            }
        }
    }
    players.sort_by(|a, b| {
        b.conservative()
            .total_cmp(&a.conservative())
            .then(a.name.cmp(&b.name))
    });
    players
}

/// The player's place in `players`, added with the starting rating if new; the name is the
/// newest one he played under.
fn player_index(players: &mut Vec<PlayerRating>, line: &GameLine) -> usize {
    if let Some(i) = players.iter().position(|p| p.user == line.user) {
        players[i].name = line.name.clone();
        return i;
    }
    let start = WengLinRating::new();
    players.push(PlayerRating {
        user: line.user.clone(),
        name: line.name.clone(),
        mu: start.rating,
        sigma: start.uncertainty,
        games: 0,
    });
    players.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str, lost: bool, halves: u32) -> GameLine {
        GameLine {
            user: UserId(format!("console:{name}")),
            name: name.into(),
            computer: false,
            lost,
            halves_lost: halves,
            schock_aus_received: 0,
            best: None,
        }
    }

    fn game(at: i64, lines: Vec<GameLine>) -> GameRecord {
        GameRecord {
            table_id: at,
            at,
            lines,
        }
    }

    #[test]
    fn the_player_who_never_loses_tops_the_list() {
        let games: Vec<GameRecord> = (0..10)
            .map(|i| {
                game(
                    i,
                    vec![
                        line("anna", false, 0),
                        line("ben", false, 1),
                        line("carla", true, 2),
                    ],
                )
            })
            .collect();
        let r = ratings(&games);
        let names: Vec<&str> = r.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["anna", "ben", "carla"]);
        assert!(r.iter().all(|p| p.games == 10));
    }

    #[test]
    fn a_newcomers_lucky_game_does_not_put_him_on_top() {
        let mut games: Vec<GameRecord> = (0..20)
            .map(|i| game(i, vec![line("anna", false, 0), line("ben", true, 2)]))
            .collect();
        // One game: the newcomer wins against Anna.
        games.push(game(
            100,
            vec![line("dora", false, 0), line("anna", true, 1)],
        ));
        let r = ratings(&games);
        assert_eq!(r[0].name, "anna");
        let dora = r.iter().find(|p| p.name == "dora").unwrap();
        assert!(dora.mu > 25.0, "she won: μ rises");
        assert!(dora.conservative() < r[0].conservative());
    }

    #[test]
    fn computers_and_lone_players_are_not_rated() {
        let mut bot = line("Computer", true, 2);
        bot.computer = true;
        let games = vec![
            game(1, vec![line("anna", false, 0), bot.clone()]),
            game(2, vec![line("anna", false, 0), line("ben", true, 2), bot]),
        ];
        let r = ratings(&games);
        assert_eq!(r.len(), 2);
        assert!(r.iter().all(|p| p.games == 1));
    }
}
