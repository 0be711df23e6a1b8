//! Replies nobody asked for (a turn timer ran out, an idle table closed): the service
//! broadcasts them; the Telegram ones are shown like any other reply.

use crate::app::App;
use crate::identity::telegram_chat;
use crate::present::Origin;
use crate::send::Api;
use bot_core::service::Outbound;
use std::sync::Arc;
use tokio::sync::broadcast::{Receiver, error::RecvError};
use tracing::warn;

pub async fn forward<B: Api>(app: Arc<App<B>>, mut outbound: Receiver<Outbound>) {
    loop {
        match outbound.recv().await {
            Ok(Outbound { chat, reply }) => {
                if let Some(chat) = telegram_chat(&chat) {
                    app.present(chat, None, &reply, Origin::System).await;
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
