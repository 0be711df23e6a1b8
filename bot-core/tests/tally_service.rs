//! Tally mode through the service (issue 12): a game with real dice whose rounds are
//! entered; the same invariants as a rolled game, stored before the answer, surviving a
//! restart, refusals in the user's language that change nothing, undo of the last round.

mod common;

use bot_core::engine::TallyError;
use bot_core::render::{self, Voice};
use bot_core::service::{Content, Request, ServiceError, TableStatus, UserRef};
use bot_core::text::Lang;
use common::service::{Harness, actor, admin};

fn enter(text: &str) -> Request {
    Request::EnterRound { text: text.into() }
}

/// Anna, Ben and Cem at a tally table; `starter` begins.
async fn tally_table(h: &Harness, starter: Option<&str>) {
    h.ok(actor("Anna"), Request::OpenTally).await;
    h.ok(actor("Ben"), Request::Join).await;
    h.ok(actor("Cem"), Request::Join).await;
    let start = match starter {
        Some(name) => Request::StartWith {
            starter: UserRef::Name(name.into()),
        },
        None => Request::Start,
    };
    h.ok(actor("Anna"), start).await;
}

async fn holdings(h: &Harness) -> Vec<(String, u8)> {
    let t = h.public().await;
    let view = t.view.expect("running");
    view.players
        .iter()
        .map(|p| (p.name.clone(), p.deckel))
        .collect()
}

#[tokio::test]
async fn r_game_5_a_tally_table_shows_no_dice_and_whom_to_enter() {
    let h = Harness::new().await;
    let lobby = h.ok(actor("Anna"), Request::OpenTally).await;
    let t = lobby.table.expect("lobby");
    assert!(t.tally && t.proof.is_none(), "real dice need no proof");
    let text = render::table_text(&t, Lang::De);
    assert!(text.contains("echte Würfel, der Bot zählt"), "{text}");
    h.ok(actor("Ben"), Request::Join).await;
    h.ok(actor("Cem"), Request::Join).await;
    let started = h
        .ok(
            actor("Anna"),
            Request::StartWith {
                starter: UserRef::Name("ben".into()),
            },
        )
        .await;
    let t = started.table.expect("table");
    let text = render::table_text(&t, Lang::De);
    assert!(text.contains("Schocken mit echten Würfeln"), "{text}");
    assert!(
        text.contains("Ben fängt an. Wenn alle geworfen haben, tragt die Runde mit „runde“ in Wurfreihenfolge ein, z. B. „Ben 665 3, Cem 114 2, Anna 221 1“"),
        "{text}"
    );
    assert!(!text.contains("▢"), "no cups at a real table: {text}");
    assert!(render::table_buttons(&t, Lang::De).is_empty());
    // Rolling is for the bot's own dice.
    let refused = h.refused(actor("Ben"), Request::Roll).await;
    assert_eq!(
        render::error_text(&refused, None, Voice::plain(Lang::De)),
        "Bei diesem Spiel fallen die Würfel am echten Tisch – trag stattdessen die ganze Runde ein."
    );
}

#[tokio::test]
async fn r_score_2_an_entered_round_moves_the_deckel_and_survives_a_restart() {
    let mut h = Harness::new().await;
    tally_table(&h, None).await;
    // Anna starts: her 3 throws are the limit; Schock 4 costs 4 Deckel, Cem's 221 is lowest.
    let reply = h
        .ok(
            actor("Ben"),
            enter("Anna 114 3, Ben 6 5 4 2 gebaut, Cem 221"),
        )
        .await;
    let t = reply.table.expect("table");
    let text = render::table_text(&t, Lang::De);
    assert!(
        text.contains("→ Cem bekommt 4 Deckel aus dem Stock (im Stock: 9)."),
        "{text}"
    );
    assert!(
        reply
            .notices
            .iter()
            .any(|n| render::notice_text(n, Some(&t), Voice::plain(Lang::De))
                .is_some_and(|s| s == "Ben hat die Runde eingetragen.")),
        "{:?}",
        reply.notices
    );
    h.restart().await;
    assert_eq!(
        holdings(&h).await,
        [("Anna".into(), 0), ("Ben".into(), 0), ("Cem".into(), 4)]
    );
    // Cem lost: he starts the next round (R-GAME-7).
    let view = h.public().await.view.expect("view");
    assert_eq!(view.participants.first().map(|s| s.index()), Some(2));
}

