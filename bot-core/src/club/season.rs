//! The season's championship (Vereinsmeisterschaft) over its club evenings. Each evening
//! ranks the members present by how little they lost (games, then halves, then Schock aus
//! received); of n present, the best gets n points, the next n − 1, down to 1 for the
//! last; equals share the better place's points. Absent members get nothing. Points, then
//! evenings won decide the place; who is equal in both shares the better place (listed by
//! name). Computer players never appear: the evening's lines hold people only.

use super::night::{MemberNight, Presence};
use crate::model::ids::UserId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChampionshipLine {
    /// 1 for the best; equal points and evenings won share the better place.
    pub place: u32,
    pub user: UserId,
    pub name: String,
    pub evenings: u32,
    pub points: u32,
    /// Evenings he ranked first (shared firsts count).
    pub won: u32,
}

/// The points of one evening's present members, in the order given.
pub fn evening_points(members: &[MemberNight]) -> Vec<(UserId, u32)> {
    let present: Vec<&MemberNight> = members
        .iter()
        .filter(|m| m.presence != Presence::Absent)
        .collect();
    let key = |m: &MemberNight| (m.lost, m.halves_lost, m.schock_aus_received);
    let n = present.len() as u32;
    present
        .iter()
        .map(|m| {
            let better = present.iter().filter(|o| key(o) < key(m)).count() as u32;
            (m.user.clone(), n - better)
        })
        .collect()
}

/// The championship table over the season's evenings (each one's member lines).
pub fn championship(evenings: &[Vec<MemberNight>]) -> Vec<ChampionshipLine> {
    let mut table: Vec<ChampionshipLine> = Vec::new();
    for members in evenings {
        let points = evening_points(members);
        let top = points.iter().map(|(_, p)| *p).max().unwrap_or(0);
        for (user, p) in points {
            let name = members
                .iter()
                .find(|m| m.user == user)
                .map(|m| m.name.clone())
                .unwrap_or_default();
            let line = match table.iter().position(|l| l.user == user) {
                Some(i) => &mut table[i],
                None => {
                    table.push(ChampionshipLine {
                        place: 0,
                        user: user.clone(),
                        name: name.clone(),
                        evenings: 0,
                        points: 0,
                        won: 0,
                    });
                    let last = table.len() - 1;
                    &mut table[last]
                }
            };
            line.name = name;
            line.evenings += 1;
            line.points += p;
            line.won += u32::from(p == top);
        }
    }
    table.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.won.cmp(&a.won))
            .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    for i in 0..table.len() {
        let key = (table[i].points, table[i].won);
        table[i].place = match i {
            0 => 1,
            _ if (table[i - 1].points, table[i - 1].won) == key => table[i - 1].place,
            _ => i as u32 + 1,
        };
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::money::Cents;

    fn night(name: &str, presence: Presence, lost: u32, halves: u32) -> MemberNight {
        MemberNight {
            user: UserId(format!("console:{name}")),
            name: name.into(),
            presence,
            games: 3,
            lost,
            halves_lost: halves,
            schock_aus_received: 0,
            bierrunden: lost,
            penalties: Cents::ZERO,
            charges: Vec::new(),
            balance: None,
        }
    }

    #[test]
    fn the_evenings_best_gets_as_many_points_as_were_present_and_equals_share() {
        let evening = vec![
            night("anna", Presence::Present, 0, 1),
            night("ben", Presence::Late, 2, 3),
            night("carla", Presence::Present, 0, 1),
            night("dora", Presence::Absent, 0, 0),
        ];
        let points = evening_points(&evening);
        let p: Vec<u32> = points.iter().map(|(_, p)| *p).collect();
        assert_eq!(p, [3, 1, 3]);
    }

    #[test]
    fn the_championship_adds_up_the_evenings() {
        let evenings = vec![
            vec![
                night("anna", Presence::Present, 0, 0),
                night("ben", Presence::Present, 1, 2),
            ],
            vec![
                night("anna", Presence::Present, 2, 2),
                night("ben", Presence::Present, 0, 1),
                night("carla", Presence::Present, 1, 1),
            ],
        ];
        let table = championship(&evenings);
        let rows: Vec<(u32, &str, u32, u32, u32)> = table
            .iter()
            .map(|l| (l.place, l.name.as_str(), l.points, l.evenings, l.won))
            .collect();
        assert_eq!(
            rows,
            [
                (1, "ben", 4, 2, 1),
                (2, "anna", 3, 2, 1),
                (3, "carla", 2, 1, 0)
            ]
        );
    }

    #[test]
    fn equals_share_the_better_place_and_the_next_place_is_skipped() {
        // One evening: Anna and Ben lost nothing (3 points each, both won it), Carla lost.
        let evenings = vec![vec![
            night("ben", Presence::Present, 0, 0),
            night("anna", Presence::Present, 0, 0),
            night("carla", Presence::Present, 1, 1),
        ]];
        let table = championship(&evenings);
        let rows: Vec<(u32, &str, u32)> = table
            .iter()
            .map(|l| (l.place, l.name.as_str(), l.points))
            .collect();
        assert_eq!(rows, [(1, "anna", 3), (1, "ben", 3), (3, "carla", 1)]);
    }
}
