//! Club nights' storage as the store tests (`store_club`, `store_cash`) use it: a store on this
//! run's backend, a club and its members, evenings, and cash entries with their postings.

use bot_core::club::cashbox::{self, Posting};
use bot_core::club::{Cents, EntryKind, PenaltyCatalogue};
use bot_core::model::ids::{ChatId, UserId};
use bot_core::store::{CashBalances, NewCashEntry, NewNight, NightRow, OpenNight, Store};

use super::backend::fresh_url;
use super::service::START;

pub async fn store() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(&fresh_url(&dir).await).await.expect("store");
    (store, dir)
}

pub fn club() -> ChatId {
    ChatId::new("telegram", -100_777)
}

pub fn other_club() -> ChatId {
    ChatId::new("discord", "42")
}

pub fn user(name: &str) -> UserId {
    UserId::new("test", name.to_lowercase())
}

pub fn catalogue(words: &str) -> PenaltyCatalogue {
    PenaltyCatalogue::default()
        .with_changes(words)
        .expect("valid")
}

pub fn night_at(club: &ChatId, opened_at: i64) -> NewNight {
    NewNight {
        club: club.clone(),
        chat: club.clone(),
        season: 1,
        opened_at,
        opened_by: "test:anna".into(),
        late_after: None,
    }
}

pub async fn open(store: &Store, night: &NewNight) -> NightRow {
    match store.open_night(night).await.expect("open") {
        OpenNight::Opened(row) => row,
        other => panic!("not opened: {other:?}"),
    }
}

/// An entry of `kind` for `name` with `postings`, by Anna, in `club()`.
pub fn entry(kind: EntryKind, name: &str, cents: i64, postings: Vec<Posting>) -> NewCashEntry {
    NewCashEntry {
        club: club(),
        at: START,
        kind,
        member: Some(user(name)),
        member_name: name.into(),
        amount: Cents(cents),
        reason: kind.id().into(),
        night_id: None,
        actor: "test:anna".into(),
        actor_name: "Anna".into(),
        reverses: None,
        confirms: None,
        postings,
    }
}

pub fn charge(name: &str, cents: i64) -> NewCashEntry {
    let postings = cashbox::charge(&user(name), Cents(cents));
    entry(EntryKind::Charge, name, cents, postings)
}

pub fn payment(name: &str, cents: i64) -> NewCashEntry {
    let postings = cashbox::payment(&user(name), Cents(cents));
    entry(EntryKind::Payment, name, cents, postings)
}

pub async fn check_in(store: &Store, night: &NightRow, name: &str, at: i64) {
    let done = store.check_in(night.id, &user(name), name, at, false).await;
    assert_eq!(done.expect("checked in"), None);
}

/// Ben undoes entry `id` of `club()`.
pub async fn reverse(store: &Store, id: i64) -> Option<i64> {
    let undone = store
        .reverse_cash(&club(), id, START + 10, "test:ben", "Ben")
        .await;
    undone.expect("reversed")
}

pub async fn book(store: &Store, entries: &[NewCashEntry]) -> Vec<i64> {
    store.append_cash(entries, None).await.expect("booked")
}

/// The club's balances; every read checks that no cent appeared or vanished: the postings
/// (members, box, penalties) add up to zero.
pub async fn balances(store: &Store, club: &ChatId) -> CashBalances {
    let b = store.cash_balances(club).await.expect("balances");
    let members: Cents = b.members.iter().map(|m| m.2).sum();
    assert_eq!(members + b.in_box + b.penalties, Cents::ZERO, "{b:?}");
    b
}

pub fn owes(b: &CashBalances) -> Vec<(&str, i64)> {
    b.members.iter().map(|m| (m.1.as_str(), m.2.0)).collect()
}

pub async fn balance(store: &Store, name: &str) -> i64 {
    let b = store.cash_balance(&club(), &user(name)).await;
    b.expect("balance").0
}

pub async fn open_claim(store: &Store, name: &str) -> Option<i64> {
    let claim = store.open_cash_claim(&club(), &user(name)).await;
    claim.expect("read").map(|c| c.id)
}

pub async fn history(store: &Store, member: Option<&str>, page: u32, size: u32) -> (Vec<i64>, u32) {
    let member = member.map(user);
    let (rows, pages) = store
        .cash_history(&club(), member.as_ref(), page, size)
        .await
        .expect("history");
    (rows.iter().map(|r| r.id).collect(), pages)
}
