//! The evening: opened by an admin, members check in (late after the set time), every game
//! at the club's tables in between counts, and the close books the catalogue's charges and
//! posts the summary.

use super::{
    ClubContent, ClubError, ClubNotice, NightReport, club_content, club_error, club_notice,
};
use crate::club::{Cents, NightFacts, PenaltyCatalogue, cashbox, reckon};
use crate::model::ids::UserId;
use crate::service::reply::{Notice, Reply};
use crate::service::{Command, Service, ServiceError, table};
use crate::store::{
    CashBalances, ChatSettings, NewCashEntry, NewNight, NightRow, OpenNight, StoreError,
};

impl Service {
    pub(super) async fn open_night(
        &self,
        cmd: &Command,
        late_after: Option<&str>,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let now = self.now();
        let zone = self.zone(settings);
        let late_after = match late_after.map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => Some(
                crate::time::today_at(now, text, &zone)
                    .ok_or_else(|| club_error(ClubError::BadClock { text: text.into() }))?,
            ),
        };
        let night = NewNight {
            club: cmd.chat.club(),
            chat: cmd.chat.clone(),
            season: settings.season,
            opened_at: now,
            opened_by: cmd.actor.user.0.clone(),
            late_after,
        };
        match self.store.open_night(&night).await? {
            OpenNight::Opened(_) => Ok(club_notice(
                ClubNotice::NightOpened {
                    late_after,
                    time_zone: zone,
                },
                None,
            )),
            OpenNight::AlreadyOpen(open) => Err(club_error(ClubError::NightAlreadyOpen {
                opened_at: open.opened_at,
            })),
        }
    }

    async fn open_night_or_refuse(&self, cmd: &Command) -> Result<NightRow, ServiceError> {
        self.store
            .open_night_of(&cmd.chat.club())
            .await?
            .ok_or(club_error(ClubError::NoNightOpen))
    }

    pub(super) async fn check_in(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let night = self.open_night_or_refuse(cmd).await?;
        let now = self.now();
        let late = night.late_after.is_some_and(|at| now > at);
        let name = table::clean_name(&cmd.actor.name);
        let earlier = self
            .store
            .check_in(night.id, &cmd.actor.user, &name, now, late)
            .await
            .map_err(closed_meanwhile)?;
        match earlier {
            None => Ok(club_notice(ClubNotice::CheckedIn { name, late }, None)),
            // Changes nothing: said to him alone, in his language.
            Some(earlier) => Ok(Reply {
                private_notices: vec![Notice::Club(ClubNotice::AlreadyCheckedIn {
                    name,
                    at: earlier.at,
                    time_zone: self.zone(settings),
                })],
                ..Reply::default()
            }),
        }
    }

    /// The open evening so far: who is there, the games, the penalties as they stand.
    pub(super) async fn night_status(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let night = self.open_night_or_refuse(cmd).await?;
        let now = self.now();
        let (report, _) = self.reckon_night(&night, now, settings).await?;
        Ok(club_content(ClubContent::Night(report)))
    }

    pub(super) async fn close_night(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let night = self.open_night_or_refuse(cmd).await?;
        let now = self.now();
        let (mut report, charges) = self.reckon_night(&night, now, settings).await?;
        let actor_name = table::clean_name(&cmd.actor.name);
        let entries: Vec<NewCashEntry> = charges
            .iter()
            .map(|c| NewCashEntry {
                club: night.club.clone(),
                at: now,
                kind: crate::club::EntryKind::Charge,
                member: Some(c.user.clone()),
                member_name: c.name.clone(),
                amount: c.amount,
                reason: c.kind.id().into(),
                night_id: Some(night.id),
                actor: cmd.actor.user.0.clone(),
                actor_name: actor_name.clone(),
                reverses: None,
                confirms: None,
                postings: cashbox::charge(&c.user, c.amount),
            })
            .collect();
        self.store
            .close_night(&night, now, &report.members, &entries)
            .await
            .map_err(closed_meanwhile)?;
        let balances = self.store.cash_balances(&night.club).await?;
        report.closed_at = Some(now);
        (report.owed, report.in_box) = box_figures(&balances);
        for m in &mut report.members {
            m.balance = Some(balance_of(&balances, &m.user));
        }
        Ok(club_notice(
            ClubNotice::NightClosed,
            Some(ClubContent::Night(report)),
        ))
    }

    /// The evening reckoned up to `now` with the club's catalogue, and its charges.
    async fn reckon_night(
        &self,
        night: &NightRow,
        now: i64,
        settings: &ChatSettings,
    ) -> Result<(NightReport, Vec<crate::club::Charge>), ServiceError> {
        let facts: NightFacts = self.store.night_facts(night, now).await?;
        let catalogue: PenaltyCatalogue = self.store.club_catalogue(&night.club).await?;
        let balances = self.store.cash_balances(&night.club).await?;
        let reckoning = reckon(&catalogue, &facts);
        let (owed, in_box) = box_figures(&balances);
        let report = NightReport {
            opened_at: night.opened_at,
            closed_at: None,
            late_after: night.late_after,
            time_zone: self.zone(settings),
            games: reckoning.games,
            bierrunden: reckoning.bierrunden(),
            best: reckoning.best.clone(),
            rules: self.rules_of(settings).await?,
            total: reckoning.total(),
            absent_share: reckoning.absent_share,
            round_price: catalogue.round_price,
            owed,
            in_box,
            members: reckoning.members,
        };
        Ok((report, reckoning.charges))
    }
}

/// The evening was closed by someone else in the meantime: nothing was stored.
fn closed_meanwhile(e: StoreError) -> ServiceError {
    match e {
        StoreError::Stale => club_error(ClubError::NoNightOpen),
        other => other.into(),
    }
}

/// `user`'s cash account (above zero: he owes; below: his credit).
fn balance_of(balances: &CashBalances, user: &UserId) -> Cents {
    balances
        .members
        .iter()
        .find(|(u, _, _)| u == user)
        .map_or(Cents::ZERO, |(_, _, b)| *b)
}

/// What members owe the box in all (credits left out), and the cash in it.
fn box_figures(balances: &CashBalances) -> (Cents, Cents) {
    let owed = balances
        .members
        .iter()
        .map(|(_, _, b)| *b)
        .filter(|b| b.0 > 0)
        .sum();
    (owed, balances.in_box)
}
