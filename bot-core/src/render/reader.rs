//! The buttons one reader of a table can use now. A chat message's buttons are everyone's (the
//! service refuses a press by the wrong person); a page belongs to one reader and offers only
//! what he may press: "Mitspielen" to whoever is not seated, "Los" to the seated once two sit,
//! a player's own cup actions (a roll or a stand only when it is his turn), the starter's
//! announcement at a real-dice table to the seated, nothing to a watcher of a running game.

use super::{Button, ButtonStyle, button, private_buttons, table_buttons};
use crate::model::ids::ButtonAction;
use crate::service::{PrivateView, PublicTable, TableStatus};
use crate::text::Lang;
use crate::text::tr;

/// Who reads the table.
#[derive(Clone, Copy, Debug)]
pub struct Reader<'a> {
    /// Whether he sits at the table.
    pub seated: bool,
    /// His own cup, if the game gave him one.
    pub private: Option<&'a PrivateView>,
}

/// The buttons `reader` can use at `t` now, as one set of rows.
pub fn reader_buttons(t: &PublicTable, reader: Reader<'_>, lang: Lang) -> Vec<Vec<Button>> {
    match t.status {
        TableStatus::Lobby => lobby_buttons(t, reader, lang),
        TableStatus::Running if t.tally && reader.seated => table_buttons(t, lang),
        TableStatus::Running => reader.private.map(private_buttons).unwrap_or_default(),
        TableStatus::Finished | TableStatus::Abandoned => Vec::new(),
    }
}

fn lobby_buttons(t: &PublicTable, reader: Reader<'_>, lang: Lang) -> Vec<Vec<Button>> {
    let b = |action, label: &str, style| {
        button(action, t.table_id, t.version, tr(lang, label, &[]), style)
    };
    let mut row = Vec::new();
    if !reader.seated {
        row.push(b(ButtonAction::Join, "button-join", ButtonStyle::Primary));
    }
    if reader.seated && t.members.len() >= 2 {
        row.push(b(ButtonAction::Start, "button-start", ButtonStyle::Success));
    }
    if row.is_empty() {
        Vec::new()
    } else {
        vec![row]
    }
}
