use super::*;
use crate::club::{AbsentShare, Cents};
use crate::engine::RuleSet;
use crate::model::ids::UserId;

/// 5 December 2026, 19:30 and 23:10 in Berlin.
const OPENED: i64 = 1_796_495_400_000;
const CLOSED: i64 = 1_796_508_600_000;

/// What the catalogue asks, in cents: fee, late, lost game, half, Schock aus, Bierrunde.
type Prices = [i64; 6];
const EVERY_KIND: Prices = [300, 150, 100, 50, 50, 200];

/// A member's evening from his counts (games, lost, halves, Schock aus, Bierrunden),
/// charged as the reckoning does: kind by kind, kinds without a charge left out.
fn member(name: &str, presence: Presence, counts: [u32; 5], prices: Prices) -> MemberNight {
    let [games, lost, halves, schock, rounds] = counts;
    let late = u32::from(presence == Presence::Late);
    let kinds = [
        (ChargeKind::EveningFee, 1),
        (ChargeKind::LateFee, late),
        (ChargeKind::GameLost, lost),
        (ChargeKind::HalfLost, halves),
        (ChargeKind::SchockAusReceived, schock),
        (ChargeKind::Bierrunde, rounds),
    ];
    let charges: Vec<(ChargeKind, Cents)> = kinds
        .into_iter()
        .zip(prices)
        .filter(|((_, count), price)| *count > 0 && *price > 0)
        .map(|((kind, count), price)| (kind, Cents(price * i64::from(count))))
        .collect();
    MemberNight {
        user: UserId::new("test", name),
        name: name.to_string(),
        presence,
        games,
        lost,
        halves_lost: halves,
        schock_aus_received: schock,
        bierrunden: rounds,
        penalties: charges.iter().map(|(_, amount)| *amount).sum(),
        charges,
        balance: None,
    }
}

fn absent(name: &str, share: Cents) -> MemberNight {
    let mut m = member(name, Presence::Absent, [0; 5], [0; 6]);
    m.charges = vec![(ChargeKind::Absent, share)];
    m.penalties = share;
    m
}

/// The closed evening of `members`, the absent paying the present members' average.
fn closed_night(members: Vec<MemberNight>) -> NightReport {
    let present: Vec<&MemberNight> = members
        .iter()
        .filter(|m| m.presence != Presence::Absent)
        .collect();
    let total: Cents = present.iter().map(|m| m.penalties).sum();
    let count = present.len() as u32;
    NightReport {
        opened_at: OPENED,
        closed_at: Some(CLOSED),
        late_after: None,
        time_zone: "Europe/Berlin".to_string(),
        games: members.iter().map(|m| m.games).max().unwrap_or(0),
        bierrunden: members.iter().map(|m| m.bierrunden).sum(),
        best: None,
        rules: RuleSet::default(),
        total: members.iter().map(|m| m.penalties).sum(),
        absent_share: Some(AbsentShare {
            total,
            present: count,
            share: Cents(total.0.div_euclid(i64::from(count.max(1)))),
        }),
        round_price: Cents::ZERO,
        owed: Cents(3_150),
        in_box: Cents(12_000),
        members,
    }
}

/// The worked example: Anna 7,50 €, Ben (late) 4,00 €, Carla 3,00 €; 14,50 € ÷ 3 =
/// 4,8333… €, so Dora, absent, pays 4,83 €.
fn worked_example() -> NightReport {
    let prices = [300, 100, 100, 50, 0, 200];
    let mut members = vec![
        member("Anna", Presence::Present, [4, 2, 1, 0, 1], prices),
        member("Ben", Presence::Late, [4, 0, 0, 1, 0], prices),
        member("Carla", Presence::Present, [4, 0, 0, 0, 0], prices),
        absent("Dora", Cents(483)),
    ];
    for (m, balance) in members.iter_mut().zip([750, -600, 0, 483]) {
        m.balance = Some(Cents(balance));
    }
    closed_night(members)
}

