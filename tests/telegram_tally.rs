//! Tally mode on Telegram end to end (issue 12): the real `schocken` binary (teloxide with its
//! production Throttle, long polling, a SQLite file) against the local fake Bot API, which
//! enforces Telegram's flood limits. A group keeps the score of a game with real dice: the
//! table opens for real dice, the roll-off's winner is named, wrong lines are refused with
//! the reason and change nothing, a round is taken back, and the game ends with its
//! Bierrunde in the ledger.

mod common;

use common::telegram::{
    self, assert_within_limits, barrier, button, command, command_answer, press, table_message,
    version, wait_table,
};
use schocken_fakes::telegram::{FakeTelegram, TgChat, TgUser};
use std::time::Instant;

fn anna() -> TgUser {
    TgUser::new(301, "Anna")
}
fn ben() -> TgUser {
    TgUser::new(302, "Ben")
}
fn cem() -> TgUser {
    TgUser::new(303, "Cem")
}

/// A refused line: the answer contains `reason`, the table message stays as it was.
async fn refused(fake: &FakeTelegram, group: &TgChat, line: &str, reason: &str) {
    let before = table_message(fake, group.id).expect("table");
    let answer = command(fake, group, &ben(), line).await;
    assert!(answer.contains(reason), "{line}: {answer}");
    let after = table_message(fake, group.id).expect("table");
    assert_eq!(
        version(&after),
        version(&before),
        "{line} changed the table"
    );
}

#[tokio::test]
async fn a_group_keeps_the_score_of_a_real_table_to_its_bierrunde() {
    let begin = Instant::now();
    let (fake, _db, bot) = telegram::start(51).await;
    let group = TgChat::supergroup(-100_5001, "Vereinsheim");

    fake.command(&group, &anna(), "/neu zählen");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    assert!(
        lobby.text.contains("echte Würfel, der Bot zählt"),
        "{}",
        lobby.text
    );
    assert!(!lobby.text.contains("Commitment"), "{}", lobby.text);
    assert!(lobby.urls().is_empty(), "no private cups at a real table");
    for p in [ben(), cem()] {
        press(&fake, &group, &p, &button(&lobby, "j").expect("join")).await;
    }
    wait_table(&fake, group.id, "three", |t| t.text.contains("(3)")).await;
    fake.command(&group, &anna(), "/los Ben");
    let started = wait_table(&fake, group.id, "the game", |t| {
        t.text.contains("Schocken mit echten Würfeln")
    })
    .await;
    assert!(started.text.contains("Ben fängt an."), "{}", started.text);
    assert!(
        button(&started, "r").is_none(),
        "nothing to roll: {}",
        started.text
    );

    // Wrong lines: the reason, and nothing changes.
    refused(
        &fake,
        &group,
        "/runde Ben 665 3, Cem 114 2, Dieter 221",
        "niemand namens „Dieter“",
    )
    .await;
    refused(
        &fake,
        &group,
        "/runde Ben 665 3, Cem 114 2",
        "Anna spielt diese Runde mit, fehlt aber",
    )
    .await;
    refused(
        &fake,
        &group,
        "/runde Ben 665 1, Cem 114 2, Anna 221",
        "Cem: 2 Würfe sind mehr als die Vorgabe (ein Wurf).",
    )
    .await;
    refused(&fake, &group, "/runde", "/runde Anna 665 3").await;

    // A round: Cem's Schock 4 costs Anna 4 Deckel from the stock.
    fake.command(
        &group,
        &ben(),
        "/runde Ben 665 3, Cem 114 2 gebaut, Anna 221",
    );
    let scored = wait_table(&fake, group.id, "the round", |t| {
        t.text.contains("Anna bekommt 4 Deckel aus dem Stock")
    })
    .await;
    assert!(scored.text.contains("Anna · 4 Deckel"), "{}", scored.text);
    // Quick entries; the typo is taken back.
    fake.command(&group, &cem(), "/runde Anna 12");
    wait_table(&fake, group.id, "the typo", |t| {
        t.text.contains("Anna · 13 Deckel") || t.text.contains("2. Hälfte")
    })
    .await;
    fake.command(&group, &cem(), "/rueckgaengig");
    let back = wait_table(&fake, group.id, "the undo", |t| {
        t.text.contains("Cem hat die letzte Runde zurückgenommen")
    })
    .await;
    assert!(back.text.contains("Anna · 4 Deckel"), "{}", back.text);
    // Ben is out once the stock is empty with nothing in his hand.
    fake.command(&group, &ben(), "/runde Anna 8");
    wait_table(&fake, group.id, "stock 1", |t| {
        t.text.contains("Stock: 1 von 13")
    })
    .await;
    fake.command(&group, &ben(), "/runde Cem 1");
    wait_table(&fake, group.id, "stock 0", |t| {
        t.text.contains("Ben · 0 Deckel raus")
    })
    .await;
    refused(
        &fake,
        &group,
        "/runde Ben 2 von Anna",
        "Ben spielt diese Runde nicht mit.",
    )
    .await;
    // Schock aus twice: Anna loses both halves, Blattschuss.
    fake.command(&group, &cem(), "/runde Anna aus");
    wait_table(&fake, group.id, "half 2", |t| t.text.contains("2. Hälfte")).await;
    fake.command(&group, &cem(), "/runde Anna aus");
    let over = wait_table(&fake, group.id, "the end", |t| {
        t.text.contains("Blattschuss! Anna")
    })
    .await;
    assert!(over.text.contains("gibt eine Runde aus"), "{}", over.text);
    let debts = command(&fake, &group, &ben(), "/deckel").await;
    assert!(debts.contains("Anna: 1"), "{debts}");

    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
    eprintln!("the whole test took {:?}", begin.elapsed());
}

