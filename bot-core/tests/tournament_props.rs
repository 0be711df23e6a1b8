//! Schockturnier invariants (issue 35), as property tests: every present player sits at
//! exactly one table per round, table sizes stay in the format's range, the draw repeats from
//! its seed, and the standings are the sum of the tables' results.

use bot_core::engine::ServerSeed;
use bot_core::tournament::{
    DrawFacts, EntrantId, Format, FormatKey, HalfResult, Registration, TableGame, Tournament, draw,
    score_game, standings, table_sizes,
};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn seed(n: u8) -> ServerSeed {
    ServerSeed::from_bytes(&[n; 32])
}

/// A game at `players` decided by `picks` (a pseudo-random but legal result).
fn game_from(players: &[EntrantId], picks: &[u8]) -> TableGame {
    let n = players.len();
    let pick = |i: usize| players[usize::from(picks[i % picks.len()]) % n];
    let halves: Vec<HalfResult> = [pick(0), pick(1)]
        .into_iter()
        .enumerate()
        .map(|(h, loser)| {
            let mut rest: Vec<EntrantId> =
                players.iter().copied().filter(|p| *p != loser).collect();
            let turn = usize::from(picks[(h + 2) % picks.len()]) % rest.len().max(1);
            rest.rotate_left(turn);
            // The first two out together when the pick says so, the rest one by one.
            let together = picks[(h + 3) % picks.len()].is_multiple_of(2) && rest.len() >= 2;
            let mut out: Vec<Vec<EntrantId>> = Vec::new();
            for (i, p) in rest.into_iter().enumerate() {
                if together && i == 1 {
                    out[0].push(p);
                } else {
                    out.push(vec![p]);
                }
            }
            HalfResult { out, loser }
        })
        .collect();
    let final_loser = (halves[0].loser != halves[1].loser).then(|| {
        if picks[4 % picks.len()].is_multiple_of(2) {
            halves[0].loser
        } else {
            halves[1].loser
        }
    });
    TableGame {
        players: players.to_vec(),
        halves,
        final_loser,
        scharf: false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_player_sits_once_within_the_sizes_and_the_draw_repeats(
        present in 3usize..260,
        team_size in 0u32..6,
        earlier in proptest::collection::vec((0u32..260, 0u32..260), 0..200),
        seed_text in "[0-9a-f]{64}",
        round in 1u32..9,
    ) {
        let players: Vec<EntrantId> = (1..=present as u32).map(EntrantId).collect();
        let mut facts = DrawFacts::default();
        if let Some(teams) = (present as u32).checked_div(team_size) {
            for p in &players {
                facts.team_of.insert(*p, p.0 % teams.max(1));
            }
        }
        for (a, b) in earlier {
            let (a, b) = (EntrantId(a % present as u32 + 1), EntrantId(b % present as u32 + 1));
            if a != b {
                facts.add_tables(&[vec![a, b]]);
            }
        }
        let sizes = table_sizes(present, 3, 4, 5).expect("3 or more fill tables of 3 to 5");
        let tables = draw(&seed_text, round, &players, &sizes, &facts);
        let mut seated: Vec<EntrantId> = tables.iter().flatten().copied().collect();
        seated.sort();
        prop_assert_eq!(&seated, &players, "everyone exactly once");
        for table in &tables {
            prop_assert!((3..=5).contains(&table.len()), "a table of {}", table.len());
        }
        prop_assert_eq!(&tables, &draw(&seed_text, round, &players, &sizes, &facts));
    }

    #[test]
    fn standings_are_the_sum_of_the_tables_results(
        present in 6u32..40,
        format in prop_oneof![Just("punkte"), Just("platzierung"), Just("strafpunkte")],
        picks in proptest::collection::vec(any::<u8>(), 5..40),
        games in 1u8..4,
    ) {
        let mut t = Tournament::new("Prüfung", Format::preset(format).expect("preset"), seed(1));
        t.set_format(FormatKey::GamesPerRound, &games.to_string()).expect("games");
        for i in 1..=present {
            t.register(Registration { name: format!("S{i}"), present: true, ..Registration::default() })
                .expect("registered");
        }
        let mut sums: BTreeMap<EntrantId, i32> = BTreeMap::new();
        for round in 1..=t.format.point_rounds {
            let drawn = t.draw_next(seed(round + 1)).expect("drawn").clone();
            for table in &drawn.tables {
                for g in 1..=u32::from(games) {
                    let mut salted = picks.clone();
                    salted.rotate_left((g as usize + table.number as usize) % picks.len());
                    let game = game_from(&table.players, &salted);
                    for (p, s) in score_game(&t.format, &game) {
                        *sums.entry(p).or_default() += s.points;
                    }
                    t.record_game(drawn.number, table.number, g, game).expect("entered");
                }
            }
            prop_assert!(t.verify_draw(drawn.number).expect("verify"));
        }
        for line in standings(&t) {
            prop_assert_eq!(line.tally.points, sums.get(&line.entrant).copied().unwrap_or(0));
        }
    }
}
