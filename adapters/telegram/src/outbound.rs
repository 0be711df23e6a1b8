//! Replies nobody asked for (a turn timer ran out, an idle table closed): the service
//! broadcasts them; the Telegram ones are shown like any other reply.

use crate::place::Place;
use crate::plan::Origin;
use crate::send::Api;
use crate::state::App;
use bot_core::service::Outbound;
use std::sync::Arc;
use tokio::sync::broadcast::{Receiver, error::RecvError};
use tracing::warn;

pub async fn forward<B: Api>(app: Arc<App<B>>, mut outbound: Receiver<Outbound>) {
    loop {
        match outbound.recv().await {
            Ok(Outbound { chat, reply }) => {
                if let Some(place) = Place::from_id(&chat) {
                    app.show(place, None, &reply, Origin::System, None).await;
                }
            }
            Err(RecvError::Lagged(missed)) => {
                warn!(
                    missed,
                    "timer moves came faster than shown; the next move shows the table"
                );
            }
            Err(RecvError::Closed) => return,
        }
    }
}
