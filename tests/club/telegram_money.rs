//! The money of a club night on Telegram end to end (issue 32), beside the evening of
//! `telegram_club.rs` in the same test binary and in a group of its own (its own flood
//! limit), so the two run at once: a real-dice table whose rounds are typed as the README
//! shows them (a line of throws, `/runde Emil aus`), charged to the cent; Anna, who confirmed
//! Emil's payment, cannot take it back without its number, Emil takes back his own; the cash
//! book's CSV and spreadsheet summed like a treasurer would.
//!
//! By hand (catalogue [`MONEY_CATALOGUE`]; three Deckel; Anna starts; Anna, Ben, Emil):
//! - `Anna 665 3, Ben 114 2 gebaut, Emil 321 1`: Ben's Schock 4 costs Anna, the lowest,
//!   all three Deckel: she loses half 1.
//! - Half 2 (Anna starts) `Emil aus`: Emil gets every Deckel and loses half 2.
//! - Final Anna–Emil (Emil starts) `Anna aus`: Anna loses the game.
//!
//! Charges: Anna 3 + 1 + 0,50 + 0,33 + 2 = 6,83 €; Emil 3 + 0,50 + 0,33 = 3,83 €; Ben 3 €.
//! Present 13,66 €; Gabi, known by her advance and absent, pays 13,66 € ÷ 3 = 4,553 → 4,55 €.

use crate::club::balance_of;
use crate::club_money::{MONEY_CATALOGUE, csv_rows, csv_sums, xlsx_sums};
use crate::common::WAIT;
use crate::common::telegram::{
    alert, assert_within_limits, button, press, press_on, start, wait_table,
};
use crate::{ask, assert_says, say};
use schocken_fakes::telegram::{FakeTelegram, Recorded, StoredMessage, TgChat, TgUser};
use std::collections::BTreeMap;

/// A round typed at the real table; the table message then shows `shows`.
async fn round(fake: &FakeTelegram, group: &TgChat, who: &TgUser, line: &str, shows: &str) {
    fake.command(group, who, &format!("/runde {line}"));
    wait_table(fake, group.id, shows, |t| t.text.contains(shows)).await;
}

