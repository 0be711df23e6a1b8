//! The club's cash box in storage (issue 25) on both backends: all or nothing, every cent with
//! its counter entry, reversals, claims, history, CSV export, unpaid balances and reminders.

use bot_core::club::cashbox;
use bot_core::club::{Cents, EntryKind};
use bot_core::model::ids::ChatId;
use bot_core::store::{CashBalances, NewCashEntry, StoreError};

mod common;
use common::club_store::*;
use common::service::START;

#[tokio::test]
async fn charges_and_payments_leave_debts_credits_and_the_cash_in_the_box() {
    let (store, _dir) = store().await;
    book(
        &store,
        &[
            charge("Anna", 450),
            charge("Ben", 300),
            payment("Anna", 200),
            payment("Ben", 500),
        ],
    )
    .await;
    let b = balances(&store, &club()).await;
    assert_eq!(owes(&b), [("Anna", 250), ("Ben", -200)]);
    assert_eq!((b.in_box, b.penalties), (Cents(700), Cents(-750)));
    assert_eq!(balance(&store, "Ben").await, -200);
    assert_eq!(balance(&store, "Carla").await, 0);
    // A payout takes cash out of the box.
    let payout = entry(EntryKind::Payout, "", 300, cashbox::payout(Cents(300)));
    book(
        &store,
        &[NewCashEntry {
            member: None,
            ..payout
        }],
    )
    .await;
    assert_eq!(balances(&store, &club()).await.in_box, Cents(400));
}

#[tokio::test]
async fn an_unbalanced_entry_or_a_repeated_request_writes_nothing() {
    let (store, _dir) = store().await;
    let mut bad = charge("Ben", 300);
    bad.postings[1].amount = Cents(-200);
    let refused = store
        .append_cash(&[charge("Anna", 100), bad], Some("r1"))
        .await;
    assert!(
        matches!(refused, Err(StoreError::Unbalanced)),
        "{refused:?}"
    );
    assert_eq!(balances(&store, &club()).await, CashBalances::default());
    assert!(!store.seen_request("r1").await.expect("read"));
    let first = store.append_cash(&[charge("Anna", 100)], Some("r1")).await;
    first.expect("booked");
    let twice = [charge("Anna", 100), payment("Anna", 50)];
    let again = store.append_cash(&twice, Some("r1")).await;
    assert!(matches!(again, Err(StoreError::Duplicate)), "{again:?}");
    assert_eq!(history(&store, None, 1, 10).await.0.len(), 1);
    assert_eq!(owes(&balances(&store, &club()).await), [("Anna", 100)]);
}

#[tokio::test]
async fn a_reversal_restores_every_balance_once() {
    let (store, _dir) = store().await;
    book(&store, &[charge("Anna", 450), payment("Ben", 500)]).await;
    let before = balances(&store, &club()).await;
    let paid = book(&store, &[payment("Anna", 600)]).await[0];
    let reversal = reverse(&store, paid).await.expect("a reversal");
    assert_eq!(balances(&store, &club()).await, before);
    let row = store.cash_entry(&club(), reversal).await.expect("read");
    let row = row.expect("stored");
    assert_eq!(
        (row.kind, row.reverses, row.amount, row.actor_name.as_str()),
        (EntryKind::Reversal, Some(paid), Cents(-600), "Ben")
    );
    let original = store.cash_entry(&club(), paid).await.expect("read");
    assert!(original.expect("stored").reversed);
    // Not twice, not a reversal, not another club's, not what is not there.
    for (club, id) in [
        (club(), paid),
        (club(), reversal),
        (other_club(), paid),
        (club(), 9_999),
    ] {
        let undone = store.reverse_cash(&club, id, START + 20, "test:ben", "Ben");
        assert_eq!(undone.await.expect("read"), None, "{club:?} {id}");
    }
    assert_eq!(balances(&store, &club()).await, before);
}

#[tokio::test]
async fn a_confirmed_or_withdrawn_claim_is_no_longer_open_and_undo_finds_the_payment() {
    let (store, _dir) = store().await;
    book(&store, &[charge("Anna", 300)]).await;
    let claim = NewCashEntry {
        actor: user("Anna").0,
        ..entry(EntryKind::Claim, "Anna", 300, Vec::new())
    };
    let claim_id = book(&store, std::slice::from_ref(&claim)).await[0];
    assert_eq!(open_claim(&store, "Anna").await, Some(claim_id));
    let own = store.newest_own_payment(&club(), &user("Anna")).await;
    assert_eq!(own.expect("read").map(|c| c.id), Some(claim_id));
    assert_eq!(balance(&store, "Anna").await, 300, "a claim moves no money");
    let confirm = NewCashEntry {
        actor: user("Ben").0,
        actor_name: "Ben".into(),
        confirms: Some(claim_id),
        ..payment("Anna", 300)
    };
    let confirmed = book(&store, &[confirm]).await[0];
    assert_eq!(open_claim(&store, "Anna").await, None);
    // What Anna's undo takes back now is the payment for her, not her claim; Ben, who
    // confirmed it, has no payment of his own.
    let own = store.newest_own_payment(&club(), &user("Anna")).await;
    assert_eq!(own.expect("read").map(|c| c.id), Some(confirmed));
    let bens = store.newest_own_payment(&club(), &user("Ben")).await;
    assert_eq!(bens.expect("read"), None, "Anna's payment is not Ben's");
    let row = store.cash_entry(&club(), claim_id).await.expect("read");
    assert!(row.expect("stored").confirmed);
    assert_eq!(balance(&store, "Anna").await, 0);
    // A claim withdrawn is not open either.
    let second = book(&store, &[claim]).await[0];
    reverse(&store, second).await.expect("withdrawn");
    assert_eq!(open_claim(&store, "Anna").await, None);
    let own = store.newest_own_payment(&club(), &user("Anna")).await;
    assert_eq!(
        own.expect("read").map(|c| c.id),
        Some(confirmed),
        "both claims are done with; the payment for her stands"
    );
}