#[tokio::test]
async fn r_rnd_2_wrong_lines_are_refused_with_the_reason_and_change_nothing() {
    let h = Harness::new().await;
    tally_table(&h, None).await;
    let before = h.public().await;
    let german = |e: &ServiceError, t| render::error_text(e, Some(t), Voice::plain(Lang::De));
    let cases = [
        (
            "Anna 665 3, Ben 114 3, Dieter 221",
            "Am Tisch sitzt niemand namens",
        ),
        (
            "Anna 665 3, Ben 114 3",
            "Cem spielt diese Runde mit, fehlt aber in der Zeile.",
        ),
        (
            "Anna 665 2, Ben 114 3, Cem 221",
            "Ben: 3 Würfe sind mehr als die Vorgabe (2 Würfe).",
        ),
        (
            "Ben 665 2, Anna 114 1, Cem 221",
            "Bitte in Wurfreihenfolge, der Anfänger vorn: Anna, Ben, Cem.",
        ),
        ("Anna 665 3 quatsch", "Das verstehe ich nicht"),
        ("Anna 4 von Ben", "Solange der Stock Deckel hat"),
        ("Anna 14", "Eine Runde kostet 1 bis 13 Deckel."),
    ];
    for (line, expected) in cases {
        let e = h.refused(actor("Ben"), enter(line)).await;
        let text = german(&e, &before);
        assert!(text.contains(expected), "{line}: {text}");
        assert_eq!(h.public().await, before, "{line} changed the table");
    }
    // Someone not seated may not enter a round.
    let e = h.refused(actor("Zoe"), enter("Anna 4")).await;
    assert_eq!(e, ServiceError::NotMember);
    // A player who is out (R-SCORE-4): Anna gets 12, Ben the last one; Cem holds none
    // with the stock empty.
    h.ok(actor("Ben"), enter("Anna 12")).await;
    h.ok(actor("Ben"), enter("Ben 1")).await;
    let out = h.public().await;
    let e = h.refused(actor("Ben"), enter("Cem 2 von Anna")).await;
    assert_eq!(german(&e, &out), "Cem spielt diese Runde nicht mit.");
    assert_eq!(h.public().await, out);
}

#[tokio::test]
async fn the_last_entered_round_can_be_taken_back_within_the_undo_window() {
    let h = Harness::new().await;
    tally_table(&h, None).await;
    let before = holdings(&h).await;
    h.ok(actor("Cem"), enter("Ben 5")).await;
    assert_ne!(holdings(&h).await, before);
    let undone = h.ok(actor("Anna"), Request::Undo).await;
    let t = undone.table.expect("table");
    assert!(
        undone
            .notices
            .iter()
            .any(|n| render::notice_text(n, Some(&t), Voice::plain(Lang::De))
                .is_some_and(|s| s == "Anna hat die letzte Runde zurückgenommen.")),
        "{:?}",
        undone.notices
    );
    assert_eq!(holdings(&h).await, before);
    // Only one round back: the next undo is the ledger's, which has nothing of Anna's.
    let e = h.refused(actor("Anna"), Request::Undo).await;
    assert_eq!(e, ServiceError::NothingToUndo);
    // Too late.
    h.ok(actor("Cem"), enter("Ben 5")).await;
    h.clock.advance(10 * 60 * 1000);
    let e = h.refused(actor("Anna"), Request::Undo).await;
    assert!(matches!(e, ServiceError::UndoExpired { .. }), "{e:?}");
    assert_eq!(holdings(&h).await[1].1, 5);
}

