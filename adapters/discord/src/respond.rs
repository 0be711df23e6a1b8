//! Answering an interaction: at once (a new ephemeral or public message, the presser's own
//! clicked private message changed in place, or a plain acknowledgement of a click), or
//! deferred first and completed later.

use crate::plan::{Answer, Via};
use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http, HttpError, Message, MessageFlags, MessageInteractionMetadata, UserId,
};
use tracing::debug;

/// What a click was made on; only the presser's own private message may change in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clicked {
    /// No click (a slash command), or a click on a message everybody sees (the table).
    Public,
    /// The presser's own private message: the answer replaces it, so a turn keeps one.
    OwnPrivate,
    /// Somebody else's private message (a replayed `custom_id`: only its owner sees it), or
    /// one whose owner Discord did not name. It stays exactly as it is; the presser gets a
    /// new private message.
    ForeignPrivate,
}

impl Clicked {
    /// A click by `presser` on `message`, as Discord sends it: an ephemeral message belongs
    /// to the user whose interaction created it. A click inside it that changed it in place
    /// (type 7, an edit) keeps that interaction's metadata, so a view the owner got from his
    /// own earlier view is still his.
    pub fn on(message: &Message, presser: UserId) -> Clicked {
        let ephemeral = message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
        if !ephemeral {
            return Clicked::Public;
        }
        match owner(message) {
            Some(owner) if owner == presser => Clicked::OwnPrivate,
            // Another user's, or nobody named: the safe side.
            _ => Clicked::ForeignPrivate,
        }
    }
}

/// The user whose interaction created `message`: from `interaction_metadata`, else from the
/// deprecated `interaction` object Discord still sends.
fn owner(message: &Message) -> Option<UserId> {
    let from_metadata = message
        .interaction_metadata
        .as_deref()
        .and_then(|m| match m {
            MessageInteractionMetadata::Command(c) => Some(c.user.id),
            MessageInteractionMetadata::Component(c) => Some(c.user.id),
            MessageInteractionMetadata::ModalSubmit(c) => Some(c.user.id),
            _ => None,
        });
    #[allow(deprecated)]
    let legacy = message.interaction.as_ref().map(|i| i.user.id);
    from_metadata.or(legacy)
}

/// An interaction to answer.
#[derive(Clone, Copy, Debug)]
pub enum Incoming<'a> {
    Slash(&'a CommandInteraction),
    Click(&'a ComponentInteraction),
}

/// How an interaction was deferred; the final answer depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deferred {
    /// "The bot is thinking" (type 5): a placeholder message with this visibility.
    Thinking { public: bool },
    /// A click on the presser's own private message, acknowledged (type 6): the answer
    /// changes that message.
    Update,
}

impl Incoming<'_> {
    pub fn via(&self) -> Via {
        match self {
            Incoming::Slash(_) => Via::Slash,
            Incoming::Click(_) => Via::Click,
        }
    }

    pub fn clicked(&self) -> Clicked {
        match self {
            Incoming::Click(i) => Clicked::on(&i.message, i.user.id),
            Incoming::Slash(_) => Clicked::Public,
        }
    }

    /// A click on a button of the presser's own private view: the answer replaces that
    /// message, so a turn keeps one private message.
    pub fn on_own_private_message(&self) -> bool {
        self.clicked() == Clicked::OwnPrivate
    }

    async fn create(&self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match self {
            Incoming::Slash(i) => i.create_response(http, r).await,
            Incoming::Click(i) => i.create_response(http, r).await,
        }
    }

    async fn edit(&self, http: &Http, e: EditInteractionResponse) -> serenity::Result<()> {
        match self {
            Incoming::Slash(i) => i.edit_response(http, e).await.map(drop),
            Incoming::Click(i) => i.edit_response(http, e).await.map(drop),
        }
    }

    async fn followup(
        &self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<()> {
        match self {
            Incoming::Slash(i) => i.create_followup(http, f).await.map(drop),
            Incoming::Click(i) => i.create_followup(http, f).await.map(drop),
        }
    }

    async fn delete(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Incoming::Slash(i) => i.delete_response(http).await,
            Incoming::Click(i) => i.delete_response(http).await,
        }
    }
}

/// The first and only response. A private answer to a click on the presser's own private
/// message replaces that message (type 7); elsewhere it is a new ephemeral message (type 4).
pub async fn answer(http: &Http, incoming: Incoming<'_>, answer: &Answer) -> serenity::Result<()> {
    let clicked = incoming.clicked();
    let response = match (answer, incoming) {
        (Answer::Private(p), _) if clicked == Clicked::OwnPrivate => {
            CreateInteractionResponse::UpdateMessage(p.update())
        }
        (Answer::Private(p), _) => CreateInteractionResponse::Message(p.response(true)),
        (Answer::Public(p), _) => CreateInteractionResponse::Message(p.response(false)),
        (Answer::Ack, Incoming::Click(_)) if clicked != Clicked::ForeignPrivate => {
            CreateInteractionResponse::Acknowledge
        }
        // A slash command always needs a message; a press on somebody else's view gets one
        // of its own, so nothing points at the owner's message.
        (Answer::Ack, _) => CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content("✓")
                .ephemeral(true),
        ),
    };
    incoming.create(http, response).await
}

/// As [`answer`], but a private answer is always a new message (the clicked one stays).
pub async fn answer_new(
    http: &Http,
    incoming: Incoming<'_>,
    answer: &Answer,
) -> serenity::Result<()> {
    match answer {
        Answer::Private(p) => {
            let response = CreateInteractionResponse::Message(p.response(true));
            incoming.create(http, response).await
        }
        other => self::answer(http, incoming, other).await,
    }
}

