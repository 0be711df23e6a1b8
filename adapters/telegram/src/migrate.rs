//! A group that became a supergroup: Telegram gives it a new chat id. The service moves the
//! table, ledger and statistics; the adapter's memory follows, and the open table is posted
//! anew in the new chat (the old group's messages cannot be edited there).

use crate::identity::{self, message_ref};
use crate::outbox::Event;
use crate::place::Place;
use crate::plan::{self, Origin};
use crate::send::Api;
use crate::state::App;
use bot_core::service::{Actor, Request, UserId};
use tracing::{info, warn};

/// The actor of the adapter's own read-only requests.
pub fn system_actor() -> Actor {
    Actor::new(UserId("system:telegram".into()), "system", None, false)
}

/// Group `old` is now supergroup `new` (told in the old group, or learnt from a write to
/// it): move everything and show the table there.
pub async fn moved<B: Api>(app: &App<B>, old: i64, new: i64) {
    if old == new {
        return;
    }
    move_data(app, old, new).await;
    repost(app, new).await;
}

/// Moves the chat's data. Telegram tells a migration twice (old and new chat): the second
/// time there is nothing left to move.
pub async fn move_data<B: Api>(app: &App<B>, old: i64, new: i64) {
    match app
        .service
        .migrate_chat(&identity::chat_id(old), &identity::chat_id(new))
        .await
    {
        Ok(()) => info!(old, new, "group became a supergroup; its table follows"),
        Err(e) => warn!(old, new, error = %e, "could not move the chat's data"),
    }
    app.places.migrate(old, new);
    app.outbox.forget(old);
}

/// The old group's table message is gone with the group: posts the open table anew.
async fn repost<B: Api>(app: &App<B>, new: i64) {
    let place = Place::chat(new);
    let reply = app.service.view(&place.id(), system_actor()).await;
    let open = reply.table.as_ref().filter(|t| t.status.is_open());
    if let Some(t) = open
        && app
            .outbox
            .shown(place)
            .is_none_or(|(id, _)| id != t.table_id)
    {
        app.show(place, Some(&Request::Show), &reply, Origin::System, None)
            .await;
    }
}

/// What the outbox tells: a table message posted anew (the service remembers it, so edits
/// after a restart go there), a migration a write ran into, or a turn to write a table that
/// another process has moved on.
pub async fn on_outbox_event<B: Api>(app: &App<B>, event: Event) {
    match event {
        Event::Posted {
            place,
            table_id,
            message,
        } => {
            app.service
                .set_message_ref(&place.id(), table_id, message_ref(place.chat, message))
                .await;
        }
        Event::Migrated { old, new } => moved(app, old, new).await,
        Event::Behind { place, table_id } => refresh(app, place, table_id).await,
    }
}

/// Hands the outbox the table of `place` as stored (another process moved it on), to be
/// shown in the turn this process has; the other process's lines of what happened follow
/// with its own write.
async fn refresh<B: Api>(app: &App<B>, place: Place, table_id: i64) {
    let reply = app.service.view(&place.id(), system_actor()).await;
    let known = app.known();
    if let Some(write) =
        plan::stored_table(place, &reply, &known).filter(|w| w.table_id == table_id)
    {
        app.outbox.table(place, write);
    }
}
