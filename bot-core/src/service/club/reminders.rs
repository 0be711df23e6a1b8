//! Reminders of unpaid balances (issue 25): a club whose catalogue sets `erinnerung=N`
//! hears in the chat of its newest evening who has owed the box for N days or more, at most
//! once a day. Off by default (N = 0).

use super::{ClubNotice, Unpaid};
use crate::service::reply::{Notice, Reply};
use crate::service::{Outbound, Service};
use tracing::warn;

const DAY_MS: i64 = 24 * 3_600_000;

impl Service {
    /// Reminds every club that is due; called with the housekeeping, about once a minute.
    pub(in crate::service) async fn remind_unpaid(&self, now: i64) {
        let clubs = match self.store.clubs_with_reminders().await {
            Ok(clubs) => clubs,
            Err(e) => {
                warn!(error = %e, "could not read which clubs want reminders");
                return;
            }
        };
        for (club, catalogue) in clubs {
            let min_days = i64::from(catalogue.reminder_days);
            let Ok(unpaid) = self.store.unpaid_since(&club).await else {
                continue;
            };
            let lines: Vec<Unpaid> = unpaid
                .into_iter()
                .filter(|(_, _, _, since)| now - since >= min_days * DAY_MS)
                .map(|(_, name, amount, since)| Unpaid {
                    name,
                    amount,
                    days: u32::try_from((now - since) / DAY_MS).unwrap_or(u32::MAX),
                })
                .collect();
            if lines.is_empty() {
                continue;
            }
            let Ok(Some(chat)) = self.store.club_home_chat(&club).await else {
                continue;
            };
            // Claimed before it is sent: a crash in between loses one reminder rather than
            // sending two in a day.
            match self
                .store
                .claim_cash_reminder(&club, now, now - DAY_MS)
                .await
            {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    warn!(error = %e, "could not note a reminder");
                    continue;
                }
            }
            let lang = match self.settings(&chat.group()).await {
                Ok(settings) => settings.lang.unwrap_or_default(),
                Err(_) => Default::default(),
            };
            let reply = Reply {
                notices: vec![Notice::Club(ClubNotice::CashReminder { lines })],
                lang,
                actor_lang: lang,
                ..Reply::default()
            };
            let _ = self.outbound.send(Outbound { chat, reply });
        }
    }
}