/// A first answer that buys 15 minutes for the real one. A click on the presser's own
/// private message is acknowledged (its answer will change that message) unless the answer
/// goes `apart` (a new message beside it); anything else, somebody else's private message
/// included, gets a "thinking" placeholder of its own, public only if the answer is expected
/// to be public.
pub async fn defer(
    http: &Http,
    incoming: Incoming<'_>,
    public: bool,
    apart: bool,
) -> serenity::Result<Deferred> {
    if incoming.on_own_private_message() && !apart {
        incoming
            .create(http, CreateInteractionResponse::Acknowledge)
            .await?;
        return Ok(Deferred::Update);
    }
    let response = CreateInteractionResponse::Defer(
        CreateInteractionResponseMessage::new().ephemeral(!public),
    );
    incoming.create(http, response).await?;
    Ok(Deferred::Thinking { public })
}

/// Completes a deferred interaction.
pub async fn finish(
    http: &Http,
    incoming: Incoming<'_>,
    deferred: Deferred,
    answer: &Answer,
) -> serenity::Result<()> {
    let (p, public) = match answer {
        Answer::Ack => {
            return match deferred {
                Deferred::Thinking { .. } => incoming.delete(http).await,
                Deferred::Update => Ok(()),
            };
        }
        Answer::Private(p) => (p, false),
        Answer::Public(p) => (p, true),
    };
    match deferred {
        Deferred::Thinking { public: was } if was == public => {
            incoming.edit(http, p.edit_response()).await
        }
        Deferred::Thinking { .. } => {
            // The placeholder's visibility is fixed, and the first follow-up would only fill
            // it in: remove it first, so a private answer never shows in public, not even
            // for a moment.
            incoming.delete(http).await?;
            incoming.followup(http, p.followup(!public)).await
        }
        Deferred::Update if !public => match incoming.edit(http, p.edit_response()).await {
            Err(e) if is_unknown(&e) => {
                // The clicked message is gone (dismissed): a new private message instead.
                debug!(error = %e, "the clicked private message is gone; following up");
                incoming.followup(http, p.followup(true)).await
            }
            done => done,
        },
        Deferred::Update => incoming.followup(http, p.followup(false)).await,
    }
}

/// Discord does not know the message (404).
pub fn is_unknown(e: &serenity::Error) -> bool {
    matches!(e, serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 404)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    const PRESSER: u64 = 11;
    const OWNER: u64 = 12;

    fn user(id: u64) -> Value {
        json!({"id": id.to_string(), "username": format!("user{id}"), "discriminator": "0",
            "global_name": null, "avatar": null})
    }

    /// A message of the bot as a click carries it (the fields serenity requires).
    fn message(flags: u64, extra: Value) -> Message {
        let mut m = json!({
            "id": "900", "channel_id": "7", "author": user(1), "content": "Dein Becher",
            "timestamp": "2024-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": false, "type": 20, "flags": flags,
        });
        if let (Some(m), Some(extra)) = (m.as_object_mut(), extra.as_object()) {
            m.extend(extra.clone());
        }
        serde_json::from_value(m).expect("a message serenity reads")
    }

    fn metadata(kind: u8, user_id: u64) -> Value {
        let mut m = json!({"id": "800", "type": kind, "user": user(user_id),
            "authorizing_integration_owners": {"0": "5"}});
        if kind == 3 {
            m["interacted_message_id"] = json!("700");
        }
        json!({ "interaction_metadata": m })
    }

    fn clicked(flags: u64, extra: Value) -> Clicked {
        Clicked::on(&message(flags, extra), UserId::new(PRESSER))
    }

    #[test]
    fn a_private_message_is_the_presser_own_when_his_interaction_made_it() {
        // A view from a click (on the table, or on his own earlier view), from a command.
        assert_eq!(clicked(64, metadata(3, PRESSER)), Clicked::OwnPrivate);
        assert_eq!(clicked(64, metadata(2, PRESSER)), Clicked::OwnPrivate);
        // Only the deprecated object, as older messages carry it.
        let legacy = json!({"interaction": {"id": "800", "type": 2, "name": "schocken neu",
            "user": user(PRESSER)}});
        assert_eq!(clicked(64, legacy), Clicked::OwnPrivate);
    }

    #[test]
    fn a_private_message_of_another_user_or_of_nobody_named_is_foreign() {
        assert_eq!(clicked(64, metadata(3, OWNER)), Clicked::ForeignPrivate);
        assert_eq!(clicked(64, metadata(2, OWNER)), Clicked::ForeignPrivate);
        let legacy = json!({"interaction": {"id": "800", "type": 3, "name": "",
            "user": user(OWNER)}});
        assert_eq!(clicked(64, legacy), Clicked::ForeignPrivate);
        assert_eq!(
            clicked(64, json!({})),
            Clicked::ForeignPrivate,
            "the safe side"
        );
        // The current field wins over the deprecated one.
        let mut both = metadata(3, OWNER);
        both["interaction"] = json!({"id": "800", "type": 3, "name": "", "user": user(PRESSER)});
        assert_eq!(clicked(64, both), Clicked::ForeignPrivate);
    }

    #[test]
    fn a_message_everybody_sees_is_public_whoever_made_it() {
        assert_eq!(clicked(0, json!({})), Clicked::Public);
        assert_eq!(clicked(0, metadata(2, OWNER)), Clicked::Public);
        // Other flags (suppressed embeds) do not make a message private.
        assert_eq!(clicked(4, metadata(3, OWNER)), Clicked::Public);
    }
}
