//! Interactions from the test's side: injecting slash commands and clicks, waiting for their
//! answers, and what each user got to see (the REST routes that answer them are in
//! `responses.rs`).

use super::state::InteractionState;
use super::{ANSWER_DEADLINE, Answer, Call, FakeDiscord, FakeMessage, FakeUser, Injected};
use super::{Place, Recorded, Slash, TIMESTAMP};
use anyhow::{anyhow, bail};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

impl FakeDiscord {
    /// Delivers an injected interaction once more (the same id and token), as a replayed or
    /// duplicated event would.
    pub fn redeliver(&self, sent: &Injected) -> anyhow::Result<()> {
        let payload = self
            .inner
            .lock()
            .interactions
            .get(&sent.token)
            .map(|i| i.payload.clone())
            .ok_or_else(|| anyhow!("unknown interaction {}", sent.id))?;
        self.inner.dispatch("INTERACTION_CREATE", payload)
    }

    /// Every first-response attempt for an interaction (a second one is refused with 400).
    pub fn callback_attempts(&self, interaction: u64) -> Vec<Recorded> {
        self.inner
            .lock()
            .requests
            .iter()
            .filter(|r| matches!(r.call, Call::Callback { interaction: i, .. } if i == interaction))
            .cloned()
            .collect()
    }

    /// A slash command in the fake guild's channel.
    pub fn slash(&self, user: &FakeUser, slash: &Slash) -> anyhow::Result<Injected> {
        self.slash_in(&self.place(), user, slash)
    }

    pub fn slash_in(
        &self,
        place: &Place,
        user: &FakeUser,
        slash: &Slash,
    ) -> anyhow::Result<Injected> {
        let command_id = {
            let state = self.inner.lock();
            state
                .commands
                .iter()
                .find(|c| c["name"] == slash.command.as_str())
                .and_then(|c| c["id"].as_str().and_then(|id| id.parse().ok()))
                .unwrap_or(1)
        };
        let data = slash.data(command_id, place.guild_id);
        self.inject(place, user, 2, data, None)
    }

