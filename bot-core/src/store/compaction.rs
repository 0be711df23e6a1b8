//! Compaction of games that are over (issue 15: a busy bot stored about 600 bytes per move).
//! Once a game is over nothing reads its per-move log: history and statistics come from the
//! ledger and the `stats` table, verification from the throws and the seeds in the snapshot,
//! the place's last game (shown, revealed, a tally round taken back) from the snapshot. So a
//! game over for a while keeps
//! - its snapshot, without the recent moves (only an open table's buttons are checked
//!   against them);
//! - its throws, packed into one row of `packed_throws` (a letter for the thrower, a digit a
//!   die), read back as exactly the rows they were;
//! - the number of log entries it had (`tables.log_compacted`), and nothing else of the log.
//!
//! Each game is compacted in a transaction of its own that claims it first: processes sharing
//! a database compact a game once, and other tables' moves go on in between.

use super::{Store, StoreError};
use sqlx::Row;

/// The letters naming a game's throwers in packed dice, in the order they first threw.
const PLAYER_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// One throw as its row holds it: number, player, dice as digits.
pub(super) type ThrowText = (i64, String, String);

/// A game's throws in one row of `packed_throws`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PackedThrows {
    pub first_n: i64,
    /// The throwers' names as a JSON array.
    pub players: String,
    pub dice: String,
}

/// The throws (in order of their number) packed, if they unpack to exactly the same rows:
/// numbered without a gap, at most 52 throwers, only digits for dice.
pub(super) fn pack(throws: &[ThrowText]) -> Option<PackedThrows> {
    let first_n = throws.first()?.0;
    let mut players: Vec<&str> = Vec::new();
    let mut dice = String::with_capacity(throws.len() * 4);
    for (i, (n, player, digits)) in throws.iter().enumerate() {
        if *n != first_n + i as i64 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let index = match players.iter().position(|p| p == player) {
            Some(index) => index,
            None => {
                players.push(player);
                players.len() - 1
            }
        };
        dice.push(char::from(*PLAYER_LETTERS.get(index)?));
        dice.push_str(digits);
    }
    Some(PackedThrows {
        first_n,
        players: serde_json::to_string(&players).ok()?,
        dice,
    })
}

/// The rows packed throws came from; `None` if they are not packed throws.
pub(super) fn unpack(packed: &PackedThrows) -> Option<Vec<ThrowText>> {
    let players: Vec<String> = serde_json::from_str(&packed.players).ok()?;
    let mut throws: Vec<ThrowText> = Vec::new();
    for b in packed.dice.bytes() {
        if b.is_ascii_digit() {
            throws.last_mut()?.2.push(char::from(b));
        } else {
            let index = PLAYER_LETTERS.iter().position(|l| *l == b)?;
            let n = packed.first_n + throws.len() as i64;
            throws.push((n, players.get(index)?.clone(), String::new()));
        }
    }
    Some(throws)
}

/// The snapshot of a game that is over, without what only an open table reads.
fn stripped(table_id: i64, snapshot: &str) -> Result<String, StoreError> {
    let mut table = Store::decode_table(table_id, snapshot)?;
    table.moves.clear();
    serde_json::to_string(&table).map_err(|e| StoreError::Snapshot {
        id: table_id,
        message: e.to_string(),
    })
}

