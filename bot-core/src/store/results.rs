//! Every finished game's result per player (`game_results`), written with the game's
//! statistics: what club evenings, ratings and the championship are reckoned from.

use super::StoreError;
use crate::club::{GameLine, GameRecord};
use crate::engine::Evaluation;
use crate::model::ids::{ChatId, UserId};
use crate::model::records::PlayerStats;
use crate::model::table::Table;
use sqlx::Row;
use sqlx::any::AnyRow;

/// Writes the results of `table`'s finished game (its statistics `stats`), inside the
/// caller's transaction. An abandoned game has no result.
pub(super) async fn insert(
    tx: &mut sqlx::AnyConnection,
    table: &Table,
    table_id: i64,
    stats: &[PlayerStats],
    at: i64,
) -> Result<(), StoreError> {
    let finished = table
        .game
        .as_ref()
        .and_then(|g| g.result())
        .is_some_and(|r| !r.abandoned);
    if !finished {
        return Ok(());
    }
    let club = table.chat.club();
    for s in stats {
        let computer = table
            .member_index(&s.user)
            .is_some_and(|i| table.members[i].bot);
        let best = s.best.and_then(|b| serde_json::to_string(&b).ok());
        sqlx::query(
            "INSERT INTO game_results (table_id, club, season, at, \"user\", name, computer, lost,
                                       halves_lost, schock_aus_received, best_throw)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             ON CONFLICT (table_id, \"user\") DO UPDATE SET
               at = excluded.at, name = excluded.name, lost = excluded.lost,
               halves_lost = excluded.halves_lost,
               schock_aus_received = excluded.schock_aus_received,
               best_throw = excluded.best_throw",
        )
        .bind(table_id)
        .bind(club.to_string())
        .bind(table.season)
        .bind(at)
        .bind(s.user.as_str())
        .bind(&s.name)
        .bind(i64::from(computer))
        .bind(i64::from(s.games_lost > 0))
        .bind(s.halves_lost)
        .bind(s.schock_aus_received)
        .bind(best)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// A taken-back last round: the game is not over any more.
pub(super) async fn remove(tx: &mut sqlx::AnyConnection, table_id: i64) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM game_results WHERE table_id = $1")
        .bind(table_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Groups result rows (ordered by game) into games.
pub(super) fn games(rows: &[AnyRow]) -> Vec<GameRecord> {
    let mut games: Vec<GameRecord> = Vec::new();
    for r in rows {
        let table_id: i64 = r.get("table_id");
        let line = GameLine {
            user: UserId(r.get("user")),
            name: r.get("name"),
            computer: r.get::<i64, _>("computer") != 0,
            lost: r.get::<i64, _>("lost") != 0,
            halves_lost: u32::try_from(r.get::<i64, _>("halves_lost")).unwrap_or(0),
            schock_aus_received: u32::try_from(r.get::<i64, _>("schock_aus_received")).unwrap_or(0),
            best: r
                .get::<Option<String>, _>("best_throw")
                .and_then(|s| serde_json::from_str::<Evaluation>(&s).ok()),
        };
        match games.last_mut() {
            Some(g) if g.table_id == table_id => g.lines.push(line),
            _ => games.push(GameRecord {
                table_id,
                at: r.get("at"),
                lines: vec![line],
            }),
        }
    }
    games
}

/// The club's finished games from `from` up to `to` (unix ms, inclusive), in the order they
/// ended; with `season`, only that season's.
pub(super) async fn of_club(
    conn: &mut sqlx::AnyConnection,
    club: &ChatId,
    from: i64,
    to: i64,
    season: Option<i64>,
) -> Result<Vec<GameRecord>, StoreError> {
    let rows = sqlx::query(
        "SELECT table_id, at, \"user\", name, computer, lost, halves_lost, schock_aus_received,
                best_throw
         FROM game_results
         WHERE club = $1 AND at >= $2 AND at <= $3 AND ($4 < 0 OR season = $4)
         ORDER BY at, table_id, \"user\"",
    )
    .bind(club.to_string())
    .bind(from)
    .bind(to)
    .bind(season.unwrap_or(-1))
    .fetch_all(&mut *conn)
    .await?;
    Ok(games(&rows))
}
