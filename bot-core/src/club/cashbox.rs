//! The club's cash box as a double-entry book: every entry moves money between accounts
//! and its postings add up to zero, so no cent appears or vanishes. A member's account
//! above zero is what he owes the box, below zero his credit (he paid more); the box's
//! account is the cash in it; the penalties account is what the catalogue has charged.
//! An entry is undone by its reversal (the same postings, negated), never by deleting it.

use super::money::Cents;
use crate::model::ids::UserId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Account {
    Member(UserId),
    /// The cash in the box.
    Box,
    /// The other side of every penalty.
    Penalties,
}

impl Account {
    /// The stored form: `member:<user>`, `box`, `penalties`.
    pub fn key(&self) -> String {
        match self {
            Account::Member(user) => format!("member:{}", user.0),
            Account::Box => "box".into(),
            Account::Penalties => "penalties".into(),
        }
    }

    pub fn from_key(key: &str) -> Option<Account> {
        match key {
            "box" => Some(Account::Box),
            "penalties" => Some(Account::Penalties),
            _ => key
                .strip_prefix("member:")
                .map(|u| Account::Member(UserId(u.to_string()))),
        }
    }
}

/// One side of an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Posting {
    pub account: Account,
    pub amount: Cents,
}

/// What an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A penalty: the member owes it.
    Charge,
    /// Money paid into the box by a member (confirmed by another member).
    Payment,
    /// A member says he paid; no money moves until another member confirms.
    Claim,
    /// Money taken out of the box (a round bought for the club, say).
    Payout,
    /// Undoes an earlier entry.
    Reversal,
}

impl EntryKind {
    pub fn id(self) -> &'static str {
        match self {
            EntryKind::Charge => "charge",
            EntryKind::Payment => "payment",
            EntryKind::Claim => "claim",
            EntryKind::Payout => "payout",
            EntryKind::Reversal => "reversal",
        }
    }

    pub fn from_id(id: &str) -> Option<EntryKind> {
        [
            EntryKind::Charge,
            EntryKind::Payment,
            EntryKind::Claim,
            EntryKind::Payout,
            EntryKind::Reversal,
        ]
        .into_iter()
        .find(|k| k.id() == id)
    }
}

/// A penalty of `amount` for `user`.
pub fn charge(user: &UserId, amount: Cents) -> Vec<Posting> {
    vec![
        Posting {
            account: Account::Member(user.clone()),
            amount,
        },
        Posting {
            account: Account::Penalties,
            amount: -amount,
        },
    ]
}

/// `user` paid `amount` into the box: more than he owes stays as his credit.
pub fn payment(user: &UserId, amount: Cents) -> Vec<Posting> {
    vec![
        Posting {
            account: Account::Box,
            amount,
        },
        Posting {
            account: Account::Member(user.clone()),
            amount: -amount,
        },
    ]
}

/// `amount` taken out of the box for the club.
pub fn payout(amount: Cents) -> Vec<Posting> {
    vec![
        Posting {
            account: Account::Box,
            amount: -amount,
        },
        Posting {
            account: Account::Penalties,
            amount,
        },
    ]
}

/// The postings that undo `postings`.
pub fn reversal(postings: &[Posting]) -> Vec<Posting> {
    postings
        .iter()
        .map(|p| Posting {
            account: p.account.clone(),
            amount: -p.amount,
        })
        .collect()
}

/// Whether the postings move money without creating or losing any.
pub fn balanced(postings: &[Posting]) -> bool {
    postings.iter().map(|p| p.amount).sum::<Cents>().is_zero()
}

/// Every account's balance after the postings; accounts back at zero are left out.
pub fn balances<'a>(postings: impl IntoIterator<Item = &'a Posting>) -> BTreeMap<Account, Cents> {
    let mut out: BTreeMap<Account, Cents> = BTreeMap::new();
    for p in postings {
        *out.entry(p.account.clone()).or_default() += p.amount;
    }
    out.retain(|_, balance| !balance.is_zero());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(name: &str) -> UserId {
        UserId(format!("console:{name}"))
    }

    #[test]
    fn a_part_payment_leaves_the_rest_owed_and_an_overpayment_is_credit() {
        let anna = user("anna");
        let mut book = charge(&anna, Cents(450));
        book.extend(payment(&anna, Cents(200)));
        let b = balances(&book);
        assert_eq!(b[&Account::Member(anna.clone())], Cents(250));
        assert_eq!(b[&Account::Box], Cents(200));
        book.extend(payment(&anna, Cents(500)));
        let b = balances(&book);
        assert_eq!(b[&Account::Member(anna)], Cents(-250));
        assert_eq!(b[&Account::Box], Cents(700));
        assert!(balanced(&book));
    }

    #[test]
    fn a_reversal_restores_every_balance() {
        let ben = user("ben");
        let before = charge(&ben, Cents(300));
        let paid = payment(&ben, Cents(300));
        let mut book = before.clone();
        book.extend(paid.clone());
        book.extend(reversal(&paid));
        assert_eq!(balances(&book), balances(&before));
    }

    #[test]
    fn accounts_keep_their_stored_form() {
        for account in [
            Account::Box,
            Account::Penalties,
            Account::Member(user("jörg")),
        ] {
            assert_eq!(Account::from_key(&account.key()), Some(account));
        }
        assert_eq!(Account::from_key("kasse"), None);
        for kind in [
            EntryKind::Charge,
            EntryKind::Payment,
            EntryKind::Claim,
            EntryKind::Payout,
            EntryKind::Reversal,
        ] {
            assert_eq!(EntryKind::from_id(kind.id()), Some(kind));
        }
    }
}
