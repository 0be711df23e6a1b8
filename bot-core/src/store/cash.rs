//! The club's cash box (issue 25): append-only entries with their double-entry postings,
//! balances, reversals, claims, history, CSV export and the unpaid-balance reminder.

use super::{Store, StoreError, record_request};
use crate::club::Cents;
pub use crate::club::cashbook::CashRow;
use crate::club::cashbox::{self, Account, EntryKind, Posting};
use crate::model::ids::{ChatId, UserId};
use sqlx::Row;
use sqlx::any::AnyRow;
use std::collections::{BTreeMap, HashMap};

/// An entry to append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewCashEntry {
    pub club: ChatId,
    pub at: i64,
    pub kind: EntryKind,
    pub member: Option<UserId>,
    pub member_name: String,
    pub amount: Cents,
    pub reason: String,
    pub night_id: Option<i64>,
    pub actor: String,
    pub actor_name: String,
    pub reverses: Option<i64>,
    pub confirms: Option<i64>,
    pub postings: Vec<Posting>,
}

/// The box at a glance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CashBalances {
    /// Members with a non-zero balance (positive: owes), newest name, most owed first.
    pub members: Vec<(UserId, String, Cents)>,
    /// The cash in the box.
    pub in_box: Cents,
    /// The penalties account (the counter side of every charge and payout).
    pub penalties: Cents,
}

const ROW_COLUMNS: &str = "e.id, e.at, e.kind, e.member, e.member_name, e.amount, e.reason,
    e.night_id, e.actor, e.actor_name, e.reverses, e.confirms,
    CASE WHEN EXISTS (SELECT 1 FROM cash_entries r WHERE r.reverses = e.id) THEN 1 ELSE 0 END
        AS reversed,
    CASE WHEN EXISTS (SELECT 1 FROM cash_entries c WHERE c.confirms = e.id) THEN 1 ELSE 0 END
        AS confirmed";

fn decode(r: &AnyRow) -> Result<CashRow, StoreError> {
    let kind: String = r.get("kind");
    let id: i64 = r.get("id");
    Ok(CashRow {
        id,
        at: r.get("at"),
        kind: EntryKind::from_id(&kind).ok_or_else(|| StoreError::Unreadable {
            what: format!("cash entry {id}"),
            message: format!("kind `{kind}`"),
        })?,
        member: r.get::<Option<String>, _>("member").map(UserId),
        member_name: r.get("member_name"),
        amount: Cents(r.get("amount")),
        reason: r.get("reason"),
        night_id: r.get("night_id"),
        actor: r.get("actor"),
        actor_name: r.get("actor_name"),
        reverses: r.get("reverses"),
        confirms: r.get("confirms"),
        reversed: r.get::<i64, _>("reversed") != 0,
        confirmed: r.get::<i64, _>("confirmed") != 0,
    })
}

/// Refuses the lot if any entry would create or lose money.
pub(super) fn check_balanced(entries: &[NewCashEntry]) -> Result<(), StoreError> {
    match entries.iter().find(|e| !cashbox::balanced(&e.postings)) {
        Some(_) => Err(StoreError::Unbalanced),
        None => Ok(()),
    }
}

/// Inserts entries and their postings in the caller's transaction. Returns their ids. An
/// entry that would confirm or reverse one already confirmed or reversed (another member was
/// first) is [`StoreError::Stale`].
pub(super) async fn insert_entries(
    tx: &mut sqlx::AnyConnection,
    entries: &[NewCashEntry],
) -> Result<Vec<i64>, StoreError> {
    let mut ids = Vec::with_capacity(entries.len());
    for e in entries {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO cash_entries (club, at, kind, member, member_name, amount, reason,
                                       night_id, actor, actor_name, reverses, confirms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(e.club.to_string())
        .bind(e.at)
        .bind(e.kind.id())
        .bind(e.member.as_ref().map(|m| m.as_str()))
        .bind(&e.member_name)
        .bind(e.amount.0)
        .bind(&e.reason)
        .bind(e.night_id)
        .bind(&e.actor)
        .bind(&e.actor_name)
        .bind(e.reverses)
        .bind(e.confirms)
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| match e {
            sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::Stale,
            other => other.into(),
        })?;
        for p in &e.postings {
            sqlx::query(
                "INSERT INTO cash_postings (entry_id, club, account, amount)
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id)
            .bind(e.club.to_string())
            .bind(p.account.key())
            .bind(p.amount.0)
            .execute(&mut *tx)
            .await?;
        }
        ids.push(id);
    }
    Ok(ids)
}

