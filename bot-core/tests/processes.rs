//! Several bot processes on one PostgreSQL database (here: several services on one database,
//! as the processes would hold them): moves through either are all stored in order, a race
//! between two is won by one and the other decides again on the fresh table, a turn timer
//! fires once however many processes tick, and the processes left take over the timers of
//! one that stopped. SQLite serves one process: there only the second try is checked.

use bot_core::engine::ActionError;
use bot_core::service::{
    Changed, Command, ManualClock, Notice, Outbound, Request, Service, ServiceError, Stop,
    TableChange,
};
use bot_core::store::{Backend, Store, WriteTurns};
use std::sync::Arc;

mod common;
use common::backend::backend;
use common::service::{Harness, actor, admin, chat};

/// A second process on the harness's database.
async fn second_process(h: &Harness, seed: u64) -> Arc<Service> {
    let store = Store::open(h.url()).await.expect("store");
    Service::new(
        store,
        h.service.config().clone(),
        h.clock.clone(),
        Some(seed),
    )
    .await
    .expect("service")
}

fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

fn timed_out(out: &Outbound) -> bool {
    out.reply
        .notices
        .iter()
        .any(|n| matches!(n, Notice::TimedOut { .. }))
}

async fn current_on(service: &Service) -> String {
    let reply = service
        .handle(Command::new(chat(), actor("Zuschauer"), Request::Show))
        .await;
    let table = reply.table.expect("a table");
    let seat = table.view.and_then(|v| v.current).expect("someone to act");
    table.members[seat.index()].clone()
}

#[tokio::test]
async fn moves_through_two_processes_alternately_are_all_stored() {
    if backend() != Backend::Postgres {
        return;
    }
    let h = Harness::new().await;
    let other = second_process(&h, 9).await;
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    let processes = [h.service.clone(), other.clone()];
    let mut stored = 0;
    for turn in 0..9 {
        let process = &processes[turn % 2];
        let name = current_on(process).await;
        let reply = process
            .handle(Command::new(chat(), actor(&name), Request::Roll))
            .await;
        assert!(!reply.is_error(), "{name}: {:?}", reply.error_kind());
        stored += 1;
        // After the starter's number of throws a player is done without standing.
        if current_on(&processes[(turn + 1) % 2]).await == name {
            let reply = process
                .handle(Command::new(chat(), actor(&name), Request::Stand))
                .await;
            assert!(!reply.is_error(), "{name}: {:?}", reply.error_kind());
            stored += 1;
        }
    }
    let table = h.store.open_table(&chat()).await.expect("read");
    let table = table.expect("still open");
    let log = h.store.table_log(table.id).await.expect("log");
    // Open, two joins, start, then every move once.
    assert_eq!(log.len(), 4 + stored);
    let seqs: Vec<i64> = log.iter().map(|(seq, ..)| *seq).collect();
    assert!(seqs.windows(2).all(|w| w[1] == w[0] + 1), "{seqs:?}");
}

#[tokio::test]
async fn two_processes_racing_for_one_move_store_it_once() {
    if backend() != Backend::Postgres {
        return;
    }
    let h = Harness::new().await;
    let other = second_process(&h, 10).await;
    h.table_of(&["Anna", "Ben"]).await;
    // The starter (who may throw up to three times) rolls once.
    let name = current_on(&h.service).await;
    h.ok(actor(&name), Request::Roll).await;
    // The same player stands through both processes at once: one stand is stored; the
    // other, decided again on the fresh table if it lost the race, finds the turn passed.
    let stand = || Command::new(chat(), actor(&name), Request::Stand);
    let (a, b) = tokio::join!(h.service.handle(stand()), other.handle(stand()));
    let errors: Vec<_> = [&a, &b].iter().filter_map(|r| r.error_kind()).collect();
    assert!(
        matches!(
            errors.as_slice(),
            [ServiceError::Action(
                ActionError::NotYourTurn { .. } | ActionError::AlreadyFinished
            )]
        ),
        "one stand stored, the other refused: {errors:?}"
    );
    let table = h.store.open_table(&chat()).await.expect("read");
    let log = h.store.table_log(table.expect("open").id).await;
    let stands = log
        .expect("log")
        .iter()
        .filter(|(_, _, command, _)| command.to_lowercase().contains("stand"))
        .count();
    assert_eq!(stands, 1);
}