#[tokio::test]
async fn r_game_4_a_whole_tally_game_ends_with_one_bierrunde_in_the_ledger() {
    let h = Harness::new().await;
    tally_table(&h, Some("Cem")).await;
    // Half 1 and half 2 go to Cem by Schock aus: Blattschuss.
    h.ok(actor("Anna"), enter("Cem aus")).await;
    let last = h.ok(actor("Anna"), enter("Cem aus")).await;
    let t = last.table.expect("table");
    assert_eq!(t.status, TableStatus::Finished);
    let text = render::table_text(&t, Lang::De);
    assert!(text.contains("Blattschuss! Cem"), "{text}");
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    let owed: i64 = lines.iter().map(|l| l.rounds).sum();
    assert_eq!(owed, 1, "{lines:?}");
    assert_eq!(lines[0].name, "Cem");
    // Real dice: nothing for the bot to prove.
    let e = h
        .refused(actor("Anna"), Request::Verify { game: None })
        .await;
    assert!(matches!(e, ServiceError::RealDiceGame { .. }), "{e:?}");
}

/// Open rounds per name.
async fn owed(h: &Harness) -> Vec<(String, i64)> {
    let debts = h.ok(actor("Anna"), Request::Debts).await;
    let Some(Content::Debts(lines)) = debts.content else {
        panic!("debts")
    };
    lines.into_iter().map(|l| (l.name, l.rounds)).collect()
}

/// (games, games lost) per name this season.
async fn games(h: &Harness) -> Vec<(String, i64, i64)> {
    let stats = h.ok(actor("Anna"), Request::Stats).await;
    let Some(Content::Stats { lines, .. }) = stats.content else {
        panic!("stats")
    };
    let mut games: Vec<_> = lines
        .into_iter()
        .map(|l| (l.name, l.games, l.games_lost))
        .collect();
    games.sort();
    games
}

#[tokio::test]
async fn r_game_4_undoing_the_round_that_ended_the_game_reopens_it_and_reverses_its_bierrunde() {
    let mut h = Harness::new().await;
    tally_table(&h, Some("Cem")).await;
    h.ok(actor("Anna"), enter("Cem aus")).await;
    // The typo: Cem again (Blattschuss) where Ben lost the second half.
    let last = h.ok(actor("Anna"), enter("Cem aus")).await;
    assert_eq!(last.table.expect("table").status, TableStatus::Finished);
    assert_eq!(owed(&h).await, [("Cem".to_string(), 1)]);
    assert_eq!(games(&h).await[2], ("Cem".into(), 1, 1));

    // A restart in between: the ended game is found again.
    h.restart().await;
    let undone = h.ok(actor("Ben"), Request::Undo).await;
    let t = undone.table.expect("table");
    assert_eq!(t.status, TableStatus::Running);
    let said: Vec<String> = undone
        .notices
        .iter()
        .filter_map(|n| render::notice_text(n, Some(&t), Voice::plain(Lang::De)))
        .collect();
    assert!(
        said.iter()
            .any(|s| s.contains("Die Runde von Cem ist gestrichen")),
        "{said:?}"
    );
    assert!(owed(&h).await.is_empty(), "the Bierrunde is reversed");
    assert!(
        games(&h).await.iter().all(|g| g.1 == 0 && g.2 == 0),
        "{:?}",
        games(&h).await
    );
    assert_eq!(holdings(&h).await.iter().map(|p| p.1).sum::<u8>(), 0);

    // The right line: Ben loses the second half, then the final.
    h.ok(actor("Anna"), enter("Ben aus")).await;
    let end = h.ok(actor("Anna"), enter("Ben aus")).await;
    assert_eq!(end.table.expect("table").status, TableStatus::Finished);
    assert_eq!(owed(&h).await, [("Ben".to_string(), 1)]);
    assert_eq!(
        games(&h).await,
        [
            ("Anna".into(), 1, 0),
            ("Ben".into(), 1, 1),
            ("Cem".into(), 1, 0)
        ]
    );
    // The ledger's own undo is untouched by it: Anna has nothing of her own to take back
    // once the window of the round is over.
    h.clock.advance(10 * 60 * 1000);
    let e = h.refused(actor("Anna"), Request::Undo).await;
    assert!(matches!(e, ServiceError::UndoExpired { .. }), "{e:?}");
}

