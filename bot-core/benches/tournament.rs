//! What the tournament office costs at a championship's size (issue 35):
//! `cargo bench -p bot-core --bench tournament`.
//!
//! - `draw_600/round_4`: the draw of 600 players at 150 tables of 4, respecting teams of 4 and
//!   the opponents of three earlier rounds (the issue asks < 100 ms);
//! - `standings_600`: the standings (players and teams) after 4 rounds of 5 games a table;
//! - `record_game`: one table's game entered into such a tournament (clone included, as the
//!   service loads, changes and stores it).

use bot_core::engine::ServerSeed;
use bot_core::tournament::{
    EntrantId, Format, Registration, TableGame, Tournament, standings, team_standings,
};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn seed(n: u8) -> ServerSeed {
    ServerSeed::from_bytes(&[n; 32])
}

fn championship() -> Tournament {
    let mut format = Format::preset("punkte").expect("preset");
    format.point_rounds = 4;
    let mut t = Tournament::new("Deutsche Meisterschaft", format, seed(1));
    for i in 1..=600u32 {
        t.register(Registration {
            name: format!("Spieler {i}"),
            team: Some(format!("Team {}", (i - 1) / 4 + 1)),
            present: true,
            ..Registration::default()
        })
        .expect("registered");
    }
    t
}

fn game(players: &[EntrantId], n: u32) -> TableGame {
    let at = |i: u32| players[(i as usize) % players.len()];
    let (a, b) = (at(n), at(n + 1));
    TableGame::from_losers(
        players,
        &[a, b],
        Some(if n.is_multiple_of(2) { a } else { b }),
        false,
    )
}

fn play_round(t: &mut Tournament) {
    let round = t.running_round().expect("running").clone();
    for table in &round.tables {
        for g in 1..=5 {
            t.record_game(round.number, table.number, g, game(&table.players, g))
                .expect("entered");
        }
    }
}

fn bench(c: &mut Criterion) {
    let mut t = championship();
    for r in 1..=3 {
        t.draw_next(seed(r + 1)).expect("drawn");
        play_round(&mut t);
    }
    let before_draw = t.clone();
    c.bench_function("draw_600/round_4", |b| {
        b.iter(|| {
            let mut t = before_draw.clone();
            black_box(t.draw_next(seed(9)).expect("drawn").tables.len())
        })
    });
    t.draw_next(seed(9)).expect("drawn");
    let round = t.running_round().expect("running").clone();
    let table = &round.tables[0];
    c.bench_function("record_game", |b| {
        b.iter(|| {
            let mut t = t.clone();
            black_box(
                t.record_game(4, table.number, 1, game(&table.players, 1))
                    .expect("ok"),
            )
        })
    });
    play_round(&mut t);
    c.bench_function("standings_600", |b| {
        b.iter(|| {
            let lines = standings(&t);
            black_box(team_standings(&t, &lines).len())
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