#[tokio::test]
async fn history_pages_newest_first_and_by_member() {
    let (store, _dir) = store().await;
    let ids = book(
        &store,
        &[
            charge("Anna", 100),
            charge("Ben", 200),
            charge("Anna", 300),
            payment("Ben", 200),
            payment("Anna", 50),
        ],
    )
    .await;
    assert_eq!(history(&store, None, 1, 2).await, (vec![ids[4], ids[3]], 3));
    assert_eq!(history(&store, None, 3, 2).await, (vec![ids[0]], 3));
    let anna = history(&store, Some("Anna"), 1, 10).await;
    assert_eq!(anna, (vec![ids[4], ids[2], ids[0]], 1));
    let none = store.cash_history(&other_club(), None, 1, 10).await;
    let (rows, pages) = none.expect("history");
    assert!(rows.is_empty());
    assert_eq!(pages, 1);
}

#[tokio::test]
async fn the_cash_book_reads_every_entry_with_its_postings() {
    let (store, _dir) = store().await;
    let ids = book(
        &store,
        &[charge("Meier, Anna", 250), payment("Meier, Anna", 100)],
    )
    .await;
    reverse(&store, ids[0]).await.expect("undone");
    let entries = store.cash_entries(&club()).await.expect("entries");
    let kinds: Vec<(i64, EntryKind, usize)> = entries
        .iter()
        .map(|(e, p)| (e.id, e.kind, p.len()))
        .collect();
    assert_eq!(
        kinds,
        [
            (ids[0], EntryKind::Charge, 2),
            (ids[1], EntryKind::Payment, 2),
            (ids[1] + 1, EntryKind::Reversal, 2)
        ]
    );
    // The reversal's postings are the charge's, negated.
    let negated = cashbox::reversal(&entries[0].1);
    let mut reversal = entries[2].1.clone();
    reversal.sort_by(|a, b| a.account.cmp(&b.account));
    let mut expected = negated;
    expected.sort_by(|a, b| a.account.cmp(&b.account));
    assert_eq!(reversal, expected);
    // The cash book from them: the charge is undone, the payment is Anna's credit.
    let cash_book = bot_core::club::cash_book(&entries);
    let anna: Vec<(i64, Option<i64>)> = cash_book
        .lines
        .iter()
        .map(|l| (l.amount.0, l.balance.map(|b| b.0)))
        .collect();
    assert_eq!(
        anna,
        [(-250, Some(-250)), (100, Some(-150)), (250, Some(100))]
    );
    assert_eq!(cash_book.in_box, Cents(100));
    assert!(
        store
            .cash_entries(&other_club())
            .await
            .expect("none")
            .is_empty()
    );
}

#[tokio::test]
async fn unpaid_since_is_when_the_balance_last_went_above_zero() {
    let (store, _dir) = store().await;
    let at = |e: NewCashEntry, at: i64| NewCashEntry { at, ..e };
    let unpaid = || async { store.unpaid_since(&club()).await.expect("read") };
    let owed =
        |name: &str, cents: i64, since: i64| (user(name), name.to_string(), Cents(cents), since);
    book(&store, &[at(charge("Anna", 300), 1_000)]).await;
    book(&store, &[at(payment("Anna", 100), 2_000)]).await;
    assert_eq!(unpaid().await, [owed("Anna", 200, 1_000)]);
    book(&store, &[at(payment("Anna", 200), 3_000)]).await;
    assert!(unpaid().await.is_empty());
    book(
        &store,
        &[at(charge("Anna", 50), 4_000), at(charge("Ben", 10), 5_000)],
    )
    .await;
    assert_eq!(
        unpaid().await,
        [owed("Anna", 50, 4_000), owed("Ben", 10, 5_000)]
    );
}

#[tokio::test]
async fn reminders_are_remembered_per_club() {
    let (store, _dir) = store().await;
    let last = |club: ChatId| {
        let store = store.clone();
        async move { store.last_cash_reminder(&club).await.expect("read") }
    };
    assert_eq!(last(club()).await, None);
    for at in [1_000, 2_000] {
        store
            .set_last_cash_reminder(&club(), at)
            .await
            .expect("set");
    }
    assert_eq!(last(club()).await, Some(2_000));
    assert_eq!(last(other_club()).await, None);
    let reminding = catalogue("erinnerung=7");
    for (club, c) in [(club(), reminding), (other_club(), catalogue("spiel=1"))] {
        let set = store.set_club_catalogue(&club, &c, 1, "test:anna").await;
        set.expect("set");
    }
    let clubs = store.clubs_with_reminders().await.expect("read");
    assert_eq!(clubs, [(club(), reminding)]);
}

#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
