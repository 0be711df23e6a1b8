//! Club nights' storage (issue 25) on both backends: the penalty catalogue per club, one
//! open evening per club and a close that happens once, check-ins, an evening's facts from
//! games really played, and the cash box — all or nothing, every cent with its counter entry,
//! reversals, claims, history, CSV export, unpaid balances, reminders, a supergroup move.

use bot_core::club::cashbox::{self, Posting};
use bot_core::club::{Cents, EntryKind, MemberNight, NightFacts, PenaltyCatalogue, Presence};
use bot_core::engine::DebtReason;
use bot_core::model::ids::{ChatId, UserId};
use bot_core::model::table::NewDebt;
use bot_core::store::{
    CashBalances, NewCashEntry, NewLedgerEntry, NewNight, NightRow, OpenNight, Store, StoreError,
};

mod common;
use common::backend::fresh_url;
use common::service::{Harness, START, chat};

async fn store() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("dir");
    let store = Store::open(&fresh_url(&dir).await).await.expect("store");
    (store, dir)
}

fn club() -> ChatId {
    ChatId::new("telegram", -100_777)
}

fn other_club() -> ChatId {
    ChatId::new("discord", "42")
}

fn user(name: &str) -> UserId {
    UserId::new("test", name.to_lowercase())
}

fn catalogue(words: &str) -> PenaltyCatalogue {
    PenaltyCatalogue::default()
        .with_changes(words)
        .expect("valid")
}

fn night_at(club: &ChatId, opened_at: i64) -> NewNight {
    NewNight {
        club: club.clone(),
        chat: club.clone(),
        season: 1,
        opened_at,
        opened_by: "test:anna".into(),
        late_after: None,
    }
}

async fn open(store: &Store, night: &NewNight) -> NightRow {
    match store.open_night(night).await.expect("open") {
        OpenNight::Opened(row) => row,
        other => panic!("not opened: {other:?}"),
    }
}

