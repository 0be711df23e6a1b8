//! Discord messages as plain data: text within Discord's limits and buttons in at most five
//! rows of five, plus their serenity builders. No HTTP here.

use bot_core::render::{Button, ButtonStyle, clip};
use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditAttachments, EditInteractionResponse, EditMessage,
};

/// Characters in a message's content.
pub const MAX_CONTENT: usize = 2000;
/// Action rows per message.
pub const MAX_ROWS: usize = 5;
/// Buttons per action row.
pub const MAX_BUTTONS: usize = 5;
/// Characters in a button's `custom_id`.
pub const MAX_CUSTOM_ID: usize = 100;
/// Characters in a button's label.
pub const MAX_LABEL: usize = 80;

/// A file sent along with a message (the ledger export).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One message: its text, its buttons and maybe a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Payload {
    pub content: String,
    pub rows: Vec<Vec<Button>>,
    pub file: Option<File>,
}

impl Payload {
    /// A message with text only.
    pub fn text(content: &str) -> Payload {
        Payload::new(content, Vec::new())
    }

    /// A message with buttons; text and buttons are cut to Discord's limits.
    pub fn new(content: &str, rows: Vec<Vec<Button>>) -> Payload {
        Payload {
            content: clip(content, MAX_CONTENT),
            rows: fit_rows(rows),
            file: None,
        }
    }

    pub fn with_file(mut self, name: &str, bytes: Vec<u8>) -> Payload {
        self.file = Some(File {
            name: name.to_string(),
            bytes,
        });
        self
    }

    pub fn components(&self) -> Vec<CreateActionRow> {
        self.rows
            .iter()
            .map(|row| CreateActionRow::Buttons(row.iter().map(button).collect()))
            .collect()
    }

    fn attachment(&self) -> Option<CreateAttachment> {
        self.file
            .as_ref()
            .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()))
    }

    /// The message of an interaction's first response.
    pub fn response(&self, ephemeral: bool) -> CreateInteractionResponseMessage {
        let mut message = CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .components(self.components())
            .allowed_mentions(no_mentions())
            .ephemeral(ephemeral);
        if let Some(file) = self.attachment() {
            message = message.add_file(file);
        }
        message
    }

    /// The new text and buttons of the clicked message (response type 7). No flags: the
    /// message keeps its visibility, and no file: only slash commands send files.
    pub fn update(&self) -> CreateInteractionResponseMessage {
        CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .components(self.components())
            .allowed_mentions(no_mentions())
    }

    /// The final answer of a deferred interaction.
    pub fn edit_response(&self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.content.clone())
            .components(self.components())
            .allowed_mentions(no_mentions());
        if let Some(file) = self.attachment() {
            edit = edit.attachments(EditAttachments::new().add(file));
        }
        edit
    }

    /// A further message for an interaction.
    pub fn followup(&self, ephemeral: bool) -> CreateInteractionResponseFollowup {
        let mut followup = CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .components(self.components())
            .allowed_mentions(no_mentions())
            .ephemeral(ephemeral);
        if let Some(file) = self.attachment() {
            followup = followup.add_file(file);
        }
        followup
    }

    /// A new message in a channel.
    pub fn create(&self) -> CreateMessage {
        let mut message = CreateMessage::new()
            .content(self.content.clone())
            .components(self.components())
            .allowed_mentions(no_mentions());
        if let Some(file) = self.attachment() {
            message = message.add_file(file);
        }
        message
    }

    /// An edit of a channel message (text and buttons replaced).
    pub fn edit(&self) -> EditMessage {
        EditMessage::new()
            .content(self.content.clone())
            .components(self.components())
            .allowed_mentions(no_mentions())
    }
}

/// Names come from nicknames: nobody is pinged by the bot, whatever a name contains.
pub fn no_mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

fn button(b: &Button) -> CreateButton {
    CreateButton::new(b.id.clone())
        .label(b.label.clone())
        .style(match b.style {
            ButtonStyle::Primary => DiscordStyle::Primary,
            ButtonStyle::Secondary => DiscordStyle::Secondary,
            ButtonStyle::Success => DiscordStyle::Success,
            ButtonStyle::Danger => DiscordStyle::Danger,
        })
}

/// At most five rows of five buttons, labels cut to 80 characters, no button whose id Discord
/// would refuse, no empty row.
pub fn fit_rows(rows: Vec<Vec<Button>>) -> Vec<Vec<Button>> {
    rows.into_iter()
        .map(|row| {
            row.into_iter()
                .filter(|b| !b.id.is_empty() && b.id.len() <= MAX_CUSTOM_ID)
                .take(MAX_BUTTONS)
                .map(|b| Button {
                    label: clip(&b.label, MAX_LABEL),
                    ..b
                })
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .take(MAX_ROWS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(id: &str) -> Button {
        Button {
            id: id.to_string(),
            label: "x".repeat(100),
            style: ButtonStyle::Primary,
        }
    }

    #[test]
    fn content_is_cut_to_2000_characters() {
        let long = "ä".repeat(2500);
        let p = Payload::text(&long);
        assert_eq!(p.content.chars().count(), MAX_CONTENT);
        assert!(p.content.ends_with('…'));
        assert_eq!(Payload::text("kurz").content, "kurz");
    }

    #[test]
    fn buttons_fit_five_rows_of_five() {
        let rows: Vec<Vec<Button>> = (0..7)
            .map(|r| (0..7).map(|i| b(&format!("v1:k:1:0:{r}{i}"))).collect())
            .collect();
        let fitted = fit_rows(rows);
        assert_eq!(fitted.len(), MAX_ROWS);
        assert!(fitted.iter().all(|r| r.len() == MAX_BUTTONS));
        assert!(
            fitted
                .iter()
                .flatten()
                .all(|b| b.label.chars().count() == MAX_LABEL)
        );
        let odd = fit_rows(vec![vec![b(""), b(&"x".repeat(101))], vec![b("ok")]]);
        assert_eq!(odd.len(), 1);
        assert_eq!(odd[0][0].id, "ok");
    }

    #[test]
    fn builders_carry_flags_and_no_mentions() {
        let p = Payload::new("hi", vec![vec![b("v1:r:1:0")]]);
        let json = serde_json::to_value(p.response(true)).expect("serializes");
        assert_eq!(json["flags"], 64);
        assert_eq!(
            json["components"][0]["components"][0]["custom_id"],
            "v1:r:1:0"
        );
        assert_eq!(json["allowed_mentions"]["parse"], serde_json::json!([]));
        let public = serde_json::to_value(p.response(false)).expect("serializes");
        assert!(public.get("flags").is_none_or(|f| f == 0), "{public}");
    }

    #[test]
    fn an_update_replaces_text_and_buttons_and_keeps_the_flags() {
        let p = Payload::text("nur Text");
        let json = serde_json::to_value(p.update()).expect("serializes");
        assert_eq!(json["content"], "nur Text");
        assert_eq!(json["components"], serde_json::json!([]), "old buttons go");
        assert!(json.get("flags").is_none(), "{json}");
    }
}
