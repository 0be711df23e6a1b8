//! The throws of provably fair games: written with each move, read for a game's record and
//! for a chat's fairness report.

use super::compaction::{PackedThrows, ThrowText, unpack};
use super::{Store, StoreError};
use crate::model::ids::ChatId;
use serde::Serialize;
use sqlx::Row;

/// One throw as stored: its number in the game, who threw, the dice in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowRow {
    pub n: u64,
    pub player: String,
    pub dice: Vec<u8>,
}

/// How often each face fell in a chat's games that are over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceCounts {
    /// Dice showing 1, …, 6.
    pub faces: [u64; 6],
    pub games: u64,
}

#[derive(Serialize)]
struct StoredThrow<'a> {
    n: u64,
    player: &'a str,
    dice: String,
}

fn dice_text(dice: &[u8]) -> String {
    dice.iter().map(|d| char::from(b'0' + d.min(&9))).collect()
}

/// The throws as the JSON array the `table_moves` view reads.
pub(super) fn to_json(throws: &[ThrowRow]) -> String {
    let stored: Vec<StoredThrow<'_>> = throws
        .iter()
        .map(|t| StoredThrow {
            n: t.n,
            player: &t.player,
            dice: dice_text(&t.dice),
        })
        .collect();
    serde_json::to_string(&stored).unwrap_or_else(|_| "[]".into())
}

/// Stores a move's throws inside the caller's transaction, in one statement.
pub(super) async fn insert(
    tx: &mut sqlx::AnyConnection,
    table_id: i64,
    throws: &[ThrowRow],
) -> Result<(), StoreError> {
    if throws.is_empty() {
        return Ok(());
    }
    let rows: Vec<String> = (0..throws.len())
        .map(|i| format!("($1, ${}, ${}, ${})", 3 * i + 2, 3 * i + 3, 3 * i + 4))
        .collect();
    let sql = format!(
        "INSERT INTO throws (table_id, n, player, dice) VALUES {}",
        rows.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(table_id);
    for t in throws {
        query = query
            .bind(t.n as i64)
            .bind(t.player.as_str())
            .bind(dice_text(&t.dice));
    }
    query.execute(tx).await?;
    Ok(())
}

impl Store {
    /// Every throw of a game, in order: its rows, or the row they were packed into once the
    /// game was compacted (see `compaction`).
    pub async fn game_throws(&self, table_id: i64) -> Result<Vec<ThrowRow>, StoreError> {
        let rows = sqlx::query("SELECT n, player, dice FROM throws WHERE table_id = $1 ORDER BY n")
            .bind(table_id)
            .fetch_all(&self.pool)
            .await?;
        let mut stored: Vec<ThrowText> = rows
            .iter()
            .map(|r| (r.get("n"), r.get("player"), r.get("dice")))
            .collect();
        let packed =
            sqlx::query("SELECT first_n, players, dice FROM packed_throws WHERE table_id = $1")
                .bind(table_id)
                .fetch_optional(&self.pool)
                .await?;
        if let Some(r) = packed {
            let packed = PackedThrows {
                first_n: r.get("first_n"),
                players: r.get("players"),
                dice: r.get("dice"),
            };
            stored.extend(unpack(&packed).ok_or_else(|| StoreError::Snapshot {
                id: table_id,
                message: "its packed throws are unreadable".into(),
            })?);
            stored.sort_by_key(|t| t.0);
        }
        Ok(stored
            .into_iter()
            .map(|(n, player, dice)| ThrowRow {
                n: n.max(0) as u64,
                player,
                dice: dice.bytes().map(|b| b.wrapping_sub(b'0')).collect(),
            })
            .collect())
    }

    /// How often each face fell in the games of `group` (its topics included) that are over;
    /// a running game's dice stay out (its cups are hidden). A game's throws are either rows
    /// or packed (compaction moves them all at once): the two are counted apart and added.
    pub async fn face_counts(&self, group: &ChatId) -> Result<FaceCounts, StoreError> {
        let mut counts = FaceCounts::default();
        for source in ["throws", "packed_throws"] {
            let row = sqlx::query(&format!(
                "SELECT COUNT(DISTINCT th.table_id) AS games,
                    CAST(SUM(length(th.dice) - length(replace(th.dice, '1', ''))) AS BIGINT) AS f1,
                    CAST(SUM(length(th.dice) - length(replace(th.dice, '2', ''))) AS BIGINT) AS f2,
                    CAST(SUM(length(th.dice) - length(replace(th.dice, '3', ''))) AS BIGINT) AS f3,
                    CAST(SUM(length(th.dice) - length(replace(th.dice, '4', ''))) AS BIGINT) AS f4,
                    CAST(SUM(length(th.dice) - length(replace(th.dice, '5', ''))) AS BIGINT) AS f5,
                    CAST(SUM(length(th.dice) - length(replace(th.dice, '6', ''))) AS BIGINT) AS f6
                 FROM {source} th JOIN tables t ON t.id = th.table_id
                 WHERE t.status IN ('finished', 'abandoned')
                   AND (t.chat = $1 OR substr(t.chat, 1, length($1) + 1) = $1 || '#')"
            ))
            .bind(group.to_string())
            .fetch_one(&self.pool)
            .await?;
            for (face, count) in counts.faces.iter_mut().enumerate() {
                *count += r_count(&row, &format!("f{}", face + 1));
            }
            counts.games += r_count(&row, "games");
        }
        Ok(counts)
    }

    /// The id of the place's newest game that is over.
    pub async fn latest_closed_table(&self, place: &ChatId) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT id FROM tables WHERE chat = $1 AND status IN ('finished', 'abandoned')
             ORDER BY id DESC LIMIT 1",
        )
        .bind(place.to_string())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.get("id")))
    }

    /// One table by its id, with its place (any status).
    pub async fn table_by_id(
        &self,
        table_id: i64,
    ) -> Result<Option<crate::model::table::Table>, StoreError> {
        let row = sqlx::query("SELECT id, snapshot, message_ref FROM tables WHERE id = $1")
            .bind(table_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Self::decode_row(&r)).transpose()
    }
}

fn r_count(row: &sqlx::any::AnyRow, name: &str) -> u64 {
    row.get::<Option<i64>, _>(name).unwrap_or(0).max(0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throws_are_stored_as_digit_strings() {
        let json = to_json(&[ThrowRow {
            n: 3,
            player: "Anna \"A\"".into(),
            dice: vec![4, 6, 2],
        }]);
        assert_eq!(json, r#"[{"n":3,"player":"Anna \"A\"","dice":"462"}]"#);
    }
}
