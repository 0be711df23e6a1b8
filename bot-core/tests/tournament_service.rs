//! Schockturnier through the service (issue 35), its words read by the one parser: a club's
//! tournament of 8 with real-cup tables (a player enters, another confirms), the director's
//! draw, clock and correction, the knockout to the final; the standings compared with sums
//! this test keeps itself; wrong entries refused with the reason and nothing changed.

use bot_core::commands::{CommandId, parse};
use bot_core::render::{Surface, Voice, content_text, notice_text};
use bot_core::service::reply::Content;
use bot_core::service::tournament::{TournamentContent, TourneyError};
use bot_core::service::{Actor, Reply, Request, ServiceError};
use bot_core::text::Lang;
use bot_core::tournament::TournamentError;
use std::collections::BTreeMap;

mod common;
use common::service::{Harness, actor, admin, chat};

const NAMES: [&str; 8] = [
    "Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gabi", "Hugo",
];

fn words(text: &str) -> Request {
    parse::request(CommandId::Tournament, text, None).expect("the words read")
}

async fn say(h: &Harness, who: Actor, text: &str) -> Reply {
    h.ok(who, words(text)).await
}

async fn refused(h: &Harness, who: Actor, text: &str) -> ServiceError {
    h.refused(who, words(text)).await
}

fn office(e: ServiceError) -> TourneyError {
    match e {
        ServiceError::Tournament(t) => t,
        other => panic!("not a tournament refusal: {other:?}"),
    }
}

fn tournament_content(reply: &Reply) -> TournamentContent {
    match reply.content.as_ref() {
        Some(Content::Tournament(c)) => (**c).clone(),
        other => panic!("no tournament content: {other:?}"),
    }
}

fn text_of(reply: &Reply, lang: Lang) -> String {
    let voice = Voice::new(lang, Surface::Telegram);
    let mut out: Vec<String> = reply
        .notices
        .iter()
        .filter_map(|n| notice_text(n, None, voice))
        .collect();
    if let Some(c) = &reply.content {
        out.push(content_text(c, voice));
    }
    out.join("\n")
}

/// The tables of the round shown: the players' names in seat order.
fn tables(reply: &Reply) -> Vec<Vec<String>> {
    match tournament_content(reply) {
        TournamentContent::Round(r) => r.tables.into_iter().map(|t| t.players).collect(),
        other => panic!("no round: {other:?}"),
    }
}

async fn setup(h: &Harness) {
    say(h, admin("Max"), "neu Vereinsturnier punkte").await;
    say(
        h,
        admin("Max"),
        "format runden=1 spiele=2 ko=4 kotisch=4 leben=1 team=0",
    )
    .await;
    for name in NAMES {
        say(h, actor(name), "anmelden").await;
    }
    say(h, admin("Max"), "da alle").await;
}

