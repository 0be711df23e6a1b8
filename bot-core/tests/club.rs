//! Club nights, pure part (issue 25): an evening's reckoning with the penalty catalogue, and
//! properties of the cash box's book: money is conserved (every cent booked has its
//! counter entry), and an undo restores every balance.

use bot_core::club::cashbox::{self, Account, Posting};
use bot_core::club::{
    Cents, ChargeKind, CheckIn, GameLine, GameRecord, NightFacts, PenaltyCatalogue, Presence,
    reckon,
};
use bot_core::engine::{ExtraSet, RuleSet, evaluate};
use bot_core::model::ids::UserId;
use proptest::prelude::*;
use std::collections::BTreeMap;

fn user(name: &str) -> UserId {
    UserId(format!("console:{name}"))
}

fn line(name: &str, lost: bool, halves: u32, schock_aus: u32) -> GameLine {
    GameLine {
        user: user(name),
        name: name.into(),
        computer: false,
        lost,
        halves_lost: halves,
        schock_aus_received: schock_aus,
        best: None,
    }
}

fn check_in(name: &str, late: bool) -> CheckIn {
    CheckIn {
        user: user(name),
        name: name.into(),
        at: 0,
        late,
    }
}

fn catalogue() -> PenaltyCatalogue {
    PenaltyCatalogue::default()
        .with_changes("spiel=1 haelfte=0,50 schock_aus=0,20 bierrunde=2 abend=3 zuspaet=1,50")
        .unwrap_or_default()
}

/// Two games: Anna (late) loses one, Ben loses the other with a Schock aus received;
/// Carla plays without checking in; Dora, a member, stays home; a computer plays along.
fn evening() -> NightFacts {
    let mut computer = line("Computer", true, 2, 1);
    computer.computer = true;
    let mut best = line("carla", false, 0, 0);
    best.best = Some(evaluate(
        [1, 1, 1],
        true,
        &RuleSet::default(),
        ExtraSet::default(),
    ));
    NightFacts {
        check_ins: vec![check_in("anna", true), check_in("ben", false)],
        members: vec![(user("anna"), "anna".into()), (user("dora"), "dora".into())],
        games: vec![
            GameRecord {
                table_id: 1,
                at: 10,
                lines: vec![line("anna", true, 2, 0), line("ben", false, 1, 0), best],
            },
            GameRecord {
                table_id: 2,
                at: 20,
                lines: vec![line("anna", false, 1, 0), line("ben", true, 2, 1), computer],
            },
        ],
        bierrunden: vec![
            (user("anna"), "anna".into(), 1),
            (user("ben"), "ben".into(), 1),
        ],
    }
}

#[test]
fn an_evening_charges_what_the_catalogue_says_and_the_absent_pay_the_average() {
    let r = reckon(&catalogue(), &evening());
    let line = |name: &str| r.members.iter().find(|m| m.name == name).unwrap();
    // Anna: fee 3, late 1.50, game 1, halves 3 × 0.50, Bierrunde 2 = 9.00.
    assert_eq!(line("anna").presence, Presence::Late);
    assert_eq!(line("anna").penalties, Cents(900));
    // Ben: fee 3, game 1, halves 3 × 0.50, one Schock aus 0.20, Bierrunde 2 = 7.70.
    assert_eq!(line("ben").schock_aus_received, 1);
    assert_eq!(line("ben").penalties, Cents(770));
    // Carla played without checking in: present, fee only.
    assert_eq!(line("carla").presence, Presence::Present);
    assert_eq!(line("carla").penalties, Cents(300));
    // Dora pays the average of the three present: (9.00 + 7.70 + 3.00) / 3 = 6.56.
    assert_eq!(line("dora").presence, Presence::Absent);
    assert_eq!(line("dora").penalties, Cents(656));
    assert!(r.members.iter().all(|m| m.name != "Computer"));
    assert_eq!(r.games, 2);
    assert_eq!(r.bierrunden(), 2);
    assert_eq!(r.best.as_ref().map(|(n, _)| n.as_str()), Some("carla"));
    assert_eq!(r.total(), Cents(900 + 770 + 300 + 656));
    // The order: present members, most games lost first; the absent last.
    let names: Vec<&str> = r.members.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["anna", "ben", "carla", "dora"]);
}

#[test]
fn an_empty_catalogue_charges_nothing_and_absent_can_pay_nothing() {
    let r = reckon(&PenaltyCatalogue::default(), &evening());
    assert!(r.charges.is_empty());
    let c = catalogue()
        .with_changes("abwesend=nichts")
        .unwrap_or_default();
    let r = reckon(&c, &evening());
    assert!(r.charges.iter().all(|c| c.kind != ChargeKind::Absent));
    assert!(r.members.iter().any(|m| m.presence == Presence::Absent));
}

