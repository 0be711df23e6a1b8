//! The money of a club night on Discord end to end (issue 32), beside the evening of
//! `discord_club.rs` in the same test binary (the two run at once): a real-dice table whose
//! rounds come in every form the README allows — throws from the hand and built, a Schock
//! aus thrown, `Emil 1`, `Emil 1 von Anna`, `Emil aus`, a typo taken back — charged to the
//! cent as worked out by hand below; Ben, who confirmed Gabi's advance, takes back his own
//! part payment (never Gabi's) and, by its number, his confirmation; a three-way tie in the
//! championship; the cash book's CSV and spreadsheet summed like a treasurer would.
//!
//! By hand (catalogue [`MONEY_CATALOGUE`]; five Deckel; Anna starts; Anna, Ben, Emil):
//! - R1 `Anna 665 3, Ben 114 2 gebaut, Emil 321 1`: Ben's Schock 4 is highest, Anna's 665
//!   lowest: Anna takes 4 of the 5 Deckel. (`Ben 1`, a typo, is taken back.)
//! - R2 `Emil 1`: the stock's last Deckel; Ben holds none and is out.
//! - R3 `Emil 1 von Anna`: Anna 3, Emil 2. R4 `Emil aus`: Emil gets all five, loses half 1.
//! - R5 (half 2, Emil starts) `Emil 111 1, Anna 222 1, Ben 543 1`: Emil's Schock aus, Ben's
//!   Straße lowest: Ben gets all five, loses half 2. Final Ben–Emil, Ben starts:
//! - R6 `Ben 3`, R7 `Emil 2`, R8 `Ben 2 von Emil`: Ben holds all five, loses the game.
//!
//! Charges: Anna 3,00 €; Ben 3 + 1 (game) + 0,50 (half) + 0,33 (Schock aus) + 2
//! (Bierrunde) = 6,83 €; Emil 3 + 0,50 + 0,33 = 3,83 €; Dora and Finn (checked in, no game)
//! 3,00 € each. Present 19,66 €; Gabi, absent, pays 19,66 € ÷ 5 = 3,932 → 3,93 €.

use crate::club::{balance_of, line_of, member_lines};
use crate::club_money::{MONEY_CATALOGUE, csv_rows, csv_sums, xlsx_sums};
use crate::common::DISCORD_TOKEN;
use crate::common::discord::{
    answer, assert_within_limits, posted_table, run_click, run_slash, slash, table_message,
    table_shows, user,
};
use crate::{assert_public, assert_refused, club, night};
use schocken_fakes::discord::{FakeDiscord, FakeUser};
use std::collections::BTreeMap;
use std::time::Duration;

/// A person at the table types the next line a moment after the last.
async fn pause() {
    tokio::time::sleep(Duration::from_millis(1200)).await;
}

/// `/schocken round text:<line>`; the table message then shows `shows`.
async fn round(fake: &FakeDiscord, table: u64, who: &FakeUser, line: &str, shows: &str) {
    pause().await;
    let answer = run_slash(fake, who, slash("round").string("text", line)).await;
    assert!(answer.ephemeral, "{line}: {answer:?}");
    table_shows(fake, table, shows).await;
}

/// A real-dice table of `players` (the first opens it), `starter` beginning; five Deckel.
async fn tally_table(fake: &FakeDiscord, players: &[FakeUser], starter: &FakeUser) -> u64 {
    // `mode` is a choice: Discord sends its index (0 rolled, 1 tally).
    let sent = fake
        .slash(&players[0], &slash("new").integer("mode", 1))
        .expect("inject");
    assert!(answer(fake, &sent).await.ephemeral);
    let table = posted_table(fake, fake.channel_id(), sent.seq).await;
    for p in &players[1..] {
        pause().await;
        let join = table_message(fake, table).button("v1:j:").expect("join");
        assert!(run_click(fake, p, table, &join).await.is_ack());
    }
    pause().await;
    let start = slash("start").user("starter", starter);
    assert!(run_slash(fake, &players[0], start).await.ephemeral);
    table_shows(fake, table, "Schocken mit echten Würfeln").await;
    table
}

/// The cash book as CSV rows, as Finn asks for it (only he sees the file).
async fn cash_book_rows(fake: &FakeDiscord, finn: &FakeUser) -> Vec<Vec<String>> {
    // `file` is a choice: Discord sends its index (0 csv, 1 excel).
    let csv = run_slash(fake, finn, club("cashbook").integer("file", 0)).await;
    assert!(
        csv.ephemeral && csv.content.contains("Kassenbuch als CSV-Datei"),
        "{csv:?}"
    );
    let file = csv.files.first().expect("the CSV");
    assert!(
        file.filename.starts_with("kassenbuch-") && file.filename.ends_with(".csv"),
        "{}",
        file.filename
    );
    csv_rows(&String::from_utf8_lossy(&file.bytes), ';')
}