#[tokio::test]
async fn a_club_tournament_with_real_cups_to_its_final() {
    let h = Harness::new().await;
    setup(&h).await;
    let drawn = say(&h, admin("Max"), "auslosen").await;
    let round = tables(&drawn);
    assert_eq!(round.len(), 2);
    assert!(round.iter().all(|t| t.len() == 4));
    say(&h, admin("Max"), "start").await;

    // Each table: the captain (seat 1) enters, the player in seat 2 confirms. Game 1: seat 3
    // loses half 1, seat 4 half 2, seat 3 the final; game 2: seat 2 loses both halves.
    let mut points: BTreeMap<String, i32> = NAMES.iter().map(|n| (n.to_string(), 0)).collect();
    for (i, seats) in round.iter().enumerate() {
        let table = i + 1;
        let (captain, second) = (actor(&seats[0]), actor(&seats[1]));
        let waiting = say(&h, captain.clone(), &format!("ergebnis {table} 1 3 4 3")).await;
        assert!(
            text_of(&waiting, Lang::De).contains("wartet")
                || text_of(&waiting, Lang::De).contains("bestätigt")
        );
        // The one who entered cannot confirm his own entry.
        assert_eq!(
            office(refused(&h, captain.clone(), "ok").await),
            TourneyError::Office(TournamentError::OwnEntry)
        );
        let counted = say(&h, second.clone(), "ok").await;
        assert!(
            text_of(&counted, Lang::De).contains("zählt"),
            "{}",
            text_of(&counted, Lang::De)
        );
        // The same game again: refused.
        assert_eq!(
            office(refused(&h, captain.clone(), &format!("ergebnis {table} 1 3 4 3")).await),
            TourneyError::Office(TournamentError::GameEntered {
                table: table as u32,
                game: 1
            })
        );
        say(
            &h,
            captain.clone(),
            &format!("ergebnis {table} 2 {} {}", seats[1], seats[1]),
        )
        .await;
        say(&h, actor(&seats[3]), "ok").await;
        // Points by hand: every half not lost +1, the game's loser −1.
        for (half_losers, game_loser) in [([2, 3], 2), ([1, 1], 1)] {
            for (seat, name) in seats.iter().enumerate() {
                let kept = half_losers.iter().filter(|l| **l != seat).count() as i32;
                *points.get_mut(name).unwrap() += kept - i32::from(seat == game_loser);
            }
        }
    }
    let standings = say(&h, actor("Anna"), "stand").await;
    let TournamentContent::Standings(view) = tournament_content(&standings) else {
        panic!("standings")
    };
    for row in &view.rows {
        assert_eq!(row.tally.points, points[&row.name], "{}", row.name);
    }
    let shown = text_of(&standings, Lang::De);
    assert!(shown.contains("Stand nach 1 von 1 Punkterunde"), "{shown}");

    // The knockout: the best four play the final at once (4 ≤ kotisch); one life each.
    let final_round = tables(&say(&h, admin("Max"), "auslosen").await);
    assert_eq!(final_round.len(), 1);
    let finalists = final_round[0].clone();
    let mut best: Vec<(i32, &String)> = points.iter().map(|(n, p)| (*p, n)).collect();
    best.sort_by_key(|b| std::cmp::Reverse(b.0));
    let cut = best[3].0;
    for name in &finalists {
        assert!(
            points[name] >= cut,
            "{name} qualified with {} < {cut}",
            points[name]
        );
    }
    // The director enters the final's games (they count at once): the last seat loses
    // each game until one is left.
    for game in 1..=3 {
        let loser = &finalists[4 - game];
        say(
            &h,
            admin("Max"),
            &format!("ergebnis 1 {game} {loser} {loser}"),
        )
        .await;
    }
    let done = say(&h, admin("Max"), "ende").await;
    let shown = text_of(&done, Lang::De);
    assert!(
        shown.contains(&format!("Sieger: {}", finalists[0])),
        "{shown}"
    );
    let page = say(&h, actor(&finalists[0]), "spieler").await;
    let TournamentContent::Player(p) = tournament_content(&page) else {
        panic!("page")
    };
    assert_eq!(p.final_place, Some(1));
    assert_eq!(p.rounds.len(), 2);
    assert!(text_of(&page, Lang::En).contains("Final place: 1."));
    // The draws check out.
    for round in 1..=2 {
        let verified = say(&h, actor("Hugo"), &format!("prüfen {round}")).await;
        assert!(matches!(
            tournament_content(&verified),
            TournamentContent::Verified { holds: true, .. }
        ));
    }
}