/// A process that decided a move on a table another process had moved meanwhile (its copy
/// was older: on SQLite the service trusts what it holds) gets the refusal from the store,
/// reads the table again and decides anew: the move counts once, on the fresh table.
#[tokio::test]
async fn a_move_decided_on_an_older_copy_is_decided_again() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let other = second_process(&h, 12).await;
    let name = current_on(&h.service).await;
    h.ok(actor(&name), Request::Roll).await;
    let reply = other
        .handle(Command::new(chat(), actor(&name), Request::Roll))
        .await;
    assert!(!reply.is_error(), "{:?}", reply.error_kind());
    let table = h.store.open_table(&chat()).await.expect("read");
    let log = h.store.table_log(table.expect("open").id).await;
    let rolls = log
        .expect("log")
        .iter()
        .filter(|(_, _, command, _)| command.to_lowercase().contains("roll"))
        .count();
    assert_eq!(rolls, 2, "both rolls, each once");
    let decided_again = other
        .metrics()
        .text()
        .contains("schocken_decided_again_total 1");
    // On PostgreSQL the second process reads the table before deciding: no second try.
    assert_eq!(decided_again, backend() == Backend::Sqlite);
}

#[tokio::test]
async fn a_turn_timer_fires_once_and_survives_its_process() {
    if backend() != Backend::Postgres {
        return;
    }
    let h = Harness::new().await;
    let clock: Arc<ManualClock> = h.clock.clone();
    h.table_of(&["Anna", "Ben", "Cem"]).await;
    // The second process starts after the table opened: it learns of it from the store.
    let other = second_process(&h, 11).await;
    let mut told_first = h.service.subscribe();
    let mut told_other = other.subscribe();
    let turn_ms = i64::from(h.service.config().turn_timer_seconds) * 1000;
    clock.advance(turn_ms + 1_000);
    tokio::join!(h.service.tick(), other.tick());
    let fired = [told_first.try_recv(), told_other.try_recv()]
        .into_iter()
        .filter(|out| out.as_ref().is_ok_and(timed_out))
        .count();
    assert_eq!(fired, 1, "one timer move, not one per process");

    // The first process stops; the second fires the next timer of the table it never
    // handled a command of.
    // Read as a third process: the first one's database handle closes with it.
    let reader = Store::open(h.url()).await.expect("store");
    let open = || async {
        reader
            .open_table(&chat())
            .await
            .expect("read")
            .expect("open")
    };
    let before = open().await.version;
    h.service.close().await;
    clock.advance(turn_ms + 1_000);
    other.tick().await;
    let out = told_other.try_recv().expect("the survivor fires the timer");
    assert!(timed_out(&out));
    let table = open().await;
    assert!(table.version > before, "the table moved on");
    let log = reader.table_log(table.id).await;
    let timer_moves = log
        .expect("log")
        .iter()
        .filter(|(_, actor, _, _)| actor == "system:timer")
        .count();
    assert_eq!(timer_moves, 2);
}

#[tokio::test]
async fn house_rules_changed_through_one_process_hold_in_the_other() {
    if backend() != Backend::Postgres {
        return;
    }
    let h = Harness::new().await;
    let other = second_process(&h, 13).await;
    let show = || Command::new(chat(), actor("Ben"), Request::ShowRules { details: false });
    let before = format!("{:?}", other.handle(show()).await.content);
    assert!(before.contains("standard"), "{before}");
    h.ok(
        admin("Anna"),
        Request::SetRules {
            preset: Some("dortmund".into()),
            switches: vec![],
        },
    )
    .await;
    let after = format!("{:?}", other.handle(show()).await.content);
    assert!(after.contains("dortmund"), "{after}");
}

