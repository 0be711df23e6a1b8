//! The cash book as a treasurer reads it (issue 32): every entry with what it booked from the
//! member's side (a charge −, a payment +), the member's running balance, the cash it moved,
//! and whether it booked anything at all (a claim waits for another member and books
//! nothing). Summing a member's amounts gives his balance; summing the cash column gives the
//! cash in the box. Pure: the store reads the entries with their postings, `render` writes
//! the CSV and the spreadsheet.

use super::cashbox::{Account, EntryKind, Posting};
use super::money::Cents;
use crate::model::ids::UserId;
use std::collections::HashMap;

/// A stored entry of the cash box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CashRow {
    pub id: i64,
    pub at: i64,
    pub kind: EntryKind,
    pub member: Option<UserId>,
    pub member_name: String,
    /// As entered: a charge's, payment's or claim's amount; a reversal's is negated.
    pub amount: Cents,
    pub reason: String,
    pub night_id: Option<i64>,
    pub actor: String,
    pub actor_name: String,
    pub reverses: Option<i64>,
    pub confirms: Option<i64>,
    /// A later reversal undid it.
    pub reversed: bool,
    /// A claim another member confirmed.
    pub confirmed: bool,
}

/// One line of the cash book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookLine {
    pub entry: CashRow,
    /// What the entry booked on the member's account, from his side: a charge is negative, a
    /// payment positive, a reversal the opposite of what it undoes; zero for a claim and for
    /// an entry without a member (a payout).
    pub amount: Cents,
    /// The member's balance after this entry, from his side (below zero: he owes the box;
    /// above: his credit); `None` for an entry without a member.
    pub balance: Option<Cents>,
    /// The cash the entry moved into the box (a payment) or out of it (a payout, negative).
    pub cash: Cents,
    /// Whether the entry moved money: a claim books nothing until another member confirms it.
    pub booked: bool,
    /// The entry that reversed this one.
    pub reversed_by: Option<i64>,
    /// The payment that confirmed this claim.
    pub confirmed_by: Option<i64>,
}

/// A member's balance at the end of the book, from his side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberBalance {
    pub user: UserId,
    /// His newest name in the book.
    pub name: String,
    /// Below zero: he owes the box; above: his credit.
    pub balance: Cents,
}

/// The whole cash book, oldest entry first, with the balances it ends with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CashBook {
    pub lines: Vec<BookLine>,
    /// Every member who has an entry, by name (square ones included, at zero).
    pub balances: Vec<MemberBalance>,
    /// The cash in the box: the sum of the cash column.
    pub in_box: Cents,
}

/// The cash book of `entries` (oldest first), each with its stored postings.
pub fn cash_book(entries: &[(CashRow, Vec<Posting>)]) -> CashBook {
    let reversed_by = links(entries, |e| e.reverses);
    let confirmed_by = links(entries, |e| e.confirms);
    let mut running: HashMap<UserId, Cents> = HashMap::new();
    let mut names: HashMap<UserId, String> = HashMap::new();
    let mut in_box = Cents::ZERO;
    let mut lines = Vec::with_capacity(entries.len());
    for (entry, postings) in entries {
        let on = |account: &Account| -> Cents {
            postings
                .iter()
                .filter(|p| &p.account == account)
                .map(|p| p.amount)
                .sum()
        };
        let cash = on(&Account::Box);
        in_box += cash;
        let (amount, balance) = match &entry.member {
            Some(user) => {
                // The member's account counts what he owes; his side is the opposite.
                let amount = -on(&Account::Member(user.clone()));
                let balance = running.entry(user.clone()).or_default();
                *balance += amount;
                names.insert(user.clone(), entry.member_name.clone());
                (amount, Some(*balance))
            }
            None => (Cents::ZERO, None),
        };
        lines.push(BookLine {
            entry: entry.clone(),
            amount,
            balance,
            cash,
            booked: !postings.is_empty(),
            reversed_by: reversed_by.get(&entry.id).copied(),
            confirmed_by: confirmed_by.get(&entry.id).copied(),
        });
    }
    let mut balances: Vec<MemberBalance> = running
        .into_iter()
        .map(|(user, balance)| MemberBalance {
            name: names.remove(&user).unwrap_or_else(|| user.0.clone()),
            user,
            balance,
        })
        .collect();
    balances.sort_by(|a, b| {
        (a.name.to_lowercase(), &a.user.0).cmp(&(b.name.to_lowercase(), &b.user.0))
    });
    CashBook {
        lines,
        balances,
        in_box,
    }
}

/// From the entry another one points at (`link`: the entry it reverses or confirms) to that
/// other entry.
fn links(
    entries: &[(CashRow, Vec<Posting>)],
    link: impl Fn(&CashRow) -> Option<i64>,
) -> HashMap<i64, i64> {
    entries
        .iter()
        .filter_map(|(e, _)| link(e).map(|target| (target, e.id)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::cashbox::{charge, payment, reversal};

    fn user(name: &str) -> UserId {
        UserId(format!("test:{name}"))
    }

    fn row(id: i64, kind: EntryKind, name: &str, amount: i64) -> CashRow {
        CashRow {
            id,
            at: 1_790_000_000_000 + id * 60_000,
            kind,
            member: Some(user(name)),
            member_name: name.to_string(),
            amount: Cents(amount),
            reason: kind.id().to_string(),
            night_id: None,
            actor: "test:max".into(),
            actor_name: "Max".into(),
            reverses: None,
            confirms: None,
            reversed: false,
            confirmed: false,
        }
    }

    #[test]
    fn a_members_amounts_sum_to_his_balance_and_a_claim_books_nothing() {
        let anna = user("anna");
        let paid = payment(&anna, Cents(2000));
        let entries = vec![
            (
                row(1, EntryKind::Charge, "anna", 450),
                charge(&anna, Cents(450)),
            ),
            (row(2, EntryKind::Claim, "anna", 2000), Vec::new()),
            (
                CashRow {
                    confirms: Some(2),
                    ..row(3, EntryKind::Payment, "anna", 2000)
                },
                paid.clone(),
            ),
            (
                CashRow {
                    reverses: Some(3),
                    ..row(4, EntryKind::Reversal, "anna", -2000)
                },
                reversal(&paid),
            ),
        ];
        let book = cash_book(&entries);
        let amounts: Vec<i64> = book.lines.iter().map(|l| l.amount.0).collect();
        assert_eq!(amounts, [-450, 0, 2000, -2000]);
        let balances: Vec<Option<i64>> =
            book.lines.iter().map(|l| l.balance.map(|b| b.0)).collect();
        assert_eq!(balances, [Some(-450), Some(-450), Some(1550), Some(-450)]);
        assert!(!book.lines[1].booked, "a claim books nothing");
        assert_eq!(book.lines[1].confirmed_by, Some(3));
        assert_eq!(book.lines[2].reversed_by, Some(4));
        assert_eq!(book.in_box, Cents::ZERO);
        assert_eq!(
            book.balances,
            [MemberBalance {
                user: anna,
                name: "anna".into(),
                balance: Cents(-450)
            }]
        );
    }
}