#[tokio::test]
async fn wrong_steps_are_refused_with_the_reason_and_change_nothing() {
    let h = Harness::new().await;
    assert_eq!(
        office(refused(&h, actor("Anna"), "stand").await),
        TourneyError::NoTournament
    );
    assert_eq!(
        office(refused(&h, actor("Anna"), "neu Turnier").await),
        TourneyError::DirectorOnly
    );
    setup(&h).await;
    let before = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    for (who, text, why) in [
        (actor("Anna"), "auslosen", TourneyError::DirectorOnly),
        (actor("Anna"), "format runden=3", TourneyError::DirectorOnly),
        (actor("Anna"), "anmelden Zora", TourneyError::DirectorOnly),
        (
            actor("Anna"),
            "anmelden",
            TourneyError::Office(TournamentError::NameTaken("Anna".into())),
        ),
        (
            admin("Max"),
            "neu Noch eins",
            TourneyError::AlreadyRunning {
                name: "Vereinsturnier".into(),
            },
        ),
        (
            admin("Max"),
            "start",
            TourneyError::Office(TournamentError::NoRoundRunning),
        ),
        (actor("Zora"), "da", TourneyError::NotRegistered),
    ] {
        assert_eq!(office(refused(&h, who, text).await), why, "{text}");
    }
    let after = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(after.version, before.version, "refusals store nothing");

    let round = tables(&say(&h, admin("Max"), "auslosen").await);
    let outsider = &round[1][0];
    for (who, text, why) in [
        (
            admin("Max"),
            "auslosen",
            TourneyError::Office(TournamentError::RoundRunning(1)),
        ),
        (
            actor(outsider),
            "ergebnis 1 1 1 2 1",
            TourneyError::Office(TournamentError::NotAtTable {
                player: bot_core::tournament::EntrantId(
                    NAMES.iter().position(|n| n == outsider).unwrap() as u32 + 1,
                ),
                table: 1,
            }),
        ),
        (
            actor(&round[0][0]),
            "ergebnis 1 2 1 2 1",
            TourneyError::Office(TournamentError::GameAhead {
                table: 1,
                entered: 0,
                next: 1,
            }),
        ),
        (
            actor(&round[0][0]),
            "ergebnis 1 1 Zora Ben Anna",
            TourneyError::NotAtThisTable {
                name: "Zora".into(),
                table: 1,
            },
        ),
        (
            actor(&round[0][0]),
            "ergebnis 1 1 9 1 2",
            TourneyError::NoSeat { seat: 9, table: 1 },
        ),
        (
            actor(&round[0][0]),
            "ergebnis 1 1 1 2",
            TourneyError::Office(TournamentError::Game(
                bot_core::tournament::GameError::FinalMissing,
            )),
        ),
        (
            actor(&round[0][0]),
            "ergebnis 3 1 1 2 1",
            TourneyError::Office(TournamentError::UnknownTable { round: 1, table: 3 }),
        ),
        (
            actor(&round[0][1]),
            "ok",
            TourneyError::Office(TournamentError::NothingToConfirm(1)),
        ),
        (
            actor(&round[0][1]),
            "schließen",
            TourneyError::Office(TournamentError::TableStillPlaying { table: 1 }),
        ),
        (
            actor(&round[0][1]),
            "abmelden",
            TourneyError::Office(TournamentError::Seated(
                bot_core::tournament::EntrantId(
                    NAMES.iter().position(|n| *n == round[0][1]).unwrap() as u32 + 1,
                ),
                1,
            )),
        ),
        (
            admin("Max"),
            "korrektur 1 1 1 streichen",
            TourneyError::Office(TournamentError::UnknownGame { table: 1, game: 1 }),
        ),
    ] {
        assert_eq!(office(refused(&h, who, text).await), why, "{text}");
    }
    // Every refusal reads in both languages without a missing word.
    let e = refused(&h, actor(&round[0][0]), "ergebnis 1 1 1 2").await;
    let reply = Reply::error(e, Lang::De);
    for lang in Lang::ALL {
        let text = bot_core::render::error_text(
            reply.error_kind().unwrap(),
            None,
            Voice::new(lang, Surface::Telegram),
        );
        assert!(!text.contains('{'), "{text}");
    }
}

#[tokio::test]
async fn the_director_corrects_a_game_and_the_log_keeps_it() {
    let h = Harness::new().await;
    setup(&h).await;
    let round = tables(&say(&h, admin("Max"), "auslosen").await);
    let seats = &round[0];
    say(&h, admin("Max"), "ergebnis 1 1 1 1").await;
    say(&h, admin("Max"), "korrektur 1 1 1 2 2").await;
    let log = say(&h, actor("Anna"), "protokoll").await;
    let shown = text_of(&log, Lang::De);
    assert!(
        shown.contains(&format!(
            "{} / {} → {} / {}",
            seats[0], seats[0], seats[1], seats[1]
        )),
        "{shown}"
    );
    // Pause: nothing is entered until the director goes on.
    say(&h, admin("Max"), "pause").await;
    assert_eq!(
        office(refused(&h, admin("Max"), "ergebnis 1 2 1 1").await),
        TourneyError::Office(TournamentError::Paused)
    );
    say(&h, admin("Max"), "weiter").await;
    say(&h, admin("Max"), "ergebnis 1 2 1 1").await;
    let page = say(&h, actor(&seats[1]), "ich").await;
    assert!(text_of(&page, Lang::De).contains("Runde 1 (Punkterunde): Tisch 1"));
}

