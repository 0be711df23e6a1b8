//! One interaction from arrival to answer: build the command, ask the service (deferring the
//! answer if that takes long), bring the public messages up to date, then answer the actor.

use crate::origin::Origin;
use crate::payload::Payload;
use crate::plan::{self, Answer, Via};
use crate::publish::Publisher;
use crate::respond::{self, Incoming};
use bot_core::render::{self, Surface, Voice};
use bot_core::service::{ButtonId, Command, Request, Service, ServiceError, args};
use bot_core::text::Lang;
use serenity::all::{CommandInteraction, ComponentInteraction, Http};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::{debug, warn};

/// The answer goes out by then at the latest: Discord drops interactions not answered within
/// 3 s of their creation, and the gateway takes its share of that.
const ANSWER_WITHIN: Duration = Duration::from_millis(2500);

/// By default, an answer not ready after this long is deferred first.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

pub struct Bot {
    pub service: Arc<Service>,
    pub publisher: Publisher,
    /// Defer the answer when the service takes longer than this (zero: always).
    pub defer_after: Duration,
}

impl Bot {
    /// A slash command; `request` is the error when its options could not be read.
    pub async fn slash(
        &self,
        http: &Http,
        interaction: &CommandInteraction,
        request: Result<Request, ServiceError>,
    ) {
        let origin = Origin::of_command(interaction);
        let incoming = Incoming::Slash(interaction);
        match request {
            Ok(request) => self.run(http, incoming, origin.command(request)).await,
            Err(e) => self.refuse(http, incoming, &e, origin.lang()).await,
        }
    }

    /// A button click (on the table message or on an ephemeral view).
    pub async fn click(&self, http: &Http, interaction: &ComponentInteraction) {
        let origin = Origin::of_component(interaction);
        let incoming = Incoming::Click(interaction);
        match ButtonId::parse(&interaction.data.custom_id) {
            Ok(button) => {
                let cmd = args::button_command(origin.chat.clone(), origin.actor.clone(), &button);
                self.run(http, incoming, origin.complete(cmd)).await;
            }
            Err(e) => {
                debug!(chat = %origin.chat, error = %e, "a click with a malformed custom_id");
                self.refuse(http, incoming, &ServiceError::BadButton, origin.lang())
                    .await;
            }
        }
    }

    /// Refused before the service is asked (a forged button, unreadable options).
    async fn refuse(&self, http: &Http, incoming: Incoming<'_>, e: &ServiceError, lang: Lang) {
        let answer = Answer::Private(Payload::text(&render::error_text(e, None, Voice::new(lang, Surface::Discord))));
        if let Err(err) = respond::answer(http, incoming, &answer).await {
            warn!(error = %err, "could not answer an interaction");
        }
    }

    async fn defer(&self, http: &Http, incoming: Incoming<'_>, public: bool) -> bool {
        match respond::defer(http, incoming, public).await {
            Ok(()) => true,
            Err(e) => {
                warn!(error = %e, "could not defer an interaction");
                false
            }
        }
    }

    async fn run(&self, http: &Http, incoming: Incoming<'_>, cmd: Command) {
        let started = Instant::now();
        let via = incoming.via();
        let chat = cmd.chat.clone();
        let request = cmd.request.clone();
        let public = via == Via::Slash && plan::answers_publicly(&request);
        debug!(chat = %chat, request = ?request, "interaction");

        let mut deferred = self.defer_after.is_zero() && self.defer(http, incoming, public).await;
        let handle = self.service.handle(cmd);
        tokio::pin!(handle);
        let reply = if deferred {
            handle.await
        } else {
            let early = tokio::select! {
                reply = &mut handle => Some(reply),
                () = tokio::time::sleep(self.defer_after) => None,
            };
            match early {
                Some(reply) => reply,
                None => {
                    deferred = self.defer(http, incoming, public).await;
                    handle.await
                }
            }
        };

        let plan = plan::plan(&reply, &request, via);
        if reply.table.is_some() && !reply.is_error() {
            self.publisher.remember_lang(&chat, reply.lang);
        }
        // The table first, so the answer never describes a state the channel cannot see yet;
        // but the answer never waits past Discord's deadline.
        let publish = self
            .publisher
            .publish(&chat, plan.table.as_ref(), &plan.reveals);
        if deferred {
            publish.await;
            if let Err(e) = respond::finish(http, incoming, public, &plan.answer).await {
                warn!(chat = %chat, error = %e, "could not complete a deferred interaction");
            }
            return;
        }
        tokio::pin!(publish);
        let budget = ANSWER_WITHIN.saturating_sub(started.elapsed());
        let published = tokio::select! {
            () = &mut publish => true,
            () = tokio::time::sleep(budget) => false,
        };
        if let Err(e) = respond::answer(http, incoming, &plan.answer).await {
            warn!(chat = %chat, error = %e, "could not answer an interaction");
        }
        if !published {
            publish.await;
        }
    }
}
