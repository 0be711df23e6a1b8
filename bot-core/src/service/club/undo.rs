//! Taking back a cash entry: an entry is never changed, only reversed. Without a number a
//! member takes back the newest entry that booked money for himself (his claim, or a payment
//! for him), within the undo window; any other entry needs its number and the right to it:
//! an admin any time, or — within the undo window — the member who booked a payment for
//! another (his confirmation) and the member it is for. The answer names what was reversed
//! and, when it moved someone's balance, where that balance stands now.

use super::{ClubError, ClubNotice, club_error, club_notice};
use crate::club::{CashRow, EntryKind};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError, table};

impl Service {
    pub(super) async fn cash_undo(
        &self,
        cmd: &Command,
        entry: Option<i64>,
    ) -> Result<Reply, ServiceError> {
        let club = cmd.chat.club();
        let target = match entry {
            Some(id) => self.numbered_entry(cmd, id).await?,
            None => self.own_newest_payment(cmd).await?,
        };
        let actor_name = table::clean_name(&cmd.actor.name);
        let undone = self
            .store
            .reverse_cash(&club, target.id, self.now(), &cmd.actor.user.0, &actor_name)
            .await?;
        if undone.is_none() {
            return Err(club_error(ClubError::NotUndoable { id: target.id }));
        }
        let balance = match (&target.member, target.kind) {
            // A claim moved no money: no balance changed.
            (Some(member), kind) if kind != EntryKind::Claim => {
                Some(self.store.cash_balance(&club, member).await?)
            }
            _ => None,
        };
        Ok(club_notice(
            ClubNotice::CashUndone {
                id: target.id,
                kind: target.kind.id().into(),
                name: target.member_name,
                amount: target.amount,
                by: actor_name,
                balance,
            },
            None,
        ))
    }

    /// The newest entry that booked money for the actor himself, within the undo window.
    async fn own_newest_payment(&self, cmd: &Command) -> Result<CashRow, ServiceError> {
        let own = self
            .store
            .newest_own_payment(&cmd.chat.club(), &cmd.actor.user)
            .await?
            .ok_or(club_error(ClubError::NothingOwnToUndo))?;
        self.within_undo_window(&own)?;
        Ok(own)
    }

    /// Entry `id`, if the actor may take it back.
    async fn numbered_entry(&self, cmd: &Command, id: i64) -> Result<CashRow, ServiceError> {
        let entry = self
            .store
            .cash_entry(&cmd.chat.club(), id)
            .await?
            .ok_or(club_error(ClubError::NoSuchEntry { id }))?;
        if cmd.actor.admin {
            return Ok(entry);
        }
        let actor = &cmd.actor.user;
        let payment = matches!(entry.kind, EntryKind::Payment | EntryKind::Claim);
        let his = entry.member.as_ref() == Some(actor);
        let booked_by_him = entry.kind == EntryKind::Payment && entry.actor == actor.0;
        if !(payment && (his || booked_by_him)) {
            return Err(club_error(ClubError::NotYourEntry { id }));
        }
        self.within_undo_window(&entry)?;
        Ok(entry)
    }

    fn within_undo_window(&self, entry: &CashRow) -> Result<(), ServiceError> {
        let window = i64::from(self.config.undo_window_seconds) * 1000;
        if self.now() - entry.at > window {
            return Err(ServiceError::UndoExpired {
                minutes: self.config.undo_window_seconds.div_ceil(60),
            });
        }
        Ok(())
    }
}
