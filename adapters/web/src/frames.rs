//! The JSON frames a page receives, built from the service's reply model: the public table
//! for everybody at the place, and a player's own cup for his socket alone. Texts and buttons
//! come from `bot_core::render`, in the reader's language; the structured views (every die
//! as `{"die": "aside"|"open"|"own"|"covered", "value": n}`) let the page draw the dice.

use bot_core::render::{self, Button, Surface, Voice};
use bot_core::service::{PrivateView, PublicTable, Reply};
use bot_core::text::Lang;
use serde::Serialize;
use serde_json::{Value, json};

/// One button as the page shows it; its id is the chat buttons' id.
#[derive(Debug, Serialize)]
struct PageButton<'a> {
    id: &'a str,
    label: &'a str,
    style: &'static str,
}

fn buttons(rows: &[Vec<Button>]) -> Value {
    let rows: Vec<Vec<PageButton<'_>>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|b| PageButton {
                    id: &b.id,
                    label: &b.label,
                    style: b.style.id(),
                })
                .collect()
        })
        .collect();
    json!(rows)
}

/// The table as everybody at the place sees it, in `lang`.
pub fn public(t: &PublicTable, lang: Lang) -> Value {
    let mut table = json!(t);
    if let Some(table) = table.as_object_mut() {
        // Where a chat shows the table is no business of the page.
        table.remove("message_ref");
    }
    let reveal = t
        .view
        .as_ref()
        .and_then(|v| v.last_round.as_ref())
        .map(|round| render::reveal_text(round, t, lang));
    let headline = t
        .view
        .as_ref()
        .and_then(|view| render::turn_line(t, view, lang));
    json!({
        "text": render::table_text(t, lang),
        "headline": headline,
        "table": table,
        "reveal": reveal,
        "proof": render::proof_lines(t, lang),
    })
}

/// A player's own view: his cup.
pub fn private(p: &PrivateView) -> Value {
    json!({
        "text": render::private_text(p),
        "view": p,
    })
}

/// Who the page is.
#[derive(Clone, Debug, Serialize)]
pub struct You {
    pub id: String,
    pub name: String,
    pub seated: bool,
}

/// The place's state for one reader: the public table, his own cup only if `reply` carries
/// his (the service builds a private view for its actor alone), and the buttons he can use
/// now (one set: a page shows no button its reader cannot press).
pub fn state(place: &str, you: &You, reply: &Reply, lang: Lang) -> Value {
    let reader = render::Reader {
        seated: you.seated,
        private: reply.private.as_ref(),
    };
    let usable = reply
        .table
        .as_ref()
        .map(|t| render::reader_buttons(t, reader, lang))
        .unwrap_or_default();
    json!({
        "type": "state",
        "place": place,
        "you": you,
        "public": reply.table.as_ref().map(|t| public(t, lang)),
        "private": reply.private.as_ref().map(private),
        "buttons": buttons(&usable),
    })
}

/// What the service told the actor alone (a refusal, "already done", a hint), if anything.
pub fn notices(reply: &Reply) -> Option<Value> {
    let voice = Voice::new(reply.actor_lang, Surface::Plain);
    let lines: Vec<String> = reply
        .private_notices
        .iter()
        .filter_map(|n| render::notice_text(n, reply.table.as_ref(), voice))
        .filter(|l| !l.trim().is_empty())
        .collect();
    (!lines.is_empty())
        .then(|| json!({"type": "notice", "private": true, "text": lines.join("\n")}))
}

/// A line for the page alone (bad input, a closed session).
pub fn notice_text(text: &str) -> Value {
    json!({"type": "notice", "private": true, "text": text})
}