/// Dortmund rules: the starter says his extras out loud and whoever holds the phone presses
/// them under the table message.
#[tokio::test]
async fn announced_extras_are_pressed_under_the_table() {
    let (fake, _db, bot) = telegram::start(52).await;
    let group = TgChat::supergroup(-100_5002, "Stammtisch");
    fake.set_admin(group.id, anna().id);
    let rules = command(&fake, &group, &anna(), "/regeln dortmund").await;
    assert!(rules.contains("dortmund"), "{rules}");
    fake.command(&group, &anna(), "/neu zählen");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    for p in [ben(), cem()] {
        press(&fake, &group, &p, &button(&lobby, "j").expect("join")).await;
    }
    wait_table(&fake, group.id, "three", |t| t.text.contains("(3)")).await;
    fake.command(&group, &anna(), "/los Ben");
    wait_table(&fake, group.id, "the game", |t| {
        t.text.contains("Ben fängt an.")
    })
    .await;
    // The first round of a half is classic; Anna, its loser, starts the next and announces.
    fake.command(&group, &cem(), "/runde Ben 665 3, Cem 114 2, Anna 221");
    let announcing = wait_table(&fake, group.id, "the announcement", |t| {
        t.text.contains("Anna sagt Zusatzwürfe an")
    })
    .await;
    let all = announcing
        .callback_data()
        .into_iter()
        .find(|d| d.starts_with("v1:a:") && !d.ends_with(":0"))
        .unwrap_or_else(|| panic!("an announce button: {:?}", announcing.callback_data()));
    refused(
        &fake,
        &group,
        "/runde Anna 421 1, Ben 665 1, Cem 114 1",
        "Erst sagt Anna die Zusatzwürfe an.",
    )
    .await;
    let pressed = press(&fake, &group, &cem(), &all).await;
    assert!(telegram::alert(&pressed).is_empty(), "{pressed:?}");
    let announced = wait_table(&fake, group.id, "the extras", |t| {
        t.text.contains("Anna sagt an: ")
    })
    .await;
    assert!(
        announced.callback_data().is_empty(),
        "{:?}",
        announced.callback_data()
    );
    // Anna's Jule counts: 7 Deckel for Ben's 6,6,5.
    fake.command(&group, &ben(), "/runde Anna 421 1, Ben 665 1, Cem 114 1");
    wait_table(&fake, group.id, "the Jule", |t| {
        t.text.contains("Ben · 7 Deckel")
    })
    .await;

    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
}

/// The round lines of the README's "At the pub" evening, as written there, after `/runde`.
fn readme_round_lines() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    readme
        .lines()
        .filter_map(|line| line.strip_prefix("Runde: "))
        .map(|line| line.split('#').next().unwrap_or("").trim().to_string())
        .collect()
}

/// Every round word of the README works at a Telegram table (issue 37): its evening typed
/// line by line after `/runde`, then `/tisch` at the running table; not one call to Telegram
/// fails on the way (a write that changes nothing is not made).
#[tokio::test]
async fn the_readmes_round_lines_work_at_a_telegram_table() {
    let (fake, _db, bot) = telegram::start(53).await;
    let group = TgChat::supergroup(-100_5003, "Kneipe");
    fake.command(&group, &anna(), "/neu zählen");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    for p in [ben(), cem()] {
        press(&fake, &group, &p, &button(&lobby, "j").expect("join")).await;
    }
    wait_table(&fake, group.id, "three", |t| t.text.contains("(3)")).await;
    fake.command(&group, &anna(), "/los Ben");
    wait_table(&fake, group.id, "the game", |t| {
        t.text.contains("Ben fängt an.")
    })
    .await;

    let lines = readme_round_lines();
    assert!(
        lines.len() >= 4 && lines.iter().any(|l| l == "rückgängig"),
        "the README's evening: {lines:?}"
    );
    for line in &lines {
        // The README enters "von …" later, with the stock empty: empty it (9 left after
        // Anna's 4) first.
        if line.contains(" von ") {
            fake.command(&group, &ben(), "/runde Cem 9");
            wait_table(&fake, group.id, "the stock empty", |t| {
                t.text.contains("Cem · 9 Deckel")
            })
            .await;
        }
        // The Deckel the README's comments promise, counted by hand.
        let expected: &[&str] = match line.as_str() {
            l if l.ends_with("Anna 221") => {
                &["Anna bekommt 4 Deckel aus dem Stock", "Anna · 4 Deckel"]
            }
            "Anna 2" => &["Anna · 6 Deckel"],
            "rückgängig" => &["Cem hat die letzte Runde zurückgenommen", "Anna · 4 Deckel"],
            "Anna 3 von Cem" => &["Anna · 7 Deckel", "Cem · 6 Deckel"],
            "Cem aus" => &["2. Hälfte"],
            other => panic!("a README round line this test does not know: {other}"),
        };
        fake.command(&group, &cem(), &format!("/runde {line}"));
        wait_table(&fake, group.id, line, |t| {
            expected.iter().all(|text| t.text.contains(text))
        })
        .await;
    }

    // The table anew at a running real-dice table; the old message had no buttons to take off.
    let posted = command_answer(&fake, &group, &ben(), "/tisch").await;
    assert!(
        posted.text().unwrap_or_default().contains("2. Hälfte"),
        "{posted:?}"
    );
    barrier(&fake, &group).await;
    let failed: Vec<String> = fake
        .requests()
        .iter()
        .filter(|r| !r.ok() && !r.is("getUpdates"))
        .map(|r| format!("{} → {}", r.method, r.response))
        .collect();
    assert!(failed.is_empty(), "failed calls: {failed:#?}");
    assert_within_limits(&fake, &[group.id]);
    bot.assert_token_never_logged(fake.token());
}
