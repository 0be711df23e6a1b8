//! What the Telegram adapter hands its outboxes: a place's table message as it should look
//! (the outbox crate's table state, with Telegram's text and keyboard), a player's private
//! cup, and new messages.

use crate::compose::MAX_TEXT;
use bot_core::render::clip;
use schocken_outbox::{Other, TableState};
use std::fmt;
use std::sync::{Arc, Mutex};
use teloxide::types::InlineKeyboardMarkup;
use tokio::sync::oneshot;

/// The table as its message shows it, without the lines of what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct TableBody {
    pub text: String,
    pub markup: InlineKeyboardMarkup,
}

/// A place's table message as it should look; its place is the topic (`None`: the chat).
pub type TableWrite = TableState<TableBody, i32, Option<i32>>;

/// The message text: the table, then what just happened (within Telegram's 4096
/// characters).
pub fn table_text(write: &TableWrite) -> String {
    if write.notices.is_empty() {
        return clip(&write.body.text, MAX_TEXT);
    }
    clip(
        &format!("{}\n\n{}", write.body.text, write.notices.join("\n")),
        MAX_TEXT,
    )
}

/// A player's private cup message as it should look.
#[derive(Clone, Debug, PartialEq)]
pub struct CupWrite {
    pub table_id: i64,
    pub text: String,
    pub markup: InlineKeyboardMarkup,
    /// Post a new message (his turn came: it should notify him); else edit the cup message.
    pub fresh: bool,
    /// The message to edit (the one he pressed), if known.
    pub message: Option<i32>,
}

/// A new message: a reply to a command, an answer, a document.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageWrite {
    pub thread: Option<i32>,
    pub text: String,
    /// Answer this message (a refusal to a command).
    pub reply_to: Option<i32>,
    pub markup: Option<InlineKeyboardMarkup>,
    /// A file or a picture instead of a text message (the text is its caption).
    pub attachment: Option<Attachment>,
    /// Who wants to know whether the message arrived (a private hint that falls back to
    /// an alert when the user never started the private chat).
    pub notify: Option<Notify>,
}

/// A message of the bot's own shown anew: its text, and its buttons (none: they go).
#[derive(Clone, Debug, PartialEq)]
pub struct EditWrite {
    pub message: i32,
    pub text: String,
    pub markup: InlineKeyboardMarkup,
}

/// What a message carries besides its text (which becomes the caption).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attachment {
    /// A file to download (sendDocument).
    Document { name: String, bytes: Vec<u8> },
    /// A picture shown in the chat (sendPhoto).
    Photo { name: String, bytes: Vec<u8> },
}

/// Tells whoever handed in a message whether it arrived: `true` once written, `false` when
/// it was dropped (403: no private chat, or refused); a write given up after its attempts
/// drops the sender, which the receiver sees as an error.
#[derive(Clone)]
pub struct Notify(Arc<Mutex<Option<oneshot::Sender<bool>>>>);

impl Notify {
    pub fn new() -> (Notify, oneshot::Receiver<bool>) {
        let (tx, rx) = oneshot::channel();
        (Notify(Arc::new(Mutex::new(Some(tx)))), rx)
    }

    /// Says how the write ended (once; later calls do nothing).
    pub fn send(&self, delivered: bool) {
        let sender = self.0.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(sender) = sender {
            let _ = sender.send(delivered);
        }
    }
}

impl PartialEq for Notify {
    fn eq(&self, other: &Notify) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for Notify {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Notify")
    }
}

/// A write besides the table messages.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// The player's private cup (in his private chat: one per chat).
    Cup(CupWrite),
    Message(MessageWrite),
    /// A message the bot wrote before, edited (a settled claim's notice).
    Edit(EditWrite),
}

impl Other for Write {
    /// The newest cup wins; a pending "post new" stays one, the message known stays known.
    fn absorb(&mut self, newer: Write) -> Option<Write> {
        match (self, newer) {
            (Write::Cup(older), Write::Cup(newer)) => {
                *older = CupWrite {
                    fresh: newer.fresh || older.fresh,
                    message: newer.message.or(older.message),
                    ..newer
                };
                None
            }
            (_, newer) => Some(newer),
        }
    }

    fn settled(&self, made: bool) {
        if let Write::Message(MessageWrite {
            notify: Some(notify),
            ..
        }) = self
        {
            notify.send(made);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(notices: &[&str]) -> TableWrite {
        TableState {
            table_id: 1,
            version: 3,
            place: None,
            body: TableBody {
                text: "table v3".into(),
                markup: InlineKeyboardMarkup::default(),
            },
            notices: notices.iter().map(|n| n.to_string()).collect(),
            fresh: false,
            repair_only: false,
            last_round: None,
            stored: Some(10),
        }
    }

    #[test]
    fn the_table_text_has_what_happened_under_it() {
        assert_eq!(table_text(&table(&[])), "table v3");
        assert_eq!(
            table_text(&table(&["Anna würfelt", "Ben steht"])),
            "table v3\n\nAnna würfelt\nBen steht"
        );
    }

    #[test]
    fn a_cup_posted_anew_stays_new_when_coalesced() {
        let cup = |fresh, text: &str| CupWrite {
            table_id: 1,
            text: text.into(),
            markup: InlineKeyboardMarkup::default(),
            fresh,
            message: None,
        };
        let mut older = Write::Cup(cup(true, "dran"));
        assert_eq!(older.absorb(Write::Cup(cup(false, "geworfen"))), None);
        assert_eq!(older, Write::Cup(cup(true, "geworfen")));
        let message = Write::Message(MessageWrite {
            thread: None,
            text: "Antwort".into(),
            reply_to: None,
            markup: None,
            attachment: None,
            notify: None,
        });
        assert_eq!(older.absorb(message.clone()), Some(message));
    }

    #[test]
    fn a_waiting_sender_learns_once_whether_its_message_arrived() {
        let (notify, mut arrived) = Notify::new();
        let write = Write::Message(MessageWrite {
            thread: None,
            text: "💡".into(),
            reply_to: None,
            markup: None,
            attachment: None,
            notify: Some(notify.clone()),
        });
        write.settled(true);
        write.settled(false);
        assert_eq!(arrived.try_recv(), Ok(true));
        // Given up: the sender is dropped, the receiver hears that.
        let (notify, mut given_up) = Notify::new();
        drop(notify);
        assert!(given_up.try_recv().is_err());
    }
}
