//! Answering an interaction: at once (an ephemeral or public message, or a plain
//! acknowledgement of a click), or deferred first and completed later (an edit of the deferred
//! answer, or a follow-up when the visibility differs).

use crate::plan::{Answer, Via};
use serenity::all::{
    CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http,
};

/// An interaction to answer.
#[derive(Clone, Copy, Debug)]
pub enum Incoming<'a> {
    Slash(&'a CommandInteraction),
    Click(&'a ComponentInteraction),
}

impl Incoming<'_> {
    pub fn via(&self) -> Via {
        match self {
            Incoming::Slash(_) => Via::Slash,
            Incoming::Click(_) => Via::Click,
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

/// The first and only response.
pub async fn answer(http: &Http, incoming: Incoming<'_>, answer: &Answer) -> serenity::Result<()> {
    let response = match (answer, incoming) {
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

/// "The bot is thinking": buys 15 minutes for the real answer.
pub async fn defer(http: &Http, incoming: Incoming<'_>, public: bool) -> serenity::Result<()> {
    let response = CreateInteractionResponse::Defer(
        CreateInteractionResponseMessage::new().ephemeral(!public),
    );
    incoming.create(http, response).await
}

/// Completes a deferred interaction (deferred publicly or not).
pub async fn finish(
    http: &Http,
    incoming: Incoming<'_>,
    deferred_public: bool,
    answer: &Answer,
) -> serenity::Result<()> {
    match answer {
        Answer::Ack => incoming.delete(http).await,
        Answer::Private(p) | Answer::Public(p) => {
            if answer.is_public() == deferred_public {
                incoming.edit(http, p.edit_response()).await
            } else {
                // The visibility of a deferred answer is fixed: say it in a follow-up instead.
                incoming
                    .followup(http, p.followup(!answer.is_public()))
                    .await?;
                incoming.delete(http).await
            }
        }
    }
}
