//! A club night on Telegram end to end (issue 25): the real `schocken` binary (teloxide with
//! its production Throttle, long polling, a SQLite file) against the local fake Bot API, which
//! enforces Telegram's flood limits. A forum group is the club; its topics are the tables. An
//! admin sets the penalty catalogue and opens the evening with a time after which check-ins
//! are late; a newcomer's advance payment is confirmed by another member; a table in each of
//! two topics plays a game; one member comes late, one stays home; the close answers with the
//! evening's picture and books everyone's penalties (the absent one pays the average, from her
//! credit); the cash box, a part payment confirmed by reply, undo, the cash book, ratings and
//! the championship follow. Non-admins and bad input change nothing.

#[path = "common/club.rs"]
mod club;
#[path = "common/club_money.rs"]
mod club_money;
mod common;
#[path = "club/telegram_money.rs"]
mod money;

use club::{
    CATALOGUE, CATALOGUE_SHOWN, assert_balances_follow, assert_the_evening, balance_of, late_after,
    line_of, member_lines, png_size,
};
use common::WAIT;
use common::telegram::{
    Play, assert_within_limits, button, is_send, open_and_start_in, start, wait_table,
};
use schocken_fakes::telegram::{FakeTelegram, Recorded, TgChat, TgUser};

/// Sends `text` as `user` in topic `thread` (`None`: General) and waits for the bot's first
/// message (text, file or picture) there; returns its request.
pub(crate) async fn say(
    fake: &FakeTelegram,
    forum: &TgChat,
    thread: Option<i64>,
    user: &TgUser,
    text: &str,
) -> Recorded {
    let mark = fake.mark();
    fake.command_in(forum, thread, user, text);
    fake.wait_for(mark, WAIT, |r| {
        r.ok() && is_send(r) && r.chat_id() == Some(forum.id) && r.thread() == thread
    })
    .await
    .unwrap_or_else(|e| panic!("no answer to {text}: {e}"))
}

/// [`say`], and the answer's text (a picture's caption).
pub(crate) async fn ask(
    fake: &FakeTelegram,
    forum: &TgChat,
    thread: Option<i64>,
    user: &TgUser,
    text: &str,
) -> String {
    let answer = say(fake, forum, thread, user, text).await;
    answer.text().unwrap_or_default().to_string()
}

/// Asserts `answer` contains `text`.
pub(crate) fn assert_says(answer: &str, text: &str) {
    assert!(answer.contains(text), "{text:?} in {answer}");
}

/// Opens a table in topic `thread`, seats the players and starts; then plays it to
/// the end through the table's buttons (cups in alerts) and checks no cup leaked.
async fn play_a_game(fake: &FakeTelegram, forum: &TgChat, thread: i64, players: &[TgUser]) {
    open_and_start_in(fake, forum, Some(thread), players).await;
    let mut play = Play::new(fake, forum, players);
    play.play_to_the_end().await;
    let over = wait_table(fake, forum.id, "the game's end", |t| {
        t.text.contains("🍺") && button(t, "r").is_none()
    })
    .await;
    assert_eq!(over.thread, Some(thread), "the table stayed in its topic");
    play.assert_no_leaks();
}

