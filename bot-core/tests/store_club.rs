//! Club nights' storage (issue 25) on both backends: the penalty catalogue per club, one
//! open evening per club and a close that happens once, check-ins, an evening's facts from
//! games really played, and a Telegram group that became a supergroup keeping its club. The
//! cash box is in `store_cash`.

use bot_core::club::{Cents, ChargeKind, MemberNight, NightFacts, PenaltyCatalogue, Presence};
use bot_core::engine::DebtReason;
use bot_core::model::ids::ChatId;
use bot_core::model::table::NewDebt;
use bot_core::store::{CashBalances, NewCashEntry, NewLedgerEntry, OpenNight, Store, StoreError};

mod common;
use common::backend::fresh_url;
use common::club_store::*;
use common::service::{Harness, START, chat};

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
        charges: vec![
            (ChargeKind::GameLost, Cents(100)),
            (ChargeKind::HalfLost, Cents(50)),
        ],
        balance: Some(Cents(150)),
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
