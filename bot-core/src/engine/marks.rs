//! What a game's events say about each player's record: the one place where a finished
//! game's results (halves and games lost, Schock aus thrown and received, the best throw) are
//! read off its events — for a rolled game and a tally game alike, whichever way a tally
//! round was entered (every throw, or only its outcome). Statistics, club evenings, ratings
//! and the championship all start from these marks.

use super::action::Seat;
use super::eval::{Evaluation, ThrowClass};
use super::event::{Event, Part};
use super::score::Source;

/// One thing an event adds to one player's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// He played the game to its end (every seated player who had not left).
    Played,
    /// He lost a half (R-GAME-1); the final is the game itself, not a half.
    HalfLost,
    /// He reached the final.
    Final,
    /// He lost the game and owes its Bierrunde; `blattschuss`: both halves too (R-GAME-2).
    GameLost { blattschuss: bool },
    /// He threw Schock aus.
    SchockAusThrown,
    /// He lost a round to a Schock aus and got every Deckel (R-SCORE-3), however the round
    /// was entered.
    SchockAusReceived,
    /// One of his revealed throws (his best is kept).
    Threw(Evaluation),
}

/// The marks `event` gives; `seated` are the players still at the table (those who had left
/// do not count as having played the game).
pub fn marks(event: &Event, seated: &[Seat]) -> Vec<(Seat, Mark)> {
    match event {
        Event::RoundScored(summary) => {
            let mut out: Vec<(Seat, Mark)> = Vec::new();
            if summary.source == Source::All {
                out.push((summary.loser, Mark::SchockAusReceived));
            }
            for t in &summary.throws {
                if t.eval.class == ThrowClass::SchockAus {
                    out.push((t.seat, Mark::SchockAusThrown));
                }
                out.push((t.seat, Mark::Threw(t.eval)));
            }
            out
        }
        // A round entered by its outcome only ("Emil aus"): the same Schock aus as thrown.
        Event::PenaltyEntered(entered) if entered.source == Source::All => {
            vec![(entered.loser, Mark::SchockAusReceived)]
        }
        Event::PartLost { part, seat } if *part != Part::Final => vec![(*seat, Mark::HalfLost)],
        Event::FinalStarted { finalists, .. } => {
            finalists.iter().map(|s| (*s, Mark::Final)).collect()
        }
        Event::GameOver(result) if !result.abandoned => {
            let mut out: Vec<(Seat, Mark)> = seated.iter().map(|s| (*s, Mark::Played)).collect();
            if let Some(loser) = result.loser {
                out.push((
                    loser,
                    Mark::GameLost {
                        blattschuss: result.blattschuss,
                    },
                ));
            }
            out
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, RoundEntry, RuleSet};

    fn three() -> Vec<String> {
        ["Anna", "Ben", "Cem"].map(String::from).to_vec()
    }

    fn received(events: &[Event]) -> Vec<Seat> {
        let seated = [Seat(0), Seat(1), Seat(2)];
        events
            .iter()
            .flat_map(|e| marks(e, &seated))
            .filter(|(_, m)| *m == Mark::SchockAusReceived)
            .map(|(s, _)| s)
            .collect()
    }

    /// R-SCORE-3: "Cem aus" at a tally table marks Cem as having received a Schock aus, just
    /// as the round entered with its dice does.
    #[test]
    fn r_score_3_a_schock_aus_entered_in_short_counts_as_received() {
        let (mut game, _) = Game::start_tally(RuleSet::default(), &three(), None).expect("start");
        let events = game
            .enter_round(&RoundEntry::SchockAus { loser: Seat(2) })
            .expect("entered");
        assert_eq!(received(&events), [Seat(2)]);
    }

    #[test]
    fn r_score_3_a_schock_aus_entered_with_its_dice_counts_as_received() {
        use crate::engine::{EnteredThrow, FinalThrow};
        let throw = |seat: u8, dice: [u8; 3]| EnteredThrow {
            seat: Seat(seat),
            throw: FinalThrow {
                dice,
                throws: 1,
                hand: true,
                blind: false,
            },
        };
        let (mut game, _) = Game::start_tally(RuleSet::default(), &three(), None).expect("start");
        let events = game
            .enter_round(&RoundEntry::Throws {
                throws: vec![
                    throw(0, [1, 1, 1]),
                    throw(1, [6, 5, 3]),
                    throw(2, [4, 2, 2]),
                ],
            })
            .expect("entered");
        assert_eq!(received(&events), [Seat(2)]);
    }

    #[test]
    fn r_score_2_an_ordinary_penalty_is_no_schock_aus() {
        let (mut game, _) = Game::start_tally(RuleSet::default(), &three(), None).expect("start");
        let events = game
            .enter_round(&RoundEntry::Penalty {
                loser: Seat(1),
                deckel: 13,
                from: None,
            })
            .expect("entered");
        assert!(received(&events).is_empty());
    }
}
