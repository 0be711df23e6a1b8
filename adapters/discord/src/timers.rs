//! Moves nobody clicked (a turn timer ran out, an idle table closed): the service broadcasts
//! them; the Discord chats among them get their table state handed to their outbox.

use crate::bot::Bot;
use crate::origin;
use crate::payload::Payload;
use crate::plan;
use bot_core::service::Outbound;
use std::sync::Arc;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;
use tracing::warn;

/// Shows every Discord chat's timer moves until the service goes away.
pub async fn forward(bot: Arc<Bot>, mut moves: Receiver<Outbound>) {
    loop {
        match moves.recv().await {
            Ok(out) if origin::is_discord(&out.chat) => {
                let lang = bot.langs.of(&out.chat).unwrap_or(out.reply.lang);
                // The outbox returns at once; each channel's writes wait in its own task.
                if let Some(update) = plan::plan_outbound(&out.reply, lang) {
                    bot.submit(&out.chat, update, lang);
                } else if let Some(text) = plan::notice_outbound(&out.reply, lang) {
                    // No table: a message of its own (a reminder from the cash box).
                    bot.outbox.notice(&out.chat, Payload::text(&text));
                }
            }
            Ok(_) => {}
            Err(RecvError::Lagged(missed)) => {
                warn!(
                    missed,
                    "timer moves were missed; their tables catch up with the next move"
                );
            }
            Err(RecvError::Closed) => return,
        }
    }
}