/// An entry of `kind` for `name` with `postings`, by Anna, in `club()`.
fn entry(kind: EntryKind, name: &str, cents: i64, postings: Vec<Posting>) -> NewCashEntry {
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

fn charge(name: &str, cents: i64) -> NewCashEntry {
    let postings = cashbox::charge(&user(name), Cents(cents));
    entry(EntryKind::Charge, name, cents, postings)
}

fn payment(name: &str, cents: i64) -> NewCashEntry {
    let postings = cashbox::payment(&user(name), Cents(cents));
    entry(EntryKind::Payment, name, cents, postings)
}

async fn check_in(store: &Store, night: &NightRow, name: &str, at: i64) {
    let done = store.check_in(night.id, &user(name), name, at, false).await;
    assert_eq!(done.expect("checked in"), None);
}

/// Ben undoes entry `id` of `club()`.
async fn reverse(store: &Store, id: i64) -> Option<i64> {
    let undone = store
        .reverse_cash(&club(), id, START + 10, "test:ben", "Ben")
        .await;
    undone.expect("reversed")
}

async fn book(store: &Store, entries: &[NewCashEntry]) -> Vec<i64> {
    store.append_cash(entries, None).await.expect("booked")
}

/// The club's balances; every read checks that no cent appeared or vanished: the postings
/// (members, box, penalties) add up to zero.
async fn balances(store: &Store, club: &ChatId) -> CashBalances {
    let b = store.cash_balances(club).await.expect("balances");
    let members: Cents = b.members.iter().map(|m| m.2).sum();
    assert_eq!(members + b.in_box + b.penalties, Cents::ZERO, "{b:?}");
    b
}

fn owes(b: &CashBalances) -> Vec<(&str, i64)> {
    b.members.iter().map(|m| (m.1.as_str(), m.2.0)).collect()
}

async fn balance(store: &Store, name: &str) -> i64 {
    let b = store.cash_balance(&club(), &user(name)).await;
    b.expect("balance").0
}

async fn open_claim(store: &Store, name: &str) -> Option<i64> {
    let claim = store.open_cash_claim(&club(), &user(name)).await;
    claim.expect("read").map(|c| c.id)
}

async fn history(store: &Store, member: Option<&str>, page: u32, size: u32) -> (Vec<i64>, u32) {
    let member = member.map(user);
    let (rows, pages) = store
        .cash_history(&club(), member.as_ref(), page, size)
        .await
        .expect("history");
    (rows.iter().map(|r| r.id).collect(), pages)
}

#[tokio::test]
async fn a_catalogue_is_the_default_until_set_and_each_club_keeps_its_own() {
    let (store, _dir) = store().await;
    let read = |club: ChatId| {
        let store = store.clone();
        async move { store.club_catalogue(&club).await.expect("read") }
    };
    assert_eq!(read(club()).await, PenaltyCatalogue::default());
    let set = catalogue("spiel=0,50 abend=2 erinnerung=14");
    let changed = set.with_changes("spiel=1").expect("valid");
    for (c, at) in [(set, START), (changed, START + 1)] {
        store
            .set_club_catalogue(&club(), &c, at, "test:anna")
            .await
            .expect("set");
        assert_eq!(read(club()).await, c);
    }
    assert_eq!(read(other_club()).await, PenaltyCatalogue::default());
}

#[tokio::test]
async fn one_evening_is_open_per_club_and_it_closes_once() {
    let (store, _dir) = store().await;
    let first = open(&store, &night_at(&club(), START)).await;
    match store.open_night(&night_at(&club(), START + 5)).await {
        Ok(OpenNight::AlreadyOpen(row)) => assert_eq!(row, first),
        other => panic!("{other:?}"),
    }
    open(&store, &night_at(&other_club(), START)).await; // its own
    let open_one = store.open_night_of(&club()).await.expect("read");
    assert_eq!(open_one, Some(first.clone()));
    let summary = [MemberNight {
        user: user("Anna"),
        name: "Anna".into(),
        presence: Presence::Present,
        games: 2,
        lost: 1,
        halves_lost: 1,
        schock_aus_received: 0,
        bierrunden: 0,
        penalties: Cents(150),
    }];
    let charges = [charge("Anna", 150)];
    let ids = store
        .close_night(&first, START + 100, &summary, &charges)
        .await;
    assert_eq!(ids.expect("closed").len(), 1);
    let again = store
        .close_night(&first, START + 200, &summary, &charges)
        .await;
    assert!(matches!(again, Err(StoreError::Stale)), "{again:?}");
    assert_eq!(
        balance(&store, "Anna").await,
        150,
        "the second booked nothing"
    );
    assert_eq!(store.open_night_of(&club()).await.expect("read"), None);
    let closed = store.closed_nights(&club(), 1).await.expect("read");
    assert_eq!(closed.len(), 1);
    assert_eq!(closed[0].0.closed_at, Some(START + 100));
    assert_eq!(closed[0].1, summary);
    let second = open(&store, &night_at(&club(), START + 300)).await;
    assert!(second.id > first.id);
    assert!(
        store
            .closed_nights(&club(), 2)
            .await
            .expect("read")
            .is_empty()
    );
}

/// Two processes at once: one evening opens, one reversal is booked.
#[tokio::test]
async fn two_processes_open_one_evening_and_reverse_once() {
    let dir = tempfile::tempdir().expect("dir");
    let url = fresh_url(&dir).await;
    let first = Store::open(&url).await.expect("store");
    let second = Store::open(&url).await.expect("another process");
    let night = night_at(&club(), START);
    let (a, b) = tokio::join!(first.open_night(&night), second.open_night(&night));
    let ids = match (a.expect("open"), b.expect("open")) {
        (OpenNight::Opened(x), OpenNight::AlreadyOpen(y))
        | (OpenNight::AlreadyOpen(y), OpenNight::Opened(x)) => (x.id, y.id),
        other => panic!("{other:?}"),
    };
    assert_eq!(ids.0, ids.1);
    let paid = book(&first, &[payment("Anna", 100)]).await[0];
    let (a, b) = tokio::join!(reverse(&first, paid), reverse(&second, paid));
    assert_eq!(usize::from(a.is_some()) + usize::from(b.is_some()), 1);
    assert_eq!(balances(&first, &club()).await, CashBalances::default());
    second.close().await;
}

#[tokio::test]
async fn a_close_with_an_unbalanced_charge_keeps_the_evening_open() {
    let (store, _dir) = store().await;
    let night = open(&store, &night_at(&club(), START)).await;
    let mut bad = charge("Anna", 100);
    bad.postings.pop();
    let refused = store.close_night(&night, START + 1, &[], &[bad]).await;
    assert!(
        matches!(refused, Err(StoreError::Unbalanced)),
        "{refused:?}"
    );
    let still = store.open_night_of(&club()).await.expect("read");
    assert_eq!(still, Some(night));
    assert_eq!(balances(&store, &club()).await, CashBalances::default());
}

#[tokio::test]
async fn a_second_check_in_returns_the_first_and_changes_nothing() {
    let (store, _dir) = store().await;
    let night = open(&store, &night_at(&club(), START)).await;
    check_in(&store, &night, "Anna", START + 10).await;
    let earlier = store
        .check_in(night.id, &user("Anna"), "Anna B.", START + 99, true)
        .await
        .expect("again")
        .expect("the earlier check-in");
    let seen = (earlier.name.as_str(), earlier.at, earlier.late);
    assert_eq!(seen, ("Anna", START + 10, false));
    let facts = store.night_facts(&night, START + 100).await.expect("facts");
    assert_eq!(facts.check_ins, vec![earlier]);
    // A closed evening takes no more check-ins.
    let closed = store.close_night(&night, START + 200, &[], &[]).await;
    closed.expect("closed");
    let late = store
        .check_in(night.id, &user("Ben"), "Ben", START + 300, true)
        .await;
    assert!(matches!(late, Err(StoreError::Stale)), "{late:?}");
}

/// Carla came to an earlier evening of `club`; Dora, never there, has a cash account.
async fn carla_came_before_and_dora_has_an_account(store: &Store, club: &ChatId) {
    let earlier = open(store, &night_at(club, START - 10_000)).await;
    check_in(store, &earlier, "Carla", START - 9_000).await;
    let closed = store.close_night(&earlier, START - 5_000, &[], &[]).await;
    closed.expect("closed");
    let dora = NewCashEntry {
        club: club.clone(),
        ..charge("Dora", 100)
    };
    book(store, &[dora]).await;
}

/// The Bierrunde `debt` of table `table_id` taken back (by hand, in the ledger).
async fn take_back(store: &Store, debt: i64, table_id: i64, loser: &str) {
    let lost = NewDebt {
        user: user(loser),
        name: loser.into(),
        reason: DebtReason::GameLost,
    };
    let undo = NewLedgerEntry {
        kind: "reversal",
        rounds: -1,
        reverses: Some(debt),
        ..NewLedgerEntry::debt(&chat(), &lost, table_id, START)
    };
    store.append_ledger(&[undo], None).await.expect("undone");
}

/// A real game, played through the service, is among the evening's facts with the Bierrunde
/// it wrote; an earlier evening's guest and a cash box member who stay home are members.
#[tokio::test]
async fn an_evenings_facts_hold_its_games_bierrunden_and_the_members_at_home() {
    let h = Harness::new().await;
    let store = &h.store;
    let club = chat().club();
    carla_came_before_and_dora_has_an_account(store, &club).await;
    let night = open(store, &night_at(&club, START - 1_000)).await;
    check_in(store, &night, "Anna", START - 500).await;
    let (loser, _) = h.anna_and_ben_play_a_game().await;
    let to = START + 3_600_000;
    let facts = store.night_facts(&night, to).await.expect("facts");
    assert_eq!(facts.games.len(), 1);
    let mut players: Vec<&str> = facts.games[0]
        .lines
        .iter()
        .map(|l| l.name.as_str())
        .collect();
    players.sort();
    assert_eq!(players, ["Anna", "Ben"]);
    let debts = store.ledger_rows(&chat()).await.expect("ledger");
    let written = debts.iter().filter(|d| d.kind == "debt").count() as u32;
    assert!(written >= 1, "a lost game writes a Bierrunde");
    assert_eq!(
        facts.bierrunden,
        vec![(user(&loser), loser.clone(), written)]
    );
    let names =
        |facts: &NightFacts| -> Vec<String> { facts.members.iter().map(|m| m.1.clone()).collect() };
    assert_eq!(names(&facts), ["Carla", "Dora"], "not tonight's guests");
    // A Bierrunde taken back is no Bierrunde of the evening.
    let debt = debts.iter().find(|d| d.kind == "debt").expect("a debt");
    take_back(store, debt.id, debt.table_id.expect("by a table"), &loser).await;
    let after = store.night_facts(&night, to).await.expect("facts");
    assert_eq!(
        after.bierrunden.iter().map(|b| b.2).sum::<u32>(),
        written - 1
    );
    // Up to a moment before the game ended, there was none.
    let before = store.night_facts(&night, facts.games[0].at - 1).await;
    let before = before.expect("facts");
    assert!(before.games.is_empty() && before.bierrunden.is_empty());
    let games = |season| store.club_games(&club, Some(season));
    assert_eq!(games(1).await.expect("games"), facts.games);
    assert!(games(2).await.expect("games").is_empty());
    let known = store.club_members(&club).await.expect("members");
    let known: Vec<&str> = known.iter().map(|m| m.1.as_str()).collect();
    assert_eq!(known, ["Anna", "Carla", "Dora"]);
}

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
async fn a_confirmed_or_withdrawn_claim_is_no_longer_open() {
    let (store, _dir) = store().await;
    book(&store, &[charge("Anna", 300)]).await;
    let claim = NewCashEntry {
        actor: user("Anna").0,
        ..entry(EntryKind::Claim, "Anna", 300, Vec::new())
    };
    let claim_id = book(&store, std::slice::from_ref(&claim)).await[0];
    assert_eq!(open_claim(&store, "Anna").await, Some(claim_id));
    let own = store.last_own_cash(&club(), &user("Anna")).await;
    assert_eq!(own.expect("read").map(|c| c.id), Some(claim_id));
    assert_eq!(balance(&store, "Anna").await, 300, "a claim moves no money");
    let confirm = NewCashEntry {
        actor: user("Ben").0,
        actor_name: "Ben".into(),
        confirms: Some(claim_id),
        ..payment("Anna", 300)
    };
    book(&store, &[confirm]).await;
    assert_eq!(open_claim(&store, "Anna").await, None);
    let row = store.cash_entry(&club(), claim_id).await.expect("read");
    assert!(row.expect("stored").confirmed);
    assert_eq!(balance(&store, "Anna").await, 0);
    // A claim withdrawn is not open either.
    let second = book(&store, &[claim]).await[0];
    reverse(&store, second).await.expect("withdrawn");
    assert_eq!(open_claim(&store, "Anna").await, None);
    let own = store.last_own_cash(&club(), &user("Anna")).await;
    assert_eq!(own.expect("read"), None, "both claims are done with");
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
async fn the_export_quotes_names_and_defuses_formulas() {
    let (store, _dir) = store().await;
    let comma = NewCashEntry {
        at: 1_796_058_300_000,
        ..charge("Meier, Anna", 250)
    };
    let ids = book(&store, &[comma, payment("=HYPERLINK(\"x\")", 100)]).await;
    reverse(&store, ids[0]).await.expect("undone");
    let csv = store.cash_export(&club()).await.expect("export");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines,
        [
            "id,time,kind,member,name,amount,reason,evening,by,reverses,confirms",
            &format!(
                "{},2026-11-30T17:05:00Z,charge,\"test:meier, anna\",\"Meier, Anna\",2.50,\
                 charge,,Anna,,",
                ids[0]
            ),
            &format!(
                "{},2026-09-21T14:13:20Z,payment,\"test:=hyperlink(\"\"x\"\")\",\
                 \"'=HYPERLINK(\"\"x\"\")\",1.00,payment,,Anna,,",
                ids[1]
            ),
            &format!(
                "{},2026-09-21T14:13:20Z,reversal,\"test:meier, anna\",\"Meier, Anna\",-2.50,\
                 undo,,Ben,{},",
                ids[1] + 1,
                ids[0]
            ),
        ]
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
async fn a_telegram_group_that_became_a_supergroup_keeps_its_club() {
    let (store, _dir) = store().await;
    let (old, new) = (club(), ChatId::new("telegram", -100_100_777));
    let kept = catalogue("spiel=1 erinnerung=3");
    for (club, c) in [(&old, kept), (&new, PenaltyCatalogue::default())] {
        let set = store.set_club_catalogue(club, &c, 1, "test:anna").await;
        set.expect("set");
    }
    let closed = open(&store, &night_at(&old, START)).await;
    let done = store
        .close_night(&closed, START + 1, &[], &[charge("Anna", 100)])
        .await;
    done.expect("closed");
    let night = open(&store, &night_at(&old, START + 10)).await;
    // A stray message under the new id opened an evening there too: it gives way.
    open(&store, &night_at(&new, START + 11)).await;
    store.set_last_cash_reminder(&old, 77).await.expect("set");
    store.migrate_chat(&old, &new).await.expect("migrated");
    assert_eq!(store.club_catalogue(&new).await.expect("read"), kept);
    let left = store.club_catalogue(&old).await.expect("read");
    assert_eq!(left, PenaltyCatalogue::default());
    let moved = store
        .open_night_of(&new)
        .await
        .expect("read")
        .expect("open");
    assert_eq!((moved.id, &moved.club, &moved.chat), (night.id, &new, &new));
    assert_eq!(store.open_night_of(&old).await.expect("read"), None);
    assert_eq!(store.closed_nights(&new, 1).await.expect("read").len(), 2);
    assert_eq!(balances(&store, &old).await, CashBalances::default());
    assert_eq!(owes(&balances(&store, &new).await), [("Anna", 100)]);
    let rows = store.cash_history(&new, None, 1, 10).await.expect("read").0;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        store.last_cash_reminder(&new).await.expect("read"),
        Some(77)
    );
    let clubs = store.clubs_with_reminders().await.expect("read");
    assert_eq!(clubs, [(new.clone(), kept)]);
    // The moved evening still closes and books for the new club.
    let fee = NewCashEntry {
        club: new.clone(),
        ..charge("Ben", 50)
    };
    let done = store.close_night(&moved, START + 20, &[], &[fee]).await;
    done.expect("closed");
    let b = balances(&store, &new).await;
    assert_eq!(owes(&b), [("Anna", 100), ("Ben", 50)]);
}

#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}