/// The newest name each member has in the club's entries.
async fn member_names(
    conn: &mut sqlx::AnyConnection,
    club: &ChatId,
) -> Result<HashMap<UserId, String>, StoreError> {
    let rows = sqlx::query(
        "SELECT member, member_name FROM cash_entries
         WHERE club = $1 AND member IS NOT NULL ORDER BY id",
    )
    .bind(club.to_string())
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .iter()
        .map(|r| (UserId(r.get("member")), r.get("member_name")))
        .collect())
}

async fn entry_of(
    conn: &mut sqlx::AnyConnection,
    club: &ChatId,
    id: i64,
) -> Result<Option<CashRow>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {ROW_COLUMNS} FROM cash_entries e WHERE e.club = $1 AND e.id = $2"
    ))
    .bind(club.to_string())
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(decode).transpose()
}

fn name_of(names: &HashMap<UserId, String>, user: &UserId) -> String {
    names.get(user).cloned().unwrap_or_else(|| user.0.clone())
}

impl Store {
    /// Appends entries in one transaction, all or nothing: every entry's postings must add
    /// up to zero ([`StoreError::Unbalanced`]); a request id handled before writes nothing
    /// ([`StoreError::Duplicate`]). Returns their ids.
    pub async fn append_cash(
        &self,
        entries: &[NewCashEntry],
        request_id: Option<&str>,
    ) -> Result<Vec<i64>, StoreError> {
        check_balanced(entries)?;
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let ids = insert_entries(&mut tx, entries).await?;
        if let (Some(request_id), Some(first)) = (request_id, entries.first()) {
            record_request(&mut tx, request_id, &first.club, first.at).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    pub async fn cash_balances(&self, club: &ChatId) -> Result<CashBalances, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query(
            "SELECT account, CAST(SUM(amount) AS BIGINT) AS balance FROM cash_postings
             WHERE club = $1 GROUP BY account",
        )
        .bind(club.to_string())
        .fetch_all(&mut *conn)
        .await?;
        let names = member_names(&mut conn, club).await?;
        let mut out = CashBalances::default();
        for r in &rows {
            let balance = Cents(r.get("balance"));
            match Account::from_key(&r.get::<String, _>("account")) {
                Some(Account::Box) => out.in_box = balance,
                Some(Account::Penalties) => out.penalties = balance,
                Some(Account::Member(user)) if !balance.is_zero() => {
                    let name = name_of(&names, &user);
                    out.members.push((user, name, balance));
                }
                _ => {}
            }
        }
        out.members.sort_by(|a, b| {
            b.2.cmp(&a.2)
                .then_with(|| a.1.to_lowercase().cmp(&b.1.to_lowercase()))
                .then_with(|| a.0.cmp(&b.0))
        });
        Ok(out)
    }

    /// What `user` owes the box (negative: his credit).
    pub async fn cash_balance(&self, club: &ChatId, user: &UserId) -> Result<Cents, StoreError> {
        let balance: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM cash_postings
             WHERE club = $1 AND account = $2",
        )
        .bind(club.to_string())
        .bind(Account::Member(user.clone()).key())
        .fetch_one(&self.pool)
        .await?;
        Ok(Cents(balance))
    }

