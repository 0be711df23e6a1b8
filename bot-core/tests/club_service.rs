//! Club nights through the service (issue 25), on SQLite and PostgreSQL: an evening with a
//! late member and an absent one, games at the club's table, the catalogue's charges booked
//! at the close, payments confirmed by another member, undo, ratings and the championship;
//! bad input is refused with the reason and changes nothing; the summary as text in German
//! and English (snapshots) and as a picture.

use bot_core::club::{Cents, Presence};
use bot_core::render::club::night_picture;
use bot_core::render::{self, Surface, Voice, content_text, notice_text};
use bot_core::service::club::{ClubContent, ClubError, ClubNotice, NightReport};
use bot_core::service::reply::Content;
use bot_core::service::{Clock, ClubRequest, Notice, Reply, Request, ServiceError, UserRef};
use bot_core::text::Lang;

mod common;
use common::service::{Harness, actor, admin, chat};

fn club(request: ClubRequest) -> Request {
    Request::Club(request)
}

fn report(reply: &Reply) -> NightReport {
    match &reply.content {
        Some(Content::Club(c)) => match c.as_ref() {
            ClubContent::Night(r) => r.clone(),
            other => panic!("not a night: {other:?}"),
        },
        other => panic!("no club content: {other:?}"),
    }
}

fn club_refusal(e: ServiceError) -> ClubError {
    match e {
        ServiceError::Club(c) => c,
        other => panic!("not a club refusal: {other:?}"),
    }
}

const MINUTE: i64 = 60_000;

/// The club's first evening: Carla comes, nobody plays; so she is a member from then on.
async fn first_evening(h: &Harness) {
    h.ok(
        admin("Max"),
        club(ClubRequest::OpenNight { late_after: None }),
    )
    .await;
    h.ok(actor("Carla"), club(ClubRequest::CheckIn)).await;
    h.clock.advance(60 * MINUTE);
    h.ok(admin("Max"), club(ClubRequest::CloseNight)).await;
}

/// The second evening: late after an hour; Anna on time, Ben late; Carla stays home; Anna
/// and Ben play two games. Returns the closing reply.
async fn second_evening(h: &Harness) -> Reply {
    h.clock.advance(24 * 60 * MINUTE);
    let late = bot_core::time::local_clock(h.clock.now_ms() + 60 * MINUTE, "Europe/Berlin");
    let opened = h
        .ok(
            admin("Max"),
            club(ClubRequest::OpenNight {
                late_after: Some(late),
            }),
        )
        .await;
    assert!(matches!(
        opened.notices.as_slice(),
        [Notice::Club(ClubNotice::NightOpened {
            late_after: Some(_),
            ..
        })]
    ));
    h.ok(actor("Anna"), club(ClubRequest::CheckIn)).await;
    h.clock.advance(90 * MINUTE);
    let ben = h.ok(actor("Ben"), club(ClubRequest::CheckIn)).await;
    assert_eq!(
        ben.notices,
        vec![Notice::Club(ClubNotice::CheckedIn {
            name: "Ben".into(),
            late: true
        })]
    );
    for _ in 0..2 {
        h.anna_and_ben_play_a_game().await;
    }
    h.clock.advance(120 * MINUTE);
    h.ok(admin("Max"), club(ClubRequest::CloseNight)).await
}

