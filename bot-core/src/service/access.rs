//! What adapters and operators need of the store besides commands, without the store itself:
//! where open tables live, the database's health, closing it, and the outboxes' handle on
//! their turns.

use super::Service;
use crate::model::ids::ChatId;
use crate::model::table::TableStatus;
use crate::store::{StoreError, WriteTurns};

impl Service {
    /// The outboxes' handle: write turns, shown states and old buttons kept in the database.
    pub fn write_turns(&self) -> WriteTurns {
        WriteTurns::new(self.store.clone())
    }

    /// Whether other processes may write to the same database.
    pub fn shared_database(&self) -> bool {
        self.store.backend().shared()
    }

    /// The open tables and where they are.
    pub async fn open_table_places(&self) -> Result<Vec<(i64, ChatId)>, StoreError> {
        let tables = self.store.open_tables().await?;
        Ok(tables.into_iter().map(|t| (t.id, t.chat)).collect())
    }

    /// Where table `table_id` is, and its status (a button names only its table).
    pub async fn table_place(
        &self,
        table_id: i64,
    ) -> Result<Option<(ChatId, TableStatus)>, StoreError> {
        self.store.table_place(table_id).await
    }

    /// How many tables are open, as stored.
    pub async fn count_open_tables(&self) -> Result<i64, StoreError> {
        self.store.count_open_tables().await
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.store.ping().await
    }

    /// Closes the database (the process is stopping).
    pub async fn close(&self) {
        self.store.close().await;
    }
}
