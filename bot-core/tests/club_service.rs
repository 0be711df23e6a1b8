//! Club nights through the service (issue 25), on SQLite and PostgreSQL: an evening with a
//! late member and an absent one, games at the club's table, the catalogue's charges booked
//! at the close, ratings and the championship (the cash box: `club_cash.rs`);
//! bad input is refused with the reason and changes nothing; the summary as text in German
//! and English (snapshots) and as a picture.

use bot_core::club::{Cents, Presence};
use bot_core::render::club::night_picture;
use bot_core::render::{Surface, Voice, content_text, notice_text};
use bot_core::service::club::{ClubContent, ClubError, ClubNotice};
use bot_core::service::reply::Content;
use bot_core::service::{ClubRequest, Notice, ServiceError, UserRef};
use bot_core::text::Lang;

mod common;
use common::club_evening::*;
use common::service::{Harness, actor, admin, chat};

#[tokio::test]
async fn an_evening_books_the_catalogues_charges_and_the_absent_pay_the_average() {
    let h = Harness::new().await;
    set_catalogue(&h).await;
    first_evening(&h).await;
    let closed = second_evening(&h).await;
    let r = report(&closed);
    assert!(r.closed_at.is_some());
    assert_eq!(r.games, 2);
    assert_eq!(r.bierrunden, 2, "two lost games: two Bierrunden");
    let line = |name: &str| r.members.iter().find(|m| m.name == name).cloned().unwrap();
    assert_eq!(line("Anna").presence, Presence::Present);
    assert_eq!(line("Ben").presence, Presence::Late);
    assert_eq!(line("Carla").presence, Presence::Absent);
    assert_eq!(line("Anna").games + line("Ben").games, 4);
    assert_eq!(line("Anna").lost + line("Ben").lost, 2);
    // Anna: fee 3 + per game lost 1 + Bierrunde 2 each + halves 0.50 each.
    for name in ["Anna", "Ben"] {
        let m = line(name);
        let late = if m.presence == Presence::Late { 150 } else { 0 };
        let expected = 300 + late + 300 * i64::from(m.lost) + 50 * i64::from(m.halves_lost);
        assert_eq!(m.penalties, Cents(expected), "{name}");
    }
    let average = (line("Anna").penalties.0 + line("Ben").penalties.0) / 2;
    assert_eq!(line("Carla").penalties, Cents(average));
    assert_eq!(r.total, r.members.iter().map(|m| m.penalties).sum());
    // Booked: every member owes his penalties, the box has no cash yet, nothing is lost.
    let balances = h.store.cash_balances(&chat().club()).await.unwrap();
    // Owed: this evening's penalties and Carla's fee of the first.
    assert_eq!(r.owed, r.total + Cents(300));
    assert_eq!(balances.in_box, Cents::ZERO);
    let members: Cents = balances.members.iter().map(|(_, _, b)| *b).sum();
    assert_eq!(members + balances.in_box + balances.penalties, Cents::ZERO);
    assert_eq!(members, r.owed);
    // Closing again: no evening is open.
    assert_eq!(
        club_refusal(h.refused(admin("Max"), club(ClubRequest::CloseNight)).await),
        ClubError::NoNightOpen
    );
}