/// Twelve members with long-ish names, every kind charged, two late, two absent.
fn full_evening() -> NightReport {
    let names = [
        ("Maximilian Mustermann", Presence::Late),
        ("Anna-Lena Schröder", Presence::Present),
        ("Hans-Joachim Weber", Presence::Present),
        ("Katharina Müller-Lüdenscheidt", Presence::Present),
        ("Christoph Baumgärtner", Presence::Present),
        ("Josefine Oberhauser", Presence::Present),
        ("Bernhard Schwarzkopf", Presence::Present),
        ("Ulrike Hoffmeister", Presence::Present),
        ("Wolfgang Kießling", Presence::Late),
        ("Stefanie Brandtner", Presence::Present),
    ];
    let mut members: Vec<MemberNight> = names
        .iter()
        .zip(0u32..)
        .map(|((name, presence), i)| {
            let counts = [14, 3 + i % 5, 2 + (i * 3) % 7, i % 3, 1 + i % 4];
            member(name, *presence, counts, EVERY_KIND)
        })
        .collect();
    let total: Cents = members.iter().map(|m| m.penalties).sum();
    let share = Cents(total.0 / members.len() as i64);
    members.push(absent("Reinhold Zimmermann", share));
    members.push(absent("Gerlinde Wagenknecht", share));
    let balances = [
        2_350, -550, 0, 12_340, 875, -1_200, 1_150, 0, 980, 1_320, 810, -90,
    ];
    for (m, balance) in members.iter_mut().zip(balances) {
        m.balance = Some(Cents(balance));
    }
    closed_night(members)
}

fn headers(sheet: &Sheet) -> Vec<&str> {
    sheet.columns.iter().map(|c| c.header.as_str()).collect()
}

/// The PNG's width and height.
fn size(png: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let info = decoder.read_info().expect("a PNG header");
    (info.info().width, info.info().height)
}

