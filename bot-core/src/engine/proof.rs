//! A game's record of provably fair dice and its independent check: the seed against the
//! commitment, then every throw against the seed (see [`super::fair`]). The record is what
//! `verify` hands out as a file and what `schocken verify FILE` reads.

use super::fair::{ServerSeed, commitment, throw_dice};
use serde::{Deserialize, Serialize};

/// A game's record: the commitment shown before the first die, the seeds, every throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub commitment: String,
    pub server_seed: String,
    pub client_seed: String,
    /// How many throws the game made (the final table message shows it too): a record cut
    /// short at its end is caught by it. Optional, so a record written by hand in the
    /// four-field form still checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throw_count: Option<u64>,
    pub throws: Vec<RecordedThrow>,
}

/// One throw of the record: its number, who threw, the dice in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedThrow {
    pub n: u64,
    pub player: String,
    pub dice: Vec<u8>,
}

/// Why a record does not check out: the first thing that does not match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// SHA-256 of the server seed is not the commitment.
    Commitment,
    /// Throw `n` is missing (the record jumps from `n - 1` to a later number).
    Missing { n: u64 },
    /// The record lists throw `n`, but the game made fewer throws.
    Extra { n: u64 },
    /// Throw `n` shows other dice than the seed gives.
    Dice {
        n: u64,
        recorded: Vec<u8>,
        drawn: Vec<u8>,
    },
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mismatch::Commitment => {
                f.write_str("the server seed does not match the commitment (SHA-256)")
            }
            Mismatch::Missing { n } => write!(f, "throw {n} is missing"),
            Mismatch::Extra { n } => write!(f, "throw {n} was never made"),
            Mismatch::Dice { n, recorded, drawn } => write!(
                f,
                "throw {n} does not match: the record shows {recorded:?}, the seed gives {drawn:?}"
            ),
        }
    }
}

impl GameRecord {
    /// Checks the record: `Ok(number of throws)` if the seed matches the commitment and
    /// every throw, numbered 1, 2, 3, … without a gap, shows the dice the seeds give.
    pub fn verify(&self) -> Result<usize, Mismatch> {
        let seed = ServerSeed::parse(&self.server_seed).ok_or(Mismatch::Commitment)?;
        if !commitment(seed.reveal()).eq_ignore_ascii_case(self.commitment.trim()) {
            return Err(Mismatch::Commitment);
        }
        for (i, throw) in self.throws.iter().enumerate() {
            let n = i as u64 + 1;
            if throw.n != n {
                return Err(Mismatch::Missing { n });
            }
            let mut drawn = vec![0u8; throw.dice.len()];
            throw_dice(seed.reveal(), &self.client_seed, n, &mut drawn);
            if drawn.is_empty() || drawn != throw.dice {
                return Err(Mismatch::Dice {
                    n,
                    recorded: throw.dice.clone(),
                    drawn,
                });
            }
        }
        let listed = self.throws.len() as u64;
        match self.throw_count {
            Some(count) if count > listed => Err(Mismatch::Missing { n: listed + 1 }),
            Some(count) if count < listed => Err(Mismatch::Extra { n: count + 1 }),
            _ => Ok(self.throws.len()),
        }
    }

    /// The record as the file players get (pretty JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// The record of a game stored before provably fair dice: it says so, and has nothing to
/// check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegacyRecord {
    pub game: i64,
    pub predates_scheme: bool,
    pub note: String,
}

impl LegacyRecord {
    pub fn new(game: i64) -> LegacyRecord {
        LegacyRecord {
            game,
            predates_scheme: true,
            note: "This game was played before provably fair dice: its dice came from a seed \
                   nobody saw, and there is nothing to check."
                .into(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const C: &str = "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c";

    fn vector() -> GameRecord {
        let dice = [[4, 6, 2], [5, 1, 6], [5, 1, 2], [6, 3, 2], [4, 4, 4]];
        GameRecord {
            commitment: C.into(),
            server_seed: S.into(),
            client_seed: "Stammtisch".into(),
            throw_count: Some(5),
            throws: dice
                .iter()
                .enumerate()
                .map(|(i, d)| RecordedThrow {
                    n: i as u64 + 1,
                    player: "Anna".into(),
                    dice: d.to_vec(),
                })
                .collect(),
        }
    }

    #[test]
    fn the_issue_vector_verifies() {
        assert_eq!(vector().verify(), Ok(5));
        let json = vector().to_json();
        let back: GameRecord = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, vector());
    }

    #[test]
    fn changes_are_caught() {
        let mut changed = vector();
        changed.throws[2].dice[1] = 2;
        assert!(matches!(changed.verify(), Err(Mismatch::Dice { n: 3, .. })));
        let mut left_out = vector();
        left_out.throws.remove(1);
        assert_eq!(left_out.verify(), Err(Mismatch::Missing { n: 2 }));
        let mut cut = vector();
        cut.throws.pop();
        assert_eq!(cut.verify(), Err(Mismatch::Missing { n: 5 }));
        cut.throw_count = None;
        assert_eq!(cut.verify(), Ok(4));
        let mut padded = vector();
        padded.throw_count = Some(4);
        assert_eq!(padded.verify(), Err(Mismatch::Extra { n: 5 }));
        let mut other_seed = vector();
        other_seed.server_seed = S.replace('9', "8");
        assert_eq!(other_seed.verify(), Err(Mismatch::Commitment));
        let mut other_client = vector();
        other_client.client_seed = "Stammtisch ".into();
        assert!(matches!(
            other_client.verify(),
            Err(Mismatch::Dice { n: 1, .. })
        ));
    }
}