async fn set_catalogue(h: &Harness) {
    h.ok(
        admin("Max"),
        club(ClubRequest::SetCatalogue {
            words: "spiel=1 haelfte=0,50 bierrunde=2 abend=3 zuspaet=1,50 runde_preis=12".into(),
        }),
    )
    .await;
}

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
async fn a_payment_waits_for_another_member_and_undo_restores_the_balance() {
    let h = Harness::new().await;
    set_catalogue(&h).await;
    first_evening(&h).await;
    second_evening(&h).await;
    let club_id = chat().club();
    let anna = actor("Anna").user;
    let owed = h.store.cash_balance(&club_id, &anna).await.unwrap();
    assert!(owed > Cents::ZERO);
    // Anna says she paid 5 €: nothing moves until another member confirms.
    let claimed = h
        .ok(
            actor("Anna"),
            club(ClubRequest::Pay {
                member: None,
                amount: "5".into(),
            }),
        )
        .await;
    assert!(matches!(
        claimed.notices.as_slice(),
        [Notice::Club(ClubNotice::PaymentClaimed { .. })]
    ));
    assert_eq!(h.store.cash_balance(&club_id, &anna).await.unwrap(), owed);
    assert_eq!(
        club_refusal(
            h.refused(
                actor("Anna"),
                club(ClubRequest::Pay {
                    member: None,
                    amount: "5".into()
                })
            )
            .await
        ),
        ClubError::AlreadyClaimed
    );
    // Ben confirms it, naming her; the claim's amount is booked.
    h.ok(
        actor("Ben"),
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("anna".into())),
            amount: String::new(),
        }),
    )
    .await;
    let after = h.store.cash_balance(&club_id, &anna).await.unwrap();
    assert_eq!(after, owed - Cents(500));
    let balances = h.store.cash_balances(&club_id).await.unwrap();
    assert_eq!(balances.in_box, Cents(500));
    // Without a number Ben takes back only money booked for himself: there is none.
    let undo = |entry| club(ClubRequest::CashUndo { entry });
    let refused = h.refused(actor("Ben"), undo(None)).await;
    assert_eq!(club_refusal(refused), ClubError::NothingOwnToUndo);
    assert_eq!(h.store.cash_balance(&club_id, &anna).await.unwrap(), after);
    // By its number he takes back his confirmation; Carla, who has nothing to do with it,
    // may not.
    let paid = h.store.newest_own_payment(&club_id, &anna).await.unwrap();
    let paid = paid.expect("the payment for Anna").id;
    let refused = h.refused(actor("Carla"), undo(Some(paid))).await;
    assert_eq!(club_refusal(refused), ClubError::NotYourEntry { id: paid });
    let undone = h.ok(actor("Ben"), undo(Some(paid))).await;
    assert_eq!(
        undone.notices,
        vec![Notice::Club(ClubNotice::CashUndone {
            id: paid,
            kind: "payment".into(),
            name: "Anna".into(),
            amount: Cents(500),
            by: "Ben".into(),
            balance: Some(owed),
        })]
    );
    assert_eq!(h.store.cash_balance(&club_id, &anna).await.unwrap(), owed);
    // An overpayment is credit.
    h.ok(
        actor("Ben"),
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("Anna".into())),
            amount: format!("{},00", owed.0 / 100 + 10),
        }),
    )
    .await;
    assert!(h.store.cash_balance(&club_id, &anna).await.unwrap() < Cents::ZERO);
    let balances = h.store.cash_balances(&club_id).await.unwrap();
    let members: Cents = balances.members.iter().map(|(_, _, b)| *b).sum();
    assert_eq!(members + balances.in_box + balances.penalties, Cents::ZERO);
}

