//! A chat's settings: the house rules (a preset plus switches), the turn timer, the time zone,
//! the language and the season. They belong to the chat (a Telegram group's topics share
//! them) and are cached per chat; a change holds the chat's cache lock from reading to saving,
//! so two topics changing settings at once do not lose either change.

use super::reply::{Content, Notice, Reply};
use super::{ChatId, Command, Langs, Request, Service, ServiceError, TableStatus, lock, shared};
use crate::engine::RuleSet;
use crate::store::{ChatSettings, StoreError};
use crate::text::Lang;

/// The cached settings of one chat and the rule set they give.
#[derive(Default)]
pub(super) struct ChatCache {
    settings: Option<ChatSettings>,
    rules: Option<RuleSet>,
}

impl Service {
    /// The chat's settings (cached), with the configured defaults filled in.
    pub(super) async fn settings(&self, group: &ChatId) -> Result<ChatSettings, StoreError> {
        let cache = shared(&self.chats, group);
        let mut cache = cache.lock().await;
        self.cached(group, &mut cache).await
    }

    async fn cached(
        &self,
        group: &ChatId,
        cache: &mut ChatCache,
    ) -> Result<ChatSettings, StoreError> {
        // Other processes sharing the database may have changed them: ask it every time.
        if let Some(settings) = &cache.settings
            && !self.store.backend().shared()
        {
            return Ok(settings.clone());
        }
        let mut settings = self.store.chat_settings(group).await?;
        if settings.preset.is_empty() {
            settings.preset = self.config.default_rules.clone();
        }
        if cache.settings.as_ref() != Some(&settings) {
            cache.rules = None;
        }
        cache.settings = Some(settings.clone());
        Ok(settings)
    }

    /// Notes the chat's language as the platform reports it; returns the settings.
    pub(super) async fn remember_lang(
        &self,
        group: &ChatId,
        lang: Lang,
    ) -> Result<ChatSettings, StoreError> {
        let cache = shared(&self.chats, group);
        let mut cache = cache.lock().await;
        let mut settings = self.cached(group, &mut cache).await?;
        if settings.lang != Some(lang) {
            settings.lang = Some(lang);
            self.store
                .save_chat_settings(&settings, None, self.now())
                .await?;
            cache.settings = Some(settings.clone());
        }
        Ok(settings)
    }

    /// The chat's rule set (cached with its settings).
    pub(super) async fn rules_of(&self, settings: &ChatSettings) -> Result<RuleSet, ServiceError> {
        let group = settings.chat.group();
        let cache = shared(&self.chats, &group);
        let mut cache = cache.lock().await;
        if let Some(rules) = &cache.rules
            && cache.settings.as_ref() == Some(settings)
        {
            return Ok(rules.clone());
        }
        let rules = settings.rules()?;
        if cache.settings.as_ref() == Some(settings) {
            cache.rules = Some(rules.clone());
        }
        Ok(rules)
    }

    /// Drops a chat's cached settings (after a storage failure or a migration).
    pub(super) fn forget_settings(&self, group: &ChatId) {
        lock(&self.chats).remove(group);
    }

    /// The time zone times are shown in, in the chat of `place`.
    pub(super) async fn zone_of(&self, place: &ChatId) -> String {
        match self.settings(&place.group()).await {
            Ok(settings) => self.zone(&settings),
            Err(_) => self.config.time_zone.clone(),
        }
    }

    pub(super) fn zone(&self, settings: &ChatSettings) -> String {
        settings
            .time_zone
            .clone()
            .unwrap_or_else(|| self.config.time_zone.clone())
    }

    /// Whether the chat allows hints from the exact odds.
    pub(super) fn hints_on(&self, settings: &ChatSettings) -> bool {
        settings.hints.unwrap_or(self.config.hints)
    }

    pub(super) fn timer_seconds(&self, settings: &ChatSettings) -> u32 {
        settings
            .turn_timer
            .unwrap_or(self.config.turn_timer_seconds)
    }

    /// The rules as the chat reads them (in words, or with `details` every key), with the
    /// timer and the time zone.
    pub(super) fn rules_content(
        &self,
        settings: &ChatSettings,
        rules: RuleSet,
        details: bool,
    ) -> Content {
        Content::Rules {
            rules,
            timer_seconds: self.timer_seconds(settings),
            time_zone: self.zone(settings),
            hints: self.hints_on(settings),
            details,
        }
    }

