//! The penalty catalogue and the cash box: balances, payments (a member's own claim waits
//! for another member, as `bezahlt` does), history, CSV export, undo.

use super::{BookFile, ClubContent, ClubError, ClubNotice, club_content, club_error, club_notice};
use crate::club::{CashRow, Cents, EntryKind, cash_book, cashbox};
use crate::model::ids::UserId;
use crate::service::command::BookFormat;
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError, UserRef, table};
use crate::store::{ChatSettings, NewCashEntry, StoreError};

impl Service {
    pub(super) async fn show_catalogue(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let catalogue = self.store.club_catalogue(&cmd.chat.club()).await?;
        Ok(club_content(ClubContent::Catalogue(catalogue)))
    }

    pub(super) async fn set_catalogue(
        &self,
        cmd: &Command,
        words: &str,
    ) -> Result<Reply, ServiceError> {
        let club = cmd.chat.club();
        let before = self.store.club_catalogue(&club).await?;
        let after = before
            .with_changes(words)
            .map_err(|e| club_error(ClubError::Catalogue(e)))?;
        self.store
            .set_club_catalogue(&club, &after, self.now(), &cmd.actor.user.0)
            .await?;
        Ok(club_notice(
            ClubNotice::CatalogueChanged,
            Some(ClubContent::Catalogue(after)),
        ))
    }

    pub(super) async fn cash_box(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let balances = self.store.cash_balances(&cmd.chat.club()).await?;
        Ok(club_content(ClubContent::CashBox(balances)))
    }

    pub(super) async fn pay(
        &self,
        cmd: &Command,
        member: Option<&UserRef>,
        amount: &str,
    ) -> Result<Reply, ServiceError> {
        let club = cmd.chat.club();
        let (user, name) = self.club_member(cmd, member).await?;
        let claim = self.store.open_cash_claim(&club, &user).await?;
        let own = user == cmd.actor.user;
        let amount = payment_amount(amount, claim.as_ref(), own, &name)?;
        if own && claim.is_some() {
            return Err(club_error(ClubError::AlreadyClaimed));
        }
        if !own && cmd.actor.anonymous {
            return Err(ServiceError::AnonymousConfirmation);
        }
        let confirms = claim.filter(|_| !own).map(|c| c.id);
        let entry = self.payment_entry(cmd, (&user, &name), amount, confirms);
        let ids = match self
            .store
            .append_cash(&[entry], cmd.request_id.as_deref())
            .await
        {
            Err(StoreError::Stale) => {
                // Another member confirmed the same claim a moment earlier.
                let id = confirms.unwrap_or_default();
                return Err(club_error(ClubError::ClaimSettled { id }));
            }
            other => other?,
        };
        if own {
            let claim = ids.first().copied().unwrap_or_default();
            let claimed = ClubNotice::PaymentClaimed {
                name,
                amount,
                claim,
            };
            return Ok(club_notice(claimed, None));
        }
        let balance = self.store.cash_balance(&club, &user).await?;
        let by = table::clean_name(&cmd.actor.name);
        let booked = ClubNotice::PaymentBooked {
            name,
            by,
            amount,
            balance,
        };
        Ok(club_notice(booked, None))
    }

    /// `member` paid `amount`: booked at once when another member says so (confirming
    /// `confirms`, his claim, if any); his own word is a claim that moves no money yet.
    pub(super) fn payment_entry(
        &self,
        cmd: &Command,
        (user, name): (&UserId, &str),
        amount: Cents,
        confirms: Option<i64>,
    ) -> NewCashEntry {
        let own = *user == cmd.actor.user;
        let (kind, postings) = match own {
            true => (EntryKind::Claim, Vec::new()),
            false => (EntryKind::Payment, cashbox::payment(user, amount)),
        };
        NewCashEntry {
            club: cmd.chat.club(),
            at: self.now(),
            kind,
            member: Some(user.clone()),
            member_name: name.to_string(),
            amount,
            reason: if own { "claim" } else { "payment" }.into(),
            night_id: None,
            actor: cmd.actor.user.0.clone(),
            actor_name: table::clean_name(&cmd.actor.name),
            reverses: None,
            confirms,
            postings,
        }
    }

