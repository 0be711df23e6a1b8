//! Schockturnier (issue 35): whole tournaments through the pure office, with games the engine
//! plays; the standings compared with sums this test computes itself from the games.

use bot_core::engine::{Action, Game, RuleSet, ServerSeed, ai, seeded};
use bot_core::tournament::{
    EntrantId, Format, FormatKey, Registration, Stage, TableGame, TableMode, Tournament,
    TournamentError, final_order, standings, team_standings,
};
use std::collections::BTreeMap;

fn seed(n: u8) -> ServerSeed {
    ServerSeed::from_bytes(&[n; 32])
}

fn office(format: &str, players: u32, teams: bool) -> Tournament {
    let mut t = Tournament::new(
        "Stadtmeisterschaft",
        Format::preset(format).expect("preset"),
        seed(1),
    );
    for i in 1..=players {
        t.register(Registration {
            name: format!("Spieler {i}"),
            team: teams.then(|| format!("Team {}", (i - 1) / 4 + 1)),
            present: true,
            ..Registration::default()
        })
        .expect("registers");
    }
    t
}

/// A short game (2 Deckel) the engine plays with computer players at every seat.
fn engine_game(players: &[EntrantId], game_seed: u64) -> TableGame {
    let rules = RuleSet::standard()
        .with_assignments(&["deckel=2".to_string()])
        .expect("rules");
    let names: Vec<String> = players.iter().map(|p| format!("P{p}")).collect();
    let mut rng = seeded(game_seed);
    let (mut game, mut events) = Game::start(rules, &names, &mut rng).expect("starts");
    while let Some(seat) = game.current() {
        let action = ai::choose(&game, seat).unwrap_or(Action::Stand);
        events.extend(game.apply(seat, &action, &mut rng).expect("a legal move"));
    }
    TableGame::from_events(&events, players).expect("a finished game")
}

/// Plays the running round to its end: every table its games (knockout tables until decided).
fn play_round(t: &mut Tournament, salt: u64) -> Vec<(u32, TableGame)> {
    let round = t.running_round().expect("a round").clone();
    let mut played = Vec::new();
    for table in &round.tables {
        let mut game_no = 1;
        loop {
            let current = t.round(round.number).expect("round");
            let entry = current.table(table.number).expect("table");
            if entry.closed {
                break;
            }
            let players = entry.next_players(&t.format, current.stage);
            let game = engine_game(
                &players,
                salt * 10_000 + u64::from(table.number) * 100 + game_no,
            );
            t.record_game(round.number, table.number, game_no as u32, game.clone())
                .expect("entered");
            played.push((table.number, game));
            game_no += 1;
        }
    }
    played
}

/// Punkte by hand: each half every player but its loser +1, the game's loser −1.
fn punkte_by_hand(games: &[TableGame]) -> BTreeMap<EntrantId, i32> {
    let mut points = BTreeMap::new();
    for game in games {
        for half in &game.halves {
            for p in &game.players {
                *points.entry(*p).or_insert(0) += i32::from(*p != half.loser);
            }
        }
        let loser = game.final_loser.unwrap_or(game.halves[1].loser);
        *points.entry(loser).or_insert(0) -= 1;
    }
    points
}

