//! What adapters and operators need of the store besides commands, without the store itself:
//! where open tables live, the database's health, closing it, and the outboxes' handle on
//! their turns.

use super::Service;
use crate::model::ids::ChatId;
use crate::model::table::TableStatus;
use crate::store::{StoreError, Unreachable, WriteTurns};

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
        self.reachable()?;
        let tables = self.store.open_tables().await?;
        Ok(tables.into_iter().map(|t| (t.id, t.chat)).collect())
    }

    /// Where table `table_id` is, and its status (a button names only its table).
    pub async fn table_place(
        &self,
        table_id: i64,
    ) -> Result<Option<(ChatId, TableStatus)>, StoreError> {
        self.reachable()?;
        self.store.table_place(table_id).await
    }

    /// How many tables are open, as stored.
    pub async fn count_open_tables(&self) -> Result<i64, StoreError> {
        self.reachable()?;
        self.store.count_open_tables().await
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.store.ping().await
    }

    /// Why the database cannot be used, while it is known to be gone (or full).
    pub fn store_unreachable(&self) -> Option<Unreachable> {
        self.store.health().reason()
    }

    /// `Unreachable` at once while the commands are refused (see `health`).
    fn reachable(&self) -> Result<(), StoreError> {
        match self.store_unreachable() {
            Some(why) if self.refuses_commands() => Err(StoreError::Unreachable(why)),
            _ => Ok(()),
        }
    }

    /// Closes the database (the process is stopping).
    pub async fn close(&self) {
        self.store.close().await;
    }
}
