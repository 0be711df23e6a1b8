//! The Bot API methods the fake implements, on the state (the caller holds the lock and has
//! applied the flood limits).

use super::files::upload;
use super::http::{ApiError, ApiResult, int, markup};
use super::model::now_secs;
use super::topics::{render, reply_target, thread_of_send};
use super::{FakeState, FakeTelegram, Inner, RecordedFile, StoredMessage};
use axum::http::StatusCode;
use serde_json::{Value, json};

pub(super) fn chat_json(state: &FakeState, chat: i64) -> Value {
    state.chats.get(&chat).cloned().unwrap_or_else(|| {
        if chat > 0 {
            json!({ "id": chat, "type": "private", "first_name": "User" })
        } else {
            json!({ "id": chat, "type": "group", "title": "Chat" })
        }
    })
}

/// Checks that the bot may write to `chat`.
fn writable(state: &FakeState, chat: i64) -> Result<(), ApiError> {
    if let Some(new) = state.migrated.get(&chat) {
        return Err(ApiError {
            status: StatusCode::BAD_REQUEST,
            description: "Bad Request: group chat was upgraded to a supergroup chat".into(),
            parameters: Some(json!({ "migrate_to_chat_id": new })),
        });
    }
    if chat > 0 && !state.started.contains(&chat) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "Forbidden: bot can't initiate conversation with a user",
        ));
    }
    Ok(())
}

pub(super) fn call(
    inner: &Inner,
    state: &mut FakeState,
    method: &str,
    params: &Value,
    files: &[RecordedFile],
) -> ApiResult {
    let chat = int(params, "chat_id");
    match method {
        "getme" => {
            let mut me = inner.bot_user();
            me["can_join_groups"] = json!(true);
            me["can_read_all_group_messages"] = json!(false);
            me["supports_inline_queries"] = json!(false);
            me["can_connect_to_business"] = json!(false);
            me["has_main_web_app"] = json!(false);
            Ok(me)
        }
        "getwebhookinfo" => Ok(json!({
            "url": state.webhook.as_ref().map(|h| h.url.as_str()).unwrap_or(""),
            "has_custom_certificate": false,
            "pending_update_count": state.updates.len(),
        })),
        "setwebhook" => Ok(json!(super::webhook::set(state, params))),
        "deletewebhook" => {
            state.webhook = None;
            Ok(json!(true))
        }
        "close" | "logout" | "sendchataction" | "leavechat" => Ok(json!(true)),
        "setmycommands" => {
            let lang = params
                .get("language_code")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let commands = params.get("commands").cloned().unwrap_or(json!([]));
            state.commands.insert(lang, commands);
            Ok(json!(true))
        }
        "getmycommands" => {
            let lang = params
                .get("language_code")
                .and_then(Value::as_str)
                .unwrap_or("");
            Ok(state.commands.get(lang).cloned().unwrap_or(json!([])))
        }
        "sendmessage" | "senddocument" | "sendphoto" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            send(inner, state, method, chat, params, files)
        }
        "editmessagetext" | "editmessagecaption" | "editmessagereplymarkup" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            writable(state, chat)?;
            let id = int(params, "message_id").unwrap_or(0);
            let chat_value = chat_json(state, chat);
            let Some(message) = state.messages.get_mut(&(chat, id)) else {
                return Err(ApiError::bad_request(
                    "Bad Request: message to edit not found",
                ));
            };
            if !message.from_bot {
                return Err(ApiError::bad_request(
                    "Bad Request: message can't be edited",
                ));
            }
            let new_text = match method {
                "editmessagetext" => {
                    let text = params
                        .get("text")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string();
                    if text.trim().is_empty() {
                        return Err(ApiError::bad_request("Bad Request: message text is empty"));
                    }
                    text
                }
                "editmessagecaption" => {
                    if message.document.is_none() && message.photo.is_none() {
                        return Err(ApiError::bad_request(
                            "Bad Request: there is no caption in the message to edit",
                        ));
                    }
                    params
                        .get("caption")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_string()
                }
                _ => message.text.clone(),
            };
            let new_markup = markup(params).filter(|m| {
                m.get("inline_keyboard")
                    .and_then(Value::as_array)
                    .is_some_and(|rows| !rows.is_empty())
            });
            if new_text == message.text && new_markup == message.reply_markup {
                return Err(ApiError::bad_request(
                    "Bad Request: message is not modified: specified new message content and \
                     reply markup are exactly the same as a current content and reply markup \
                     of the message",
                ));
            }
            message.text = new_text;
            message.reply_markup = new_markup;
            message.edits += 1;
            // The edit keeps the message where it is (its topic, its reply).
            let message = message.clone();
            Ok(render(state, &message, &chat_value))
        }
        "deletemessage" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            let id = int(params, "message_id").unwrap_or(0);
            match state.messages.get(&(chat, id)) {
                None => Err(ApiError::bad_request(
                    "Bad Request: message to delete not found",
                )),
                // A topic's creation message stays as long as the topic.
                Some(m) if m.service.is_some() => Err(ApiError::bad_request(
                    "Bad Request: message can't be deleted",
                )),
                Some(_) => {
                    state.messages.remove(&(chat, id));
                    Ok(json!(true))
                }
            }
        }
        "answercallbackquery" => {
            let text_len = params
                .get("text")
                .and_then(Value::as_str)
                .map(|t| t.chars().count())
                .unwrap_or(0);
            if text_len > 200 {
                return Err(ApiError::bad_request("Bad Request: MESSAGE_TOO_LONG"));
            }
            Ok(json!(true))
        }
        "getchatmember" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            let user = int(params, "user_id").unwrap_or(0);
            let user_json = json!({ "id": user, "is_bot": false, "first_name": "User" });
            if state.owners.contains(&(chat, user)) {
                Ok(json!({ "status": "creator", "user": user_json, "is_anonymous": false }))
            } else if state.admins.contains(&(chat, user)) {
                Ok(json!({
                    "status": "administrator",
                    "user": user_json,
                    "can_be_edited": false,
                    "is_anonymous": false,
                    "can_manage_chat": true,
                    "can_delete_messages": true,
                    "can_manage_video_chats": true,
                    "can_restrict_members": true,
                    "can_promote_members": false,
                    "can_change_info": true,
                    "can_invite_users": true,
                    "can_post_stories": false,
                    "can_edit_stories": false,
                    "can_delete_stories": false,
                    "can_pin_messages": true,
                    "can_manage_topics": false,
                }))
            } else {
                Ok(membership(state, chat, user, user_json))
            }
        }
        "getchat" => {
            let chat = chat.ok_or_else(|| ApiError::bad_request("Bad Request: chat not found"))?;
            Ok(chat_json(state, chat))
        }
        _ => Err(ApiError::new(StatusCode::NOT_FOUND, "Not Found")),
    }
}

