//! Read-only requests: the table (or how the last game ended), the last reveal, the rules,
//! the open rounds, the statistics, the referee, the help, and a hint. They change nothing.

use super::from_table::{private_view, public_table};
use super::reply::{Content, Notice, Reply};
use super::table::{self, TableStatus};
use super::{Command, Langs, Request, Service, ServiceError, Slot, content};
use crate::engine::judge::JudgeRound;
use crate::grammar;
use crate::store::ChatSettings;

impl Service {
    pub(super) async fn read(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
        langs: Langs,
    ) -> Result<Reply, ServiceError> {
        let group = cmd.chat.group();
        let answer = match &cmd.request {
            Request::ShowRules { details } => {
                self.rules_content(settings, self.rules_of(settings).await?, *details)
            }
            Request::Debts => Content::Debts(self.store.debts(&group).await?),
            Request::Stats => Content::Stats {
                season: settings.season,
                lines: self.store.stats(&group, settings.season).await?,
            },
            Request::Judge { text } => judge(text, settings)?,
            _ => Content::Help,
        };
        Ok(content(answer, langs.public))
    }

    /// The place's table (or how its last game ended) with the actor's cup, or the last
    /// round's reveal.
    pub(super) async fn show(
        &self,
        cmd: &Command,
        slot: &Slot,
        settings: &ChatSettings,
        langs: Langs,
    ) -> Result<Reply, ServiceError> {
        let table = match slot.table.clone() {
            Some(t) => Some(t),
            None => self.store.latest_table(&cmd.chat).await?,
        };
        let zone = self.zone(settings);
        let Some(table) = table else {
            return Err(match cmd.request {
                Request::Reveal => ServiceError::NotRunning,
                _ => ServiceError::NoTable,
            });
        };
        if cmd.request == Request::Reveal {
            let game = table.game.as_ref().ok_or(ServiceError::NotRunning)?;
            // A game whose first round is still being thrown has nothing to show yet.
            let summary = game
                .last_round()
                .cloned()
                .ok_or(ServiceError::NothingRevealed)?;
            return Ok(content(
                Content::Reveal {
                    summary: Box::new(summary),
                    table: Box::new(public_table(&table, &zone)),
                },
                langs.public,
            ));
        }
        Ok(Reply {
            table: Some(public_table(&table, &zone)),
            private: private_view(&table, &cmd.actor.user, langs.actor),
            lang: langs.public,
            actor_lang: langs.actor,
            ..Reply::default()
        })
    }
}

/// Referees a round played with real dice, under the chat's rules.
fn judge(input: &str, settings: &ChatSettings) -> Result<Content, ServiceError> {
    let parsed = grammar::judge::parse(input).map_err(|e| ServiceError::JudgeSyntax(e.part))?;
    let rules = settings.rules()?;
    let round = JudgeRound::from_input(&parsed, Some(&rules))?;
    let outcome = round.score();
    Ok(Content::Judge {
        round: Box::new(round),
        outcome: Box::new(outcome),
    })
}

impl Service {
    /// A private hint for the actor from the exact odds (if the chat allows hints).
    pub(super) async fn hint(
        &self,
        cmd: &Command,
        slot: &Slot,
        settings: &ChatSettings,
        langs: Langs,
    ) -> Result<Reply, ServiceError> {
        if !self.hints_on(settings) {
            return Err(ServiceError::HintsOff);
        }
        let table = slot
            .table
            .as_ref()
            .filter(|t| t.status == TableStatus::Running)
            .ok_or(ServiceError::NotRunning)?;
        let ctx = self.table_context(settings, self.now(), false).await?;
        let hint = table::hint(table, &cmd.actor.user, &ctx)?;
        Ok(Reply {
            private_notices: vec![Notice::Hint(hint)],
            lang: langs.public,
            actor_lang: langs.actor,
            ..Reply::default()
        })
    }

    /// Private views offer the "💡 Tipp" button where the chat allows hints.
    pub(super) fn offer_hints(&self, reply: &mut Reply, settings: &ChatSettings) {
        let on = self.hints_on(settings);
        for view in [reply.private.as_mut(), reply.next_private.as_mut()]
            .into_iter()
            .flatten()
        {
            view.hints = on;
        }
    }
}