#[tokio::test]
async fn a_digital_tables_games_count_by_themselves() {
    let h = Harness::new().await;
    h.ok(
        admin("Max"),
        Request::SetRules {
            preset: None,
            switches: vec!["deckel=2".into()],
        },
    )
    .await;
    setup(&h).await;
    let round = tables(&say(&h, admin("Max"), "auslosen").await);
    let seats: Vec<&str> = round[0].iter().map(String::as_str).collect();
    // A player of table 1 says it plays here; a player of table 2 may not bind table 1.
    assert_eq!(
        office(refused(&h, actor(&round[1][0]), "tisch 1").await),
        TourneyError::DirectorOnly
    );
    let bound = say(&h, actor(seats[0]), "tisch 1").await;
    assert!(text_of(&bound, Lang::De).contains("Tisch 1 spielt hier"));
    h.table_of(&seats).await;
    let last = h.play_to_end().await;
    let shown = text_of(&last, Lang::De);
    assert!(shown.contains("Tisch 1, Spiel 1 zählt"), "{shown}");
    let row = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    let game = &row.state.rounds[0].tables[0].games[0];
    // The game counted is the one played: its loser is the table's loser.
    let t = last.table.expect("table");
    let loser_name = &t.members[t
        .view
        .and_then(|v| v.result)
        .and_then(|r| r.loser)
        .unwrap()
        .index()];
    assert_eq!(row.state.name_of(game.loser().unwrap()), loser_name);
    assert_eq!(game.halves.len(), 2);
    game.validate().expect("a whole game");
    // Three of them play again: not the table's players, it does not count.
    h.table_of(&seats[..3]).await;
    let last = h.play_to_end().await;
    let shown = text_of(&last, Lang::De);
    assert!(shown.contains("zählt nicht für Tisch 1"), "{shown}");
    let row = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.state.rounds[0].tables[0].games.len(), 1);
}

#[tokio::test]
async fn the_standings_and_every_game_as_files() {
    use bot_core::render::content_file;
    let h = Harness::new().await;
    setup(&h).await;
    let round = tables(&say(&h, admin("Max"), "auslosen").await);
    say(&h, admin("Max"), "ergebnis 1 1 1 2 1").await;
    say(&h, admin("Max"), "ergebnis 2 1 3 3").await;
    let file = |reply: &Reply, lang| {
        content_file(reply.content.as_ref().expect("content"), lang).expect("a file")
    };
    let csv = file(&say(&h, actor("Anna"), "export").await, Lang::De);
    assert!(csv.name.ends_with("-stand.csv"), "{}", csv.name);
    let text = String::from_utf8(csv.bytes).expect("utf-8");
    assert_eq!(text.lines().count(), 1 + NAMES.len(), "{text}");
    assert!(text.starts_with("\u{feff}Platz;Name;"));
    let games = file(&say(&h, actor("Anna"), "export spiele").await, Lang::En);
    let text = String::from_utf8(games.bytes).expect("utf-8");
    assert_eq!(text.lines().count(), 3, "{text}");
    // Table 2's game: seat 3 lost both halves (a Durchmarsch): no final.
    let durchmarsch = text.lines().nth(2).expect("row");
    assert!(
        durchmarsch.contains(&format!("{},{},", round[1][2], round[1][2])),
        "{durchmarsch}"
    );
    let xlsx = file(&say(&h, actor("Anna"), "excel").await, Lang::De);
    let mut book: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(xlsx.bytes)).expect("a workbook");
    use calamine::Reader;
    let sheet = book.worksheet_range("Stand").expect("standings sheet");
    assert_eq!(sheet.height(), 1 + NAMES.len());
    let png = file(&say(&h, actor("Anna"), "bild").await, Lang::De);
    assert!(png.is_picture() && png.bytes.starts_with(b"\x89PNG"));
    let cards = file(&say(&h, actor("Anna"), "karten").await, Lang::De);
    assert!(
        cards.name.ends_with("-runde-1-tische.png"),
        "{}",
        cards.name
    );
    assert!(cards.bytes.starts_with(b"\x89PNG"));
    // The file words also follow `export` (Discord's way).
    let xlsx_again = file(&say(&h, actor("Anna"), "export excel").await, Lang::De);
    assert!(xlsx_again.name.ends_with(".xlsx"));
    assert!(parse::request(CommandId::Tournament, "export quatsch", None).is_err());
    // Words after a file word are refused.
    assert!(parse::request(CommandId::Tournament, "excel bitte", None).is_err());
}

