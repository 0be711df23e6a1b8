//! Table commands: the table logic decides, the result is committed, then the reply is built.
//! The dice of a table follow from its seed and the number of the stored command, so a
//! replayed log gives the same dice.

use super::replies::{self, build_reply};
use super::table::{self, TableContext, TableOutcome};
use super::{Command, Failure, Langs, Reply, Request, Service, ServiceError, Slot};
use crate::engine::dice;
use crate::store::ChatSettings;
use rand::Rng;
use std::sync::atomic::Ordering;

/// Mixes a table's seed with a step number into the seed of that step's dice.
pub(super) fn step_seed(seed: u64, step: u64) -> u64 {
    let mut z = seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Service {
    fn new_seed(&self) -> u64 {
        match self.seed {
            Some(base) => step_seed(base, self.tables_opened.fetch_add(1, Ordering::Relaxed)),
            None => rand::rng().random(),
        }
    }

    pub(super) fn turn_ms(&self, settings: &ChatSettings) -> i64 {
        i64::from(self.timer_seconds(settings)) * 1000
    }

    pub(super) async fn table_command(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
        slot: &mut Slot,
        langs: Langs,
    ) -> Result<Reply, Failure> {
        let fail = |e: ServiceError| Failure::Service(e, langs);
        self.check_foreign_button(cmd, slot).await.map_err(fail)?;
        let ctx = TableContext {
            now: self.now(),
            rules: self.rules_of(settings).await.map_err(fail)?,
            season: settings.season,
            seed: self.new_seed(),
            turn_ms: self.turn_ms(settings),
        };
        let current = slot.table.as_ref().filter(|t| t.status.is_open());
        let (seed, step) = current
            .map(|t| (t.seed, t.log_seq + 1))
            .unwrap_or((ctx.seed, 1));
        let mut rng = dice::seeded(step_seed(seed, step));
        let mut out = table::apply(slot.table.as_ref(), cmd, &ctx, &mut rng).map_err(fail)?;
        let zone = self.zone(settings);
        if cmd.request == Request::Look && !out.changed {
            return Ok(replies::look(&out.table, &cmd.actor.user, langs, &zone));
        }
        self.commit(&mut out, cmd, ctx.now).await?;
        let reply = build_reply(&out, cmd, langs, &zone);
        slot.table = Some(out.table);
        Ok(reply)
    }

    /// A button names its table: one of another place, or of a game that is over, is no
    /// button of this place's table (the place's current table is checked by the table logic).
    async fn check_foreign_button(&self, cmd: &Command, slot: &Slot) -> Result<(), ServiceError> {
        let Some((table_id, _)) = cmd.expected else {
            return Ok(());
        };
        if slot.table.as_ref().is_some_and(|t| t.id == table_id) {
            return Ok(());
        }
        let place = self
            .store
            .table_place(table_id)
            .await
            .map_err(super::storage_error)?;
        match place {
            Some((place, status)) if place == cmd.chat && !status.is_open() => {
                Err(ServiceError::GameOver)
            }
            Some((place, _)) if place == cmd.chat => Ok(()),
            _ => Err(ServiceError::ForeignButton),
        }
    }

    /// Stores a table outcome; on success its table has its id and log position.
    pub(super) async fn commit(
        &self,
        out: &mut TableOutcome,
        cmd: &Command,
        now: i64,
    ) -> Result<(), Failure> {
        out.table.log_seq += 1;
        let command = serde_json::to_string(&cmd.request).unwrap_or_default();
        let events = serde_json::to_string(&out.events).unwrap_or_default();
        let commit = crate::store::Commit {
            table: &out.table,
            actor: cmd.actor.user.as_str(),
            command,
            events,
            debts: &out.debts,
            stats: &out.stats,
            request_id: cmd.request_id.as_deref(),
            now,
        };
        let id = self.store.commit(&commit).await?;
        out.table.id = id;
        Ok(())
    }
}
