//! Statistics per chat, season and player.

use super::{Store, StoreError};
use crate::engine::Evaluation;
use crate::model::ids::{ChatId, UserId};
use crate::model::records::PlayerStats;
use sqlx::Row;
use sqlx::any::AnyRow;

pub(super) async fn add(
    tx: &mut sqlx::AnyConnection,
    chat: &ChatId,
    season: i64,
    d: &PlayerStats,
) -> Result<(), StoreError> {
    let best_rank = d.best.map(|b| i64::from(b.rank.0));
    let best_throw = d.best.and_then(|b| serde_json::to_string(&b).ok());
    sqlx::query(
        "INSERT INTO stats (chat, season, \"user\", name, games, halves_lost, finals, games_lost,
                            blattschuss, schock_aus, best_rank, best_throw)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (chat, season, \"user\") DO UPDATE SET
           name = excluded.name,
           games = stats.games + excluded.games,
           halves_lost = stats.halves_lost + excluded.halves_lost,
           finals = stats.finals + excluded.finals,
           games_lost = stats.games_lost + excluded.games_lost,
           blattschuss = stats.blattschuss + excluded.blattschuss,
           schock_aus = stats.schock_aus + excluded.schock_aus,
           best_throw = CASE WHEN excluded.best_rank > COALESCE(stats.best_rank, -1)
                             THEN excluded.best_throw ELSE stats.best_throw END,
           best_rank = CASE WHEN excluded.best_rank > COALESCE(stats.best_rank, -1)
                            THEN excluded.best_rank ELSE stats.best_rank END",
    )
    .bind(chat.to_string())
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
    tx: &mut sqlx::AnyConnection,
    chat: &ChatId,
    season: i64,
    d: &PlayerStats,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE stats SET games = CASE WHEN games > $1 THEN games - $1 ELSE 0 END, halves_lost = CASE WHEN halves_lost > $2 THEN halves_lost - $2 ELSE 0 END,
           finals = CASE WHEN finals > $3 THEN finals - $3 ELSE 0 END, games_lost = CASE WHEN games_lost > $4 THEN games_lost - $4 ELSE 0 END,
           blattschuss = CASE WHEN blattschuss > $5 THEN blattschuss - $5 ELSE 0 END, schock_aus = CASE WHEN schock_aus > $6 THEN schock_aus - $6 ELSE 0 END
         WHERE chat = $7 AND season = $8 AND \"user\" = $9",
    )
    .bind(d.games)
    .bind(d.halves_lost)
    .bind(d.finals)
    .bind(d.games_lost)
    .bind(d.blattschuss)
    .bind(d.schock_aus)
    .bind(chat.to_string())
    .bind(season)
    .bind(d.user.as_str())
    .execute(tx)
    .await?;
    Ok(())
}

/// Statistics rows move with a migrated chat; rows the new chat already has are added up.
pub(super) async fn migrate(
    tx: &mut sqlx::AnyConnection,
    old: &ChatId,
    new: &ChatId,
) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT * FROM stats WHERE chat = $1")
        .bind(old.to_string())
        .fetch_all(&mut *tx)
        .await?;
    for r in rows {
        add(&mut *tx, new, r.get("season"), &player_stats(&r)).await?;
    }
    sqlx::query("DELETE FROM stats WHERE chat = $1")
        .bind(old.to_string())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

impl Store {
    /// A season's leaderboard: fewest games lost per game first.
    pub async fn stats(&self, chat: &ChatId, season: i64) -> Result<Vec<PlayerStats>, StoreError> {
        let rows = sqlx::query(
            "SELECT * FROM stats WHERE chat = $1 AND season = $2
             ORDER BY CAST(games_lost AS REAL) / CASE WHEN games > 1 THEN games ELSE 1 END, games DESC, name",
        )
        .bind(chat.to_string())
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
        let _writer = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO seasons (chat, season, closed_at, closed_by) VALUES ($1, $2, $3, $4)",
        )
        .bind(chat.to_string())
        .bind(season)
        .bind(now)
        .bind(by)
        .execute(&mut *tx)
        .await?;
        let next = season + 1;
        sqlx::query(
            "INSERT INTO chats (chat, season, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (chat) DO UPDATE SET season = excluded.season",
        )
        .bind(chat.to_string())
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
fn player_stats(r: &AnyRow) -> PlayerStats {
    PlayerStats {
        user: UserId(r.get("user")),
        name: r.get("name"),
        games: r.get("games"),
        halves_lost: r.get("halves_lost"),
        finals: r.get("finals"),
        games_lost: r.get("games_lost"),
        blattschuss: r.get("blattschuss"),
        schock_aus: r.get("schock_aus"),
        // Kept per game in `game_results`, not per season.
        schock_aus_received: 0,
        // An unreadable best throw (from an older format) is shown as none.
        best: r
            .get::<Option<String>, _>("best_throw")
            .and_then(|s| serde_json::from_str::<Evaluation>(&s).ok()),
    }
}
