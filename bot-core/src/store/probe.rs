//! Asking the database whether it can be used: the health check's ping, the store watch's
//! write while it is gone, and the gate that refuses at once while PostgreSQL is known to be
//! gone (see `health`).

use super::{Backend, Health, Store, StoreError, Unreachable};
use sqlx::Row;

impl Store {
    /// Whether the database can be reached, as last found out.
    pub fn health(&self) -> &Health {
        &self.health
    }

    /// `Unreachable` at once if a PostgreSQL server is known to be gone (asking it would
    /// only wait for the pool). SQLite answers at once anyway, and reads still work when
    /// only writes fail, so it is always asked.
    pub(super) fn reachable(&self) -> Result<(), StoreError> {
        match self.health.reason() {
            Some(why) if self.backend.shared() => Err(StoreError::Unreachable(why)),
            _ => Ok(()),
        }
    }

    /// Whether the database answers (the health check).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Whether the database takes a write again (the store watch, while it is gone: a full
    /// disk still answers reads). A SQLite file at its page limit (`max_page_count`) takes
    /// this small write in a page it has, but not a move: it counts as full until there is
    /// room for a few pages.
    pub async fn probe_write(&self, now: i64) -> Result<(), StoreError> {
        let _writer = self.write_turn().await;
        sqlx::query(
            "INSERT INTO store_probe (id, at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET at = excluded.at",
        )
        .bind(now)
        .execute(&self.pool)
        .await?;
        if self.backend == Backend::Sqlite {
            self.sqlite_room().await?;
        }
        Ok(())
    }

    /// `Unreachable` (full) if the SQLite file has room for fewer than a few pages more.
    async fn sqlite_room(&self) -> Result<(), StoreError> {
        const FEW_PAGES: i64 = 16;
        let mut conn = self.pool.acquire().await?;
        let mut pragma = async |name: &str| -> Result<i64, StoreError> {
            let row = sqlx::query(&format!("PRAGMA {name}"))
                .fetch_one(&mut *conn)
                .await?;
            Ok(row.try_get::<i64, _>(0)?)
        };
        let used = pragma("page_count").await?;
        let limit = pragma("max_page_count").await?;
        let free = pragma("freelist_count").await?;
        if limit - used + free < FEW_PAGES {
            return Err(StoreError::Unreachable(Unreachable {
                kind: "full",
                detail: format!("the database is at its page limit ({limit} pages)"),
            }));
        }
        Ok(())
    }
}
