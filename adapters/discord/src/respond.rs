//! Answering an interaction: at once (a new ephemeral or public message, the clicked private
//! message changed in place, or a plain acknowledgement of a click), or deferred first and
//! completed later.

use crate::plan::{Answer, Via};
use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http, HttpError, MessageFlags,
};
use tracing::debug;

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
    /// A click on a private message, acknowledged (type 6): the answer changes that message.
    Update,
}

impl Incoming<'_> {
    pub fn via(&self) -> Via {
        match self {
            Incoming::Slash(_) => Via::Slash,
            Incoming::Click(_) => Via::Click,
        }
    }

    /// A click on a button of an ephemeral message (a player's own view): the answer replaces
    /// that message, so a turn keeps one private message.
    pub fn on_private_message(&self) -> bool {
        match self {
            Incoming::Click(i) => i
                .message
                .flags
                .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL)),
            Incoming::Slash(_) => false,
        }
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

/// The first and only response. A private answer to a click on a private message replaces
/// that message (type 7); elsewhere it is a new ephemeral message (type 4).
pub async fn answer(http: &Http, incoming: Incoming<'_>, answer: &Answer) -> serenity::Result<()> {
    let response = match (answer, incoming) {
        (Answer::Private(p), _) if incoming.on_private_message() => {
            CreateInteractionResponse::UpdateMessage(p.update())
        }
        (Answer::Private(p), _) => CreateInteractionResponse::Message(p.response(true)),
        (Answer::Public(p), _) => CreateInteractionResponse::Message(p.response(false)),
        (Answer::Ack, Incoming::Click(_)) => CreateInteractionResponse::Acknowledge,
        // A slash command always needs a message.
        (Answer::Ack, Incoming::Slash(_)) => CreateInteractionResponse::Message(
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

/// A first answer that buys 15 minutes for the real one. A click on a private message is
/// acknowledged (its answer will change that message) unless the answer goes `apart` (a new
/// message beside it); anything else gets a "thinking" placeholder, public only if the
/// answer is expected to be public.
pub async fn defer(
    http: &Http,
    incoming: Incoming<'_>,
    public: bool,
    apart: bool,
) -> serenity::Result<Deferred> {
    if incoming.on_private_message() && !apart {
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