#[test]
fn a_punkte_tournament_of_16_with_teams_to_its_final() {
    let mut t = office("punkte", 16, true);
    for (key, value) in [("leben", "1"), ("spiele", "2"), ("ko", "16")] {
        t.set_format(FormatKey::from_word(key).expect("key"), value)
            .expect("set");
    }
    let mut point_games = Vec::new();
    for round in 1..=2u8 {
        let commitment = t.next_commitment();
        let drawn = t.draw_next(seed(round + 1)).expect("drawn").clone();
        assert_eq!(drawn.stage, Stage::Points);
        assert_eq!(
            drawn.commitment, commitment,
            "the commitment shown before is the seed's"
        );
        assert_eq!(drawn.tables.len(), 4);
        for table in &drawn.tables {
            let teams: Vec<Option<u32>> = table
                .players
                .iter()
                .map(|p| t.entrant(*p).expect("entrant").team)
                .collect();
            let mut unique = teams.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), 4, "teammates apart: {teams:?}");
        }
        t.start_clock(0).expect("clock");
        point_games.extend(
            play_round(&mut t, u64::from(round))
                .into_iter()
                .map(|(_, g)| g),
        );
        assert!(t.verify_draw(u32::from(round)).expect("verify"));
    }
    // Nobody met an opponent twice: 16 players, 2 rounds of tables of 4.
    let facts = t.draw_facts(3);
    assert!(facts.met.values().all(|c| *c == 1), "{:?}", facts.met);

    let by_hand = punkte_by_hand(&point_games);
    let lines = standings(&t);
    for line in &lines {
        assert_eq!(line.tally.points, by_hand[&line.entrant], "{}", line.name);
        assert_eq!(line.rounds.len(), 2);
    }
    let teams = team_standings(&t, &lines);
    for team in &teams {
        let sum: i32 = team.members.iter().map(|m| by_hand[m]).sum();
        assert_eq!(team.tally.points, sum);
    }

    // Knockout: 16 → 4 tables → a final of 4.
    let ko = t.draw_next(seed(9)).expect("knockout").clone();
    assert_eq!(ko.stage, Stage::Knockout);
    assert_eq!(ko.tables.len(), 4);
    play_round(&mut t, 3);
    let final_round = t.draw_next(seed(10)).expect("final").clone();
    assert_eq!(final_round.stage, Stage::Final);
    assert_eq!(final_round.tables.len(), 1);
    assert_eq!(final_round.tables[0].players.len(), 4);
    let final_games = play_round(&mut t, 4);
    assert!(t.decided());
    t.finish().expect("finished");
    let order = final_order(&t);
    assert_eq!(order.len(), 16);
    // The champion lost no game at the final (one life each): the last one left.
    let champion = order[0];
    assert!(final_games.iter().all(|(_, g)| g.loser() != Some(champion)));
    assert_eq!(
        t.draw_next(seed(11)).map(|_| ()),
        Err(TournamentError::Finished)
    );
}

#[test]
fn wrong_entries_are_refused_and_change_nothing() {
    let mut t = office("punkte", 8, false);
    t.draw_next(seed(2)).expect("round 1");
    let round = t.current_round().expect("round").clone();
    let table = &round.tables[0];
    let game = TableGame::from_losers(
        &table.players,
        &[table.players[0], table.players[1]],
        Some(table.players[0]),
        false,
    );
    let before = t.clone();
    // A table of another round, a table that does not exist, a game ahead of the next.
    assert_eq!(
        t.record_game(2, 1, 1, game.clone()),
        Err(TournamentError::NotCurrentRound {
            asked: 2,
            current: 1
        })
    );
    assert_eq!(
        t.record_game(1, 9, 1, game.clone()),
        Err(TournamentError::UnknownTable { round: 1, table: 9 })
    );
    assert!(matches!(
        t.record_game(1, table.number, 2, game.clone()),
        Err(TournamentError::GameAhead { .. })
    ));
    // Players of another table.
    let other = &round.tables[1];
    let foreign = TableGame::from_losers(
        &other.players,
        &[other.players[0], other.players[0]],
        None,
        false,
    );
    assert_eq!(
        t.record_game(1, table.number, 1, foreign),
        Err(TournamentError::WrongPlayers(table.number))
    );
    // A round started before the last one is complete.
    assert_eq!(
        t.draw_next(seed(3)).map(|_| ()),
        Err(TournamentError::RoundRunning(1))
    );
    assert_eq!(t, before, "refusals change nothing");
    // The same game entered twice.
    t.record_game(1, table.number, 1, game.clone())
        .expect("entered");
    assert_eq!(
        t.record_game(1, table.number, 1, game),
        Err(TournamentError::GameEntered {
            table: table.number,
            game: 1
        })
    );
    // A withdrawal while seated at a running table, a format change after the draw.
    let seated = table.players[2];
    assert_eq!(
        t.withdraw(seated),
        Err(TournamentError::Seated(seated, table.number))
    );
    assert_eq!(
        t.set_format(FormatKey::Lives, "1"),
        Err(TournamentError::FormatFixed)
    );
}