impl Store {
    /// Compacts at most `limit` games that are over and have not changed since `before` (ms),
    /// oldest first. Returns how many it took (fewer than `limit`: none are left).
    pub async fn compact_games_over(&self, before: i64, limit: u32) -> Result<usize, StoreError> {
        let ids: Vec<i64> = sqlx::query(
            "SELECT id FROM tables
             WHERE status IN ('finished', 'abandoned') AND log_compacted IS NULL
               AND updated_at < $1
             ORDER BY updated_at LIMIT $2",
        )
        .bind(before)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| r.get("id"))
        .collect();
        for id in &ids {
            self.compact_game(*id).await?;
        }
        Ok(ids.len())
    }

    /// Compacts one game that is over (see the module's comment). False if it is open,
    /// compacted already, unknown, or its snapshot is unreadable (then it stays whole, log
    /// included, to be repaired from).
    pub async fn compact_game(&self, table_id: i64) -> Result<bool, StoreError> {
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        // The claim comes first: PostgreSQL then holds the row, and another process's claim
        // waits for this transaction and finds the game compacted.
        let claimed = sqlx::query(
            "UPDATE tables SET log_compacted = (SELECT COUNT(*) FROM table_log WHERE table_id = $1)
             WHERE id = $1 AND log_compacted IS NULL AND status IN ('finished', 'abandoned')",
        )
        .bind(table_id)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() == 0 {
            return Ok(false);
        }
        let snapshot: String = sqlx::query("SELECT snapshot FROM tables WHERE id = $1")
            .bind(table_id)
            .fetch_one(&mut *tx)
            .await?
            .get("snapshot");
        let Ok(snapshot) = stripped(table_id, &snapshot) else {
            sqlx::query("UPDATE tables SET log_compacted = 0 WHERE id = $1")
                .bind(table_id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            return Ok(false);
        };
        sqlx::query("UPDATE tables SET snapshot = $1 WHERE id = $2")
            .bind(snapshot)
            .bind(table_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM table_log WHERE table_id = $1")
            .bind(table_id)
            .execute(&mut *tx)
            .await?;
        pack_throws(&mut tx, table_id).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Replaces a game's throw rows by one packed row (if they pack: see [`pack`]).
async fn pack_throws(tx: &mut sqlx::AnyConnection, table_id: i64) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT n, player, dice FROM throws WHERE table_id = $1 ORDER BY n")
        .bind(table_id)
        .fetch_all(&mut *tx)
        .await?;
    let stored: Vec<ThrowText> = rows
        .iter()
        .map(|r| (r.get("n"), r.get("player"), r.get("dice")))
        .collect();
    let Some(packed) = pack(&stored) else {
        return Ok(());
    };
    sqlx::query(
        "INSERT INTO packed_throws (table_id, first_n, players, dice) VALUES ($1, $2, $3, $4)",
    )
    .bind(table_id)
    .bind(packed.first_n)
    .bind(packed.players)
    .bind(packed.dice)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM throws WHERE table_id = $1")
        .bind(table_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throw(n: i64, player: &str, dice: &str) -> ThrowText {
        (n, player.into(), dice.into())
    }

    #[test]
    fn packed_throws_unpack_to_the_same_rows() {
        let throws = vec![
            throw(1, "Anna", "462"),
            throw(2, "Ben \"B\"", "33"),
            throw(3, "", "1"),
            throw(4, "Anna", ""),
            throw(5, "Ben \"B\"", "665"),
        ];
        let packed = pack(&throws).expect("packs");
        assert_eq!(packed.dice, "a462b33c1ab665");
        assert_eq!(packed.players, r#"["Anna","Ben \"B\"",""]"#);
        assert_eq!(unpack(&packed), Some(throws));
    }

    #[test]
    fn throws_that_would_not_unpack_the_same_stay_rows() {
        assert_eq!(pack(&[]), None);
        assert_eq!(
            pack(&[throw(1, "A", "4"), throw(3, "A", "5")]),
            None,
            "a gap"
        );
        assert_eq!(pack(&[throw(1, "A", "4x")]), None, "not a digit");
        let many: Vec<ThrowText> = (0..53).map(|i| throw(i, &format!("P{i}"), "1")).collect();
        assert_eq!(pack(&many), None, "53 throwers");
        assert!(pack(&many[..52]).is_some());
    }

    #[test]
    fn broken_packed_throws_are_refused() {
        let packed = |dice: &str| PackedThrows {
            first_n: 1,
            players: r#"["A"]"#.into(),
            dice: dice.into(),
        };
        assert_eq!(unpack(&packed("4a")), None, "a die before any thrower");
        assert_eq!(unpack(&packed("b4")), None, "an unknown thrower");
        assert_eq!(unpack(&packed("a4-")), None, "neither letter nor digit");
    }
}
