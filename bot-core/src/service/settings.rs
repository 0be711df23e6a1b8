//! Chat settings: the house rules (a preset plus switches) and the turn timer.

use super::reply::{Content, Notice, Reply};
use super::{Command, Service, ServiceError, Slot, TableStatus, content, storage_error};
use crate::engine::RuleSet;
use crate::store::ChatSettings;

impl Service {
    pub(super) async fn set_rules(
        &self,
        cmd: &Command,
        mut settings: ChatSettings,
        preset: Option<&str>,
        switches: &[String],
        slot: &mut Slot,
    ) -> Result<Reply, ServiceError> {
        if !cmd.actor.admin {
            return Err(ServiceError::AdminOnly);
        }
        let (base, current) = match preset {
            Some(name) => {
                let base = RuleSet::preset(name)?;
                (base.clone(), base)
            }
            None => (RuleSet::preset(&settings.preset)?, settings.rules()?),
        };
        let rules = current.with_assignments(switches)?;
        settings.preset = base.name.clone();
        settings.overrides = toml::to_string(&rules.diff_from(&base)).unwrap_or_default();
        self.store
            .save_chat_settings(&settings, cmd.request_id.as_deref(), self.now())
            .await
            .map_err(storage_error)?;
        let lang = cmd.chat_lang.or(settings.lang).unwrap_or_default();
        let mut reply = content(
            Content::Rules {
                rules: rules.clone(),
                timer_seconds: settings
                    .turn_timer
                    .unwrap_or(self.config.turn_timer_seconds),
            },
            lang,
        );
        reply.notices.push(Notice::RulesSet { rules: rules.name });
        let _ = self.load(&cmd.chat, slot).await;
        if slot
            .table
            .as_ref()
            .is_some_and(|t| t.status == TableStatus::Running)
        {
            reply.notices.push(Notice::RulesApplyNextGame);
        }
        Ok(reply)
    }

    pub(super) async fn set_timer(
        &self,
        cmd: &Command,
        mut settings: ChatSettings,
        seconds: u32,
    ) -> Result<Reply, ServiceError> {
        if !cmd.actor.admin {
            return Err(ServiceError::AdminOnly);
        }
        if seconds != 0 && !(30..=3600).contains(&seconds) {
            return Err(ServiceError::TimerRange);
        }
        settings.turn_timer = Some(seconds);
        self.store
            .save_chat_settings(&settings, cmd.request_id.as_deref(), self.now())
            .await
            .map_err(storage_error)?;
        let lang = cmd.chat_lang.or(settings.lang).unwrap_or_default();
        Ok(Reply {
            notices: vec![Notice::TimerSet { seconds }],
            lang,
            ..Reply::default()
        })
    }
}
