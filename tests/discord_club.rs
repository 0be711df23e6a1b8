//! A club night on Discord end to end (issue 25): the real `schocken` binary (serenity + poise
//! with the bot's ratelimiter on, a SQLite file) against the local fake Discord, which keeps
//! Discord's rate limits. An admin sets the penalty catalogue and opens the evening with a time
//! after which check-ins are late; a newcomer's advance payment is confirmed by another member;
//! two tables in two channels of the server play at the same time; one member comes late, one
//! stays home; the close answers with the summary and its picture and books everyone's
//! penalties (the absent one pays the average, from her credit); the cash box, part payments,
//! the cash book, ratings and the championship follow. Non-admins and bad input change nothing.

#[path = "common/club.rs"]
mod club;
#[path = "common/club_money.rs"]
mod club_money;
mod common;
#[path = "club/discord_money.rs"]
mod money;

use club::{
    CATALOGUE, CATALOGUE_SHOWN, assert_balances_follow, assert_the_evening, late_after, line_of,
    member_lines, png_size,
};
use common::DISCORD_TOKEN;
use common::discord::{
    Play, assert_within_limits, open_and_start_in, run_slash, run_slash_in, slash, user,
};
use schocken_fakes::discord::{Answer, FakeUser, Place, Slash};

/// `/club <sub>` (German `/verein`).
pub(crate) fn club(sub: &str) -> Slash {
    Slash::new("club").subcommand(sub)
}

/// `/club night action:<n>`: poise sends a choice's index (0 start, 1 standings, 2 end).
pub(crate) fn night(action: i64) -> Slash {
    club("night").integer("action", action)
}

/// An answer for the whole channel containing `text`.
pub(crate) fn assert_public(answer: &Answer, text: &str) {
    assert!(!answer.ephemeral, "for the whole channel: {answer:?}");
    assert!(
        answer.content.contains(text),
        "{text:?} in {}",
        answer.content
    );
}

