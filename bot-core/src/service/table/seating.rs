//! Who may sit at a new table: people, and computer players to fill up. At a real table
//! (tally mode) the dice fall by hand, so no computer sits there and the people alone must
//! make a game.

use crate::engine::{MAX_PLAYERS, MIN_PLAYERS};

/// The seating rule of a table, rolled or real.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// A real table: the dice fall by hand, the bot keeps score.
    pub tally: bool,
}

impl Seating {
    pub fn new(tally: bool) -> Seating {
        Seating { tally }
    }

    /// Whether computer players may sit: a computer cannot throw real dice.
    pub fn seats_computers(self) -> bool {
        !self.tally
    }

    /// The fewest people a table needs: one where computers fill up, else a whole game.
    pub fn min_people(self) -> usize {
        if self.seats_computers() {
            1
        } else {
            MIN_PLAYERS
        }
    }

    /// How many computer players may join `people`.
    pub fn max_computers(self, people: usize) -> usize {
        if self.seats_computers() {
            MAX_PLAYERS.saturating_sub(people)
        } else {
            0
        }
    }

    /// Whether `people` and `computers` are enough for a game.
    pub fn can_start(self, people: usize, computers: usize) -> bool {
        people + computers >= MIN_PLAYERS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_table_seats_people_only() {
        let real = Seating::new(true);
        assert!(!real.seats_computers());
        assert_eq!(real.max_computers(2), 0);
        assert_eq!(real.min_people(), MIN_PLAYERS);
        let rolled = Seating::new(false);
        assert!(rolled.seats_computers());
        assert_eq!(rolled.min_people(), 1);
        assert_eq!(rolled.max_computers(1), MAX_PLAYERS - 1);
        assert_eq!(rolled.max_computers(MAX_PLAYERS + 1), 0);
        assert!(!rolled.can_start(1, 0));
        assert!(rolled.can_start(1, 1));
    }
}
