//! Statistics per chat, season and player.

use super::{Store, StoreError};
use crate::engine::Evaluation;
use crate::model::ids::{ChatId, UserId};
use crate::model::records::PlayerStats;
use sqlx::Row;
use sqlx::sqlite::SqliteRow;

pub(super) async fn add(
    tx: &mut sqlx::SqliteConnection,
    chat: &ChatId,
    season: i64,
    d: &PlayerStats,
) -> Result<(), StoreError> {
    let best_rank = d.best.map(|b| i64::from(b.rank.0));
    let best_throw = d.best.and_then(|b| serde_json::to_string(&b).ok());
    sqlx::query(
        "INSERT INTO stats (chat, season, user, name, games, halves_lost, finals, games_lost,
                            blattschuss, schock_aus, best_rank, best_throw)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (chat, season, user) DO UPDATE SET
           name = excluded.name,
           games = games + excluded.games,
           halves_lost = halves_lost + excluded.halves_lost,
           finals = finals + excluded.finals,
           games_lost = games_lost + excluded.games_lost,
           blattschuss = blattschuss + excluded.blattschuss,
           schock_aus = schock_aus + excluded.schock_aus,
           best_throw = CASE WHEN excluded.best_rank > COALESCE(best_rank, -1)
                             THEN excluded.best_throw ELSE best_throw END,
           best_rank = MAX(COALESCE(best_rank, -1), COALESCE(excluded.best_rank, -1))",
    )
    .bind(chat.as_str())
    .bind(season)
    .bind(d.user.as_str())
    .bind(&d.name)
    .bind(d.games)
    .bind(d.halves_lost)
    .bind(d.finals)
    .bind(d.games_lost)
    .bind(d.blattschuss)
    .bind(d.schock_aus)
    .bind(best_rank)
    .bind(best_throw)
    .execute(tx)
    .await?;
    Ok(())
}

/// Takes a game's statistics off the season again (its last round was taken back). The
/// season's best throw stays: the rows keep no history to find the one before.
pub(super) async fn take_off(
    tx: &mut sqlx::SqliteConnection,
    chat: &ChatId,
    season: i64,
    d: &PlayerStats,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE stats SET games = MAX(games - ?, 0), halves_lost = MAX(halves_lost - ?, 0),
           finals = MAX(finals - ?, 0), games_lost = MAX(games_lost - ?, 0),
           blattschuss = MAX(blattschuss - ?, 0), schock_aus = MAX(schock_aus - ?, 0)
         WHERE chat = ? AND season = ? AND user = ?",
    )
    .bind(d.games)
    .bind(d.halves_lost)
    .bind(d.finals)
    .bind(d.games_lost)
    .bind(d.blattschuss)
    .bind(d.schock_aus)
    .bind(chat.as_str())
    .bind(season)
    .bind(d.user.as_str())
    .execute(tx)
    .await?;
    Ok(())
}

/// Statistics rows move with a migrated chat; rows the new chat already has are added up.
pub(super) async fn migrate(
    tx: &mut sqlx::SqliteConnection,
    old: &ChatId,
    new: &ChatId,
) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT * FROM stats WHERE chat = ?")
        .bind(old.as_str())
        .fetch_all(&mut *tx)
        .await?;
    for r in rows {
        add(&mut *tx, new, r.get("season"), &player_stats(&r)).await?;
    }
    sqlx::query("DELETE FROM stats WHERE chat = ?")
        .bind(old.as_str())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

impl Store {
    /// A season's leaderboard: fewest games lost per game first.
    pub async fn stats(&self, chat: &ChatId, season: i64) -> Result<Vec<PlayerStats>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM stats WHERE chat = ? AND season = ?
             ORDER BY CAST(games_lost AS REAL) / MAX(games, 1), games DESC, name",
        )
        .bind(chat.as_str())
        .bind(season)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(player_stats).collect())
    }

    /// Closes the chat's current season (its statistics stay) and starts the next.
    pub async fn close_season(
        &self,
        chat: &ChatId,
        season: i64,
        by: &str,
        now: i64,
        request_id: Option<&str>,
    ) -> Result<i64, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO seasons (chat, season, closed_at, closed_by) VALUES (?, ?, ?, ?)")
            .bind(chat.as_str())
            .bind(season)
            .bind(now)
            .bind(by)
            .execute(&mut *tx)
            .await?;
        let next = season + 1;
        sqlx::query(
            "INSERT INTO chats (chat, season, created_at) VALUES (?, ?, ?)
             ON CONFLICT (chat) DO UPDATE SET season = excluded.season",
        )
        .bind(chat.as_str())
        .bind(next)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if let Some(request_id) = request_id {
            super::record_request(&mut tx, request_id, chat, now).await?;
        }
        tx.commit().await?;
        Ok(next)
    }
}

/// One row of the `stats` table.
fn player_stats(r: &SqliteRow) -> PlayerStats {
    PlayerStats {
        user: UserId(r.get("user")),
        name: r.get("name"),
        games: r.get("games"),
        halves_lost: r.get("halves_lost"),
        finals: r.get("finals"),
        games_lost: r.get("games_lost"),
        blattschuss: r.get("blattschuss"),
        schock_aus: r.get("schock_aus"),
        // An unreadable best throw (from an older format) is shown as none.
        best: r
            .get::<Option<String>, _>("best_throw")
            .and_then(|s| serde_json::from_str::<Evaluation>(&s).ok()),
    }
}