/// A refusal only the asker sees, giving `reason`.
pub(crate) fn assert_refused(answer: &Answer, reason: &str) {
    assert!(answer.ephemeral, "a refusal is private: {answer:?}");
    assert!(
        answer.content.contains(reason),
        "{reason:?} in {}",
        answer.content
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_club_night_with_two_tables_a_late_member_and_an_absent_one() {
    let (fake, _db, bot) = common::discord::start(23).await;
    let max = user(60, "Max").manage_guild();
    let [anna, ben, cem, dora, emil, finn, gabi]: [FakeUser; 7] = [
        user(61, "Anna"),
        user(62, "Ben"),
        user(63, "Cem"),
        user(64, "Dora"),
        user(65, "Emil"),
        user(66, "Finn"),
        user(67, "Gabi"),
    ];
    // Two channels of one server: the bar and the garden.
    let bar = fake.place();
    let garden = Place {
        channel_id: fake.channel_id() + 1,
        ..fake.place()
    };

    // The catalogue: only admins change it; bad values change nothing.
    let refused = run_slash(&fake, &anna, club("penalties").string("values", "spiel=5")).await;
    assert_refused(&refused, "„Server verwalten“");
    let bad = run_slash(
        &fake,
        &max,
        club("penalties").string("values", "spiel=1 haelfte=-0,50"),
    )
    .await;
    assert_refused(&bad, "nie negativ");
    let set = run_slash(&fake, &max, club("penalties").string("values", CATALOGUE)).await;
    assert_public(&set, "Der Strafenkatalog ist geändert.");
    let shown = run_slash_in(&fake, &garden, &ben, club("penalties")).await;
    for line in CATALOGUE_SHOWN {
        assert!(shown.content.contains(line), "{line} in {}", shown.content);
    }
    assert!(
        shown.content.contains("/verein strafen"),
        "{}",
        shown.content
    );
    // Short games at both tables.
    for place in [&bar, &garden] {
        let rules = run_slash_in(
            &fake,
            place,
            &max,
            slash("rules").string("text", "deckel=3"),
        )
        .await;
        assert!(rules.content.contains("Regeln"), "{rules:?}");
    }

    // Gabi pays ahead before her first evening; Anna confirms it. Naming her before her
    // claim, a negative amount and a second claim are refused.
    let unknown = run_slash(
        &fake,
        &anna,
        club("pay").user("user", &gabi).string("amount", "5"),
    )
    .await;
    assert_refused(&unknown, "kennt der Club nicht");
    let negative = run_slash(&fake, &gabi, club("pay").string("amount", "-10")).await;
    assert_refused(&negative, "nie negativ");
    let claimed = run_slash(&fake, &gabi, club("pay").string("amount", "10")).await;
    assert_public(&claimed, "Gabi sagt: 10,00 € eingezahlt!");
    assert!(
        claimed.content.contains("/verein einzahlung"),
        "{}",
        claimed.content
    );
    let twice = run_slash(&fake, &gabi, club("pay").string("amount", "10")).await;
    assert_refused(&twice, "schon eine Einzahlung gemeldet");
    let booked = run_slash(&fake, &anna, club("pay").user("user", &gabi)).await;
    assert_public(&booked, "10,00 € von Gabi eingezahlt (bestätigt von Anna)");

    // The evening: whoever checks in after `clock` (a minute or two from now) is late.
    let none = run_slash(&fake, &anna, club("here")).await;
    assert_refused(&none, "Es ist kein Clubabend offen");
    let ben_opens = run_slash(&fake, &ben, night(0)).await;
    assert_refused(&ben_opens, "„Server verwalten“");
    let bad_clock = run_slash(&fake, &max, night(0).string("late-after", "25:99")).await;
    assert_refused(&bad_clock, "keine Uhrzeit");
    let (clock, late_at) = late_after().await;
    let opened = run_slash(&fake, &max, night(0).string("late-after", &clock)).await;
    assert_public(&opened, "Der Clubabend ist eröffnet!");
    assert!(opened.content.contains(&clock), "{}", opened.content);
    let twice = run_slash_in(&fake, &garden, &max, night(0)).await;
    assert_refused(&twice, "schon ein Clubabend offen");
    for (place, who, name) in [
        (&bar, &anna, "Anna"),
        (&bar, &ben, "Ben"),
        (&bar, &cem, "Cem"),
        (&garden, &dora, "Dora"),
        (&garden, &emil, "Emil"),
    ] {
        let here = run_slash_in(&fake, place, who, club("here")).await;
        assert_public(&here, &format!("✅ {name} ist da."));
    }
    assert!(!late_at.passed(), "the check-ins came before {clock}");

    // Two tables at once, one in each channel; both count for the evening.
    let at_bar = [anna.clone(), ben.clone(), cem.clone()];
    let in_garden = [dora.clone(), emil.clone()];
    let bar_table = open_and_start_in(&fake, &bar, &at_bar).await;
    let garden_table = open_and_start_in(&fake, &garden, &in_garden).await;
    let mut bar_play = Play::new(&fake, bar_table, &at_bar);
    let mut garden_play = Play::new(&fake, garden_table, &in_garden);
    tokio::join!(bar_play.play_to_the_end(), garden_play.play_to_the_end());
    bar_play.assert_no_leaks();
    garden_play.assert_no_leaks();

    // Finn comes late; a second check-in is noted, not counted.
    late_at.pass().await;
    let late = run_slash_in(&fake, &garden, &finn, club("here")).await;
    assert_public(&late, "✅ Finn ist da – zu spät.");
    let again = run_slash_in(&fake, &bar, &anna, club("here")).await;
    assert_refused(&again, "Anna ist schon seit");

    // The evening so far, for everyone; only an admin closes it.
    let standings = run_slash(&fake, &cem, club("night")).await;
    assert_public(&standings, "Stand jetzt");
    let so_far = member_lines(&standings.content);
    let cem_closes = run_slash(&fake, &cem, night(2)).await;
    assert_refused(&cem_closes, "„Server verwalten“");
    let closed = run_slash_in(&fake, &garden, &max, night(2)).await;
    assert_public(
        &closed,
        "Der Clubabend ist beendet. Die Strafen sind in der Kasse gebucht.",
    );
    for figure in ["2 Spiele · 2 Bierrunden", "Bester Wurf des Abends: "] {
        assert!(
            closed.content.contains(figure),
            "{figure} in {}",
            closed.content
        );
    }
    let lines = member_lines(&closed.content);
    let without_balance = |lines: &[club::MemberLine]| {
        let mut lines = lines.to_vec();
        lines.iter_mut().for_each(|l| l.balance = None);
        lines
    };
    assert_eq!(
        without_balance(&lines),
        so_far,
        "the close books what the standings showed"
    );
    assert_the_evening(&lines);
    // The evening's table as a picture.
    let picture = closed.files.first().expect("the evening's picture");
    assert!(
        picture.filename.starts_with("clubabend-") && picture.filename.ends_with(".png"),
        "{}",
        picture.filename
    );
    let (width, height) = png_size(&picture.bytes).expect("a PNG");
    assert!(width >= 400 && height >= 7 * 20, "{width}×{height}");
    let nothing_open = run_slash(&fake, &max, night(2)).await;
    assert_refused(&nothing_open, "Es ist kein Clubabend offen");

    // The cash box: everyone owes his penalties; Gabi's credit paid hers.
    let cash = run_slash(&fake, &dora, club("cash")).await;
    assert_public(&cash, "Kasse: 10,00 € in bar.");
    assert_balances_follow(&cash.content, &lines);
    // Dora pays part of hers; Emil confirms; her undo-able entry is Emil's to take back.
    let dora_owes = line_of(&lines, "Dora").penalties;
    let part = run_slash_in(&fake, &garden, &dora, club("pay").string("amount", "2")).await;
    assert_public(&part, "Dora sagt: 2,00 € eingezahlt!");
    let confirmed = run_slash_in(&fake, &garden, &emil, club("pay").user("user", &dora)).await;
    assert_public(
        &confirmed,
        "2,00 € von Dora eingezahlt (bestätigt von Emil).",
    );
    let rest = format!(
        "Offen bleiben {},{:02} €.",
        (dora_owes - 200) / 100,
        (dora_owes - 200) % 100
    );
    assert!(
        confirmed.content.contains(&rest),
        "{rest} in {}",
        confirmed.content
    );
    let book = run_slash(&fake, &finn, club("cashbook")).await;
    assert_public(&book, "Kassenbuch (Seite 1 von");
    assert!(book.content.contains("Einzahlung"), "{}", book.content);
    let export = run_slash(&fake, &finn, club("cashbook").integer("file", 0)).await;
    let csv = export.files.first().expect("the cash book as CSV");
    let csv = String::from_utf8_lossy(&csv.bytes);
    assert!(csv.lines().count() > 10, "{csv}");
    assert!(csv.contains("Gabi") && csv.contains("Dora"), "{csv}");

    // Ratings from the evening's games (people only) and the season's championship.
    let ratings = run_slash(&fake, &ben, club("ratings")).await;
    assert_public(&ratings, "Rangliste");
    for name in ["Anna", "Ben", "Cem", "Dora", "Emil"] {
        assert!(
            ratings.content.contains(&format!(". {name}: ")),
            "{name} in {}",
            ratings.content
        );
    }
    assert!(!ratings.content.contains("Finn") && !ratings.content.contains("Gabi"));
    let championship = run_slash(&fake, &ben, club("championship")).await;
    assert_public(&championship, "(1 Abend):");
    assert!(
        championship.content.contains("1. "),
        "{}",
        championship.content
    );

    assert_within_limits(&fake);
    bot.assert_token_never_logged(DISCORD_TOKEN);
}
