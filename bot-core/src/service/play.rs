//! Table commands: the table logic decides, the result is committed, then the reply is built.
//! A game's dice are provably fair ([`crate::engine::fair`]): they follow from its secret
//! server seed, its client seed and the throw number. A game stored before the scheme keeps
//! its old dice: its seed and the number of the stored command.

use super::from_table::{self, build_reply};
use super::table::{self, Table, TableContext, TableOutcome};
use super::{Command, Failure, Langs, Reply, Request, Service, ServiceError, Slot};
use crate::engine::{DiceRoller, DrawnThrow, FairDice, Seat, ServerSeed, dice};
use crate::store::{ChatSettings, ThrowRow};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::Ordering;
use tracing::warn;

/// Mixes a table's seed with a step number into the seed of that step's dice.
pub(super) fn step_seed(seed: u64, step: u64) -> u64 {
    let mut z = seed ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Where a command's dice come from.
pub(super) enum TableDice {
    Fair(FairDice),
    /// A game stored before provably fair dice (or a command that throws none).
    Seeded(Box<ChaCha8Rng>),
}

impl TableDice {
    /// The dice of the place's open table; `fallback` seeds those of a command without one.
    pub(super) fn of(table: Option<&Table>, fallback: u64) -> TableDice {
        let open = table.filter(|t| t.status.is_open());
        match open.and_then(Table::fair_dice) {
            Some(fair) => TableDice::Fair(fair),
            None => {
                let (seed, step) = open
                    .map(|t| (t.seed, t.log_seq + 1))
                    .unwrap_or((fallback, 1));
                TableDice::Seeded(Box::new(dice::seeded(step_seed(seed, step))))
            }
        }
    }

    /// The throws this command drew, as the store keeps them; the table counts them.
    pub(super) fn record(&mut self, out: &mut TableOutcome) -> Vec<ThrowRow> {
        let TableDice::Fair(fair) = self else {
            return Vec::new();
        };
        if let Some(proof) = out.table.proof.as_mut() {
            proof.throws = fair.throws_made();
        }
        fair.take_drawn()
            .into_iter()
            .map(|t| throw_row(&out.table, t))
            .collect()
    }
}

fn throw_row(table: &Table, throw: DrawnThrow) -> ThrowRow {
    let player = throw
        .seat
        .and_then(|seat| table.member_at(seat))
        .map(|m| m.name.clone())
        .unwrap_or_default();
    ThrowRow {
        n: throw.n,
        player,
        dice: throw.dice,
    }
}

impl DiceRoller for TableDice {
    fn roll_die(&mut self) -> u8 {
        match self {
            TableDice::Fair(fair) => fair.roll_die(),
            TableDice::Seeded(rng) => rng.roll_die(),
        }
    }

    fn throw(&mut self, seat: Seat, dice: &mut [u8]) {
        match self {
            TableDice::Fair(fair) => fair.throw(seat, dice),
            TableDice::Seeded(rng) => rng.throw(seat, dice),
        }
    }
}

impl Service {
    pub(super) fn new_seed(&self) -> u64 {
        match self.seed {
            Some(base) => step_seed(base, self.tables_opened.fetch_add(1, Ordering::Relaxed)),
            None => rand::rng().random(),
        }
    }

    /// What the table logic needs from outside, for a command at `now`. A command that
    /// opens a table gets its server seed here: 32 bytes from the operating system (or from
    /// the fixed seed of a test); no other command pays for drawing one.
    pub(super) async fn table_context(
        &self,
        settings: &ChatSettings,
        now: i64,
        opens: bool,
    ) -> Result<TableContext, ServiceError> {
        let seed = self.new_seed();
        Ok(TableContext {
            now,
            rules: self.rules_of(settings).await?,
            season: settings.season,
            seed,
            server_seed: opens.then(|| self.server_seed(seed)),
            turn_ms: self.turn_ms(settings),
            undo_ms: i64::from(self.config.undo_window_seconds) * 1000,
            computer_pause_ms: i64::from(self.config.computer_pause_ms),
            computers: self.computers.clone(),
        })
    }

    pub(super) fn server_seed(&self, seed: u64) -> ServerSeed {
        let mut bytes = [0u8; 32];
        match self.seed {
            Some(_) => ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut bytes),
            None => {
                if let Err(e) = getrandom::fill(&mut bytes) {
                    // The thread RNG is seeded from the operating system too.
                    warn!(error = %e, "the operating system's random source failed");
                    rand::rng().fill_bytes(&mut bytes);
                }
            }
        }
        ServerSeed::from_bytes(&bytes)
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
        let ctx = self
            .table_context(settings, self.now(), cmd.request == Request::Open)
            .await
            .map_err(fail)?;
        let mut dice = TableDice::of(slot.table.as_ref(), ctx.seed);
        let mut out = table::apply(slot.table.as_ref(), cmd, &ctx, &mut dice).map_err(fail)?;
        let throws = dice.record(&mut out);
        let zone = self.zone(settings);
        if cmd.request == Request::Look && !out.changed {
            return Ok(from_table::look(&out.table, &cmd.actor.user, langs, &zone));
        }
        let prior = slot.table.as_ref().map_or(0, |t| t.version);
        self.commit(&mut out, prior, &throws, cmd, ctx.now).await?;
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
        let place = self.store.table_place(table_id).await?;
        match place {
            Some((place, status)) if place == cmd.chat && !status.is_open() => {
                Err(ServiceError::GameOver)
            }
            Some((place, _)) if place == cmd.chat => Ok(()),
            _ => Err(ServiceError::ForeignButton),
        }
    }

    /// Stores a table outcome decided on the table at version `prior`; on success its table
    /// has its id and log position.
    pub(super) async fn commit(
        &self,
        out: &mut TableOutcome,
        prior: u64,
        throws: &[ThrowRow],
        cmd: &Command,
        now: i64,
    ) -> Result<(), Failure> {
        out.table.log_seq += 1;
        let command = serde_json::to_string(&cmd.request).unwrap_or_default();
        let events = serde_json::to_string(&out.events).unwrap_or_default();
        let actor_name = table::clean_name(&cmd.actor.name);
        let commit = crate::store::Commit {
            table: &out.table,
            prior_version: prior,
            actor: cmd.actor.user.as_str(),
            actor_name: &actor_name,
            command,
            events,
            debts: &out.debts,
            throws,
            stats: &out.stats,
            reversed_debts: &out.taken_back.debts,
            stats_off: &out.taken_back.stats,
            request_id: cmd.request_id.as_deref(),
            now,
        };
        let id = self.store.commit(&commit).await?;
        self.metrics.moved(out.table.chat.platform());
        out.table.id = id;
        if out
            .events
            .iter()
            .any(|e| matches!(e, crate::engine::Event::GameOver(_)))
            && let Some(notice) = self.report_tournament_game(&out.table).await
        {
            out.notices.push(super::reply::Notice::Tournament(notice));
        }
        self.stored(super::TableChange {
            seq: out.table.log_seq,
            place: out.table.chat.clone(),
            table_id: id,
            version: out.table.version,
        });
        Ok(())
    }
}
