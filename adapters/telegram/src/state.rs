//! What the handlers share: the bot, the service, the outbox and the adapter's memory; and
//! carrying out a plan (the press answered at once, everything else handed to the outbox).

use crate::memory::{PrivateChats, TablePlaces};
use crate::outbox::Outbox;
use crate::place::Place;
use crate::plan::{self, Answer, Effects, Known, Origin};
use crate::send::{Api, Redactor, retry};
use bot_core::service::{Reply, Request, Service};
use std::sync::Arc;
use teloxide::payloads::AnswerCallbackQuerySetters;
use teloxide::requests::Request as _;
use teloxide::types::CallbackQueryId;
use tracing::debug;

pub struct App<B: Api> {
    pub bot: B,
    pub service: Arc<Service>,
    /// The bot's username (`/cmd@username`, deep links).
    pub username: String,
    pub redact: Redactor,
    pub outbox: Outbox<B>,
    pub places: TablePlaces,
    pub private: Arc<PrivateChats>,
    /// The Mini App table messages link to, if the bot has one.
    pub web_app: Option<crate::web_app::WebApp>,
}

impl<B: Api> App<B> {
    /// The place of table `table`: remembered, or found in the store (a table forgotten
    /// while idle, or one another process showed).
    pub async fn place_of(&self, table: i64) -> Option<Place> {
        if let Some(place) = self.places.place_of(table) {
            return Some(place);
        }
        let (chat, _) = self.service.table_place(table).await.ok()??;
        let place = Place::from_id(&chat)?;
        self.places.remember(table, place);
        Some(place)
    }

    /// Forgets what idle chats and users left in memory (see `memory`).
    pub fn forget_idle(&self, idle: std::time::Duration) {
        let places = self.places.forget_idle(idle);
        let users = self.private.forget_idle(idle);
        let chats = self.outbox.forget_idle(idle);
        debug!(places, users, chats, "forgot idle chats");
    }

    /// Shows `reply` to `request` (made in `place`): the press is answered first, the rest
    /// goes to the outbox. `query` is the press to answer, if it was one.
    pub async fn show(
        &self,
        place: Place,
        request: Option<&Request>,
        reply: &Reply,
        origin: Origin,
        query: Option<&CallbackQueryId>,
    ) {
        if let Some(t) = &reply.table {
            self.places.remember(t.table_id, place);
        }
        let known = self.known();
        let effects = plan::plan(place, request, reply, origin, &known);
        self.perform(place, effects, query).await;
    }

    /// What the planner may know besides a reply.
    pub fn known(&self) -> Known<'_> {
        Known {
            username: &self.username,
            private: &self.private,
            web_app: self.web_app.as_ref(),
        }
    }

    /// Carries out a plan: the writes are queued first (that takes no time, and a table
    /// write that starts after the presser got his answer then shows his move), then the
    /// press is answered.
    pub async fn perform(&self, place: Place, effects: Effects, query: Option<&CallbackQueryId>) {
        if let Some(table) = effects.table {
            self.outbox.table(place, table);
        }
        for (chat, message) in effects.messages {
            self.outbox.message(chat, message);
        }
        for (user, cup) in effects.cups {
            self.outbox.cup(user, cup);
        }
        if let Some(query) = query {
            self.answer(query, effects.answer.unwrap_or_default()).await;
        }
    }

    /// Ends a button press: nothing, a toast, or an alert. Answers do not count against the
    /// group's limit, so they never wait behind its writes.
    pub async fn answer(&self, query: &CallbackQueryId, answer: Answer) {
        let result = retry("answerCallbackQuery", || {
            let mut request = self.bot.answer_callback_query(query.clone());
            if let Some(text) = &answer.text {
                request = request.text(text).show_alert(answer.alert);
            }
            request.send()
        })
        .await;
        if let Err(e) = result {
            debug!(error = %self.redact.clean(&e), "could not answer a button press");
        }
    }
}