/// The defect of issue 32: Ben confirmed Gabi's 20 € advance, then his own 5 € were
/// confirmed by Anna; his undo without a number takes back his own payment, never Gabi's
/// advance, and names what it reversed. After the undo window only an admin takes an entry
/// back, by its number.
#[tokio::test]
async fn undo_without_a_number_takes_back_only_money_booked_for_oneself() {
    let h = Harness::new().await;
    set_catalogue(&h).await;
    first_evening(&h).await;
    second_evening(&h).await;
    let club_id = chat().club();
    let balance = |name: &str| {
        let user = actor(name).user;
        let store = h.store.clone();
        let club_id = club_id.clone();
        async move { store.cash_balance(&club_id, &user).await.unwrap() }
    };
    let pay = |member: Option<&str>, amount: &str| {
        club(ClubRequest::Pay {
            member: member.map(|m| UserRef::Name(m.into())),
            amount: amount.into(),
        })
    };
    h.ok(actor("Gabi"), pay(None, "20")).await;
    h.ok(actor("Ben"), pay(Some("Gabi"), "")).await;
    let gabi = balance("Gabi").await;
    assert_eq!(gabi, Cents(-2000), "Gabi's advance is her credit");
    let ben_before = balance("Ben").await;
    h.ok(actor("Ben"), pay(None, "5")).await;
    // Confirming one's own claim is for somebody else, and the answer says so.
    let own = h.refused(actor("Ben"), pay(Some("Ben"), "")).await;
    let waits = ClubError::OwnClaimWaits {
        amount: Cents(500),
        name: "Ben".into(),
    };
    assert_eq!(club_refusal(own.clone()), waits);
    assert_eq!(
        render::error_text(&own, None, Voice::new(Lang::De, Surface::Telegram)),
        "Deine Meldung über 5,00 € wartet darauf, dass ein anderes Mitglied sie bestätigt – \
         mit /einzahlung Ben. Selbst bestätigen geht nicht."
    );
    h.ok(actor("Anna"), pay(Some("Ben"), "")).await;
    assert_eq!(balance("Ben").await, ben_before - Cents(500));
    let undone = h
        .ok(actor("Ben"), club(ClubRequest::CashUndo { entry: None }))
        .await;
    let [
        Notice::Club(ClubNotice::CashUndone {
            name,
            amount,
            by,
            balance: after,
            ..
        }),
    ] = undone.notices.as_slice()
    else {
        panic!("{:?}", undone.notices);
    };
    assert_eq!(
        (name.as_str(), *amount, by.as_str()),
        ("Ben", Cents(500), "Ben")
    );
    assert_eq!(*after, Some(ben_before));
    assert_eq!(balance("Ben").await, ben_before);
    assert_eq!(balance("Gabi").await, gabi, "Gabi's advance stands");
    // His claim is confirmed: nothing of his is left to take back without a number.
    let again = h
        .refused(actor("Ben"), club(ClubRequest::CashUndo { entry: None }))
        .await;
    assert_eq!(club_refusal(again), ClubError::NothingOwnToUndo);
    // Gabi's advance after the undo window: not even Ben, who booked it, takes it back;
    // an admin does, by number.
    let advance = h
        .store
        .newest_own_payment(&club_id, &actor("Gabi").user)
        .await;
    let advance = advance.unwrap().expect("Gabi's advance").id;
    h.clock.advance(60 * MINUTE);
    let late = h
        .refused(
            actor("Ben"),
            club(ClubRequest::CashUndo {
                entry: Some(advance),
            }),
        )
        .await;
    assert!(matches!(late, ServiceError::UndoExpired { .. }), "{late:?}");
    h.ok(
        admin("Max"),
        club(ClubRequest::CashUndo {
            entry: Some(advance),
        }),
    )
    .await;
    assert_eq!(balance("Gabi").await, Cents::ZERO);
}

/// A newcomer pays before his first evening: his claim makes him known, so another member
/// confirms it by his name or his account, and from then on he is a member (absent ones pay).
#[tokio::test]
async fn a_newcomers_claim_is_confirmed_before_his_first_evening() {
    let h = Harness::new().await;
    let club_id = chat().club();
    let dora = actor("Dora").user;
    // Nobody knows Dora yet: naming her is refused.
    assert_eq!(
        club_refusal(
            h.refused(
                actor("Ben"),
                club(ClubRequest::Pay {
                    member: Some(UserRef::Name("Dora".into())),
                    amount: "5".into(),
                }),
            )
            .await
        ),
        ClubError::UnknownMember {
            name: "Dora".into()
        }
    );
    h.ok(
        actor("Dora"),
        club(ClubRequest::Pay {
            member: None,
            amount: "10".into(),
        }),
    )
    .await;
    assert!(h.store.club_members(&club_id).await.unwrap().is_empty());
    // Confirmed by her account (a reply to her claim, a mention).
    h.ok(
        actor("Ben"),
        club(ClubRequest::Pay {
            member: Some(UserRef::Id(dora.clone())),
            amount: String::new(),
        }),
    )
    .await;
    assert_eq!(
        h.store.cash_balance(&club_id, &dora).await.unwrap(),
        Cents(-1000)
    );
    // Her second claim, confirmed by name.
    h.ok(
        actor("Dora"),
        club(ClubRequest::Pay {
            member: None,
            amount: "2,50".into(),
        }),
    )
    .await;
    h.ok(
        actor("Ben"),
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("dora".into())),
            amount: String::new(),
        }),
    )
    .await;
    assert_eq!(
        h.store.cash_balance(&club_id, &dora).await.unwrap(),
        Cents(-1250)
    );
    let members = h.store.club_members(&club_id).await.unwrap();
    assert_eq!(members, vec![(dora, "Dora".to_string())]);
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
#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
