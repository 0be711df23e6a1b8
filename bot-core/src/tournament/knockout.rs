//! The knockout: who qualifies from the point rounds, who goes on from each knockout table,
//! and the tournament's final order.
//!
//! Ties are decided the same way everywhere: first the tally (points, games lost, halves
//! lost), then the better place after the point rounds, then the lot: the lower
//! `SHA-256("los:<seed>:<number>")`, where `<seed>` is the seed of the draw that follows
//! (secret until that draw, shown with it, so anyone can check the lot afterwards).

use super::format::KnockoutKind;
use super::game::EntrantId;
use super::round::{Round, RoundTable, Stage};
use super::standings::{standings, table_ranking};
use super::state::Tournament;
use crate::engine::fair::commitment;
use std::collections::HashMap;

/// The lot of a player under a seed (lower wins a tie).
pub fn lot(seed: &str, player: EntrantId) -> String {
    commitment(&format!("los:{seed}:{}", player.0))
}

/// Each player's position after the point rounds (0 best), ties broken by the lot of `seed`.
fn seeding(t: &Tournament, seed: &str) -> HashMap<EntrantId, usize> {
    let mut lines = standings(t);
    lines.sort_by(|a, b| {
        a.tally
            .rank(&b.tally, &t.format)
            .then_with(|| lot(seed, a.entrant).cmp(&lot(seed, b.entrant)))
    });
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.entrant, i))
        .collect()
}

/// The best `qualifiers` of the point rounds among those still playing.
pub fn qualifiers(t: &Tournament) -> Vec<EntrantId> {
    let order = seeding(t, t.next_seed.reveal());
    let mut playing = t.playing();
    playing.sort_by_key(|p| order.get(p).copied().unwrap_or(usize::MAX));
    playing.truncate(usize::from(t.format.qualifiers));
    playing
}

/// The order at a knockout table, best first: at a table for lives the one left, then who
/// went out last; otherwise the table's ranking. Ties by the seeding.
fn table_order(t: &Tournament, round: &Round, table: &RoundTable) -> Vec<EntrantId> {
    let order = seeding(t, &round.seed);
    let seeded = |p: &EntrantId| order.get(p).copied().unwrap_or(usize::MAX);
    if t.format.knockout == KnockoutKind::Lives {
        let left = table.lives_left(t.format.lives);
        let out = table.eliminated(t.format.lives);
        let mut alive: Vec<(EntrantId, u8)> = left.into_iter().filter(|(_, l)| *l > 0).collect();
        alive.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| seeded(&a.0).cmp(&seeded(&b.0))));
        alive
            .into_iter()
            .map(|(p, _)| p)
            .chain(out.into_iter().rev())
            .collect()
    } else {
        let mut ranked = table_ranking(&t.format, table);
        ranked.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| seeded(&a.0).cmp(&seeded(&b.0))));
        ranked.into_iter().map(|(p, _, _)| p).collect()
    }
}

/// Who goes on from a knockout round: the best of each table (withdrawn players do not).
pub fn advancers(t: &Tournament, round: &Round) -> Vec<EntrantId> {
    round
        .tables
        .iter()
        .filter_map(|table| {
            table_order(t, round, table)
                .into_iter()
                .find(|p| t.entrant(*p).is_some_and(|e| !e.withdrawn))
        })
        .collect()
}

/// The tournament's order, best first: the final's order, then each earlier knockout round's
/// players who did not go on (later rounds first; within a round by place at the table, then
/// the seeding), then everyone else by the point rounds' standings.
pub fn final_order(t: &Tournament) -> Vec<EntrantId> {
    let mut order: Vec<EntrantId> = Vec::new();
    for round in t.rounds.iter().rev().filter(|r| r.stage.is_knockout()) {
        let seeded = seeding(t, &round.seed);
        let mut placed: Vec<(usize, usize, EntrantId)> = Vec::new();
        for table in &round.tables {
            for (place, p) in table_order(t, round, table).into_iter().enumerate() {
                let gone_on = round.stage != Stage::Final && place == 0;
                if !gone_on && !order.contains(&p) {
                    placed.push((place, seeded.get(&p).copied().unwrap_or(usize::MAX), p));
                }
            }
        }
        placed.sort();
        order.extend(placed.into_iter().map(|(_, _, p)| p));
    }
    for line in standings(t) {
        if !order.contains(&line.entrant) {
            order.push(line.entrant);
        }
    }
    order
}
