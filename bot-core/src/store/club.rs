//! Club nights (issue 25): the penalty catalogue, evenings with their check-ins, the facts an
//! evening is reckoned from, and its close (the summary and the charges, booked together).

use super::cash::{self, NewCashEntry};
use super::{Store, StoreError, results, stored_place};
use crate::club::{CheckIn, GameRecord, MemberNight, NightFacts, PenaltyCatalogue};
use crate::model::ids::{ChatId, UserId};
use sqlx::Row;
use sqlx::any::AnyRow;
use std::collections::{BTreeMap, HashMap};

/// A stored evening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NightRow {
    pub id: i64,
    pub club: ChatId,
    /// The place it was opened in (its announcements go there).
    pub chat: ChatId,
    pub season: i64,
    pub opened_at: i64,
    pub opened_by: String,
    /// Check-ins after it are late; `None`: nobody is late.
    pub late_after: Option<i64>,
    pub closed_at: Option<i64>,
}

/// An evening to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNight {
    pub club: ChatId,
    pub chat: ChatId,
    pub season: i64,
    pub opened_at: i64,
    pub opened_by: String,
    pub late_after: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenNight {
    Opened(NightRow),
    /// The club's evening that was open already (nothing was stored).
    AlreadyOpen(NightRow),
}

const NIGHT_COLUMNS: &str = "id, club, chat, season, opened_at, opened_by, late_after, closed_at";

fn decode_night(r: &AnyRow) -> Result<NightRow, StoreError> {
    Ok(NightRow {
        id: r.get("id"),
        club: stored_place(r.get("club"))?,
        chat: stored_place(r.get("chat"))?,
        season: r.get("season"),
        opened_at: r.get("opened_at"),
        opened_by: r.get("opened_by"),
        late_after: r.get("late_after"),
        closed_at: r.get("closed_at"),
    })
}

fn decode_check_in(r: &AnyRow) -> CheckIn {
    CheckIn {
        user: UserId(r.get("user")),
        name: r.get("name"),
        at: r.get("at"),
        late: r.get::<i64, _>("late") != 0,
    }
}

/// A stored JSON value that does not read back.
fn unreadable(what: impl Into<String>, e: serde_json::Error) -> StoreError {
    StoreError::Unreadable {
        what: what.into(),
        message: e.to_string(),
    }
}

pub(super) fn read_catalogue(club: &str, json: &str) -> Result<PenaltyCatalogue, StoreError> {
    serde_json::from_str(json).map_err(|e| unreadable(format!("catalogue of {club}"), e))
}

impl Store {
    /// The club's penalty catalogue; the default (nothing charged) if it never set one.
    pub async fn club_catalogue(&self, club: &ChatId) -> Result<PenaltyCatalogue, StoreError> {
        let json: Option<String> =
            sqlx::query_scalar("SELECT catalogue FROM club_catalogues WHERE club = $1")
                .bind(club.to_string())
                .fetch_optional(&self.pool)
                .await?;
        match json {
            Some(json) => read_catalogue(&club.to_string(), &json),
            None => Ok(PenaltyCatalogue::default()),
        }
    }

    pub async fn set_club_catalogue(
        &self,
        club: &ChatId,
        catalogue: &PenaltyCatalogue,
        at: i64,
        by: &str,
    ) -> Result<(), StoreError> {
        let json =
            serde_json::to_string(catalogue).map_err(|e| unreadable("a new catalogue", e))?;
        let _writer = self.write_turn().await;
        sqlx::query(
            "INSERT INTO club_catalogues (club, catalogue, updated_at, updated_by)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (club) DO UPDATE SET catalogue = excluded.catalogue,
               updated_at = excluded.updated_at, updated_by = excluded.updated_by",
        )
        .bind(club.to_string())
        .bind(json)
        .bind(at)
        .bind(by)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Opens an evening unless the club has one open (the unique index decides, so two
    /// processes opening at once get one evening).
    pub async fn open_night(&self, night: &NewNight) -> Result<OpenNight, StoreError> {
        let _writer = self.write_turn().await;
        // The open evening may be closed between the refused insert and the read: try again.
        for _ in 0..3 {
            let inserted = sqlx::query(&format!(
                "INSERT INTO club_nights (club, chat, season, opened_at, opened_by, late_after)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (club) WHERE closed_at IS NULL DO NOTHING
                 RETURNING {NIGHT_COLUMNS}"
            ))
            .bind(night.club.to_string())
            .bind(night.chat.to_string())
            .bind(night.season)
            .bind(night.opened_at)
            .bind(&night.opened_by)
            .bind(night.late_after)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(row) = inserted {
                return Ok(OpenNight::Opened(decode_night(&row)?));
            }
            if let Some(open) = self.open_night_of(&night.club).await? {
                return Ok(OpenNight::AlreadyOpen(open));
            }
        }
        Err(StoreError::Stale)
    }

    pub async fn open_night_of(&self, club: &ChatId) -> Result<Option<NightRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {NIGHT_COLUMNS} FROM club_nights WHERE club = $1 AND closed_at IS NULL"
        ))
        .bind(club.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(decode_night).transpose()
    }

