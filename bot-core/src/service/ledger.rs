//! The Bierrunde ledger as chat commands: history, payments confirmed by another member,
//! undo within the window, and the CSV export.

use super::reply::{Content, Notice, Reply};
use super::{Command, Service, ServiceError, Slot, UserId, UserRef, content, lang_of, table};
use crate::store::{ChatSettings, NewLedgerEntry, StoreError};

impl Service {
    pub(super) async fn history(
        &self,
        cmd: &Command,
        page: u32,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let page = page.max(1);
        let (lines, pages) = self
            .store
            .history(&cmd.chat.group(), page, self.config.history_page_size)
            .await?;
        if page > pages {
            return Err(ServiceError::NoSuchPage { pages });
        }
        Ok(content(
            Content::History {
                lines,
                page,
                pages,
                time_zone: self.zone(settings),
            },
            lang_of(cmd),
        ))
    }

    pub(super) async fn resolve_debtor(
        &self,
        cmd: &Command,
        who: Option<&UserRef>,
        slot: &mut Slot,
    ) -> Result<(UserId, String), ServiceError> {
        match who {
            None => Ok((cmd.actor.user.clone(), table::clean_name(&cmd.actor.name))),
            Some(UserRef::Id(user)) => {
                if let Some(name) = self.store.debtor_name(&cmd.chat.group(), user).await? {
                    return Ok((user.clone(), name));
                }
                // Never in the ledger: he owes nothing; name him as the table knows him.
                let _ = self.load(&cmd.chat, slot).await;
                let name = slot
                    .table
                    .as_ref()
                    .and_then(|t| t.member_index(user).map(|i| t.members[i].name.clone()));
                Err(ServiceError::NothingOwed { name })
            }
            Some(UserRef::Name(name)) => {
                if let Some(found) = self.store.debtor_by_name(&cmd.chat.group(), name).await? {
                    return Ok(found);
                }
                let _ = self.load(&cmd.chat, slot).await;
                let wanted = name.trim().trim_start_matches('@').to_lowercase();
                slot.table
                    .as_ref()
                    .and_then(|t| t.members.iter().find(|m| m.name.to_lowercase() == wanted))
                    .map(|m| (m.user.clone(), m.name.clone()))
                    .ok_or_else(|| ServiceError::NothingOwed {
                        name: Some(name.clone()),
                    })
            }
        }
    }

    pub(super) async fn paid(
        &self,
        cmd: &Command,
        who: Option<&UserRef>,
        slot: &mut Slot,
    ) -> Result<Reply, ServiceError> {
        if cmd.actor.anonymous {
            // An anonymous admin writes as the group: nobody knows who confirms (he may be
            // the debtor himself), so he is no "other member".
            return Err(ServiceError::AnonymousConfirmation);
        }
        let (debtor, debtor_name) = self.resolve_debtor(cmd, who, slot).await?;
        let owed = self.store.owed(&cmd.chat.group(), &debtor).await?;
        if owed <= 0 {
            return Err(ServiceError::NothingOwed {
                name: Some(debtor_name),
            });
        }
        let now = self.now();
        let actor_name = table::clean_name(&cmd.actor.name);
        let mut entry = NewLedgerEntry {
            chat: cmd.chat.group(),
            at: now,
            kind: "paid",
            debtor: debtor.clone(),
            debtor_name: debtor_name.clone(),
            rounds: -1,
            reason: "paid".into(),
            table_id: None,
            actor: cmd.actor.user.0.clone(),
            actor_name: actor_name.clone(),
            reverses: None,
        };
        let notice = if debtor == cmd.actor.user {
            // The debtor alone cannot settle: his claim waits for another member.
            if self
                .store
                .open_claim(&cmd.chat.group(), &debtor)
                .await?
                .is_some()
            {
                return Err(ServiceError::AlreadyClaimed);
            }
            entry.kind = "claim";
            entry.rounds = 0;
            entry.reason = "claim".into();
            Notice::PaymentClaimed { name: debtor_name }
        } else {
            Notice::Paid {
                name: debtor_name,
                by: actor_name,
                left: owed - 1,
            }
        };
        self.store
            .append_ledger(&[entry], cmd.request_id.as_deref())
            .await?;
        Ok(Reply {
            notices: vec![notice],
            lang: lang_of(cmd),
            ..Reply::default()
        })
    }

    /// Whether an undo here takes back the round last entered at a tally table (running, or
    /// just ended by that round, even if the bot restarted since): unless the actor's own
    /// ledger action is newer, the round goes first.
    pub(super) async fn undoes_round(
        &self,
        cmd: &Command,
        slot: &mut Slot,
    ) -> Result<bool, StoreError> {
        self.load(&cmd.chat, slot).await?;
        if slot.table.is_none() {
            slot.table = self
                .store
                .latest_table(&cmd.chat)
                .await?
                .filter(|t| table::undoes_round(Some(t)));
        }
        let Some(entered_at) = slot
            .table
            .as_ref()
            .filter(|t| table::undoes_round(Some(t)))
            .and_then(|t| t.entered.as_ref())
            .map(|e| e.at)
        else {
            return Ok(false);
        };
        let own = self
            .store
            .last_own_action(&cmd.chat.group(), &cmd.actor.user)
            .await?;
        Ok(own.is_none_or(|o| o.at <= entered_at))
    }

    pub(super) async fn undo(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let last = self
            .store
            .last_own_action(&cmd.chat.group(), &cmd.actor.user)
            .await?
            .ok_or(ServiceError::NothingToUndo)?;
        let now = self.now();
        let window = i64::from(self.config.undo_window_seconds) * 1000;
        if now - last.at > window {
            return Err(ServiceError::UndoExpired {
                minutes: self.config.undo_window_seconds.div_ceil(60),
            });
        }
        let entry = NewLedgerEntry {
            chat: cmd.chat.group(),
            at: now,
            kind: "reversal",
            debtor: last.debtor.clone(),
            debtor_name: last.debtor_name.clone(),
            rounds: -last.rounds,
            reason: "undo".into(),
            table_id: last.table_id,
            actor: cmd.actor.user.0.clone(),
            actor_name: table::clean_name(&cmd.actor.name),
            reverses: Some(last.id),
        };
        self.store
            .append_ledger(&[entry], cmd.request_id.as_deref())
            .await?;
        Ok(Reply {
            notices: vec![Notice::Undone {
                kind: last.kind.clone(),
                name: last.debtor_name.clone(),
            }],
            lang: lang_of(cmd),
            ..Reply::default()
        })
    }

    pub(super) async fn export(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let rows = self.store.ledger_rows(&cmd.chat.group()).await?;
        let mut csv = String::from(
            "id,time_utc,kind,debtor,debtor_name,rounds,reason,table,recorded_by,reverses\n",
        );
        for r in rows {
            let fields = [
                r.id.to_string(),
                crate::time::utc_time(r.at),
                r.kind,
                r.debtor.0,
                r.debtor_name,
                r.rounds.to_string(),
                r.reason,
                r.table_id.map(|t| t.to_string()).unwrap_or_default(),
                r.actor_name,
                r.reverses.map(|t| t.to_string()).unwrap_or_default(),
            ];
            csv.push_str(&crate::csv::row(&fields));
        }
        let filename = format!(
            "bierrunden-{}.csv",
            sanitize_filename(&cmd.chat.group().to_string())
        );
        Ok(content(Content::Export { filename, csv }, lang_of(cmd)))
    }
}

pub(super) fn sanitize_filename(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}
