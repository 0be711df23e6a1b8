//! The draw: who sits at which table, as a function of a seed and the facts everyone can see
//! (who is present, the teams, who met whom in earlier rounds). Provable like the dice: the
//! office shows `SHA-256(seed)` before the draw and the seed after it; `verify` draws again
//! and compares.
//!
//! The algorithm, fixed so anyone can redo it: a ChaCha20 stream keyed with
//! `SHA-256("schockturnier:<seed>:<round>")`; an index below `n` is the next `u64` taken
//! modulo `n`, skipping values at or above the largest multiple of `n` (no index favoured).
//! The present players in ascending number are shuffled (Fisher–Yates, from the end); each in
//! turn sits at the table with a free seat where he adds the least cost (lowest table number
//! among equals); then `SWAP_TRIES × players` times two players at different tables are
//! picked and swapped when that lowers the cost; finally each table's seats are shuffled.
//! Cost of a pair at one table: `TEAMMATES` for teammates, plus the square of how often they
//! met before.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use thiserror::Error;

use super::game::EntrantId;

/// Teammates at one table cost more than any number of repeat meetings.
const TEAMMATES: u32 = 10_000;
/// Swap attempts per player in the improvement step.
const SWAP_TRIES: usize = 40;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DrawError {
    #[error("{present} players cannot fill tables of {min} to {max}")]
    NoTables { present: usize, min: u8, max: u8 },
}

/// What the draw must respect besides the seed.
#[derive(Clone, Debug, Default)]
pub struct DrawFacts {
    pub team_of: HashMap<EntrantId, u32>,
    /// How often each pair (lower number first) sat at one table before.
    pub met: HashMap<(EntrantId, EntrantId), u32>,
}

impl DrawFacts {
    pub fn pair_cost(&self, a: EntrantId, b: EntrantId) -> u32 {
        let key = if a < b { (a, b) } else { (b, a) };
        let met = self.met.get(&key).copied().unwrap_or(0);
        let team = match (self.team_of.get(&a), self.team_of.get(&b)) {
            (Some(x), Some(y)) if x == y => TEAMMATES,
            _ => 0,
        };
        team + met * met
    }

    /// Counts every pair of each table as met once more.
    pub fn add_tables(&mut self, tables: &[Vec<EntrantId>]) {
        for table in tables {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    let key = if a < b { (a, b) } else { (b, a) };
                    *self.met.entry(key).or_default() += 1;
                }
            }
        }
    }

    /// The cost of a whole draw: teammates together and repeated meetings.
    pub fn cost(&self, tables: &[Vec<EntrantId>]) -> u64 {
        tables
            .iter()
            .map(|t| {
                let mut sum = 0u64;
                for (i, &a) in t.iter().enumerate() {
                    for &b in &t[i + 1..] {
                        sum += u64::from(self.pair_cost(a, b));
                    }
                }
                sum
            })
            .sum()
    }
}

/// Table sizes for `present` players: as close to `size` on average as the range allows,
/// larger tables first; never a table below `min` or above `max`.
pub fn table_sizes(present: usize, min: u8, size: u8, max: u8) -> Result<Vec<usize>, DrawError> {
    let (min_u, max_u) = (usize::from(min), usize::from(max));
    let fits = |t: usize| {
        let base = present / t;
        let larger = usize::from(!present.is_multiple_of(t));
        base >= min_u && base + larger <= max_u
    };
    // Distance of the average table from `size`, compared without fractions: |n − size·t| / t.
    let best = (1..=present.max(1))
        .filter(|&t| present > 0 && fits(t))
        .min_by(|&a, &b| {
            let da = present.abs_diff(usize::from(size) * a) * b;
            let db = present.abs_diff(usize::from(size) * b) * a;
            da.cmp(&db).then(a.cmp(&b))
        })
        .ok_or(DrawError::NoTables { present, min, max })?;
    let base = present / best;
    let larger = present % best;
    Ok((0..best).map(|i| base + usize::from(i < larger)).collect())
}

/// The stream of a round's draw.
pub fn draw_stream(seed: &str, round: u32) -> ChaCha20Rng {
    let key: [u8; 32] = Sha256::digest(format!("schockturnier:{seed}:{round}").as_bytes()).into();
    ChaCha20Rng::from_seed(key)
}