/// Turns to write a chat's table message: a newer state of the same table takes over a turn
/// reserved for an older one and not used yet (its holder then lets it pass), so the newer
/// state does not wait a whole gap longer; a used turn, another table's turn and a turn long
/// past are not taken over.
#[tokio::test]
async fn a_newer_table_state_takes_over_a_turn_not_used_yet() {
    let h = Harness::new().await;
    let store = WriteTurns::new(h.store.clone());
    let gap = 3_000;
    let now = 1_000_000;
    let first = store
        .reserve_table_write("-100", now, gap, 7, 10)
        .await
        .expect("reserve");
    assert_eq!(first, now, "the first turn is now");
    // A newer state of table 7, stored by another process, takes that turn over.
    let taken = store
        .reserve_table_write("-100", now + 100, gap, 7, 11)
        .await
        .expect("reserve");
    assert_eq!(taken, first);
    assert!(!store.use_write_slot("-100", first, 10).await.expect("use"));
    assert!(store.use_write_slot("-100", first, 11).await.expect("use"));
    // Used: the next state waits for the next turn.
    let next = store
        .reserve_table_write("-100", now + 200, gap, 7, 12)
        .await
        .expect("reserve");
    assert_eq!(next, first + gap);
    // Another table of the chat (a topic) does not take it; it queues behind it.
    let other = store
        .reserve_table_write("-100", now + 300, gap, 8, 99)
        .await
        .expect("reserve");
    assert_eq!(other, next + gap);
    // A turn long past and never used (its process died) is left; a new turn follows.
    let later = now + 60_000;
    let fresh = store
        .reserve_table_write("-100", later, gap, 7, 13)
        .await
        .expect("reserve");
    assert_eq!(fresh, later);
    assert!(store.use_write_slot("-100", fresh, 13).await.expect("use"));
    // A turn cleared from the record may still be used by its holder.
    assert!(store.use_write_slot("-100", 5, 1).await.expect("use"));
}

/// A table state is shown once: a process claims it; another may show it again only with
/// the lines of what happened that belong to it (it made the move, and the first process
/// showed the stored table without them); an older state never follows a newer one. A claim
/// also tells the message the table lives in, as stored (another process may have posted it).
#[tokio::test]
async fn a_shown_state_is_claimed_once_and_again_only_with_its_news() {
    let h = Harness::new().await;
    h.table_of(&["Anna", "Ben"]).await;
    let store = &h.store;
    let turns = WriteTurns::new(store.clone());
    let table = store
        .open_table(&chat())
        .await
        .expect("read")
        .expect("a table");
    let mut with_ref = table.clone();
    with_ref.message_ref = Some("tg:-5:17".into());
    store
        .set_message_ref(&with_ref)
        .await
        .expect("store the message");
    turns
        .leave_notices(table.id, &["Ben würfelt.".to_string()])
        .await
        .expect("leave");
    let first = turns
        .claim_shown(table.id, 5, "p1", false)
        .await
        .expect("claim")
        .expect("the first claim of a state wins");
    assert_eq!(first.notices, vec!["Ben würfelt."], "what others left");
    assert_eq!(first.message_ref.as_deref(), Some("tg:-5:17"));
    let again = turns.claim_shown(table.id, 5, "p2", false).await;
    assert_eq!(again.expect("claim"), None, "the same state without news");
    let news = turns.claim_shown(table.id, 5, "p2", true).await;
    assert!(
        news.expect("claim").is_some(),
        "the same state with its news"
    );
    let older = turns.claim_shown(table.id, 4, "p1", true).await;
    assert_eq!(older.expect("claim"), None, "an older state never");
    let retry = turns.claim_shown(table.id, 5, "p2", false).await;
    assert!(
        retry.expect("claim").is_some(),
        "its claimant may write it again"
    );
}

/// Every test above again, on PostgreSQL (see `common::backend`).
/// The next change a follower hears within a second, if any.
async fn heard(changes: &mut tokio::sync::broadcast::Receiver<Changed>) -> Option<Changed> {
    tokio::time::timeout(std::time::Duration::from_secs(1), changes.recv())
        .await
        .ok()?
        .ok()
}