#[test]
fn time_out_ends_the_game_in_play_scharf_and_closes_tables() {
    let mut t = office("punkte", 8, false);
    t.draw_next(seed(2)).expect("drawn");
    t.start_clock(1_000).expect("clock");
    assert_eq!(t.start_clock(2_000), Err(TournamentError::ClockRunning));
    // Paused ten minutes: the clock stands still.
    t.pause(60_000).expect("paused");
    let round = t.current_round().expect("round").clone();
    let table = round.tables[0].clone();
    let half_only = TableGame::from_losers(&table.players, &[table.players[3]], None, false);
    assert_eq!(
        t.record_game(1, table.number, 1, half_only.clone()),
        Err(TournamentError::Paused)
    );
    t.resume(660_000).expect("resumed");
    let clock = &t.current_round().expect("round").clock;
    assert_eq!(clock.remaining(660_000), Some(60 * 60_000 - 59_000));
    let end = clock.ends_at().expect("end");
    assert!(!t.time_over(end - 1));
    assert!(t.time_over(end));
    // The game in play ends with its first lost half, scharf; the table closes.
    let entered = t
        .record_game(1, table.number, 1, half_only)
        .expect("scharf");
    assert!(entered.table_closed);
    let scored = &t.round(1).expect("round").tables[0].games[0];
    assert!(scored.scharf);
    assert_eq!(scored.loser(), Some(table.players[3]));
    // The other table had no game in play: its captain closes it.
    let other = round.tables[1].number;
    assert!(t.close_table(other, false).expect("closed"));
    assert!(t.running_round().is_none());
}

#[test]
fn a_strafpunkte_final_table_puts_out_at_two_lost_games() {
    let mut t = office("strafpunkte", 12, false);
    t.set_format(FormatKey::PointRounds, "1")
        .expect("one round");
    t.set_format(FormatKey::GamesPerRound, "2")
        .expect("two games");
    t.draw_next(seed(2)).expect("points");
    play_round(&mut t, 1);
    let fin = t.draw_next(seed(3)).expect("final").clone();
    assert_eq!(fin.stage, Stage::Final);
    assert_eq!(fin.tables[0].players.len(), 6, "the best six");
    // The six are the best by fewest penalty points.
    let lines = standings(&t);
    let worst_finalist = fin.tables[0]
        .players
        .iter()
        .map(|p| {
            lines
                .iter()
                .find(|l| l.entrant == *p)
                .expect("line")
                .tally
                .points
        })
        .max()
        .expect("six");
    let best_left_out = lines
        .iter()
        .filter(|l| !fin.tables[0].players.contains(&l.entrant))
        .map(|l| l.tally.points)
        .min()
        .expect("six more");
    assert!(worst_finalist <= best_left_out);
    let games = play_round(&mut t, 2);
    // Everyone but the champion lost exactly two games at the final.
    let order = final_order(&t);
    let mut lost: BTreeMap<EntrantId, u32> = BTreeMap::new();
    for (_, g) in &games {
        *lost.entry(g.loser().expect("loser")).or_default() += 1;
    }
    for p in &order[1..6] {
        assert_eq!(lost[p], 2, "{p}");
    }
    assert!(lost.get(&order[0]).copied().unwrap_or(0) < 2);
    assert!(t.decided());
}

#[test]
fn platzierung_the_best_of_each_table_goes_on() {
    let mut t = office("platzierung", 12, false);
    t.set_format(FormatKey::PointRounds, "1")
        .expect("one round");
    t.set_format(FormatKey::GamesPerRound, "1")
        .expect("one game");
    t.set_format(FormatKey::Qualifiers, "9").expect("nine");
    t.set_format(FormatKey::KnockoutTable, "3")
        .expect("tables of three");
    t.draw_next(seed(2)).expect("points");
    play_round(&mut t, 1);
    let ko = t.draw_next(seed(3)).expect("knockout").clone();
    assert_eq!(ko.stage, Stage::Knockout);
    assert_eq!(ko.tables.len(), 3);
    play_round(&mut t, 2);
    let fin = t.draw_next(seed(4)).expect("final").clone();
    assert_eq!(fin.stage, Stage::Final);
    let winners: Vec<EntrantId> = fin.tables[0].players.clone();
    for table in &ko.tables {
        let ranked = bot_core::tournament::table_ranking(
            &t.format,
            t.round(2).expect("r").table(table.number).expect("t"),
        );
        let goes_on = winners
            .iter()
            .find(|w| table.players.contains(w))
            .expect("one per table");
        let best_place = ranked
            .iter()
            .find(|(p, _, _)| p == goes_on)
            .expect("ranked")
            .1;
        assert_eq!(best_place, 1);
    }
    play_round(&mut t, 3);
    assert!(t.decided());
}