#[test]
fn a_money_column_stands_for_each_kind_charged_that_evening() {
    let sheet = night_sheet(&worked_example(), Lang::De);
    assert_eq!(
        headers(&sheet),
        [
            "Mitglied",
            "Spiele",
            "Verloren",
            "Hälften",
            "Schock aus",
            "Bierrunden",
            "Gebühr",
            "Zu spät",
            "Verl. Spiele €",
            "Hälften €",
            "Bierrunden €",
            "Schnitt",
            "Strafen",
            "Kontostand",
        ],
        "no Schock aus in euros: the catalogue charges none"
    );
    let rows: Vec<Vec<&str>> = sheet
        .rows
        .iter()
        .map(|row| row.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(
        rows,
        [
            [
                "Anna",
                "4",
                "2",
                "1",
                "0",
                "1",
                "3,00 €",
                "",
                "2,00 €",
                "0,50 €",
                "2,00 €",
                "",
                "7,50 €",
                "offen 7,50 €"
            ],
            [
                "Ben (zu spät)",
                "4",
                "0",
                "0",
                "1",
                "0",
                "3,00 €",
                "1,00 €",
                "",
                "",
                "",
                "",
                "4,00 €",
                "Guthaben 6,00 €"
            ],
            [
                "Carla", "4", "0", "0", "0", "0", "3,00 €", "", "", "", "", "", "3,00 €", "bezahlt"
            ],
            [
                "Dora (fehlt)",
                "–",
                "–",
                "–",
                "–",
                "–",
                "",
                "",
                "",
                "",
                "",
                "4,83 €",
                "4,83 €",
                "offen 4,83 €"
            ],
        ]
    );
    let en = night_sheet(&worked_example(), Lang::En);
    let last: Vec<&str> = headers(&en).into_iter().skip(6).collect();
    assert_eq!(
        last,
        [
            "Fee",
            "Late",
            "Games lost €",
            "Halves €",
            "Rounds €",
            "Average",
            "Penalties",
            "Balance"
        ]
    );
    assert_eq!(en.rows[1][13], "credit €6.00");
    assert_eq!(en.rows[2][13], "square");
}

#[test]
fn a_short_catalogue_keeps_the_picture_narrow() {
    let only_games = [0, 0, 100, 0, 0, 0];
    let mut night = closed_night(vec![
        member("Anna", Presence::Present, [3, 2, 4, 0, 1], only_games),
        member("Ben", Presence::Late, [3, 1, 2, 0, 0], only_games),
    ]);
    night.members[0].balance = Some(Cents(200));
    night.members[1].balance = Some(Cents(100));
    let sheet = night_sheet(&night, Lang::De);
    let added: Vec<&str> = headers(&sheet).into_iter().skip(6).collect();
    assert_eq!(added, ["Verl. Spiele €", "Strafen", "Kontostand"]);
    let (narrow, _) = size(&night_picture(&night, Lang::De).expect("a picture"));
    let (full, _) = size(&night_picture(&full_evening(), Lang::De).expect("a picture"));
    assert!(narrow < full, "{narrow} vs {full}");
}

#[test]
fn the_balance_column_comes_once_the_evening_is_closed() {
    let mut night = worked_example();
    night.closed_at = None;
    for m in &mut night.members {
        m.balance = None;
    }
    let open = night_sheet(&night, Lang::De);
    assert_eq!(headers(&open).last(), Some(&"Strafen"));
    assert!(open.rows.iter().all(|row| row.len() == open.columns.len()));
    assert!(!open.footer.iter().any(|line| line.starts_with("Kasse")));

    // A summary stored before balances were kept: closed, but nothing to show.
    night.closed_at = Some(CLOSED);
    assert_eq!(
        headers(&night_sheet(&night, Lang::De)).last(),
        Some(&"Strafen")
    );

    let closed = night_sheet(&worked_example(), Lang::De);
    assert_eq!(headers(&closed).last(), Some(&"Kontostand"));
}

#[test]
fn the_footer_says_how_the_absent_share_was_reckoned() {
    let night = worked_example();
    // 7,50 € + 4,00 € + 3,00 € = 14,50 €; 1450 ct ÷ 3 = 483,3 ct, down to 483 ct.
    assert_eq!(
        night_sheet(&night, Lang::De).footer[0],
        "Wer fehlt, zahlt den Schnitt der 3 Anwesenden: 14,50 € ÷ 3 = 4,83 € (auf den Cent abgerundet)."
    );
    assert_eq!(
        night_sheet(&night, Lang::En).footer[0],
        "Absent members pay the average of the 3 members present: €14.50 ÷ 3 = €4.83 (rounded down to the cent)."
    );
    assert_eq!(
        night_sheet(&night, Lang::De).footer[1],
        "Kasse: 31,50 € offen, 120,00 € in bar"
    );

    let mut exact = night.clone();
    exact.absent_share = Some(AbsentShare {
        total: Cents(4_500),
        present: 6,
        share: Cents(750),
    });
    assert_eq!(
        absent_share_line(&exact, Lang::De).as_deref(),
        Some("Wer fehlt, zahlt den Schnitt der 6 Anwesenden: 45,00 € ÷ 6 = 7,50 €.")
    );
    let mut alone = night.clone();
    alone.absent_share = Some(AbsentShare {
        total: Cents(750),
        present: 1,
        share: Cents(750),
    });
    assert_eq!(
        absent_share_line(&alone, Lang::De).as_deref(),
        Some("Wer fehlt, zahlt so viel wie der einzige Anwesende: 7,50 €.")
    );
    assert_eq!(
        absent_share_line(&alone, Lang::En).as_deref(),
        Some("Absent members pay as much as the one member present: €7.50.")
    );

    let mut nobody_absent = night.clone();
    nobody_absent
        .members
        .retain(|m| m.presence != Presence::Absent);
    assert_eq!(absent_share_line(&nobody_absent, Lang::De), None);
    let mut they_pay_nothing = night;
    they_pay_nothing.absent_share = None;
    assert_eq!(absent_share_line(&they_pay_nothing, Lang::De), None);
}

#[test]
fn a_balance_reads_as_owed_credit_or_square() {
    assert_eq!(balance_word(Cents(1_250), Lang::De), "offen 12,50 €");
    assert_eq!(balance_word(Cents(-550), Lang::De), "Guthaben 5,50 €");
    assert_eq!(balance_word(Cents::ZERO, Lang::De), "bezahlt");
    assert_eq!(balance_word(Cents(123_450), Lang::De), "offen 1.234,50 €");
    assert_eq!(balance_word(Cents(1_250), Lang::En), "owes €12.50");
    assert_eq!(balance_word(Cents(-550), Lang::En), "credit €5.50");
    assert_eq!(balance_word(Cents::ZERO, Lang::En), "square");
}

/// Twelve members and every kind still fit uncut: a table that must be cut is drawn at the
/// widest, so a picture narrower than that cut nothing.
#[test]
fn twelve_members_and_every_kind_fit_without_cutting() {
    let night = full_evening();
    for lang in [Lang::De, Lang::En] {
        let sheet = night_sheet(&night, lang);
        assert_eq!(sheet.columns.len(), 15);
        assert_eq!(sheet.rows.len(), 12);
        let (width, height) = size(&night_picture(&night, lang).expect("a picture"));
        assert!(width < crate::render::sheet::MAX_WIDTH, "{lang:?}: {width}");
        assert!(height < 800, "{lang:?}: {height}");
    }
}

/// Writes the worked example and the full evening in both languages as
/// `$NIGHT_PNG_OUT-{example,full}-{de,en}.png`, to look at by eye.
#[test]
fn writes_samples_when_asked() {
    let Some(prefix) = std::env::var_os("NIGHT_PNG_OUT") else {
        return;
    };
    let prefix = prefix.to_string_lossy().into_owned();
    for (name, night) in [("example", worked_example()), ("full", full_evening())] {
        for lang in [Lang::De, Lang::En] {
            let png = night_picture(&night, lang).expect("a picture");
            let (width, height) = size(&png);
            let path = format!("{prefix}-{name}-{}.png", lang.code());
            println!("{path}: {width} × {height}");
            std::fs::write(path, png).expect("the sample written");
        }
    }
}