    /// None: checked in now; Some(earlier): he had checked in already (nothing changes).
    /// An evening closed meanwhile takes no check-in: [`StoreError::Stale`].
    pub async fn check_in(
        &self,
        night_id: i64,
        user: &UserId,
        name: &str,
        at: i64,
        late: bool,
    ) -> Result<Option<CheckIn>, StoreError> {
        let _writer = self.write_turn().await;
        // One statement: the evening's being open and the check-in go together.
        let done = sqlx::query(
            "INSERT INTO attendance (night_id, \"user\", name, at, late)
             SELECT $1, $2, $3, $4, $5
             WHERE EXISTS (SELECT 1 FROM club_nights WHERE id = $1 AND closed_at IS NULL)
             ON CONFLICT (night_id, \"user\") DO NOTHING",
        )
        .bind(night_id)
        .bind(user.as_str())
        .bind(name)
        .bind(at)
        .bind(i64::from(late))
        .execute(&self.pool)
        .await?;
        if done.rows_affected() > 0 {
            return Ok(None);
        }
        let earlier = sqlx::query(
            "SELECT \"user\", name, at, late FROM attendance WHERE night_id = $1 AND \"user\" = $2",
        )
        .bind(night_id)
        .bind(user.as_str())
        .fetch_optional(&self.pool)
        .await?;
        match earlier {
            Some(row) => Ok(Some(decode_check_in(&row))),
            None => Err(StoreError::Stale),
        }
    }

    /// The evening's facts up to `to` (unix ms): its check-ins, the club's members known
    /// before it, the club's games since it opened and the Bierrunden those games wrote.
    pub async fn night_facts(&self, night: &NightRow, to: i64) -> Result<NightFacts, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let check_ins = sqlx::query(
            "SELECT \"user\", name, at, late FROM attendance WHERE night_id = $1
             ORDER BY at, \"user\"",
        )
        .bind(night.id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(decode_check_in)
        .collect();
        let members = known_members(&mut conn, &night.club, night.id).await?;
        let games = results::of_club(&mut conn, &night.club, night.opened_at, to, None).await?;
        let table_ids: Vec<i64> = games.iter().map(|g| g.table_id).collect();
        let bierrunden = bierrunden_of(&mut conn, &table_ids).await?;
        Ok(NightFacts {
            check_ins,
            members,
            games,
            bierrunden,
        })
    }

    /// Closes the evening and books its charges in one transaction: only if it is still
    /// open, else [`StoreError::Stale`] and nothing is booked. Returns the charges' ids.
    pub async fn close_night(
        &self,
        night: &NightRow,
        at: i64,
        summary: &[MemberNight],
        charges: &[NewCashEntry],
    ) -> Result<Vec<i64>, StoreError> {
        cash::check_balanced(charges)?;
        let summary = serde_json::to_string(summary).map_err(|e| unreadable("a summary", e))?;
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let closed = sqlx::query(
            "UPDATE club_nights SET closed_at = $1, summary = $2
             WHERE id = $3 AND closed_at IS NULL",
        )
        .bind(at)
        .bind(summary)
        .bind(night.id)
        .execute(&mut *tx)
        .await?;
        if closed.rows_affected() == 0 {
            return Err(StoreError::Stale); // dropping `tx` rolls back
        }
        let ids = cash::insert_entries(&mut tx, charges).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// The season's closed evenings, oldest first, with the member lines stored at the close.
    pub async fn closed_nights(
        &self,
        club: &ChatId,
        season: i64,
    ) -> Result<Vec<(NightRow, Vec<MemberNight>)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {NIGHT_COLUMNS}, summary FROM club_nights
             WHERE club = $1 AND season = $2 AND closed_at IS NOT NULL ORDER BY opened_at, id"
        ))
        .bind(club.to_string())
        .bind(season)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let night = decode_night(r)?;
                let lines = match r.get::<Option<String>, _>("summary") {
                    Some(json) => serde_json::from_str(&json)
                        .map_err(|e| unreadable(format!("summary of evening {}", night.id), e))?,
                    None => Vec::new(),
                };
                Ok((night, lines))
            })
            .collect()
    }

    /// Everyone the club knows: who attended any of its evenings or has a member account in
    /// its cash box, once each, with the newest name; by name.
    pub async fn club_members(&self, club: &ChatId) -> Result<Vec<(UserId, String)>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        known_members(&mut conn, club, i64::MAX).await
    }

    /// The club's finished games in the order they ended; with `season`, that season's only.
    pub async fn club_games(
        &self,
        club: &ChatId,
        season: Option<i64>,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        results::of_club(&mut conn, club, i64::MIN, i64::MAX, season).await
    }
}