    pub async fn cash_entry(&self, club: &ChatId, id: i64) -> Result<Option<CashRow>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        entry_of(&mut conn, club, id).await
    }

    /// Undoes entry `id` with a reversal entry (its stored postings negated), in one
    /// transaction. Ok(None): it is a reversal itself, reversed already, or not the club's.
    pub async fn reverse_cash(
        &self,
        club: &ChatId,
        id: i64,
        at: i64,
        actor: &str,
        actor_name: &str,
    ) -> Result<Option<i64>, StoreError> {
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        // Written straight from the stored rows: a transaction that wrote first waits for
        // another process's writer on SQLite, where one that read first would fail.
        let inserted = sqlx::query_scalar(
            "INSERT INTO cash_entries (club, at, kind, member, member_name, amount, reason,
                                       night_id, actor, actor_name, reverses)
             SELECT club, $3, 'reversal', member, member_name, -amount, 'undo', night_id, $4,
                    $5, id
             FROM cash_entries o
             WHERE o.club = $1 AND o.id = $2 AND o.kind <> 'reversal'
               AND NOT EXISTS (SELECT 1 FROM cash_entries r WHERE r.reverses = o.id)
             RETURNING id",
        )
        .bind(club.to_string())
        .bind(id)
        .bind(at)
        .bind(actor)
        .bind(actor_name)
        .fetch_optional(&mut *tx)
        .await;
        let reversal: i64 = match inserted {
            Ok(Some(reversal)) => reversal,
            Ok(None) => return Ok(None),
            // Another process reversed it first (the unique index on `reverses`).
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        sqlx::query(
            "INSERT INTO cash_postings (entry_id, club, account, amount)
             SELECT $1, club, account, -amount FROM cash_postings WHERE entry_id = $2",
        )
        .bind(reversal)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(reversal))
    }

    /// The member's newest claim ("I paid") that is neither confirmed nor reversed.
    pub async fn open_cash_claim(
        &self,
        club: &ChatId,
        user: &UserId,
    ) -> Result<Option<CashRow>, StoreError> {
        self.newest_standing(club, "e.member = $2 AND e.kind = 'claim'", user)
            .await
    }

    /// The newest entry that booked money for `member` himself and stands: his claim, or a
    /// payment for him, whoever confirmed it (what his "undo" without a number takes back;
    /// payments he confirmed for others and an evening's charges are undone by number only).
    /// A claim another member confirmed is done with: its payment is what would be undone.
    pub async fn newest_own_payment(
        &self,
        club: &ChatId,
        member: &UserId,
    ) -> Result<Option<CashRow>, StoreError> {
        let which = "e.member = $2 AND e.kind IN ('payment', 'claim')";
        self.newest_standing(club, which, member).await
    }

    /// The club's claims that are neither confirmed nor reversed, newest first (a member
    /// named by a confirmer may be known by his claim alone).
    pub async fn open_cash_claims(&self, club: &ChatId) -> Result<Vec<CashRow>, StoreError> {
        self.standing(club, "e.kind = $2", EntryKind::Claim.id(), u32::MAX)
            .await
    }

    /// The club's newest entry matching `which` (about the user bound as `$2`) that is
    /// neither reversed nor a confirmed claim.
    async fn newest_standing(
        &self,
        club: &ChatId,
        which: &str,
        user: &UserId,
    ) -> Result<Option<CashRow>, StoreError> {
        Ok(self
            .standing(club, which, user.as_str(), 1)
            .await?
            .into_iter()
            .next())
    }

    /// Up to `limit` of the club's entries matching `which` (with `key` bound as `$2`) that
    /// are neither reversed nor confirmed claims, newest first.
    async fn standing(
        &self,
        club: &ChatId,
        which: &str,
        key: &str,
        limit: u32,
    ) -> Result<Vec<CashRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM cash_entries e
             WHERE e.club = $1 AND {which}
               AND NOT EXISTS (SELECT 1 FROM cash_entries r WHERE r.reverses = e.id)
               AND NOT EXISTS (SELECT 1 FROM cash_entries c WHERE c.confirms = e.id)
             ORDER BY e.id DESC LIMIT $3"
        ))
        .bind(club.to_string())
        .bind(key)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(decode).collect()
    }

    /// Newest first, `page_size` per page (page 1 is the newest); with `member`, his entries
    /// only. Returns the rows and the page count (at least 1).
    pub async fn cash_history(
        &self,
        club: &ChatId,
        member: Option<&UserId>,
        page: u32,
        page_size: u32,
    ) -> Result<(Vec<CashRow>, u32), StoreError> {
        // '' stands for "everybody": a NULL parameter has no type PostgreSQL could infer.
        let member = member.map(|m| m.as_str()).unwrap_or("");
        let total: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM cash_entries e WHERE e.club = $1 AND ($2 = '' OR e.member = $2)",
        )
        .bind(club.to_string())
        .bind(member)
        .fetch_one(&self.pool)
        .await?;
        let size = page_size.max(1);
        let pages = u32::try_from(total)
            .unwrap_or(u32::MAX)
            .div_ceil(size)
            .max(1);
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM cash_entries e
             WHERE e.club = $1 AND ($2 = '' OR e.member = $2)
             ORDER BY e.id DESC LIMIT $3 OFFSET $4"
        ))
        .bind(club.to_string())
        .bind(member)
        .bind(i64::from(size))
        .bind(i64::from(page.saturating_sub(1)) * i64::from(size))
        .fetch_all(&self.pool)
        .await?;
        let rows = rows.iter().map(decode).collect::<Result<_, _>>()?;
        Ok((rows, pages))
    }

    /// Every entry of the club with its postings, oldest first (the cash book).
    pub async fn cash_entries(
        &self,
        club: &ChatId,
    ) -> Result<Vec<(CashRow, Vec<Posting>)>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query(&format!(
            "SELECT {ROW_COLUMNS} FROM cash_entries e WHERE e.club = $1 ORDER BY e.id"
        ))
        .bind(club.to_string())
        .fetch_all(&mut *conn)
        .await?;
        let postings = sqlx::query(
            "SELECT entry_id, account, amount FROM cash_postings WHERE club = $1
             ORDER BY entry_id, account",
        )
        .bind(club.to_string())
        .fetch_all(&mut *conn)
        .await?;
        let mut by_entry: HashMap<i64, Vec<Posting>> = HashMap::new();
        for p in &postings {
            let key: String = p.get("account");
            let account = Account::from_key(&key).ok_or_else(|| StoreError::Unreadable {
                what: "a cash posting".into(),
                message: format!("account `{key}`"),
            })?;
            by_entry
                .entry(p.get("entry_id"))
                .or_default()
                .push(Posting {
                    account,
                    amount: Cents(p.get("amount")),
                });
        }
        rows.iter()
            .map(|r| {
                let row = decode(r)?;
                let postings = by_entry.remove(&row.id).unwrap_or_default();
                Ok((row, postings))
            })
            .collect()
    }

    /// Members who owe, with the moment their balance last went above zero (replayed entry
    /// by entry); the longest unpaid first.
    pub async fn unpaid_since(
        &self,
        club: &ChatId,
    ) -> Result<Vec<(UserId, String, Cents, i64)>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        // One sum per entry and account: an entry moves a balance once, whatever its postings.
        let rows = sqlx::query(
            "SELECT p.account, e.id, e.at, CAST(SUM(p.amount) AS BIGINT) AS amount
             FROM cash_postings p JOIN cash_entries e ON e.id = p.entry_id
             WHERE p.club = $1 AND p.account LIKE 'member:%'
             GROUP BY p.account, e.id, e.at ORDER BY e.id",
        )
        .bind(club.to_string())
        .fetch_all(&mut *conn)
        .await?;
        let names = member_names(&mut conn, club).await?;
        // Per account: the balance, and since when it is above zero.
        let mut replay: BTreeMap<String, (Cents, Option<i64>)> = BTreeMap::new();
        for r in &rows {
            let (balance, since) = replay.entry(r.get("account")).or_default();
            let before = *balance;
            *balance += Cents(r.get("amount"));
            if balance.0 <= 0 {
                *since = None;
            } else if before.0 <= 0 {
                *since = Some(r.get("at"));
            }
        }
        let mut unpaid: Vec<(UserId, String, Cents, i64)> = replay
            .into_iter()
            .filter_map(|(key, (balance, since))| match Account::from_key(&key) {
                Some(Account::Member(user)) => since.map(|at| {
                    let name = name_of(&names, &user);
                    (user, name, balance, at)
                }),
                _ => None,
            })
            .collect();
        unpaid.sort_by(|a, b| (a.3, &a.1, &a.0).cmp(&(b.3, &b.1, &b.0)));
        Ok(unpaid)
    }
}