/// One operation on the book, as a member, the treasurer or an undo makes it.
#[derive(Clone, Debug)]
enum Op {
    Charge(usize, i64),
    Payment(usize, i64),
    Payout(i64),
    Undo(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..4usize, 1..100_000i64).prop_map(|(m, a)| Op::Charge(m, a)),
        (0..4usize, 1..100_000i64).prop_map(|(m, a)| Op::Payment(m, a)),
        (1..100_000i64).prop_map(Op::Payout),
        (0..64usize).prop_map(Op::Undo),
    ]
}

/// A booked entry in the model: its postings, what it did to a member's balance, whether
/// it may still be undone (reversals and undone entries may not).
type Entry = (Vec<Posting>, Option<(usize, i64)>, bool);

proptest! {
    /// Money is conserved: every entry's postings add up to zero, so the whole book does;
    /// each member's balance is his charges less his payments, of the entries not undone.
    #[test]
    fn every_cent_booked_has_its_counter_entry(ops in prop::collection::vec(op(), 0..60)) {
        let members: Vec<UserId> = ["anna", "ben", "carla", "dora"].iter().map(|n| user(n)).collect();
        let mut entries: Vec<Entry> = Vec::new();
        for op in ops {
            let (postings, effect, undoable) = match op {
                Op::Charge(m, a) => (cashbox::charge(&members[m], Cents(a)), Some((m, a)), true),
                Op::Payment(m, a) => (cashbox::payment(&members[m], Cents(a)), Some((m, -a)), true),
                Op::Payout(a) => (cashbox::payout(Cents(a)), None, true),
                Op::Undo(k) => {
                    let standing: Vec<usize> = (0..entries.len()).filter(|&i| entries[i].2).collect();
                    if standing.is_empty() {
                        continue;
                    }
                    let i = standing[k % standing.len()];
                    entries[i].2 = false;
                    let effect = entries[i].1.map(|(m, a)| (m, -a));
                    (cashbox::reversal(&entries[i].0), effect, false)
                }
            };
            prop_assert!(cashbox::balanced(&postings));
            entries.push((postings, effect, undoable));
        }
        let mut expected: BTreeMap<usize, i64> = BTreeMap::new();
        for (m, a) in entries.iter().filter_map(|e| e.1) {
            *expected.entry(m).or_default() += a;
        }
        let balances = cashbox::balances(entries.iter().flat_map(|e| &e.0));
        prop_assert_eq!(balances.values().copied().sum::<Cents>(), Cents::ZERO);
        for (m, user) in members.iter().enumerate() {
            let got = balances.get(&Account::Member(user.clone())).copied().unwrap_or_default();
            prop_assert_eq!(got, Cents(expected.get(&m).copied().unwrap_or(0)));
        }
    }

    /// Undoing every entry brings every account back to zero.
    #[test]
    fn undoing_everything_restores_the_empty_box(ops in prop::collection::vec(op(), 0..40)) {
        let anna = user("anna");
        let mut book: Vec<Posting> = Vec::new();
        for op in ops {
            let postings = match op {
                Op::Charge(_, a) => cashbox::charge(&anna, Cents(a)),
                Op::Payment(_, a) => cashbox::payment(&anna, Cents(a)),
                Op::Payout(a) => cashbox::payout(Cents(a)),
                Op::Undo(_) => continue,
            };
            let undo = cashbox::reversal(&postings);
            book.extend(postings);
            book.extend(undo);
        }
        prop_assert!(cashbox::balances(&book).is_empty());
    }

    /// An amount as the plain form writes it reads back as the same amount.
    #[test]
    fn amounts_read_back(cents in 0..=1_000_000i64, comma in any::<bool>()) {
        let text = Cents(cents).to_string();
        let text = if comma { text.replace('.', ",") } else { text };
        prop_assert_eq!(Cents::parse(&text), Ok(Cents(cents)));
    }

    /// The evening's charges are exactly the members' penalties, whatever the catalogue.
    #[test]
    fn an_evenings_charges_add_up_to_its_members_penalties(
        prices in prop::array::uniform6(0..1_000i64),
        average in any::<bool>(),
    ) {
        let words = format!(
            "spiel={} haelfte={} schock_aus={} bierrunde={} abend={} zuspaet={} abwesend={}",
            Cents(prices[0]), Cents(prices[1]), Cents(prices[2]), Cents(prices[3]),
            Cents(prices[4]), Cents(prices[5]), if average { "schnitt" } else { "nichts" },
        );
        let c = PenaltyCatalogue::default().with_changes(&words);
        prop_assert!(c.is_ok());
        let r = reckon(&c.unwrap_or_default(), &evening());
        prop_assert_eq!(r.total(), r.members.iter().map(|m| m.penalties).sum::<Cents>());
        prop_assert!(r.charges.iter().all(|c| c.amount > Cents::ZERO));
    }
}