#[tokio::test]
async fn bad_input_is_refused_with_the_reason_and_changes_nothing() {
    let h = Harness::new().await;
    let before = h.store.club_catalogue(&chat().club()).await.unwrap();
    // A member who is no admin edits nothing.
    for request in [
        ClubRequest::SetCatalogue {
            words: "spiel=1".into(),
        },
        ClubRequest::OpenNight { late_after: None },
        ClubRequest::CloseNight,
    ] {
        assert_eq!(
            h.refused(actor("Anna"), club(request)).await,
            ServiceError::AdminOnly
        );
    }
    // A negative amount in the catalogue: refused, the catalogue unchanged.
    let e = h
        .refused(
            admin("Max"),
            club(ClubRequest::SetCatalogue {
                words: "spiel=1 haelfte=-0,50".into(),
            }),
        )
        .await;
    assert!(matches!(
        club_refusal(e),
        ClubError::Catalogue(bot_core::club::CatalogueError::BadAmount { .. })
    ));
    assert_eq!(
        h.store.club_catalogue(&chat().club()).await.unwrap(),
        before
    );
    // Payments: negative, zero, too precise, an unknown member; no evening to check in to.
    for (amount, who, expected) in [
        (
            "-5",
            None,
            ClubError::Money(bot_core::club::MoneyError::Negative),
        ),
        ("0", None, ClubError::ZeroAmount),
        (
            "1,005",
            None,
            ClubError::Money(bot_core::club::MoneyError::TooPrecise),
        ),
        (
            "5",
            Some(UserRef::Name("Niemand".into())),
            ClubError::UnknownMember {
                name: "Niemand".into(),
            },
        ),
    ] {
        let e = h
            .refused(
                actor("Ben"),
                club(ClubRequest::Pay {
                    member: who,
                    amount: amount.into(),
                }),
            )
            .await;
        assert_eq!(club_refusal(e), expected, "{amount}");
    }
    assert_eq!(
        club_refusal(h.refused(actor("Ben"), club(ClubRequest::CheckIn)).await),
        ClubError::NoNightOpen
    );
    assert_eq!(
        club_refusal(
            h.refused(
                admin("Max"),
                club(ClubRequest::OpenNight {
                    late_after: Some("halb acht".into())
                })
            )
            .await
        ),
        ClubError::BadClock {
            text: "halb acht".into()
        }
    );
    let balances = h.store.cash_balances(&chat().club()).await.unwrap();
    assert!(balances.members.is_empty() && balances.in_box.is_zero());
    assert!(
        h.store
            .open_night_of(&chat().club())
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn ratings_and_the_championship_follow_the_evenings() {
    let h = Harness::new().await;
    first_evening(&h).await;
    second_evening(&h).await;
    let ratings = h.ok(actor("Anna"), club(ClubRequest::Ratings)).await;
    let Some(Content::Club(c)) = &ratings.content else {
        panic!("no ratings")
    };
    let ClubContent::Ratings(list) = c.as_ref() else {
        panic!("not ratings")
    };
    assert_eq!(list.len(), 2, "Anna and Ben played; Carla did not");
    assert!(list.iter().all(|p| p.games == 2));
    let champ = h.ok(actor("Anna"), club(ClubRequest::Championship)).await;
    let Some(Content::Club(c)) = &champ.content else {
        panic!("no championship")
    };
    let ClubContent::Championship {
        evenings, lines, ..
    } = c.as_ref()
    else {
        panic!("not the championship")
    };
    assert_eq!(*evenings, 2);
    let carla = lines.iter().find(|l| l.name == "Carla").unwrap();
    assert_eq!((carla.evenings, carla.points), (1, 1), "alone on the first");
    assert_eq!(lines.len(), 3);
}

/// The closed evening's summary as a German and an English pub table reads it.
#[tokio::test]
async fn the_summary_reads_well_in_german_and_english() {
    let h = Harness::new().await;
    set_catalogue(&h).await;
    first_evening(&h).await;
    let closed = second_evening(&h).await;
    let r = report(&closed);
    for lang in [Lang::De, Lang::En] {
        let voice = Voice::new(lang, Surface::Telegram);
        let text = content_text(closed.content.as_ref().unwrap(), voice);
        let notice = notice_text(&closed.notices[0], None, voice).unwrap_or_default();
        insta::assert_snapshot!(
            format!("club_summary_{lang:?}"),
            format!("{notice}\n\n{text}")
        );
        let png = night_picture(&r, lang).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }
}

/// The reminders a tick sent (on the fake clock), with who they name.
fn reminders(
    rx: &mut tokio::sync::broadcast::Receiver<bot_core::service::Outbound>,
) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    while let Ok(o) = rx.try_recv() {
        for n in &o.reply.notices {
            if let Notice::Club(ClubNotice::CashReminder { lines }) = n {
                out.push(
                    lines
                        .iter()
                        .map(|l| format!("{} {} {}", l.name, l.amount, l.days))
                        .collect(),
                );
            }
        }
    }
    out
}

#[tokio::test]
async fn reminders_come_after_the_set_days_and_at_most_once_a_day() {
    const DAY: i64 = 24 * 60 * MINUTE;
    let h = Harness::new().await;
    set_catalogue(&h).await;
    first_evening(&h).await; // Carla owes the evening fee, 3 €.
    let mut rx = h.service.subscribe();
    let tick = |ms: i64| {
        h.clock.advance(ms);
        h.service.tick()
    };
    // Off by default: nobody is reminded, however long.
    tick(30 * DAY).await;
    assert!(reminders(&mut rx).is_empty());
    h.ok(
        admin("Max"),
        club(ClubRequest::SetCatalogue {
            words: "erinnerung=40".into(),
        }),
    )
    .await;
    tick(9 * DAY).await;
    assert!(reminders(&mut rx).is_empty(), "39 days: not yet");
    tick(DAY).await;
    assert_eq!(reminders(&mut rx), vec![vec!["Carla 3.00 40".to_string()]]);
    tick(60 * MINUTE).await;
    tick(20 * 60 * MINUTE).await;
    assert!(reminders(&mut rx).is_empty(), "once a day");
    tick(3 * 60 * MINUTE).await;
    assert_eq!(reminders(&mut rx).len(), 1, "the next day again");
    // Paid: no more reminders.
    h.ok(
        actor("Ben"),
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("Carla".into())),
            amount: "3".into(),
        }),
    )
    .await;
    tick(2 * DAY).await;
    assert!(reminders(&mut rx).is_empty());
    // The reminder reads well.
    let notice = Notice::Club(ClubNotice::CashReminder {
        lines: vec![bot_core::service::club::Unpaid {
            name: "Carla".into(),
            amount: Cents(300),
            days: 1,
        }],
    });
    let de =
        notice_text(&notice, None, Voice::new(Lang::De, Surface::Telegram)).unwrap_or_default();
    assert!(de.contains("Carla: 3,00 € (seit 1 Tag)"), "{de}");
    assert!(de.contains("/einzahlung"), "{de}");
}

/// Every test above again, on PostgreSQL (see `common::backend`).
/// Issue 37: a second check-in changes nothing and is said to the member alone (in his
/// language), not to the whole chat.
#[tokio::test]
async fn a_second_check_in_is_told_to_the_member_alone() {
    let h = Harness::new().await;
    h.ok(
        admin("Max"),
        club(ClubRequest::OpenNight { late_after: None }),
    )
    .await;
    h.ok(actor("Anna"), club(ClubRequest::CheckIn)).await;
    let again = h.ok(actor("Anna"), club(ClubRequest::CheckIn)).await;
    assert!(again.notices.is_empty(), "nothing for the chat: {again:?}");
    assert!(matches!(
        again.private_notices.as_slice(),
        [Notice::Club(ClubNotice::AlreadyCheckedIn { name, .. })] if name == "Anna"
    ));
}

#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