#[test]
fn registration_refusals() {
    let mut t = office("punkte", 3, true);
    assert_eq!(
        t.register(Registration {
            name: "spieler 1".into(),
            ..Registration::default()
        }),
        Err(TournamentError::NameTaken("spieler 1".into()))
    );
    assert_eq!(
        t.register(Registration::default()),
        Err(TournamentError::NoName)
    );
    t.register(Registration {
        name: "Vierter".into(),
        team: Some("team 1".into()),
        ..Registration::default()
    })
    .expect("the fourth of team 1");
    assert!(matches!(
        t.register(Registration {
            name: "Fünfter".into(),
            team: Some("Team 1".into()),
            ..Registration::default()
        }),
        Err(TournamentError::TeamFull { .. })
    ));
    // Three present (the fourth did not check in): one table of three.
    let round = t.draw_next(seed(2)).expect("drawn").clone();
    assert_eq!(round.tables.len(), 1);
    assert_eq!(round.tables[0].players.len(), 3);
    assert_eq!(round.tables[0].mode, TableMode::RealCups);
}

#[test]
fn a_championship_of_600_meets_nobody_twice_in_four_rounds() {
    let mut format = Format::preset("punkte").expect("preset");
    format.point_rounds = 4;
    let mut t = Tournament::new("Meisterschaft", format, seed(1));
    for i in 1..=600u32 {
        t.register(Registration {
            name: format!("Spieler {i}"),
            team: Some(format!("Team {}", (i - 1) / 4 + 1)),
            present: true,
            ..Registration::default()
        })
        .expect("registered");
    }
    for r in 1..=4u8 {
        let round = t.draw_next(seed(r + 1)).expect("drawn").clone();
        assert_eq!(round.tables.len(), 150);
        assert_eq!(
            t.draw_facts(u32::from(r)).cost(&round.seatings()),
            0,
            "round {r}"
        );
        for table in &round.tables {
            t.close_table(table.number, true).expect("closed");
        }
    }
}

#[test]
fn five_left_for_tables_of_four_play_the_final_at_one_table() {
    let mut t = office("punkte", 8, false);
    t.set_format(FormatKey::PointRounds, "1")
        .expect("one round");
    t.set_format(FormatKey::GamesPerRound, "1")
        .expect("one game");
    t.set_format(FormatKey::Qualifiers, "5").expect("five");
    t.set_format(FormatKey::Lives, "1").expect("one life");
    t.draw_next(seed(2)).expect("points");
    play_round(&mut t, 1);
    let fin = t.draw_next(seed(3)).expect("the final").clone();
    assert_eq!(fin.stage, Stage::Final);
    assert_eq!(fin.tables.len(), 1);
    assert_eq!(fin.tables[0].players.len(), 5);
    play_round(&mut t, 2);
    assert!(t.decided());
}

#[test]
fn the_directors_entry_settles_a_waiting_one() {
    use bot_core::tournament::PendingGame;
    let mut t = office("punkte", 8, false);
    let round = t.draw_next(seed(2)).expect("drawn").clone();
    let table = &round.tables[0];
    let game = TableGame::from_losers(
        &table.players,
        &[table.players[0], table.players[0]],
        None,
        false,
    );
    t.propose_game(PendingGame {
        round: 1,
        table: table.number,
        game: 1,
        result: game.clone(),
        by: table.players[0],
        at: 0,
    })
    .expect("waits");
    assert!(t.pending_at(table.number).is_some());
    t.record_game(1, table.number, 1, game)
        .expect("the director's");
    assert!(t.pending_at(table.number).is_none());
    // The second player's word finds nothing waiting.
    assert_eq!(
        t.confirm_game(table.number, table.players[1]).map(|_| ()),
        Err(TournamentError::NothingToConfirm(table.number))
    );
}

#[test]
fn a_table_for_lives_is_not_closed_by_the_clock() {
    let mut t = office("punkte", 8, false);
    t.set_format(FormatKey::PointRounds, "1")
        .expect("one round");
    t.set_format(FormatKey::GamesPerRound, "1")
        .expect("one game");
    t.set_format(FormatKey::Qualifiers, "8").expect("eight");
    t.set_format(FormatKey::Lives, "1").expect("one life");
    t.draw_next(seed(2)).expect("points");
    play_round(&mut t, 1);
    let ko = t.draw_next(seed(3)).expect("knockout").clone();
    assert_eq!(ko.stage, Stage::Knockout);
    t.start_clock(0).expect("clock");
    assert!(t.time_over(60 * 60_000));
    let table = ko.tables[0].number;
    assert_eq!(
        t.close_table(table, false),
        Err(TournamentError::TableStillPlaying { table })
    );
    // Under time every game there is scharf: one lost half decides it.
    let players = ko.tables[0].players.clone();
    let entered = t
        .record_game(
            ko.number,
            table,
            1,
            TableGame::from_losers(&players, &[players[0]], None, false),
        )
        .expect("scharf");
    assert!(!entered.table_closed, "three are left");
}
