//! A member's claim that he paid, settled by another member with one tap (issue 37): confirmed,
//! it books his payment; rejected, it is reversed and books nothing. The claimant cannot
//! confirm his own claim; rejecting it himself withdraws it.

use super::{ClubError, ClubNotice, club_error, club_notice};
use crate::club::{CashRow, EntryKind};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError, table};
use crate::store::StoreError;

impl Service {
    pub(super) async fn confirm_claim(
        &self,
        cmd: &Command,
        claim: i64,
    ) -> Result<Reply, ServiceError> {
        let claim = self.open_claim(cmd, claim).await?;
        let (Some(member), false) = (&claim.member, claim.confirmed) else {
            return Err(club_error(ClubError::ClaimSettled { id: claim.id }));
        };
        if *member == cmd.actor.user {
            return Err(club_error(ClubError::OwnClaimWaits {
                amount: claim.amount,
                name: claim.member_name,
            }));
        }
        if cmd.actor.anonymous {
            return Err(ServiceError::AnonymousConfirmation);
        }
        let entry = self.payment_entry(
            cmd,
            (member, &claim.member_name),
            claim.amount,
            Some(claim.id),
        );
        let stored = self
            .store
            .append_cash(&[entry], cmd.request_id.as_deref())
            .await;
        match stored {
            Err(StoreError::Stale) => {
                return Err(club_error(ClubError::ClaimSettled { id: claim.id }));
            }
            other => other?,
        };
        let balance = self.store.cash_balance(&cmd.chat.club(), member).await?;
        let booked = ClubNotice::PaymentBooked {
            name: claim.member_name,
            by: table::clean_name(&cmd.actor.name),
            amount: claim.amount,
            balance,
        };
        Ok(club_notice(booked, None))
    }

    pub(super) async fn reject_claim(
        &self,
        cmd: &Command,
        claim: i64,
    ) -> Result<Reply, ServiceError> {
        let claim = self.open_claim(cmd, claim).await?;
        if claim.confirmed {
            return Err(club_error(ClubError::ClaimSettled { id: claim.id }));
        }
        let by = table::clean_name(&cmd.actor.name);
        let reversed = self
            .store
            .reverse_cash(
                &cmd.chat.club(),
                claim.id,
                self.now(),
                &cmd.actor.user.0,
                &by,
            )
            .await?;
        if reversed.is_none() {
            return Err(club_error(ClubError::ClaimSettled { id: claim.id }));
        }
        let rejected = ClubNotice::ClaimRejected {
            name: claim.member_name,
            amount: claim.amount,
            withdrawn: claim.member.as_ref() == Some(&cmd.actor.user),
            by,
        };
        Ok(club_notice(rejected, None))
    }

    /// Claim `id` of the club, not settled yet.
    async fn open_claim(&self, cmd: &Command, id: i64) -> Result<CashRow, ServiceError> {
        let entry = self
            .store
            .cash_entry(&cmd.chat.club(), id)
            .await?
            .filter(|e| e.kind == EntryKind::Claim)
            .ok_or(club_error(ClubError::NoSuchEntry { id }))?;
        if entry.reversed {
            return Err(club_error(ClubError::ClaimSettled { id }));
        }
        Ok(entry)
    }
}