#[tokio::test]
async fn when_the_time_runs_out_the_game_in_play_ends_scharf() {
    let h = Harness::new().await;
    setup(&h).await;
    let round = tables(&say(&h, admin("Max"), "auslosen").await);
    say(&h, admin("Max"), "start").await;
    // Before the time is up a half alone is no game.
    assert_eq!(
        office(refused(&h, admin("Max"), "ergebnis 1 1 2").await),
        TourneyError::Office(TournamentError::Game(
            bot_core::tournament::GameError::Halves
        ))
    );
    let mut outbound = h.service.subscribe();
    h.clock.advance(60 * 60_000 - 1);
    h.service.tick().await;
    assert!(outbound.try_recv().is_err(), "not yet");
    h.clock.advance(1);
    h.service.tick().await;
    let said = outbound.try_recv().expect("the time is said");
    assert_eq!(said.chat, chat());
    let shown = text_of(&said.reply, Lang::De);
    assert!(shown.contains("Die Zeit der Runde 1 ist um"), "{shown}");
    let row = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    assert!(row.state.rounds[0].clock.time_over);
    // Said once.
    h.service.tick().await;
    assert!(outbound.try_recv().is_err());
    let shown = text_of(&say(&h, actor("Anna"), "tische").await, Lang::De);
    assert!(shown.contains("Die Zeit ist um"), "{shown}");
    // The game in play ends with its first lost half; the table is done.
    let counted = say(&h, admin("Max"), "ergebnis 1 1 2").await;
    let shown = text_of(&counted, Lang::De);
    assert!(
        shown.contains("scharf beendet") && shown.contains("Tisch 1 ist fertig"),
        "{shown}"
    );
    // Table 2 had no game in play: one of its players closes it.
    let closed = say(&h, actor(&round[1][2]), "schließen").await;
    assert!(text_of(&closed, Lang::De).contains("Die Runde ist komplett"));
}

#[tokio::test]
async fn the_director_registers_a_list_and_players_take_over_their_entry() {
    let h = Harness::new().await;
    say(&h, admin("Max"), "neu Vereinsturnier").await;
    // All or none: a name twice in the list registers nobody.
    assert_eq!(
        office(refused(&h, admin("Max"), "anmelden Anna, Ben, anna").await),
        TourneyError::Office(TournamentError::NameTaken("anna".into()))
    );
    let listed = say(&h, admin("Max"), "anmelden Anna, Ben, Cem, Dora").await;
    let shown = text_of(&listed, Lang::De);
    assert!(
        shown.contains("4 angemeldet: Anna (Nr. 1), Ben (Nr. 2), Cem (Nr. 3), Dora (Nr. 4)"),
        "{shown}"
    );
    // Anna checks in herself: the entry of her name is hers from now on.
    say(&h, actor("Anna"), "da").await;
    let row = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    let anna = row.state.entrant_named("Anna").unwrap();
    assert_eq!(anna.user, Some(actor("Anna").user));
    assert!(anna.present);
    assert_eq!(
        office(refused(&h, actor("Anna"), "anmelden").await),
        TourneyError::Office(TournamentError::NameTaken("Anna".into()))
    );
    // Ben registers himself: he takes over his entry, no second one.
    say(&h, actor("Ben"), "anmelden").await;
    let row = h
        .store
        .running_tournament(&chat().club())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.state.entrants.len(), 4);
    assert_eq!(
        row.state.entrant_named("Ben").unwrap().user,
        Some(actor("Ben").user)
    );
}