    /// A settings request (admins only): rules, timer, time zone, a new season.
    pub(super) async fn change_settings(
        &self,
        cmd: &Command,
        settings: ChatSettings,
        langs: Langs,
    ) -> Result<Reply, ServiceError> {
        if !cmd.actor.admin {
            return Err(ServiceError::AdminOnly);
        }
        let group = cmd.chat.group();
        let cache = shared(&self.chats, &group);
        let mut cache = cache.lock().await;
        if cmd.request == Request::CloseSeason {
            let next = self
                .store
                .close_season(
                    &group,
                    settings.season,
                    cmd.actor.user.as_str(),
                    self.now(),
                    cmd.request_id.as_deref(),
                )
                .await?;
            *cache = ChatCache::default();
            return Ok(Reply {
                notices: vec![Notice::SeasonClosed { season: next - 1 }],
                lang: langs.public,
                ..Reply::default()
            });
        }
        let mut changed = settings;
        let notices = change(&mut changed, &cmd.request)?;
        self.store
            .save_chat_settings(&changed, cmd.request_id.as_deref(), self.now())
            .await?;
        cache.settings = Some(changed.clone());
        cache.rules = None;
        drop(cache);
        // The answer says what changed, in words (no listing of all the rules); a running
        // game keeps its rules.
        let rules_changed = notices
            .iter()
            .any(|n| matches!(n, Notice::RulesChanged { before, after } if before != after));
        let mut reply = Reply {
            notices,
            lang: langs.public,
            ..Reply::default()
        };
        if rules_changed && self.table_running(&cmd.chat).await {
            reply.notices.push(Notice::RulesApplyNextGame);
        }
        Ok(reply)
    }

    /// Whether a game runs in this place (rule changes then wait for the next game).
    async fn table_running(&self, place: &ChatId) -> bool {
        matches!(
            self.store.open_table(place).await,
            Ok(Some(t)) if t.status == TableStatus::Running
        )
    }
}

/// Applies a settings request to `settings`; returns what to tell the chat. `hints=on|off`
/// travels with the rules' switches but is the chat's own setting, not a game rule.
fn change(settings: &mut ChatSettings, request: &Request) -> Result<Vec<Notice>, ServiceError> {
    Ok(vec![match request {
        Request::SetRules { preset, switches } => {
            let (hints, switches): (Vec<&String>, Vec<&String>) =
                switches.iter().partition(|s| is_hints_switch(s));
            let mut notices = Vec::new();
            for switch in hints {
                let on = hints_value(switch)?;
                settings.hints = Some(on);
                notices.push(Notice::HintsSet { on });
            }
            if preset.is_some() || !switches.is_empty() || notices.is_empty() {
                let switches: Vec<String> = switches.into_iter().cloned().collect();
                // Rules stored before that no longer read are compared with the default.
                let before = settings.rules().unwrap_or_default();
                let rules = set_rules(settings, preset.as_deref(), &switches)?;
                notices.insert(
                    0,
                    Notice::RulesSet {
                        rules: rules.name.clone(),
                    },
                );
                notices.insert(
                    1,
                    Notice::RulesChanged {
                        before: Box::new(before),
                        after: Box::new(rules),
                    },
                );
            }
            return Ok(notices);
        }
        Request::SetTimer { seconds } => {
            if *seconds != 0 && !(30..=3600).contains(seconds) {
                return Err(ServiceError::TimerRange);
            }
            settings.turn_timer = Some(*seconds);
            Notice::TimerSet { seconds: *seconds }
        }
        Request::SetTimeZone { zone } => {
            let name =
                crate::time::zone_name(zone).ok_or_else(|| ServiceError::UnknownTimeZone {
                    zone: zone.chars().take(40).collect(),
                })?;
            settings.time_zone = Some(name.clone());
            Notice::TimeZoneSet { zone: name }
        }
        _ => return Err(ServiceError::NotRunning),
    }])
}

fn is_hints_switch(switch: &str) -> bool {
    switch
        .split_once('=')
        .is_some_and(|(key, _)| matches!(key.trim().to_lowercase().as_str(), "hints" | "tipps"))
}

/// `hints=on` / `off` (also `an`/`aus`, `true`/`false`, `ja`/`nein`).
fn hints_value(switch: &str) -> Result<bool, ServiceError> {
    let value = switch.split_once('=').map(|(_, v)| v.trim()).unwrap_or("");
    match value.to_lowercase().as_str() {
        "on" | "an" | "true" | "ja" | "yes" | "1" => Ok(true),
        "off" | "aus" | "false" | "nein" | "no" | "0" => Ok(false),
        _ => Err(ServiceError::BadArgument {
            text: switch.chars().take(40).collect(),
        }),
    }
}

/// Applies a preset and/or switches to the chat's rules; returns the new rule set.
fn set_rules(
    settings: &mut ChatSettings,
    preset: Option<&str>,
    switches: &[String],
) -> Result<RuleSet, ServiceError> {
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
    Ok(rules)
}
