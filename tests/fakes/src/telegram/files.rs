//! Messages with an upload: `sendDocument` (a file, parameter `document`) and `sendPhoto` (a
//! picture, parameter `photo`), both multipart: the file in the field of the parameter's
//! name, or in the one its value `attach://<name>` names (as teloxide sends it). The text is
//! an optional caption of at most 1024 characters. A photo must be a PNG (its size is read
//! from the header, as Telegram reports it); anything else is answered
//! `400 IMAGE_PROCESS_FAILED`.

use super::http::ApiError;
use super::model::{RecordedFile, StoredMessage, attached};
use serde_json::{Value, json};

/// The longest caption Telegram takes.
pub const MAX_CAPTION: usize = 1024;
/// The first eight bytes of every PNG file.
pub const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// What a send uploads: the file of `sendDocument` or the picture of `sendPhoto`.
#[derive(Default)]
pub(super) struct Upload {
    pub document: Option<RecordedFile>,
    pub photo: Option<RecordedFile>,
}

/// The upload of a send `method`, checked as Telegram checks it.
pub(super) fn upload(
    method: &str,
    params: &Value,
    files: &[RecordedFile],
    caption: &str,
) -> Result<Upload, ApiError> {
    let field = |name: &str| attached(params, files, name).cloned();
    let upload = match method {
        "senddocument" => Upload {
            document: Some(field("document").ok_or_else(|| {
                ApiError::bad_request("Bad Request: there is no document in the request")
            })?),
            photo: None,
        },
        "sendphoto" => {
            let photo = field("photo").ok_or_else(|| {
                ApiError::bad_request("Bad Request: there is no photo in the request")
            })?;
            let (width, height) = png_size(&photo.content)
                .ok_or_else(|| ApiError::bad_request("Bad Request: IMAGE_PROCESS_FAILED"))?;
            if width + height > 10_000 || width.max(height) > 20 * width.min(height) {
                return Err(ApiError::bad_request(
                    "Bad Request: PHOTO_INVALID_DIMENSIONS",
                ));
            }
            Upload {
                document: None,
                photo: Some(photo),
            }
        }
        _ => return Ok(Upload::default()),
    };
    if caption.chars().count() > MAX_CAPTION {
        return Err(ApiError::bad_request(
            "Bad Request: message caption is too long",
        ));
    }
    Ok(upload)
}

/// Width and height of a PNG, from its IHDR chunk.
pub fn png_size(bytes: &[u8]) -> Option<(u64, u64)> {
    if !bytes.starts_with(PNG_SIGNATURE) || bytes.get(12..16) != Some(b"IHDR") {
        return None;
    }
    let number = |at: usize| -> Option<u64> {
        let b: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
        Some(u64::from(u32::from_be_bytes(b)))
    };
    let (width, height) = (number(16)?, number(20)?);
    (width > 0 && height > 0).then_some((width, height))
}

/// Shows a message's upload in its JSON as Telegram does: `document` or `photo` (one size),
/// and its text as `caption` instead of `text`.
pub(super) fn render_upload(v: &mut Value, m: &StoredMessage) {
    let ids = |kind: &str| {
        (
            format!("{kind}{}_{}", m.chat_id, m.message_id),
            format!("u{kind}{}_{}", m.chat_id, m.message_id),
        )
    };
    if let Some(doc) = &m.document {
        let (file_id, unique) = ids("doc");
        v["document"] = json!({
            "file_id": file_id,
            "file_unique_id": unique,
            "file_name": doc.file_name,
            "file_size": doc.content.len(),
        });
    } else if let Some(photo) = &m.photo {
        let (file_id, unique) = ids("photo");
        let (width, height) = png_size(&photo.content).unwrap_or((1, 1));
        v["photo"] = json!([{
            "file_id": file_id,
            "file_unique_id": unique,
            "width": width,
            "height": height,
            "file_size": photo.content.len(),
        }]);
    } else {
        return;
    }
    if let Some(obj) = v.as_object_mut() {
        obj.remove("text");
        if !m.text.is_empty() {
            obj.insert("caption".into(), json!(m.text));
        }
    }
}
