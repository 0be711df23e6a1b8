//! The cash box through the service (issues 25 and 32), on SQLite and PostgreSQL: a payment
//! waits for another member; undo without a number takes back only money booked for oneself,
//! any other entry needs its number and the right to it; a newcomer's advance payment.

use bot_core::club::Cents;
use bot_core::render::{self, Surface, Voice};
use bot_core::service::club::{ClubError, ClubNotice};
use bot_core::service::{ClubRequest, Notice, ServiceError, UserRef};
use bot_core::text::Lang;

mod common;
use common::club_evening::*;
use common::service::{Harness, actor, admin, chat};

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
    // Confirming a claim that is not there says so, and books nothing (stranger's check, issue 37).
    let none = h.refused(actor("Anna"), pay(Some("Ben"), "")).await;
    assert_eq!(
        club_refusal(none.clone()),
        ClubError::NoOpenClaim { name: "Ben".into() }
    );
    assert_eq!(
        render::error_text(&none, None, Voice::new(Lang::De, Surface::Telegram)),
        "Ben hat keine Einzahlung gemeldet, die auf Bestätigung wartet. Eine Einzahlung für Ben \
         buchst du mit dem Betrag: /einzahlung Ben 5."
    );
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

/// A player seated at the club's table is known to it by name before any evening or cash
/// entry (a stranger found `Ben: einzahlung Anna 3` refused for Anna at the table).
#[tokio::test]
async fn a_player_at_the_table_is_known_to_the_club() {
    let h = Harness::new().await;
    let club_id = chat().club();
    h.ok(actor("Anna"), bot_core::service::Request::Open).await;
    h.ok(actor("Eva"), bot_core::service::Request::Join).await;
    let pay_eva = || {
        club(ClubRequest::Pay {
            member: Some(UserRef::Name("eva".into())),
            amount: "3".into(),
        })
    };
    h.ok(admin("Ben"), pay_eva()).await;
    let eva = actor("Eva").user;
    assert_eq!(
        h.store.cash_balance(&club_id, &eva).await.unwrap(),
        Cents(-300)
    );
    // Somebody at no table, no evening and not in the cash box is still unknown.
    let unknown = h
        .refused(
            admin("Ben"),
            club(ClubRequest::Pay {
                member: Some(UserRef::Name("Zora".into())),
                amount: "3".into(),
            }),
        )
        .await;
    assert_eq!(
        club_refusal(unknown),
        ClubError::UnknownMember {
            name: "Zora".into()
        }
    );
}

#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