/// An index below `n` (n ≥ 1), unbiased.
fn below(rng: &mut ChaCha20Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

fn shuffle<T>(rng: &mut ChaCha20Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

/// Seats `players` at tables of `sizes` (their sum must be the number of players).
pub fn draw(
    seed: &str,
    round: u32,
    players: &[EntrantId],
    sizes: &[usize],
    facts: &DrawFacts,
) -> Vec<Vec<EntrantId>> {
    let mut rng = draw_stream(seed, round);
    let mut order = players.to_vec();
    order.sort();
    order.dedup();
    shuffle(&mut rng, &mut order);
    let mut tables = seat_greedily(&order, sizes, facts);
    improve(&mut rng, &mut tables, facts, SWAP_TRIES * order.len());
    for table in &mut tables {
        shuffle(&mut rng, table);
    }
    tables
}

/// Each player in turn at the table (with a free seat) where he adds the least cost.
fn seat_greedily(order: &[EntrantId], sizes: &[usize], facts: &DrawFacts) -> Vec<Vec<EntrantId>> {
    let mut tables: Vec<Vec<EntrantId>> = sizes.iter().map(|s| Vec::with_capacity(*s)).collect();
    for &player in order {
        let mut best: Option<(u32, usize)> = None;
        for (i, table) in tables.iter().enumerate() {
            if table.len() >= sizes[i] {
                continue;
            }
            let cost: u32 = table.iter().map(|&o| facts.pair_cost(player, o)).sum();
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, i));
            }
        }
        if let Some((_, i)) = best {
            tables[i].push(player);
        }
    }
    tables
}

/// What `player` costs at `table`, leaving out `without`.
fn cost_at(facts: &DrawFacts, table: &[EntrantId], player: EntrantId, without: EntrantId) -> i64 {
    table
        .iter()
        .filter(|&&o| o != player && o != without)
        .map(|&o| i64::from(facts.pair_cost(player, o)))
        .sum()
}

/// Random swaps between tables, kept when they lower the cost.
fn improve(rng: &mut ChaCha20Rng, tables: &mut [Vec<EntrantId>], facts: &DrawFacts, tries: usize) {
    if tables.len() < 2 || facts.cost(tables) == 0 {
        return;
    }
    let seats: Vec<(usize, usize)> = tables
        .iter()
        .enumerate()
        .flat_map(|(t, table)| (0..table.len()).map(move |s| (t, s)))
        .collect();
    for _ in 0..tries {
        let (ta, sa) = seats[below(rng, seats.len())];
        let (tb, sb) = seats[below(rng, seats.len())];
        if ta == tb {
            continue;
        }
        let (a, b) = (tables[ta][sa], tables[tb][sb]);
        let before = cost_at(facts, &tables[ta], a, a) + cost_at(facts, &tables[tb], b, b);
        let after = cost_at(facts, &tables[tb], a, b) + cost_at(facts, &tables[ta], b, a);
        if after < before {
            tables[ta][sa] = b;
            tables[tb][sb] = a;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u32) -> Vec<EntrantId> {
        (1..=n).map(EntrantId).collect()
    }

    #[test]
    fn sizes_stay_in_range_and_never_two() {
        assert_eq!(table_sizes(16, 3, 4, 5), Ok(vec![4, 4, 4, 4]));
        assert_eq!(table_sizes(14, 3, 4, 5), Ok(vec![4, 4, 3, 3]));
        assert_eq!(table_sizes(5, 3, 4, 5), Ok(vec![5]));
        assert_eq!(table_sizes(7, 3, 4, 5), Ok(vec![4, 3]));
        assert!(table_sizes(2, 3, 4, 5).is_err());
        assert!(table_sizes(0, 3, 4, 5).is_err());
        assert_eq!(table_sizes(600, 3, 4, 5).map(|s| s.len()), Ok(150));
    }

    #[test]
    fn teammates_sit_apart_and_the_draw_repeats_from_its_seed() {
        let players = ids(16);
        let mut facts = DrawFacts::default();
        for p in &players {
            facts.team_of.insert(*p, (p.0 - 1) / 4);
        }
        let sizes = table_sizes(16, 3, 4, 5).expect("sizes");
        let tables = draw("abc", 1, &players, &sizes, &facts);
        assert_eq!(facts.cost(&tables), 0, "{tables:?}");
        assert_eq!(tables, draw("abc", 1, &players, &sizes, &facts));
        assert_ne!(tables, draw("abd", 1, &players, &sizes, &facts));
    }

    #[test]
    fn a_second_round_avoids_the_first_rounds_opponents() {
        let players = ids(16);
        let mut facts = DrawFacts::default();
        let sizes = table_sizes(16, 3, 4, 5).expect("sizes");
        let first = draw("seed", 1, &players, &sizes, &facts);
        facts.add_tables(&first);
        let second = draw("seed", 2, &players, &sizes, &facts);
        assert_eq!(
            facts.cost(&second),
            0,
            "16 players can meet all new opponents"
        );
    }
}