/// Everyone who attended an evening of the club before `night_id` or has a member account
/// in its cash box, once each, with the newest name; by name.
async fn known_members(
    conn: &mut sqlx::AnyConnection,
    club: &ChatId,
    night_id: i64,
) -> Result<Vec<(UserId, String)>, StoreError> {
    let attended = sqlx::query(
        "SELECT a.\"user\" AS member, a.name, a.at FROM attendance a
         JOIN club_nights n ON n.id = a.night_id WHERE n.club = $1 AND n.id < $2",
    )
    .bind(club.to_string())
    .bind(night_id)
    .fetch_all(&mut *conn)
    .await?;
    // An account is a posting's `member:<user>` (see `Account::key`); claims post nothing.
    let in_the_box = sqlx::query(
        "SELECT e.member, e.member_name AS name, e.at FROM cash_entries e
         WHERE e.club = $1 AND e.member IS NOT NULL
           AND EXISTS (SELECT 1 FROM cash_postings p
                       WHERE p.entry_id = e.id AND p.account = 'member:' || e.member)
         ORDER BY e.id",
    )
    .bind(club.to_string())
    .fetch_all(&mut *conn)
    .await?;
    let mut newest: HashMap<String, (String, i64)> = HashMap::new();
    for r in attended.iter().chain(&in_the_box) {
        let (member, name, at): (String, String, i64) =
            (r.get("member"), r.get("name"), r.get("at"));
        match newest.get(&member) {
            Some((_, seen)) if *seen > at => {}
            _ => {
                newest.insert(member, (name, at));
            }
        }
    }
    let mut members: Vec<(UserId, String)> = newest
        .into_iter()
        .map(|(user, (name, _))| (UserId(user), name))
        .collect();
    members.sort_by(|a, b| (a.1.to_lowercase(), &a.0).cmp(&(b.1.to_lowercase(), &b.0)));
    Ok(members)
}

/// The Bierrunden the games at `table_ids` wrote and nobody took back, per debtor (newest
/// name). The ledger belongs to the table's chat, not the club: selected by table.
async fn bierrunden_of(
    conn: &mut sqlx::AnyConnection,
    table_ids: &[i64],
) -> Result<Vec<(UserId, String, u32)>, StoreError> {
    if table_ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=table_ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT debtor, debtor_name, rounds FROM ledger l
         WHERE kind = 'debt' AND table_id IN ({})
           AND NOT EXISTS (SELECT 1 FROM ledger r WHERE r.reverses = l.id)
         ORDER BY id",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for id in table_ids {
        query = query.bind(*id);
    }
    let mut per_debtor: BTreeMap<String, (String, u32)> = BTreeMap::new();
    for r in query.fetch_all(&mut *conn).await? {
        let rounds = u32::try_from(r.get::<i64, _>("rounds")).unwrap_or(0);
        let entry = per_debtor.entry(r.get("debtor")).or_default();
        entry.0 = r.get("debtor_name");
        entry.1 += rounds;
    }
    Ok(per_debtor
        .into_iter()
        .map(|(user, (name, rounds))| (UserId(user), name, rounds))
        .collect())
}

/// A Telegram group became a supergroup (club == chat there): the club's catalogue,
/// evenings, games and reminder move; the new id's own catalogue gives way to the old's.
pub(super) async fn migrate(
    tx: &mut sqlx::AnyConnection,
    old: &ChatId,
    new: &ChatId,
) -> Result<(), StoreError> {
    let (old, new) = (old.to_string(), new.to_string());
    for table in ["club_catalogues", "cash_reminders"] {
        let has_old = sqlx::query(&format!("SELECT 1 FROM {table} WHERE club = $1"))
            .bind(&old)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        if has_old {
            sqlx::query(&format!("DELETE FROM {table} WHERE club = $1"))
                .bind(&new)
                .execute(&mut *tx)
                .await?;
        }
    }
    // One open evening per club: if both have one, the new id's (opened by a stray message
    // in between) ends where it began, and the old evening goes on.
    sqlx::query(
        "UPDATE club_nights SET closed_at = opened_at, summary = '[]'
         WHERE club = $1 AND closed_at IS NULL
           AND EXISTS (SELECT 1 FROM club_nights o WHERE o.club = $2 AND o.closed_at IS NULL)",
    )
    .bind(&new)
    .bind(&old)
    .execute(&mut *tx)
    .await?;
    for (table, column) in [
        ("club_catalogues", "club"),
        ("cash_reminders", "club"),
        ("club_nights", "club"),
        ("club_nights", "chat"),
        ("game_results", "club"),
        ("cash_entries", "club"),
        ("cash_postings", "club"),
    ] {
        sqlx::query(&format!(
            "UPDATE {table} SET {column} = $1 WHERE {column} = $2"
        ))
        .bind(&new)
        .bind(&old)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