#[tokio::test]
async fn a_follower_hears_the_other_processes_moves_once_each() {
    let h = Harness::new().await;
    let (_stopping, stop) = Stop::new();
    let mut changes = h.service.subscribe_changes();
    let listening = h.service.spawn_change_listener(stop.clone());
    if backend() != Backend::Postgres {
        assert!(listening.is_none(), "SQLite is one process: nobody to hear");
        return;
    }
    let other = second_process(&h, 12).await;
    // A new connection may have missed something: the follower catches up first.
    assert_eq!(heard(&mut changes).await, Some(Changed::Missed));
    let version_of = |reply: &bot_core::service::Reply| {
        let table = reply.table.as_ref().expect("a table");
        (table.table_id, table.version, table.seq)
    };
    let expected = |reply: &bot_core::service::Reply| {
        let (table_id, version, seq) = version_of(reply);
        Some(Changed::Table(TableChange {
            place: chat(),
            table_id,
            version,
            seq,
        }))
    };
    // Moves through the other process and through this one: each heard once. Each is heard
    // before the next move, since a move of this process is heard at once and one of the
    // other only after the database passed it on (their order may differ).
    let opened = other
        .handle(Command::new(chat(), actor("Anna"), Request::Open))
        .await;
    assert_eq!(heard(&mut changes).await, expected(&opened), "the other's");
    let joined = h.ok(actor("Ben"), Request::Join).await;
    assert_eq!(heard(&mut changes).await, expected(&joined), "this one's");
    let started = other
        .handle(Command::new(chat(), actor("Anna"), Request::Start))
        .await;
    assert_eq!(heard(&mut changes).await, expected(&started), "the other's");
    assert_eq!(heard(&mut changes).await, None, "nothing twice");
    // The versions stored now, for a follower that missed some.
    let (table_id, version, _) = version_of(&started);
    let latest = h
        .service
        .latest_versions(&[chat(), bot_core::service::ChatId::new("test", "empty")])
        .await
        .expect("read");
    assert_eq!(
        latest,
        vec![TableChange {
            place: chat(),
            table_id,
            version,
            seq: 0,
        }]
    );
}

#[tokio::test]
async fn every_test_here_again_on_postgres() {
    common::backend::run_again_on_postgres().await;
}

/// Two processes sending with one token take turns through the database: together they keep
/// one token's pace (Discord's global limit, Telegram's writes in all and per chat), where
/// each pacing alone would send twice as many.
#[tokio::test]
async fn two_processes_keep_one_tokens_pace_together() {
    if backend() != Backend::Postgres {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let url = common::backend::fresh_url(&dir).await;
    let first = Store::open(&url).await.expect("store");
    let second = Store::open(&url).await.expect("store");
    let gap = std::time::Duration::from_millis(50);
    let turns_each = 20;
    let start = tokio::time::Instant::now();
    let take = |store: Store| async move {
        let turns = WriteTurns::new(store);
        let mut moments = Vec::new();
        for _ in 0..turns_each {
            // As an outbox waits for its turn (adapters/outbox, `turns::wait_turn`).
            let now = unix_ms();
            let at = turns
                .reserve_write("discord:global", now, gap.as_millis() as i64)
                .await
                .expect("reserve");
            tokio::time::sleep(std::time::Duration::from_millis((at - now).max(0) as u64)).await;
            moments.push(start.elapsed());
        }
        moments
    };
    let (a, b) = tokio::join!(take(first), take(second));
    let mut moments: Vec<_> = a.into_iter().chain(b).collect();
    moments.sort();
    // 40 turns 50 ms apart span 39 gaps (the first may start a little late: 38 at least), and
    // no second holds more than its 20 (a late start may meet the next turn: one more).
    let span = moments[moments.len() - 1] - moments[0];
    assert!(span >= gap * 38, "the turns span {span:?}: {moments:?}");
    for (i, from) in moments.iter().enumerate() {
        let in_second = moments[i..]
            .iter()
            .take_while(|m| **m - *from < std::time::Duration::from_secs(1))
            .count();
        assert!(
            in_second <= 21,
            "{in_second} turns within a second: {moments:?}"
        );
    }
}