/// A user's `ChatMember` as Telegram gives it: a private chat's user is in it, the fake's
/// record says the rest, a user never seen in a group is `left`.
fn membership(state: &FakeState, chat: i64, user: i64, user_json: Value) -> Value {
    let status = if chat == user {
        "member"
    } else {
        state.members.get(&(chat, user)).copied().unwrap_or("left")
    };
    match status {
        "restricted" | "restricted-left" => json!({
            "status": "restricted",
            "user": user_json,
            "is_member": status == "restricted",
            "until_date": 0,
            "can_send_messages": false,
        }),
        "kicked" => json!({ "status": "kicked", "user": user_json, "until_date": 0 }),
        status => json!({ "status": status, "user": user_json }),
    }
}

/// A new message of the bot: text, a document or a photo (the text its caption).
fn send(
    inner: &Inner,
    state: &mut FakeState,
    method: &str,
    chat: i64,
    params: &Value,
    files: &[RecordedFile],
) -> ApiResult {
    writable(state, chat)?;
    let thread = thread_of_send(state, chat, params)?;
    let text = params
        .get("text")
        .or_else(|| params.get("caption"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if method == "sendmessage" && text.trim().is_empty() {
        return Err(ApiError::bad_request("Bad Request: message text is empty"));
    }
    if text.chars().count() > 4096 {
        return Err(ApiError::bad_request("Bad Request: message is too long"));
    }
    let upload = upload(method, params, files, &text)?;
    let id = FakeTelegram::next_message_id(state, chat);
    let stored = StoredMessage {
        chat_id: chat,
        message_id: id,
        from_bot: true,
        from: inner.bot_user(),
        text,
        reply_markup: markup(params),
        date: now_secs(),
        edits: 0,
        document: upload.document,
        photo: upload.photo,
        thread,
        // Only a message that is still there can be replied to.
        reply_to: reply_target(params).filter(|r| state.messages.contains_key(&(chat, *r))),
        service: None,
    };
    let json = render(state, &stored, &chat_json(state, chat));
    state.messages.insert((chat, id), stored);
    Ok(json)
}
