//! Provably fair dice as the players check them: a game's commitment and client seed while
//! it runs, its record once it is over (every throw, checked against the revealed seed),
//! and the chat's fairness report over the dice of its games that are over.

use super::reply::{Content, FairnessReport, ProofReport};
use super::table::Table;
use super::{Command, Service, ServiceError, Slot};
use crate::engine::proof::{GameRecord, LegacyRecord, RecordedThrow};

impl Service {
    /// `verify`: the place's newest game, or game `number` of this chat.
    pub(super) async fn verify(
        &self,
        cmd: &Command,
        number: Option<i64>,
        slot: &Slot,
    ) -> Result<Content, ServiceError> {
        let table = match number {
            Some(id) => self
                .store
                .table_by_id(id)
                .await?
                .filter(|t| t.chat.group() == cmd.chat.group())
                .ok_or(ServiceError::NoSuchGame { game: id })?,
            None => match slot.table.clone() {
                Some(t) => t,
                None => self
                    .store
                    .latest_table(&cmd.chat)
                    .await?
                    .ok_or(ServiceError::NoTable)?,
            },
        };
        if table.tally {
            return Err(ServiceError::RealDiceGame { game: table.id });
        }
        let report = if table.status.is_open() {
            self.running_proof(cmd, &table).await?
        } else {
            self.checked_proof(&table).await?
        };
        Ok(Content::Proof(Box::new(report)))
    }

    async fn running_proof(
        &self,
        cmd: &Command,
        table: &Table,
    ) -> Result<ProofReport, ServiceError> {
        let proof = table.proof.as_ref().ok_or(ServiceError::NoProofYet)?;
        let last_over = self.store.latest_closed_table(&cmd.chat).await?;
        Ok(ProofReport::Running {
            game: table.id,
            commitment: proof.commitment.clone(),
            client_seed: table.client_seed().unwrap_or_default(),
            last_over,
        })
    }

    async fn checked_proof(&self, table: &Table) -> Result<ProofReport, ServiceError> {
        let game = table.id;
        let filename = format!("schocken-spiel-{game}.json");
        let (Some(proof), Some(server_seed)) = (table.proof.as_ref(), table.revealed_seed()) else {
            return Ok(ProofReport::Predates {
                game,
                filename,
                record: LegacyRecord::new(game).to_json(),
            });
        };
        let throws = self.store.game_throws(game).await?;
        let record = GameRecord {
            commitment: proof.commitment.clone(),
            server_seed: server_seed.to_string(),
            client_seed: table.client_seed().unwrap_or_default(),
            throw_count: Some(proof.throws),
            throws: throws
                .into_iter()
                .map(|t| RecordedThrow {
                    n: t.n,
                    player: t.player,
                    dice: t.dice,
                })
                .collect(),
        };
        let verdict = record.verify();
        Ok(ProofReport::Checked {
            game,
            filename,
            throws: record.throws.len(),
            mismatch: verdict.err(),
            record: record.to_json(),
        })
    }

    /// `fairness`: how often each face fell in the chat's games that are over.
    pub(super) async fn fairness(&self, cmd: &Command) -> Result<Content, ServiceError> {
        let counts = self.store.face_counts(&cmd.chat.group()).await?;
        Ok(Content::Fairness(Box::new(FairnessReport::new(
            counts.faces,
            counts.games,
        ))))
    }
}
