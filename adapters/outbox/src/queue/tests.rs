use super::*;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Text(String);

/// A private cup (absorbs a newer cup) or a message (never).
#[derive(Debug, PartialEq, Eq)]
enum Write {
    Cup(&'static str),
    Message(&'static str),
}

impl Other for Write {
    fn absorb(&mut self, newer: Write) -> Option<Write> {
        match (&*self, newer) {
            (Write::Cup(_), Write::Cup(n)) => {
                *self = Write::Cup(n);
                None
            }
            (_, newer) => Some(newer),
        }
    }
}

type Q = Queue<Text, u32, Option<i32>, Write>;
type State = TableState<Text, u32, Option<i32>>;

fn state(table: i64, version: u64, notices: &[&str]) -> State {
    TableState {
        table_id: table,
        version,
        place: None,
        body: Text(format!("table {table} v{version}")),
        notices: notices.iter().map(|n| n.to_string()).collect(),
        fresh: false,
        repair_only: false,
        last_round: None,
        stored: None,
    }
}

const HOLD: Duration = Duration::from_secs(12);

fn take_table(q: &mut Q) -> Option<State> {
    match q.take(Instant::now(), HOLD) {
        Some(Job::Table(job)) => Some(job.to_show()),
        Some(other) => panic!("not a table: {other:?}"),
        None => None,
    }
}

#[test]
fn the_newest_state_wins_and_notices_add_up_in_order() {
    let mut q = Q::default();
    q.push_table(state(1, 3, &["c"]));
    q.push_table(state(1, 2, &["b"]));
    q.push_table(state(1, 4, &["d1\nd2"]));
    let shown = take_table(&mut q).expect("a job");
    assert_eq!(shown.version, 4);
    assert_eq!(shown.notices, ["b", "c", "d1", "d2"]);
    assert!(q.take(Instant::now(), HOLD).is_none(), "one write for all");
}

#[test]
fn notices_keep_the_last_lines_only() {
    let mut q = Q::default();
    for v in 1..=20 {
        q.push_table(state(1, v, &[&format!("n{v}")]));
    }
    let shown = take_table(&mut q).expect("a job");
    assert_eq!(shown.notices.len(), MAX_NOTICE_LINES);
    assert_eq!(shown.notices.last().map(String::as_str), Some("n20"));
}

#[test]
fn an_older_state_never_overwrites_a_newer_one() {
    let mut q = Q::default();
    q.showed(&state(1, 5, &[]), 9, true);
    q.push_table(state(1, 4, &["late"]));
    assert!(q.is_empty());
    q.push_table(state(1, 5, &[]));
    assert!(q.is_empty(), "the same state without news changes nothing");
    q.push_table(TableState {
        body: Text("in another language".into()),
        ..state(1, 5, &[])
    });
    assert!(
        q.is_empty(),
        "nor in another language (a repeat answered in its own)"
    );
    q.push_table(state(1, 5, &["news"]));
    assert!(take_table(&mut q).is_some());
}

#[test]
fn repairs_only_when_the_message_may_be_behind() {
    let mut q = Q::default();
    let repair = |v| TableState {
        repair_only: true,
        ..state(1, v, &[])
    };
    q.push_table(repair(3));
    assert!(take_table(&mut q).is_some(), "nothing known: repair");
    q.showed(&state(1, 3, &[]), 9, true);
    q.push_table(repair(3));
    assert!(q.is_empty());
    q.push_table(repair(4));
    assert!(take_table(&mut q).is_some(), "behind: repair");
    // A repair queued while a newer write was in flight is dropped when it is due.
    q.push_table(repair(7));
    q.showed(&state(1, 7, &["neu"]), 9, true);
    assert!(take_table(&mut q).is_none());
}

#[test]
fn a_failed_write_goes_back_under_newer_states() {
    let mut q = Q::default();
    q.push_table(state(1, 2, &["two"]));
    let Some(failed) = q.take(Instant::now(), HOLD) else {
        panic!("a job")
    };
    q.push_table(state(1, 3, &["three"]));
    q.put_back(failed);
    let shown = take_table(&mut q).expect("a job");
    assert_eq!(shown.version, 3);
    assert_eq!(shown.notices, ["two", "three"]);
}

#[test]
fn tables_are_written_oldest_first_and_fresh_posts_stick() {
    let mut q = Q::default();
    q.push_table(state(2, 1, &["opened"]));
    q.push_table(state(1, 9, &["over"]));
    q.push_table(TableState {
        fresh: true,
        ..state(2, 1, &[])
    });
    q.push_table(state(2, 2, &[]));
    assert_eq!(take_table(&mut q).map(|s| s.table_id), Some(1));
    let second = take_table(&mut q).expect("the second table");
    assert!(second.fresh && second.version == 2);
}

#[test]
fn a_deleted_message_is_not_edited_again() {
    let mut q = Q::default();
    let stored = TableState {
        stored: Some(77),
        ..state(1, 1, &[])
    };
    assert_eq!(q.shown(1).message_for(&stored), Some(77));
    q.lost(1, 77);
    assert_eq!(q.shown(1).message_for(&stored), None);
    q.showed(&stored, 78, true);
    assert_eq!(q.shown(1).message_for(&stored), Some(78));
}

#[test]
fn a_rounds_reveal_is_shown_before_a_later_round_replaces_it() {
    let mut q = Q::default();
    let at = |v, round: &str| TableState {
        last_round: Some(round.to_string()),
        ..state(1, v, &[&format!("v{v}")])
    };
    q.push_table(at(5, "half1/1"));
    q.push_table(at(6, "half1/1"));
    q.push_table(at(7, "half1/2"));
    q.push_table(at(8, "half1/2"));
    let first = take_table(&mut q).expect("round 1's reveal");
    assert_eq!((first.version, first.notices.len()), (6, 2));
    q.showed(&first, 9, true);
    let second = take_table(&mut q).expect("round 2");
    assert_eq!(
        (second.version, &second.notices[..]),
        (8, &["v7".to_string(), "v8".to_string()][..])
    );
    // A reveal already shown holds nothing back.
    q.showed(&second, 9, true);
    q.push_table(at(9, "half1/2"));
    q.push_table(at(10, "half1/3"));
    assert_eq!(take_table(&mut q).map(|s| s.version), Some(10));
}

/// Issue 27: a command's answer queued before the table state does not make the table wait
/// a second gap; the answer follows.
#[test]
fn the_newest_table_state_goes_before_other_writes() {
    let mut q = Q::default();
    let now = Instant::now();
    q.push_other(Write::Message("🎲 Geworfen!"), now);
    q.push_table(state(1, 2, &["Anna würfelt"]));
    assert!(matches!(q.take(now, HOLD), Some(Job::Table(_))));
    assert!(matches!(
        q.take(now, HOLD),
        Some(Job::Other {
            other: Write::Message("🎲 Geworfen!"),
            ..
        })
    ));
}

#[test]
fn another_write_that_waited_long_goes_before_the_tables() {
    let mut q = Q::default();
    let start = Instant::now();
    q.push_other(Write::Message("Antwort"), start);
    q.push_table(state(1, 2, &[]));
    let later = start + HOLD;
    assert!(matches!(q.take(later, HOLD), Some(Job::Other { .. })));
    assert!(matches!(q.take(later, HOLD), Some(Job::Table(_))));
}

/// Issue 27: writes that waited `hold` go before a busy table one at a time; the table's
/// newest state takes every second turn, so answers never starve it.
#[test]
fn writes_that_waited_long_take_turns_with_a_busy_table() {
    let mut q = Q::default();
    let start = Instant::now();
    for answer in ["eins", "zwei", "drei"] {
        q.push_other(Write::Message(answer), start);
    }
    q.push_table(state(1, 2, &[]));
    let later = start + HOLD;
    let mut turns = Vec::new();
    for version in 3..6 {
        for _ in 0..2 {
            turns.push(match q.take(later, HOLD) {
                Some(Job::Table(job)) => format!("v{}", job.state().version),
                Some(Job::Other { other, .. }) => format!("{other:?}"),
                other => panic!("{other:?}"),
            });
        }
        q.push_table(state(1, version, &[]));
    }
    assert_eq!(
        turns,
        [
            "Message(\"eins\")",
            "v2",
            "Message(\"zwei\")",
            "v3",
            "Message(\"drei\")",
            "v4"
        ]
    );
    assert!(matches!(q.take(later, HOLD), Some(Job::Table(_))));
    // With no table state waiting, the waiting writes go one after the other.
    q.push_other(Write::Message("vier"), start);
    q.push_other(Write::Message("fünf"), start);
    assert!(matches!(q.take(later, HOLD), Some(Job::Other { .. })));
    assert!(matches!(q.take(later, HOLD), Some(Job::Other { .. })));
    assert!(q.is_empty());
}

#[test]
fn a_cup_is_coalesced_in_the_place_of_its_first_and_messages_keep_their_order() {
    let mut q = Q::default();
    let now = Instant::now();
    q.push_other(Write::Cup("dran"), now);
    q.push_other(Write::Message("eins"), now);
    q.push_other(Write::Cup("geworfen"), now);
    q.push_other(Write::Message("zwei"), now);
    q.push_strip(4, now);
    q.push_strip(4, now);
    let order: Vec<String> = std::iter::from_fn(|| q.take(now, HOLD))
        .map(|j| match j {
            Job::Other { other, .. } => format!("{other:?}"),
            Job::Strip { message, .. } => format!("strip {message}"),
            Job::Table(_) => "table".into(),
        })
        .collect();
    assert_eq!(
        order,
        [
            "Cup(\"geworfen\")",
            "Message(\"eins\")",
            "Message(\"zwei\")",
            "strip 4"
        ]
    );
}

#[test]
fn a_retried_cup_gives_way_to_a_newer_one() {
    let mut q = Q::default();
    let now = Instant::now();
    q.push_other(Write::Cup("alt"), now);
    let Some(failed) = q.take(now, HOLD) else {
        panic!("the cup")
    };
    q.push_other(Write::Message("eins"), now);
    q.push_other(Write::Cup("neu"), now);
    q.put_back(failed);
    assert!(matches!(
        q.take(now, HOLD),
        Some(Job::Other {
            other: Write::Cup("neu"),
            ..
        })
    ));
    assert!(matches!(
        q.take(now, HOLD),
        Some(Job::Other {
            other: Write::Message("eins"),
            ..
        })
    ));
    assert!(q.is_empty());
}

#[test]
fn a_newer_state_that_came_during_the_wait_is_written_in_its_turn() {
    let mut q = Q::default();
    q.push_table(state(1, 2, &["two"]));
    let Some(Job::Table(mut job)) = q.take(Instant::now(), HOLD) else {
        panic!("a table")
    };
    q.push_table(state(1, 3, &["three"]));
    assert!(q.take_newer(&mut job));
    let shown = job.to_show();
    assert_eq!(
        (shown.version, &shown.notices[..]),
        (3, &["two".to_string(), "three".to_string()][..])
    );
    assert!(q.is_empty());
}

#[test]
fn the_newest_table_of_a_place_is_known() {
    let mut q = Q::default();
    q.showed(&state(1, 4, &[]), 10, true);
    q.showed(&state(2, 1, &[]), 11, true);
    q.showed(
        &TableState {
            place: Some(7),
            ..state(3, 2, &[])
        },
        12,
        true,
    );
    assert_eq!(q.shown_in(None), Some((2, 1)));
    assert_eq!(q.shown_in(Some(7)), Some((3, 2)));
    q.forget_shown();
    assert_eq!(q.shown_in(None), None);
}
