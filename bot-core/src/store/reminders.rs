//! Reminders of unpaid cash box balances (issue 25): which clubs want them, when each was
//! last reminded (at most once a day, also with several processes), and the chat to remind.

use super::{Store, StoreError, stored_place};
use crate::club::PenaltyCatalogue;
use crate::model::ids::ChatId;
use sqlx::Row;

impl Store {
    /// Clubs whose catalogue asks for reminders, with the catalogue. A catalogue that does
    /// not read is left out (and logged), so one bad row stops no other club's reminder.
    pub async fn clubs_with_reminders(
        &self,
    ) -> Result<Vec<(ChatId, PenaltyCatalogue)>, StoreError> {
        let rows = sqlx::query("SELECT club, catalogue FROM club_catalogues ORDER BY club")
            .fetch_all(&self.pool)
            .await?;
        let mut clubs = Vec::new();
        for r in &rows {
            let club: String = r.get("club");
            match super::club::read_catalogue(&club, &r.get::<String, _>("catalogue")) {
                Ok(c) if c.reminder_days > 0 => clubs.push((stored_place(&club)?, c)),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "catalogue skipped"),
            }
        }
        Ok(clubs)
    }

    pub async fn last_cash_reminder(&self, club: &ChatId) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT last_at FROM cash_reminders WHERE club = $1")
                .bind(club.to_string())
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    pub async fn set_last_cash_reminder(&self, club: &ChatId, at: i64) -> Result<(), StoreError> {
        let _writer = self.write_turn().await;
        sqlx::query(
            "INSERT INTO cash_reminders (club, last_at) VALUES ($1, $2)
             ON CONFLICT (club) DO UPDATE SET last_at = excluded.last_at",
        )
        .bind(club.to_string())
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes the club's reminder for `at` unless one was made after `not_after`: `true` if
    /// this caller may remind now. One statement, so two processes never both remind.
    pub async fn claim_cash_reminder(
        &self,
        club: &ChatId,
        at: i64,
        not_after: i64,
    ) -> Result<bool, StoreError> {
        let _writer = self.write_turn().await;
        let done = sqlx::query(
            "INSERT INTO cash_reminders (club, last_at) VALUES ($1, $2)
             ON CONFLICT (club) DO UPDATE SET last_at = excluded.last_at
             WHERE cash_reminders.last_at <= $3",
        )
        .bind(club.to_string())
        .bind(at)
        .bind(not_after)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The chat where the club's newest evening was opened: where it hears from the box.
    pub async fn club_home_chat(&self, club: &ChatId) -> Result<Option<ChatId>, StoreError> {
        let chat: Option<String> = sqlx::query_scalar(
            "SELECT chat FROM club_nights WHERE club = $1 ORDER BY opened_at DESC, id DESC LIMIT 1",
        )
        .bind(club.to_string())
        .fetch_optional(&self.pool)
        .await?;
        chat.map(|c: String| stored_place(&c)).transpose()
    }
}