/// The number of the newest payment for `member` of `amount` (as the CSV writes it).
fn payment_number(rows: &[Vec<String>], member: &str, amount: &str) -> i64 {
    rows.iter()
        .rev()
        .find(|r| r[2] == "Einzahlung" && r[3] == member && r[4] == amount)
        .and_then(|r| r[0].parse().ok())
        .unwrap_or_else(|| panic!("a payment of {amount} for {member} in {rows:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_club_nights_money_adds_up_whatever_the_rounds_form_and_whoever_cancels() {
    let (fake, _db, bot) = crate::common::discord::start(29).await;
    let max = user(70, "Max").manage_guild();
    let [anna, ben, emil, dora, finn, gabi]: [FakeUser; 6] = [
        user(71, "Anna"),
        user(72, "Ben"),
        user(73, "Emil"),
        user(74, "Dora"),
        user(75, "Finn"),
        user(76, "Gabi"),
    ];
    let set = run_slash(
        &fake,
        &max,
        club("penalties").string("values", MONEY_CATALOGUE),
    )
    .await;
    assert_public(&set, "Schock aus kassiert (schockaus): 0,33 €");
    let rules = run_slash(&fake, &max, slash("rules").string("text", "deckel=5")).await;
    assert!(rules.content.contains("Regeln"), "{rules:?}");

    // Gabi pays 20 € ahead; Ben confirms it.
    let claimed = run_slash(&fake, &gabi, club("pay").string("amount", "20")).await;
    assert_public(&claimed, "Gabi sagt: 20,00 € eingezahlt!");
    let booked = run_slash(&fake, &ben, club("pay").user("user", &gabi)).await;
    assert_public(&booked, "20,00 € von Gabi eingezahlt (bestätigt von Ben)");

    // The evening: Dora and Finn check in; Anna, Ben and Emil are there by playing.
    assert_public(&run_slash(&fake, &max, night(0)).await, "eröffnet");
    for (who, name) in [(&dora, "Dora"), (&finn, "Finn")] {
        let here = run_slash(&fake, who, club("here")).await;
        assert_public(&here, &format!("✅ {name} ist da."));
    }
    let players = [anna.clone(), ben.clone(), emil.clone()];
    let table = tally_table(&fake, &players, &anna).await;
    let r1 = "Anna 665 3, Ben 114 2 gebaut, Emil 321 1";
    round(
        &fake,
        table,
        &ben,
        r1,
        "Anna bekommt 4 Deckel aus dem Stock",
    )
    .await;
    round(&fake, table, &ben, "Ben 1", "Ben bekommt 1 Deckel").await;
    pause().await;
    assert!(run_slash(&fake, &emil, slash("undo")).await.ephemeral);
    table_shows(&fake, table, "Emil hat die letzte Runde zurückgenommen").await;
    round(&fake, table, &emil, "Emil 1", "Ben · 0 Deckel raus").await;
    round(&fake, table, &anna, "emil 1 von Anna", "Emil · 2 Deckel").await;
    round(&fake, table, &anna, "Emil aus", "2. Hälfte").await;
    let r5 = "Emil 111 1, Anna 222 1, Ben 543 1";
    round(&fake, table, &emil, r5, "Finale").await;
    round(&fake, table, &ben, "Ben 3", "Ben · 3 Deckel").await;
    round(&fake, table, &ben, "Emil 2", "Emil · 2 Deckel").await;
    let over = "hat das Spiel verloren";
    round(&fake, table, &emil, "Ben 2 von Emil", over).await;

    // The close: every line as worked out by hand, the absent share rounded down.
    let closed = run_slash(&fake, &max, night(2)).await;
    assert_public(&closed, "Der Clubabend ist beendet.");
    let lines = member_lines(&closed.content);
    let expected: [(&str, u32, u32, u32, u32, i64); 6] = [
        ("Anna", 0, 0, 0, 0, 300),
        ("Ben", 1, 1, 1, 1, 683),
        ("Emil", 0, 1, 1, 0, 383),
        ("Dora", 0, 0, 0, 0, 300),
        ("Finn", 0, 0, 0, 0, 300),
        ("Gabi", 0, 0, 0, 0, 393),
    ];
    for (name, lost, halves, schock, rounds, cents) in expected {
        let l = line_of(&lines, name);
        let seen = (l.lost, l.halves, l.schock_aus, l.rounds, l.penalties);
        assert_eq!(seen, (lost, halves, schock, rounds, cents), "{name}: {l:?}");
    }
    assert!(line_of(&lines, "Gabi").absent);
    let gabi = line_of(&lines, "Gabi").balance;
    assert_eq!(gabi, Some(-1607), "her credit after the evening");
    assert_eq!(line_of(&lines, "Ben").balance, Some(683));
    for figure in [
        "1 Spiel · 1 Bierrunde · Strafen 23,59 €",
        "19,66 € ÷ 5 = 3,93 €",
        "Bester Wurf des Abends: Schock aus (Emil)",
        "Kasse: 19,66 € offen, 20,00 € in bar",
    ] {
        assert!(
            closed.content.contains(figure),
            "{figure} in {}",
            closed.content
        );
    }

    // Ben pays 5 €; only another member confirms it.
    let claim = run_slash(&fake, &ben, club("pay").string("amount", "5")).await;
    assert_public(&claim, "Ben sagt: 5,00 € eingezahlt!");
    let himself = run_slash(&fake, &ben, club("pay").user("user", &ben)).await;
    assert_refused(&himself, "Selbst bestätigen geht nicht.");
    let confirmed = run_slash(&fake, &anna, club("pay").user("user", &ben)).await;
    assert_public(
        &confirmed,
        "5,00 € von Ben eingezahlt (bestätigt von Anna). Offen bleiben 1,83 €.",
    );
    // Ben takes back his own payment — not Gabi's advance, which he confirmed.
    let rows = cash_book_rows(&fake, &finn).await;
    let advance = payment_number(&rows, "Gabi", "20,00");
    let own = payment_number(&rows, "Ben", "5,00");
    let cancel = run_slash(&fake, &ben, club("cancel")).await;
    assert_public(
        &cancel,
        &format!(
            "Kassenbuchung #{own} storniert von Ben: Einzahlung, Ben, 5,00 €. Ben schuldet der Kasse jetzt 6,83 €."
        ),
    );
    let cash = run_slash(&fake, &dora, club("cash")).await;
    assert_eq!(
        balance_of(&cash.content, "Gabi"),
        Some(-1607),
        "{}",
        cash.content
    );
    let again = run_slash(&fake, &ben, club("cancel")).await;
    assert_refused(
        &again,
        "Ohne Nummer nimmst du nur eine Einzahlung für dich selbst zurück",
    );
    // Gabi's advance by its number: not Dora's to take back; Ben's, who booked it, is — and
    // the chat reads what it did to Gabi's balance.
    let numbered = || club("cancel").integer("entry", advance);
    let refused = run_slash(&fake, &dora, numbered()).await;
    assert_refused(
        &refused,
        &format!("Kassenbuchung #{advance} darfst du nicht zurücknehmen"),
    );
    let undone = run_slash(&fake, &ben, numbered()).await;
    assert_public(
        &undone,
        &format!(
            "Kassenbuchung #{advance} storniert von Ben: Einzahlung, Gabi, 20,00 €. Gabi schuldet der Kasse jetzt 3,93 €."
        ),
    );

    // The cash box now, and the cash book summed as a treasurer does: per member his
    // balance, the cash column the cash in the box.
    let cash = run_slash(&fake, &dora, club("cash")).await;
    assert_public(&cash, "Kasse: 0,00 € in bar.");
    let owed: BTreeMap<String, i64> = expected
        .iter()
        .map(|(name, .., cents)| (name.to_string(), -cents))
        .collect();
    for (name, balance) in &owed {
        assert_eq!(
            balance_of(&cash.content, name),
            Some(-balance),
            "{name}: {}",
            cash.content
        );
    }
    let rows = cash_book_rows(&fake, &finn).await;
    let sums = csv_sums(&rows);
    assert_eq!(
        sums.members, owed,
        "each member's amounts sum to his balance"
    );
    assert_eq!(sums.cash, 0, "the cash column sums to the cash in the box");
    let claims: Vec<&Vec<String>> = rows.iter().filter(|r| r[2] == "Meldung").collect();
    assert_eq!(claims.len(), 2, "Gabi's and Ben's claims");
    assert!(
        claims.iter().all(|r| r[4] == "0,00" && r[7] == "nein"),
        "{claims:?}"
    );
    let xlsx = run_slash(&fake, &finn, club("cashbook").integer("file", 1)).await;
    let file = xlsx.files.first().expect("the spreadsheet");
    assert!(file.filename.ends_with(".xlsx"), "{}", file.filename);
    let (summed, listed) = xlsx_sums(&file.bytes);
    assert_eq!(summed.members, owed);
    assert_eq!(listed.members, owed, "the balances sheet");
    assert_eq!((summed.cash, listed.cash), (0, 0));

    // The championship: Anna, Dora and Finn lost nothing and share first place.
    let championship = run_slash(&fake, &ben, club("championship")).await;
    for line in [
        "1. Anna: 5 Punkte",
        "1. Dora: 5 Punkte",
        "1. Finn: 5 Punkte",
        "4. Emil: 2 Punkte",
        "5. Ben: 1 Punkt",
    ] {
        assert!(
            championship.content.contains(line),
            "{line} in {}",
            championship.content
        );
    }

    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
}