/// The callback data of the button labelled `label` under the message `sent` wrote.
fn claim_button(sent: &Recorded, label: &str) -> String {
    let markup = sent.reply_markup().expect("the claim's buttons");
    markup["inline_keyboard"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .find(|b| b["text"] == label)
        .and_then(|b| b["callback_data"].as_str())
        .unwrap_or_else(|| panic!("no {label} in {markup}"))
        .to_string()
}

/// Waits until message `id` of the group (the bot's notice) says `text`; returns it.
async fn notice_now(fake: &FakeTelegram, group: &TgChat, id: i64, text: &str) -> StoredMessage {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let message = fake.message(group.id, id).expect("the notice");
        if message.text.contains(text) || std::time::Instant::now() > deadline {
            return message;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_club_nights_money_on_telegram_adds_up_and_a_confirmer_keeps_his_hands_off() {
    let (fake, _db, bot) = start(31).await;
    let group = TgChat::supergroup(-100_7002, "Kegelclub");
    let max = TgUser::new(170, "Max");
    let [anna, ben, emil, gabi] = [
        TgUser::new(171, "Anna"),
        TgUser::new(172, "Ben"),
        TgUser::new(173, "Emil"),
        TgUser::new(174, "Gabi"),
    ];
    fake.set_admin(group.id, max.id);
    let set = ask(
        &fake,
        &group,
        None,
        &max,
        &format!("/strafen {MONEY_CATALOGUE}"),
    )
    .await;
    assert_says(&set, "Schock aus kassiert (schockaus): 0,33 €");
    assert_says(
        &ask(&fake, &group, None, &max, "/regeln deckel=3").await,
        "Regeln",
    );
    assert_says(
        &ask(&fake, &group, None, &gabi, "/einzahlung 20").await,
        "Gabi sagt: 20,00 € eingezahlt!",
    );
    assert_says(
        &ask(&fake, &group, None, &ben, "/einzahlung Gabi").await,
        "20,00 € von Gabi eingezahlt (bestätigt von Ben)",
    );
    assert_says(
        &ask(&fake, &group, None, &max, "/abend start").await,
        "Der Clubabend ist eröffnet!",
    );

    fake.command(&group, &anna, "/neu zählen");
    let lobby = wait_table(&fake, group.id, "the lobby", |t| button(t, "j").is_some()).await;
    for p in [&ben, &emil] {
        press(&fake, &group, p, &button(&lobby, "j").expect("join")).await;
    }
    wait_table(&fake, group.id, "three", |t| t.text.contains("(3)")).await;
    fake.command(&group, &anna, "/los Anna");
    wait_table(&fake, group.id, "the game", |t| {
        t.text.contains("Anna fängt an.")
    })
    .await;
    let first = "Anna 665 3, Ben 114 2 gebaut, Emil 321 1";
    round(&fake, &group, &ben, first, "2. Hälfte").await;
    round(&fake, &group, &anna, "Emil aus", "Finale").await;
    round(&fake, &group, &emil, "Anna aus", "hat das Spiel verloren").await;

    // The close: a picture, and the figures as its caption.
    let closed = say(&fake, &group, None, &max, "/abend ende").await;
    assert!(closed.is("sendPhoto"), "{closed:?}");
    let caption = closed.text().unwrap_or_default();
    assert_says(caption, "1 Spiel · 1 Bierrunde · Strafen 18,21 €");
    // The member lines are in the caption too (issue 37), not only pixels.
    let lines = crate::club::member_lines(caption);
    let seen: Vec<(&str, i64, Option<i64>)> = lines
        .iter()
        .map(|l| (l.name.as_str(), l.penalties, l.balance))
        .collect();
    assert_eq!(
        seen,
        [
            ("Anna", 683, Some(683)),
            ("Emil", 383, Some(383)),
            ("Ben", 300, Some(300)),
            ("Gabi", 455, Some(455 - 2000)),
        ]
    );
    assert_says(caption, "13,66 € ÷ 3 = 4,55 € (auf den Cent abgerundet)");
    // Everyone owes his penalties now; Gabi's average came out of her credit.
    let cash = ask(&fake, &group, None, &ben, "/kasse").await;
    let owed = [
        ("Anna", 683),
        ("Ben", 300),
        ("Emil", 383),
        ("Gabi", 455 - 2000),
    ];
    for (name, cents) in owed {
        assert_eq!(balance_of(&cash, name), Some(cents), "{name}: {cash}");
    }

    // Emil pays 5 €: the notice carries the buttons. His own tap is refused; Anna's books it
    // and the notice says so, without buttons any more (issue 37).
    let claim = say(&fake, &group, None, &emil, "/einzahlung 5").await;
    assert_says(
        claim.text().unwrap_or_default(),
        "Emil sagt: 5,00 € eingezahlt!",
    );
    let notice = claim.result_message_id().expect("the notice");
    let confirm = claim_button(&claim, "✅ Bestätigen");
    let own = press_on(&fake, &group, &emil, notice, &confirm).await;
    assert!(own.show_alert(), "{own:?}");
    assert_says(&alert(&own), "Selbst bestätigen geht nicht.");
    let tapped = press_on(&fake, &group, &anna, notice, &confirm).await;
    assert!(!tapped.show_alert(), "{tapped:?}");
    let edited = notice_now(&fake, &group, notice, "bestätigt von Anna").await;
    assert_says(&edited.text, "Emil sagt: 5,00 € eingezahlt!");
    assert_says(
        &edited.text,
        "5,00 € von Emil eingezahlt (bestätigt von Anna). Damit hat Emil 1,17 € Guthaben.",
    );
    assert!(edited.callback_data().is_empty(), "the buttons are gone");
    let late = press_on(&fake, &group, &ben, notice, &confirm).await;
    assert_says(&alert(&late), "schon erledigt");
    // Anna's undo without a number is not hers to make; Emil takes his own back.
    assert_says(
        &ask(&fake, &group, None, &anna, "/storno").await,
        "Ohne Nummer nimmst du nur eine Einzahlung für dich selbst zurück",
    );
    let undone = ask(&fake, &group, None, &emil, "/storno").await;
    assert_says(&undone, "storniert von Emil: Einzahlung, Emil, 5,00 €.");
    assert_says(&undone, "Emil schuldet der Kasse jetzt 3,83 €.");
    // Ben pays his 3 € and Anna confirms by replying to the bot's notice; a claim of Gabi's
    // is rejected with a tap.
    let claim = say(&fake, &group, None, &ben, "/einzahlung 3").await;
    let notice = claim.result_message_id().expect("the notice");
    let mark = fake.mark();
    fake.reply_command(&group, &anna, "/einzahlung", notice);
    let booked = fake
        .wait_for(mark, WAIT, |r| r.ok() && r.is("sendMessage"))
        .await
        .expect("the payment is booked");
    assert_says(
        booked.text().unwrap_or_default(),
        "3,00 € von Ben eingezahlt (bestätigt von Anna). Damit ist alles bezahlt.",
    );
    let edited = notice_now(&fake, &group, notice, "bestätigt von Anna").await;
    assert!(edited.callback_data().is_empty(), "the buttons are gone");
    let claim = say(&fake, &group, None, &gabi, "/einzahlung 1").await;
    let notice = claim.result_message_id().expect("the notice");
    let reject = claim_button(&claim, "✖ Ablehnen");
    press_on(&fake, &group, &ben, notice, &reject).await;
    let edited = notice_now(&fake, &group, notice, "abgelehnt").await;
    assert_says(
        &edited.text,
        "Die Meldung von Gabi über 1,00 € ist abgelehnt (von Ben); gebucht ist nichts.",
    );
    let owed: [(&str, i64); 4] = [
        ("Anna", 683),
        ("Ben", 0),
        ("Emil", 383),
        ("Gabi", 455 - 2000),
    ];

    // The cash book, summed: each member's amounts are his balance, the cash column the box.
    let expected: BTreeMap<String, i64> = owed
        .iter()
        .map(|(name, cents)| (name.to_string(), -cents))
        .collect();
    let export = say(&fake, &group, None, &ben, "/kassenbuch export").await;
    assert!(export.is("sendDocument"), "{export:?}");
    let file = export.document().expect("the CSV");
    let name = file.file_name.clone().unwrap_or_default();
    assert!(
        name.starts_with("kassenbuch-") && name.ends_with(".csv"),
        "{name}"
    );
    let rows = csv_rows(&String::from_utf8_lossy(&file.content), ';');
    let sums = csv_sums(&rows);
    assert_eq!(sums.members, expected);
    assert_eq!(sums.cash, 2300, "Gabi's 20 € and Ben's 3 € are in the box");
    let sheet = say(&fake, &group, None, &ben, "/kassenbuch excel").await;
    let file = sheet.document().expect("the spreadsheet");
    let name = file.file_name.clone().unwrap_or_default();
    assert!(name.ends_with(".xlsx"), "{name}");
    let (summed, listed) = xlsx_sums(&file.content);
    assert_eq!((summed.members, summed.cash), (expected.clone(), 2300));
    assert_eq!((listed.members, listed.cash), (expected, 2300));

    // Named after the group (issue 37).
    assert!(name.starts_with("kassenbuch-kegelclub-"), "{name}");
    // A whole evening without one failing call to Telegram.
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
