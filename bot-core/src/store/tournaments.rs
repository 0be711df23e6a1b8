//! Schockturnier (issue 35): each tournament as one versioned document; a change is a
//! compare-and-set on its version, so two directors' or tables' entries at once never lose one.

use super::{Store, StoreError, stored_place};
use crate::model::ids::ChatId;
use crate::tournament::Tournament;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A stored tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub place: ChatId,
    /// Where it was created: its announcements go there.
    pub chat: ChatId,
    pub version: i64,
    pub created_at: i64,
    pub created_by: String,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
    pub state: Tournament,
}

/// What creating a tournament did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CreatedTournament {
    Created(i64),
    /// The place runs one already (nothing was stored).
    Running(Box<TournamentRow>),
}

const COLUMNS: &str =
    "id, place, chat, version, created_at, created_by, updated_at, finished_at, state";

fn decode(r: &AnyRow) -> Result<TournamentRow, StoreError> {
    let id: i64 = r.get("id");
    let json: String = r.get("state");
    let state = serde_json::from_str(&json).map_err(|e| StoreError::Unreadable {
        what: format!("tournament {id}"),
        message: e.to_string(),
    })?;
    Ok(TournamentRow {
        id,
        place: stored_place(r.get("place"))?,
        chat: stored_place(r.get("chat"))?,
        version: r.get("version"),
        created_at: r.get("created_at"),
        created_by: r.get("created_by"),
        updated_at: r.get("updated_at"),
        finished_at: r.get("finished_at"),
        state,
    })
}

fn to_json(state: &Tournament) -> Result<String, StoreError> {
    serde_json::to_string(state).map_err(|e| StoreError::Unreadable {
        what: "tournament".into(),
        message: e.to_string(),
    })
}

impl Store {
    pub async fn create_tournament(
        &self,
        (place, chat): (&ChatId, &ChatId),
        state: &Tournament,
        at: i64,
        by: &str,
    ) -> Result<CreatedTournament, StoreError> {
        let _writer = self.write_turn().await;
        let json = to_json(state)?;
        let inserted = sqlx::query(
            "INSERT INTO tournaments (place, name, state, version, created_at, created_by,
                 updated_at, chat)
             VALUES ($1, $2, $3, 1, $4, $5, $4, $6)
             ON CONFLICT (place) WHERE finished_at IS NULL DO NOTHING
             RETURNING id",
        )
        .bind(place.to_string())
        .bind(&state.name)
        .bind(json)
        .bind(at)
        .bind(by)
        .bind(chat.to_string())
        .fetch_optional(&self.pool)
        .await?;
        if let Some(row) = inserted {
            return Ok(CreatedTournament::Created(row.get("id")));
        }
        match self.running_tournament(place).await? {
            Some(running) => Ok(CreatedTournament::Running(Box::new(running))),
            None => Err(StoreError::Stale),
        }
    }

    /// The place's running tournament.
    pub async fn running_tournament(
        &self,
        place: &ChatId,
    ) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE place = $1 AND finished_at IS NULL"
        ))
        .bind(place.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(decode).transpose()
    }

    /// The place's newest tournament, running or finished.
    pub async fn latest_tournament(
        &self,
        place: &ChatId,
    ) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE place = $1 ORDER BY id DESC LIMIT 1"
        ))
        .bind(place.to_string())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(decode).transpose()
    }

    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(decode).transpose()
    }

    /// The running tournaments whose round clock has run out by `now`.
    pub async fn due_tournament_clocks(&self, now: i64) -> Result<Vec<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM tournaments WHERE finished_at IS NULL AND clock_ends_at <= $1",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get("id")).collect())
    }

    /// A tournament's version (`None`: no such tournament).
    pub async fn tournament_version(&self, id: i64) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT version FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get("version")))
    }

    /// Stores `state` as version `version + 1` if the stored one is still `version`;
    /// [`StoreError::Stale`] otherwise (somebody changed it meanwhile: load and try again).
    pub async fn save_tournament(
        &self,
        id: i64,
        version: i64,
        state: &Tournament,
        at: i64,
    ) -> Result<i64, StoreError> {
        let _writer = self.write_turn().await;
        let json = to_json(state)?;
        let finished_at = state.finished.then_some(at);
        let clock_ends_at = state.running_round().and_then(|r| r.clock.ends_at());
        let done = sqlx::query(
            "UPDATE tournaments SET state = $1, version = version + 1, updated_at = $2,
                 finished_at = $3, name = $4, clock_ends_at = $7
             WHERE id = $5 AND version = $6",
        )
        .bind(json)
        .bind(at)
        .bind(finished_at)
        .bind(&state.name)
        .bind(id)
        .bind(version)
        .bind(clock_ends_at)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::Stale);
        }
        Ok(version + 1)
    }
}
