//! What one game is worth to each of its players under the format's scoring.

use super::format::{Format, Scoring};
use super::game::{EntrantId, HalfResult, TableGame};

/// One player's share of one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameScore {
    /// Points (Punkte, Platzierung) or penalty points (Strafpunkte).
    pub points: i32,
    pub halves_lost: u32,
    pub game_lost: bool,
}

/// Each player of `game` with his score, in seat order.
pub fn score_game(format: &Format, game: &TableGame) -> Vec<(EntrantId, GameScore)> {
    let loser = game.loser();
    game.players
        .iter()
        .map(|&p| {
            let game_lost = loser == Some(p);
            let halves_lost = game.halves_lost_by(p);
            let points = match format.scoring {
                Scoring::Punkte => punkte(game, p, game_lost),
                Scoring::Platzierung => platzierung(format, game, p, game_lost),
                Scoring::Strafpunkte => halves_lost as i32 + i32::from(game_lost),
            };
            (
                p,
                GameScore {
                    points,
                    halves_lost,
                    game_lost,
                },
            )
        })
        .collect()
}

/// Every half not lost +1, the game lost −1.
fn punkte(game: &TableGame, player: EntrantId, game_lost: bool) -> i32 {
    let halves_kept = game.halves.iter().filter(|h| h.loser != player).count() as i32;
    halves_kept - i32::from(game_lost)
}

/// Per half the place going out, the final lost −1, a Durchmarsch −1 (it is the game lost
/// without a final; a game lost under time costs the same).
fn platzierung(format: &Format, game: &TableGame, player: EntrantId, game_lost: bool) -> i32 {
    let places = format.places(game.players.len());
    let halves: i32 = game
        .halves
        .iter()
        .map(|h| half_points(places, h, player))
        .sum();
    halves - i32::from(game_lost)
}

/// Players going out together share the better place; the places they take are skipped
/// (competition ranking: two first out score the first place, the next the third).
fn half_points(places: &[i32], half: &HalfResult, player: EntrantId) -> i32 {
    let last = places.last().copied().unwrap_or(0);
    if half.loser == player {
        return last;
    }
    let mut place = 0;
    for group in &half.out {
        if group.contains(&player) {
            return places.get(place).copied().unwrap_or(last);
        }
        place += group.len();
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(v: &[u32]) -> Vec<EntrantId> {
        v.iter().map(|i| EntrantId(*i)).collect()
    }

    fn points(format: &str, game: &TableGame) -> Vec<i32> {
        let format = Format::preset(format).expect("preset");
        score_game(&format, game)
            .into_iter()
            .map(|(_, s)| s.points)
            .collect()
    }

    #[test]
    fn punkte_every_half_kept_scores_and_the_loser_pays_one() {
        let players = ids(&[1, 2, 3, 4]);
        let game = TableGame::from_losers(&players, &ids(&[1, 2]), Some(EntrantId(2)), false);
        assert_eq!(points("punkte", &game), vec![1, 0, 2, 2]);
        let durch = TableGame::from_losers(&players, &ids(&[4, 4]), None, false);
        assert_eq!(points("punkte", &durch), vec![2, 2, 2, -1]);
        let scharf = TableGame::from_losers(&players, &ids(&[3]), None, true);
        assert_eq!(points("punkte", &scharf), vec![1, 1, -1, 1]);
    }

    #[test]
    fn platzierung_by_the_order_out_of_each_half() {
        // Half 1: 3 out first, then 1, then 4; 2 lost. Half 2: 2 and 4 out together, then 3;
        // 1 lost. Final: 1 lost.
        let game = TableGame {
            players: ids(&[1, 2, 3, 4]),
            halves: vec![
                HalfResult {
                    out: vec![ids(&[3]), ids(&[1]), ids(&[4])],
                    loser: EntrantId(2),
                },
                HalfResult {
                    out: vec![ids(&[2, 4]), ids(&[3])],
                    loser: EntrantId(1),
                },
            ],
            final_loser: Some(EntrantId(1)),
            scharf: false,
        };
        assert_eq!(game.validate(), Ok(()));
        // 1: 2 + 0 − 1; 2: 0 + 3; 3: 3 + 1; 4: 1 + 3.
        assert_eq!(points("platzierung", &game), vec![1, 3, 4, 4]);
    }

    #[test]
    fn platzierung_durchmarsch_at_three_costs_one() {
        let game = TableGame {
            players: ids(&[1, 2, 3]),
            halves: vec![
                HalfResult {
                    out: vec![ids(&[1]), ids(&[2])],
                    loser: EntrantId(3),
                },
                HalfResult {
                    out: vec![ids(&[2]), ids(&[1])],
                    loser: EntrantId(3),
                },
            ],
            final_loser: None,
            scharf: false,
        };
        assert_eq!(points("platzierung", &game), vec![4, 4, -1]);
    }

    #[test]
    fn strafpunkte_a_half_one_the_game_one_more() {
        let players = ids(&[1, 2, 3]);
        let game = TableGame::from_losers(&players, &ids(&[1, 2]), Some(EntrantId(1)), false);
        assert_eq!(points("strafpunkte", &game), vec![2, 1, 0]);
        let durch = TableGame::from_losers(&players, &ids(&[2, 2]), None, false);
        assert_eq!(points("strafpunkte", &durch), vec![0, 3, 0]);
    }
}
