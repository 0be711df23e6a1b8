//! One interaction from arrival to answer: build the command, ask the service (deferring the
//! answer if that takes long), hand the table's new state to the channel's outbox, and answer
//! the actor at once (the table message follows within about a second).

use crate::langs::ChatLangs;
use crate::origin::Origin;
use crate::outbox::Outbox;
use crate::payload::Payload;
use crate::plan::{self, Answer, TableUpdate, Via};
use crate::respond::{self, Deferred, Incoming};
use bot_core::model::ids::parse_play_button;
use bot_core::render::{self, Surface, Voice};
use bot_core::service::{
    ButtonId, ChatId, Command, Reply, Request, Service, ServiceError, TableStatus,
};
use bot_core::text::Lang;
use serenity::all::{CommandInteraction, ComponentInteraction, Http};
use std::sync::Arc;
use std::time::Duration;
use tracing::{debug, warn};

/// The interaction response that opens the app's Activity.
const LAUNCH_ACTIVITY: u8 = 12;

/// By default, an answer not ready after this long is deferred first (Discord drops
/// interactions not answered within 3 s, and the gateway takes its share of that).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

pub struct Bot {
    pub service: Arc<Service>,
    pub outbox: Outbox,
    pub langs: ChatLangs,
    /// Defer the answer when the service takes longer than this (zero: always).
    pub defer_after: Duration,
    /// Table messages carry a button that launches the Activity (the table in the browser).
    pub activity: bool,
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
            Ok(request) => {
                let cmd = origin.command(request);
                self.run(http, incoming, &origin, cmd).await;
            }
            Err(e) => self.refuse(http, incoming, &e, origin.lang()).await,
        }
    }

    /// A button click (on the table message or on a private view).
    pub async fn click(&self, http: &Http, interaction: &ComponentInteraction) {
        let origin = Origin::of_component(interaction);
        let incoming = Incoming::Click(interaction);
        if self.activity && parse_play_button(&interaction.data.custom_id).is_some() {
            return self.launch_activity(http, interaction, &origin).await;
        }
        match ButtonId::parse(&interaction.data.custom_id) {
            Ok(button) => {
                let cmd = bot_core::commands::parse::button_command(
                    origin.chat.clone(),
                    origin.actor.clone(),
                    &button,
                );
                self.run(http, incoming, &origin, origin.complete(cmd))
                    .await;
            }
            Err(e) => {
                debug!(chat = %origin.chat, error = %e, "a click with a malformed custom_id");
                self.refuse(http, incoming, &ServiceError::BadButton, origin.lang())
                    .await;
            }
        }
    }

    /// "Play at the table": Discord opens the app's Activity (interaction response type 12,
    /// LAUNCH_ACTIVITY) in this channel, where the page shows this channel's table.
    async fn launch_activity(
        &self,
        http: &Http,
        interaction: &ComponentInteraction,
        origin: &Origin,
    ) {
        let launch = serde_json::json!({ "type": LAUNCH_ACTIVITY });
        let launched = http
            .create_interaction_response(interaction.id, &interaction.token, &launch, Vec::new())
            .await;
        if let Err(e) = launched {
            warn!(chat = %origin.chat, error = %e, "could not launch the Activity");
        }
    }

    /// Refused before the service is asked (a forged button, unreadable options): always a
    /// new private message, so a player's own view stays as it is.
    async fn refuse(&self, http: &Http, incoming: Incoming<'_>, e: &ServiceError, lang: Lang) {
        let text = render::error_text(e, None, Voice::new(lang, Surface::Discord));
        let answer = Answer::Private(Payload::text(&text));
        if let Err(err) = respond::answer_new(http, incoming, &answer).await {
            warn!(error = %err, "could not answer an interaction");
        }
    }

    async fn defer(
        &self,
        http: &Http,
        incoming: Incoming<'_>,
        public: bool,
        apart: bool,
    ) -> Option<Deferred> {
        match respond::defer(http, incoming, public, apart).await {
            Ok(deferred) => Some(deferred),
            Err(e) => {
                warn!(error = %e, "could not defer an interaction");
                None
            }
        }
    }

    /// The service's reply, deferring the answer first if it is not ready in time (`public`
    /// and `apart` say how the answer will be shown).
    async fn ask(
        &self,
        http: &Http,
        incoming: Incoming<'_>,
        cmd: Command,
        public: bool,
        apart: bool,
    ) -> (Reply, Option<Deferred>) {
        if self.defer_after.is_zero() {
            let deferred = self.defer(http, incoming, public, apart).await;
            return (self.service.handle(cmd).await, deferred);
        }
        let handle = self.service.handle(cmd);
        tokio::pin!(handle);
        tokio::select! {
            reply = &mut handle => (reply, None),
            () = tokio::time::sleep(self.defer_after) => {
                let deferred = self.defer(http, incoming, public, apart).await;
                (handle.await, deferred)
            }
        }
    }

    async fn run(&self, http: &Http, incoming: Incoming<'_>, origin: &Origin, cmd: Command) {
        let via = incoming.via();
        let chat = cmd.chat.clone();
        let request = cmd.request.clone();
        let public = via == Via::Slash && plan::answers_publicly(&request);
        // A hint is a new private message: the cup it was asked from stays as it is.
        let apart = plan::answers_apart(&request);
        debug!(chat = %chat, request = ?request, "interaction");

        let (mut reply, deferred) = self.ask(http, incoming, cmd, public, apart).await;
        // Only on his own view: a press on somebody else's is answered apart from it.
        if incoming.on_own_private_message() && !apart {
            self.add_current_cup(origin, &mut reply).await;
        }
        let plan = plan::plan(&reply, &request, via);
        if reply.table.is_some() && !reply.is_error() {
            self.langs.remember(&chat, reply.lang);
        }
        // The table message follows from the channel's outbox; the answer waits for nothing.
        if let Some(update) = plan.table {
            self.submit(&chat, update, reply.lang);
        }
        let answered = match deferred {
            Some(deferred) => respond::finish(http, incoming, deferred, &plan.answer).await,
            None if apart => respond::answer_new(http, incoming, &plan.answer).await,
            None => respond::answer(http, incoming, &plan.answer).await,
        };
        if let Err(e) = answered {
            warn!(chat = %chat, error = %e, "could not answer an interaction");
        }
    }

    /// Hands a table state to the channel's outbox (with the button that opens the table in
    /// the browser, where the Activity runs).
    pub fn submit(&self, chat: &ChatId, update: TableUpdate, lang: Lang) {
        let update = if self.activity {
            plan::with_play_button(update, lang)
        } else {
            update
        };
        self.outbox.submit(chat, update);
    }

    /// A refused click on a player's private view replaces that view: it keeps showing his
    /// cup as it is and what he may do.
    async fn add_current_cup(&self, origin: &Origin, reply: &mut Reply) {
        let running = reply
            .table
            .as_ref()
            .is_some_and(|t| t.status == TableStatus::Running);
        if !reply.is_error() || reply.private.is_some() || !running {
            return;
        }
        let shown = self.service.handle(origin.show()).await;
        if shown.private_notices.is_empty() {
            reply.private = shown.private;
        }
    }
}