#[tokio::test]
async fn r_debt_2_an_entered_hille_owes_a_round_at_once_and_goes_back_with_its_round() {
    let h = Harness::new().await;
    let hille = Request::SetRules {
        preset: None,
        switches: vec!["hille=true".into()],
    };
    h.ok(admin("Anna"), hille).await;
    tally_table(&h, Some("Ben")).await;
    // Cem's 2,2,1 from the hand: a round at once (and, the lowest, Anna's Schock 4 on him).
    h.ok(actor("Anna"), enter("Ben 665 3, Cem 221 1, Anna 114 2"))
        .await;
    assert_eq!(owed(&h).await, [("Cem".to_string(), 1)]);
    assert_eq!(holdings(&h).await[2], ("Cem".into(), 4));
    h.ok(actor("Cem"), Request::Undo).await;
    assert!(
        owed(&h).await.is_empty(),
        "the Hille goes back with its round"
    );
    assert_eq!(holdings(&h).await[2], ("Cem".into(), 0));
}

#[tokio::test]
async fn r_rank_6_the_starters_extras_are_announced_by_a_button_on_the_table() {
    let h = Harness::new().await;
    let dortmund = Request::SetRules {
        preset: Some("dortmund".into()),
        switches: Vec::new(),
    };
    h.ok(admin("Anna"), dortmund).await;
    tally_table(&h, Some("Ben")).await;
    // The first round of a half is classic: 2,2,1 is a Hausnummer, Anna gets Cem's Schock 4.
    h.ok(actor("Cem"), enter("Ben 665 3, Cem 114 2, Anna 221"))
        .await;
    // Anna starts the next round and says her extras; until then no round goes in.
    let t = h.public().await;
    assert!(t.view.as_ref().is_some_and(|v| v.announcing));
    let labels: Vec<String> = render::table_buttons(&t, Lang::De)
        .concat()
        .into_iter()
        .map(|b| b.label)
        .collect();
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert_eq!(labels[0], "Klassisch");
    assert!(labels[1].starts_with("Ansagen: "), "{labels:?}");
    let early = enter("Anna 421 1, Ben 665 1, Cem 114 1");
    let e = h.refused(actor("Ben"), early.clone()).await;
    assert_eq!(
        render::error_text(&e, Some(&t), Voice::plain(Lang::De)),
        "Erst sagt Anna die Zusatzwürfe an."
    );
    // Cem holds the phone and presses what Anna said.
    let all = bot_core::grammar::dice::extras("jule 221 331").expect("extras");
    h.ok(actor("Cem"), Request::Announce { extras: all }).await;
    assert!(render::table_buttons(&h.public().await, Lang::De).is_empty());
    // Anna's Jule counts (7 Deckel), Ben's 6,6,5 is the lowest.
    h.ok(actor("Ben"), early).await;
    assert_eq!(holdings(&h).await[1], ("Ben".into(), 7));
}

#[tokio::test]
async fn a_rolled_table_takes_no_entered_rounds_and_no_named_starter() {
    let h = Harness::new().await;
    h.ok(actor("Anna"), Request::Open).await;
    h.ok(actor("Ben"), Request::Join).await;
    let e = h
        .refused(
            actor("Anna"),
            Request::StartWith {
                starter: UserRef::Name("Ben".into()),
            },
        )
        .await;
    assert_eq!(e, ServiceError::StarterByRollOff);
    h.ok(actor("Anna"), Request::Start).await;
    let e = h.refused(actor("Anna"), enter("Anna 4")).await;
    assert_eq!(e, ServiceError::Tally(TallyError::NotTally));
}

/// Every test above again, on PostgreSQL (see `common::backend`).
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