    /// A click on button `custom_id` of message `message_id` (in its channel; an unknown
    /// message: in the fake guild's channel). The interaction's `message` is that message as
    /// it stands, as Discord sends it: an ephemeral one with `"flags": 64`, and a message
    /// that answers an interaction with that interaction's `interaction_metadata` (whose
    /// `user` is the one who sees an ephemeral message). Only the user an ephemeral message
    /// was shown to can click it: anyone else is an error (see [`FakeDiscord::replay_click`]).
    pub fn click(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<Injected> {
        self.click_in(&self.place_of(message_id), user, message_id, custom_id)
    }

    /// A click by `user` on a button of a message he cannot see: another user's ephemeral
    /// message, its `custom_id` and message id replayed by a modified client. The interaction
    /// carries that message as it stands, its owner's `interaction_metadata` included.
    pub fn replay_click(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<Injected> {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.inject(&self.place_of(message_id), user, 3, data, Some(message_id))
    }

    /// Where a message is (an unknown one: the fake guild's channel).
    fn place_of(&self, message_id: u64) -> Place {
        let mut place = self.place();
        if let Some(m) = self.message(message_id) {
            place.channel_id = m.channel_id;
            if let Some(guild) = self.inner.lock().channel_guilds.get(&m.channel_id) {
                place.guild_id = *guild;
            }
        }
        place
    }

    /// [`FakeDiscord::click`] in `place`.
    pub fn click_in(
        &self,
        place: &Place,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<Injected> {
        if let Some(m) = self.message(message_id)
            && m.ephemeral()
            && let Some(viewer) = m.user.filter(|viewer| *viewer != user.id)
        {
            bail!(
                "user {} cannot click ephemeral message {message_id}: only user {viewer} sees it",
                user.id
            );
        }
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.inject(place, user, 3, data, Some(message_id))
    }

    fn inject(
        &self,
        place: &Place,
        user: &FakeUser,
        kind: u8,
        data: Value,
        clicked: Option<u64>,
    ) -> anyhow::Result<Injected> {
        let inner = &self.inner;
        inner
            .lock()
            .channel_guilds
            .insert(place.channel_id, place.guild_id);
        let id = inner.next_id();
        let token = format!("interaction-token-{id}");
        let mut d = json!({
            "id": id.to_string(),
            "application_id": inner.application_id.to_string(),
            "type": kind,
            "data": data,
            "channel_id": place.channel_id.to_string(),
            "channel": {"id": place.channel_id.to_string(), "type": if place.guild_id.is_some() { 0 } else { 1 }},
            "token": token,
            "version": 1,
            "app_permissions": "2251799813685247",
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": if place.guild_id.is_some() { 0 } else { 1 },
            "attachment_size_limit": 8_388_608,
        });
        let Some(o) = d.as_object_mut() else {
            bail!("interaction JSON is an object");
        };
        match place.guild_id {
            Some(g) => {
                o.insert("guild_id".into(), json!(g.to_string()));
                o.insert("member".into(), user.member_json());
                if let Some(l) = &place.guild_locale {
                    o.insert("guild_locale".into(), json!(l));
                }
            }
            None => {
                o.insert("user".into(), user.user_json());
            }
        }
        let seq = {
            let mut state = inner.lock();
            if let Some(message_id) = clicked {
                let message = match state.messages.get(&message_id) {
                    Some(m) => inner.message_json(m),
                    None => json!({
                        "id": message_id.to_string(),
                        "channel_id": place.channel_id.to_string(),
                        "author": inner.bot_user(),
                        "content": "",
                        "timestamp": TIMESTAMP,
                        "edited_timestamp": null,
                        "tts": false,
                        "mention_everyone": false,
                        "mentions": [],
                        "mention_roles": [],
                        "attachments": [],
                        "embeds": [],
                        "pinned": false,
                        "type": 0,
                    }),
                };
                o.insert("message".into(), message);
            }
            state.interactions.insert(
                token.clone(),
                InteractionState {
                    id,
                    kind,
                    user: user.id,
                    channel_id: place.channel_id,
                    injected: Instant::now(),
                    clicked,
                    callback: None,
                    original: None,
                    payload: d.clone(),
                },
            );
            state.requests.len()
        };
        let at = Instant::now();
        if let Some(i) = inner.lock().interactions.get_mut(&token) {
            i.injected = at;
        }
        inner.dispatch("INTERACTION_CREATE", d)?;
        Ok(Injected { id, token, at, seq })
    }

    /// The first response to an interaction.
    pub async fn callback(&self, sent: &Injected, timeout: Duration) -> anyhow::Result<Recorded> {
        self.until(timeout, "the interaction's first response", |s| {
            s.callbacks
                .get(&sent.id)
                .and_then(|seq| s.requests.get(*seq))
                .cloned()
        })
        .await
    }

    /// The visible answer to an interaction (waiting through a deferral).
    pub async fn answer(&self, sent: &Injected, timeout: Duration) -> anyhow::Result<Answer> {
        let first = self.callback(sent, timeout).await?;
        let latency = first.at.saturating_duration_since(sent.at);
        let Call::Callback { kind, .. } = first.call else {
            bail!("not a callback");
        };
        let from = |r: &Recorded, deferred: bool| Answer {
            kind,
            deferred,
            ephemeral: r.ephemeral,
            content: r.content().unwrap_or_default().to_string(),
            components: r
                .message()
                .and_then(|m| m.get("components"))
                .cloned()
                .unwrap_or(Value::Null),
            files: r.files.clone(),
            message_id: None,
            latency,
            seq: r.seq,
        };
        let original = |s: &Self| {
            s.inner
                .lock()
                .interactions
                .get(&sent.token)
                .and_then(|i| i.original)
        };
        match kind {
            4 => Ok(Answer {
                message_id: original(self),
                ..from(&first, false)
            }),
            5 => {
                let id = sent.id;
                let done = self
                    .wait_for(first.seq + 1, timeout, |r| {
                        r.belongs_to(id) && !matches!(r.call, Call::Callback { .. })
                    })
                    .await?;
                let message_id = match done.call {
                    Call::Followup { message, .. } => Some(message),
                    Call::EditOriginal { .. } => original(self),
                    _ => None,
                };
                if matches!(done.call, Call::DeleteOriginal { .. }) {
                    return Ok(Answer {
                        kind,
                        deferred: true,
                        ephemeral: true,
                        content: String::new(),
                        components: Value::Null,
                        files: Vec::new(),
                        message_id: None,
                        latency,
                        seq: done.seq,
                    });
                }
                Ok(Answer {
                    message_id,
                    ..from(&done, true)
                })
            }
            _ => Ok(Answer {
                message_id: self
                    .inner
                    .lock()
                    .interactions
                    .get(&sent.token)
                    .and_then(|i| i.clicked),
                ..from(&first, false)
            }),
        }
    }

    /// From injection to the first response, for every answered interaction (load tests).
    pub fn latencies(&self) -> Vec<Duration> {
        let state = self.inner.lock();
        state
            .interactions
            .values()
            .filter_map(|i| {
                let seq = state.callbacks.get(&i.id)?;
                let at = state.requests.get(*seq)?.at;
                Some(at.saturating_duration_since(i.injected))
            })
            .collect()
    }

    /// Interactions whose first response came later than Discord allows (or never).
    pub fn late_answers(&self) -> Vec<u64> {
        let state = self.inner.lock();
        let mut late: Vec<u64> = state
            .interactions
            .values()
            .filter(|i| {
                match state
                    .callbacks
                    .get(&i.id)
                    .and_then(|s| state.requests.get(*s))
                {
                    Some(r) => r.at.saturating_duration_since(i.injected) > ANSWER_DEADLINE,
                    None => i.injected.elapsed() > ANSWER_DEADLINE,
                }
            })
            .map(|i| i.id)
            .collect();
        late.sort_unstable();
        late
    }

    /// The ephemeral messages `user` was shown, oldest first: answers with flag 64 (type 4),
    /// ephemeral deferrals (kept by their first follow-up or edit), and ephemeral
    /// follow-ups. Deleted ones are included (`deleted`). Each message's `updates` counts its
    /// in-place changes (type 7, `PATCH`): a test tells new private messages from updates.
    pub fn ephemeral_messages(&self, user: u64) -> Vec<FakeMessage> {
        self.inner
            .lock()
            .messages
            .values()
            .filter(|m| m.ephemeral_for(user))
            .cloned()
            .collect()
    }
}
