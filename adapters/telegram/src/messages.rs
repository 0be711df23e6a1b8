//! Plain messages: texts (clipped to Telegram's 4096 characters), replies to a command, the
//! CSV export as a document, and the answers that end a button press (toast or alert).

use crate::app::App;
use crate::compose;
use crate::send::{Api, Failure, classify, retry};
use bot_core::render;
use teloxide::payloads::{AnswerCallbackQuerySetters, SendDocumentSetters, SendMessageSetters};
use teloxide::requests::Request as _;
use teloxide::types::{CallbackQuery, ChatId as TgChatId, InputFile, MessageId, ReplyParameters};
use tracing::{debug, warn};

impl<B: Api> App<B> {
    pub async fn send_text(&self, chat: i64, text: &str) {
        let text = render::clip(text, compose::MAX_TEXT);
        if text.trim().is_empty() {
            return;
        }
        if let Err(e) = retry("sendMessage", || {
            self.bot.send_message(TgChatId(chat), text.clone()).send()
        })
        .await
        {
            match classify(&e) {
                Failure::Forbidden => debug!(chat, "cannot write to this chat"),
                _ => warn!(chat, error = %self.redact.clean(&e), "could not send a message"),
            }
        }
    }

    /// Answers a command message (a refusal, a hint).
    pub async fn reply_to(&self, chat: i64, message: MessageId, text: &str) {
        let text = render::clip(text, compose::MAX_TEXT);
        if let Err(e) = retry("sendMessage", || {
            self.bot
                .send_message(TgChatId(chat), text.clone())
                .reply_parameters(ReplyParameters {
                    allow_sending_without_reply: Some(true),
                    ..ReplyParameters::new(message)
                })
                .send()
        })
        .await
        {
            warn!(chat, error = %self.redact.clean(&e), "could not answer a command");
        }
    }

    pub(crate) async fn send_document(&self, chat: i64, filename: &str, csv: &str, caption: &str) {
        let bytes = csv.as_bytes().to_vec();
        let caption = render::clip(caption, 1024);
        if let Err(e) = retry("sendDocument", || {
            self.bot
                .send_document(
                    TgChatId(chat),
                    InputFile::memory(bytes.clone()).file_name(filename.to_string()),
                )
                .caption(caption.clone())
                .send()
        })
        .await
        {
            warn!(chat, error = %self.redact.clean(&e), "could not send the export");
        }
    }

    /// Ends a button press: nothing, a toast, or an alert (`show_alert`).
    pub async fn answer(&self, query: &CallbackQuery, text: Option<&str>, alert: bool) {
        let id = query.id.clone();
        if let Err(e) = retry("answerCallbackQuery", || {
            let mut answer = self.bot.answer_callback_query(id.clone());
            if let Some(text) = text {
                answer = answer.text(text).show_alert(alert);
            }
            answer.send()
        })
        .await
        {
            debug!(error = %self.redact.clean(&e), "could not answer a button press");
        }
    }
}