#[tokio::test]
async fn a_club_night_in_two_topics_with_a_late_member_and_an_absent_one() {
    let (fake, _db, bot) = start(29).await;
    let forum = TgChat::forum(-100_7001, "Schützenverein");
    let bar_topic = fake.create_topic(&forum, "Theke");
    let garden_topic = fake.create_topic(&forum, "Garten");
    let (bar, garden) = (Some(bar_topic), Some(garden_topic));
    let max = TgUser::new(160, "Max");
    let [anna, ben, cem, dora, emil, finn, gabi] = [
        TgUser::new(161, "Anna"),
        TgUser::new(162, "Ben"),
        TgUser::new(163, "Cem"),
        TgUser::new(164, "Dora"),
        TgUser::new(165, "Emil"),
        TgUser::new(166, "Finn"),
        TgUser::new(167, "Gabi"),
    ];
    fake.set_admin(forum.id, max.id);

    // The catalogue: only admins change it; bad values change nothing.
    let refused = ask(&fake, &forum, None, &anna, "/strafen spiel=5").await;
    assert_says(&refused, "Das dürfen nur die Admins der Gruppe.");
    let bad = ask(&fake, &forum, None, &max, "/strafen spiel=1 haelfte=-0,50").await;
    assert_says(&bad, "nie negativ");
    let set = ask(&fake, &forum, None, &max, &format!("/strafen {CATALOGUE}")).await;
    assert_says(&set, "Der Strafenkatalog ist geändert.");
    let shown = ask(&fake, &forum, garden, &ben, "/strafen").await;
    for line in CATALOGUE_SHOWN.iter().chain(&["/strafen spiel=0,50"]) {
        assert_says(&shown, line);
    }
    assert_says(
        &ask(&fake, &forum, None, &max, "/regeln deckel=3").await,
        "Regeln",
    );

    // Gabi pays ahead before her first evening; Anna confirms by name. Naming her before her
    // claim, a negative amount and a second claim are refused.
    let unknown = ask(&fake, &forum, None, &anna, "/einzahlung Gabi 5").await;
    assert_says(&unknown, "„Gabi“ kennt der Club nicht");
    let negative = ask(&fake, &forum, None, &gabi, "/einzahlung -10").await;
    assert_says(&negative, "nie negativ");
    let claimed = ask(&fake, &forum, None, &gabi, "/einzahlung 10").await;
    assert_says(&claimed, "Gabi sagt: 10,00 € eingezahlt!");
    assert_says(&claimed, "/einzahlung Gabi");
    let twice = ask(&fake, &forum, None, &gabi, "/einzahlung 10").await;
    assert_says(&twice, "schon eine Einzahlung gemeldet");
    let booked = ask(&fake, &forum, None, &anna, "/einzahlung Gabi").await;
    assert_says(&booked, "10,00 € von Gabi eingezahlt (bestätigt von Anna)");

    // The evening: whoever checks in after `clock` (a minute or two from now) is late.
    assert_says(
        &ask(&fake, &forum, bar, &anna, "/da").await,
        "Es ist kein Clubabend offen. Ein Admin eröffnet ihn mit /abend start",
    );
    assert_says(
        &ask(&fake, &forum, None, &ben, "/abend start").await,
        "Das dürfen nur die Admins der Gruppe.",
    );
    assert_says(
        &ask(&fake, &forum, None, &max, "/abend start 25:99").await,
        "keine Uhrzeit",
    );
    let (clock, late_at) = late_after().await;
    let opened = ask(&fake, &forum, None, &max, &format!("/abend start {clock}")).await;
    assert_says(&opened, "Der Clubabend ist eröffnet!");
    assert_says(&opened, &clock);
    assert_says(&opened, "/da");
    assert_says(
        &ask(&fake, &forum, garden, &max, "/abend start").await,
        "schon ein Clubabend offen",
    );
    for (topic, who) in [
        (bar, &anna),
        (bar, &ben),
        (bar, &cem),
        (garden, &dora),
        (garden, &emil),
    ] {
        let here = ask(&fake, &forum, topic, who, "/da").await;
        assert_says(&here, &format!("✅ {} ist da.", who.first_name));
    }
    assert!(!late_at.passed(), "the check-ins came before {clock}");

    // A table in each topic; both count for the evening.
    play_a_game(
        &fake,
        &forum,
        bar_topic,
        &[anna.clone(), ben.clone(), cem.clone()],
    )
    .await;
    play_a_game(&fake, &forum, garden_topic, &[dora.clone(), emil.clone()]).await;

    // Finn comes late; a second check-in is noted, not counted.
    late_at.pass().await;
    assert_says(
        &ask(&fake, &forum, garden, &finn, "/da").await,
        "✅ Finn ist da – zu spät.",
    );
    let again = say(&fake, &forum, bar, &anna, "/da").await;
    assert_says(again.text().unwrap_or_default(), "Anna ist schon seit");
    assert!(
        again.params.get("reply_parameters").is_some(),
        "an answer to her alone: {again:?}"
    );
    // An English member is answered in English (issue 37).
    let finn_in_english = finn.clone().lang("en");
    assert_says(
        &ask(&fake, &forum, garden, &finn_in_english, "/da").await,
        "Finn has been here since",
    );

    // The evening so far, for everyone; only an admin closes it, with the picture.
    let standings = ask(&fake, &forum, None, &cem, "/abend").await;
    assert_says(&standings, "Stand jetzt");
    let lines = member_lines(&standings);
    assert_the_evening(&lines);
    assert_says(
        &ask(&fake, &forum, None, &cem, "/abend ende").await,
        "Das dürfen nur die Admins der Gruppe.",
    );
    let closed = say(&fake, &forum, garden, &max, "/abend ende").await;
    assert!(
        closed.is("sendPhoto"),
        "the evening as a picture: {closed:?}"
    );
    let caption = closed.text().unwrap_or_default();
    for part in [
        "Der Clubabend ist beendet. Die Strafen sind in der Kasse gebucht.",
        "2 Spiele · 2 Bierrunden",
        "Bester Wurf des Abends: ",
    ] {
        assert_says(caption, part);
    }
    // The member lines in the caption (issue 37) are the evening's.
    let mut in_caption = member_lines(caption);
    in_caption.iter_mut().for_each(|l| l.balance = None);
    assert_eq!(in_caption, lines, "{caption}");
    let picture = closed.photo().expect("the picture");
    let (width, height) = png_size(&picture.content).expect("a PNG");
    assert!(width >= 400 && height >= 7 * 20, "{width}×{height}");
    assert_says(
        &ask(&fake, &forum, None, &max, "/abend ende").await,
        "Es ist kein Clubabend offen",
    );

    // The cash box: everyone owes the penalties the evening showed; Gabi's credit paid hers.
    let cash = ask(&fake, &forum, None, &dora, "/kasse").await;
    assert_says(&cash, "Kasse: 10,00 € in bar.");
    assert_balances_follow(&cash, &lines);
    // Dora pays part of hers; Emil confirms by replying to her claim, then takes it back.
    let dora_owes = line_of(&lines, "Dora").penalties;
    let mark = fake.mark();
    let claim = fake.command_in(&forum, garden, &dora, "/einzahlung 2");
    let claimed = fake
        .wait_for(mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(forum.id)
        })
        .await
        .expect("the claim is noted");
    assert_says(
        claimed.text().unwrap_or_default(),
        "Dora sagt: 2,00 € eingezahlt!",
    );
    let claim_id = claim.message_id.expect("Dora's message");
    let mark = fake.mark();
    fake.reply_command(&forum, &emil, "/einzahlung", claim_id);
    let confirmed = fake
        .wait_for(mark, WAIT, |r| {
            r.ok() && r.is("sendMessage") && r.chat_id() == Some(forum.id)
        })
        .await
        .expect("the payment is confirmed");
    assert_eq!(confirmed.thread(), garden, "answered in the claim's topic");
    let confirmed = confirmed.text().unwrap_or_default();
    assert_says(
        confirmed,
        "2,00 € von Dora eingezahlt (bestätigt von Emil).",
    );
    let rest = dora_owes - 200;
    assert_says(
        confirmed,
        &format!("Offen bleiben {},{:02} €.", rest / 100, rest % 100),
    );
    // Emil confirmed it: without its number it is not his to take back; Dora takes it back.
    assert_says(
        &ask(&fake, &forum, garden, &emil, "/storno").await,
        "Ohne Nummer nimmst du nur eine Einzahlung für dich selbst zurück",
    );
    let undone = ask(&fake, &forum, garden, &dora, "/storno").await;
    assert_says(&undone, "storniert von Dora: Einzahlung, Dora, 2,00 €.");
    let cash = ask(&fake, &forum, None, &finn, "/kasse").await;
    assert_eq!(balance_of(&cash, "Dora"), Some(dora_owes), "{cash}");
    let book = ask(&fake, &forum, None, &finn, "/kassenbuch").await;
    assert_says(&book, "Kassenbuch (Seite 1 von");
    assert_says(&book, "(rückgängig gemacht)");
    let export = say(&fake, &forum, None, &finn, "/kassenbuch export").await;
    assert!(export.is("sendDocument"), "{export:?}");
    let csv = String::from_utf8_lossy(&export.document().expect("the CSV").content).to_string();
    assert!(csv.lines().count() > 10, "{csv}");
    assert!(csv.contains("Gabi") && csv.contains("Dora"), "{csv}");

    // Ratings from the evening's games and the season's championship.
    let ratings = ask(&fake, &forum, None, &ben, "/rangliste").await;
    assert_says(&ratings, "Rangliste");
    for name in ["Anna", "Ben", "Cem", "Dora", "Emil"] {
        assert_says(&ratings, &format!(". {name}: "));
    }
    assert!(
        !ratings.contains("Finn") && !ratings.contains("Gabi"),
        "{ratings}"
    );
    let championship = ask(&fake, &forum, None, &ben, "/meisterschaft").await;
    assert_says(&championship, "(1 Abend):");
    assert_says(&championship, "1. ");

    assert_within_limits(&fake, &[forum.id]);
    bot.assert_token_never_logged(fake.token());
}