    /// The member a cash command names: the actor himself, or someone the club knows (a
    /// cash account, an attendee, an open claim, a player at this place's table).
    async fn club_member(
        &self,
        cmd: &Command,
        member: Option<&UserRef>,
    ) -> Result<(UserId, String), ServiceError> {
        let unknown = |name: &str| club_error(ClubError::UnknownMember { name: name.into() });
        let Some(member) = member else {
            return Ok((cmd.actor.user.clone(), table::clean_name(&cmd.actor.name)));
        };
        let known = self.known_members(cmd).await?;
        match member {
            UserRef::Id(user) if *user == cmd.actor.user => {
                Ok((user.clone(), table::clean_name(&cmd.actor.name)))
            }
            UserRef::Id(user) => known
                .into_iter()
                .find(|(u, _)| u == user)
                .ok_or_else(|| unknown(&user.0)),
            UserRef::Name(name) => {
                let wanted = name.trim().trim_start_matches('@').to_lowercase();
                if wanted == table::clean_name(&cmd.actor.name).to_lowercase() {
                    return Ok((cmd.actor.user.clone(), table::clean_name(&cmd.actor.name)));
                }
                known
                    .into_iter()
                    .find(|(_, n)| n.to_lowercase() == wanted)
                    .ok_or_else(|| unknown(name))
            }
        }
    }

    /// Everyone the club knows by name: cash accounts and attendees, a newcomer who paid
    /// before his first evening (his open claim), and the people seated at the table of the
    /// place the command came from (a stranger found a player at the table "unknown").
    async fn known_members(&self, cmd: &Command) -> Result<Vec<(UserId, String)>, ServiceError> {
        let club = cmd.chat.club();
        let mut known = self.store.club_members(&club).await?;
        let claims = self.store.open_cash_claims(&club).await?;
        let claimants = claims
            .into_iter()
            .filter_map(|c| Some((c.member?, c.member_name)));
        let table = self.store.latest_table(&cmd.chat).await?;
        let seated = table
            .into_iter()
            .flat_map(|t| t.members)
            .filter(|m| !m.bot)
            .map(|m| (m.user, m.name));
        for (user, name) in claimants.chain(seated) {
            if !known.iter().any(|(u, _)| *u == user) {
                known.push((user, name));
            }
        }
        Ok(known)
    }

    pub(super) async fn cash_history(
        &self,
        cmd: &Command,
        page: u32,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let page = page.max(1);
        let (rows, pages) = self
            .store
            .cash_history(&cmd.chat.club(), None, page, self.config.history_page_size)
            .await?;
        if page > pages {
            return Err(ServiceError::NoSuchPage { pages });
        }
        Ok(club_content(ClubContent::CashHistory {
            rows,
            page,
            pages,
            time_zone: self.zone(settings),
        }))
    }

    pub(super) async fn cash_export(
        &self,
        cmd: &Command,
        format: BookFormat,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let entries = self.store.cash_entries(&cmd.chat.club()).await?;
        Ok(club_content(ClubContent::CashBookFile(Box::new(
            BookFile {
                book: cash_book(&entries),
                format,
                time_zone: self.zone(settings),
                made_at: self.now(),
                club_name: cmd.place_name.clone(),
            },
        ))))
    }
}

/// The amount of a payment as typed; confirming another's claim without one takes the
/// claim's amount, while one's own waiting claim is for somebody else to confirm.
fn payment_amount(
    typed: &str,
    claim: Option<&CashRow>,
    own: bool,
    name: &str,
) -> Result<Cents, ServiceError> {
    let amount = match (typed.trim(), claim) {
        ("", Some(claim)) if !own => claim.amount,
        ("", Some(claim)) => {
            return Err(club_error(ClubError::OwnClaimWaits {
                amount: claim.amount,
                name: name.to_string(),
            }));
        }
        ("", None) if !own => {
            return Err(club_error(ClubError::NoOpenClaim {
                name: name.to_string(),
            }));
        }
        ("", None) => return Err(club_error(ClubError::AmountMissing)),
        (text, _) => Cents::parse(text).map_err(|e| club_error(ClubError::Money(e)))?,
    };
    if amount.is_zero() {
        return Err(club_error(ClubError::ZeroAmount));
    }
    Ok(amount)
}
