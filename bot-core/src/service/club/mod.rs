//! Club nights as chat commands (issue 25): the evening (open, check in, close with its
//! summary and charges), the penalty catalogue, the cash box, ratings and the championship.
//! The reckoning is [`crate::club`]'s; this module gathers the facts, checks who may do
//! what, and stores.

mod cash;
mod claims;
pub(super) mod error;
mod night;
mod reminders;
pub(super) mod reply;
mod standings;
mod undo;

pub use error::ClubError;
pub use reply::{BookFile, ClubContent, ClubNotice, NightReport, Unpaid};

use super::command::ClubRequest;
use super::reply::{Content, Notice, Reply};
use super::{Command, Langs, Service, ServiceError};
use crate::store::ChatSettings;

impl Service {
    pub(super) async fn club(
        &self,
        cmd: &Command,
        request: &ClubRequest,
        settings: &ChatSettings,
        langs: Langs,
    ) -> Result<Reply, ServiceError> {
        let admin_only = matches!(
            request,
            ClubRequest::OpenNight { .. }
                | ClubRequest::CloseNight
                | ClubRequest::SetCatalogue { .. }
        );
        if admin_only && !cmd.actor.admin {
            return Err(ServiceError::AdminOnly);
        }
        let mut reply = match request {
            ClubRequest::OpenNight { late_after } => {
                self.open_night(cmd, late_after.as_deref(), settings).await
            }
            ClubRequest::NightStatus => self.night_status(cmd, settings).await,
            ClubRequest::CheckIn => self.check_in(cmd, settings).await,
            ClubRequest::CloseNight => self.close_night(cmd, settings).await,
            ClubRequest::ShowCatalogue => self.show_catalogue(cmd).await,
            ClubRequest::SetCatalogue { words } => self.set_catalogue(cmd, words).await,
            ClubRequest::CashBox => self.cash_box(cmd).await,
            ClubRequest::Pay { member, amount } => self.pay(cmd, member.as_ref(), amount).await,
            ClubRequest::CashHistory { page } => self.cash_history(cmd, *page, settings).await,
            ClubRequest::CashExport { format } => self.cash_export(cmd, *format, settings).await,
            ClubRequest::ConfirmClaim { claim } => self.confirm_claim(cmd, *claim).await,
            ClubRequest::RejectClaim { claim } => self.reject_claim(cmd, *claim).await,
            ClubRequest::CashUndo { entry } => self.cash_undo(cmd, *entry).await,
            ClubRequest::Ratings => self.ratings(cmd).await,
            ClubRequest::Championship => self.championship(cmd, settings).await,
        }?;
        reply.lang = langs.public;
        reply.actor_lang = langs.actor;
        Ok(reply)
    }
}

/// A public answer with content.
fn club_content(content: ClubContent) -> Reply {
    Reply {
        content: Some(Content::Club(Box::new(content))),
        ..Reply::default()
    }
}

/// A public notice, optionally with content.
fn club_notice(notice: ClubNotice, content: Option<ClubContent>) -> Reply {
    Reply {
        notices: vec![Notice::Club(notice)],
        content: content.map(|c| Content::Club(Box::new(c))),
        ..Reply::default()
    }
}

fn club_error(e: ClubError) -> ServiceError {
    ServiceError::Club(e)
}
